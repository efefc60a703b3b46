"""A seeded mutator over every input kind, and the one rule it checks: whatever a file holds, `trek`
answers with exit status 0, 1 (a replay found unsound, a fleet not legal), 2 (bad input, one line
on stderr) or 3 (`fleet import` with cards it could not match), never a traceback or a hang.

Shared by tests/test_fuzz.py (a bounded run in CI) and scripts/fuzz.py (a long run for releases).
Each case is reproducible from (kind, seed).
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import random
import re
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

_STRINGS = ("", "x" * 300, "../../../etc/passwd", "line\nbreak", "ship:9999", "warp_core_ejection", "A9", "nan",
            "\u00e9\u00e9", "0", "-1", "crit", "evade", "front", "360",
            # text that acts on a terminal or cannot be printed at all (issue 34): ESC, a bidi override,
            # a line separator, NUL, a lone surrogate
            "\x1b[2J", "\u202eniw", "a\u2028b", "a\x00b", "\ud800")
# characters that must never reach the terminal raw, whatever a file holds (engine.io.reading.has_control)
_RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
                  "\ud800-\udfff]")
_NUMBERS = (0, -1, 1, 7, 1000, -1000, 2**31, 2**63, -(2**63), 10**30, 0.5, -0.0, 1e308, float("inf"),
            float("-inf"), float("nan"))


def mutate(rng: random.Random, value: Any, depth: int = 0) -> Any:
    """A copy of plain data with one thing changed somewhere inside it (a path chosen at random)."""
    if isinstance(value, dict) and value and depth < 12 and rng.random() < 0.8:
        key = rng.choice(list(value))
        out = dict(value)
        roll = rng.random()
        if roll < 0.1:
            del out[key]
        elif roll < 0.15:
            out[rng.choice(_STRINGS) or "extra"] = rng.choice(_NUMBERS)
        else:
            out[key] = mutate(rng, value[key], depth + 1)
        return out
    if isinstance(value, list) and value and depth < 12 and rng.random() < 0.8:
        out_list = list(value)
        i = rng.randrange(len(out_list))
        roll = rng.random()
        if roll < 0.1:
            del out_list[i]
        elif roll < 0.2:
            out_list.insert(i, copy.deepcopy(out_list[i]))
        elif roll < 0.25:
            out_list.reverse()
        else:
            out_list[i] = mutate(rng, out_list[i], depth + 1)
        return out_list
    return _replace(rng, value)


def _replace(rng: random.Random, value: Any) -> Any:
    roll = rng.random()
    if roll < 0.1:
        return None
    if roll < 0.2:
        return rng.choice([[], {}, [value], {"x": value}, True])
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return rng.choice([value + 1, value - 1, value * 1000, -value, *_NUMBERS])
    if isinstance(value, str):
        return rng.choice([value + value, value[:-1], value.upper(), *_STRINGS])
    return rng.choice([*_STRINGS[:4], *_NUMBERS[:6]])


def mutate_text(rng: random.Random, text: str) -> str:
    """Text with a line dropped, doubled, cut, or a word replaced."""
    lines = text.splitlines()
    if not lines:
        return rng.choice(_STRINGS)
    i = rng.randrange(len(lines))
    roll = rng.random()
    if roll < 0.2:
        del lines[i]
    elif roll < 0.35:
        lines.insert(i, lines[i])
    elif roll < 0.45:
        lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
    else:
        words = lines[i].split(" ")
        words[rng.randrange(len(words))] = str(rng.choice([*_STRINGS, *_NUMBERS]))
        lines[i] = " ".join(words)
    return "\n".join(lines) + "\n"


def mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    """Bytes with a few flipped, a cut, or a slice doubled."""
    out = bytearray(data)
    roll = rng.random()
    if roll < 0.3:
        return bytes(out[: rng.randrange(len(out) + 1)])
    if roll < 0.4:
        a = rng.randrange(len(out))
        return bytes(out[:a] + out[a: a + rng.randrange(1, 64)] + out[a:])
    for _ in range(rng.randint(1, 4)):
        out[rng.randrange(len(out))] ^= 1 << rng.randrange(8)
    return bytes(out)


@dataclass
class Outcome:
    argv: tuple[str, ...]
    status: int | None
    err: str
    crash: str | None  # a traceback, when trek raised instead of answering (or the broken promise, named)
    out: str = ""

    @property
    def ok(self) -> bool:
        one_line = self.status != 2 or (self.err.count("\n") == 1 and "Traceback" not in self.err)
        # 3: `fleet import` wrote a fleet but some cards were not matched (docs/fleet-formats.md)
        return self.crash is None and self.status in (0, 1, 2, 3) and one_line and self.raw is None

    @property
    def raw(self) -> str | None:
        """The first character sent to the terminal unescaped that a terminal would act on, or None."""
        found = _RAW.search(self.out) or _RAW.search(self.err)
        return None if found is None else found.group().encode("unicode_escape").decode("ascii")


def broken(argv: tuple[str, ...], promise: str) -> Outcome:
    """An answer that breaks a promise other than 'no traceback' (a forgery passed as sound...)."""
    return Outcome(argv, None, "", f"AssertionError: {promise}")


def trek(*argv: str) -> Outcome:
    """Run `trek ARGV` in this process: its exit status, stderr, and the traceback if it crashed."""
    from trek.main import main

    out, err = io.StringIO(), io.StringIO()
    status: int | None
    crash = None
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(argv))
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else 2
        except Exception:
            status, crash = None, traceback.format_exc()
    return Outcome(tuple(argv), status, err.getvalue(), crash, out.getvalue())


def viewer_opens(path: Path) -> Outcome:
    """What the viewer, screenshot and render do first: open the replay as a Timeline (ReplayError or fine)."""
    from engine.replay import ReplayError
    from engine.replay_timeline import load_timeline

    try:
        loaded = load_timeline(path)
        timeline = loaded.timeline
        for i in sorted({0, len(timeline) // 2, len(timeline) - 1}):  # what the studio draws: the views
            if 0 <= i < len(timeline):
                timeline.moment_after(i)
    except ReplayError as exc:  # (printed as `trek view` and `screenshot` print it: escaped, one line)
        from engine.io.reading import one_line

        return Outcome(("view", str(path)), 2, f"{one_line(str(exc))}\n", None)
    except Exception:
        return Outcome(("view", str(path)), None, "", traceback.format_exc())
    return Outcome(("view", str(path)), 0, "", None)


# --- the sound files each kind starts from (built once per process) ------------------------------------

_CACHE: dict[str, Any] = {}


def sound_replays(folder: Path) -> dict[str, Path]:
    """A sound replay of each ruleset: Attack Wing by the engine, Attack Wing from a table, Alliance, Fleet
    Captains, Into the Unknown."""
    if "replays" not in _CACHE:
        from engine.rulesets.alliance.play import play_mission
        from engine.rulesets.attack_wing.notation.importer import run_notation
        from engine.rulesets.attack_wing.notation.parser import read_notation
        from engine.rulesets.attack_wing.play import play
        from engine.rulesets.attack_wing.scenario import load_scenario

        folder.mkdir(parents=True, exist_ok=True)
        play(load_scenario("duel"), 3, folder / "duel.trek", players=("ai", "random"))
        play_mission("alliance-act1", 2, 2, folder / "act1.trek", rounds=2)
        doc, _ = read_notation(ROOT / "replays" / "notation" / "rulebook-combat-example.trekn")
        outcome = run_notation(doc, ROOT / "replays" / "notation", record=True)
        assert outcome.replay is not None
        (folder / "table.trek").write_bytes(outcome.replay)
        from engine.rulesets.fleet_captains.play import play_game as play_fc
        from engine.rulesets.into_the_unknown.play import play_mission as play_itu

        play_fc(2, folder / "fc.trek", turn_limit=3)
        play_itu(2, folder / "itu.trek", rounds=3)
        _CACHE["replays"] = {p.stem: p for p in (folder / f"{n}.trek" for n in ("duel", "act1", "table", "fc", "itu"))}
    replays: dict[str, Path] = _CACHE["replays"]
    return replays


def _write_replay(path: Path, header: dict[str, Any], events: list[dict[str, Any]], result: Any) -> bool:
    """Write a (mutated) game with sound framing; False when the writer refuses it (not plain data)."""
    from engine.replay import ReplayError, ReplayWriter

    if not all(isinstance(e, dict) for e in events):
        return False
    try:
        with ReplayWriter(path, header, keyframe_every=10**6) as writer:
            for i, event in enumerate(events):
                writer.event({**event, "seq": i})
            writer.close(result if isinstance(result, dict) or result is None else None)
    except (ReplayError, TypeError, ValueError):
        return False
    return True


def replay_case(rng: random.Random, work: Path) -> list[Outcome]:
    """A sound replay of some ruleset with one thing changed in its header, an event, or its result,
    written with sound framing (so only the rules can tell), then read by every command."""
    from engine.replay import open_replay

    name, source = rng.choice(sorted(sound_replays(work / "sound").items()))
    replay = open_replay(source)
    header, events, result = copy.deepcopy(replay.header), list(replay.events()), replay.result
    where = rng.random()
    if where < 0.15:
        header = mutate(rng, header)
    elif where < 0.2:
        result = mutate(rng, result)
    else:
        i = rng.randrange(len(events))
        events[i] = mutate(rng, events[i])
    path = work / f"m-{name}.trek"
    if not isinstance(header, dict) or not _write_replay(path, header, events, result):
        return []
    n = str(rng.randrange(-1, len(events)))
    outcomes = [trek("replay", "validate", str(path)), trek("replay", "info", str(path)),
                trek("replay", "state", str(path), "--at", n), trek("replay", "dump", str(path)),
                trek("replay", "export", str(path), "-o", str(work / "m.json")), viewer_opens(path)]
    if name in ATTACK_WING:
        outcomes.append(trek("notation", "export", str(path)))
    return outcomes


ATTACK_WING = frozenset({"duel", "table"})  # the sound replays `notation export` writes out


def replay_bytes_case(rng: random.Random, work: Path) -> list[Outcome]:
    """A sound replay's bytes flipped, cut or doubled."""
    name, source = rng.choice(sorted(sound_replays(work / "sound").items()))
    path = work / f"b-{name}.trek"
    path.write_bytes(mutate_bytes(rng, source.read_bytes()))
    return [trek("replay", "validate", str(path)), trek("replay", "info", str(path)),
            trek("replay", "info", "--salvage", str(path)), viewer_opens(path)]


def json_form_case(rng: random.Random, work: Path) -> list[Outcome]:
    """A replay's JSON form with one thing changed, imported back."""
    name, source = rng.choice(sorted(sound_replays(work / "sound").items()))
    exported = work / f"j-{name}.json"
    if not exported.exists():
        assert trek("replay", "export", str(source), "-o", str(exported)).status == 0
    doc = mutate(rng, json.loads(exported.read_text(encoding="utf-8")))
    path = work / "j.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = work / "j.trek"
    first = trek("replay", "import", str(path), "-o", str(out))
    return [first, trek("replay", "validate", str(out))] if first.status == 0 else [first]


def _document_case(rng: random.Random, work: Path, source: Path, name: str, argv: Callable[[Path], list[str]],
                   extra: Callable[[Path], None] | None = None) -> list[Outcome]:
    doc = mutate(rng, json.loads(source.read_text(encoding="utf-8")))
    path = work / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    if extra is not None:
        extra(work)
    return [trek(*argv(path))]


def fleet_case(rng: random.Random, work: Path) -> list[Outcome]:
    return _document_case(rng, work, ROOT / "replays" / "fleets" / "federation.json", "fleet.json",
                          lambda p: ["fleet", "check", str(p)])


def scenario_case(rng: random.Random, work: Path) -> list[Outcome]:
    def fleets(folder: Path) -> None:
        target = folder / "fleets"
        if not target.exists():
            target.mkdir()
            for f in (ROOT / "replays" / "fleets").glob("*.json"):
                (target / f.name).write_bytes(f.read_bytes())

    return _document_case(rng, work, ROOT / "replays" / rng.choice(["duel.json", "skirmish.json"]), "scenario.json",
                          lambda p: ["scenario", "show", str(p)], fleets)


def mission_case(rng: random.Random, work: Path) -> list[Outcome]:
    out = _document_case(rng, work, ROOT / "replays" / "missions" / "alliance-act1.json", "mission.json",
                         lambda p: ["mission", "show", str(p)])
    if out[0].status == 0:  # a mission `mission show` accepts must play too
        out.append(trek("mission", "play", str(work / "mission.json"), "--rounds", "1", "--seed", "1"))
    return out


def campaign_case(rng: random.Random, work: Path) -> list[Outcome]:
    base = work / "campaign-new.json"
    if not base.exists():
        assert trek("campaign", "new", str(base)).status == 0
    return _document_case(rng, work, base, "campaign.json", lambda p: ["campaign", "status", str(p)])


def notation_case(rng: random.Random, work: Path) -> list[Outcome]:
    source = ROOT / "replays" / "notation" / rng.choice(["duel-seed7.trekn", "rulebook-combat-example.trekn"])
    path = work / "game.trekn"
    text = source.read_text(encoding="utf-8")
    for _ in range(rng.randint(1, 3)):
        text = mutate_text(rng, text)
    path.write_text(text, encoding="utf-8", errors="surrogatepass")  # (a lone surrogate: bytes no UTF-8 has)
    return [trek("notation", "check", str(path))]


def fleet_builder_case(rng: random.Random, work: Path) -> list[Outcome]:
    folder = ROOT / "tests" / "fleet_formats"
    source = rng.choice(sorted(p for p in folder.iterdir() if p.suffix in (".spacedock", ".json", ".txt")))
    path = work / f"import{source.suffix}"
    text = source.read_text(encoding="utf-8")
    if source.suffix in (".spacedock", ".json") and rng.random() < 0.7:
        try:
            text = json.dumps(mutate(rng, json.loads(text)))
        except ValueError:
            text = mutate_text(rng, text)
    else:
        text = mutate_text(rng, text)
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    out = [trek("fleet", "import", str(path), "-o", str(work / "imported.json"))]
    if source.suffix == ".txt" and text.strip().startswith("http"):  # a share link, pasted
        out.append(trek("fleet", "import", text.strip().splitlines()[0], "-o", str(work / "imported.json")))
    return out


CASES: dict[str, Callable[[random.Random, Path], list[Outcome]]] = {
    "replay": replay_case, "replay-bytes": replay_bytes_case, "replay-json": json_form_case,
    "fleet": fleet_case, "scenario": scenario_case, "mission": mission_case, "campaign": campaign_case,
    "notation": notation_case, "fleet-builder": fleet_builder_case,
}
# issue 34's kinds, with the promises they check (tests/fuzz_hostile.py, which imports this module's helpers)
from fuzz_hostile import HOSTILE_CASES  # noqa: E402

CASES.update(HOSTILE_CASES)


def run_case(kind: str, seed: int, work: Path) -> list[Outcome]:
    """The outcomes of case ``seed`` of ``kind`` (reproducible: the same pair, the same files)."""
    work.mkdir(parents=True, exist_ok=True)
    return CASES[kind](random.Random(f"{kind}:{seed}"), work)


def failures(kind: str, seed: int, work: Path) -> list[str]:
    """What went wrong in a case: each outcome that is not 0, 1 or a one-line 2, described."""
    out = []
    for o in run_case(kind, seed, work):
        if not o.ok:
            what = o.crash.strip().splitlines()[-1] if o.crash else f"exit {o.status}, stderr {o.err[:300]!r}"
            out.append(f"{kind} seed {seed}: trek {' '.join(o.argv)}: {what}")
    return out
