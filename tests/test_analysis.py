"""`trek analyze` (issue 33): rollouts fork a recorded game and play it on; the analysis file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.analysis import sidecar
from engine.analysis.analyze import analyze, load
from engine.analysis.explain import turning_points, why
from engine.analysis.rollout import NotThatGame
from engine.errors import TrekError
from engine.rulesets.attack_wing.play import RECORDING, play
from engine.rulesets.attack_wing.rollout import continuation, points
from engine.rulesets.attack_wing.scenario import load_scenario


@pytest.fixture(scope="module")
def duel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled duel, seed 2, two rounds: a short recorded game."""
    path = tmp_path_factory.mktemp("duel") / "duel.trek"
    play(load_scenario("duel"), 2, path, rounds=2)
    return path


def _encoded(game: Any) -> list[Any]:
    return [RECORDING.codec.encode_event(e) for e in game.events]


def test_a_rollout_is_the_recorded_game_up_to_the_fork_and_a_function_of_its_seed_after(duel: Path) -> None:
    game = load(duel)
    at = points(game.events)[2][0]
    first = _encoded(continuation(game.header, game.events, at, 11))
    assert first[:at + 1] == game.events[:at + 1]
    assert _encoded(continuation(game.header, game.events, at, 11)) == first  # (file, point, seed): one game
    others = [_encoded(continuation(game.header, game.events, at, s)) for s in (12, 13, 14)]
    assert any(o != first for o in others)  # another seed rolls other dice from the fork on
    assert all(o[:at + 1] == first[:at + 1] for o in others)


def test_a_file_that_is_not_its_headers_game_is_refused(duel: Path) -> None:
    game = load(duel)
    events = [dict(e) for e in game.events]
    moved = next(i for i, e in enumerate(events) if e["type"] == "dial_set")
    events[moved] = {**events[moved], "speed": events[moved]["speed"] + 7}
    with pytest.raises(NotThatGame, match=f"event {moved}: .*not that game"):
        continuation(game.header, events, moved + 1, 1)


def test_points_are_each_round_start_and_activation_and_the_end(duel: Path) -> None:
    game = load(duel)
    found = points(game.events)
    after = [game.events[e + 1]["type"] for e, _ in found[:-1]]
    assert set(after) <= {"round_started", "ship_activated", "phase_started"}
    assert after.count("round_started") == 2
    assert found[-1][0] == len(game.events) - 1


def test_a_finished_game_is_won_in_every_rollout_of_its_last_point(duel: Path, tmp_path: Path) -> None:
    analysis = analyze(duel, tmp_path / "a.json", rollouts=3, progress=False)
    last = analysis.points[-1]
    result = load(duel).result
    assert result is not None
    winner = result["winner"]
    name = "draw" if winner is None else analysis.sides[winner]
    assert last.win[name] == 1.0 and last.rollouts == 3
    assert sidecar.read(tmp_path / "a.json") == analysis


def test_the_file_is_the_same_for_one_worker_and_two(duel: Path, tmp_path: Path, local_ray: Any) -> None:
    one = analyze(duel, tmp_path / "one.json", rollouts=2, progress=False, workers=1, alternatives=1)
    analyze(duel, tmp_path / "two.json", rollouts=2, progress=False, workers=2, alternatives=1)
    assert one.points and one.decisions  # (points and graded dials, each a task of its own on Ray)
    assert (tmp_path / "one.json").read_bytes() == (tmp_path / "two.json").read_bytes()


def test_an_analysis_goes_on_from_the_points_its_file_holds(duel: Path, tmp_path: Path) -> None:
    whole = tmp_path / "whole.json"
    analyze(duel, whole, rollouts=2, progress=False)
    doc = json.loads(whole.read_text())
    kept = doc["points"][:3]
    doc["points"] = [{**p, "wins": p["wins"]} for p in kept]
    part = tmp_path / "part.json"
    part.write_text(json.dumps(doc))
    analyze(duel, part, rollouts=2, progress=False)
    assert part.read_bytes() == whole.read_bytes()
    with pytest.raises(TrekError, match="other inputs"):
        analyze(duel, part, rollouts=3, progress=False)


def test_a_turning_point_is_where_the_probability_moved_most(duel: Path) -> None:
    game = load(duel)
    sides = ["Federation", "Klingon"]
    resolved = next(i for i, e in enumerate(game.events) if e["type"] == "attack_resolved")
    events = [dict(e) for e in game.events]
    events[resolved] = {**events[resolved], "percentile": 0.04}  # a constructed, very bad attack roll
    at = [0, resolved - 3, resolved + 1, resolved + 5]
    curve = [[5, 5], [6, 4], [1, 9], [2, 8]]  # Federation wins out of 10: the big move is the attack's step
    pts = [sidecar.point(e, 1, [0] * w + [1] * lose, sides) for e, (w, lose) in zip(at, curve, strict=True)]
    found = turning_points(game.header, events, pts, sides, explain=why)
    biggest = max(found, key=lambda t: abs(t.change))
    assert (biggest.before, biggest.after) in {(0.6, 0.1), (0.4, 0.9)}
    assert biggest.event == resolved
    assert "96th percentile defence roll" in biggest.why


def test_wilson_interval_of_none_in_ten() -> None:
    # the textbook Wilson 95% interval of 0 successes in 10 trials: [0, 0.2775]
    lo, hi = sidecar.wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = sidecar.wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)


@pytest.mark.parametrize(("text", "message"), [
    ("{not json", "is not an analysis file"),
    ('{"format": "other"}', "no \"format\""),
    ('{"format": "trek-analysis", "version": 1}', "engine_version: Field required"),
])
def test_a_malformed_analysis_file_is_refused(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.analysis.json"
    path.write_text(text)
    with pytest.raises(sidecar.AnalysisFileError, match=message):
        sidecar.read(path)


def test_an_analysis_file_whose_counts_do_not_add_up_is_refused(duel: Path, tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    analyze(duel, path, rollouts=2, progress=False)
    doc = json.loads(path.read_text())
    doc["points"][0]["wins"] = [5, 5]
    path.write_text(json.dumps(doc))
    with pytest.raises(sidecar.AnalysisFileError, match=r"point at event .* not its 2 rollouts"):
        sidecar.read(path)


class _First:
    """A person who always takes the first option."""

    def ask(self, decision: Any) -> int:
        return 0

    def tell(self, line: str) -> None:
        pass


def test_a_game_with_a_person_is_rolled_out_from_their_saved_answers(tmp_path: Path) -> None:
    from engine.analysis.analyze import load
    from engine.rulesets.attack_wing.people import seated
    from engine.seats.session import play_and_save

    path = tmp_path / "person.trek"
    play_and_save(seated(load_scenario("duel"), 5, 2, ["human", "ai"]), _First(), path)
    game = load(path)
    assert game.header["answers"]
    at = points(game.events)[3][0]
    rolled = _encoded(continuation(game.header, game.events, at, 1))
    assert rolled[:at + 1] == game.events[:at + 1]  # the person's answers given back up to the fork
    assert rolled == _encoded(continuation(game.header, game.events, at, 1))


def test_fleet_captains_rollouts_fork_at_each_turn(tmp_path: Path) -> None:
    from engine.rulesets.fleet_captains import rollout as fc
    from engine.rulesets.fleet_captains.play import RECORDING as FC_RECORDING
    from engine.rulesets.fleet_captains.play import play_game

    path = tmp_path / "fc.trek"
    play_game(4, path, turn_limit=4)
    game = load(path)
    found = fc.points(game.events)
    assert [game.events[e + 1]["type"] for e, _ in found[:-1]] == ["turn_started"] * (len(found) - 1)
    at = found[1][0]

    def rolled(seed: int) -> list[Any]:
        return [FC_RECORDING.codec.encode_event(e) for e in fc.continuation(game.header, game.events, at, seed).events]

    first = rolled(1)
    assert first[:at + 1] == game.events[:at + 1] and rolled(1) == first
    assert any(rolled(s) != first for s in (2, 3, 4))
    last = analyze(path, tmp_path / "fc.json", rollouts=2, progress=False).points[-1]
    assert game.result is not None
    winner = game.result["winner"]
    assert last.win["draw" if winner is None else ["Federation", "Klingon"][winner]] == 1.0


def test_into_the_unknown_rollouts_fork_at_each_order(tmp_path: Path) -> None:
    from engine.rulesets.into_the_unknown import rollout as itu
    from engine.rulesets.into_the_unknown.play import RECORDING as ITU_RECORDING
    from engine.rulesets.into_the_unknown.play import play_mission

    path = tmp_path / "itu.trek"
    play_mission(2, path, rounds=1)
    game = load(path)
    found = itu.points(game.events)
    assert {game.events[e + 1]["type"] for e, _ in found[:-1]} == {"round_started", "order_given", "passed"}
    at = found[3][0]

    def rolled(seed: int) -> list[Any]:
        played = itu.continuation(game.header, game.events, at, seed)
        return [ITU_RECORDING.codec.encode_event(e) for e in played.events]

    first = rolled(1)
    assert first[:at + 1] == game.events[:at + 1] and rolled(1) == first
    assert any(rolled(s) != first for s in (2, 3, 4))


class _Blunderer:
    """A person who backs the first ship off its own table edge (the duel's ships start at its edges,
    facing in): every other answer is the first option."""

    def __init__(self) -> None:
        self.dials: list[str] = []

    def ask(self, decision: Any) -> int:
        texts = [c.text for c in decision.options]
        if decision.kind == "dial" or any(" dial " in t for t in texts):
            self.dials.append(texts[0])
            if len(self.dials) == 1:
                return next(i for i, t in enumerate(texts) if "full-astern" in t and " 2 " in t)
        return 0

    def tell(self, line: str) -> None:
        pass


def test_grading_calls_a_planted_blunder_a_mistake_and_not_the_ais_own_dials(tmp_path: Path) -> None:
    from engine.rulesets.attack_wing.people import seated
    from engine.seats.session import play_and_save

    path = tmp_path / "blunder.trek"
    play_and_save(seated(load_scenario("duel"), 3, 2, ["human", "ai"]), _Blunderer(), path)
    game = load(path)
    fled = [e for e in game.events if e["type"] == "ship_destroyed" and e.get("fled")]
    assert fled and fled[0]["ship"] == "A1"  # the blunder: the Federation's ship left the table
    analysis = analyze(path, tmp_path / "b.json", rollouts=4, progress=False, alternatives=2)
    first = analysis.decisions[0]
    assert (first.ship, first.chosen, first.mistake) == ("A1", "2 full-astern", True)
    assert first.loss > 0 and first.interval[0] > 0 and first.best != first.chosen
    klingon = [d for d in analysis.decisions if d.seat == "Klingon"]
    assert klingon and not any(d.mistake for d in klingon)  # the AI's own dials: no interval says so
    only = analyze(path, tmp_path / "k.json", rollouts=2, progress=False, alternatives=1, seat="Klingon")
    assert only.decisions and {d.seat for d in only.decisions} == {"Klingon"}


def test_trek_analyze_writes_the_file_and_refuses_a_bad_one(duel: Path, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    from tests.cli_helpers import run

    out = tmp_path / "duel.analysis.json"
    code, printed, _ = run(capsys, "analyze", str(duel), "-o", str(out), "--rollouts", "2", "--no-progress")
    assert code == 0 and "2 rollouts each" in printed and str(out) in printed
    assert sidecar.read(out).rollouts == 2
    out.write_text('{"format": "trek-analysis", "version": 1, "points": 3}')
    code, _, err = run(capsys, "analyze", str(duel), "-o", str(out), "--rollouts", "2", "--no-progress")
    assert code != 0 and "Traceback" not in err and str(out) in err and "engine_version" in err


def test_a_hopeless_position_shows_early(skirmish3_file: Path) -> None:
    # the skirmish with seed 3: the Federation destroys the whole Dominion fleet in round 6, losing no
    # ship; from the start of round 2 the Dominion wins none of 8 rollouts (its win probability's
    # upper bound already under a third)
    from engine.analysis.analyze import roll_point

    game = load(skirmish3_file)
    assert game.result is not None and game.result["winner"] == 0 and game.result["rounds"] == 6
    round2 = [i - 1 for i, e in enumerate(game.events) if e["type"] == "round_started"][1]
    _, winners = roll_point("attack_wing", game.header, game.events[:round2 + 1], round2, 0, 8)
    point = sidecar.point(round2, 2, winners, ["Federation", "Dominion"])
    assert point.win["Dominion"] == 0.0 and point.interval["Dominion"][1] < 1 / 3


def test_fleet_captains_turning_point_names_the_vp_scored() -> None:
    from engine.rulesets.fleet_captains import rollout as fc

    header = {"factions": ["Federation", "Klingon"]}
    events: list[dict[str, Any]] = [{"type": "turn_started", "turn": 1, "side": 0},
                                    {"type": "scored_vp", "turn": 1, "side": 1, "amount": 1, "why": "a mission"},
                                    {"type": "scored_vp", "turn": 1, "side": 0, "amount": 3, "why": "destroyed a ship"},
                                    {"type": "turn_ended", "turn": 1, "side": 0}]
    at, words = fc.why(header, events, 0, 3)
    assert at == 2 and words.startswith("Federation +3 VP (destroyed a ship); Klingon +1 VP")
    sides = ["Federation", "Klingon"]
    pts = [sidecar.point(0, 1, [0] * 5 + [1] * 5, sides), sidecar.point(3, 1, [0] * 9 + [1], sides)]
    assert [t.side for t in turning_points(header, events, pts, sides, "Klingon", fc.why)] == ["Klingon"]


def test_a_move_within_the_rollouts_noise_says_so() -> None:
    """Eight rollouts a point cannot tell 6 wins from 3 (|z| = 1.5): the turning point says more
    rollouts would tell; 10 wins in 10 against 1 in 10 it can (|z| = 4.3)."""
    from engine.analysis.explain import beyond_noise

    sides = ["Federation", "Klingon"]
    a, b = sidecar.point(0, 1, [0] * 6 + [1] * 2, sides), sidecar.point(5, 1, [0] * 3 + [1] * 5, sides)
    assert not beyond_noise(a, b, "Federation")
    c, d = sidecar.point(0, 1, [0] * 10, sides), sidecar.point(5, 1, [0] + [1] * 9, sides)
    assert beyond_noise(c, d, "Federation") and beyond_noise(c, d, "Klingon")
    header: dict[str, Any] = {}
    (found,) = turning_points(header, [{"type": "x"}] * 6, [a, b], sides)
    assert "within the noise of 8 rollouts a point" in found.why
