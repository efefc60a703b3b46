"""Issue 31 item 3: Attack Wing positions as players measure them: lengths in inches (or millimetres)
from the table's edges or from another ship's base centre, headings in degrees; the setup is still
checked against the scenario's deployment rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing.notation.importer import run_notation
from engine.rulesets.attack_wing.notation.parser import parse_notation
from engine.rulesets.attack_wing.notation.terms import parse_placement

EXAMPLE = Path(__file__).resolve().parents[1] / "replays" / "notation" / "rulebook-combat-example.trekn"


def with_setup(a1: str, b1: str) -> str:
    text = EXAMPLE.read_text()
    assert "A1 placed 457.2,50.8,0\n" in text and "B1 placed 457.2,863.6,180\n" in text
    return text.replace("A1 placed 457.2,50.8,0\n", f"A1 placed {a1}\n").replace(
        "B1 placed 457.2,863.6,180\n", f"B1 placed {b1}\n")


def test_inches_from_the_edges_and_from_a_ship_place_the_rulebook_example_as_its_millimetres() -> None:
    """18" from the west edge and 2" from the south edge is 457.2, 50.8 mm on the 3' table; the
    Attack Ship 32" north of the Akira's centre stands 2" from the north edge: the same game, byte
    for byte."""
    mm = run_notation(parse_notation(EXAMPLE.read_text()), EXAMPLE.parent, record=True)
    measured = run_notation(parse_notation(with_setup("18in from west, 2in from south, heading 0",
                                                      '0in east of A1, 32" north of A1, 180')),
                            EXAMPLE.parent, record=True)
    assert mm.sound and measured.sound and measured.replay == mm.replay
    edges = run_notation(parse_notation(with_setup('18" from west edge, 2" from south, 0',
                                                   "18in from east, 2in from north, 180deg")), EXAMPLE.parent,
                         record=True)
    assert edges.replay == mm.replay


def test_placements_read_as_players_write_them() -> None:
    assert parse_placement("18in,2in,0") == (Pose(457.2, 50.8, 0.0), None)
    assert parse_placement("457.2mm 50.8mm 90")[0] == Pose(457.2, 50.8, 90.0)
    assert parse_placement("300,420,45") == (Pose(300.0, 420.0, 45.0), None)
    _, measured = parse_placement("4in east of B2, 1in south of B2, 90")
    assert measured is not None and measured.pose(914.4, 914.4, {"B2": Pose(100.0, 200.0, 0.0)}) == \
        Pose(100.0 + 4 * 25.4, 200.0 - 25.4, 90.0)
    with pytest.raises(ValueError, match="measured east-west"):
        parse_placement("2in from north, 2in from west, 0")
    with pytest.raises(ValueError, match="not on the table yet"):
        measured.pose(914.4, 914.4, {})


def test_a_measured_placement_outside_the_deployment_zone_is_refused_by_the_deployment_rule() -> None:
    outcome = run_notation(parse_notation(with_setup("18in from west, 20in from south, 0", "457.2,863.6,180")),
                           EXAMPLE.parent)
    setup = [i for i in outcome.issues if i.code == "setup"]
    assert setup and setup[0].line == EXAMPLE.read_text().splitlines().index("A1 placed 457.2,50.8,0") + 1
    assert "Setup" in setup[0].rule and "deployment zone" in setup[0].rule
    outcome = run_notation(parse_notation(with_setup("2in from north, 2in from west, 0", "457.2,863.6,180")),
                           EXAMPLE.parent)
    assert [i.code for i in outcome.issues][:1] == ["syntax"]
