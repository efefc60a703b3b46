"""Event schema upgrades of Attack Wing replays (``Ruleset.upgrades``): plain data in, plain data out.

Schema 2 (this engine): Console Fire's die is its own event (``console_fire_rolled``) instead of an
``obstacle_rolled`` named "Console Fire"; a ship that left the play area says so in a field
(``ship_destroyed.fled``) instead of its cause text; the damage deck's reshuffle is an event
(``damage_deck_reshuffled``; a schema 1 file has none, and the reducer shuffles when the deck runs
out there, as it did when the file was written); keyframes lose two fields nothing read
(``ShipState.skip_action``, ``GameState.area``).

Schema 3: card abilities (issue 16): a ship's setup lists its cards (``ShipSetup.cards``), an
``ability_used`` event names each card ability used, and a keyframe's ships carry their cards'
state (disabled, discarded, used, marks). A schema 2 file has none of these: its ships play with
no card abilities, as they did when it was written, so its events and keyframes read unchanged.

Schema 5: card effects on ships and cards: ``shields_repaired``, ``card_disabled``,
``card_enabled`` (the rearm action removes a card's Disabled Token too), ``time_tokens_removed``,
``ability_used.time`` and its ``compare`` window, ``dice_converted`` to ``blank`` (a canceled
result), a keyframe ship's ``cards_time``, a weapon's ``any`` arc, a weapon fired with Time Tokens
(``WeaponSetup.time``, ``weapon_disabled.time``). All new: a schema 4 file reads unchanged.

Schema 6: ``card_discarded`` (another ship's card discards an upgrade: boarding parties, Sabotage)
and ``ability_used.choice`` naming the cards discarded ("A+B" for two); the ``resist`` and ``destroyed`` windows and
``ability_used.faces`` with ``evade`` (Kira Nerys's, Stex's defense dice); a keyframe ship's
``protected`` cards (Weyoun 2034). New: a schema 5 file reads unchanged.

Schema 7: more card mechanisms: ``ability_used.window`` values ``before_move``, ``activation_end``,
``extra_attack``, ``planning``, ``cloak``, ``damaged``, ``transfer``, ``critical``, ``split_attack`` and
``mines``; the Elite Attack Die's ``double_hit`` face in ``dice_rolled``/``dice_rerolled``; the
``muon`` and ``dampening`` tokens of ``tokens_changed``; new events ``damage_cards_drawn`` (Joachim),
``upgrade_taken`` (Superior Intellect), ``mine_placed`` and ``mine_triggered``; a ship may make a second
attack after an ``extra_attack`` use; keyframe fields ``ShipState.extra_attack``, ``muon``,
``dampening``, ``card_tokens``, ``cards_taken``, ``GameState.mines`` and ``AttackState.elite``, all
with defaults. New: a schema 6 file reads unchanged.

Schema 8: each printed weapon fires as its card says (``weapon_table.py``): ``weapon_disabled.discard``
(a card discarded to fire, not disabled) and the ``outside_front`` arc of ``WeaponSetup.arcs`` (a weapon
that fires at a ship not in the forward arc). New: a schema 7 file reads unchanged.
"""

from __future__ import annotations

from typing import Any

from engine.rulesets.base import EventUpgrade

EVENT_SCHEMA = 8
Plain = dict[str, Any]


def event_v1(raw: Plain) -> Plain:
    """One schema 1 event as schema 2."""
    if not isinstance(raw, dict):
        return raw  # the codec says what is wrong with it
    kind = raw.get("type")
    if kind == "obstacle_rolled" and raw.get("obstacle") == "Console Fire":
        out = {k: v for k, v in raw.items() if k != "obstacle"}
        out["type"] = "console_fire_rolled"
        return out
    if kind == "ship_destroyed" and raw.get("cause") == "fled" and "fled" not in raw:
        return {**raw, "fled": True}
    return raw


def state_v1(raw: Plain) -> Plain:
    """One schema 1 keyframe (an Attack Wing ``GameState``) as schema 2."""
    if not isinstance(raw, dict):
        return raw
    out = {k: v for k, v in raw.items() if k != "area"}
    ships = out.get("ships")
    if isinstance(ships, list):
        out["ships"] = [{k: v for k, v in s.items() if k != "skip_action"} if isinstance(s, dict) else s
                        for s in ships]
    return out


def same(raw: Plain) -> Plain:
    """Schema 2 to 3: every schema 2 event and keyframe is a schema 3 one (the new fields default)."""
    return raw


UPGRADES: dict[int, EventUpgrade] = {
    1: EventUpgrade(1, "console_fire_rolled, ship_destroyed.fled, damage_deck_reshuffled; two dead state fields",
                    event_v1, state_v1),
    2: EventUpgrade(2, "card abilities: ability_used, ShipSetup.cards, the ships' card state (all new)", same, same),
    3: EventUpgrade(3, "attack_odds.cards, ability_used.uses and .faces (new fields with defaults)", same, same),
    4: EventUpgrade(4, "shields_repaired, card_disabled, card_enabled, time_tokens_removed, ability_used.time, "
                    "the compare window, ShipState.cards_time (all new)", same, same),
    5: EventUpgrade(5, "card_discarded, the resist and destroyed windows, evade faces of ability_used, "
                    "ShipState.protected (all new)", same, same),
    6: EventUpgrade(6, "windows, faces, tokens and events of more cards (extra attacks, the Elite Attack Die, "
                    "mines, Joachim, Superior Intellect; all new)", same, same),
    7: EventUpgrade(7, "weapon_disabled.discard, the outside_front weapon arc (both new)", same, same),
}
