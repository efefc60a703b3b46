"""Fleet-building tags (the data's ``special``): what a card's tag means when a fleet is built.

A tag may restrict which ship a card goes on (Additional Rules 29), change the card's own cost on
that ship, give its ship extra upgrade slots, waive its faction penalty, or (a captain's) change the
cost of the other cards on its ship. ``card_rule`` reads a card's tag; ``tag_is_interpreted`` says
whether the resolver (fleet.py) or the checker (tournament.py) gives a tag any meaning at all.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Literal

from engine.catalog import Admiral, Captain, Ship, ShipClass, Upgrade

SlotName = Literal["crew", "weapon", "tech", "talent", "borg", "squadron"]
SLOT_NAMES: tuple[SlotName, ...] = ("crew", "weapon", "tech", "talent", "borg", "squadron")


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
