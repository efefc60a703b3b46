"""Into the Unknown's notation (issue 31): AI games exported and imported byte for byte, the learning
guide's round 1 written by hand and checked against the guide's text, and every kind of refusal with
the rule it names; `trek notation` reads the game from the notation's Game tag."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.replay import open_replay
from engine.rulesets.into_the_unknown.notation.exporter import export_file
from engine.rulesets.into_the_unknown.notation.playing import run_text
from engine.rulesets.into_the_unknown.play import play_mission
from engine.rulesets.into_the_unknown.reducer import apply
from engine.rulesets.into_the_unknown.ruleset import RULESET
from engine.rulesets.into_the_unknown.state import ItuState
from engine.rulesets.into_the_unknown.table import INCH
from trek.main import main

GUIDE = Path(__file__).resolve().parents[1] / "replays" / "notation" / "itu-guide-round-1.trekn"
BUNDLED = Path(__file__).resolve().parents[1] / "replays" / "notation" / "itu-perditions-gate-seed7.trekn"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# seeds with a torpedo shot down mid-order and its blast (11), come abouts stopped by a ship (62, 82),
# a launch turned -0.0 notches (144), both complications, ties and round limits
@pytest.mark.parametrize("seed", [1, 7, 11, 62, 82, 144])
def test_import_of_an_export_gives_back_the_ai_game_byte_for_byte(tmp_path: Path, seed: int) -> None:
    path = tmp_path / "game.trek"
    play_mission(seed, path)
    text = export_file(path)
    outcome = run_text(text, None, True)
    assert outcome.sound, [i.format("x") for i in outcome.issues]
    assert outcome.replay == path.read_bytes()


def test_a_game_called_at_a_round_limit_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "short.trek"
    play_mission(3, path, rounds=2)
    text = export_file(path)
    assert "Rounds: 2" in text
    assert run_text(text, None, True).replay == path.read_bytes()


def test_the_bundled_export_is_the_game_trek_play_records(tmp_path: Path) -> None:
    """replays/notation/itu-perditions-gate-seed7.trekn is `trek play itu-perditions-gate --seed 7`
    exported (re-export it after an AI or rules change)."""
    path = tmp_path / "seed7.trek"
    play_mission(7, path)
    assert export_file(path) == BUNDLED.read_text()


def events_of(data: bytes, tmp_path: Path) -> list[dict[str, object]]:
    path = tmp_path / "guide.trek"
    path.write_bytes(data)
    return list(open_replay(path).events())


def test_the_guides_round_one_written_by_hand(tmp_path: Path) -> None:
    """Guide, the blue-text examples of round 1: Engage Warp (Sisko, 1 reserve, warp 8, 15" into the
    system), the Test Example (difficulty 2, 3 intuition dice, the blank and the analysis rerolled: a
    success and a breakthrough, 1 victory point and 1 more for the breakthrough), the Attack Example
    (the Defiant's fore end at 6", 2 intuition dice and Talak'talan's 1 expertise die, Relentless
    rerolls the blank, 2 successes hit evasion 2: hull 6 to 4, Comms Relays Down at instruments; the
    hostile act: 2 negative points and both directives HOSTILE), the launch (endurance 1), the Fighter
    to red 1, the torpedo's 4" along its port side and its removal, priority to the Dominion."""
    outcome = run_text(GUIDE.read_text(), GUIDE.parent, True)
    assert outcome.sound, [i.format("guide") for i in outcome.issues]
    assert outcome.replay is not None
    events = events_of(outcome.replay, tmp_path)
    state = ItuState()
    for raw in events:
        state = apply(state, RULESET.codec.decode_event(raw))
    warp = next(e for e in events if e["type"] == "ship_moved" and e["ship"] == "defiant")
    assert warp["warp_factor"] == 8 and warp["distance"] == pytest.approx(15 * INCH) and warp["area"] == 1
    warp_order = next(e for e in events if e["type"] == "order_given")
    assert warp_order["officer"] == "sisko" and warp_order["paid"]["reserve"] == 1  # type: ignore[index]
    test = next(e for e in events if e["type"] == "test_made")
    assert test["difficulty"] == 2 and [d["face"] for d in test["dice"]] == ["blank", "analysis", "success"]  # type: ignore[attr-defined]
    assert test["success"] and [s["face"] for s in test["steps"]] == ["breakthrough", "analysis"]  # type: ignore[attr-defined]
    attack = next(e for e in events if e["type"] == "attack_made")
    assert attack["range"] == pytest.approx(6 * INCH, abs=0.05 * INCH) and attack["arc"] == "fore"
    assert [(d["kind"], d["face"]) for d in attack["dice"]] == [  # type: ignore[attr-defined]
        ("intuition", "blank"), ("intuition", "analysis"), ("expertise", "success")]
    assert attack["hit"] and attack["damage"] == 2
    defiant, fighter = state.ship("defiant"), state.ship("fighter")
    assert defiant.hull_value == 4 and defiant.cards == (("Comms Relays Down", "instruments"),)
    assert fighter.stats.label == "red 1" and not state.projectiles
    launched = next(e for e in events if e["type"] == "projectile_launched")
    assert launched["endurance"] == 1 and launched["turn"] == -0.5
    moved = next(e for e in events if e["type"] == "projectile_moved")
    assert moved["side"] == "port" and moved["distance"] == pytest.approx(4 * INCH)
    assert state.victory_points == (2, 0) and state.negative_points == (0, 2)
    assert state.directives == ("hostile", "hostile") and state.priority == 1
    assert not any(e["type"] == "anomaly_exposed" for e in events)  # "no units can expose anomalies"
    assert outcome.result == {"winner": 0, "scores": [2, -2], "rounds": 1, "complication": None}


GAME = """Game: into_the_unknown
Seed: 1
Rounds: 1

Round 1
"""


def issues(text: str) -> list[tuple[int, str, str, str]]:
    outcome = run_text(text, None, False)
    assert not outcome.sound
    return [(i.line, str(i.as_dict()["class"]), str(i.as_dict()["message"]), str(i.as_dict()["rule"]))
            for i in outcome.issues]


def guide_with(old: str, new: str) -> str:
    text = GUIDE.read_text()
    assert old in text
    return text.replace(old, new, 1)


def line_of(text: str, needle: str) -> int:
    return next(no for no, line in enumerate(text.splitlines(), start=1) if needle in line)


def test_a_line_the_grammar_cannot_read_names_its_line() -> None:
    found = issues(GAME + "defiant flies to the moon\n")
    assert found[0][:2] == (6, "syntax") and "notation grammar" in found[0][3]


def test_header_refusals_name_the_tag() -> None:
    found = issues("Game: into_the_unknown\nSead: 4\nMission: elsewhere\n\nRound 1\n")
    assert [(line, code) for line, code, _, _ in found] == [(2, "header"), (3, "header")]
    assert "unknown tag 'Sead'" in found[0][2] and "itu-perditions-gate" in found[1][2]
    assert issues("Game: into_the_unknown\nSeed: twelve\n")[0][:2] == (2, "header")


def test_an_order_the_ship_cannot_be_given_quotes_the_priority_order_rule() -> None:
    text = guide_with("defiant priority WARP at captains_chair by sisko", "defiant priority WARP at helm by sisko")
    (line, code, message, rule), = issues(text)
    assert (line, code) == (line_of(text, "WARP at helm"), "order") and "Priority Orders" in rule
    assert "WARP at captains_chair by sisko" in message  # what it may do instead


def test_a_ship_that_is_not_in_the_game() -> None:
    text = guide_with("defiant priority WARP", "enterprise priority WARP")
    (line, code, message, rule), = issues(text)
    assert (line, code) == (line_of(text, "enterprise priority"), "ship") and "defiant, fighter" in message
    assert "Learning Mission Setup" in rule


def test_a_warp_beyond_the_drive_quotes_the_warp_rule() -> None:
    text = guide_with('warp 8 15"', 'warp 9 15"')
    (_, code, message, rule), = issues(text)
    assert code == "maneuver" and "warp drive" in message and "Engage Warp" in rule


def test_an_attack_out_of_arc_quotes_the_weapons_rule() -> None:
    text = guide_with('impulse 7.25" turn 1 starboard before', 'impulse 7.25" turn 1 port before')
    (line, code, message, rule), = issues(text)
    assert (line, code) == (line_of(text, "fighter priority FIRE WEAPONS"), "order")
    assert "not in the fore arc" in message
    text = guide_with("in fore power 2", "in fore power 4")
    (line, code, message, rule), = issues(text)
    assert (line, code) == (line_of(text, "attack defiant fore"), "attack") and "Making an Attack" in rule


def test_dice_that_cannot_be() -> None:
    """A face the die does not have (discovery is on the expertise die only), more dice than the rules
    roll (the test rolls 3 intuition dice for command 3)."""
    text = guide_with("roll: blank analysis success", "roll: discovery analysis success")
    (line, code, message, rule), = issues(text)
    assert (line, code) == (line_of(text, "roll: discovery"), "dice") and "no discovery face" in message
    assert "Making a Test" in rule
    text = guide_with("roll: blank analysis success", "roll: blank analysis success success")
    (line, code, message, _), = issues(text)
    assert code == "dice" and "roll 3 intuition and 0 expertise" in message


def test_rerolls_the_test_does_not_allow() -> None:
    text = guide_with("reroll 1 allowance: breakthrough", "reroll 7 allowance: breakthrough")
    found = issues(text)
    assert found[0][:2] == (line_of(text, "reroll 7"), "reroll") and "the pool has 3 dice" in found[0][2]
    text = guide_with("reroll 1 relentless: success", "reroll 1 relentless: success\n    reroll 2 relentless: blank")
    (line, code, _, _), = issues(text)
    assert (line, code) == (line_of(text, "reroll 2 relentless"), "unused")  # Relentless 1: one die


def test_a_damage_card_not_in_the_ships_deck() -> None:
    text = guide_with("card defiant: Comms Relays Down", "card defiant: Warp Core Breach")
    _, code, message, rule = issues(text)[0]  # the check goes on with the seed's card
    assert code == "damage" and "has no such card" in message and "Ship Hull Damage" in rule


def test_missing_lines() -> None:
    text = guide_with("Federation passes\nDominion passes\n", "")
    found = issues(text)
    assert found[0][1] == "missing" and "priority turn needs an order or a pass" in found[0][2]
    text = guide_with("  roll: blank analysis success\n", "")
    assert "no line for it" in next(m for _, c, m, _ in issues(text) if c == "missing")
    assert issues(GAME)[0][1] == "missing"  # a notation that stops before the game ends


def test_lines_after_the_end_and_a_wrong_result() -> None:
    text = GUIDE.read_text() + "\nRound 2\nFederation passes\n"
    found = issues(text)
    after = line_of(text, "Round 2")
    assert [(n, c) for n, c, _, _ in found] == [(after, "unused"), (after + 1, "unused")]
    text = guide_with("Result: Federation 2 to -2", "Result: Dominion")
    (_, code, message, rule), = issues(text)
    assert code == "result" and "Federation wins, 2 to -2" in message and "Ending the Game" in rule


def test_cli_reads_the_game_from_the_tag_and_writes_nothing_on_issues(capsys: pytest.CaptureFixture[str],
                                                                     tmp_path: Path) -> None:
    code, out, _ = run(capsys, "notation", "check", str(GUIDE), "--json")
    doc = json.loads(out)
    assert code == 0 and doc["game"] == "into_the_unknown" and doc["sound"] and doc["rounds"] == 1
    bad = tmp_path / "bad.trekn"
    bad.write_text(guide_with('warp 8 15"', 'warp 9 15"'))
    replay = tmp_path / "bad.trek"
    code, _, err = run(capsys, "notation", "import", str(bad), "-o", str(replay))
    assert code == 1 and not replay.exists() and "maneuver" in err
    good = tmp_path / "guide.trek"
    assert run(capsys, "notation", "import", str(GUIDE), "-o", str(good))[0] == 0
    again = tmp_path / "again.trekn"
    assert run(capsys, "notation", "export", str(good), "-o", str(again))[0] == 0
    assert run(capsys, "notation", "import", str(again), "-o", str(tmp_path / "again.trek"))[0] == 0
    assert (tmp_path / "again.trek").read_bytes() == good.read_bytes()


def test_cli_an_unknown_game_and_unreadable_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    other = tmp_path / "other.trekn"
    other.write_text("# a game\nGame: tiddlywinks\n")
    code, _, err = run(capsys, "notation", "check", str(other))
    assert code == 1 and "other.trekn:2: header: Game 'tiddlywinks'" in err
    huge = tmp_path / "huge.trekn"
    huge.write_bytes(b"Game: into_the_unknown\n" + b"x" * (4 * 1024 * 1024))  # 4 MiB of one line
    code, _, err = run(capsys, "notation", "check", str(huge))
    assert code == 2 and "larger than the limit" in err


def test_table_dice_answer_the_draws_and_the_counter_advances_as_the_seeds() -> None:
    """While a notation is imported the table's dice answer each draw (here: the last face of each die);
    the generator's counter advances as the seeded one would, so the events count the same draws."""
    from engine.rulesets.into_the_unknown.dice import roll
    from engine.rulesets.rng import TABLE_DICE, Rng

    token = TABLE_DICE.set(lambda n, number: n - 1)
    try:
        pool, after = roll(Rng(5), 2, 1)
    finally:
        TABLE_DICE.reset(token)
    assert [d.face for d in pool.dice] == ["breakthrough", "breakthrough", "discovery"] and after.drawn == 3
    seeded, again = roll(Rng(5), 2, 1)
    assert again.drawn == 3 and seeded == roll(Rng(5), 2, 1)[0]  # without the table: the seed's dice


def test_a_table_game_is_validated_by_the_rules_not_by_an_ai(tmp_path: Path) -> None:
    """A table game's dice are the table's, but what they do is the rules': a forged effect (3 victory
    points for the guide's THREAT ANALYSIS instead of its 1 and 1 for the breakthrough) is found."""
    from engine.rulesets.into_the_unknown.notation.playing import table_check

    outcome = run_text(GUIDE.read_text(), GUIDE.parent, True)
    assert outcome.replay is not None
    replay = open_replay_bytes(tmp_path, outcome.replay)
    header, events = replay.header, list(replay.events())
    assert header["seats"] == ["table", "table"]
    assert table_check(header, iter(events), replay.result, True) == []
    forged = [dict(e) for e in events]
    test = next(e for e in forged if e["type"] == "test_made")
    test["effects"] = {**test["effects"], "victory": [3, 0]}
    problems = table_check(header, iter(forged), replay.result, True)
    assert len(problems) == 1 and "test_made" in problems[0]


def open_replay_bytes(tmp_path: Path, data: bytes) -> Any:
    path = tmp_path / "table.trek"
    path.write_bytes(data)
    return open_replay(path)


def test_a_game_that_says_the_ai_played_must_be_the_ais(tmp_path: Path) -> None:
    """`Player A: ai` and `Player B: ai` record the seats as the AI's, which `trek replay validate` plays
    again: other decisions under those names are a header issue (name the players instead)."""
    text = BUNDLED.read_text()
    moved = text.replace('warp 5 10"', 'warp 5 9"', 1)
    assert moved != text
    (line, code, message, _), = issues(moved)
    assert (line, code) == (line_of(moved, "Player A: ai"), "header") and "not the decisions the AI" in message
    named = moved.replace("Player A: ai", "Player A: Ben")
    outcome = run_text(named, None, True)
    assert outcome.sound and outcome.replay is not None
    assert open_replay_bytes(tmp_path, outcome.replay).header["seats"] == ["table", "table"]


def test_ready_phase_lines_the_rules_refuse() -> None:
    """Guide, "Ready Phase": a side readies its own committed officers and moves officers aboard its
    ships to a section of them."""
    text = BUNDLED.read_text()
    wrong = text.replace("ready Federation: defiant/daring_first_officer", "ready Federation: fighter/talaktalan", 1)
    (line, code, message, rule), = issues(wrong)
    assert (line, code) == (line_of(wrong, "ready Federation: fighter"), "ready") and "Ready Phase" in rule
    nowhere = text.replace("defiant relocates redoubtable_engineer to bridge  #",
                           "defiant relocates redoubtable_engineer to nowhere  #", 1)
    (line, code, message, _), = issues(nowhere)
    assert code == "ready" and "section" in message and "'nowhere'" in message
