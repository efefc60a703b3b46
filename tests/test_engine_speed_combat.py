"""Issue 20's combat lane: the shortcuts give the answers the full rules give."""

from __future__ import annotations

from itertools import product

from engine.evolve import evolve
from engine.rulesets.attack_wing import actions, rules
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.reducer import apply, initial_state
from engine.rulesets.attack_wing.scenario import load_scenario
from engine.rulesets.attack_wing.state import DamageCardState


def test_target_lock_targets_are_the_enemies_lock_refusal_allows() -> None:
    """Rulebook "Target Lock": Range 1-3. The far ships skipped unmeasured (measure.beyond_range)
    are exactly those lock_refusal refuses: at every activation of a skirmish, the option's
    targets are the enemies with no refusal, in the same order."""
    result = play(load_scenario("skirmish"), 3)
    state = initial_state(3)
    checked = near = far = 0
    for event in result.events:
        state = apply(state, event)
        if not isinstance(event, ev.ManeuverRevealed) or state.active is None:
            continue
        ship = state.ship(state.active)
        if "target_lock" not in ship.actions or ship.destroyed:
            continue
        allowed = tuple(e.id for e in state.enemies(ship) if actions.lock_refusal(state, ship, e) is None)
        option = next((o for o in actions.action_options(state, ship) if o.action == "target_lock"), None)
        assert (option.targets if option is not None else ()) == allowed
        checked += 1
        near += len(allowed)
        far += len(state.enemies(ship)) - len(allowed)
    assert checked > 10 and near and far  # both kinds of enemy were met


def test_dice_counts_without_words_are_the_worded_counts() -> None:
    """Steps 3 and 5 (rulebook "Combat Phase", "Modification Example"): the count the AI and the
    odds read unworded is the count the rules word, for every cloak, scan, obstruction, Structural
    Damage, range band and weapon of the skirmish's ships; and unworded it has no words."""
    state = play(load_scenario("skirmish"), 0, rounds=1).state
    checked = 0
    for ship in state.ships:
        for other in state.ships:
            for cloak, scan, damaged in product(("none", "green"), (0, 1, 2, 4), (False, True)):
                attacker = evolve(ship, scan=scan, damage=(DamageCardState("structural_damage", True),)
                                  if damaged else ())
                defender = evolve(other, cloak=cloak)
                for band, obstructed, weapon in product((1, 2, 3), (False, True), (None, *ship.weapons)):
                    worded = rules.attack_dice(attacker, weapon, band)
                    bare = rules.attack_dice(attacker, weapon, band, explain=False)
                    assert (bare.count, bare.explanation) == (worded.count, "")
                    worded = rules.defense_dice(defender, attacker, weapon is None, band, obstructed)
                    bare = rules.defense_dice(defender, attacker, weapon is None, band, obstructed, explain=False)
                    assert (bare.count, bare.explanation) == (worded.count, "")
                    checked += 1
    assert checked > 1000
