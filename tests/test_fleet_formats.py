"""Importing Space Dock and Utopia fleets, exporting back: hand-made files of each format, round
trips, malformed and hostile input, and the `trek fleet import` / `trek fleet export` commands."""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import TrekError
from engine.rulesets.attack_wing.fleet import FleetError, ResolvedFleet, load_fleet, parse_fleet, resolve_fleet
from engine.rulesets.attack_wing.fleet_io import (
    UTOPIA_URL,
    FleetImportError,
    ImportResult,
    ImportSource,
    export_fleet,
    fleet_file_document,
    import_fleet,
    utopia_document,
)
from engine.rulesets.attack_wing.fleet_io.matching import UTOPIA_ID
from engine.rulesets.attack_wing.fleet_io.source import decode_utopia_link
from trek.main import main

DATA = Path(__file__).resolve().parent / "fleet_formats"
REPLAYS = Path(__file__).resolve().parents[1] / "replays"

# tests/fleet_formats/federation.spacedock, as our fleet file (cards by catalog id).
FEDERATION_SHIPS = [
    {"ship": "1001", "captain": "2001", "upgrades": ["3006", "3001"]},
    {"ship": "1030", "captain": "2029", "admiral": "james_t_kirk_71523", "upgrades": ["3067"]},
    {"ship": "1044", "captain": "2002", "upgrades": ["3006"]},
]


def text_source(text: str, label: str = "test") -> ImportSource:
    return ImportSource(label, text)


def import_text(text: str, **kwargs: Any) -> ImportResult:
    return import_fleet(text_source(text), **kwargs)


def import_json(doc: Any, **kwargs: Any) -> ImportResult:
    return import_text(json.dumps(doc), **kwargs)


def utopia_link(doc: Any) -> str:
    return UTOPIA_URL + quote(base64.b64encode(json.dumps(doc).encode()).decode(), safe="")


def problems(result: ImportResult) -> dict[str, tuple[str, str]]:
    return {p.where: (p.kind, p.message) for p in result.report.problems}


def notes(result: ImportResult) -> dict[str, str]:
    return {n.where: n.message for n in result.report.notes}


def import_error(source: ImportSource | str, **kwargs: Any) -> str:
    with pytest.raises(FleetImportError) as info:
        import_fleet(source, **kwargs)
    message = str(info.value)
    assert "\n" not in message and "Traceback" not in message
    return message


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's usage errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def as_ids(fleet: ResolvedFleet) -> dict[str, Any]:
    """A priced fleet as the fleet file that names every card by id (what an import writes)."""
    doc: dict[str, Any] = {"name": fleet.name}
    if fleet.faction is not None:
        doc["faction"] = fleet.faction
    doc["ships"] = [
        {"ship": s.ship.id, **({"captain": s.captain.card.id} if s.captain else {}),
         **({"admiral": s.admiral.card.id} if s.admiral else {}), "upgrades": [u.card.id for u in s.upgrades]}
        for s in fleet.ships
    ]
    ids = [r.card.id for r in fleet.resources]
    if ids:
        doc["resource"] = ids[0] if len(ids) == 1 else ids
    return doc


# -- Space Dock: .spacedock ----------------------------------------------------------------------


def test_spacedock_squad_imports_every_card_by_id() -> None:
    result = import_fleet(str(DATA / "federation.spacedock"))
    assert result.fleet_document() == {"name": "Federation task force", "ships": FEDERATION_SHIPS,
                                       "resource": "4001"}
    report = result.report
    assert report.complete and report.format == "spacedock" and report.set_aside == ()
    assert all(c.via == "id" for c in report.imported) and len(report.imported) == 12
    # Space Dock lists the admiral among the upgrades; it becomes the ship's admiral.
    [kirk] = [c for c in report.imported if c.id == "james_t_kirk_71523"]
    assert (kirk.where, kirk.to, kirk.kind) == ("ships[1].upgrades[0]", "ships[1].admiral", "admiral")
    [quantum] = [c for c in report.imported if c.id == "3067"]
    assert (quantum.where, quantum.to) == ("ships[1].upgrades[1]", "ships[1].upgrades[0]")
    # Costs are recomputed; a cost set by hand is reported beside the catalog's.
    [override] = report.cost_overrides
    assert (override.where, override.to, override.file_cost, override.catalog_cost) == (
        "ships[1].upgrades[1]", "ships[1].upgrades[0]", 4, 6)
    assert str(override) == ("ships[1].upgrades[1]: Quantum Torpedoes: the file says 4 (cost set by hand), "
                             "the catalog says 6")
    assert notes(result) == {"cost": "the file's total is 119 SP; priced from the catalog: 121 SP"}
    assert result.fleet.total_cost == 121 and result.violations == []


def test_imported_fleet_file_loads_exactly(tmp_path: Path) -> None:
    result = import_fleet(str(DATA / "federation.spacedock"))
    path = tmp_path / "fleet.json"
    path.write_text(json.dumps(result.fleet_document()), encoding="utf-8")
    assert load_fleet(path) == result.fleet


def test_messy_spacedock_file_reports_every_card() -> None:
    result = import_fleet(str(DATA / "messy.spacedock"))
    assert result.fleet_document() == {
        "name": "Messy squad", "faction": "Federation",
        "ships": [{"ship": "1001", "captain": "2001", "upgrades": ["3006", "3088", "3067", "3001"]},
                  {"ship": "1044", "captain": "2002", "upgrades": []}],
        "resource": "4001",
    }
    found = problems(result)
    assert found == {
        "ships[0].upgrades[1]": ("not-imported", "a second captain, William T. Riker (2002); the ship (ships[0]) "
                                                 "already has one"),
        "ships[0].upgrades[2]": ("not-imported", 'Space Dock id 1030 "U.S.S. Defiant" is a ship card, '
                                                 "U.S.S. Defiant (1030), among a ship's cards"),
        "ships[0].upgrades[3]": ("not-imported", "a resource, Command Tokens (4002), among a ship's cards; the "
                                                 "fleet already has its resource"),
        "ships[0].upgrades[5]": ("unmatched", "Space Dock id no_such_card: no card in the catalog has that id"),
        "ships[0].upgrades[9]": ("unmatched", "Space Dock id 42: no card in the catalog has that id"),
        "ships[1]": ("not-imported", "not a ship: a number"),
        "ships[2]": found["ships[2]"],
        "ships[2].captain": ("not-imported", "Benjamin Sisko (2029): not imported because its ship (ships[2]) was not"),
        "ships[2].upgrades[0]": ("unmatched", "Space Dock id nope: no card in the catalog has that id"),
    }
    assert found["ships[2]"][0] == "unmatched"
    assert found["ships[2]"][1].startswith('Space Dock id 9999 "U.S.S. Nowhere": no card has that id, and no ship '
                                           "has that name; did you mean")
    said = notes(result)
    assert said["ships[0]"] == 'the file calls it "U.S.S. Enterprise-E"; the catalog\'s 1001 is "U.S.S. Enterprise-D"'
    assert said["ships[0].captain"] == "Photon Torpedoes (3006) is an upgrade, not a captain; imported as an upgrade"
    assert said["ships[0].upgrades[0]"] == "Jean-Luc Picard (2001) is a captain; imported as the ship's captain"
    assert said["ships[0].upgrades[4]"] == "id old_id_123 is not in the catalog; matched by its name"
    assert said["ships[0].upgrades[0].placeholder"] == 'unknown key "placeholder" not read (2 places)'
    assert said["format"] == 'unknown key "format" not read'
    assert said["ships[0].shipClass"] == 'unknown key "shipClass" not read'
    assert said["additionalPoints"] == "the squad adds 5 SP of other costs; a fleet file has no place for them"
    [override] = result.report.cost_overrides
    assert (override.where, override.file_cost, override.catalog_cost) == ("ships[0].upgrades[6]", 3, 6)
    by_name = {c.where: c.id for c in result.report.imported if c.via == "name"}
    assert by_name == {"ships[0].upgrades[4]": "3088", "ships[3]": "1044"}
    assert not result.report.complete


def test_every_card_is_accounted_for() -> None:
    """Each card of the input is imported, a problem, on the sideboard, or an empty slot: never lost."""
    for name in ("federation.spacedock", "messy.spacedock", "federation.txt", "utopia-current.txt"):
        result = import_fleet(str(DATA / name))
        places = [c.where for c in result.report.imported] + [p.where for p in result.report.problems]
        places += [c.where for c in result.report.set_aside]
        assert len(places) == len(set(places)), name
    messy = import_fleet(str(DATA / "messy.spacedock"))
    found = {c.where for c in messy.report.imported} | {p.where for p in messy.report.problems}
    ship0 = {f"ships[0].upgrades[{j}]" for j in range(10)} - {"ships[0].upgrades[7]"}  # [7] is empty
    assert ship0 <= found and "ships[0].captain" in found


# -- Space Dock: .spacedocksquads ----------------------------------------------------------------


def test_squads_file_needs_a_choice_and_lists_the_squads() -> None:
    message = import_error(str(DATA / "squads.spacedocksquads"))
    assert message.endswith('holds 3 squads; choose one with --squad INDEX or NAME: [0] "Klingon raiders", '
                            '[1] "Romulan patrol", [2] "Borg cube"')


def test_squad_by_index_with_a_sideboard() -> None:
    result = import_fleet(str(DATA / "squads.spacedocksquads"), squad="0")
    assert result.report.format == "spacedock-squads" and result.report.squad == '[0] "Klingon raiders"'
    assert result.fleet_document()["resource"] == "4003" and len(result.fleet.ships) == 3
    assert result.report.complete and result.violations == []
    assert [str(c) for c in result.report.set_aside] == [
        "[0].ships[3].captain: Krell (2017, captain): on the sideboard; our fleet files have no sideboard",
        "[0].ships[3].upgrades[0]: Sabotage (3042, talent upgrade): on the sideboard; our fleet files have no "
        "sideboard",
        "[0].ships[3].upgrades[1]: Magnetic Pulse (3046, weapon upgrade): on the sideboard; our fleet files have no "
        "sideboard",
    ]
    assert notes(result)["cost"] == ("the file's total is 127 SP; priced from the catalog: 118 SP (the sideboard "
                                     "is not counted)")


def test_squad_by_name_with_a_flagship() -> None:
    result = import_fleet(str(DATA / "squads.spacedocksquads"), squad="  romulan PATROL ")
    assert result.report.squad == '[1] "Romulan patrol"'
    assert problems(result) == {"[1].ships[0].flagship": (
        "not-imported",
        "Space Dock id 6002: flagship cards are not in the catalog; the ship is imported without it")}
    assert [s.ship.id for s in result.fleet.ships] == ["1011", "1003", "1034"]


def test_squad_choice_errors() -> None:
    path = str(DATA / "squads.spacedocksquads")
    assert import_error(path, squad="3").endswith("--squad 3: the squads are [0] to [2]")
    assert 'no squad is called "Cardassians"' in import_error(path, squad="Cardassians")
    assert import_error(path, squad="2").endswith('squad [2] "Borg cube" lists no ships')
    twins = json.dumps([{"name": "A", "ships": []}, {"name": "a", "ships": []}])
    assert "2 squads are called \"A\": [0] \"A\", [1] \"a\"" in import_error(text_source(twins), squad="A")
    assert import_error(text_source("[]")) == "test: the file holds no squads"
    result = import_fleet(str(DATA / "federation.spacedock"), squad="1")
    assert notes(result)["squad"] == "--squad is for files of several squads; this file holds one"


# -- Space Dock: Label|Title|Id text ---------------------------------------------------------------


def test_text_format_gives_the_same_fleet_as_the_json() -> None:
    result = import_fleet(str(DATA / "federation.txt"))
    assert result.report.format == "spacedock-text" and result.report.complete
    assert result.fleet_document() == {"name": "federation", "ships": FEDERATION_SHIPS, "resource": "4001"}
    assert result.report.notes == ()  # "Upgrades||" is an empty slot, skipped quietly


def test_text_format_sideboard_labels_and_stray_lines() -> None:
    text = "\n".join([
        "Captains|Jean-Luc Picard|2001",  # before any ship
        "Ships|U.S.S. Enterprise-D|1001",
        "Captains|Jean-Luc Picard|2001",
        "crew|Data|3005",
        "Weapons|Worf|3002",  # a crew card under a weapon label
        "Gadgets|Engage|3001",
        "Upgrades|Photon Torpedoes|3006|extra",
        "not a card line",
        "Ships||",
        "Sideboard|Reinforcements Sideboard|4003",
        "Captains|Krell|2017",
        "Resources|Reinforcements Sideboard|4003",
    ])
    result = import_text(text, name="Enterprise")
    assert result.fleet_document() == {"name": "Enterprise", "ships": [
        {"ship": "1001", "captain": "2001", "upgrades": ["3005", "3002", "3001", "3006"]}], "resource": "4003"}
    assert problems(result) == {
        "line 1": ("not-imported", 'Space Dock id 2001 "Jean-Luc Picard": a card before any Ships line'),
        "line 9": ("unmatched", "an unnamed Space Dock card: no id and no name"),
    }
    assert notes(result) == {
        "line 5": "the file says Weapons; the catalog's 3002 is a crew upgrade",
        "line 6": 'unknown label "Gadgets"; read as an upgrade',
        "line 7": "more than three |-separated parts; the third is read as the id",
        "line 8": "not Label|Title|Id; skipped",
    }
    assert [c.where for c in result.report.set_aside] == ["line 11"]


# -- Utopia ----------------------------------------------------------------------------------------


def test_utopia_link_decodes_to_its_json() -> None:
    for name in ("utopia-old", "utopia-current"):
        doc, said = decode_utopia_link((DATA / f"{name}.txt").read_text(encoding="utf-8"))
        assert doc == json.loads((DATA / f"{name}.json").read_text(encoding="utf-8")) and said == []


def test_old_utopia_link_carries_space_dock_ids() -> None:
    result = import_fleet(str(DATA / "utopia-old.txt"))
    assert result.report.format == "utopia" and result.report.complete and result.report.notes == ()
    assert result.fleet_document() == {"name": "utopia-old", "ships": FEDERATION_SHIPS, "resource": "4001"}
    # The decoded JSON, saved as a file, reads the same.
    assert import_fleet(str(DATA / "utopia-old.json")).fleet_document()["ships"] == FEDERATION_SHIPS


def test_current_utopia_ids_match_by_name_and_set() -> None:
    result = import_fleet(str(DATA / "utopia-current.txt"))
    assert result.fleet_document() == {
        "name": "Federation task force (current Utopia ids)",
        "ships": [FEDERATION_SHIPS[0], {**FEDERATION_SHIPS[1], "upgrades": ["3067"]},
                  {"ship": "federation_starship_71531", "upgrades": []}],
        "resource": "4001",
    }
    assert all(c.via == "name" for c in result.report.imported)
    found = problems(result)
    assert set(found) == {"ships[1].upgrades[0]", "ships[2].captain", "ships[2].upgrades[0]",
                          "ships[2].upgrades[1]", "ships[2].upgrades[2]"}
    kind, message = found["ships[1].upgrades[0]"]
    assert kind == "ambiguous" and message.startswith('Utopia id W211 "Photon Torpedoes" matches 23 cards: 3006 '
                                                      "(Federation, weapon, cost 5, set 71120, 71268, 71276, 71280); ")
    [candidates] = [p.candidates for p in result.report.problems if p.where == "ships[1].upgrades[0]"]
    assert len(candidates) == 23 and "3024" in candidates
    kind, message = found["ships[2].captain"]
    assert kind == "ambiguous" and message.startswith('Utopia id Cap901 "Jean-Luc Picard" set 71531 matches 4 cards: '
                                                      "jean_luc_picard_71531 (Federation, captain skill 8, cost 5, "
                                                      "set 71531); jean_luc_picard_b_71531")
    assert found["ships[2].upgrades[0]"] == ("unmatched", "Utopia id C77: a current Utopia id (crew upgrade) with no "
                                                          "card name; such ids match the catalog only by name and set")
    assert found["ships[2].upgrades[1]"] == ("unmatched", 'Utopia id T5 "Transwarp Coil Overdrive": no tech upgrade '
                                                          'has that name; did you mean "Transwarp Drive"?')
    assert found["ships[2].upgrades[2]"] == ("not-imported", 'Utopia id O12 "First Officer": officer cards are not '
                                                             "in the catalog")
    assert not result.report.complete


@pytest.mark.parametrize(("card", "expected"), [
    ({"id": "W204", "name": "Photon Torpedoes", "set": "71120"}, "3006"),
    ({"id": "weapon:W204", "name": "photon  torpedoes", "setId": "71122"}, "3024"),
    ({"id": "W204", "name": "Photon Torpedoes", "sets": ["72938", "nope"]}, "photon_torpedoes_72938"),
    ({"id": "C9", "name": "Worf", "faction": "Mirror Universe"}, "worf_71510b"),
    ({"id": "c9", "name": "worf", "set": "72015"}, "worf_72015"),
    ({"id": "E1", "name": "Attack-Pattern Delta"}, "3088"),  # punctuation ignored
    ({"id": "crew:3005", "name": "ignored when the id is known"}, "3005"),
    ("weapon:3006", "3006"),
    ("3006", "3006"),
])
def test_utopia_card_forms(card: Any, expected: str) -> None:
    result = import_json({"ships": [{"id": "ship:1001", "upgrades": [card]}]}, input_format="utopia")
    assert result.fleet_document()["ships"][0]["upgrades"] == [expected]


def test_utopia_set_that_matches_none_of_the_namesakes() -> None:
    result = import_json({"ships": [{"id": "S1", "name": "Federation Starship", "set": "99999"}, "ship:1001"]},
                         input_format="utopia")
    kind, message = problems(result)["ships[0]"]
    assert kind == "ambiguous" and message.startswith(
        'Utopia id S1 "Federation Starship" set 99999 matches 23 cards, none of them from set 99999: 1002 '
        "(Federation, Galaxy Class, cost 26, set 71120, 72336, 72224p)")
    assert message.endswith("; and 15 more")
    single = import_json({"ships": [{"id": "S1", "name": "U.S.S. Defiant", "set": "99999"}]}, input_format="utopia")
    assert notes(single) == {"ships[0]": "set 99999 is not among its sets (71268)"}


def test_utopia_prefixes_name_the_kind() -> None:
    assert UTOPIA_ID.fullmatch("Cap818") and UTOPIA_ID.fullmatch("Sq3") and UTOPIA_ID.fullmatch("W204")
    assert not UTOPIA_ID.fullmatch("3006") and not UTOPIA_ID.fullmatch("james_t_kirk_71523")
    # "Worf" is a captain and a crew card: the prefix decides which.
    doc = {"ships": [{"id": "S1", "name": "I.K.S. Koraga", "captain": {"id": "Cap1", "name": "Worf", "set": "71273"},
                      "upgrades": [{"id": "C1", "name": "Worf", "set": "72015"}]}]}
    result = import_json(doc, input_format="utopia")
    assert result.fleet_document()["ships"] == [{"ship": "1038", "captain": "2037", "upgrades": ["worf_72015"]}]
    # A name of another kind does not match: an S id names a ship.
    message = import_error(text_source(json.dumps({"ships": [{"id": "S1", "name": "Photon Torpedoes"}]})),
                           input_format="utopia")
    assert message.startswith('test: no ship could be imported: ships[0]: Utopia id S1 "Photon Torpedoes": no ship '
                              "has that name")


def test_utopia_resource_prefers_the_resource_card_and_accepts_a_list() -> None:
    doc = {"ships": ["ship:1001"], "resource": [{"id": "R3", "name": "Captain's Chair"}, "resource:4001"]}
    result = import_json(doc, input_format="utopia")
    assert result.fleet_document()["resource"] == ["captains_chair_72936r", "4001"]
    chair = import_json({"ships": ["ship:1001"], "resource": "upgrade:captains_chair_r_72936r"}, input_format="utopia")
    assert chair.fleet_document()["resource"] == "captains_chair_72936r"
    assert "is the upgrade card; the fleet's resource is captains_chair_72936r" in notes(chair)["resource"]


def test_utopia_upgrade_slots() -> None:
    slots = [{"type": ["weapon"], "occupant": "weapon:3006"}, {"type": ["crew"]}, "crew:3005", None]
    result = import_json({"ships": [{"id": "ship:1001", "upgradeSlots": slots}]}, input_format="utopia")
    assert result.fleet_document()["ships"][0]["upgrades"] == ["3006", "3005"] and result.report.notes == ()
    both = import_json({"ships": [{"id": "ship:1001", "upgrades": ["weapon:3006"], "upgradeSlots": slots}]},
                       input_format="utopia")
    assert both.fleet_document()["ships"][0]["upgrades"] == ["3006"]
    assert notes(both) == {"ships[0].upgradeSlots": "2 cards in upgradeSlots not read: the ship's \"upgrades\" are "
                                                    "read instead"}


def test_utopia_link_forms() -> None:
    doc = {"ships": ["ship:1001"]}
    payload = base64.b64encode(json.dumps(doc).encode()).decode()
    urlsafe = base64.urlsafe_b64encode(json.dumps({"ships": ["ship:1001"], "name": "??>>"}).encode()).decode()
    for text in (UTOPIA_URL + quote(payload, safe=""), "#" + payload, payload.rstrip("="),
                 "https://example.org/#" + urlsafe.rstrip("="), "  https://x/#" + payload[:10] + "\n  " + payload[10:],
                 "#" + quote(json.dumps(doc))):
        assert import_text(text).fleet_document()["ships"] == [{"ship": "1001", "upgrades": []}], text
    plain = import_fleet("#" + quote(json.dumps(doc)))
    assert notes(plain) == {"link": "the link carries plain JSON, not base64"}


# -- malformed and hostile input ------------------------------------------------------------------


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


@pytest.mark.parametrize(("link", "expected"), [
    ("https://staw-utopia.com/#abc%zzdef", "Utopia link: bad percent-encoding at character 4 of the fragment ('%zz')"),
    ("https://staw-utopia.com/#abc%4", "Utopia link: bad percent-encoding at character 4 of the fragment ('%4')"),
    ("https://staw-utopia.com/#ab$cdefg", "Utopia link: not valid base64 (character '$' at 3)"),
    ("https://staw-utopia.com/#ab=cdefg", "Utopia link: not valid base64 ('=' padding before the end)"),
    ("https://staw-utopia.com/#abcde", "Utopia link: not valid base64 (a length of 5 characters cannot be)"),
    ("https://staw-utopia.com/#%C3%A9t%C3%A9", "Utopia link: not valid base64 (non-ASCII characters after "
                                                "percent-decoding)"),
    ("https://staw-utopia.com/#" + _b64(b"\xff\xfe{}"), "Utopia link: the base64 does not decode to UTF-8 text "
                                                        "(byte 0)"),
    ("https://staw-utopia.com/#" + _b64(b"{ships: []}"), "Utopia link: the decoded text: not valid JSON: "
                                                         "Expecting property name enclosed in double quotes at line 1 "
                                                         "column 2"),
    ("https://staw-utopia.com/#" + _b64(b'["ship:1001"]'), "Utopia link: the decoded JSON is a list, not an object "
                                                           "with ships"),
    ("https://staw-utopia.com/#" + _b64(b'{"ships": [NaN]}'), "Utopia link: the decoded text: "
                                                              "NaN is not a number JSON allows"),
    ("https://staw-utopia.com/#" + _b64(b"[" * 100_000 + b"]" * 100_000), "Utopia link: the decoded text: more "
                                                                          "than one list or table per 8 characters; "
                                                                          "not a document trek writes or reads"),
    ("https://staw-utopia.com/fleet", "Utopia link: no '#' in the link; the fleet is the text after '#'"),
    ("https://staw-utopia.com/#", "Utopia link: nothing after '#'"),
])
def test_bad_links_fail_at_a_named_stage(link: str, expected: str) -> None:
    assert import_error(link) == expected


@pytest.mark.parametrize(("doc", "expected"), [
    ({}, "test: no \"ships\"; a Utopia fleet lists its ships"),
    ({"ships": "ship:1001"}, "test: ships: should be a list of ships, not a string"),
    ({"ships": [{"id": 5.5}]}, "test: ships[0].id: should be a string, not a number"),
    ({"ships": [{"id": "ship:1001", "upgrades": {"a": 1}}]},
     "test: ships[0].upgrades: should be a list of upgrades, not an object"),
    ({"ships": ["ship:1001"] * 51}, "test: ships: 51 ships; at most 50 are read"),
    ({"ships": [{"id": "ship:1001", "upgrades": ["weapon:3006"] * 51}]},
     "test: ships[0].upgrades: 51 upgrades; at most 50 are read"),
    ({"ships": [{"id": "ship:" + "x" * 500}]}, "test: ships[0].id: longer than 500 characters"),
    ({"ships": ["ship:1001"] * 21}, "test: 21 ships; a fleet file holds at most 20"),
    ({"ships": [{"id": "ship:1001", "upgrades": ["weapon:3006"] * 21}]},
     "test: ships[0] has 21 upgrades; a fleet file's ship holds at most 20"),
    ({"ships": [None, {}]}, "test: the input lists no ships"),
    ({"ships": [{"id": "ship:nope"}]}, "test: no ship could be imported: ships[0]: Utopia id ship:nope: no card in "
                                       "the catalog has that id"),
])
def test_malformed_utopia_documents(doc: Any, expected: str) -> None:
    assert import_error(text_source(json.dumps(doc)), input_format="utopia") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ('{"name": "x", "ships": [}', "test: not valid JSON: Expecting value at line 1 column 25"),
    ('{"name": "x"}', 'test: no "ships"; a squad lists its ships'),
    ('{"ships": {}}', "test: ships: should be a list of ships, not an object"),
    ('{"ships": [{"shipId": ["1001"]}]}', "test: ships[0].shipId: should be a string, not a list"),
    ('{"ships": [{"shipId": "1001", "upgrades": "3006"}]}',
     "test: ships[0].upgrades: should be a list of upgrades, not a string"),
    ('{"name": "' + "n" * 501 + '", "ships": []}', "test: name: longer than 500 characters"),
    ("[1, 2]", "test holds 2 squads; choose one with --squad INDEX or NAME: [0] \"(no name)\", [1] \"(no name)\""),
    ('"squad"', "not a format trek can import: expected Space Dock JSON (.spacedock, .spacedocksquads), Space Dock "
                "text (Label|Title|Id lines) or a Utopia share link"),
    ("", "not a format trek can import: expected Space Dock JSON (.spacedock, .spacedocksquads), Space Dock text "
         "(Label|Title|Id lines) or a Utopia share link"),
    ("Ships|A|" + "1" * 501, "test: line 1: longer than 500 characters"),
    ("\n".join(["Ships|U.S.S. Enterprise-D|1001"] * 51), "test: line 51: more than 50 ships"),
])
def test_malformed_space_dock_input(text: str, expected: str) -> None:
    assert import_error(text_source(text)) == expected


def test_bad_files(tmp_path: Path) -> None:
    assert import_error(str(DATA / "broken.spacedock")).endswith(
        "broken.spacedock: not valid JSON: Expecting property name enclosed in double quotes at line 4 column 57")
    big = tmp_path / "big.spacedock"
    big.write_bytes(b" " * 1_000_001)
    assert import_error(str(big)) == f"{big}: the file is 1,000,001 bytes, larger than the limit of 1,000,000 " \
        "bytes for a fleet-builder file"
    latin = tmp_path / "latin.spacedock"
    latin.write_bytes('{"name": "Ca\xf1on"}'.encode("latin-1"))
    assert import_error(str(latin)) == f"{latin}: not UTF-8 text (byte 12)"
    assert import_error(str(tmp_path / "missing.spacedock")).endswith(
        "missing.spacedock: cannot read: No such file or directory (a pasted link needs its '#')")
    assert "cannot read" in import_error(str(tmp_path))
    deep = tmp_path / "deep.spacedock"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    assert import_error(str(deep)).startswith(f"{deep}: more than one list or table per 8 characters")
    assert issubclass(FleetImportError, FleetError) and issubclass(FleetImportError, TrekError)


def test_our_own_fleet_file_is_pointed_to_fleet_check() -> None:
    path = REPLAYS / "fleets" / "federation.json"
    assert import_error(str(path)) == (f"{path}: this is a trek fleet file already (its ships name a \"ship\"); "
                                       "`trek fleet check` reads it")


def test_untrusted_text_is_escaped_in_messages() -> None:
    doc = {"ships": [{"shipId": "1001", "shipTitle": "\x1b[31mred\x07"}, {"shipId": "x\x1b", "shipTitle": "\x1b]0;"}],
           "name": "bell\x07 and\nnewline"}
    result = import_json(doc)
    lines = [str(n) for n in result.report.notes] + [str(p) for p in result.report.problems]
    assert lines and not any("\x1b" in line or "\x07" in line for line in lines)
    assert '"\\u001b[31mred\\u0007"' in notes(result)["ships[0]"]
    assert result.fleet_file.name == "bell and newline"


def test_long_names_are_cut_and_unknown_factions_dropped() -> None:
    result = import_json({"name": "N" * 300, "faction": "Cardassia Prime", "ships": [{"shipId": "1001"}]})
    assert result.fleet_file.name == "N" * 200 and result.fleet_file.faction is None
    said = notes(result)
    assert said["name"] == "the name is 300 characters; cut to 200"
    assert said["faction"] == '"Cardassia Prime" is not a faction of the catalog; the fleet file names none'


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5000) | st.text(max_size=12)
    | st.sampled_from(["1001", "2001", "3006", "ship:1001", "W204", "Cap818", "4001", "james_t_kirk_71523"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["ships", "shipId", "captain", "upgrades", "upgradeId", "upgradeTitle", "id", "name",
                         "set", "sideboard", "resource", "flagship", "occupant", "upgradeSlots", "cost",
                         "costIsOverridden", "overriddenCost", "admiral", "x"]),
        inner, max_size=5),
    max_leaves=25,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=JSON_VALUES, fmt=st.sampled_from(["auto", "spacedock", "utopia"]))
def test_any_json_gives_a_fleet_or_one_clear_error(doc: Any, fmt: Any) -> None:
    try:
        result = import_text(json.dumps(doc), input_format=fmt)
    except FleetError as exc:
        assert "\n" not in str(exc)
        return
    assert result.fleet_file.ships and resolve_fleet(result.fleet_file) == result.fleet


@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=60))
def test_any_link_text_gives_a_fleet_or_one_clear_error(text: str) -> None:
    try:
        import_text("https://staw-utopia.com/#" + text, input_format="utopia")
    except FleetError as exc:
        assert "\n" not in str(exc)


# -- export and round trips ----------------------------------------------------------------------


def _fleets() -> list[ResolvedFleet]:
    bundled = [load_fleet(REPLAYS / "fleets" / f"{name}.json") for name in ("federation", "dominion")]
    with_admiral = resolve_fleet(parse_fleet({
        "name": "Admiral's fleet", "ships": FEDERATION_SHIPS, "resource": "4001"}))
    chair = resolve_fleet(parse_fleet({
        "name": "Chair", "faction": "Klingon",
        "ships": [{"ship": "1017", "captain": "2018", "upgrades": ["captains_chair_r_72936r", "3051"]}],
        "resource": "Captain's Chair"}))
    return [*bundled, with_admiral, chair]


@pytest.mark.parametrize("fmt", ["spacedock", "utopia-text"])
def test_export_then_import_gives_the_same_fleet_file(fmt: Any) -> None:
    for fleet in _fleets():
        text, said = export_fleet(fleet, fmt)
        assert said == []
        result = import_fleet(text_source(text))
        assert fleet_file_document(result.fleet_file) == as_ids(fleet), fleet.name
        assert result.report.complete and result.report.notes == () and result.fleet == fleet


def test_space_dock_file_import_export_import() -> None:
    first = import_fleet(str(DATA / "federation.spacedock"))
    text, _ = export_fleet(first.fleet, "spacedock")
    second = import_fleet(text_source(text, "again.spacedock"))
    assert second.fleet_file == first.fleet_file and second.fleet == first.fleet
    assert second.report.cost_overrides == () and second.report.notes == ()  # catalog prices, the same total
    exported = json.loads(text)
    assert exported["cost"] == 121 and exported["resource"] == "4001"
    assert exported["ships"][1]["upgrades"][0] == {"upgradeId": "james_t_kirk_71523", "upgradeTitle": "James T. Kirk",
                                                   "calculatedCost": 5}
    for name in ("federation.txt", "utopia-old.txt"):
        other = import_fleet(str(DATA / name))
        again = import_fleet(text_source(export_fleet(other.fleet, "spacedock")[0]))
        assert again.fleet_file == other.fleet_file


def test_spacedock_export_keeps_one_resource() -> None:
    fleet = resolve_fleet(parse_fleet({"name": "Two", "ships": [{"ship": "1001"}], "resource": ["4001", "4002"]}))
    text, said = export_fleet(fleet, "spacedock")
    assert said == ["resource[1]: Command Tokens (4002) left out: a Space Dock squad has one resource"]
    doc = json.loads(text)
    assert doc["resource"] == "4001" and doc["cost"] == fleet.total_cost - 5
    utopia = import_fleet(text_source(export_fleet(fleet, "utopia-text")[0]))
    assert utopia.fleet_document()["resource"] == ["4001", "4002"]


def test_utopia_export_is_an_old_style_link() -> None:
    fleet = load_fleet(REPLAYS / "fleets" / "federation.json")
    link, _ = export_fleet(fleet, "utopia-text")
    assert link.startswith(UTOPIA_URL) and link.endswith("\n") and link.count("\n") == 1
    fragment = link.strip().split("#", 1)[1]
    assert not set(fragment) & set("+/=")  # percent-encoded
    doc = json.loads(base64.b64decode(unquote(fragment)))
    assert doc == utopia_document(fleet)
    assert doc["ships"][0] == {"id": "ship:1001", "captain": "captain:2001", "admiral": {},
                               "upgrades": ["weapon:3006", "weapon:3067"]}


def test_text_export_lists_every_card_and_cost() -> None:
    fleet = resolve_fleet(parse_fleet({"name": "Mixed", "ships": [
        {"ship": "1001", "captain": "2001", "upgrades": ["3006", "3036"]},
        {"ship": "1030", "captain": "2029", "admiral": "james_t_kirk_71523"}], "resource": "4001"}))
    text, _ = export_fleet(fleet, "text")
    assert text.splitlines()[0] == "Mixed"
    assert "Ship 1: U.S.S. Enterprise-D [1001]  Galaxy Class, Federation  28" in text
    assert "  Weapon   Photon Torpedoes [3036]  6 (5 printed, +1 faction penalty)" in text
    assert "  Admiral  James T. Kirk [james_t_kirk_71523]  5" in text
    assert "Resource: Elite Attack Die [4001]  5" in text
    assert text.rstrip().endswith(f"Fleet total: {fleet.total_cost} SP")


def test_user_examples_import_cleanly() -> None:
    examples = REPLAYS / "fleets" / "imports"
    for path in sorted(examples.iterdir()):
        if path.suffix in (".spacedock", ".txt"):
            result = import_fleet(str(path))
            assert result.report.complete and result.violations == [], path.name
    link = import_fleet(str(examples / "federation-utopia-link.txt"))
    assert link.fleet == load_fleet(REPLAYS / "fleets" / "federation.json")


# -- the command line --------------------------------------------------------------------------


def test_cli_import_writes_the_fleet_file_and_reports(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_path = tmp_path / "fleet.json"
    code, out, err = run(capsys, "fleet", "import", str(DATA / "federation.spacedock"), "-o", str(out_path))
    assert code == 0 and err == ""
    assert json.loads(out_path.read_text(encoding="utf-8"))["ships"] == FEDERATION_SHIPS
    assert out.startswith("imported 12 cards from ") and "(Space Dock squad (JSON)); every card matched" in out
    assert "ships[1].upgrades[1]: Quantum Torpedoes: the file says 4 (cost set by hand), the catalog says 6" in out
    assert f"wrote {out_path}" in out and "Federation task force  121 SP" in out
    assert out.rstrip().endswith("tournament: legal")
    code, out, _ = run(capsys, "fleet", "check", str(out_path))
    assert code == 0 and "121 SP" in out


def test_cli_import_exit_statuses(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "fleet", "import", str(DATA / "utopia-current.txt"), "-o", str(tmp_path / "a.json"))
    assert code == 3 and "5 NOT imported" in out and "not imported:" in out and "matched by name (check these):" in out
    assert "  ships[1].upgrades[0]: [ambiguous] Utopia id W211 \"Photon Torpedoes\" matches 23 cards" in out
    one_ship = tmp_path / "one.txt"
    one_ship.write_text("Ships|U.S.S. Enterprise-D|1001\nCaptains|Jean-Luc Picard|2001\n", encoding="utf-8")
    code, out, _ = run(capsys, "fleet", "import", str(one_ship), "-o", str(tmp_path / "b.json"))
    assert code == 1 and "NOT LEGAL, 1 violation" in out and "rule min-ships" in out
    code, out, err = run(capsys, "fleet", "import", "https://staw-utopia.com/#%zz")
    assert code == 2 and out == "" and err == (
        "trek fleet: error: Utopia link: bad percent-encoding at character 1 of the fragment ('%zz')\n")
    code, _, err = run(capsys, "fleet", "import", str(DATA / "utopia-old.txt"), "-o", str(one_ship / "x.json"))
    assert code == 2 and "cannot write" in err and "is a file, not a folder" in err and err.count("\n") == 1


def test_cli_import_to_standard_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "fleet", "import", (DATA / "utopia-old.txt").read_text(encoding="utf-8").strip(),
                         "--name", "From a link")
    assert code == 0
    assert json.loads(out) == {"name": "From a link", "ships": FEDERATION_SHIPS, "resource": "4001"}
    assert "imported 12 cards from link (Utopia share link)" in err and "tournament: legal" in err


def test_cli_import_json_and_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    data = (DATA / "squads.spacedocksquads").read_bytes()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, out, _ = run(capsys, "fleet", "import", "-", "--squad", "1", "--json")
    doc = json.loads(out)
    assert code == 3 and doc["complete"] is False and doc["legal"] is True and doc["source"] == "<stdin>"
    assert doc["format"] == "spacedock-squads" and doc["squad"] == '[1] "Romulan patrol"'
    assert doc["fleet_file"]["resource"] == "4004" and doc["fleet"]["total_cost"] == 112
    assert [p["where"] for p in doc["problems"]] == ["[1].ships[0].flagship"]
    assert set(doc) >= {"imported", "sideboard", "cost_overrides", "notes", "violations", "output"}


def test_cli_export(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    fleet_path = REPLAYS / "fleets" / "federation.json"
    code, out, err = run(capsys, "fleet", "export", str(fleet_path), "--format", "spacedock")
    assert code == 0 and err == "" and json.loads(out)["ships"][0]["shipId"] == "1001"
    code, out, _ = run(capsys, "fleet", "export", str(fleet_path))
    assert code == 0 and out.startswith("Federation task force (Federation)")
    target = tmp_path / "fleet.link"
    code, out, _ = run(capsys, "fleet", "export", str(fleet_path), "--format", "utopia-text", "-o", str(target))
    assert code == 0 and out == ""
    code, out, _ = run(capsys, "fleet", "import", str(target), "-o", str(tmp_path / "back.json"))
    assert code == 0
    two = tmp_path / "two.json"
    two.write_text(json.dumps({"name": "Two", "ships": [{"ship": "1001"}], "resource": ["4001", "4002"]}),
                   encoding="utf-8")
    code, _, err = run(capsys, "fleet", "export", str(two), "--format", "spacedock")
    assert code == 0 and err == ("trek fleet export: note: resource[1]: Command Tokens (4002) left out: a Space Dock "
                                 "squad has one resource\n")
    code, _, err = run(capsys, "fleet", "export", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in err
    code, _, err = run(capsys, "fleet", "export", str(fleet_path), "--format", "xml")
    assert code == 2 and "invalid choice" in err
