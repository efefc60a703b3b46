"""`trek replay validate` plays the game again: forged games are found and named by event.

Each forgery below is one a player could make with a msgpack library: the framing and the CRCs
are rewritten, so only playing the game again by the rules can tell (issue 21 lists them).
"""

from __future__ import annotations

import copy
import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.replay import ReplayWriter, open_replay
from engine.replay.validate import validate_replay
from engine.rulesets.attack_wing.notation.importer import run_notation
from engine.rulesets.attack_wing.notation.parser import read_notation
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.replay_check import replay_game
from engine.rulesets.attack_wing.scenario import load_scenario
from trek.main import main

ROOT = Path(__file__).resolve().parent.parent
Game = tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any] | None]


def read(data: bytes | Path) -> Game:
    replay = open_replay(data)
    return replay.header, list(replay.events()), replay.result


@pytest.fixture(scope="module")
def engine_game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    out = tmp_path_factory.mktemp("g") / "duel.trek"
    play(load_scenario("duel"), 3, out)
    return read(out)


@pytest.fixture(scope="module")
def table_game() -> Game:
    doc, _ = read_notation(ROOT / "replays" / "notation" / "rulebook-combat-example.trekn")
    outcome = run_notation(doc, ROOT / "replays" / "notation", record=True)
    assert outcome.sound and outcome.replay is not None
    return read(outcome.replay)


def first(events: list[dict[str, Any]], kind: str) -> int:
    return next(i for i, e in enumerate(events) if e["type"] == kind)


def check(game: Game, change: Callable[[dict[str, Any], list[dict[str, Any]], dict[str, Any]], Any] | None = None,
          complete: bool = True) -> list[str]:
    header, events, result = copy.deepcopy(game)
    assert result is not None
    if change is not None:
        change(header, events, result)
    return replay_game(header, iter(events), result, complete)


def test_games_the_engine_and_a_table_played_are_sound(engine_game: Game, table_game: Game) -> None:
    assert check(engine_game) == []
    assert check(table_game) == []


def set_die(events: list[dict[str, Any]], face: str) -> int:
    i = first(events, "dice_rolled")
    events[i]["faces"][0] = face if events[i]["faces"][0] != face else "blank"
    return i


FORGERIES: dict[str, tuple[Callable[..., Any], str]] = {
    # (change, what the report must say)
    "a die's face changed": (lambda h, e, r: set_die(e, "crit"), r"event \d+: 'dice_rolled' .*faces\[0\]"),
    "60,000 dice": (lambda h, e, r: e[first(e, "dice_rolled")].update(faces=["crit"] * 60_000),
                    r"'dice_rolled' .*faces: the file has 60000 items"),
    "a ship 300 mm off its template": (lambda h, e, r: e[first(e, "ship_moved")]["end"].update(
        x=e[first(e, "ship_moved")]["end"]["x"] + 300), r"'ship_moved' .*end\.x"),
    "a ship's hull 1000": (lambda h, e, r: e[0]["ships"][0].update(hull=1000),
                           r"event 0: 'game_started' .*ships\[0\]\.hull: the file has 1000"),
    "a ship's attack 1000 in the header": (lambda h, e, r: h["fleets"][0]["ships"][0].update(attack=1000),
                                           r"header disagrees .*attack: the file has 1000"),
    "a damage event dropped": (lambda h, e, r: e.pop(first(e, "damage_dealt")), r"event \d+: "),
    "a damage event doubled": (lambda h, e, r: e.insert(first(e, "damage_dealt"), e[first(e, "damage_dealt")]),
                               r"event \d+: 'damage_dealt'"),
    "the winner flipped": (lambda h, e, r: e[first(e, "game_ended")].update(winner=9),
                           r"'game_ended' .*winner: the file has 9"),
    "the index's result contradicts the end": (lambda h, e, r: r.update(winner=9), r"the index's result"),
    "the seed changed": (lambda h, e, r: h.update(seed=h["seed"] + 1), r"event 0: 'game_started' .*deck"),
    "the play area changed": (lambda h, e, r: h["scenario"]["play_area"].update(width=400),
                              r"header's scenario is not a valid one|event \d+"),
    "events after the end": (lambda h, e, r: e.append({**e[-1], "seq": len(e)}), r"game is over after event"),
    "an unknown action": (lambda h, e, r: e[first(e, "action_performed")].update(action="warp_core_ejection"),
                          r"event \d+: the rules refuse the recorded decision: .*warp.core.ejection"),
    "a dial off the ship's dial": (lambda h, e, r: e[first(e, "dial_set")].update(speed=9),
                                   r"event \d+: .*not on its dial"),
}


@pytest.mark.parametrize("name", list(FORGERIES))
def test_forged_engine_games_are_found_and_named(engine_game: Game, name: str) -> None:
    change, says = FORGERIES[name]
    problems = check(engine_game, change)
    assert problems, f"{name}: called sound"
    assert re.search(says, problems[0]), problems


def test_a_table_games_dice_are_taken_as_recorded_but_must_be_dice(table_game: Game) -> None:
    evade = check(table_game, lambda h, e, r: e[first(e, "dice_rolled")]["faces"].__setitem__(0, "evade"))
    assert evade and "'evade' is not a face of the attack die" in evade[0]
    many = check(table_game, lambda h, e, r: e[first(e, "dice_rolled")].update(faces=["hit"] * 60_000))
    assert many and "60000 attack dice are recorded" in many[0]
    empty = check(table_game, lambda h, e, r: e[0].update(deck=[]))
    assert empty and "damage deck" in empty[0]


def test_a_cut_file_is_checked_up_to_its_cut(engine_game: Game) -> None:
    header, events, result = engine_game
    assert replay_game(header, iter(events[:40]), None, False) == []
    assert "the file ends here, but by the rules the game goes on" in replay_game(header, iter(events[:40]), result,
                                                                                   True)[0]


def write(game: Game, path: Path) -> Path:
    header, events, result = game
    with ReplayWriter(path, header, keyframe_every=10_000) as w:
        for e in events:
            w.event(e)
        w.close(result)
    return path


def test_validate_and_the_viewer_refuse_a_forged_file(engine_game: Game, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    from engine.replay_timeline import load_timeline

    good = write(engine_game, tmp_path / "good.trek")
    assert validate_replay(good).replayed
    header, events, result = copy.deepcopy(engine_game)
    i = set_die(events, "crit")
    forged = write((header, events, result), tmp_path / "forged.trek")
    report = validate_replay(forged)
    assert not report.sound and not report.replayed and f"event {i}" in report.problems[0]
    assert main(["replay", "validate", str(forged)]) == 1
    assert f"event {i}: 'dice_rolled' does not follow the rules" in capsys.readouterr().out
    with pytest.raises(ValueError, match=f"not a sound replay .*event {i}"):
        load_timeline(forged)
    assert main(["notation", "export", str(forged)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a sound replay" in err
    assert load_timeline(good).timeline is not None


def test_bytes_in_memory_validate_too() -> None:
    buf = io.BytesIO()
    assert validate_replay(buf.getvalue()).sound is False


@pytest.fixture(scope="module")
def alliance_game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    from engine.rulesets.alliance.play import play_mission

    out = tmp_path_factory.mktemp("a") / "act1.trek"
    play_mission("alliance-act1", 2, 2, out, rounds=3)
    return read(out)


def alliance_check(game: Game, change: Callable[..., Any] | None = None) -> list[str]:
    from engine.rulesets.alliance.replay_check import replay_game as alliance_replay

    header, events, result = copy.deepcopy(game)
    if change is not None:
        change(header, events, result)
    return alliance_replay(header, iter(events), result, True)


def test_alliance_missions_are_played_again_too(alliance_game: Game) -> None:
    assert alliance_check(alliance_game) == []
    assert "'ship_moved' does not follow the rules: end.y" in alliance_check(
        alliance_game, lambda h, e, r: e[first(e, "ship_moved")]["end"].update(y=1.5))[0]
    assert "faces[0]" in alliance_check(alliance_game, lambda h, e, r: set_die(e, "crit"))[0]
    # the seed places the terrain: another seed, another table than the header's
    assert "the header disagrees with its own mission: table.obstacles" in alliance_check(
        alliance_game, lambda h, e, r: h.update(seed=h["seed"] + 1))[0]
    missing = alliance_check(alliance_game, lambda h, e, r: h.pop("scenario_name"))
    assert missing and "scenario_name" in missing[0]
    assert "the index's result" in alliance_check(alliance_game, lambda h, e, r: r.update(success=not r["success"]))[0]


def test_a_file_from_an_engine_with_other_rules_is_noted_not_refused(engine_game: Game, tmp_path: Path) -> None:
    """A game played by an older engine's rules is no forgery: today's departures are notes (replay-format.md)."""
    from engine.replay_timeline import load_timeline

    header, events, result = copy.deepcopy(engine_game)
    header["engine_version"] = "0.0.1"
    i = set_die(events, "crit")  # (what an older engine's dice could have been)
    path = write((header, events, result), tmp_path / "old.trek")
    report = validate_replay(path)
    assert report.sound and not report.replayed
    assert "written by engine 0.0.1" in report.notes[-1] and f"event {i}" in report.notes[-1]
    assert len(load_timeline(path).timeline) == len(events)
    # ...but the version is the file's own claim, so such a file is not vouched for: a forger who
    # writes an old engine_version gets "UNVERIFIED" and exit status 3, never "sound" and 0
    assert not report.verified and report.as_json()["verified"] is False
    assert main(["replay", "validate", str(path)]) == 3


def test_a_file_from_another_engine_that_plays_the_same_is_verified(engine_game: Game, tmp_path: Path) -> None:
    header, events, result = copy.deepcopy(engine_game)
    header["engine_version"] = "0.0.1"  # an older engine whose rules gave this very game
    report = validate_replay(write((header, events, result), tmp_path / "old.trek"))
    assert report.sound and report.replayed and report.verified


def test_a_game_where_a_ship_rearms_is_played_again_and_sound(tmp_path: Path) -> None:
    # issue 15: the rearm action (rulebook "Disabling Upgrade Cards") is checked like every other
    out = tmp_path / "skirmish.trek"
    play(load_scenario("skirmish"), 3, out)  # a seed where a ship re-arms (the game changes with the engine)
    game = read(out)
    assert any(e["type"] == "weapon_enabled" for e in game[1])
    assert check(game) == []


def test_events_of_an_older_event_schema_are_upgraded_before_the_comparison(
        engine_game: Game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A ruleset that raised its event schema still re-plays files of the older one (through its upgrades)."""
    import dataclasses

    from engine.rulesets import registry
    from engine.rulesets.base import EventUpgrade

    current = registry.ruleset_for("attack_wing")
    renamed = {"dial_set": "dial_chosen"}  # schema 1 -> 2 renamed an event type (and back, to keep the engine)
    older = {v: k for k, v in renamed.items()}
    newer = dataclasses.replace(current, event_schema=current.event_schema + 1, upgrades={
        **current.upgrades, current.event_schema: EventUpgrade(
            current.event_schema, "renamed", lambda e: {**e, "type": older.get(e["type"], e["type"])})})
    header, events, result = copy.deepcopy(engine_game)
    events = [{**e, "type": renamed.get(e["type"], e["type"])} for e in events]  # as the old schema wrote them
    path = write((header, events, result), tmp_path / "schema1.trek")
    registry.unregister("attack_wing")
    try:
        registry.register(newer)
        report = validate_replay(path)
    finally:
        registry.unregister("attack_wing")
        registry.register(current)
    assert report.replayed, report.problems


def test_a_file_of_the_previous_event_schema_is_played_again_and_sound(tmp_path: Path) -> None:
    """A replay written before event schema 8 (no ``weapon_disabled.discard``) is read through the
    upgrades; its header's older ``event_schema`` is the file's own, not a departure from the
    scenario, and the game plays again event for event (it was NOT SOUND: "the header disagrees
    with its own scenario: event_schema")."""
    from engine.replay.jsonform import export_json, import_json

    path = tmp_path / "now.trek"
    play(load_scenario("skirmish"), 1, path)  # the Defiant fires its Quantum Torpedoes
    doc = export_json(open_replay(path))
    assert doc["header"]["event_schema"] == 8
    doc["header"]["event_schema"] = 7
    fired = [e for e in doc["events"] if e["type"] == "weapon_disabled"]
    assert fired
    for e in fired:
        del e["discard"]
    old = tmp_path / "schema7.trek"
    import_json(doc, old)
    report = validate_replay(old)
    assert report.sound and report.replayed and report.verified, report.problems
