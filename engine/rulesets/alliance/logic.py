"""Enemy Logic cards as data, and the pure functions that read them.

A card (Alliance rulebook, "Enemy Logic Card") has the ship's stats, the Choose Maneuver steps,
ten maneuver tables, the Choose Action list and the Combat Phase list. The tables are written
in the rulebook's own glyph notation (see ../shared/seeds/README.md): a maneuver is its speed
followed by its bearing as a numpad digit (``39`` is a 3 bank right, ``32`` a 3 come about) and
a row is the d6 results it covers (``"23"`` is a roll of 2 or 3).

The card shows tables only for the right-hand side: ahead, front-right, right, rear-right and
behind, each with an inner (blue) ring and an outer (black) ring. A target in a left-hand
direction uses the matching right-hand table with the maneuver mirrored ("use the
corresponding right table but flip the maneuver direction").

Everything here is pure: geometry in, decisions and the reasons for them out. The game
(``engine.rulesets.alliance.game``) rolls the dice and records the decisions as events.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from engine.geometry.pose import Pose, heading_difference
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.attack_wing.measure import Placed, distance

# --- directions -------------------------------------------------------------------------------

# The eight sectors of an Enemy AI ship token, clockwise from dead ahead; sector k is centred on
# k * 45 degrees from the ship's heading and its dividing lines are at k * 45 +- 22.5 degrees.
SECTORS: Final = ("ahead", "front-right", "right", "rear-right", "behind", "rear-left", "left", "front-left")
TableDirection = Literal["ahead", "front-right", "right", "rear-right", "behind"]
TABLE_DIRECTIONS: Final[tuple[TableDirection, ...]] = ("ahead", "front-right", "right", "rear-right", "behind")
Ring = Literal["inner", "outer"]
SECTOR_WIDTH: Final = 45.0
# A target whose heading is within this angle of the line to (or from) the AI ship is "pointing
# directly toward or away from" it for the direction tie-breaker (rulings.md "Alliance").
DIRECT_POINTING_DEG: Final = 1.0
# Targets at distances within this of the nearest count as "at similar distances" (rulings.md).
SIMILAR_DISTANCE_MM: Final = 2.0
# Bases closer than this are touching (the movement code's bump precision, doubled).
TOUCHING_MM: Final = 2 * P.BUMP_PRECISION_MM


def table_for_sector(sector: int) -> tuple[TableDirection, bool]:
    """The right-hand table direction a sector uses, and whether its maneuvers are mirrored."""
    sector %= 8
    if sector <= 4:
        return TABLE_DIRECTIONS[sector], False
    return TABLE_DIRECTIONS[8 - sector], True


# --- maneuver glyphs --------------------------------------------------------------------------

_BEARING_KIND: Final = {"8": "straight", "7": "left-bank", "9": "right-bank", "4": "left-turn", "6": "right-turn",
                        "2": "about", "5": "straight"}
_KIND_BEARING: Final = {"straight": "8", "left-bank": "7", "right-bank": "9", "left-turn": "4", "right-turn": "6",
                        "about": "2"}
_MIRROR_KIND: Final = {"left-bank": "right-bank", "right-bank": "left-bank", "left-turn": "right-turn",
                       "right-turn": "left-turn", "left-spin": "right-spin", "right-spin": "left-spin",
                       "left-flank": "right-flank", "right-flank": "left-flank",
                       "left-45-degree-rotate": "right-45-degree-rotate",
                       "right-45-degree-rotate": "left-45-degree-rotate",
                       "left-90-degree-rotate": "right-90-degree-rotate",
                       "right-90-degree-rotate": "left-90-degree-rotate"}


def parse_glyph(glyph: str) -> Maneuver:
    """``"39"`` -> 3 right bank; ``"15"`` -> 1 full astern (speed, then the numpad bearing)."""
    if len(glyph) != 2 or not glyph[0].isdigit() or glyph[1] not in _BEARING_KIND:
        raise ValueError(f"{glyph!r} is not a maneuver glyph: a speed digit then a bearing digit "
                         "(8 straight, 7/9 bank, 4/6 turn, 2 come about, 5 full astern)")
    speed = int(glyph[0])
    kind = _BEARING_KIND[glyph[1]]
    return Maneuver(kind, -speed if glyph[1] == "5" else speed)


def glyph_of(maneuver: Maneuver) -> str:
    """The inverse of ``parse_glyph`` for the kinds a glyph can show."""
    if maneuver.is_full_astern:
        return f"{-maneuver.speed}5"
    if maneuver.kind not in _KIND_BEARING:
        raise ValueError(f"{maneuver} has no maneuver glyph")
    return f"{maneuver.speed}{_KIND_BEARING[maneuver.kind]}"


def mirrored(maneuver: Maneuver) -> Maneuver:
    """Left for right and right for left; straights and come abouts are their own mirror."""
    return Maneuver(_MIRROR_KIND.get(maneuver.kind, maneuver.kind), maneuver.speed)


# --- the card as data -------------------------------------------------------------------------

class _Card(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class TableRow(_Card):
    """One row of a maneuver table: the d6 results it covers and the maneuver glyph."""

    rolls: str = Field(min_length=1, max_length=6)  # e.g. "23"
    maneuver: str  # e.g. "39"

    @field_validator("rolls")
    @classmethod
    def _rolls(cls, v: str) -> str:
        digits = [int(c) for c in v if c.isdigit()]
        if len(digits) != len(v) or digits != list(range(digits[0], digits[0] + len(digits))) \
                or not 1 <= digits[0] <= digits[-1] <= 6:
            raise ValueError(f"rolls {v!r} must be consecutive d6 results, e.g. '23'")
        return v

    @field_validator("maneuver")
    @classmethod
    def _glyph(cls, v: str) -> str:
        parse_glyph(v)
        return v

    @property
    def low(self) -> int:
        return int(self.rolls[0])

    @property
    def high(self) -> int:
        return int(self.rolls[-1])

    @property
    def label(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"

    def parsed(self) -> Maneuver:
        return parse_glyph(self.maneuver)


class ManeuverTable(_Card):
    direction: TableDirection
    ring: Ring
    rows: tuple[TableRow, ...] = Field(min_length=1, max_length=6)
    note: str = ""  # what was uncertain when the table was read from the rulebook

    @model_validator(mode="after")
    def _covers_d6(self) -> ManeuverTable:
        expected = 1
        for row in self.rows:
            if row.low != expected:
                raise ValueError(f"{self.direction} {self.ring} table: rows must cover 1 to 6 in order, "
                                 f"row {row.rolls!r} does not start at {expected}")
            expected = row.high + 1
        if expected != 7:
            raise ValueError(f"{self.direction} {self.ring} table: rows stop at {expected - 1}, not 6")
        return self

    def row_for(self, die: int) -> TableRow:
        if not 1 <= die <= 6:
            raise ValueError(f"a d6 shows 1 to 6, not {die}")
        return next(r for r in self.rows if r.low <= die <= r.high)


ActionCondition = Literal["has_aux_power", "has_shot", "enemy_within_range_3", "has_repairable_critical",
                          "always"]
EnemyAction = Literal["remove_aux_power", "battle_stations", "evasive_maneuvers", "repair", "scan"]


class ActionRule(_Card):
    """One entry of the Choose Action list (the first entry that applies is performed)."""

    action: EnemyAction
    condition: ActionCondition
    text: str


class CombatRule(_Card):
    """One entry of the Combat Phase list."""

    weapon: Literal["primary"]
    target: Literal["nearest"]
    text: str


class LogicCard(_Card):
    """An Enemy Logic card."""

    key: str = Field(pattern=r"^[a-z][a-z0-9_]{0,39}$")
    name: str
    faction: str
    icon: str = Field(max_length=4)  # the ship icon in Enemy Ships tables (the rulebook text shows "a")
    ship_class: str  # the catalog class: dial colours, firing arcs, base
    catalog_ship: str  # a catalog ship of that class (its action bar, for the studio)
    attack: int = Field(ge=0, le=10)
    agility: int = Field(ge=0, le=10)
    hull: int = Field(ge=1, le=20)
    shields: int = Field(ge=0, le=20)
    tables: tuple[ManeuverTable, ...]
    actions: tuple[ActionRule, ...] = Field(min_length=1)
    combat: tuple[CombatRule, ...] = Field(min_length=1)
    red_skips_action: bool = True  # "If Red, skip Action instead of gaining [auxiliary power]"
    source: str = ""  # where the card comes from (the rulebook, or ours)

    @model_validator(mode="after")
    def _ten_tables(self) -> LogicCard:
        seen = {(t.direction, t.ring) for t in self.tables}
        wanted = {(d, r) for d in TABLE_DIRECTIONS for r in ("inner", "outer")}
        if seen != wanted or len(self.tables) != len(wanted):
            missing = sorted(f"{d} {r}" for d, r in wanted - seen)
            raise ValueError(f"a logic card needs one table per direction and ring; missing: {missing}")
        return self

    def table(self, direction: TableDirection, ring: Ring) -> ManeuverTable:
        return next(t for t in self.tables if t.direction == direction and t.ring == ring)


# --- target -----------------------------------------------------------------------------------

def relative_bearing(me: Pose, x: float, y: float) -> float:
    """Where (x, y) lies from ``me``: degrees clockwise from its heading, in [0, 360)."""
    absolute = math.degrees(math.atan2(x - me.x, y - me.y))
    return (absolute - me.heading) % 360.0


def off_dead_ahead(me: Pose, x: float, y: float) -> float:
    """The angle between ``me``'s heading and the line to (x, y): 0 dead ahead, 180 dead astern."""
    b = relative_bearing(me, x, y)
    return min(b, 360.0 - b)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A possible target as an Enemy AI ship sees it."""

    id: str
    band: int  # range band, 4 beyond Range 3
    distance: float  # mm between the bases
    ahead: float  # degrees off dead ahead of the AI ship
    touching: bool
    note: str = ""  # why it was or was not chosen


@dataclass(frozen=True, slots=True)
class TargetPick:
    target: str | None
    reason: str
    candidates: tuple[Candidate, ...]


def candidate(me: Placed, ship_id: str, them: Placed) -> Candidate:
    d = distance(me, them)
    return Candidate(ship_id, P.range_band(d), d, off_dead_ahead(me.pose, them.pose.x, them.pose.y),
                     d <= TOUCHING_MM)


def nearest(cands: Sequence[Candidate]) -> tuple[Candidate | None, str]:
    """Rulebook "Determining Nearest": the physically closest target in the shortest range band;
    at similar distances, the one closest to dead ahead. Returns the pick and why."""
    if not cands:
        return None, "no target"
    band = min(c.band for c in cands)
    in_band = [c for c in cands if c.band == band]
    closest = min(c.distance for c in in_band)
    similar = [c for c in in_band if c.distance <= closest + SIMILAR_DISTANCE_MM]
    pick = min(similar, key=lambda c: (c.ahead, c.distance, c.id))
    where = f"Range {band}" if band <= 3 else "beyond Range 3"
    if len(similar) > 1:
        why = f"nearest: {where}, at a similar distance to another ({pick.distance:.0f} mm), closest to dead " \
              f"ahead ({pick.ahead:.0f} degrees off)"
    elif len(in_band) > 1:
        why = f"nearest: {where}, physically closest ({pick.distance:.0f} mm)"
    else:
        why = f"nearest: the only target at {where} ({pick.distance:.0f} mm)"
    return pick, why


def choose_target(me: Placed, others: Sequence[tuple[str, Placed]]) -> TargetPick:
    """Attack orders (rulebook "Identify Target"): the nearest player ship, ignoring ships the AI
    ship touches unless no other target is within Range 1-3."""
    cands = [candidate(me, sid, placed) for sid, placed in others]
    others_in_range = [c for c in cands if not c.touching and c.band <= 3]
    ignore_touching = bool(others_in_range)
    pool = [c for c in cands if not (c.touching and ignore_touching)]
    pick, why = nearest(pool)
    noted = []
    for c in cands:
        if c.touching and ignore_touching:
            note = "ignored: touching, and other targets are within Range 1-3"
        elif pick is not None and c.id == pick.id:
            note = "chosen"
        else:
            note = f"Range {c.band}, {c.distance:.0f} mm" if c.band <= 3 else f"beyond Range 3, {c.distance:.0f} mm"
        noted.append(Candidate(c.id, c.band, c.distance, c.ahead, c.touching, note))
    if pick is None:
        return TargetPick(None, "no player ship to target", tuple(noted))
    if pick.touching:
        why += "; touching, but no other target is within Range 1-3"
    return TargetPick(pick.id, why, tuple(noted))


# --- direction --------------------------------------------------------------------------------

def sector_of(bearing: float) -> int:
    """The sector (0 ahead ... 7 front-left) a relative bearing lies in."""
    return int(((bearing + SECTOR_WIDTH / 2) % 360.0) // SECTOR_WIDTH) % 8


def angular_span(me: Pose, target: Placed) -> tuple[float, float]:
    """The relative bearings (lo, hi) the target base covers seen from ``me``'s centre; hi - lo is
    under 180 for a base that does not cover the centre. lo may be negative (it is unwrapped)."""
    centre = relative_bearing(me, target.pose.x, target.pose.y)
    half = target.half
    deltas = []
    for fx, fy in ((-1, -1), (-1, 1), (1, 1), (1, -1)):
        p = target.pose.advance(fy * half, fx * half)
        b = relative_bearing(me, p.x, p.y)
        deltas.append((b - centre + 180.0) % 360.0 - 180.0)
    return centre + min(deltas), centre + max(deltas)


def sectors_spanned(lo: float, hi: float) -> tuple[int, ...]:
    """Every sector an angular interval overlaps (touching a dividing line is not overlapping)."""
    first = math.floor((lo + SECTOR_WIDTH / 2) / SECTOR_WIDTH)
    last = math.ceil((hi + SECTOR_WIDTH / 2) / SECTOR_WIDTH) - 1
    return tuple(dict.fromkeys(k % 8 for k in range(first, max(first, last) + 1)))


@dataclass(frozen=True, slots=True)
class DirectionPick:
    """The target's direction: the sector to use, or the sectors to choose from at random."""

    bearing: float  # relative bearing of the target's centre
    sectors: tuple[int, ...]  # every sector the target's base overlaps
    sector: int | None  # None: choose at random among ``options``
    options: tuple[int, ...]
    tie_break: str


def tangential(me: Pose, target: Pose) -> float:
    """The angle (degrees, -180..180) between the target's heading and the line from the AI ship
    to the target: positive when the target heads clockwise around the AI ship, 0 when it points
    straight away, 180 straight toward."""
    away = math.degrees(math.atan2(target.x - me.x, target.y - me.y))
    return (target.heading - away + 180.0) % 360.0 - 180.0


def target_direction(me: Pose, target: Placed) -> DirectionPick:
    """Rulebook "Direction" and "Direction Tiebreakers": the sector the target lies in; on a
    dividing line, the sector the target is facing towards; pointing directly toward or away
    from the AI ship, a random one of the sectors it overlaps."""
    centre = relative_bearing(me, target.pose.x, target.pose.y)
    lo, hi = angular_span(me, target)
    sectors = sectors_spanned(lo, hi)
    home = sector_of(centre)
    if len(sectors) == 1:
        return DirectionPick(centre, sectors, sectors[0], (), f"wholly in the {SECTORS[sectors[0]]} sector")
    lines = " and ".join(SECTORS[s] for s in sectors)
    turn = tangential(me, target.pose)
    if abs(turn) <= DIRECT_POINTING_DEG or abs(turn) >= 180.0 - DIRECT_POINTING_DEG:
        towards = "away from" if abs(turn) <= DIRECT_POINTING_DEG else "toward"
        return DirectionPick(centre, sectors, None, sectors,
                             f"on the line between {lines}, pointing directly {towards} the AI ship: random")
    step = 1 if turn > 0 else -1
    nxt = (home + step) % 8
    pick = nxt if nxt in sectors else home
    way = "clockwise" if step > 0 else "counterclockwise"
    return DirectionPick(centre, sectors, pick, (),
                         f"on the line between {lines}, facing {way} toward {SECTORS[pick]}")


def is_closing(me: Pose, target: Pose) -> bool:
    """The target is facing toward the AI ship: its heading is less than 90 degrees off the line
    from its centre to the AI ship's centre (rulings.md)."""
    toward = math.degrees(math.atan2(me.x - target.x, me.y - target.y))
    return heading_difference(target.heading, toward) < 90.0 - 1e-9


def choose_ring(band: int, closing: bool) -> tuple[Ring, str]:
    """Rulebook "Range": Range 1 inner; Range 2 inner when the target faces the AI ship, else
    outer; Range 3 and beyond outer."""
    if band <= 1:
        return "inner", "Range 1: inner (blue) ring"
    if band == 2:
        if closing:
            return "inner", "Range 2 and closing: inner (blue) ring"
        return "outer", "Range 2 and not facing the AI ship: outer (black) ring"
    return "outer", ("Range 3" if band == 3 else "beyond Range 3") + ": outer (black) ring"


@dataclass(frozen=True, slots=True)
class TableRoll:
    """What a d6 on a table gave: the table used, its row and the maneuver to perform."""

    direction: TableDirection
    ring: Ring
    mirrored: bool
    row: TableRow
    maneuver: Maneuver  # mirrored for left-hand sectors


def roll_on_table(card: LogicCard, sector: int, ring: Ring, die: int) -> TableRoll:
    direction, mirror = table_for_sector(sector)
    row = card.table(direction, ring).row_for(die)
    m = row.parsed()
    return TableRoll(direction, ring, mirror, row, mirrored(m) if mirror else m)


# --- the Jem'Hadar Attack Ship ------------------------------------------------------------------

def _t(direction: TableDirection, ring: Ring, rows: str, note: str = "") -> ManeuverTable:
    """A table from ``"12:48 34:38 56:28"``."""
    parsed = tuple(TableRow(rolls=r, maneuver=m) for r, m in (cell.split(":") for cell in rows.split()))
    return ManeuverTable(direction=direction, ring=ring, rows=parsed, note=note)


STANDARD_ACTIONS: Final = (
    ActionRule(action="remove_aux_power", condition="has_aux_power",
               text="Remove 1 Auxiliary Power Token if you have any."),
    ActionRule(action="battle_stations", condition="has_shot", text="Battle Stations if you have a shot."),
    ActionRule(action="evasive_maneuvers", condition="enemy_within_range_3",
               text="Evasive Maneuvers if any Enemies are within Range 3."),
    ActionRule(action="repair", condition="has_repairable_critical", text="Fix Critical Damage."),
    ActionRule(action="scan", condition="always", text="Scan if none of the above apply."),
)
STANDARD_COMBAT: Final = (
    CombatRule(weapon="primary", target="nearest", text="Fire Primary Weapon at nearest Target."),
)

# Read from the rulebook text (three copies of the card and the gameplay example); see
# docs/rulings.md "Alliance" for how each table was paired with its direction and ring.
JEM_HADAR_ATTACK_SHIP: Final = LogicCard(
    key="jemhadar_attack_ship", name="Jem'Hadar Attack Ship", faction="Dominion", icon="a",
    ship_class="Jem'Hadar Attack Ship", catalog_ship="1037", attack=3, agility=2, hull=3, shields=2,
    tables=(
        _t("ahead", "outer", "12:48 34:38 56:28"),
        _t("ahead", "inner", "1:17 2:19 34:18 5:28 6:32"),
        _t("front-right", "outer", "1:28 23:29 45:39 6:36"),
        _t("front-right", "inner", "1:18 23:19 4:29 5:26 6:32"),
        _t("right", "outer", "1:19 2:29 34:26 56:36"),
        _t("right", "inner", "1:19 234:26 5:36 6:32"),
        _t("rear-right", "outer", "12:32 34:36 56:26"),
        _t("rear-right", "inner", "123:32 45:26 6:36"),
        _t("behind", "outer", "1234:32 5:24 6:26"),
        _t("behind", "inner", "1:32 23:48 4:34 5:36 6:32",
           note="the text gives rows 1, 2-3, 4, 5, 6 but only four maneuvers (32 48 34 36); row 6 is our guess"),
    ),
    actions=STANDARD_ACTIONS, combat=STANDARD_COMBAT,
    source="Star Trek Alliance rulebook (Jem'Hadar Attack Ship Enemy Logic card, as extracted; rulings.md)",
)

LOGIC_CARDS: Final[dict[str, LogicCard]] = {JEM_HADAR_ATTACK_SHIP.key: JEM_HADAR_ATTACK_SHIP}


def logic_card(key: str) -> LogicCard:
    try:
        return LOGIC_CARDS[key]
    except KeyError:
        raise ValueError(f"no Enemy Logic card {key!r}; known: {', '.join(sorted(LOGIC_CARDS))}") from None
