"""Fleet Captains' notation (issue 31): AI games exported and imported byte for byte, the bundled
example, and every kind of refusal with the rule it names."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.replay import open_replay
from engine.replay.validate import soundness_problem
from engine.rulesets.fleet_captains.notation.exporter import export_file
from engine.rulesets.fleet_captains.notation.importer import run_text
from engine.rulesets.fleet_captains.play import play_game

EXAMPLE = Path(__file__).resolve().parents[1] / "replays" / "notation" / "fc-standard-seed3.trekn"


@pytest.mark.parametrize("seed", [1, 3, 8, 21])
def test_import_of_an_export_gives_back_the_ai_game_byte_for_byte(tmp_path: Path, seed: int) -> None:
    path = tmp_path / "game.trek"
    play_game(seed, path)
    outcome = run_text(export_file(path), True)
    assert outcome.sound, [i.format("x") for i in outcome.issues]
    assert outcome.replay == path.read_bytes()


def test_the_bundled_example_is_trek_play_at_a_turn_limit(tmp_path: Path) -> None:
    """replays/notation/fc-standard-seed3.trekn is `trek play fc-standard --seed 3 --rounds 6` exported."""
    path = tmp_path / "fc.trek"
    play_game(3, path, turn_limit=6)
    assert export_file(path) == EXAMPLE.read_text()
    assert run_text(EXAMPLE.read_text(), True).replay == path.read_bytes()


def issues(text: str) -> list[tuple[int, str, str, str]]:
    outcome = run_text(text, False)
    assert not outcome.sound
    return [(i.line, str(i.as_dict()["class"]), str(i.as_dict()["message"]), str(i.as_dict()["rule"]))
            for i in outcome.issues]


def example_with(old: str, new: str) -> str:
    text = EXAMPLE.read_text()
    assert old in text
    return text.replace(old, new, 1)


def line_of(text: str, needle: str) -> int:
    return next(no for no, line in enumerate(text.splitlines(), start=1) if needle in line)


def test_an_option_the_rules_do_not_offer_names_the_options() -> None:
    text = example_with("Klingon step: to r4c1", "Klingon step: to r0c0")
    (line, code, message, rule), = issues(text)
    assert (line, code) == (line_of(text, "Klingon step: to r0c0"), "choice")
    assert "'to r0c0' is not an option" in message and "to r4c1" in message and "options the rules offer" in rule


def test_a_die_that_is_not_the_seeds() -> None:
    text = example_with("  Klingon rolls 4  # encounter roll", "  Klingon rolls 2  # encounter roll")
    (_, code, message, rule), = issues(text)
    assert code == "dice" and "shows 4 (the seed's)" in message and "generator" in rule


def test_grammar_header_missing_unused_and_result() -> None:
    text = example_with("Klingon turn: end the turn", "Klingon turn end the turn")
    assert issues(text)[0][:2] == (line_of(text, "Klingon turn end"), "syntax")
    assert [c for _, c, _, _ in issues(example_with("Seed: 3", "Seed: three"))] == ["header"]
    assert "unknown tag 'Sead'" in issues(example_with("Seed: 3", "Sead: 3"))[0][2]
    text = example_with("Klingon turn: move K1  # exploring\n", "")
    assert issues(text)[0][1] == "missing"
    text = EXAMPLE.read_text() + "Federation turn: end the turn\n"
    assert issues(text)[-1][:2] == (len(text.splitlines()), "unused")
    result = next(line for line in EXAMPLE.read_text().splitlines() if line.startswith("Result:"))
    (_, code, _, rule), = issues(example_with(result, "Result: Federation"))
    assert code == "result" and "end of the game" in rule


def test_a_table_game_is_validated_by_its_recorded_decisions(tmp_path: Path) -> None:
    text = example_with("Player A: ai", "Player A: Ben").replace("Player B: ai", "Player B: Alice")
    outcome = run_text(text, True)
    assert outcome.sound and outcome.replay is not None
    path = tmp_path / "table.trek"
    path.write_bytes(outcome.replay)
    replay = open_replay(path)
    assert replay.header["players"] == ["table", "table"]
    assert replay.header["notation"] == {"Player A": "Ben", "Player B": "Alice"}
    assert soundness_problem(replay) is None
    assert "Player A: Ben" in export_file(path)
