"""Tournament fleet building: check a resolved fleet against the tournament rules, rule by rule.

``check_fleet(fleet)`` returns every ``Violation``; an empty list means the fleet is legal.
Each violation carries its ``Rule``: a short id, the words of the rule it breaks (quoted from
"Star Trek: Attack Wing, Additional Rules for Tournaments", Rev. 05/31/16, where that text
has them; from the Star Trek Alliance rulebook's fleet setup, or our rulings, where it does
not) and where in the fleet file the problem is. Choices the texts leave open are in
docs/rulings.md, "Fleets and scenarios".
"""

from __future__ import annotations

from collections import Counter
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict

from engine.catalog import Admiral, Captain, Upgrade
from engine.rulesets.attack_wing.fleet import FleetError, ResolvedFleet, ResolvedShip
from engine.rulesets.attack_wing.fleet_tags import SLOT_NAMES, ShipContext, card_rule

FleetFormat = Literal["tournament"]
FORMATS: tuple[FleetFormat, ...] = ("tournament",)

TOURNAMENT_TEXT: Final = "Star Trek: Attack Wing, Additional Rules for Tournaments (Rev. 05/31/16)"
ALLIANCE_TEXT: Final = "Star Trek Alliance rulebook, Fleet Setup (applied to one Attack Wing fleet)"
RULINGS_TEXT: Final = "docs/rulings.md, Fleets and scenarios"

FLEET_POINTS: Final = 130
MIN_SHIPS: Final = 3
SHIP_POINTS: Final = 50
BIG_SHIP_BASE_COST: Final = 43
BIG_SHIP_UPGRADE_POINTS: Final = 8
MAX_OVERSIZED: Final = 1
MAX_RESOURCES: Final = 1
MAX_ADMIRALS: Final = 1
CAPITAL_HULL: Final = 4
SHUTTLE_WEAPON_MAX_COST: Final = 3
ANTIMATTER_MINES_ID: Final = "3007"


class Rule(BaseModel):
    """A fleet-building rule: short id, the rule's words, and the document they come from."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    text: str
    source: str


class Violation(BaseModel):
    """One way a fleet breaks a rule: which rule, where in the fleet file, and what is wrong."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rule: Rule
    where: str
    ship: int | None = None
    card: str | None = None
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message} [{self.rule.id}]"


def _rule(rule_id: str, text: str, source: str = TOURNAMENT_TEXT) -> Rule:
    return Rule(id=rule_id, text=text, source=source)


RULES: Final[dict[str, Rule]] = {r.id: r for r in (
    _rule("fleet-points", "130 Points per fleet"),
    _rule("min-ships", "Minimum of 3 ships per fleet"),
    _rule("ship-points",
          "50 Points maximum per ship (at the start of the game) including all upgrades, captains, admirals, "
          "and resources assigned to the ship. [...] If your ship's base cost is 43 points or more you may add "
          "up to 8 Points for upgrades (Crew, Tech, Weapons, Elite Talents, and Borg) as well as a captain "
          "and/or admiral even if those cards bring your cost over 50 points."),
    _rule("oversized-base",
          "Only 1 ship or station with the oversized base (Borg Cube Class & Nor Class Orbital Space Station "
          "Class) may be used in a fleet."),
    _rule("resource-limit", "Each player can include a maximum of 1 Resource when building his or her fleet."),
    _rule("unique",
          "Unique cards [...] If one player equips a unique card, no other player may equip a card with the same "
          "name. (Mirror Universe unique cards are unique among Mirror Universe unique cards.)", ALLIANCE_TEXT),
    _rule("one-per-ship", "A player cannot equip more than one Upgrade that is limited to one per ship.",
          ALLIANCE_TEXT),
    _rule("slots",
          "For each icon shown in the Upgrade Bar, the ship can equip one Upgrade Card with the matching icon. "
          "[Tournament rules 16:] Elite Talents are assigned to a ship, not the Captain, even though the icon "
          "for the Elite Talent is provided by the Captain.", ALLIANCE_TEXT),
    _rule("restriction",
          "Upgrades with deployment restrictions may not be deployed to a ship that does not meet those "
          "restrictions."),
    _rule("captain",
          "Every ship takes exactly one Captain, except a ship whose card takes none (captain limit 0: the "
          "Attack Squadrons and the Cardassian ATR-4107).", RULINGS_TEXT),
    _rule("admiral-limit",
          "You can only include 1 face-up Admiral Card in your fleet, and it must be assigned to one of your "
          "ships."),
    _rule("admiral-captain",
          "Each Admiral Card has a Skill modifier [...] added to the Skill Number of the Captain Card on the "
          "ship to which the Admiral is deployed."),
    _rule("squadron",
          "Squadrons can only be equipped with [Squadron] Upgrades and cannot have any Captain, Admiral, or "
          "Resource Cards assigned to them."),
    _rule("capital-ship",
          "Each Squadron must be accompanied by one 4+ Hull point ship to be included in a Fleet (referred to "
          "as a \"Capital Ship\"). [...] For each shuttlecraft assigned to your fleet there must be 1 ship with "
          "a hull value of 4 or more. [...] When fleet building a \"Capital Ship\" may only support 1 "
          "Shuttlecraft, Attack Squadron, or Borg Support Vehicle."),
    _rule("shuttle-weapon",
          "If, through the use of an ability, you are able to deploy a [weapon] Upgrade to a shuttlecraft, you "
          "cannot deploy a [weapon] upgrade to that shuttlecraft with a cost of more than 3 SP (with the "
          "exception of the Antimatter Mines Upgrade)."),
    _rule("shuttle-admiral", "Shuttlecraft may not have Admirals deployed or moved to them."),
    _rule("resource-card",
          "A resource that comes as an upgrade card (Captain's Chair, Front-Line Retrofit) is equipped to a "
          "ship only when it is the fleet's resource.", RULINGS_TEXT),
)}


def check_fleet(fleet: ResolvedFleet, format: str = "tournament") -> list[Violation]:
    """Every way the fleet breaks the rules of the format (only "tournament" so far)."""
    if format not in FORMATS:
        raise FleetError(f"unknown fleet format {format!r}; the formats are {', '.join(FORMATS)}")
    found: list[Violation] = []
    found += _fleet_totals(fleet)
    for ship in fleet.ships:
        found += _ship_points(ship)
        found += _captain_and_admiral(ship)
        found += _slots(ship)
        found += _restrictions(ship, fleet)
    found += _uniqueness(fleet)
    found += _support_craft(fleet)
    return found


def is_legal(fleet: ResolvedFleet, format: str = "tournament") -> bool:
    return not check_fleet(fleet, format)


def _v(rule_id: str, where: str, message: str, ship: int | None = None, card: str | None = None) -> Violation:
    return Violation(rule=RULES[rule_id], where=where, ship=ship, card=card, message=message)


def _fleet_totals(fleet: ResolvedFleet) -> list[Violation]:
    found = []
    if fleet.total_cost > FLEET_POINTS:
        found.append(_v("fleet-points", "fleet",
                        f"the fleet costs {fleet.total_cost} SP, {fleet.total_cost - FLEET_POINTS} over "
                        f"{FLEET_POINTS}"))
    if len(fleet.ships) < MIN_SHIPS:
        found.append(_v("min-ships", "ships", f"the fleet has {len(fleet.ships)} ships; it needs {MIN_SHIPS}"))
    oversized = [s for s in fleet.ships if s.ship_class.base_size == "large"]
    for s in oversized[MAX_OVERSIZED:]:
        found.append(_v("oversized-base", s.where,
                        f"{s.name} is a second oversized-base ship ({oversized[0].where} is the first)",
                        s.index, s.ship.id))
    for r in fleet.resources[MAX_RESOURCES:]:
        found.append(_v("resource-limit", r.where,
                        f"{r.card.name} is resource number {fleet.resources.index(r) + 1}; a fleet takes one",
                        card=r.card.id))
    admirals = [s for s in fleet.ships if s.admiral is not None]
    for s in admirals[MAX_ADMIRALS:]:
        assert s.admiral is not None
        found.append(_v("admiral-limit", s.admiral.where,
                        f"{s.admiral.card.name} is a second face-up admiral ({admirals[0].where} has the first)",
                        s.index, s.admiral.card.id))
    return found


def _ship_points(s: ResolvedShip) -> list[Violation]:
    if s.cost <= SHIP_POINTS:
        return []
    base = s.ship.cost
    if base >= BIG_SHIP_BASE_COST:
        if s.upgrade_cost <= BIG_SHIP_UPGRADE_POINTS:
            return []
        message = (f"{s.name} costs {s.cost} SP; its base cost {base} allows up to {BIG_SHIP_UPGRADE_POINTS} SP "
                   f"of upgrades past {SHIP_POINTS}, and its upgrades cost {s.upgrade_cost} SP")
    else:
        message = f"{s.name} costs {s.cost} SP with its cards, {s.cost - SHIP_POINTS} over {SHIP_POINTS}"
    return [_v("ship-points", s.where, message, s.index, s.ship.id)]


def _captain_and_admiral(s: ResolvedShip) -> list[Violation]:
    found = []
    if s.is_squadron:
        if s.captain is not None:
            found.append(_v("squadron", s.captain.where, f"{s.name} is a squadron and takes no captain",
                            s.index, s.captain.card.id))
        if s.admiral is not None:
            found.append(_v("squadron", s.admiral.where, f"{s.name} is a squadron and takes no admiral",
                            s.index, s.admiral.card.id))
        for u in s.upgrades:
            if u.card.type not in ("squadron",):
                found.append(_v("squadron", u.where,
                                f"{u.card.name} is a {u.card.type} upgrade; a squadron takes squadron upgrades only",
                                s.index, u.card.id))
        return found
    if s.captain is None and s.ship.captain_limit >= 1:
        found.append(_v("captain", s.where, f"{s.name} has no captain", s.index, s.ship.id))
    if s.captain is not None and s.ship.captain_limit == 0:
        found.append(_v("captain", s.captain.where, f"{s.name} takes no captain", s.index, s.captain.card.id))
    if s.admiral is not None:
        if s.captain is None:
            found.append(_v("admiral-captain", s.admiral.where,
                            f"{s.admiral.card.name} is on {s.name}, which has no captain", s.index,
                            s.admiral.card.id))
        if s.is_shuttle:
            found.append(_v("shuttle-admiral", s.admiral.where, f"{s.name} is a shuttlecraft", s.index,
                            s.admiral.card.id))
    if s.is_shuttle:
        for u in s.upgrades:
            if u.card.type == "weapon" and u.card.id != ANTIMATTER_MINES_ID and u.cost.total > SHUTTLE_WEAPON_MAX_COST:
                found.append(_v("shuttle-weapon", u.where,
                                f"{u.card.name} costs {u.cost.total} SP on the shuttlecraft {s.name}; the most is "
                                f"{SHUTTLE_WEAPON_MAX_COST}", s.index, u.card.id))
    return found


def _slots(s: ResolvedShip) -> list[Violation]:
    found = []
    used: Counter[str] = Counter()
    available = s.slots.model_dump()
    for u in s.upgrades:
        slot = u.card.type
        if slot not in SLOT_NAMES:  # resource-type upgrades take no slot
            continue
        used[slot] += 1
        have = available[slot]
        if used[slot] > have and not (s.is_squadron and slot != "squadron"):
            label = "elite talent" if slot == "talent" else slot
            source = "its captain" if slot == "talent" else "its upgrade bar"
            found.append(_v("slots", u.where,
                            f"{u.card.name} needs a {label} slot; {s.name} has {have} "
                            f"(from {source} and cards that add slots) and they are taken", s.index, u.card.id))
    return found


def _restrictions(s: ResolvedShip, fleet: ResolvedFleet) -> list[Violation]:
    found = []
    ctx = ShipContext(ship=s.ship, ship_class=s.ship_class, captain=s.captain.card if s.captain else None)
    cards: list[tuple[str, Captain | Admiral | Upgrade]] = []
    if s.captain is not None:
        cards.append((s.captain.where, s.captain.card))
    if s.admiral is not None:
        cards.append((s.admiral.where, s.admiral.card))
    cards += [(u.where, u.card) for u in s.upgrades]
    seen: dict[str, str] = {}
    resource_names = {r.card.name for r in fleet.resources}
    for where, card in cards:
        rule = card_rule(card.special)
        if rule is None:
            continue
        if rule.requires is not None and not rule.requires(ctx):
            found.append(_v("restriction", where, f"{card.name} can only go on {rule.requires.text}",
                            s.index, card.id))
        if rule.one_per_ship and isinstance(card, Upgrade):
            if card.name in seen:
                found.append(_v("one-per-ship", where,
                                f"{card.name} is limited to one per ship and {seen[card.name]} has it already",
                                s.index, card.id))
            else:
                seen[card.name] = where
        if isinstance(card, Upgrade) and card.type == "resource" and card.name not in resource_names:
            found.append(_v("resource-card", where,
                            f"{card.name} is a resource card; the fleet's resource must be {card.name}",
                            s.index, card.id))
    return found


def _uniqueness(fleet: ResolvedFleet) -> list[Violation]:
    found = []
    first: dict[tuple[bool, str], str] = {}
    for s in fleet.ships:
        for where, card in s.cards():
            if not (card.unique or card.mirror_universe_unique):
                continue
            key = (card.mirror_universe_unique, " ".join(card.name.split()).casefold())
            if key in first:
                kind = "Mirror Universe unique" if card.mirror_universe_unique else "unique"
                found.append(_v("unique", where,
                                f"{card.name} is {kind} and {first[key]} already fields a card of that name",
                                s.index, card.id))
            else:
                first[key] = where
    return found


def _support_craft(fleet: ResolvedFleet) -> list[Violation]:
    """Squadrons and shuttlecraft each need their own capital ship (hull 4 or more)."""
    capital = [s for s in fleet.ships if not (s.is_squadron or s.is_shuttle) and s.ship.hull >= CAPITAL_HULL]
    support = [s for s in fleet.ships if s.is_squadron or s.is_shuttle]
    found = []
    for n, s in enumerate(support):
        if n >= len(capital):
            kind = "squadron" if s.is_squadron else "shuttlecraft"
            found.append(_v("capital-ship", s.where,
                            f"{s.name} is a {kind} without a capital ship of its own ({len(capital)} capital "
                            f"ships for {len(support)} squadrons and shuttlecraft)", s.index, s.ship.id))
    return found
