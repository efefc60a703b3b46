"""The engine's memos of pure computations that depend on where ships stand and what they roll
(a pair of bases' arc check, a base's or a template's outline, an attack's exact odds with cards):
kept across games in one process, which a batch of games gains from. ``forget`` empties them, so
that a benchmark times every game from cold, as a game alone would play."""

from __future__ import annotations


def forget() -> None:
    from engine.geometry.shapes import base_polygon
    from engine.rulesets.attack_wing.abilities import card_odds, windows
    from engine.rulesets.attack_wing.ai import _guessed
    from engine.rulesets.attack_wing.maneuvers import template_outline
    from engine.rulesets.attack_wing.measure import _arc_check, _distance
    from engine.rulesets.attack_wing.rules import _OPTIONS, _dial_options

    card_odds._ODDS.clear()
    card_odds._DECIDED.clear()
    card_odds._DAMAGE.clear()
    card_odds._REROLLS.clear()
    card_odds._SHOWN.clear()
    card_odds._LEFT.clear()
    windows._OWNERS.clear()
    _arc_check.cache_clear()
    _distance.cache_clear()
    _OPTIONS.clear()
    base_polygon.cache_clear()
    template_outline.cache_clear()
    _guessed.cache_clear()
    _dial_options.cache_clear()
