"""Forged replays that once validated as sound (issue 34, items 14-16 and 19): a complete file cut short,
a ruleset nobody knows, values of another type that compare equal, reasons and header keys never checked.

`trek replay validate` compares what the engine would write, value and type, header and keyframes
included; a file that says it is complete must end as the game ends, with the result the rules give.
"""

from __future__ import annotations

import copy
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fuzzing import _write_replay

from engine.replay import ReplayWriter, open_replay
from engine.replay.format import KIND_EVENT
from engine.replay.validate import validate_replay

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def sound(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A sound replay of each ruleset: Attack Wing by the AI and from a table, Alliance, Fleet Captains,
    Into the Unknown."""
    from engine.rulesets.alliance.play import play_mission
    from engine.rulesets.attack_wing.notation.importer import run_notation
    from engine.rulesets.attack_wing.notation.parser import read_notation
    from engine.rulesets.attack_wing.play import play
    from engine.rulesets.attack_wing.scenario import load_scenario
    from engine.rulesets.fleet_captains.play import play_game as play_fc
    from engine.rulesets.into_the_unknown.play import play_mission as play_itu

    folder = tmp_path_factory.mktemp("sound")
    play(load_scenario("duel"), 3, folder / "duel.trek", players=("ai", "ai"))
    play_mission("alliance-act1", 2, 2, folder / "act1.trek", rounds=2)
    doc, _ = read_notation(ROOT / "replays" / "notation" / "rulebook-combat-example.trekn")
    outcome = run_notation(doc, ROOT / "replays" / "notation", record=True)
    assert outcome.replay is not None
    (folder / "table.trek").write_bytes(outcome.replay)
    play_fc(2, folder / "fc.trek", turn_limit=3)
    play_itu(2, folder / "itu.trek")
    paths = {p.stem: p for p in folder.iterdir()}
    for path in paths.values():
        assert validate_replay(path).sound and validate_replay(path).replayed, path
    return paths


def parts(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]], Any]:
    replay = open_replay(path)
    return copy.deepcopy(replay.header), list(replay.events()), copy.deepcopy(replay.result)


def unsound(path: Path) -> bool:
    report = validate_replay(path)
    return not report.sound


# -- 14: a complete file cut short ------------------------------------------------------------------

CUTS = {"duel": ("dial_set", "dice_rolled", "action_performed", "attack_declared"),
        "table": ("dial_set", "dice_rolled", "attack_declared"),
        "act1": ("dice_rolled", "dial_set", "ai_decision"),
        "fc": (), "itu": ()}


@pytest.mark.parametrize("name", sorted(CUTS))
def test_a_complete_replay_cut_before_a_decision_or_a_die_roll_is_not_sound(sound: dict[str, Path], name: str,
                                                                              tmp_path: Path) -> None:
    """The events up to just before a decision (a dial, an action, an attack) or a table die roll, framed
    as a whole file with the game's own result: the re-play ran out of log and said nothing."""
    header, events, result = parts(sound[name])
    types = [e["type"] for e in events]
    cuts = [types.index(t, len(types) // 3) for t in CUTS[name] if t in types[len(types) // 3:]]
    cuts += [len(events) // 2, len(events) - 2]
    for cut in cuts:
        path = tmp_path / f"cut-{cut}.trek"
        assert _write_replay(path, header, events[:cut], result)
        assert unsound(path), f"{name} cut before event {cut} ({types[cut]}) validates as sound"
        forged = {**result, "winner": 1 - result["winner"]} if isinstance(result.get("winner"), int) else result
        assert _write_replay(path, header, events[:cut], forged)
        assert unsound(path), f"{name} cut before event {cut} with a forged winner validates as sound"


# -- 15: a ruleset nobody knows -----------------------------------------------------------------------

def test_an_unknown_ruleset_is_unverified_never_sound(sound: dict[str, Path], tmp_path: Path) -> None:
    """ruleset 'foo': only the framing can be checked, which any events and any result pass."""
    header, events, result = parts(sound["duel"])
    path = tmp_path / "foo.trek"
    assert _write_replay(path, {**header, "ruleset": "foo"}, events, result)
    report = validate_replay(path)
    assert report.sound and not report.verified and not report.rules_checked
    done = subprocess.run([sys.executable, "-m", "trek", "replay", "validate", str(path)],
                          capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 3, done.stdout + done.stderr
    assert ": sound" not in done.stdout and "UNVERIFIED" in done.stdout


# -- 16: values of another type, reasons, header keys, keyframes --------------------------------------

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


def _first(events: list[dict[str, Any]], wanted: Any) -> tuple[int, tuple[Any, ...], Any] | None:
    for i, event in enumerate(events):
        for path, value in _leaves(event):
            if path[0] != "seq" and wanted(value):
                return i, path, value
    return None


SWAPS = {
    "true for 1": (lambda v: type(v) is int and v == 1, lambda v: True),
    "4.0 for 4": (lambda v: type(v) is int and v > 1, float),
    "-0.0 for 0.0": (lambda v: type(v) is float and v == 0.0, lambda v: -0.0),
    "false for 0": (lambda v: type(v) is int and v == 0, lambda v: False),
}


@pytest.mark.parametrize("name", ["duel", "table", "act1", "fc", "itu"])
@pytest.mark.parametrize("swap", sorted(SWAPS))
def test_a_value_of_another_type_that_compares_equal_is_not_sound(sound: dict[str, Path], name: str, swap: str,
                                                                  tmp_path: Path) -> None:
    """An event holding true where the engine writes 1, 4.0 for 4, -0.0 for 0.0: Python's == says equal."""
    header, events, result = parts(sound[name])
    wanted, change = SWAPS[swap]
    found = _first(events, wanted)
    if found is None:
        pytest.skip(f"no such value in the {name} game")
    i, path, value = found
    _set(events[i], path, change(value))
    target = tmp_path / "swapped.trek"
    if not _write_replay(target, header, events, result):
        pytest.skip("the writer refuses it")
    assert unsound(target), f"{name}: event {i} {'.'.join(map(str, path))} = {change(value)!r} validates"


REASONS = {"newline": "closing in\nresult: Federation wins", "ESC": "close in \x1b[2J", "NUL": "close\x00 in",
           "right-to-left override": "close in \u202esniw"}


@pytest.mark.parametrize("name", ["duel", "table", "act1", "fc", "itu"])
@pytest.mark.parametrize("text", sorted(REASONS))
def test_a_reason_text_holding_control_characters_is_not_sound(sound: dict[str, Path], name: str, text: str,
                                                              tmp_path: Path) -> None:
    """A decision's reason (or why) with a newline, ESC, NUL or U+202E: the re-play takes the file's
    reason for the seat's, so any text matched."""
    header, events, result = parts(sound[name])
    found = next(((e, k) for e in events for k in ("reason", "why", "text", "note") if isinstance(e.get(k), str)),
                 None)
    assert found is not None, f"no event of the {name} game gives a reason"
    event, key = found
    event[key] = REASONS[text]
    target = tmp_path / "reason.trek"
    assert _write_replay(target, header, events, result)
    assert unsound(target), f"{name}: a {text} in {event['type']}.{key} validates"


@pytest.mark.parametrize("change", ["sides renamed", "title changed", "extra key", "seats missing"])
def test_into_the_unknowns_header_is_the_one_the_engine_writes(sound: dict[str, Path], change: str,
                                                              tmp_path: Path) -> None:
    """Into the Unknown checked four header keys: renamed sides, a title or an extra key passed."""
    header, events, result = parts(sound["itu"])
    if change == "sides renamed":
        header["sides"] = ["Romulans", "Dominion"]
    elif change == "title changed":
        header["title"] = "A game that never was"
    elif change == "extra key":
        header["winner"] = "Federation"
    else:
        del header["seats"]
    target = tmp_path / "header.trek"
    assert _write_replay(target, header, events, result)
    assert unsound(target)


@pytest.mark.parametrize("version", ["x\x00y", "0.10.0\u202e", "9" * 41, 10])
def test_an_engine_version_that_is_no_version_is_not_sound(sound: dict[str, Path], version: Any,
                                                           tmp_path: Path) -> None:
    """The header's engine_version 'x\\x00y' passed as another engine's (and Into the Unknown played the
    same by today's rules: sound): the version is the file's claim, a short plain text."""
    header, events, result = parts(sound["itu"])
    header["engine_version"] = version
    target = tmp_path / "version.trek"
    assert _write_replay(target, header, events, result)
    assert unsound(target)


def test_a_table_game_whose_header_seed_is_changed_is_not_sound(sound: dict[str, Path], tmp_path: Path) -> None:
    """Seed 1 made 2 in a game from a table: the recorded damage deck is the seed's shuffle under the cards
    the table recorded (docs/notation.md, Damage cards), so the seed is checked against the deck."""
    header, events, result = parts(sound["table"])
    header["seed"] = 2
    target = tmp_path / "seed.trek"
    assert _write_replay(target, header, events, result)
    assert unsound(target)


def test_a_renamed_key_inside_a_fleet_captains_keyframe_is_not_sound(sound: dict[str, Path], tmp_path: Path) -> None:
    """A keyframe read through the codec took the default for a key it did not find: a renamed key
    agreed with the folded state."""
    replay = open_replay(sound["fc"])
    target = tmp_path / "keyframe.trek"
    renamed = 0
    with ReplayWriter(target, replay.header, keyframe_every=10**6) as writer:
        for rec in replay.records():
            if rec.kind == KIND_EVENT:
                writer.event(replay.event_body(rec))
                continue
            body = copy.deepcopy(replay.keyframe_body(rec))
            key = next(k for k, v in body.items() if k not in ("turn", "seq") and v in (None, [], {}, 0, False)) \
                if any(v in (None, [], {}, 0, False) for v in body.values()) else None
            if key is not None and not renamed:
                body[key + "_"] = body.pop(key)
                renamed += 1
            writer.keyframe(body)
        writer.close(replay.result)
    assert renamed, "no keyframe with a key to rename"
    assert unsound(target)


# -- 19: notation import refuses what validation refuses ----------------------------------------------

def test_notation_import_refuses_seed_minus_one(tmp_path: Path) -> None:
    """`Seed: -1` imported into a replay that validate refused ('the header's seed -1 is not a seed')."""
    from fuzzing import trek

    text = (ROOT / "replays" / "notation" / "rulebook-combat-example.trekn").read_text(encoding="utf-8")
    source = tmp_path / "seed.trekn"
    source.write_text(text.replace("Seed: 1", "Seed: -1"), encoding="utf-8")
    out = tmp_path / "seed.trek"
    assert trek("notation", "import", str(source), "-o", str(out)).status == 1
    assert not out.exists()
    assert trek("notation", "check", str(source)).status == 1


def test_notation_import_refuses_a_comment_validation_would_refuse(tmp_path: Path) -> None:
    """A dial's comment holding ESC became the dial's reason, which validation refuses as not plain text."""
    from fuzzing import trek

    text = (ROOT / "replays" / "notation" / "rulebook-combat-example.trekn").read_text(encoding="utf-8")
    source = tmp_path / "comment.trekn"
    source.write_text(text.replace("# close in at full speed", "# close in \x1b[2J", 1), encoding="utf-8")
    out = tmp_path / "comment.trek"
    outcome = trek("notation", "import", str(source), "-o", str(out))
    assert outcome.status == 1 and "control character (\\x1b)" in outcome.err
    assert not out.exists()


def test_every_bundled_notation_still_imports_and_validates(tmp_path: Path) -> None:
    """The net under import (the replay it writes is validated) refuses nothing sound."""
    from fuzzing import trek

    for source in sorted((ROOT / "replays" / "notation").glob("*.trekn")):
        out = tmp_path / f"{source.stem}.trek"
        assert trek("notation", "import", str(source), "-o", str(out)).status == 0, source
        assert validate_replay(out).sound
