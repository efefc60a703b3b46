"""Enemy Logic cards: target, direction, ring and maneuver tables (pure functions), with the
rulebook's examples where its text allows."""

from __future__ import annotations

import math

import pytest
from pydantic import ValidationError

from engine.geometry.pose import Pose
from engine.rulesets.alliance import logic as L
from engine.rulesets.alliance.formations import facing_check, swerve_substitutes
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.attack_wing.measure import Placed

CARD = L.JEM_HADAR_ATTACK_SHIP
ME = Pose(450.0, 450.0, 0.0)


def at(bearing: float, gap: float, heading: float, me: Pose = ME) -> Placed:
    """A small base whose centre is ``gap`` mm beyond touching range at a relative bearing."""
    a = math.radians(me.heading + bearing)
    r = gap + 40.0 / (max(abs(math.sin(math.radians(bearing))), abs(math.cos(math.radians(bearing)))))
    return Placed(Pose(me.x + r * math.sin(a), me.y + r * math.cos(a), heading % 360))


# --- glyphs and tables -------------------------------------------------------------------------

def test_glyphs_are_numpad_digits() -> None:
    assert L.parse_glyph("48") == Maneuver("straight", 4)
    assert L.parse_glyph("39") == Maneuver("right-bank", 3)
    assert L.parse_glyph("17") == Maneuver("left-bank", 1)
    assert L.parse_glyph("26") == Maneuver("right-turn", 2)
    assert L.parse_glyph("34") == Maneuver("left-turn", 3)
    assert L.parse_glyph("32") == Maneuver("about", 3)
    assert L.parse_glyph("15") == Maneuver("straight", -1)
    for g in ("48", "39", "17", "26", "34", "32", "15"):
        assert L.glyph_of(L.parse_glyph(g)) == g
    with pytest.raises(ValueError):
        L.parse_glyph("31")


def test_card_has_ten_tables_covering_the_d6() -> None:
    assert len(CARD.tables) == 10
    for table in CARD.tables:
        assert [table.row_for(d).low <= d <= table.row_for(d).high for d in range(1, 7)] == [True] * 6
    assert (CARD.attack, CARD.agility, CARD.hull, CARD.shields) == (3, 2, 3, 2)  # "!3 @ 2 # 3 $ 2"


def test_every_table_maneuver_is_on_the_attack_ship_dial() -> None:
    from engine.catalog import load_catalog

    dial = {(m.kind, m.speed) for m in load_catalog().ship_class(CARD.ship_class).maneuvers}
    for table in CARD.tables:
        for row in table.rows:
            m = row.parsed()
            assert (m.kind, m.speed) in dial and (L.mirrored(m).kind, m.speed) in dial, (table.direction, row)


def test_a_table_must_cover_one_to_six() -> None:
    with pytest.raises(ValidationError):
        L.ManeuverTable(direction="ahead", ring="inner", rows=(L.TableRow(rolls="12", maneuver="48"),))
    with pytest.raises(ValidationError):
        L.TableRow(rolls="13", maneuver="48")


def test_left_directions_use_the_right_tables_mirrored() -> None:
    assert L.table_for_sector(7) == ("front-right", True)
    assert L.table_for_sector(6) == ("right", True)
    assert L.table_for_sector(5) == ("rear-right", True)
    assert L.table_for_sector(4) == ("behind", False)
    roll = L.roll_on_table(CARD, 7, "outer", 4)
    assert roll.maneuver == Maneuver("left-bank", 3) and roll.row.maneuver == "39"


# --- the gameplay example's maneuvers ----------------------------------------------------------

def test_gameplay_example_turn_1_formation_rolls_a_4_at_45_degrees_out_of_range() -> None:
    """J1 and J2: target out of range at a 45 degree angle (to the left); a 4 gives a 3 bank."""
    assert L.roll_on_table(CARD, 7, "outer", 4).maneuver == Maneuver("left-bank", 3)


def test_gameplay_example_turn_1_j3_target_ahead_beyond_range_3_rolls_a_2() -> None:
    assert L.roll_on_table(CARD, 0, "outer", 2).maneuver == Maneuver("straight", 4)


def test_gameplay_example_turn_2_j1_straight_ahead_range_2_closing_rolls_a_5() -> None:
    ring, _ = L.choose_ring(2, closing=True)
    assert ring == "inner"
    assert L.roll_on_table(CARD, 0, ring, 5).maneuver == Maneuver("straight", 2)


def test_gameplay_example_turn_2_j3_45_left_range_2_closing_rolls_a_6_red() -> None:
    roll = L.roll_on_table(CARD, 7, "inner", 6)
    assert roll.maneuver == Maneuver("about", 3)
    from engine.catalog import load_catalog

    colours = {(m.kind, m.speed): m.colour for m in load_catalog().ship_class(CARD.ship_class).maneuvers}
    assert colours[("about", 3)] == "red"


# --- target ----------------------------------------------------------------------------------------

def test_determining_target_example() -> None:
    """#1 touches the Attack Ship and is ignored (others are in range); #2 and #3 are both at
    Range 2 and the Akira #2 is physically closest."""
    ship1 = at(90, 0.0, 0)
    ship2 = at(20, 120.0, 180)
    ship3 = at(-60, 160.0, 90)
    me = Placed(ME)
    pick = L.choose_target(me, [("F1", ship1), ("F2", ship2), ("F3", ship3)])
    notes = {c.id: c for c in pick.candidates}
    assert notes["F1"].touching and notes["F1"].note.startswith("ignored")
    assert notes["F2"].band == notes["F3"].band == 2
    assert pick.target == "F2" and "physically closest" in pick.reason


def test_touching_target_is_used_when_nothing_else_is_in_range() -> None:
    me = Placed(ME)
    pick = L.choose_target(me, [("F1", at(90, 0.0, 0)), ("F2", at(0, 400.0, 0))])
    assert pick.target == "F1" and "touching" in pick.reason


def test_shortest_range_band_beats_physical_distance_and_ties_go_dead_ahead() -> None:
    me = Placed(ME)
    near_side = at(90, 110.0, 0)  # Range 2
    ahead = at(0, 110.5, 0)  # Range 2, a similar distance, dead ahead
    pick = L.choose_target(me, [("side", near_side), ("ahead", ahead)])
    assert pick.target == "ahead" and "dead ahead" in pick.reason
    close = at(170, 50.0, 0)  # Range 1 behind beats anything at Range 2
    assert L.choose_target(me, [("side", near_side), ("behind", close)]).target == "behind"


def test_no_targets() -> None:
    assert L.choose_target(Placed(ME), []).target is None


# --- direction --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("bearing", "sector"), [(0, 0), (44, 1), (90, 2), (135, 3), (180, 4), (225, 5),
                                                 (270, 6), (315, 7), (330, 7), (340, 0), (20, 0)])
def test_sector_of_bearing(bearing: float, sector: int) -> None:
    assert L.sector_of(bearing) == sector


@pytest.mark.parametrize(("bearing", "sector"), [(0, 0), (45, 1), (90, 2), (135, 3), (180, 4), (225, 5),
                                                 (270, 6), (315, 7)])
def test_target_wholly_in_a_sector(bearing: float, sector: int) -> None:
    pick = L.target_direction(ME, at(bearing, 300.0, 33))
    assert pick.sector == sector and pick.sectors == (sector,)


def test_direction_example_akira_on_a_line_pointing_toward_the_forward_section() -> None:
    """The Akira straddles the line between ahead and front-right and points toward the ahead
    section: the forward table."""
    pick = L.target_direction(ME, at(22.5, 150.0, 22.5 - 90.0))
    assert pick.sectors == (0, 1) and pick.sector == 0 and "toward ahead" in pick.tie_break
    pick = L.target_direction(ME, at(22.5, 150.0, 22.5 + 90.0))
    assert pick.sector == 1


def test_direction_example_excelsior_pointing_directly_at_the_ai_ship_is_random() -> None:
    pick = L.target_direction(ME, at(22.5, 150.0, 22.5 + 180.0))
    assert pick.sector is None and pick.options == (0, 1) and "random" in pick.tie_break
    away = L.target_direction(ME, at(22.5, 150.0, 22.5))
    assert away.sector is None and "away" in away.tie_break


# --- ring ----------------------------------------------------------------------------------------------

def test_rings() -> None:
    assert L.choose_ring(1, False)[0] == "inner"
    assert L.choose_ring(2, True)[0] == "inner"
    assert L.choose_ring(2, False)[0] == "outer"
    assert L.choose_ring(3, True)[0] == "outer"
    assert L.choose_ring(4, True)[0] == "outer"


def test_closing_means_facing_the_ai_ship() -> None:
    target = Pose(450.0, 650.0, 180.0)  # ahead, facing south toward ME
    assert L.is_closing(ME, target)
    assert not L.is_closing(ME, Pose(450.0, 650.0, 0.0))
    assert L.is_closing(ME, Pose(450.0, 650.0, 100.0))  # still more toward than away
    assert not L.is_closing(ME, Pose(450.0, 650.0, 90.0))  # exactly across: not facing it


# --- swerving and formations -------------------------------------------------------------------------

def test_swerve_substitutes() -> None:
    """Rulebook "Swerving to Avoid Obstacles", its bullets with the glyphs read in order
    (8 2 7 7 9 4 4 6 7 | 9 6 9 5 8): "If performing a [8] or [2] maneuver, use a [7] or [9] template
    of the same speed (or highest available speed)"; "If performing a [7] or [9] maneuver, use a [4]
    or [6] maneuver in the same direction"; "If performing a [4] or [6] maneuver, use a [7] or [9]
    maneuver in the same direction"; "If performing a [5] maneuver, perform a [8 1] instead"."""
    banks3 = [Maneuver("left-bank", 3), Maneuver("right-bank", 3)]
    assert swerve_substitutes(Maneuver("straight", 3)) == banks3
    assert swerve_substitutes(Maneuver("straight", 4)) == banks3  # the highest bank there is
    assert swerve_substitutes(Maneuver("straight", 1)) == [Maneuver("left-bank", 1), Maneuver("right-bank", 1)]
    assert swerve_substitutes(Maneuver("about", 3)) == banks3  # a come about swerves like a straight
    assert swerve_substitutes(Maneuver("about", 4)) == banks3
    assert swerve_substitutes(Maneuver("about", 2)) == [Maneuver("left-bank", 2), Maneuver("right-bank", 2)]
    assert swerve_substitutes(Maneuver("right-bank", 2)) == [Maneuver("right-turn", 2)]
    assert swerve_substitutes(Maneuver("left-turn", 3)) == [Maneuver("left-bank", 3)]
    assert swerve_substitutes(Maneuver("straight", -1)) == [Maneuver("straight", 1)]  # full astern: a 1 straight
    assert swerve_substitutes(Maneuver("straight", -2)) == [Maneuver("straight", 1)]


def test_facing_apart() -> None:
    assert facing_check([("E1", 180.0), ("E2", 180.2)]) is None
    result = facing_check([("E1", 180.0), ("E2", 180.0), ("E3", 0.0)])
    assert result is not None and result.leaving == ("E3",) and not result.whole
    result = facing_check([("E1", 180.0), ("E2", 90.0)])
    assert result is not None and result.whole
