"""The ship catalog says what staw-data.xml says: counts, dials, stats, arcs, bases, look-ups, CLI."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from importlib import resources
from pathlib import Path

import pytest

from engine.catalog import (
    LARGE_BASE_CLASSES,
    MANEUVER_KINDS,
    Catalog,
    ShipClass,
    load_catalog,
)
from engine.catalog.build import build_catalog, dump_catalog
from engine.errors import CatalogError
from trek.catalog_cmd import dial_table
from trek.main import main

REPO_ROOT = Path(__file__).resolve().parent.parent
XML_PATH = REPO_ROOT.parent / "shared" / "data" / "spacedock" / "staw-data.xml"
needs_xml = pytest.mark.skipif(not XML_PATH.exists(), reason=f"{XML_PATH} is not here")


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


@pytest.fixture(scope="module")
def xml_root() -> ET.Element:
    if not XML_PATH.exists():
        pytest.skip(f"{XML_PATH} is not here")
    return ET.parse(XML_PATH).getroot()


# -- the catalog matches the data ---------------------------------------------------------

@needs_xml
def test_committed_catalog_is_what_the_data_gives() -> None:
    # Rebuild in memory: a stale catalog.json means someone forgot scripts/build_catalog.py.
    committed = resources.files("engine.catalog").joinpath("catalog.json").read_bytes()
    rebuilt = dump_catalog(build_catalog(XML_PATH).data)
    assert rebuilt == committed
    assert dump_catalog(build_catalog(XML_PATH).data) == rebuilt  # deterministic bytes


@pytest.mark.parametrize(("path", "attr"), [
    ("ShipClassDetails/ShipClassDetail", "ship_classes"),
    ("Ships/Ship", "ships"),
    ("Captains/Captain", "captains"),
    ("Admirals/Admiral", "admirals"),
    ("Upgrades/Upgrade", "upgrades"),
    ("Resources/Resource", "resources"),
    ("Sets/Set", "sets"),
])
def test_counts_match_the_xml(catalog: Catalog, xml_root: ET.Element, path: str, attr: str) -> None:
    # Every ship's class resolves, so no ship is left out.
    assert len(getattr(catalog.data, attr)) == len(xml_root.findall(path))


def test_counts_as_of_the_2018_data(catalog: Catalog) -> None:
    d = catalog.data
    assert d.source_version == "2018-01-03@06-12"
    counts = [len(d.ship_classes), len(d.ships), len(d.captains), len(d.admirals), len(d.upgrades),
              len(d.resources)]
    assert counts == [81, 286, 274, 30, 927, 40]


def test_maneuver_kinds_are_exactly_the_data_kinds(xml_root: ET.Element) -> None:
    dials = xml_root.iterfind("ShipClassDetails/ShipClassDetail/Maneuvers/Maneuver")
    in_data = {m.get("kind") for m in dials}
    assert in_data == set(MANEUVER_KINDS)
    assert len(MANEUVER_KINDS) == 15


def test_every_dial_matches_the_xml(catalog: Catalog, xml_root: ET.Element) -> None:
    for el in xml_root.iterfind("ShipClassDetails/ShipClassDetail"):
        ship_class = catalog.ship_class(el.findtext("Id", ""))
        in_data = {(int(m.get("speed", "")), m.get("kind"), m.get("color"))
                   for m in el.iterfind("Maneuvers/Maneuver")}
        assert {(m.speed, m.kind, m.colour) for m in ship_class.maneuvers} == in_data, ship_class.id


def test_galaxy_class_dial(catalog: Catalog) -> None:
    galaxy = catalog.ship_class("Galaxy Class")
    assert galaxy.id == "5000"
    dial = {(m.speed, m.kind): m.colour for m in galaxy.maneuvers}
    assert dial == {
        (5, "straight"): "white", (4, "straight"): "white",
        (3, "left-turn"): "red", (3, "left-bank"): "white", (3, "straight"): "green",
        (3, "right-bank"): "white", (3, "right-turn"): "red",
        (2, "left-bank"): "white", (2, "straight"): "green", (2, "right-bank"): "white",
        (1, "left-bank"): "green", (1, "straight"): "green", (1, "right-bank"): "green",
        (-1, "straight"): "red", (-2, "straight"): "red",
    }
    assert galaxy.speeds == (5, 4, 3, 2, 1, -1, -2)
    assert galaxy.maneuver("left-turn", 2) is None
    assert (galaxy.front_arc, galaxy.rear_arc, galaxy.has_360_arc) == (90, 90, False)
    assert galaxy.base_size == "small"


def test_enterprise_d_stats(catalog: Catalog) -> None:
    ship = catalog.ship("1001")
    assert ship.name == "U.S.S. Enterprise-D"
    assert (ship.attack, ship.agility, ship.hull, ship.shields, ship.cost) == (4, 1, 5, 4, 28)
    assert ship.faction == "Federation" and ship.unique
    assert ship.actions == ("evasive_maneuvers", "target_lock", "scan", "battle_stations")
    assert (ship.slots.crew, ship.slots.weapon, ship.slots.tech) == (3, 2, 0)  # blank Tech = none
    assert catalog.class_of(ship).name == "Galaxy Class"


def test_action_bars_and_slots(catalog: Catalog) -> None:
    khazara = catalog.ship("I.R.W. Khazara")
    assert khazara.has_action("cloak") and khazara.has_action("sensor_echo")
    sphere = catalog.ship("Borg Sphere 4270")
    assert sphere.actions == ("target_lock", "scan", "regenerate")
    assert sphere.slots.borg == 2
    squadron = catalog.ship("fighter_squadron_6_71753")
    assert (squadron.slots.squadron, squadron.captain_limit) == (3, 0)


def test_people_and_upgrades(catalog: Catalog) -> None:
    picard = catalog.captain("2001")
    assert (picard.name, picard.skill, picard.talents, picard.cost) == ("Jean-Luc Picard", 9, 1, 6)
    kirk = catalog.admiral("james_t_kirk_71523")
    assert (kirk.skill, kirk.skill_modifier, kirk.cost) == (8, 2, 5)
    torpedoes = catalog.upgrade("3006")
    assert (torpedoes.name, torpedoes.type, torpedoes.attack) == ("Photon Torpedoes", "weapon", 5)
    assert torpedoes.cost == 5
    assert torpedoes.range is not None and (torpedoes.range.min, torpedoes.range.max) == (2, 3)
    dorsal = catalog.upgrade("dorsal_phaser_array_71531")  # prints attack "*"
    assert dorsal.attack is None and dorsal.variable_stats
    assert catalog.resource("4001").name == "Elite Attack Die"


# -- arcs and bases --------------------------------------------------------------------------

def test_360_degree_classes(catalog: Catalog) -> None:
    all_round = {c.name for c in catalog.ship_classes() if c.has_360_arc}
    assert all_round == {"Borg Sphere", "Borg Tactical Cube", "Borg Scout Cube", "Borg Octahedron",
                         "Borg Cube", "Nor Class Orbital Space Station"}
    for c in catalog.ship_classes():
        if c.has_360_arc:
            assert c.front_arc is None and c.rear_arc is None


def test_360_classes_are_empty_arcs_or_flagged_ships(catalog: Catalog, xml_root: ET.Element) -> None:
    flagged = {s.findtext("ShipClass") for s in xml_root.iterfind("Ships/Ship")
               if s.findtext("Has360Arc") == "Y"}
    empty = {c.findtext("Name") for c in xml_root.iterfind("ShipClassDetails/ShipClassDetail")
             if not (c.findtext("FrontArc") or "").strip()}
    assert {c.name for c in catalog.ship_classes() if c.has_360_arc} == flagged | empty


def test_base_size_table_names_real_classes(catalog: Catalog) -> None:
    for class_id, name in LARGE_BASE_CLASSES.items():
        assert catalog.ship_class(class_id).name == name


def test_oversized_classes_are_large_and_all_others_small(catalog: Catalog) -> None:
    assert catalog.ship_class("Borg Cube").base_size == "large"
    assert catalog.ship_class("Nor Class Orbital Space Station").base_size == "large"
    assert catalog.ship_class("Galaxy Class").base_size == "small"
    large = {c.id for c in catalog.ship_classes() if c.base_size == "large"}
    assert large == set(LARGE_BASE_CLASSES)


# -- look-ups --------------------------------------------------------------------------------

def test_lookups_ignore_case_and_punctuation(catalog: Catalog) -> None:
    assert catalog.ship_class("galaxy CLASS").id == "5000"
    assert catalog.admiral("JAMES_T_KIRK_71523").name == "James T. Kirk"
    assert catalog.ship("  i.r.w.   KHAZARA ").id == "1003"
    assert catalog.ship("irw khazara").id == "1003"  # punctuation and spacing ignored as a fallback
    assert catalog.ship_class("romulan bird of prey class").id == "5007"  # exact name beats loose
    assert catalog.ship_class("Romulan Bird-Of-Prey Class").id == "5019"


def test_ambiguous_ship_lists_every_candidate(catalog: Catalog) -> None:
    with pytest.raises(CatalogError) as err:
        catalog.ship("U.S.S. Enterprise-D")
    message = str(err.value)
    for ship_id in ("1001", "u_s_s_enterprise_d_71510b", "u_s_s_enterprise_d_72224p",
                    "u_s_s_enterprise_d_72944"):
        assert ship_id in message
    assert "Mirror Universe" in message and "Federation" in message


@pytest.mark.parametrize(("name", "ids"), [
    ("Constitution Class", ("5002", "constitution_refit_class")),
    ("maquis raider", ("maquis_raider", "maquis_raider_b")),
])
def test_shared_class_names_are_ambiguous(catalog: Catalog, name: str, ids: tuple[str, str]) -> None:
    with pytest.raises(CatalogError, match="names 2 ship classes") as err:
        catalog.ship_class(name)
    for class_id in ids:
        assert class_id in str(err.value)


def test_ships_of_shared_classes_resolve_to_the_right_one(catalog: Catalog) -> None:
    assert catalog.ship("u_s_s_enterprise_71523").class_id == "constitution_refit_class"
    assert catalog.ship("val_jean_71528").class_id == "maquis_raider_b"
    assert catalog.ship("gavroche_gavroche").class_id == "maquis_raider"
    # No class id in the data; its set's generic ship names class 5002.
    assert catalog.ship("u_s_s_defiant_ncc_1764_72225p").class_id == "5002"


def test_typo_suggests_close_names(catalog: Catalog) -> None:
    with pytest.raises(CatalogError, match="did you mean 'Galaxy Class'"):
        catalog.ship_class("Galaxy Clas")
    with pytest.raises(CatalogError, match="Sovereign Class"):
        catalog.ship_class("Sovreign")
    with pytest.raises(CatalogError, match=r"no ship with the name or id 'zzzz'$"):
        catalog.ship("zzzz")


def test_catalog_error_is_a_value_error() -> None:
    assert issubclass(CatalogError, ValueError)


def test_faction_filter(catalog: Catalog) -> None:
    federation = catalog.ships("federation")
    assert federation and all("Federation" in (s.faction, s.additional_faction) for s in federation)
    assert "u_s_s_defiant_ncc_1764_72225p" in {s.id for s in catalog.ships("Mirror Universe")}
    with pytest.raises(CatalogError, match="Federation"):
        catalog.ships("Federaton")


def test_ship_class_model_rejects_bad_arcs() -> None:
    galaxy = load_catalog().ship_class("5000")
    with pytest.raises(ValueError, match="360"):
        ShipClass.model_validate({**galaxy.model_dump(), "has_360_arc": True})


# -- command line ----------------------------------------------------------------------------

def test_cli_show_galaxy_class(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["catalog", "show", "Galaxy Class"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("Galaxy Class")
    header = next(line for line in lines if line.split()[:1] == ["speed"])
    assert header.split() == ["speed", "L", "turn", "L", "bank", "straight", "R", "bank", "R", "turn"]
    rows = {line.split()[0]: line.split()[1:] for line in lines[lines.index(header) + 1:] if line.split()
            and line.split()[0].lstrip("-").isdigit()}
    assert list(rows) == ["5", "4", "3", "2", "1", "-1", "-2"]  # fastest first, full astern last
    assert rows["3"] == ["R", "W", "G", "W", "R"]
    assert rows["-2"] == [".", ".", "R", ".", "."]
    assert "\x1b[" not in out  # not a terminal: letters only
    assert "front arc 90 degrees" in out and "small (40 x 40 mm)" in out


def test_cli_show_station_has_extra_columns(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["catalog", "show", "Deep Space 9", "--json"]) == 2  # two DS9 cards
    capsys.readouterr()
    assert main(["catalog", "show", "deep_space_nine_71810"]) == 0
    out = capsys.readouterr().out
    assert "L flank" in out and "R rot 90" in out and "stop" in out
    assert "360 degrees" in out and "large (80 x 80 mm)" in out


def test_cli_show_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["catalog", "show", "1001", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["kind"] == "ship"
    assert doc["ship"]["hull"] == 5 and doc["ship_class"]["name"] == "Galaxy Class"
    assert doc["ship_class"]["base_width_mm"] == 40.0


def test_cli_unknown_and_ambiguous_names_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["catalog", "show", "Galxy Class"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Galaxy Class" in err
    assert main(["catalog", "show", "Constitution Class"]) == 2
    err = capsys.readouterr().err
    assert "5002" in err and "constitution_refit_class" in err


def test_cli_lists(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["catalog", "ships", "--faction", "Borg", "--json"]) == 0
    ships = json.loads(capsys.readouterr().out)["ships"]
    assert ships and {s["faction"] for s in ships} == {"Borg"}
    assert main(["catalog", "classes"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split()[:2] == ["id", "name"]
    assert len(out.splitlines()) == 1 + len(load_catalog().ship_classes())
    assert main(["catalog", "ships", "--faction", "nobody"]) == 2


def test_dial_colour_on_a_terminal_keeps_the_letters_aligned(catalog: Catalog) -> None:
    galaxy = catalog.ship_class("Galaxy Class")
    coloured = dial_table(galaxy, colour=True)
    assert "\x1b[31mR\x1b[0m" in coloured and "\x1b[32mG\x1b[0m" in coloured
    assert re.sub(r"\x1b\[\d+m", "", coloured) == dial_table(galaxy, colour=False)
