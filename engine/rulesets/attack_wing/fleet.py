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

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from engine.catalog import Admiral, Captain, Catalog, Resource, Ship, ShipClass, Upgrade, load_catalog
from engine.errors import CatalogError, TrekError
from engine.io.documents import model_fields, read_document, validation_message

MAX_TEXT = 200
MAX_SHIPS = 20
MAX_UPGRADES = 20
MAX_RESOURCES = 5

Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_TEXT)]

SlotName = Literal["crew", "weapon", "tech", "talent", "borg", "squadron"]
SLOT_NAMES: tuple[SlotName, ...] = ("crew", "weapon", "tech", "talent", "borg", "squadron")


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


# -- fleet-building tags (the data's ``special``) ------------------------------------------


@dataclass(frozen=True)
class ShipContext:
    """What a card's fleet-building rule may look at: the ship, its class, its captain."""

    ship: Ship
    ship_class: ShipClass
    captain: Captain | None


@dataclass(frozen=True)
class ShipTest:
    """A condition on the ship a card goes on, with words for messages ("a Klingon ship")."""

    text: str
    test: Callable[[ShipContext], bool]

    def __call__(self, ctx: ShipContext) -> bool:
        return self.test(ctx)


def _factions(card: Ship | Captain | Upgrade) -> set[str]:
    return {card.faction, *([card.additional_faction] if card.additional_faction else [])}


def card_factions(card: Ship | Captain | Admiral | Upgrade) -> set[str]:
    """The factions a card belongs to (its faction and, where the data has one, a second)."""
    if isinstance(card, Admiral):
        return {card.faction}
    return _factions(card)


def _ship_of(*factions: str) -> ShipTest:
    wanted = set(factions)
    return ShipTest(f"a {' or '.join(factions)} ship", lambda c: bool(_factions(c.ship) & wanted))


def _captain_of(*factions: str) -> ShipTest:
    wanted = set(factions)
    return ShipTest(f"a {' or '.join(factions)} captain",
                    lambda c: c.captain is not None and bool(_factions(c.captain) & wanted))


def _class_is(*names: str) -> ShipTest:
    wanted = {n.casefold() for n in names}
    return ShipTest(f"a {' or '.join(names)} ship", lambda c: c.ship_class.name.casefold() in wanted)


def _class_contains(part: str, text: str | None = None) -> ShipTest:
    key = part.casefold()
    return ShipTest(text or f"a {part} ship", lambda c: key in c.ship_class.name.casefold())


def _ship_named(*names: str) -> ShipTest:
    wanted = {n.casefold() for n in names}
    return ShipTest(f"the {' or '.join(names)}", lambda c: c.ship.name.casefold() in wanted)


def _ship_name_contains(part: str) -> ShipTest:
    key = part.casefold()
    return ShipTest(f"the {part}", lambda c: key in c.ship.name.casefold())


def _hull_at_most(n: int) -> ShipTest:
    return ShipTest(f"a ship with hull {n} or less", lambda c: c.ship.hull <= n)


def _hull_at_least(n: int) -> ShipTest:
    return ShipTest(f"a ship with hull {n} or more", lambda c: c.ship.hull >= n)


def _attack_at_most(n: int) -> ShipTest:
    return ShipTest(f"a ship with primary weapon {n} or less", lambda c: c.ship.attack <= n)


def _all(*tests: ShipTest) -> ShipTest:
    return ShipTest(" and ".join(t.text for t in tests), lambda c: all(t(c) for t in tests))


def _not(test: ShipTest, text: str) -> ShipTest:
    return ShipTest(text, lambda c: not test(c))


_NO_REAR_ARC = ShipTest("a ship without a rear arc", lambda c: c.ship_class.rear_arc is None)
_HAS_BATTLE_STATIONS = ShipTest("a ship with the Battle Stations action",
                                lambda c: c.ship.has_action("battle_stations"))
_HAS_COME_ABOUT = ShipTest("a ship with a come about on its dial", lambda c: "about" in c.ship_class.kinds)
_SKILL_FIVE_OR_LESS = ShipTest("a captain of skill 5 or less",
                               lambda c: c.captain is None or c.captain.skill <= 5)
_JEM_HADAR = _class_contains("Jem'Hadar")

CostFn = Callable[[ShipContext], int]


@dataclass(frozen=True)
class CardRule:
    """What a card's fleet-building tag means for fleet building.

    ``slots`` are extra upgrade slots the card gives its ship; ``requires`` is a deployment
    restriction (Additional Rules 29); ``extra_cost`` changes the card's own cost on this
    ship; ``penalty_free`` waives the card's faction penalty where it holds.
    """

    one_per_ship: bool = False
    slots: tuple[tuple[SlotName, int], ...] = ()
    requires: ShipTest | None = None
    extra_cost: CostFn | None = None
    extra_cost_reason: str = ""
    penalty_free: ShipTest | None = None


def _surcharge(amount: int, unless: ShipTest) -> tuple[CostFn, str]:
    return (lambda c: 0 if unless(c) else amount), f"not on {unless.text}"


def _rule(*, one: bool = False, slots: Mapping[SlotName, int] | None = None, requires: ShipTest | None = None,
          plus: tuple[int, ShipTest] | None = None, penalty_free: ShipTest | None = None) -> CardRule:
    extra: CostFn | None = None
    reason = ""
    if plus is not None:
        extra, reason = _surcharge(*plus)
    return CardRule(one_per_ship=one, slots=tuple((slots or {}).items()), requires=requires,
                    extra_cost=extra, extra_cost_reason=reason, penalty_free=penalty_free)


def _plus_attack(bonus: int, requires: ShipTest | None) -> CardRule:
    reason = "the ship's primary weapon value" + (f" + {bonus}" if bonus else "")
    return CardRule(requires=requires, extra_cost=lambda c: c.ship.attack + bonus, extra_cost_reason=reason)


_ALWAYS = ShipTest("any ship", lambda c: True)

# Tags whose meaning the checker knows; the rest are reported as not checked. The tag names
# are the Space Dock data's; the meanings are the cards' fleet-building text in our words.
CARD_RULES: Mapping[str, CardRule] = {
    # one per ship, alone or with a restriction
    "NoMoreThanOnePerShip": _rule(one=True),
    "NoMoreThanOnePerShipFederation": _rule(one=True, requires=_ship_of("Federation")),
    "NoMoreThanOnePerShipFerengi": _rule(one=True, requires=_ship_of("Ferengi")),
    "NoMoreThanOnePerShipRomulan": _rule(one=True, requires=_ship_of("Romulan")),
    "NoMoreThanOnePerShipKlingon": _rule(one=True, requires=_ship_of("Klingon")),
    "NoMoreThanOnePerShipBajoranScout": _rule(one=True, requires=_class_is("Bajoran Scout Ship")),
    "NoMoreThanOnePerShipBajoranInterceptor": _rule(one=True, requires=_class_is("Bajoran Interceptor")),
    "NoMoreThanOnePerShipAndOnlySpecies8472Ship": _rule(one=True, requires=_ship_of("Species 8472")),
    "NoMoreThanOnePerShipAndOnlyXindi": _rule(one=True, requires=_ship_of("Xindi")),
    "NoMoreThanOnePerShipAndOnlyVulcanShip": _rule(one=True, requires=_ship_of("Vulcan")),
    "OnlyBorgShipAndNoMoreThanOnePerShip": _rule(one=True, requires=_ship_of("Borg")),
    "OnlyDderidexAndNoMoreThanOnePerShip": _rule(one=True, requires=_class_is("D'deridex Class")),
    "OnlyIntrepidAndNoMoreThanOnePerShip": _rule(one=True, requires=_class_is("Intrepid Class")),
    # extra slots
    "Add_Crew_1": _rule(slots={"crew": 1}),
    "Add2HiddenCrew5": _rule(slots={"crew": 2}),
    "addonetechslot": _rule(slots={"tech": 1}),
    "AddsHiddenTechSlot": _rule(slots={"tech": 1}),
    "AddOneTechMinus1": _rule(slots={"tech": 1}),
    "Add3FedTech4Less": _rule(slots={"tech": 3}),
    "add_one_tech_no_faction_penalty_on_vulcan": _rule(slots={"tech": 1}, penalty_free=_ship_of("Vulcan")),
    "addoneweaponslot": _rule(slots={"weapon": 1}),
    "AddHiddenWeapon": _rule(slots={"weapon": 1}),
    "addoneweaponslotfortorpedoes": _rule(slots={"weapon": 1}),
    "addoneweaponslot1xindi2less": _rule(slots={"weapon": 1}),
    "AddTwoWeaponSlots": _rule(slots={"weapon": 2}),
    "AddTwoWeaponSlotsAndNoMoreThanOnePerShip": _rule(one=True, slots={"weapon": 2}),
    "AddsOneWeaponOneTech": _rule(slots={"weapon": 1, "tech": 1}),
    "AddOneWeaponAllKazonMinusOne": _rule(slots={"weapon": 1}),
    "AddTwoCrewSlotsDominionCostBonus": _rule(slots={"crew": 2}),
    "addonetalentslot": _rule(slots={"talent": 1}),
    "AddOneBorgSlot": _rule(slots={"borg": 1}),
    "only_suurok_class_limited_weapon_hull_plus_1": _rule(one=True, slots={"weapon": 1},
                                                          requires=_class_is("Suurok Class")),
    # restrictions: faction of ship and/or captain
    "OnlyFederationShip": _rule(requires=_ship_of("Federation")),
    "OnlyDominionShip": _rule(requires=_ship_of("Dominion")),
    "OnlyBorgShip": _rule(requires=_ship_of("Borg")),
    "OnlyKazonShip": _rule(requires=_ship_of("Kazon")),
    "OnlyRomulanShip": _rule(requires=_ship_of("Romulan")),
    "OnlyFerengiShip": _rule(requires=_ship_of("Ferengi")),
    "OnlySpecies8472Ship": _rule(requires=_ship_of("Species 8472")),
    "only_vulcan_ship": _rule(requires=_ship_of("Vulcan")),
    "OnlyKlingon": _rule(requires=_ship_of("Klingon")),
    "OnlyBajoran": _rule(requires=_ship_of("Bajoran")),
    "OnlyXindi": _rule(requires=_ship_of("Xindi")),
    "OnlyBajoranFederation": _rule(requires=_ship_of("Bajoran", "Federation")),
    "OnlyJemHadarShips": _rule(requires=_JEM_HADAR),
    "OnlyTholianShip": _rule(requires=_class_is("Tholian Vessel")),
    "OnlyForKlingonCaptain": _rule(requires=_captain_of("Klingon")),
    "OnlyBajoranCaptain": _rule(requires=_captain_of("Bajoran")),
    "OnlyDominionCaptain": _rule(requires=_captain_of("Dominion")),
    "OnlyBorgCaptain": _rule(requires=_captain_of("Borg")),
    "OnlyRomulanCaptain": _rule(requires=_captain_of("Romulan")),
    "OnlyVulcanCaptainVulcanShip": _rule(requires=_all(_captain_of("Vulcan"), _ship_of("Vulcan"))),
    "OnlyFerengiCaptainFerengiShip": _rule(requires=_all(_captain_of("Ferengi"), _ship_of("Ferengi"))),
    "OnlyKlingonCaptainShip": _rule(requires=_all(_captain_of("Klingon"), _ship_of("Klingon"))),
    "OnlyRomulanCaptainShip": _rule(requires=_all(_captain_of("Romulan"), _ship_of("Romulan"))),
    "OnlyFederationCaptainShip": _rule(requires=_all(_captain_of("Federation"), _ship_of("Federation"))),
    "OnlyBajoranCaptainShip": _rule(requires=_all(_captain_of("Bajoran"), _ship_of("Bajoran"))),
    "OnlyXindiCaptainShip": _rule(requires=_all(_captain_of("Xindi"), _ship_of("Xindi"))),
    "OnlyKazonCaptainShip": _rule(requires=_all(_captain_of("Kazon"), _ship_of("Kazon"))),
    "OnlyKlingonORRomulanCaptainShip": _rule(requires=_all(_captain_of("Klingon", "Romulan"),
                                                           _ship_of("Klingon", "Romulan"))),
    "OnlyNonBorgShipAndNonBorgCaptain": _rule(requires=_all(
        _not(_ship_of("Borg"), "a non-Borg ship"), _not(_captain_of("Borg"), "a non-Borg captain"))),
    "OnlyBorgQueen": _rule(requires=ShipTest(
        "the Borg Queen as captain", lambda c: c.captain is not None and c.captain.name == "Borg Queen")),
    "OnlyLBCaptain": _rule(requires=ShipTest(
        "Lursa or B'Etor as captain", lambda c: c.captain is not None and c.captain.name in ("Lursa", "B'Etor"))),
    # restrictions: class, ship, numbers
    "OnlyForRomulanScienceVessel": _rule(requires=_class_is("Romulan Science Vessel")),
    "OnlyForRaptorClassShips": _rule(requires=_class_is("Raptor Class")),
    "combat_vessel_variant_71508": _rule(requires=_class_is("Suurok Class")),
    "OnlyRemanWarbird": _rule(requires=_class_is("Reman Warbird")),
    "OnlyKlingonBirdOfPrey": _rule(requires=_class_is("Klingon Bird-of-Prey")),
    "OnlyBattleshipOrCruiser": _rule(requires=_class_is("Jem'Hadar Battleship", "Jem'Hadar Battle Cruiser")),
    "OnlyVoyager": _rule(requires=_ship_named("U.S.S. Voyager")),
    "OnlyHull3OrLess": _rule(requires=_hull_at_most(3)),
    "Hull4": _rule(requires=_hull_at_least(4)),
    "OPSHull4": _rule(one=True, requires=_hull_at_least(4)),
    "Hull3": _rule(requires=_hull_at_least(3)),
    "OPSHull3": _rule(one=True, requires=_hull_at_least(3)),
    "OnlyDominionHV4": _rule(requires=_all(_ship_of("Dominion"), _hull_at_least(4))),
    "ony_federation_ship_limited3": _rule(one=True, requires=_all(_ship_of("Federation"), _hull_at_most(3))),
    "ony_mu_ship_limited": _rule(one=True, requires=_all(_ship_of("Mirror Universe"), _hull_at_most(4))),
    "limited_max_weapon_3": _rule(one=True, requires=_attack_at_most(3)),
    "MustHaveBS": _rule(requires=_HAS_BATTLE_STATIONS),
    # cost changes on the card itself
    "PlusFiveIfNotBorgShip": _rule(plus=(5, _ship_of("Borg"))),
    "PlusFivePointsNonJemHadarShips": _rule(plus=(5, _JEM_HADAR)),
    "PlusFiveForNonKazon": _rule(plus=(5, _ship_of("Kazon"))),
    "PlusFiveOnNonSpecies8472": _rule(plus=(5, _ship_of("Species 8472"))),
    "PlusFiveIfNotMirrorUniverse": _rule(plus=(5, _ship_of("Mirror Universe"))),
    "PlusFiveIfNotRomulan": _rule(plus=(5, _ship_of("Romulan"))),
    "OPSPlusFiveNotRomulan": _rule(one=True, plus=(5, _ship_of("Romulan"))),
    "PlusFiveIfNotKlingon": _rule(plus=(5, _ship_of("Klingon"))),
    "Plus5NotKlingon": _rule(plus=(5, _ship_of("Klingon"))),
    "PlusFiveNotKlingonAndMustHaveComeAbout": _rule(requires=_HAS_COME_ABOUT, plus=(5, _ship_of("Klingon"))),
    "Plus5NotXindi": _rule(plus=(5, _ship_of("Xindi"))),
    "OPSPlus5NotXindi": _rule(one=True, plus=(5, _ship_of("Xindi"))),
    "OPSPlus4NotXindi": _rule(one=True, plus=(4, _ship_of("Xindi"))),
    "Plus4NotVulcan": _rule(plus=(4, _ship_of("Vulcan"))),
    "Plus5NotKazonNoMoreThanOnePerShip": _rule(one=True, plus=(5, _ship_of("Kazon"))),
    "Plus3NotFederationNoMoreThanOnePerShip": _rule(one=True, plus=(3, _ship_of("Federation"))),
    "Plus5NotFederationNoMoreThanOnePerShip": _rule(one=True, plus=(5, _ship_of("Federation"))),
    "Plus3NotKlingonAndNoMoreThanOnePerShip": _rule(one=True, plus=(3, _ship_of("Klingon"))),
    "Plus2NotRomulanAndNoMoreThanOnePerShip": _rule(one=True, plus=(2, _ship_of("Romulan"))),
    "Plus5NotDominionAndNoMoreThanOnePerShip": _rule(one=True, plus=(5, _ship_of("Dominion"))),
    "Hull4NoRearPlus5NonFed": _rule(requires=_all(_hull_at_least(4), _NO_REAR_ARC),
                                    plus=(5, _ship_of("Federation"))),
    "limited_max_weapon_3AndPlus5NonFed": _rule(one=True, requires=_attack_at_most(3),
                                                plus=(5, _ship_of("Federation"))),
    "costincreasedifnotbreen": _rule(plus=(5, _class_contains("Breen", "a Breen ship"))),
    "costincreasedifnotromulansciencevessel": _rule(plus=(5, _class_is("Romulan Science Vessel"))),
    "costincreasedifnotromulansciencevesselAndNoMoreThanOnePerShip": _rule(
        one=True, plus=(5, _class_is("Romulan Science Vessel"))),
    "PenaltyOnShipOtherThanDefiant": _rule(plus=(5, _class_contains("Defiant", "a Defiant class ship"))),
    "PenaltyOnShipOtherThanKeldonClass": _rule(plus=(5, _class_is("Cardassian Keldon Class"))),
    "PhaserStrike": _rule(requires=_hull_at_most(3), plus=(5, _class_is("Bajoran Interceptor"))),
    "CostPlusFiveExceptBajoranInterceptor": _rule(plus=(5, _class_is("Bajoran Interceptor"))),
    "PlusFiveIfNotRaven": _rule(plus=(5, _ship_name_contains("Raven"))),
    "PlusFiveIfNotGalaxyIntrepidSovereign": _rule(
        plus=(5, _class_is("Galaxy Class", "Intrepid Class", "Sovereign Class"))),
    "PlusFourIfNotPredatorClass": _rule(plus=(4, _class_is("Predator Class"))),
    "PlusFiveIfNotRemanWarbird": _rule(plus=(5, _class_is("Reman Warbird"))),
    "PlusFiveIfNotRegentsFlagship": _rule(plus=(5, _ship_named("Regent's Flagship"))),
    "PlusFivePointsNonHirogen": _rule(plus=(5, _class_contains("Hirogen"))),
    "PlusFourIfNotGornRaider": _rule(plus=(4, _class_is("Gorn Raider"))),
    "Plus4NotPrometheus": _rule(plus=(4, _ship_named("U.S.S. Prometheus"))),
    "PlusFiveIfSkillOverFive": _rule(plus=(5, _SKILL_FIVE_OR_LESS)),
    "OnlyFedShipHV4CostPWVP1": _plus_attack(1, _all(_ship_of("Federation"), _hull_at_least(4))),
    "OnlyFedShipHV4CostPWV": _plus_attack(0, _all(_ship_of("Federation"), _hull_at_least(4))),
    "OnlyXindiANDCostPWV": _plus_attack(0, _ship_of("Xindi")),
    "CostPWV": _plus_attack(0, None),
    # faction penalty waived for the card itself
    "CaptainIgnoresPenalty": _rule(penalty_free=_ALWAYS),
    "NoPenaltyOnKlingonShip": _rule(penalty_free=_ship_of("Klingon")),
    "no_faction_penalty_on_vulcan": _rule(penalty_free=_ship_of("Vulcan")),
    "NoPenaltyOnFederationShip": _rule(penalty_free=_ship_of("Federation")),
    "NoPenaltyOnFederationOrBajoranShip": _rule(penalty_free=_ship_of("Federation", "Bajoran")),
}

# Tags of the form Only[ShipClass_]X, OPS... (one per ship) and PlusN[Not]ShipClass_X.
_CLASS_ONLY = re.compile(r"(?P<ops>OPS)?OnlyShipClass_(?P<contains>CONTAINS_)?(?P<cls>.+)")
_SHIP_ONLY = re.compile(r"OnlyShip_(?P<ship>.+)")
_CLASS_PLUS = re.compile(r"(?P<ops>OPS)?Plus(?P<n>\d)NotShipClass_(?P<cls>.+)")


def card_rule(special: str | None) -> CardRule | None:
    """The meaning of a fleet-building tag; None when the checker does not interpret it."""
    if special is None:
        return CardRule()
    if special in CARD_RULES:
        return CARD_RULES[special]
    if m := _CLASS_ONLY.fullmatch(special):
        name = m["cls"].replace("_", " ")
        test = _class_contains(name) if m["contains"] else _class_is(name)
        return _rule(one=bool(m["ops"]), requires=test)
    if m := _SHIP_ONLY.fullmatch(special):
        return _rule(requires=_ship_named(m["ship"].replace("_", " ")))
    if m := _CLASS_PLUS.fullmatch(special):
        return _rule(one=bool(m["ops"]), plus=(int(m["n"]), _class_is(m["cls"].replace("_", " "))))
    return None


# Captain tags that change other cards on the captain's ship.
UpgradeDiscount = Callable[[Upgrade, ShipContext], int]


def _each(test: Callable[[Upgrade, ShipContext], bool], amount: int) -> UpgradeDiscount:
    return lambda u, c: amount if test(u, c) else 0


CAPTAIN_DISCOUNTS: Mapping[str, tuple[UpgradeDiscount, str]] = {
    "WeaponUpgradesCostOneLess": (_each(lambda u, c: u.type == "weapon", -1), "captain: weapon upgrades cost less"),
    "CrewUpgradesCostOneLess": (_each(lambda u, c: u.type == "crew", -1), "captain: crew upgrades cost less"),
    "FedCrewUpgradesCostOneLess": (_each(lambda u, c: u.type == "crew" and "Federation" in _factions(u), -1),
                                   "captain: Federation crew upgrades cost less"),
    "KlingonUpgradesCostOneLess": (_each(lambda u, c: "Klingon" in _factions(u), -1),
                                   "captain: Klingon upgrades cost less"),
    "AllUpgradesMinusOneOnIndepedentShip": (_each(lambda u, c: "Independent" in _factions(c.ship), -1),
                                            "captain: upgrades on an Independent ship cost less"),
    "VulcanAndFedTechUpgradesMinus2": (
        _each(lambda u, c: u.type == "tech" and bool(_factions(u) & {"Vulcan", "Federation"}), -2),
        "captain: Vulcan and Federation tech upgrades cost less"),
    "AddOneWeaponAllKazonMinusOne": (_each(lambda u, c: u.type == "weapon" and "Kazon" in _factions(u), -1),
                                     "captain: Kazon weapon upgrades cost less"),
    "Ship2LessAndUpgrades1Less": (_each(lambda u, c: True, -1), "captain: upgrades cost less"),
    "BaselineTalentCostToThree": (
        lambda u, c: 3 - u.cost if u.type == "talent" and "Federation" in _factions(u) else 0,
        "captain: Federation elite talents cost 3 SP"),
    "RemanBodyguardsLess2": (_each(lambda u, c: u.name == "Reman Bodyguards", -2),
                             "captain: Reman Bodyguards cost less"),
    "KuvahMagh2Less": (_each(lambda u, c: u.name == "Kuvah'Magh", -2), "captain: Kuvah'Magh costs less"),
}
# Captain tags handled elsewhere in the resolver (whole-ship effects and penalty waivers).
CAPTAIN_SHIP_TAGS = frozenset({
    "Ship2LessAndUpgrades1Less", "UpgradesIgnoreFactionPenalty", "CaptainAndTalentsIgnoreFactionPenalty",
    "NoPenaltyOnTalent", "OneDominionUpgradeCostsMinusTwo", "AddTwoCrewSlotsDominionCostBonus",
})
# Upgrade tags that change the other upgrades on their ship.
TECH_DISCOUNT_TAG = "TechUpgradesCostOneLess"


def tag_is_interpreted(special: str) -> bool:
    """Whether the resolver or checker gives this fleet-building tag a meaning."""
    return (card_rule(special) is not None or special in CAPTAIN_DISCOUNTS or special in CAPTAIN_SHIP_TAGS
            or special == TECH_DISCOUNT_TAG)


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
    if waived or card_factions(card) & _factions(ship):
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
    dominion_crew = [j for j, u in enumerate(upgrades) if u.type == "crew" and "Dominion" in _factions(u)][:2]
    dominion_any = [j for j, u in enumerate(upgrades) if "Dominion" in _factions(u)]
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
