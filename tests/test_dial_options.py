"""The maneuvers a ship may set and their colours now: the printed colour, red for banks and turns
under a face-up Engine Room Fire (its damage card); ``dial_options`` gives each entry the colour
``maneuver_colour`` gives it."""

from __future__ import annotations

from engine.evolve import evolve
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.scenario import load_scenario
from engine.rulesets.attack_wing.state import DamageCardState


def test_each_option_has_the_colour_maneuver_colour_gives() -> None:
    ships = play(load_scenario("skirmish"), 0, rounds=1).state.ships
    for ship in ships:
        for fire in (False, True):
            s = evolve(ship, damage=(DamageCardState("engine_room_fire", True),)) if fire else ship
            options = rules.dial_options(s)
            assert options == [(Maneuver(k, v), rules.maneuver_colour(s, k, v)) for k, v, _ in s.dial]
            turns = [c for m, c in options if m.kind.endswith(("bank", "turn"))]
            assert turns and (all(c == "red" for c in turns) if fire else any(c != "red" for c in turns))


def test_remembered_options_are_a_fresh_list_and_forgotten() -> None:
    from engine.memos import forget

    ship = play(load_scenario("skirmish"), 0, rounds=1).state.ships[0]
    forget()
    first = rules.dial_options(ship)
    first.clear()  # a caller's list is its own: the remembered options stay whole
    again = rules.dial_options(ship)
    assert again and again == list(rules._dial_options.__wrapped__(ship.dial, False))
    assert rules._dial_options.cache_info().currsize == 1
    forget()
    assert rules._dial_options.cache_info().currsize == 0
