"""Issue 20's combat lane: the shortcuts give the answers the full rules give."""

from __future__ import annotations

from engine.rulesets.attack_wing import actions
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.reducer import apply, initial_state
from engine.rulesets.attack_wing.scenario import load_scenario


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
