"""Fleet files: validation of untrusted input, catalog look-ups with located errors, card pricing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.catalog import load_catalog
from engine.errors import TrekError
from engine.rulesets.attack_wing.fleet import (
    MAX_SHIPS,
    MAX_TEXT,
    MAX_UPGRADES,
    FleetError,
    ResolvedFleet,
    fleet_document,
    load_fleet,
    parse_fleet,
    read_fleet_file,
    resolve_fleet,
)
from engine.rulesets.attack_wing.fleet_tags import CARD_RULES, card_rule, tag_is_interpreted

REPLAYS = Path(__file__).resolve().parents[1] / "replays"


def resolve(ships: list[dict[str, Any]], **extra: Any) -> ResolvedFleet:
    return resolve_fleet(parse_fleet({"name": "test fleet", "ships": ships, **extra}))


def error_of(document: Any) -> str:
    with pytest.raises(FleetError) as info:
        resolve_fleet(parse_fleet(document))
    return str(info.value)


def write(tmp_path: Path, document: Any, name: str = "fleet.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


# -- the bundled fleets --------------------------------------------------------------------------


def test_bundled_federation_fleet_prices_every_card() -> None:
    fleet = load_fleet(REPLAYS / "fleets" / "federation.json")
    assert fleet.name == "Federation task force" and fleet.faction == "Federation"
    assert [s.ship.name for s in fleet.ships] == ["U.S.S. Enterprise-D", "U.S.S. Defiant", "U.S.S. Excelsior"]
    assert [s.captain.card.name for s in fleet.ships if s.captain] == [
        "Jean-Luc Picard", "Benjamin Sisko", "William T. Riker"]
    assert [s.cost for s in fleet.ships] == [45, 39, 35]
    assert fleet.total_cost == 119 and fleet.notes == ()
    assert [s.skill for s in fleet.ships] == [9, 6, 6]


def test_bundled_dominion_fleet_prices_every_card() -> None:
    fleet = load_fleet(REPLAYS / "fleets" / "dominion.json")
    assert [s.ship.class_name for s in fleet.ships] == [
        "Jem'Hadar Battle Cruiser", "Jem'Hadar Attack Ship", "Jem'Hadar Attack Ship"]
    assert [s.cost for s in fleet.ships] == [49, 34, 30]
    assert fleet.total_cost == 113
    # The Phased Polaron Beam costs 5 more off a Jem'Hadar ship; these are Jem'Hadar ships.
    assert all(not u.cost.modifiers for s in fleet.ships for u in s.upgrades)


# -- look-ups and located errors -------------------------------------------------------------------


def test_names_and_ids_both_resolve() -> None:
    by_name = resolve([{"ship": "u.s.s. defiant", "captain": "Keevan", "upgrades": ["secondary torpedo launcher"]}])
    by_id = resolve([{"ship": "1030", "captain": "keevan_71524", "upgrades": ["3136"]}])
    assert by_name.ships[0].ship == by_id.ships[0].ship
    assert by_name.ships[0].captain == by_id.ships[0].captain
    assert by_name.ships[0].upgrades[0].card.id == "3136"


def test_unknown_upgrade_names_its_place_and_suggests() -> None:
    message = error_of({"name": "f", "ships": [
        {"ship": "1001", "captain": "2001"},
        {"ship": "1030", "captain": "2029"},
        {"ship": "1044", "captain": "2002", "upgrades": ["3006", "Quantum Torpedos"]},
    ]})
    assert message.startswith("ships[2].upgrades[1]: no upgrade with the name or id 'Quantum Torpedos'")
    assert "did you mean 'Quantum Torpedoes'" in message


def test_unknown_ship_and_captain_are_located() -> None:
    assert error_of({"name": "f", "ships": [{"ship": "U.S.S. Enterprize-D"}]}).startswith("ships[0].ship: no ship")
    message = error_of({"name": "f", "ships": [{"ship": "1001", "captain": "Jean Luc Pickard"}]})
    assert message.startswith("ships[0].captain: no captain") and "Jean-Luc Picard" in message


def test_ambiguous_name_lists_the_ids_to_choose_from() -> None:
    message = error_of({"name": "f", "ships": [{"ship": "1001", "captain": "2001", "upgrades": ["Photon Torpedoes"]}]})
    assert message.startswith("ships[0].upgrades[0]: 'Photon Torpedoes' names")
    assert "give an id instead" in message and "3006 (Federation, weapon)" in message


def test_unknown_resource_admiral_and_faction() -> None:
    ships = [{"ship": "1001", "captain": "2001"}]
    assert error_of({"name": "f", "ships": ships, "resource": "Elite Atack Die"}).startswith("resource: no resource")
    assert error_of({"name": "f", "ships": ships, "resource": ["4001", "nope"]}).startswith("resource[1]: no resource")
    assert error_of({"name": "f", "ships": [{**ships[0], "admiral": "Admiral Nobody"}]}).startswith(
        "ships[0].admiral: no admiral")
    assert error_of({"name": "f", "faction": "Starfleet", "ships": ships}).startswith("faction: no faction 'Starfleet'")


def test_fleet_error_is_a_trek_error() -> None:
    assert issubclass(FleetError, TrekError) and issubclass(FleetError, ValueError)


# -- the file's shape ------------------------------------------------------------------------------


@pytest.mark.parametrize(("document", "expected"), [
    ([], "the document: should be an object"),
    ({"ships": [{"ship": "1001"}]}, "name: Field required"),
    ({"name": "f", "ships": "1001"}, "ships: should be a list"),
    ({"name": "f", "ships": []}, "ships: List should have at least 1 item"),
    ({"name": "f", "ships": [{"ship": 1001}]}, "ships[0].ship: Input should be a valid string"),
    ({"name": "f", "ships": [{"ship": "1001", "upgrades": "3006"}]}, "ships[0].upgrades: should be a list"),
    ({"name": "f", "ships": [{"ship": "1001", "upgrades": ["3006", 7]}]},
     "ships[0].upgrades[1]: Input should be a valid string"),
    ({"name": "f", "ships": [{"ship": "1001", "captian": "2001"}]}, "ships[0].captian: unknown field"),
    ({"name": "f", "ships": [{"ship": "  "}]}, "ships[0].ship: String should have at least 1 character"),
    ({"name": "f", "ships": [{"ship": None}]}, "ships[0].ship: Input should be a valid string"),
])
def test_wrong_types_are_located(document: Any, expected: str) -> None:
    with pytest.raises(FleetError) as info:
        parse_fleet(document)
    assert str(info.value).startswith(expected)


def test_oversized_lists_and_strings_are_refused() -> None:
    ship = {"ship": "1001"}
    with pytest.raises(FleetError, match=rf"^ships: List should have at most {MAX_SHIPS} items"):
        parse_fleet({"name": "f", "ships": [ship] * (MAX_SHIPS + 1)})
    with pytest.raises(FleetError, match=rf"^ships\[0\].upgrades: List should have at most {MAX_UPGRADES} items"):
        parse_fleet({"name": "f", "ships": [{"ship": "1001", "upgrades": ["3006"] * (MAX_UPGRADES + 1)}]})
    with pytest.raises(FleetError, match=rf"^name: String should have at most {MAX_TEXT} characters"):
        parse_fleet({"name": "x" * (MAX_TEXT + 1), "ships": [ship]})
    with pytest.raises(FleetError, match=r"^resource"):
        parse_fleet({"name": "f", "ships": [ship], "resource": ["4001"] * 6})
    assert len(parse_fleet({"name": "f", "ships": [ship] * MAX_SHIPS}).ships) == MAX_SHIPS


def test_unreadable_files_are_fleet_errors(tmp_path: Path) -> None:
    bad_json = tmp_path / "bad.json"
    bad_json.write_text('{"name": "f",\n "ships": [}', encoding="utf-8")
    with pytest.raises(FleetError, match=r"not valid JSON: .* at line 2 column 12"):
        read_fleet_file(bad_json)
    nan = tmp_path / "nan.json"
    nan.write_text('{"name": "f", "ships": [{"ship": "1001"}], "x": NaN}', encoding="utf-8")
    with pytest.raises(FleetError, match="NaN"):
        read_fleet_file(nan)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(FleetError, match="more than one list or table per 8 characters"):
        read_fleet_file(deep)
    big = tmp_path / "big.json"
    big.write_text(" " * 1_000_001, encoding="utf-8")
    with pytest.raises(FleetError, match="larger than"):
        read_fleet_file(big)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(FleetError, match="not UTF-8"):
        read_fleet_file(binary)
    with pytest.raises(FleetError, match="cannot read"):
        read_fleet_file(tmp_path / "missing.json")


def test_load_fleet_prefixes_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, {"name": "f", "ships": [{"ship": "1001", "upgrades": ["3006", "nothing at all"]}]})
    with pytest.raises(FleetError) as info:
        load_fleet(path)
    assert str(info.value).startswith(f"{path}: ships[0].upgrades[1]: no upgrade")


# -- pricing -------------------------------------------------------------------------------------


def test_faction_penalty_is_one_per_captain_and_upgrade() -> None:
    # A Dominion torpedo and a Dominion captain on a Federation ship: +1 each.
    fleet = resolve([{"ship": "1001", "captain": "2036", "upgrades": ["3058", "3006"]}])
    ship = fleet.ships[0]
    assert ship.captain is not None and ship.captain.cost.faction_penalty == 1 and ship.captain.cost.total == 1
    assert [(u.cost.printed, u.cost.faction_penalty, u.cost.total) for u in ship.upgrades] == [(5, 1, 6), (5, 0, 5)]
    assert ship.cost == 28 + 1 + 6 + 5


def test_faction_penalty_is_three_for_an_admiral() -> None:
    ship = resolve([{"ship": "1001", "captain": "2001", "admiral": "gul_dukat_71524"}]).ships[0]
    assert ship.admiral is not None and ship.admiral.cost.faction_penalty == 3 and ship.admiral.cost.total == 8
    own = resolve([{"ship": "1001", "captain": "2001", "admiral": "matthew_dougherty_71531"}]).ships[0]
    assert own.admiral is not None and own.admiral.cost.total == 3


def test_a_second_faction_counts_as_a_match() -> None:
    # Deep Space 9 is Federation and Bajoran: a Bajoran captain pays no penalty there.
    bajoran = next(c for c in load_catalog().captains("Bajoran") if c.faction == "Bajoran")
    ship = resolve([{"ship": "1025", "captain": bajoran.id}]).ships[0]
    assert ship.captain is not None and ship.captain.cost.faction_penalty == 0


def test_card_surcharge_applies_off_its_ship_type() -> None:
    # Phased Polaron Beam: +5 SP unless on a Jem'Hadar ship (and +1 faction penalty on a Federation ship).
    fed = resolve([{"ship": "1030", "captain": "2029", "upgrades": ["3081"]}]).ships[0].upgrades[0]
    assert (fed.cost.printed, fed.cost.faction_penalty, fed.cost.total) == (5, 1, 11)
    assert fed.cost.modifiers[0].amount == 5 and "Jem'Hadar" in fed.cost.modifiers[0].reason
    jem = resolve([{"ship": "1037", "captain": "2036", "upgrades": ["3081"]}]).ships[0].upgrades[0]
    assert jem.cost.total == 5


def test_captain_discount_and_penalty_waiver() -> None:
    # Thot Gor: weapon upgrades cost 1 less.
    ship = resolve([{"ship": "1022", "captain": "2023", "upgrades": ["3097", "3054"]}]).ships[0]
    assert [u.cost.total for u in ship.upgrades] == [2, 4]
    # A captain whose ship's upgrades ignore the faction penalty.
    waiver = next(c for c in load_catalog().captains() if c.special == "UpgradesIgnoreFactionPenalty")
    ship = resolve([{"ship": "1001", "captain": waiver.id, "upgrades": ["3058"]}]).ships[0]
    assert ship.upgrades[0].cost.faction_penalty == 0


def test_cost_never_goes_below_zero() -> None:
    # Picard (Ship2LessAndUpgrades1Less): the ship costs 2 less and each upgrade 1 less, floored at 0.
    picard = "jean_luc_picard_72224p"
    ship = resolve([{"ship": "u_s_s_enterprise_d_72224p", "captain": picard,
                     "upgrades": ["escape_pod_71801", "elizabeth_lense_72011"]}]).ships[0]
    assert ship.ship_cost.total == 28 - 2
    assert [(u.cost.printed, u.cost.total) for u in ship.upgrades] == [(1, 0), (1, 0)]
    # A captain with a faction penalty on a card that a discount takes below 0 still stops at 0.
    thot_gor = resolve([{"ship": "1022", "captain": "2023", "upgrades": ["aft_phaser_emitters_72224p"]}]).ships[0]
    assert all(u.cost.total >= 0 for u in thot_gor.upgrades)


def test_slots_come_from_the_bar_the_captain_and_cards() -> None:
    plain = resolve([{"ship": "1001", "captain": "2001"}]).ships[0]
    assert plain.slots.model_dump() == {"crew": 3, "weapon": 2, "tech": 0, "talent": 1, "borg": 0, "squadron": 0}
    # This Picard adds a crew slot (Add_Crew_1); an admiral with a talent icon adds a talent slot.
    more = resolve([{"ship": "1001", "captain": "jean_luc_picard_71510", "admiral": "james_t_kirk_71523"}]).ships[0]
    assert more.slots.crew == 4 and more.slots.talent == 1 + 1


def test_skill_is_captain_plus_admiral_modifier_else_one() -> None:
    fleet = resolve([
        {"ship": "1001", "captain": "2001", "admiral": "matthew_dougherty_71531"},
        {"ship": "dominion_starship_72022"},
    ])
    assert [s.skill for s in fleet.ships] == [9 + 1, 1]


def test_resource_is_priced_and_a_resource_card_is_not_counted_twice() -> None:
    fleet = resolve([{"ship": "1001", "captain": "2001"}], resource="Elite Attack Die")
    assert fleet.total_cost == 28 + 6 + 5 and fleet.resources[0].where == "resource"
    chair = resolve([{"ship": "1001", "captain": "2001", "upgrades": ["captains_chair_r_72936r"]}],
                    resource="captains_chair_72936r")
    assert chair.resources[0].cost.total == 0 and chair.total_cost == 28 + 6 + 3 + 1  # +1: Independent card


def test_tags_the_resolver_cannot_interpret_become_notes() -> None:
    hugh = next(c for c in load_catalog().data.captains if c.special == "hugh_71522")
    fleet = resolve([{"ship": "1001", "captain": hugh.id}])
    assert len(fleet.notes) == 1 and fleet.notes[0].where == "ships[0].captain"
    assert "'hugh_71522' is not checked" in fleet.notes[0].message


def test_most_fleet_building_tags_in_the_catalog_are_interpreted() -> None:
    catalog = load_catalog()
    tags = {c.special for g in (catalog.data.upgrades, catalog.data.captains, catalog.data.admirals)
            for c in g if c.special}
    unchecked = {t for t in tags if not tag_is_interpreted(t)}
    assert len(unchecked) <= 20, sorted(unchecked)
    assert card_rule("OnlyShipClass_Cardassian_ATR-4107") is not None
    assert card_rule("Plus5NotShipClass_Dauntless_Class") is not None
    assert all(card_rule(tag) is CARD_RULES[tag] for tag in CARD_RULES)


def test_fleet_document_is_json() -> None:
    fleet = load_fleet(REPLAYS / "fleets" / "federation.json")
    doc = json.loads(json.dumps(fleet_document(fleet)))
    assert doc["total_cost"] == 119 and doc["ships"][0]["captain"]["name"] == "Jean-Luc Picard"
    assert doc["ships"][0]["upgrades"][0] == {"id": "3006", "name": "Photon Torpedoes", "type": "weapon",
                                             "faction": "Federation", "cost": {"printed": 5, "total": 5}}
