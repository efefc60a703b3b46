"""Tournament fleet building: each rule caught alone, with its words and place; the CLI's exit codes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.rulesets.attack_wing.fleet import FleetError, ResolvedFleet, load_fleet, parse_fleet, resolve_fleet
from engine.rulesets.attack_wing.tournament import RULES, TOURNAMENT_TEXT, check_fleet, is_legal
from trek.main import main

REPLAYS = Path(__file__).resolve().parents[1] / "replays"

ENTERPRISE = {"ship": "1001", "captain": "2001", "upgrades": ["3006"]}  # 28 + 6 + 5 = 39
DEFIANT = {"ship": "U.S.S. Defiant", "captain": "2029", "upgrades": ["3067"]}  # 24 + 4 + 6 = 34
EXCELSIOR = {"ship": "U.S.S. Excelsior", "captain": "2002", "upgrades": ["3006"]}  # 26 + 4 + 5 = 35
BASE = [ENTERPRISE, DEFIANT, EXCELSIOR]  # 108 SP, legal
JEM_HADAR = {"ship": "1037", "captain": "2036"}  # non-unique ship and captain, 20 SP


def fleet(ships: list[dict[str, Any]], **extra: Any) -> ResolvedFleet:
    return resolve_fleet(parse_fleet({"name": "test fleet", "ships": ships, **extra}))


def ids(f: ResolvedFleet) -> list[str]:
    return [v.rule.id for v in check_fleet(f)]


def with_ship(ship: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {**ship, **changes}


def test_the_base_fleet_and_the_bundled_fleets_are_legal() -> None:
    assert fleet(BASE).total_cost == 108 and ids(fleet(BASE)) == []
    for name in ("federation", "dominion"):
        bundled = load_fleet(REPLAYS / "fleets" / f"{name}.json")
        assert check_fleet(bundled, "tournament") == [] and is_legal(bundled)
        assert len(bundled.ships) >= 3 and bundled.total_cost <= 130
        assert all(s.cost <= 50 for s in bundled.ships)


# Each case breaks exactly one rule: (rule, ships, extra fleet fields, where the violation is).
CASES: list[tuple[str, list[dict[str, Any]], dict[str, Any], str]] = [
    ("fleet-points", [with_ship(ENTERPRISE, upgrades=["3006", "3067"]),  # 45
                      with_ship(DEFIANT, upgrades=["3067", "3006"]),  # 39
                      {"ship": "u_s_s_enterprise_e_71531", "captain": "2002", "upgrades": ["3006"]}],  # 41
     {"resource": "4003"}, "fleet"),  # + 10 = 135
    ("min-ships", [ENTERPRISE, DEFIANT], {}, "ships"),
    ("ship-points", [{"ship": "u_s_s_enterprise_e_71531", "captain": "2001",
                      "upgrades": ["3006", "3067", "3112"]},  # 32 + 6 + 5 + 6 + 2 = 51
                     DEFIANT, EXCELSIOR], {}, "ships[0]"),
    ("oversized-base", [{"ship": "terok_nor_71810", "captain": "2036"}, {"ship": "1025", "captain": "2003"},
                        JEM_HADAR], {}, "ships[1]"),
    ("resource-limit", BASE, {"resource": ["4001", "4002"]}, "resource[1]"),
    ("unique", [ENTERPRISE, DEFIANT, with_ship(EXCELSIOR, captain="jean_luc_picard_71510")], {},
     "ships[2].captain"),
    ("unique", [with_ship(ENTERPRISE, upgrades=["3006", "worf_71510b", "worf_71510b"]), DEFIANT, EXCELSIOR], {},
     "ships[0].upgrades[2]"),
    ("one-per-ship", [ENTERPRISE, with_ship(DEFIANT, upgrades=["astrogator_w_72002p", "astrogator_w_72002p"]),
                      EXCELSIOR], {}, "ships[1].upgrades[1]"),
    ("slots", [with_ship(ENTERPRISE, upgrades=["3006", "3006", "3024"]), DEFIANT, EXCELSIOR], {},
     "ships[0].upgrades[2]"),
    ("slots", [ENTERPRISE, DEFIANT, with_ship(EXCELSIOR, upgrades=["3006", "3001"])], {},  # Riker: no talent icon
     "ships[2].upgrades[1]"),
    ("restriction", [with_ship(ENTERPRISE, upgrades=["transphasic_torpedoes_71280"]), DEFIANT, EXCELSIOR], {},
     "ships[0].upgrades[0]"),
    ("restriction", [ENTERPRISE, DEFIANT, with_ship(EXCELSIOR, captain="mendak_cap_71794")], {},  # Romulan ships only
     "ships[2].captain"),
    ("captain", [ENTERPRISE, DEFIANT, {"ship": "U.S.S. Excelsior", "upgrades": ["3006"]}], {}, "ships[2]"),
    ("captain", [{"ship": "dominion_starship_72022", "captain": "2036"}, JEM_HADAR, JEM_HADAR], {},
     "ships[0].captain"),
    ("admiral-limit", [with_ship(ENTERPRISE, admiral="matthew_dougherty_71531"), DEFIANT,
                       with_ship(EXCELSIOR, admiral="maxwell_forrest_71526")], {}, "ships[2].admiral"),
    ("admiral-captain", [{"ship": "dominion_starship_72022", "admiral": "gul_dukat_71524"}, JEM_HADAR, JEM_HADAR],
     {}, "ships[0].admiral"),
    ("squadron", [*BASE, {"ship": "federation_attack_squadron_71753", "captain": "2003"}], {}, "ships[3].captain"),
    ("capital-ship", [ENTERPRISE, with_ship(DEFIANT, upgrades=[]), {"ship": "federation_attack_squadron_71753"},
                      {"ship": "federation_attack_squadron_71753"}], {}, "ships[3]"),
    ("shuttle-weapon", [ENTERPRISE, DEFIANT, with_ship(EXCELSIOR, upgrades=[]),
                        {"ship": "federation_starship_72014", "captain": "2003", "upgrades": ["3006"]}], {},
     "ships[3].upgrades[0]"),
    ("shuttle-admiral", [*BASE, {"ship": "federation_starship_72014", "captain": "2003",
                                 "admiral": "maxwell_forrest_71526"}], {}, "ships[3].admiral"),
    ("resource-card", [with_ship(ENTERPRISE, upgrades=["3006", "captains_chair_r_72936r"]), DEFIANT, EXCELSIOR],
     {}, "ships[0].upgrades[1]"),
]


@pytest.mark.parametrize(("rule", "ships", "extra", "where"), CASES,
                         ids=[f"{c[0]}-{c[3]}" for c in CASES])
def test_each_rule_is_reported_alone_with_its_words(rule: str, ships: list[dict[str, Any]], extra: dict[str, Any],
                                                    where: str) -> None:
    violations = check_fleet(fleet(ships, **extra))
    assert [v.rule.id for v in violations] == [rule], [str(v) for v in violations]
    v = violations[0]
    assert v.where == where and v.rule == RULES[rule] and v.message
    assert str(v).endswith(f"[{rule}]")


def test_every_rule_has_a_case() -> None:
    assert {c[0] for c in CASES} == set(RULES)


def test_rules_quote_the_tournament_text() -> None:
    seeds = Path(__file__).resolve().parents[2] / "shared" / "seeds"  # ../shared/seeds next to the checkout
    text = next(seeds.glob("003_*.txt"), None) if seeds.is_dir() else None
    for rule in RULES.values():
        assert rule.text and rule.source
        if text is not None and rule.source == TOURNAMENT_TEXT:
            source = " ".join(text.read_text(encoding="utf-8").replace("’", "'").replace("“", '"')
                              .replace("”", '"').split())
            for part in rule.text.split("[...]"):
                assert " ".join(part.split()).strip(" .") in source, (rule.id, part)


def test_ship_points_exception_for_a_base_cost_of_43_or_more() -> None:
    # Terok Nor (44) with Weyoun (5) and 8 SP of upgrades: 57 SP, allowed by the exception.
    station = {"ship": "terok_nor_71810", "captain": "weyoun_71524", "upgrades": ["photon_torpedoes_71524", "3097"]}
    legal = fleet([station, JEM_HADAR, JEM_HADAR])
    assert legal.ships[0].cost == 57 and ids(legal) == []
    # 9 SP of upgrades is one too many.
    over = fleet([with_ship(station, upgrades=["photon_torpedoes_71524", "3097", "shroud_71279"]), JEM_HADAR,
                   JEM_HADAR])
    violations = check_fleet(over)
    assert [v.rule.id for v in violations] == ["ship-points"]
    assert "allows up to 8 SP of upgrades" in violations[0].message
    # Below 43 there is no exception: 50 is the most.
    assert ids(fleet([{"ship": "2nd Division Cruiser", "captain": "weyoun_71524",
                       "upgrades": ["photon_torpedoes_71524", "phased_polaron_beam_71279", "3057"]},
                      JEM_HADAR, JEM_HADAR])) == ["ship-points"]


def test_faction_penalties_cost_points_but_break_no_rule() -> None:
    mixed = fleet([with_ship(ENTERPRISE, upgrades=["3058"]), DEFIANT, EXCELSIOR])
    assert mixed.total_cost == 108 + 1 and ids(mixed) == []


def test_mirror_universe_unique_and_unique_cards_of_one_name_may_share_a_fleet() -> None:
    both = fleet([with_ship(ENTERPRISE, upgrades=["3006", "worf_71510b", "3002"]), DEFIANT, EXCELSIOR])
    assert ids(both) == []


def test_a_resource_card_with_its_resource_is_legal() -> None:
    chair = fleet([with_ship(ENTERPRISE, upgrades=["3006", "captains_chair_r_72936r"]), DEFIANT, EXCELSIOR],
                  resource="captains_chair_72936r")
    assert ids(chair) == []


def test_several_violations_are_all_reported() -> None:
    bad = fleet([with_ship(ENTERPRISE, upgrades=["3006", "3006", "3006", "transphasic_torpedoes_71280"])])
    assert sorted(ids(bad)) == ["min-ships", "restriction", "ship-points", "slots", "slots"]


def test_unknown_format_is_an_error() -> None:
    with pytest.raises(FleetError, match="unknown fleet format 'casual'"):
        check_fleet(fleet(BASE), "casual")


# -- trek fleet check ---------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, ships: list[dict[str, Any]], **extra: Any) -> str:
    path = tmp_path / "fleet.json"
    path.write_text(json.dumps({"name": "test fleet", "ships": ships, **extra}), encoding="utf-8")
    return str(path)


def test_cli_legal_fleet_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "fleet", "check", str(REPLAYS / "fleets" / "federation.json"))
    assert code == 0
    assert "U.S.S. Enterprise-D" in out and "Jean-Luc Picard" in out and "119 SP" in out
    assert out.rstrip().endswith("tournament: legal")


def test_cli_illegal_fleet_exits_1_and_names_each_rule(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, [with_ship(ENTERPRISE, upgrades=["3058", "3006", "3006"]), DEFIANT])
    code, out, _ = run(capsys, "fleet", "check", path, "--format", "tournament")
    assert code == 1
    assert "NOT LEGAL, 2 violations" in out
    assert "ships: the fleet has 2 ships; it needs 3" in out and "rule min-ships" in out
    assert "ships[0].upgrades[2]: Photon Torpedoes needs a weapon slot" in out and "rule slots" in out
    assert "6 (5 printed, +1 faction penalty)" in out


def test_cli_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, [ENTERPRISE, DEFIANT])
    code, out, _ = run(capsys, "fleet", "check", path, "--json")
    doc = json.loads(out)
    assert code == 1 and doc["legal"] is False and doc["format"] == "tournament"
    assert doc["fleet"]["total_cost"] == 73
    [violation] = doc["violations"]
    assert violation["rule"]["id"] == "min-ships" and violation["rule"]["text"] == "Minimum of 3 ships per fleet"
    assert violation["where"] == "ships"


def test_cli_bad_file_exits_2_with_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, [{"ship": "1001", "upgrades": ["Photon Torpedos"]}])
    code, out, err = run(capsys, "fleet", "check", path)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "ships[0].upgrades[0]: no upgrade with the name or id 'Photon Torpedos'" in err
    code, _, err = run(capsys, "fleet", "check", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in err
    code, _, err = run(capsys, "fleet", "check", path, "--format", "casual")
    assert code == 2 and "invalid choice" in err
