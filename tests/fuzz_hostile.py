"""The fuzz kinds of issue 34's campaign, for every ruleset: each makes a kind of hostile file the first
kinds (tests/fuzzing.py) did not, and checks a promise beyond "no traceback":

- ``replay-older``: a mutated replay claiming an older engine (the re-play's verdict is then a note), so
  the reducers, the presenters, `notation export` and the viewer meet garbage the rules never made;
- ``replay-cut``: a complete replay cut anywhere and framed as whole again, with its result or a forged
  one: never sound;
- ``replay-types``: one value swapped for one of another type that compares equal (``true`` for 1,
  ``4.0`` for 4, ``-0.0`` for 0.0): never sound;
- ``replay-text``: a string of the header or an event made to hold ESC, a bidi override, NUL, a line
  separator: never sound, and never sent raw to the terminal by any command;
- ``replay-amplify``: compact maps (many long keys, many maps of one shape): `dump`, `dump --json` and
  `export` print at most 16 times the file's size (and 4 MiB), or refuse;
- ``batch-row``: a batch folder with a mutated row: `batch stats` answers 0 or one line;
- ``notation-import``: a mutated notation: whatever `notation import` writes, `replay validate` accepts.

Every outcome also obeys ``Outcome.ok``: no traceback, and no raw control character in what is printed.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from fuzzing import (
    ATTACK_WING,
    ROOT,
    Outcome,
    _write_replay,
    broken,
    mutate,
    mutate_text,
    sound_replays,
    trek,
    viewer_opens,
)

_HOSTILE_TEXT = ("\x1b[2J", "close\x1b]0;owned\x07", "\u202eniw", "a\u2066b", "x\x00y", "line\u2028break",
                 "\x9bm", "\u200f")


def _parts(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]], Any]:
    from engine.replay import open_replay

    replay = open_replay(path)
    return copy.deepcopy(replay.header), list(replay.events()), copy.deepcopy(replay.result)


def _pick(rng: random.Random, work: Path) -> tuple[str, Path]:
    return rng.choice(sorted(sound_replays(work / "sound").items()))


def _readers(path: Path, work: Path, name: str, rng: random.Random) -> list[Outcome]:
    """Every command that reads a replay, on ``path``."""
    n = str(rng.randrange(-1, 200))
    out = [trek("replay", "validate", str(path)), trek("replay", "info", str(path)),
           trek("replay", "state", str(path), "--at", n), trek("replay", "state", str(path), "--at", n, "--full"),
           trek("replay", "dump", str(path)), trek("replay", "export", str(path), "-o", str(work / "m.json")),
           viewer_opens(path)]
    if name in ATTACK_WING:
        out.append(trek("notation", "export", str(path)))
    return out


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))
    else:
        yield path, value


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        doc = doc[key]
    doc[path[-1]] = value


def older_engine_case(rng: random.Random, work: Path) -> list[Outcome]:
    name, source = _pick(rng, work)
    header, events, result = _parts(source)
    header["engine_version"] = "0.9.0"
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(events))
        events[i] = mutate(rng, events[i])
    path = work / f"o-{name}.trek"
    if not _write_replay(path, header, events, result):
        return []
    return _readers(path, work, name, rng)


def cut_case(rng: random.Random, work: Path) -> list[Outcome]:
    name, source = _pick(rng, work)
    header, events, result = _parts(source)
    cut = rng.randrange(1, len(events))
    if rng.random() < 0.5 and isinstance(result, dict):  # a forged result too
        result = mutate(rng, result)
    path = work / f"c-{name}.trek"
    if not _write_replay(path, header, events[:cut], result):
        return []
    validate = trek("replay", "validate", str(path))
    if validate.ok and validate.status != 1:
        return [broken(validate.argv, f"{name} cut before event {cut} of {len(events)}, framed as complete, "
                                      f"validates with status {validate.status}")]
    return [validate, trek("replay", "info", str(path)), viewer_opens(path)]


_SWAPS: tuple[tuple[Callable[[Any], bool], Callable[[Any], Any]], ...] = (
    (lambda v: type(v) is int and v in (0, 1), bool),
    (lambda v: type(v) is int, float),
    (lambda v: type(v) is float and v.is_integer() and abs(v) < 2**53, int),
    (lambda v: type(v) is float and v == 0.0, lambda v: -v),
    (lambda v: type(v) is bool, int),
)


def types_case(rng: random.Random, work: Path) -> list[Outcome]:
    name, source = _pick(rng, work)
    header, events, result = _parts(source)
    wanted, change = rng.choice(_SWAPS)
    found = [(i, path, v) for i, e in enumerate(events) for path, v in _leaves(e) if path[0] != "seq" and wanted(v)]
    if not found:
        return []
    i, path, value = rng.choice(found)
    swapped = change(value)
    _set(events[i], path, swapped)
    target = work / f"t-{name}.trek"
    if not _write_replay(target, header, events, result):
        return []
    validate = trek("replay", "validate", str(target))
    if validate.ok and validate.status != 1:
        where = ".".join(map(str, path))
        return [broken(validate.argv, f"{name}: event {i} {where} = {swapped!r} (for {value!r}) validates with "
                                      f"status {validate.status}")]
    return [validate]


def text_case(rng: random.Random, work: Path) -> list[Outcome]:
    name, source = _pick(rng, work)
    header, events, result = _parts(source)
    text = rng.choice(_HOSTILE_TEXT)
    in_header = rng.random() < 0.3
    doc: Any = header if in_header else events[rng.randrange(len(events))]
    strings = [(path, v) for path, v in _leaves(doc) if isinstance(v, str) and path[0] not in ("type", "ruleset",
                                                                                             "format")]
    if not strings:
        return []
    path, value = rng.choice(strings)
    _set(doc, path, rng.choice([text, value + text, text + value]))
    target = work / f"x-{name}.trek"
    if not _write_replay(target, header, events, result):
        return []
    outcomes = _readers(target, work, name, rng)
    validate = outcomes[0]
    if validate.ok and validate.status == 0:
        where = ("header." if in_header else "") + ".".join(map(str, path))
        return [broken(validate.argv, f"{name}: {where} holding {text!r} validates as sound")]
    return outcomes


def amplify_case(rng: random.Random, work: Path) -> list[Outcome]:
    from engine.replay import ReplayError, ReplayWriter, open_replay
    from engine.replay.jsonform import OUTPUT_FACTOR, OUTPUT_FLOOR

    name, source = _pick(rng, work)
    width = rng.choice([1, 16, 64, 200, 256])
    key_chars = rng.choice([1, 8, 40, 64])
    row = {f"{i:03d}".ljust(key_chars, "k"): rng.choice([0, None, "s", True]) for i in range(width)}
    rows = rng.choice([10, 500, 3000])
    path = work / f"a-{name}.trek"
    try:
        with ReplayWriter(path, open_replay(source).header, keyframe_every=10**6) as writer:
            for i in range(rng.randint(1, 3)):
                writer.event({"seq": i, "round": 0, "phase": "setup", "type": "x", "rows": [row] * rows})
            if rng.random() < 0.5:
                writer.keyframe({"rows": [row] * rows})
            writer.close(None)
    except ReplayError:
        return []
    bound = OUTPUT_FACTOR * path.stat().st_size + OUTPUT_FLOOR
    outcomes = [trek("replay", "dump", str(path)), trek("replay", "dump", "--json", str(path)),
                trek("replay", "export", str(path))]
    for o in outcomes:
        if len(o.out) > bound:
            return [broken(o.argv, f"printed {len(o.out):,} characters for a file of {path.stat().st_size:,} bytes")]
    return outcomes


_ROW: dict[str, Any] = {
    "seed": 1, "game": "attack_wing", "scenario": "duel", "engine_version": "0.10.0", "events": 57, "rounds": 2,
    "outcome": "Federation", "result": {"winner": 0, "reason": "Federation scored more Fleet Points",
                                        "points": [95, 89], "ships_lost": [0, 0], "rounds": 2},
    "sides": [{"side": 0, "name": "Federation", "faction": "Federation", "fleet_points": 31, "points_scored": 95,
               "attacks": 1, "actual_damage": 0, "expected_damage": 0.9658, "mean_percentile": 0.2109},
              {"side": 1, "name": "Klingon", "faction": "Klingon", "fleet_points": 25, "points_scored": 89,
               "attacks": 1, "actual_damage": 2, "expected_damage": 2.6265, "mean_percentile": 0.2749}],
    "table": [914.4, 914.4],
    "losses": [{"ship": "A1", "name": "U.S.S. Enterprise", "class": "Constitution Class", "side": 0,
                "status": "destroyed", "event": 50, "round": 2, "x": 330.2, "y": 450.8}]}


def batch_row_case(rng: random.Random, work: Path) -> list[Outcome]:
    try:
        import matplotlib  # noqa: F401
        import pyarrow  # noqa: F401
    except ImportError:
        return []
    folder = work / "batch"
    for sub in ("rows", "replays"):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    (folder / "replays" / "seed-000001.trek").write_bytes(b"")
    row = _ROW
    for _ in range(rng.randint(1, 3)):
        row = mutate(rng, row)
    text = json.dumps(row) if rng.random() < 0.9 else mutate_text(rng, json.dumps(_ROW, indent=1))
    (folder / "rows" / "seed-000001.json").write_text(text, encoding="utf-8", errors="surrogatepass")
    return [trek("batch", "stats", str(folder), "-o", str(work / "stats"))]


def notation_import_case(rng: random.Random, work: Path) -> list[Outcome]:
    source = ROOT / "replays" / "notation" / rng.choice(["duel-seed7.trekn", "rulebook-combat-example.trekn"])
    text = source.read_text(encoding="utf-8")
    for _ in range(rng.randint(1, 2)):
        text = mutate_text(rng, text)
    path = work / "import.trekn"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    out = work / "imported.trek"
    out.unlink(missing_ok=True)
    imported = trek("notation", "import", str(path), "-o", str(out))
    if imported.status != 0 or not out.exists():
        return [imported]
    validate = trek("replay", "validate", str(out))
    if validate.ok and validate.status != 0:
        return [broken(validate.argv, f"notation import wrote a replay validate refuses: {validate.out[-200:]!r}")]
    return [imported, validate]


HOSTILE_CASES: dict[str, Callable[[random.Random, Path], list[Outcome]]] = {
    "replay-older": older_engine_case, "replay-cut": cut_case, "replay-types": types_case,
    "replay-text": text_case, "replay-amplify": amplify_case, "batch-row": batch_row_case,
    "notation-import": notation_import_case,
}
