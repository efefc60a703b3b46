"""Into the Unknown (issue 17): the arc an attack counts in is the attacking seat's choice. Guide,
"Attacks" ("Each weapon can perform a certain number of attacks from each of that weapon's available
arcs"), "Weapons" point 2 ("the number of attacks that can be made in each available arc"), "Ship
Arcs" ("If any part of that component is inside the lines, that component is in that arc"): a
target in two of a weapon's arcs can be attacked in either; the rules do not say which, so the seat
says (``Shot.arc``), the event records it and the reducer checks it."""

from __future__ import annotations

import dataclasses

import pytest

from engine.geometry.pose import Pose
from engine.rulesets.into_the_unknown.ai import Choice, peril_choice, reroll_choice
from engine.rulesets.into_the_unknown.ai_fire import plan_fire
from engine.rulesets.into_the_unknown.combat import IllegalAttack, Shot, attack_options, beam_attack
from engine.rulesets.into_the_unknown.dice import Modifier
from engine.rulesets.into_the_unknown.displays import DEFIANT, DISPLAYS
from engine.rulesets.into_the_unknown.orders import options
from engine.rulesets.into_the_unknown.reducer import apply
from engine.rulesets.into_the_unknown.state import VolleyState
from engine.rulesets.into_the_unknown.table import INCH
from engine.rulesets.into_the_unknown.volley import after
from tests.test_itu_combat import ATTACK_EXAMPLE_SEED, firing, placed
from tests.test_itu_projectiles import game_with, with_torpedo

X, Y = 457.2, 300.0
DEFIANT_HERE = Pose(X, Y, 0.0)
# the Fighter ahead and to port of the Defiant: its aft end crosses the line between the Defiant's
# fore and port arcs (in both), its fore end lies in the fore arc only
ASTRIDE = Pose(X - 40.0, Y + 72.0, 0.0)
PHASERS = DEFIANT.beams[0]  # Pulse Phasers x2: 2 fore, 1 port, 1 starboard


def test_a_target_in_two_arcs_is_offered_in_both_and_counts_where_the_seat_says() -> None:
    state = firing(placed(ATTACK_EXAMPLE_SEED, defiant=DEFIANT_HERE, fighter=ASTRIDE), "defiant",
                   "vigilant_security_chief")
    ship = state.ship("defiant")
    offered = {(o.target, o.end, o.arc) for o in attack_options(state, ship, state.volley or VolleyState(ship=ship.id))}
    assert {("fighter", "aft", "fore"), ("fighter", "aft", "port")} <= offered
    assert ("fighter", "fore", "fore") in offered and ("fighter", "fore", "port") not in offered
    ai = Modifier(reroll_choice, lambda pool, difficulty, index: "breakthrough")
    event, _ = beam_attack(state, "defiant", Shot(PHASERS, "fighter", "aft", "port", 1, 0), None, ai, peril_choice,
                           seq=state.seq + 1, phase="priority")
    assert event.arc == "port"
    after_port = apply(state, event)
    assert after_port.volley is not None and after_port.volley.attacks == ((PHASERS.name, "port"),)
    # the port arc's one attack is spent: the aft end is now offered in the fore arc only
    left = {(o.target, o.end, o.arc) for o in attack_options(after_port, ship, after_port.volley)}
    assert ("fighter", "aft", "fore") in left and not [a for a in left if a[2] == "port"]
    with pytest.raises(IllegalAttack, match="no attack left in its port arc"):
        beam_attack(after_port, "defiant", Shot(PHASERS, "fighter", "aft", "port", 1, 0), None, ai, peril_choice,
                    seq=after_port.seq + 1, phase="priority")
    # the seat's choice of the fore arc instead is as legal, and recorded as such
    fore, _ = beam_attack(state, "defiant", Shot(PHASERS, "fighter", "aft", "fore", 1, 0), None, ai, peril_choice,
                          seq=state.seq + 1, phase="priority")
    assert fore.arc == "fore" and apply(state, fore).volley.attacks == ((PHASERS.name, "fore"),)  # type: ignore[union-attr]


def test_an_attack_counted_in_an_arc_the_target_is_not_in_is_refused() -> None:
    """The Fighter's fore end is in the Defiant's fore arc only: the engine refuses a seat's attack on
    it counted in the port or starboard arc, and the reducer refuses a recorded one (`trek replay
    validate`), though those arcs have attacks left; an arc with none left is refused too."""
    state = firing(placed(ATTACK_EXAMPLE_SEED, defiant=DEFIANT_HERE, fighter=ASTRIDE), "defiant",
                   "vigilant_security_chief")
    ai = Modifier(reroll_choice, lambda pool, difficulty, index: "breakthrough")
    with pytest.raises(IllegalAttack, match="not in the starboard arc"):
        beam_attack(state, "defiant", Shot(PHASERS, "fighter", "fore", "starboard", 1, 0), None, ai, peril_choice,
                    seq=state.seq + 1, phase="priority")
    event, _ = beam_attack(state, "defiant", Shot(PHASERS, "fighter", "fore", "fore", 1, 0), None, ai, peril_choice,
                           seq=state.seq + 1, phase="priority")
    apply(state, event)  # as played: folds
    for arc in ("port", "starboard"):
        with pytest.raises(ValueError, match=f"fore end is not in the {arc} arc"):
            apply(state, event.model_copy(update={"arc": arc}))
    with pytest.raises(ValueError, match="cannot attack in"):  # the phasers have no aft arc
        apply(state, event.model_copy(update={"arc": "aft"}))
    # a second attack counted in the port arc, whose one attack the first already used
    port, _ = beam_attack(state, "defiant", Shot(PHASERS, "fighter", "aft", "port", 1, 0), None, ai, peril_choice,
                          seq=state.seq + 1, phase="priority")
    spent = apply(state, port)
    again, _ = beam_attack(spent.model_copy(update={"drawn": 0}), "defiant",
                           Shot(PHASERS, "fighter", "aft", "fore", 1, 0), None, ai, peril_choice,
                           seq=spent.seq + 1, phase="priority")
    with pytest.raises(ValueError, match="at most 1 attacks in"):
        apply(spent, again.model_copy(update={"arc": "port"}))


def test_the_ai_counts_a_shot_where_its_later_attack_stays_possible(monkeypatch: pytest.MonkeyPatch) -> None:
    """A profile of 1 attack in the fore arc and 1 in the port arc (the guide's profiles give each arc
    its own number): a Dominion torpedo astride the fore/port line, about to reach the Defiant, and
    the Fighter ahead, in the fore arc only. Counting the torpedo in the first arc listed (fore)
    would leave no attack on the Fighter; the AI counts it in port and attacks the Fighter in fore,
    and says why. Both attacks fold (the reducer checks each arc)."""
    variant = dataclasses.replace(DEFIANT, key="defiant_fore1_port1",
                                  beams=(dataclasses.replace(PHASERS, arcs=(("fore", 1), ("port", 1))),))
    monkeypatch.setitem(DISPLAYS, variant.key, variant)
    game = game_with(defiant=DEFIANT_HERE, fighter=Pose(X, Y + 6 * INCH, 180.0))
    with_torpedo(game, Pose(X - 2.5 * INCH, Y + 2.5 * INCH, 135.0))
    game.state = game.state.with_ship(game.state.ship("defiant").model_copy(update={"display": variant.key}))
    ship = game.state.ship("defiant")
    volley = VolleyState(ship=ship.id)
    offered = {(o.target, o.arc) for o in attack_options(game.state, ship, volley)}
    assert offered == {("torpedo-1", "fore"), ("torpedo-1", "port"), ("fighter", "fore")}
    # the greedy rule (the first arc listed with an attack left) blocks the attack on the Fighter
    greedy = after(volley, PHASERS.name, "fore", 2, 0)
    assert not [o for o in attack_options(game.state, ship, greedy) if o.target == "fighter"]
    plan = plan_fire(game.state, ship, None, True, 0)
    assert [(s.target, s.arc) for s in plan.shots] == [("torpedo-1", "port"), ("fighter", "fore")]
    assert "counted there, not in its fore arc" in plan.reason
    opt = next(o for o in options(ship, "priority") if o.action.name == "FIRE WEAPONS")
    before = len(game.events)
    game._order(Choice("defiant", opt, shots=plan.shots, reason=plan.reason), "priority")
    attacks = [e for e in game.events[before:] if e.type == "attack_made"]
    assert [(e.target, e.arc) for e in attacks] == [("torpedo-1", "port"), ("fighter", "fore")]  # type: ignore[union-attr]
