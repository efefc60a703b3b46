"""One game of a batch, as a worker plays it: the replay's bytes and its row of results.

This is all a `trek batch play` worker runs, and it needs only the engine: the game is played
through its ruleset's ``GameMaker`` (any registered game that can be played, not Attack Wing
only) into a temporary file, and the row is read back from that replay, so a row says exactly
what its replay says. Rows hold no clock and no path of the machine that played them: the same
scenario and seed give the same bytes and the same row on any worker.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.errors import TrekError
from engine.io.reading import show_path
from engine.rulesets.base import GameMaker, PlayRequest, Ruleset
from engine.rulesets.registry import NoGamePlays, names, ruleset_for
from engine.rulesets.registry import maker_for as registered

MAX_SEED = 2**31 - 1
MAX_GAMES = 1_000_000  # one batch; a bigger job is several batches in several folders


class BatchError(TrekError):
    """A batch cannot run as asked: a bad seed range, scenario or output folder."""


def parse_seeds(text: str) -> range:
    """``A..B`` (both included) or one seed ``A``: the seeds of a batch."""
    m = re.fullmatch(r"\s*(-?\d{1,30})\s*(?:\.\.\s*(-?\d{1,30})\s*)?", text or "")
    if not m:
        raise BatchError(f"--seeds must be A..B (both included) or one seed, e.g. 1..100; got {text[:60]!r}")
    a = int(m.group(1))
    b = int(m.group(2)) if m.group(2) is not None else a
    if not (0 <= a <= MAX_SEED and 0 <= b <= MAX_SEED):
        raise BatchError(f"--seeds {text}: seeds go from 0 to {MAX_SEED}")
    if b < a:
        raise BatchError(f"--seeds {text}: the last seed {b} is before the first {a}")
    if b - a + 1 > MAX_GAMES:
        raise BatchError(f"--seeds {text}: {b - a + 1} games is over the limit of {MAX_GAMES} for one batch")
    return range(a, b + 1)


@dataclass(frozen=True)
class Job:
    """What to play: ``name`` as `trek play` takes it (a bundled name, or a scenario file's
    absolute path), the ruleset that plays it, and the options of `trek play`. With
    ``document``, ``name`` is a file name and the worker plays ``document`` (a self-contained
    scenario, e.g. two fleets against each other) written under that name."""

    game: str
    name: str
    rounds: int | None = None
    players: str | None = None
    document: str | None = None


def maker_for(name: str) -> tuple[str, GameMaker]:
    """The one registered game that plays ``name`` (``registry.maker_for``); BatchError if none does."""
    try:
        return registered(name)
    except NoGamePlays as exc:
        raise BatchError(str(exc)) from None


def job_for(name: str, rounds: int | None = None, players: str | None = None) -> Job:
    """The job of a batch: checks that a game plays ``name`` and, for a file, reads and checks it
    here: the job carries the game's self-contained document of it (``GameMaker.document``: the
    fleets it names inlined), so workers need no copy of the file, on a cluster as on this
    machine. A game without such documents gets the file's absolute path."""
    game, maker = maker_for(name)
    if name not in maker.bundled():
        path = Path(name)
        if not path.is_file():
            raise BatchError(f"no scenario file {name!r} (and no bundled scenario of that name)")
        if maker.document is not None:
            try:
                file_name, document = maker.document(str(path))
            except TrekError as exc:
                if _is_fleet(path):  # ('sides: Field required (and 2 more problems)' says nothing of this)
                    raise BatchError(f"{show_path(path)} is a fleet file, not a scenario: a batch plays a scenario, "
                                     "or two fleet files (side A's and side B's) against each other") from None
                raise BatchError(str(exc)) from None
            return Job(game, file_name, rounds, players, document)
        name = str(path.resolve())
    return Job(game, name, rounds, players)


def _is_fleet(path: Path) -> bool:
    """Whether ``path`` holds a fleet file (its ships, no sides) where a scenario was expected."""
    from engine.io.documents import read_document

    try:
        doc = read_document(path, BatchError, kind="scenario")
    except TrekError:
        return False
    return isinstance(doc, dict) and "ships" in doc and "sides" not in doc


def versus_job(fleets: Sequence[str], table: str | None = None, rounds: int | None = None,
               players: str | None = None) -> Job:
    """The job of fleet files against each other on ``table`` (a scenario; None: the game's own
    choice), by the one game that pits fleets (or the one that plays ``table``)."""
    if table is not None:
        game, maker = maker_for(table)
        pitted = [(game, maker)] if maker.versus is not None else []
    else:
        pitted = [(r.name, r.maker) for r in map(ruleset_for, names()) if r.maker is not None
                  and r.maker.versus is not None]
    if len(pitted) != 1:
        what = f"the game of {table!r} pits no fleets" if table is not None else (
            "no game pits fleets" if not pitted else "more than one game pits fleets: give --table")
        raise BatchError(f"{what}; give one scenario instead")
    game, maker = pitted[0]
    assert maker.versus is not None
    name, document = maker.versus(fleets, table)
    return Job(game, name, rounds, players, document)


@dataclass(frozen=True)
class GameOutput:
    """What a worker hands back for one seed: the replay and its row, or why it could not play."""

    seed: int
    replay: bytes = b""
    row: dict[str, Any] | None = None
    error: str | None = None
    warnings: tuple[str, ...] = ()  # cards whose ability the game does not play (never silently)


def play_game(job: Job, seed: int) -> GameOutput:
    """Play ``job`` with ``seed`` and read its row back from the replay (a worker's task).
    A user error (a bad scenario file, options the game refuses) comes back as ``error``."""
    maker = ruleset_for(job.game).maker
    assert maker is not None  # job_for chose a ruleset with a maker
    with tempfile.TemporaryDirectory(prefix="trek-batch-") as folder:
        out = Path(folder) / "game.trek"
        name = job.name
        if job.document is not None:
            name = str(Path(folder) / Path(job.name).name)
            Path(name).write_text(job.document, encoding="utf-8")
        try:
            played = maker.play(PlayRequest(name, seed, out, job.rounds, job.players))
        except TrekError as exc:
            return GameOutput(seed, error=str(exc))
        data = out.read_bytes()
    warnings = played.doc.get("warnings") or ()
    return GameOutput(seed, data, game_row(data, seed), warnings=tuple(str(w) for w in warnings))


# --- the row of one game ------------------------------------------------------------------------

def outcome_of(result: dict[str, Any] | None, sides: Sequence[str]) -> str:
    """A game's outcome in one word or name: the winning side's name or "draw" (a game with a
    winner), "success" or "failure" (a mission), "unfinished" (no result recorded)."""
    if result is None:
        return "unfinished"
    if "winner" in result:
        winner = result["winner"]
        if winner is None:
            return "draw"
        return sides[winner] if isinstance(winner, int) and 0 <= winner < len(sides) else f"side {winner}"
    if "success" in result:
        return "success" if result["success"] else "failure"
    return "ended"


def game_row(data: bytes, seed: int) -> dict[str, Any]:
    """The row of results of one replay: the scenario, each side (name, faction, fleet points built,
    points scored, attacks, damage dealt against damage expected from the exact odds, as far as the
    header, the result and the ruleset's luck report say), the outcome,
    the recorded result, and where each ship that left play was when it did."""
    from engine.replay.errors import ReplayError
    from engine.replay.reader import open_replay
    from engine.replay_timeline import timeline_for
    replay = open_replay(data)
    header = replay.header
    ruleset = ruleset_for(header.get("ruleset"))
    codec = ruleset.reading(header)
    events = list(replay.typed_events(codec))
    if ruleset.losses is not None:  # from the events alone: no Timeline to build
        try:
            table = ruleset.table(header).area
        except ValueError as exc:
            raise ReplayError(str(exc)) from None
        left = ruleset.losses(header, events)
    else:
        timeline = timeline_for(header, events, ruleset, codec)
        table, left = timeline.table.area, losses(timeline)
    result = replay.result
    fleets = [f for f in header.get("fleets") or [] if isinstance(f, dict)]
    named = header.get("sides") or header.get("factions")  # a game that names its sides only
    if not fleets and isinstance(named, list):
        fleets = [{"name": s} for s in named if isinstance(s, str)]
    names = [str(f.get("name") or f"side {i}") for i, f in enumerate(fleets)]
    luck = _luck(ruleset, events)
    scored = None
    if isinstance(result, dict):
        scored = next((result[k] for k in ("points", "scores", "vp") if k in result), None)  # each game's word
    sides = []
    for i, fleet in enumerate(fleets):
        side: dict[str, Any] = {"side": i, "name": names[i], "faction": fleet.get("faction"),
                                "fleet_points": fleet.get("points"),
                                "points_scored": scored[i] if isinstance(scored, list) and i < len(scored) else None}
        lucky = next((s for s in luck or [] if s.get("side") == i), None)
        side |= {k: (lucky or {}).get(k) for k in ("attacks", "actual_damage", "expected_damage", "mean_percentile")}
        sides.append(side)
    return {"seed": seed, "game": ruleset.name, "scenario": scenario_label(header),
            "engine_version": header.get("engine_version"), "events": len(events),
            "rounds": result.get("rounds", result.get("turns")) if isinstance(result, dict) else None,
            "outcome": outcome_of(result, names), "result": result, "sides": sides,
            "table": list(table), "losses": left}


def scenario_label(header: dict[str, Any]) -> str | None:
    """What a replay header calls what was played: its scenario's or mission's name."""
    for key in ("scenario_name", "mission", "title"):
        if isinstance(header.get(key), str):
            return str(header[key])
    scenario = header.get("scenario")
    return str(scenario["name"]) if isinstance(scenario, dict) and isinstance(scenario.get("name"), str) else None


def _luck(ruleset: Ruleset[Any, Any], events: Sequence[Any]) -> list[dict[str, Any]] | None:
    """Each side's attacks against the odds recorded before each roll, where the ruleset reports luck."""
    report = ruleset.luck
    if report is None:
        return None
    return report.sides(e for e in events if getattr(e, "type", None) in report.reads)


def losses(timeline: Any) -> list[dict[str, Any]]:
    """Every ship out of play at the end (destroyed, fled, retreated): where it stood just before
    the event that took it out, that event's number and its round. Read through the view, so any
    game's presenter answers it: a binary search over the events for the first one after which its
    panel is out of play (the moments it looks at are shared by every ship's search)."""
    n = len(timeline)
    if n == 0:
        return []
    moments: dict[int, Any] = {}

    def moment(i: int) -> Any:
        if i not in moments:
            moments[i] = timeline.moment_after(i)
        return moments[i]

    def out_of_play(i: int) -> set[str]:
        return {p.id for p in moment(i).panels if p.status != "in_play"}

    found = []
    for panel in moment(n - 1).panels:
        if panel.status == "in_play":
            continue
        lo, hi = -1, n - 1  # in play after lo (or before any event), out after hi
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if panel.id in out_of_play(mid):
                hi = mid
            else:
                lo = mid
        ship = moment(lo).view.ship(panel.id)
        at = timeline.start_of(hi)
        marks = [m for m in timeline.marks if m[0] <= at]  # (time, round, phase) of each phase started
        found.append({"ship": panel.id, "name": panel.name, "class": panel.class_name, "side": panel.player,
                      "status": panel.status, "event": hi, "round": marks[-1][1] if marks else None,
                      "x": None if ship is None else round(ship.pose.x, 1),
                      "y": None if ship is None else round(ship.pose.y, 1)})
    return found
