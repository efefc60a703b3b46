"""Attack Wing event schema 2: Console Fire's own event, a typed "fled", the damage deck's reshuffle
as an event like every other random outcome; files of schema 1 open through the upgrade."""

from __future__ import annotations

import pytest
from aw_helpers import ScriptedPlayer, game, make_ship

from engine.errors import IllegalEvent
from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import combat
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.codec import state_to_dict
from engine.rulesets.attack_wing.dice import shuffled
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.ruleset import RULESET
from engine.rulesets.attack_wing.upgrades import event_v1, state_v1

GALAXY, KHAZARA = "1001", "1003"
APART = {"E": Pose(200, 300, 0), "K": Pose(700, 300, 0)}


def _emptied() -> Game:
    """A game whose damage deck is empty with three cards in the discard pile."""
    ships = [make_ship("E", 0, GALAXY, shields=0, hull=9), make_ship("K", 1, KHAZARA, shields=0, hull=3)]
    g = game(ships, APART, [ScriptedPlayer(), ScriptedPlayer()], round_limit=1)
    cards = ("direct_hit", "console_fire", "structural_damage")
    g.emit(ev.GameStarted, ships=tuple(ships), round_limit=1, deck=cards)
    for card in cards:
        g.emit(ev.DamageDealt, ship="K", to="hull", card=card, cause="test")
    g.emit(ev.ShipDestroyed, ship="K", cause="test")
    assert g.state.deck == () and sorted(g.state.discard) == sorted(cards)
    return g


def test_an_empty_deck_is_reshuffled_by_an_event_with_its_draws() -> None:
    """Rulebook: when the damage deck runs out, shuffle the discard pile into a new deck. The shuffle
    is an event carrying the new order and the random numbers it took, like a die roll."""
    g = _emptied()
    discard, rng = g.state.discard, g.state.rng
    combat.suffer(g, "E", 1, 0, cause="test")
    reshuffled = [e for e in g.events if isinstance(e, ev.DamageDeckReshuffled)]
    assert len(reshuffled) == 1
    expected, _ = shuffled(rng, discard)
    assert reshuffled[0].deck == expected and reshuffled[0].draws == len(discard) - 1
    dealt = g.events[-1]
    assert isinstance(dealt, ev.DamageDealt) and dealt.card == expected[0]
    assert g.state.discard == () and g.state.deck == expected[1:]
    assert g.state.rng == rng.advanced(len(discard) - 1)


def test_a_reshuffle_must_hold_the_discard_pile_and_come_when_the_deck_is_empty() -> None:
    g = _emptied()
    with pytest.raises(IllegalEvent, match="discard pile"):
        g.emit(ev.DamageDeckReshuffled, ship="E", deck=("direct_hit",))
    g = _emptied()
    g.emit(ev.DamageDeckReshuffled, ship="E", deck=tuple(g.state.discard))
    g.emit(ev.DamageDealt, ship="E", to="hull", card=g.state.deck[0], cause="test")
    with pytest.raises(IllegalEvent, match="still holds"):
        g.emit(ev.DamageDeckReshuffled, ship="E", deck=())


def test_fleeing_is_a_field_not_a_cause_text() -> None:
    ships = [make_ship("E", 0, GALAXY), make_ship("K", 1, KHAZARA)]
    g = game(ships, {"E": Pose(200, 850, 0), "K": APART["K"]},
             [ScriptedPlayer(dials={"E": [("straight", 2)]}), ScriptedPlayer(attacks={"K": [None, None]})],
             round_limit=2)
    g.play()
    gone = next(e for e in g.events if isinstance(e, ev.ShipDestroyed))
    assert gone.ship == "E" and gone.fled and g.state.ship("E").fled
    # a ship destroyed with a cause that merely reads "fled" has not fled
    g = _emptied()
    g.emit(ev.ShipDestroyed, ship="E", cause="fled")
    assert not g.state.ship("E").fled


def test_schema_1_events_upgrade() -> None:
    fire = {"type": "obstacle_rolled", "seq": 9, "round": 2, "phase": "combat", "ship": "E",
            "obstacle": "Console Fire", "face": "hit", "draws": 1}
    up = event_v1(fire)
    assert up["type"] == "console_fire_rolled" and "obstacle" not in up and up["face"] == "hit"
    assert isinstance(ev.event_from_dict(up), ev.ConsoleFireRolled)
    rock = {**fire, "phase": "activation", "obstacle": "asteroid 1"}
    assert event_v1(rock) == rock
    fled = {"type": "ship_destroyed", "seq": 5, "round": 1, "phase": "activation", "ship": "E", "cause": "fled"}
    assert ev.event_from_dict(event_v1(fled)).fled  # type: ignore[union-attr]
    assert not ev.event_from_dict({**fled, "cause": "attack by K"}).fled  # type: ignore[union-attr]
    assert RULESET.event_schema == 8 and RULESET.events_version({}) == 1
    codec = RULESET.reading({})
    assert isinstance(codec.decode_event(fire), ev.ConsoleFireRolled)


def test_schema_1_keyframes_lose_the_dead_fields() -> None:
    g = _emptied()
    raw = state_to_dict(g.state)
    old = {**raw, "area": [914.4, 914.4], "ships": [{**s, "skip_action": False} for s in raw["ships"]]}
    assert state_v1(old) == raw
    assert RULESET.reading({}).decode_state(old) == g.state
