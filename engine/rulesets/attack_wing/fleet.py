"""Fleet files: what a player brings to an Attack Wing game, read and priced against the catalog.

A fleet file is untrusted JSON::

    {"name": "Picard's squadron", "faction": "Federation",
     "ships": [{"ship": "U.S.S. Enterprise-D", "captain": "2001", "upgrades": ["3006"]}],
     "resource": "Elite Attack Die"}

Cards are named by name or id (ids settle names that several cards share). ``load_fleet``
reads and validates a file, ``resolve_fleet`` looks every card up in the catalog and prices
it: printed cost, the faction penalty (tournament rules, Additional Rules 20: "1 extra
squadron point for each Captain and Upgrade Card and 3 extra squadron points for an Admiral
that does not match its ship's faction"), and the cost changes that the data's
fleet-building tags ask for (``Card.special``: "+5 unless on a Jem'Hadar ship", "weapon
upgrades cost 1 less", ...). Every problem raises a ``FleetError`` that names where it is,
e.g. ``ships[2].upgrades[1]: no upgrade with the name or id 'Photon Torpedos'; did you mean
'Photon Torpedoes'?``. Whether the fleet is legal is for ``tournament.check_fleet``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from engine.catalog import Admiral, Captain, Catalog, Resource, Ship, ShipClass, Upgrade, load_catalog
from engine.errors import CatalogError, TrekError
from engine.io.documents import model_fields, read_document, validation_message
from engine.io.reading import plain_text
from engine.rulesets.attack_wing.fleet_tags import (
    CAPTAIN_DISCOUNTS,
    TECH_DISCOUNT_TAG,
    CardRule,
    ShipContext,
    SlotName,
    card_factions,
    card_rule,
    tag_is_interpreted,
)

MAX_TEXT = 200
MAX_SHIPS = 20
MAX_UPGRADES = 20
MAX_RESOURCES = 5

# names are printed on terminals: an ESC sequence in a shared fleet file must not reach one raw
Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_TEXT),
                 AfterValidator(plain_text)]



class FleetError(TrekError):
    """A fleet file is unreadable, malformed, or names a card the catalog cannot settle."""


# -- the file ----------------------------------------------------------------------------


class _FileModel(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ShipEntry(_FileModel):
    """One ship of a fleet file: the ship card, its captain, a face-up admiral, its upgrades."""

    ship: Text
    captain: Text | None = None
    admiral: Text | None = None
    upgrades: tuple[Text, ...] = Field(default=(), max_length=MAX_UPGRADES)


class FleetFile(_FileModel):
    """A fleet file as written. ``resource`` is one name, or a list (the checker allows one)."""

    name: Text
    faction: Text | None = None
    ships: tuple[ShipEntry, ...] = Field(min_length=1, max_length=MAX_SHIPS)
    resource: Text | Annotated[tuple[Text, ...], Field(max_length=MAX_RESOURCES)] | None = None

    @property
    def resource_names(self) -> tuple[str, ...]:
        if self.resource is None:
            return ()
        return (self.resource,) if isinstance(self.resource, str) else self.resource


# -- the resolved fleet --------------------------------------------------------------------


class _Resolved(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CostModifier(_Resolved):
    """A change to a card's printed cost and why (a card's fleet-building rule)."""

    amount: int
    reason: str


class CardCost(_Resolved):
    """What a card costs in this fleet: printed + faction penalty + modifiers, never below 0."""

    printed: int
    faction_penalty: int = 0
    modifiers: tuple[CostModifier, ...] = ()
    total: int

    @classmethod
    def of(cls, printed: int, faction_penalty: int = 0, modifiers: Iterable[CostModifier] = ()) -> CardCost:
        mods = tuple(modifiers)
        total = max(0, printed + faction_penalty + sum(m.amount for m in mods))
        return cls(printed=printed, faction_penalty=faction_penalty, modifiers=mods, total=total)


class ResolvedCaptain(_Resolved):
    card: Captain
    cost: CardCost
    where: str


class ResolvedAdmiral(_Resolved):
    card: Admiral
    cost: CardCost
    where: str


class ResolvedUpgrade(_Resolved):
    card: Upgrade
    cost: CardCost
    where: str


class ResolvedResource(_Resolved):
    card: Resource
    cost: CardCost
    where: str


class SlotCounts(_Resolved):
    """Upgrade slots a ship offers once its captain, admiral and upgrades add theirs."""

    crew: int = 0
    weapon: int = 0
    tech: int = 0
    talent: int = 0
    borg: int = 0
    squadron: int = 0

    def get(self, slot: SlotName) -> int:
        value: int = getattr(self, slot)
        return value


class ResolvedShip(_Resolved):
    """A ship of the fleet with its cards, each priced, its slots and its captain's skill."""

    index: int
    where: str
    ship: Ship
    ship_class: ShipClass
    ship_cost: CardCost
    captain: ResolvedCaptain | None
    admiral: ResolvedAdmiral | None
    upgrades: tuple[ResolvedUpgrade, ...]
    slots: SlotCounts
    skill: int
    upgrade_cost: int
    cost: int

    @property
    def name(self) -> str:
        return self.ship.name

    @property
    def is_squadron(self) -> bool:
        return is_squadron_class(self.ship_class)

    @property
    def is_shuttle(self) -> bool:
        return is_shuttle_class(self.ship_class)

    def cards(self) -> list[tuple[str, Ship | Captain | Admiral | Upgrade]]:
        """(where, card) for the ship card and every card on it, in file order."""
        found: list[tuple[str, Ship | Captain | Admiral | Upgrade]] = [(self.where, self.ship)]
        if self.captain is not None:
            found.append((self.captain.where, self.captain.card))
        if self.admiral is not None:
            found.append((self.admiral.where, self.admiral.card))
        found += [(u.where, u.card) for u in self.upgrades]
        return found


class FleetNote(_Resolved):
    """Something the resolver did not check (a fleet-building tag it does not interpret)."""

    where: str
    message: str


class ResolvedFleet(_Resolved):
    """A fleet with every card looked up and priced; ``total_cost`` includes the resources."""

    name: str
    faction: str | None
    ships: tuple[ResolvedShip, ...]
    resources: tuple[ResolvedResource, ...]
    total_cost: int
    notes: tuple[FleetNote, ...]


def is_squadron_class(ship_class: ShipClass) -> bool:
    """Attack Squadrons (tournament rules, "Attack Squadrons"): the classes named so."""
    return "attack squadron" in ship_class.name.casefold()


def is_shuttle_class(ship_class: ShipClass) -> bool:
    """Shuttlecraft (tournament rules, "Shuttlecraft"): classes whose name says shuttle."""
    return "shuttle" in ship_class.name.casefold()


# -- reading files --------------------------------------------------------------------------

FLEET_FIELDS = model_fields(FleetFile, ShipEntry)


def parse_fleet(document: Any) -> FleetFile:
    """Validate a fleet document (parsed JSON); FleetError with the location of the problem."""
    try:
        return FleetFile.model_validate(document)
    except ValidationError as exc:
        raise FleetError(validation_message(exc, "", FLEET_FIELDS)) from None


def read_fleet_file(path: str | Path) -> FleetFile:
    """Read and validate a fleet file (JSON)."""
    p = Path(path)
    try:
        return parse_fleet(read_document(p, FleetError, kind="fleet"))
    except FleetError as exc:
        text = str(exc)
        raise FleetError(text if text.startswith(str(p)) else f"{p}: {text}") from None


def load_fleet(path: str | Path, catalog: Catalog | None = None) -> ResolvedFleet:
    """Read, validate and resolve a fleet file."""
    fleet = read_fleet_file(path)
    try:
        return resolve_fleet(fleet, catalog)
    except FleetError as exc:
        raise FleetError(f"{path}: {exc}") from None


# -- resolving --------------------------------------------------------------------------------

C = TypeVar("C")


def _look_up(find: Callable[[str], C], query: str, where: str) -> C:
    try:
        return find(query)
    except CatalogError as exc:
        raise FleetError(f"{where}: {exc}") from None


def _faction_name(catalog: Catalog, faction: str, where: str) -> str:
    for name in catalog.factions():
        if " ".join(name.split()).casefold() == " ".join(faction.split()).casefold():
            return name
    raise FleetError(f"{where}: no faction {faction!r}; the factions are {', '.join(catalog.factions())}")


@dataclass
class _ShipBuild:
    """Working state while one ship is priced."""

    ctx: ShipContext
    notes: list[FleetNote] = field(default_factory=list)

    def rule_of(self, special: str | None, where: str, name: str) -> CardRule:
        rule = card_rule(special)
        if rule is None:
            if special is not None and not tag_is_interpreted(special):
                self.notes.append(FleetNote(where=where, message=f"{name}: fleet-building rule {special!r} "
                                                                 "is not checked"))
            return CardRule()
        return rule


def _penalty(card: Captain | Admiral | Upgrade, ship: Ship, amount: int, waived: bool) -> int:
    if waived or card_factions(card) & card_factions(ship):
        return 0
    return amount


def resolve_fleet(fleet: FleetFile, catalog: Catalog | None = None) -> ResolvedFleet:
    """Look every card up in the catalog and price it; FleetError names the card that fails.

    Every ``where`` (and every error's location) is a path in the fleet file: ``ships[2].upgrades[1]``.
    """
    cat = catalog or load_catalog()
    faction = _faction_name(cat, fleet.faction, "faction") if fleet.faction is not None else None
    notes: list[FleetNote] = []
    ships = tuple(_resolve_ship(cat, entry, i, f"ships[{i}]", notes) for i, entry in enumerate(fleet.ships))

    resources: list[ResolvedResource] = []
    names = fleet.resource_names
    for k, query in enumerate(names):
        where = "resource" if isinstance(fleet.resource, str) else f"resource[{k}]"
        card = _look_up(cat.resource, query, where)
        mods = []
        # A resource that comes as an upgrade card (Captain's Chair) is priced where it is equipped.
        on = [s.where for s in ships for u in s.upgrades if u.card.type == "resource" and u.card.name == card.name]
        if on:
            mods.append(CostModifier(amount=-card.cost, reason=f"priced as an upgrade on {on[0]}"))
        resources.append(ResolvedResource(card=card, cost=CardCost.of(card.cost, 0, mods), where=where))
    total = sum(s.cost for s in ships) + sum(r.cost.total for r in resources)
    return ResolvedFleet(name=fleet.name, faction=faction, ships=ships, resources=tuple(resources),
                         total_cost=total, notes=tuple(notes))


def _resolve_ship(cat: Catalog, entry: ShipEntry, index: int, where: str, notes: list[FleetNote]) -> ResolvedShip:
    ship = _look_up(cat.ship, entry.ship, f"{where}.ship")
    ship_class = cat.class_of(ship)
    captain = _look_up(cat.captain, entry.captain, f"{where}.captain") if entry.captain is not None else None
    admiral = _look_up(cat.admiral, entry.admiral, f"{where}.admiral") if entry.admiral is not None else None
    upgrades = [_look_up(cat.upgrade, q, f"{where}.upgrades[{j}]") for j, q in enumerate(entry.upgrades)]
    build = _ShipBuild(ShipContext(ship=ship, ship_class=ship_class, captain=captain))
    ctx = build.ctx
    captain_tag = captain.special if captain is not None else None

    # Slots: the ship's bar, the captain's (and admiral's) elite talent icons, and what cards add.
    bar = ship.slots
    slots: dict[SlotName, int] = {"crew": bar.crew, "weapon": bar.weapon, "tech": bar.tech, "talent": 0,
                                  "borg": bar.borg, "squadron": bar.squadron}
    if captain is not None:
        slots["talent"] += captain.talents
    if admiral is not None:
        slots["talent"] += admiral.talents

    # Captain
    resolved_captain = None
    if captain is not None:
        rule = build.rule_of(captain.special, f"{where}.captain", captain.name)
        waived = (rule.penalty_free is not None and rule.penalty_free(ctx)) or \
            captain_tag == "CaptainAndTalentsIgnoreFactionPenalty"
        resolved_captain = ResolvedCaptain(
            card=captain, where=f"{where}.captain",
            cost=CardCost.of(captain.cost, _penalty(captain, ship, 1, waived)))
        for slot, n in rule.slots:
            slots[slot] += n

    resolved_admiral = None
    if admiral is not None:
        rule = build.rule_of(admiral.special, f"{where}.admiral", admiral.name)
        waived = rule.penalty_free is not None and rule.penalty_free(ctx)
        resolved_admiral = ResolvedAdmiral(card=admiral, where=f"{where}.admiral",
                                           cost=CardCost.of(admiral.cost, _penalty(admiral, ship, 3, waived)))

    # Upgrades
    discount = CAPTAIN_DISCOUNTS.get(captain_tag or "")
    tech_discounters = [j for j, u in enumerate(upgrades) if u.special == TECH_DISCOUNT_TAG]
    dominion_crew = [j for j, u in enumerate(upgrades) if u.type == "crew" and "Dominion" in card_factions(u)][:2]
    dominion_any = [j for j, u in enumerate(upgrades) if "Dominion" in card_factions(u)]
    most_dominion = max(dominion_any, key=lambda j: (upgrades[j].cost, -j)) if dominion_any else None
    resolved_upgrades = []
    for j, up in enumerate(upgrades):
        up_where = f"{where}.upgrades[{j}]"
        rule = build.rule_of(up.special, up_where, up.name)
        for slot, n in rule.slots:
            slots[slot] += n
        mods: list[CostModifier] = []
        if rule.extra_cost is not None:
            amount = rule.extra_cost(ctx)
            if amount:
                mods.append(CostModifier(amount=amount, reason=rule.extra_cost_reason))
        if discount is not None:
            amount = discount[0](up, ctx)
            if amount:
                mods.append(CostModifier(amount=amount, reason=discount[1]))
        if up.type == "tech":
            for k in tech_discounters:
                if k != j:
                    mods.append(CostModifier(amount=-1, reason=f"{upgrades[k].name}: tech upgrades cost less"))
        if captain_tag == "AddTwoCrewSlotsDominionCostBonus" and j in dominion_crew:
            mods.append(CostModifier(amount=-1, reason="captain: first two Dominion crew cost less"))
        if captain_tag == "OneDominionUpgradeCostsMinusTwo" and j == most_dominion:
            mods.append(CostModifier(amount=-2, reason="captain: one Dominion upgrade costs less"))
        waived = ((rule.penalty_free is not None and rule.penalty_free(ctx))
                  or captain_tag == "UpgradesIgnoreFactionPenalty"
                  or (up.type == "talent" and captain_tag in ("CaptainAndTalentsIgnoreFactionPenalty",
                                                               "NoPenaltyOnTalent")))
        cost = CardCost.of(up.cost, _penalty(up, ship, 1, waived), mods)
        resolved_upgrades.append(ResolvedUpgrade(card=up, cost=cost, where=up_where))

    ship_mods = []
    if captain_tag == "Ship2LessAndUpgrades1Less":
        ship_mods.append(CostModifier(amount=-2, reason="captain: the ship costs less"))
    ship_cost = CardCost.of(ship.cost, 0, ship_mods)
    upgrade_cost = sum(u.cost.total for u in resolved_upgrades)
    total = ship_cost.total + upgrade_cost
    total += resolved_captain.cost.total if resolved_captain is not None else 0
    total += resolved_admiral.cost.total if resolved_admiral is not None else 0

    # Captain skill: the captain's, plus a face-up admiral's modifier; 1 with no captain
    # (Additional Rules 13: a ship whose captain is out of action has skill 1).
    skill = captain.skill if captain is not None else 1
    if admiral is not None:
        skill += admiral.skill_modifier
    notes.extend(build.notes)
    return ResolvedShip(
        index=index, where=where, ship=ship, ship_class=ship_class, ship_cost=ship_cost,
        captain=resolved_captain, admiral=resolved_admiral, upgrades=tuple(resolved_upgrades),
        slots=SlotCounts(**slots), skill=skill, upgrade_cost=upgrade_cost, cost=total,
    )


def fleet_document(fleet: ResolvedFleet) -> dict[str, Any]:
    """A compact JSON-able summary of a resolved fleet (cards by id, costs, totals)."""

    def cost(c: CardCost) -> dict[str, Any]:
        out: dict[str, Any] = {"printed": c.printed, "total": c.total}
        if c.faction_penalty:
            out["faction_penalty"] = c.faction_penalty
        if c.modifiers:
            out["modifiers"] = [m.model_dump() for m in c.modifiers]
        return out

    ships = []
    for s in fleet.ships:
        ships.append({
            "where": s.where, "ship": {"id": s.ship.id, "name": s.ship.name, "class": s.ship_class.name,
                                       "faction": s.ship.faction, "cost": cost(s.ship_cost)},
            "captain": None if s.captain is None else {
                "id": s.captain.card.id, "name": s.captain.card.name, "faction": s.captain.card.faction,
                "skill": s.captain.card.skill, "cost": cost(s.captain.cost)},
            "admiral": None if s.admiral is None else {
                "id": s.admiral.card.id, "name": s.admiral.card.name, "faction": s.admiral.card.faction,
                "skill_modifier": s.admiral.card.skill_modifier, "cost": cost(s.admiral.cost)},
            "upgrades": [{"id": u.card.id, "name": u.card.name, "type": u.card.type, "faction": u.card.faction,
                          "cost": cost(u.cost)} for u in s.upgrades],
            "slots": s.slots.model_dump(), "skill": s.skill, "upgrade_cost": s.upgrade_cost, "cost": s.cost,
        })
    return {
        "name": fleet.name, "faction": fleet.faction, "ships": ships,
        "resources": [{"id": r.card.id, "name": r.card.name, "cost": cost(r.cost)} for r in fleet.resources],
        "total_cost": fleet.total_cost,
        "notes": [n.model_dump() for n in fleet.notes],
    }
