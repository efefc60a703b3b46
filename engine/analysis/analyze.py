"""`trek analyze GAME.trek`: rollouts from every point of a recorded game, the win probabilities
they give, the turning points and each ship's and side's luck, written to the analysis file.

The rollouts of a point are one task (on Ray with several workers, in this process with one); a
point's numbers depend only on (file, point, analysis seed, rollouts), so the file is the same
whatever the number of workers and whatever order the points finish in. The file is written again
after each point, so an analysis stopped early keeps what it did and a second run goes on from it.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import engine
from engine.analysis import sidecar
from engine.analysis.explain import turning_points
from engine.analysis.grading import MAX_ALTERNATIVES, decision, decisions, grade
from engine.analysis.rollers import roller_for
from engine.analysis.rollout import Winner, rollout_seed
from engine.errors import TrekError
from engine.io.output import write_atomic

MAX_EVENTS = 1_000_000
T = TypeVar("T")


@dataclass(frozen=True)
class Game:
    """A recorded game as the analysis reads it: header, plain events, result and file hash."""

    header: dict[str, Any]
    events: list[dict[str, Any]]
    result: dict[str, Any] | None
    sha256: str
    ruleset: str


def load(path: Path) -> Game:
    from engine.replay import open_replay
    from engine.replay.validate import recorded_events

    data = path.read_bytes()
    replay = open_replay(data)
    if replay.truncated:
        raise TrekError(f"{path} is cut off ({replay.cut_reason}): analyse a whole file")
    events = []
    for raw in recorded_events(replay):
        events.append(dict(raw))
        if len(events) > MAX_EVENTS:
            raise TrekError(f"{path} holds more than {MAX_EVENTS} events")
    return Game(dict(replay.header), events, replay.result, hashlib.sha256(data).hexdigest(), replay.ruleset or "")


def roll_point(ruleset: str, header: Mapping[str, Any], recorded: Sequence[Mapping[str, Any]], at: int,
               seed: int, rollouts: int) -> tuple[int, list[Winner]]:
    """The winners of the point after event ``at``'s rollouts (a worker's task)."""
    roller = roller_for(ruleset)
    return at, [roller.rollout(header, recorded, at, rollout_seed(seed, at, i)) for i in range(rollouts)]


def _existing(out: Path, game: Game, rollouts: int, seed: int, alternatives: int) -> sidecar.Analysis | None:
    """What ``out`` already holds (None when there is no such file); the file must be an analysis
    of the same game with the same inputs."""
    if not out.exists():
        return None
    old = sidecar.read(out)
    if old.replay.sha256 != game.sha256 or old.rollouts != rollouts or old.seed != seed \
            or old.engine_version != engine.__version__ or old.alternatives != alternatives:
        raise TrekError(f"{out} is an analysis of another game or with other inputs (rollouts, seed, alternatives, "
                        "engine version): give another -o, or remove it")
    return old


def analyze(path: Path, out: Path, rollouts: int = 100, seed: int = 0, workers: int = 1, address: str | None = None,
            progress: bool | None = None, seat: str | None = None, alternatives: int = 0) -> sidecar.Analysis:
    """Analyse the game in ``path`` into ``out`` (resuming what ``out`` holds) and return the analysis;
    with ``alternatives``, each dial of the file (of ``seat`` only, if given) is graded against that many
    others (Attack Wing)."""
    from tqdm import tqdm  # type: ignore[import-untyped]

    if not 1 <= rollouts <= 100_000:
        raise TrekError("--rollouts must be between 1 and 100000")
    if not 0 <= seed < 2**63:
        raise TrekError("--seed must be between 0 and 2**63 - 1")
    if not 0 <= alternatives <= MAX_ALTERNATIVES:
        raise TrekError(f"--alternatives must be between 0 and {MAX_ALTERNATIVES}")
    game = load(path)
    roller = roller_for(game.ruleset)
    sides = roller.sides(game.header)
    if seat is not None and seat not in sides:
        raise TrekError(f"--seat {seat!r}: the game's sides are {', '.join(sides)}")
    wanted = roller.points(game.events)
    rounds = dict(wanted)
    old = _existing(out, game, rollouts, seed, alternatives)
    done = {p.event: p for p in old.points if p.event in rounds} if old is not None else {}
    todo = [e for e, _ in wanted if e not in done]
    graded: dict[int, sidecar.Decision] = {d.event: d for d in old.decisions} if old is not None else {}
    dials: list[tuple[int, int, str, int, tuple[str, int]]] = []
    sides_of: dict[str, int] = {}
    if alternatives:
        if game.ruleset != "attack_wing":
            raise TrekError("--alternatives grades Attack Wing's dials only")
        sides_of = {str(s.get("id")): i for i, f in enumerate(game.header.get("fleets") or [])
                    for s in (f.get("ships") or [] if isinstance(f, dict) else []) if isinstance(s, dict)}
        dials = decisions(game.events, sides_of, None if seat is None else sides.index(seat))
    dial_of = {d[0]: d for d in dials}
    to_grade = [d for d in dials if d[0] not in graded]

    def save() -> sidecar.Analysis:
        points = [done[e] for e, _ in wanted if e in done]
        analysis = sidecar.Analysis(
            format="trek-analysis", version=1, engine_version=engine.__version__,
            replay=sidecar.Replay(sha256=game.sha256, ruleset=game.ruleset, events=len(game.events),
                                  result=game.result),
            rollouts=rollouts, seed=seed, sides=sides, points=points, alternatives=alternatives,
            decisions=[graded[d[0]] for d in dials if d[0] in graded],
            turning_points=turning_points(game.header, game.events, points, sides, seat, roller.why),
            luck=roller.luck(game.header, game.events, sides) if roller.luck is not None else {})
        write_atomic(out, sidecar.dumps(analysis))
        return analysis

    total = len(wanted) + len(dials)
    bar = tqdm(total=total, initial=total - len(todo) - len(to_grade), unit="point", desc="trek analyze",
               file=sys.stderr, disable=None if progress is None else not progress, dynamic_ncols=True)
    try:
        for at, winners in _run(game, todo, seed, rollouts, workers, address):
            done[at] = sidecar.point(at, rounds[at], winners, sides)
            save()
            bar.update(1)
        jobs = [(game.header, game.events[:fork + 1], event, fork, ship, round_, chosen, seed, rollouts, alternatives)
                for event, fork, ship, round_, chosen in to_grade]
        for event, tried in _tasks(grade, jobs, workers, address):
            _, _, ship, round_, _ = dial_of[event]
            graded[event] = decision(event, round_, ship, sides_of[ship], sides, tried)
            save()
            bar.update(1)
    finally:
        bar.close()
    return save()


def _run(game: Game, todo: list[int], seed: int, rollouts: int, workers: int, address: str | None
         ) -> Iterator[tuple[int, list[Winner]]]:
    """Each point's winners, in this process (one worker, no cluster) or on Ray."""
    return _tasks(roll_point, [(game.ruleset, game.header, game.events[:at + 1], at, seed, rollouts) for at in todo],
                  workers, address)


def _tasks(fn: Callable[..., T], jobs: list[tuple[Any, ...]], workers: int, address: str | None) -> Iterator[T]:
    """``fn(*job)`` for every job, in this process (one worker, no cluster) or on Ray, as they finish."""
    if workers == 1 and address is None:
        yield from (fn(*job) for job in jobs)
        return
    if not jobs:
        return
    from engine.batch.runner import connected, run_tasks

    with connected(workers, address):
        yield from run_tasks(fn, jobs, workers)

