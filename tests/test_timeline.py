"""The pure Timeline: poses along the engine's own paths, exact seeking, reducer-equal states."""

from __future__ import annotations

import pytest

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.maneuvers import Maneuver, maneuver_path
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.reducer import fold, initial_state
from engine.rulesets.attack_wing.ruleset import RULESET as ATTACK_WING
from engine.rulesets.attack_wing.scenario import load_scenario
from engine.timeline import TableGeometry, Timeline
from engine.view_attack_wing import attack_of


@pytest.fixture(scope="module")
def timeline() -> Timeline:
    scenario = load_scenario("skirmish")
    result = play(scenario, 3)
    table = TableGeometry((scenario.play_area.width, scenario.play_area.height), scenario.obstacles,
                          scenario.planets)
    return Timeline(ATTACK_WING, result.events, initial_state(3), table)


def test_a_moving_ship_follows_the_engine_path(timeline: Timeline) -> None:
    i, move = next((i, e) for i, e in enumerate(timeline.events) if isinstance(e, ev.ShipMoved))
    start, end = timeline.start_of(i), timeline.start_of(i + 1)
    base = timeline.final.ship(move.ship).base
    path = maneuver_path(move.start.pose(), Maneuver(move.kind, move.speed), base)
    for f in (0.0, 0.25, 0.5, 0.9):
        shown = timeline.view_at(start + f * (end - start)).ship(move.ship)
        assert shown is not None
        assert shown.pose.close_to(path.pose_at(f * move.progress), tol=1e-6)
    assert timeline.view_at(end).ship(move.ship).pose.close_to(move.end.pose(), tol=1e-3)  # type: ignore[union-attr]
    assert timeline.view_at(start + 0.5 * (end - start)).templates  # the template lies under the moving ship


def test_state_at_any_event_equals_the_reducer(timeline: Timeline) -> None:
    for i in (0, 1, 63, 64, 65, 200, len(timeline) - 2, len(timeline) - 1):
        assert timeline.state_after(i) == fold(initial_state(3), timeline.events[: i + 1])


def test_seeking_is_exact_and_order_free(timeline: Timeline) -> None:
    times = [timeline.start_of(i) + 0.01 for i in range(0, len(timeline), 37)]
    forward = [timeline.moment(t) for t in times]
    backward = [timeline.moment(t) for t in reversed(times)][::-1]
    assert forward == backward  # jumping around gives the same moments as playing in order
    assert all(m.index == timeline.index_at(t) for m, t in zip(forward, times, strict=True))


def test_stepping_by_event_phase_and_round(timeline: Timeline) -> None:
    t = timeline.step(0.0, +1, ("round_started",))
    assert timeline.events[timeline.index_at(t)].type == "round_started"
    t2 = timeline.step(t, +1, ("round_started",))
    assert timeline.events[timeline.index_at(t2)].round == timeline.events[timeline.index_at(t)].round + 1
    assert timeline.step(t2, -1, ("round_started",)) == pytest.approx(t)
    nxt = timeline.step(t, +1)
    assert timeline.index_at(nxt) == timeline.index_at(t) + 1 or timeline.start_of(timeline.index_at(t) + 1) == 0


def test_attack_shows_its_range_line_and_dice(timeline: Timeline) -> None:
    i = next(i for i, e in enumerate(timeline.events) if isinstance(e, ev.DiceRolled))
    m = timeline.moment(timeline.start_of(i) + 0.01)
    assert attack_of(m.view) is not None and m.dice is not None
    assert len(m.dice.attack) == len(timeline.events[i].faces)  # type: ignore[union-attr]
    assert m.caption.startswith(f"R{m.round} Combat:")


def test_captions_and_reasons(timeline: Timeline) -> None:
    moved = next(i for i, e in enumerate(timeline.events) if isinstance(e, ev.ShipMoved))
    assert timeline.presenter.reasons[moved]  # the AI's reason for the maneuver travels with the move
    assert all(line.startswith("R") for line in timeline.lines)


def test_stepping_back_passes_zero_length_events(timeline: Timeline) -> None:
    # ship_placed events take no time; stepping back from the first round must still move
    t = timeline.step(0.0, +1, ("round_started",))
    back = timeline.step(t, -1)
    assert back < t
    assert timeline.step(back, +1) > back


def test_an_empty_timeline_steps_nowhere() -> None:
    empty = Timeline(ATTACK_WING, [], initial_state(1), TableGeometry((914.4, 914.4)))
    assert empty.step(0.0, +1) == 0.0 and empty.step(0.0, -1) == 0.0
    assert empty.moment(5.0).index == -1
