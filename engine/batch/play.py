"""`trek batch play`: the games of a seed range on Ray workers, into one folder.

The folder holds ``batch.json`` (what is played: game, scenario, options, engine version),
``replays/seed-N.trek`` and ``rows/seed-N.json`` for every finished game, and ``games.jsonl``
(every row, in seed order). The replay is written first and the row second, each whole or not
at all (written aside and renamed), so a game counts as finished only when its row is there:
a batch stopped anywhere and started again plays only the seeds without a row. Results do not
depend on the number of workers: each game is a pure function of (scenario, seed).
"""

from __future__ import annotations

import contextlib
import json
import re
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import engine
from engine.batch.games import BatchError, GameOutput, Job, play_game
from engine.batch.runner import connected, run_tasks
from engine.errors import TrekError
from engine.io.documents import read_document
from engine.io.output import make_folder, sweep_folder, write_atomic
from engine.io.reading import show_path

MANIFEST = "batch.json"
ROWS = "rows"
REPLAYS = "replays"
GAMES = "games.jsonl"
ROW_NAME = re.compile(r"seed-(\d{1,10})\.json")


def replay_name(seed: int) -> str:
    return f"seed-{seed:06d}.trek"


def row_name(seed: int) -> str:
    return f"seed-{seed:06d}.json"


@dataclass(frozen=True)
class PlaySummary:
    folder: Path
    played: int  # games played by this run
    skipped: int  # seeds of the range already finished
    games: int  # rows in the folder (this range and any other)
    warnings: tuple[str, ...] = ()  # the games' card warnings, each once (cards whose ability is not played)


def _manifest(job: Job) -> dict[str, Any]:
    return {"kind": "trek batch", **asdict(job), "engine_version": engine.__version__}


def _shown(key: str, value: Any) -> str:
    """A manifest field in words: None is the game's default, a document is not spelled out."""
    if value is None:
        return "the game's default" if key in ("rounds", "players") else "none"
    if key == "document":
        return "a scenario of its own"
    return repr(value) if isinstance(value, str) else str(value)


def prepare(folder: Path, job: Job) -> None:
    """Create the folder (and its parents) or check that it holds games of the same job."""
    path = folder / MANIFEST
    wanted = _manifest(job)
    try:
        if path.is_file():
            found = read_document(path, BatchError, kind="batch manifest", toml=False)
            if not isinstance(found, dict) or found.get("kind") != "trek batch":
                raise BatchError(f"{show_path(path)} is not a batch manifest")
            differs = [k for k in wanted if found.get(k) != wanted[k]]
            if differs:
                what = "; ".join(f"{k}: {_shown(k, found.get(k))} there, {_shown(k, wanted[k])} now" for k in differs)
                raise BatchError(f"{show_path(folder)} holds another batch: {what}; use another folder")
            for sub in (folder, folder / ROWS, folder / REPLAYS):  # what a killed run left half-written
                sweep_folder(sub)
            return
        if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
            raise BatchError(f"{show_path(folder)} exists and is not a batch folder; use another (or an empty) one")
        make_folder(folder, BatchError)  # with its parents: `-o runs/skirmish` in a fresh folder
        (folder / ROWS).mkdir(exist_ok=True)
        (folder / REPLAYS).mkdir(exist_ok=True)
    except OSError as exc:
        raise BatchError(f"cannot use {show_path(folder)}: {exc.strerror or exc}") from None
    write_atomic(path, json.dumps(wanted, indent=2) + "\n")


def finished(folder: Path) -> dict[int, Path]:
    """The seeds whose row is in the folder (and whose replay is there too), with the row's path."""
    rows = folder / ROWS
    if not rows.is_dir():
        return {}
    out = {}
    for path in rows.iterdir():
        m = ROW_NAME.fullmatch(path.name)
        if m and path.is_file() and (folder / REPLAYS / replay_name(int(m.group(1)))).is_file():
            out[int(m.group(1))] = path
    return out


def read_rows(folder: Path) -> list[dict[str, Any]]:
    """Every finished game's row, in seed order (a row that cannot be read is an error naming it)."""
    from engine.batch.rows import read_row

    return [read_row(path, seed) for seed, path in sorted(finished(folder).items())]


def _save(folder: Path, output: GameOutput) -> None:
    # (no sweep per game: thousands of files; prepare() swept the folders once)
    write_atomic(folder / REPLAYS / replay_name(output.seed), output.replay, sweep=False)
    write_atomic(folder / ROWS / row_name(output.seed), json.dumps(output.row, sort_keys=True) + "\n", sweep=False)


def write_games(folder: Path) -> int:
    """``games.jsonl``: every row of the folder, one JSON document a line, in seed order."""
    rows = read_rows(folder)
    write_atomic(folder / GAMES, "".join(json.dumps(r, sort_keys=True) + "\n" for r in rows))
    return len(rows)


def play_batch(job: Job, seeds: range, folder: Path, workers: int, address: str | None = None,
               progress: bool | None = None, on_game: Callable[[GameOutput], None] | None = None,
               worker_setup: Callable[[], None] | None = None) -> PlaySummary:
    """Play every seed of ``seeds`` without a row in ``folder`` on Ray, writing each game as it
    finishes; a tqdm bar on stderr (``progress`` None: only on a terminal). ``worker_setup``: see
    ``runner.connected``."""
    from tqdm import tqdm  # type: ignore[import-untyped]

    prepare(folder, job)
    done = finished(folder)
    todo = [s for s in seeds if s not in done]
    bar = tqdm(total=len(seeds), initial=len(seeds) - len(todo), unit="game", desc="trek batch play",
               file=sys.stderr, disable=None if progress is None else not progress, dynamic_ncols=True)
    played = 0
    warned: dict[str, None] = {}
    try:
        if todo:
            with connected(workers, address, worker_setup):
                for output in run_tasks(play_game, ((job, s) for s in todo), workers):
                    if output.error is not None or output.row is None:
                        raise BatchError(f"seed {output.seed}: {output.error or 'no row'}")
                    _save(folder, output)
                    warned.update(dict.fromkeys(output.warnings))
                    played += 1
                    bar.update(1)
                    if on_game is not None:
                        on_game(output)
    except BaseException:
        bar.close()
        if played:  # what finished is kept, and listed, even when the run stops early
            with contextlib.suppress(TrekError):
                write_games(folder)
        raise
    bar.close()
    return PlaySummary(folder, played, len(seeds) - len(todo), write_games(folder), tuple(warned))
