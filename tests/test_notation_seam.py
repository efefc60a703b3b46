"""Issue 31: one `trek notation` for every game, each game's grammar behind the ruleset seam
(``Ruleset.notation``, loaded only when a notation of that game is read or written)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.rulesets.notation import game_of
from trek.main import main


def test_the_game_tag_names_the_game_and_an_untagged_file_is_attack_wing() -> None:
    assert game_of("# a game\nGame: Into the Unknown  # the learning mission\n") == ("into_the_unknown", 2)
    assert game_of("Game: fleet-captains\n") == ("fleet_captains", 1)
    assert game_of("Scenario: duel\nSeed: 1\n") == ("attack_wing", 0)


def test_listing_the_rulesets_loads_no_grammar() -> None:
    code = ("import sys\nfrom engine.rulesets.registry import names, ruleset_for\n"
            "[ruleset_for(n) for n in names()]\n"
            "loaded = [m for m in sys.modules if '.notation' in m and m != 'engine.rulesets.notation']\n"
            "print(loaded)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_game_without_a_notation_says_so(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from engine.rulesets.alliance.play import play_mission

    replay = tmp_path / "mission.trek"
    play_mission("alliance-act1", 2, 1, replay, rounds=1)
    assert main(["notation", "export", str(replay)]) == 2
    assert "alliance games have no notation yet" in capsys.readouterr().err
    tagged = tmp_path / "mission.trekn"
    tagged.write_text("Game: alliance\n")
    assert main(["notation", "check", str(tagged)]) == 1
    assert "names a game that has no notation" in capsys.readouterr().err


def test_attack_wings_game_tag_changes_nothing(tmp_path: Path) -> None:
    from engine.rulesets.attack_wing.notation.importer import run_notation
    from engine.rulesets.attack_wing.notation.parser import parse_notation

    example = Path(__file__).resolve().parents[1] / "replays" / "notation" / "rulebook-combat-example.trekn"
    plain = run_notation(parse_notation(example.read_text()), example.parent, record=True)
    tagged = run_notation(parse_notation("Game: attack_wing\n" + example.read_text()), example.parent, record=True)
    assert plain.replay is not None and tagged.replay == plain.replay
