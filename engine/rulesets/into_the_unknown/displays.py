"""Ship displays, officer cards and projectile cards as data: the learning mission's components.

The guide prints only some of their numbers (in its worked examples); every other number here is
chosen so that each example plays as printed, and docs/rulings.md ("Into the Unknown") lists
which is which. Numbers the guide gives are marked ``# guide`` where they are set.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Alert = Literal["green", "yellow", "red"]
ALERTS: tuple[Alert, ...] = ("green", "yellow", "red")
Category = Literal["social", "security", "technical"]
CATEGORIES: tuple[Category, ...] = ("social", "security", "technical")
CrewStat = Literal["command", "ops", "science"]
CREW_STATS: tuple[CrewStat, ...] = ("command", "ops", "science")
Status = Literal["light", "medium", "heavy", "severe", "destroyed"]
HullIcon = Literal["health", "critical", "disabled", "destroyed"]
StationKey = Literal["captains_chair", "helm", "instruments", "tactical", "engineering", "cargo_bay", "medbay"]
Section = Literal["bridge", "engineering", "cargo_bay", "medbay"]
End = Literal["fore", "aft"]
Arc = Literal["fore", "aft", "port", "starboard", "bow", "stern", "all",
              "fore_port", "fore_starboard", "aft_port", "aft_starboard"]
BaseSize = Literal["small", "medium", "large"]
Faction = Literal["federation", "dominion"]
ActionName = Literal["WARP", "IMPULSE", "CALL ALERT", "FIRE WEAPONS", "SENSOR LOCK", "THREAT ANALYSIS",
                     "DEMOLITION SALVO", "TRANSPORTER EVAC", "REPAIR"]


@dataclass(frozen=True)
class AlertPosition:
    """One position of the alert dial: its colour and pips, and the alert stats it shows."""

    colour: Alert
    pips: int
    recharge: int
    engine: int  # engine power: inches at impulse, the warp factor it supports without reserve
    impulse_turn: int  # notches of the turning tool
    weapons: int  # weapons power
    instruments: int  # instruments power: sensors/comms range bonus (inches) and rerolls
    fore_shields: int
    aft_shields: int
    launcher: Literal["torpedo", "probe"]

    @property
    def label(self) -> str:
        return f"{self.colour} {self.pips}"


@dataclass(frozen=True)
class HullStep:
    """One step of the hull dial: the value shown, its damage status and its margin icons."""

    value: int
    status: Status
    icons: tuple[HullIcon, ...] = ()


@dataclass(frozen=True)
class Cost:
    """An action's cost: skill category icons (paid by the ordering officer's levels, the excess
    with reserve) and reserve icons (paid with reserve only)."""

    social: int = 0
    security: int = 0
    technical: int = 0
    reserve: int = 0

    def category(self, category: Category) -> int:
        return {"social": self.social, "security": self.security, "technical": self.technical}[category]


@dataclass(frozen=True)
class Action:
    """An action in a station's box: its cost and the order type or alert it requires (None: any)."""

    name: ActionName
    cost: Cost = Cost()
    order: Literal["priority", "standby"] | None = None
    alert: Alert | None = None


@dataclass(frozen=True)
class Station:
    """A station: its section, the end of the ship it belongs to and the actions in its box."""

    key: StationKey
    section: Section
    end: End
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class BeamWeapon:
    """A beam profile: attacks per action and per arc, the power it may spend, its range and the
    intuition dice each power spent gathers; keywords with their levels (Pierce 1...)."""

    name: str
    max_attacks: int
    arcs: tuple[tuple[Arc, int], ...]
    power_min: int
    power_max: int
    range_in: float
    dice_per_power: int
    keywords: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Launcher:
    """A launcher profile: launches per action, from which end (and how many from each), the
    power a launch costs, the projectile it places and the tool's turn allowed at launch."""

    name: str
    max_attacks: int
    ends: tuple[tuple[End, int], ...]
    cost: int
    projectile: str
    impulse_turn: int


@dataclass(frozen=True)
class ProjectileCard:
    """A projectile unit card: crew stats, hull, evasion, its one alert bar, endurance, the sides
    it maneuvers along (solid; guided ones only with a lock), and its detonation attack."""

    name: str
    command: int
    ops: int
    science: int
    hull: int
    evasion: int
    engine: int
    instruments: int
    endurance: int
    sides: tuple[Literal["fore", "lateral", "aft"], ...]
    guided_sides: tuple[Literal["fore", "lateral", "aft"], ...]
    blast_in: float
    dice: int
    keywords: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class ShipDisplay:
    """A ship display: dials (hull, crew, reserve, alert), fixed stats, stations and weapons.

    ``hull_dial`` runs from full (index 0) down to destroyed; ``crew_dial`` from lowest (index 0)
    up, starting at ``crew_start``; ``alert_dial`` from lowest (green) to highest (red).
    """

    key: str
    class_name: str
    faction: Faction
    category: str
    base: BaseSize
    hull_dial: tuple[HullStep, ...]
    crew_dial: tuple[tuple[int, int, int], ...]
    crew_start: int
    reserve_max: int
    reserve_start: int
    alert_dial: tuple[AlertPosition, ...]
    evasion: int
    resilience: int
    warp_drive: int
    sensors_in: float  # Sensors range before instruments power is added
    sensors_arc: Arc
    stations: tuple[Station, ...]
    beams: tuple[BeamWeapon, ...]
    launchers: tuple[Launcher, ...]

    def station(self, key: StationKey) -> Station:
        for station in self.stations:
            if station.key == key:
                return station
        raise ValueError(f"the {self.class_name} has no {key} station")

    def alert_index(self, colour: Alert, pips: int) -> int:
        for i, position in enumerate(self.alert_dial):
            if position.colour == colour and position.pips == pips:
                return i
        raise ValueError(f"the {self.class_name}'s alert dial has no {colour} {pips}")


@dataclass(frozen=True)
class Officer:
    """An officer card: skills by category (name, level), keywords (name, level), health."""

    key: str
    name: str
    faction: Faction
    famed: bool
    skills: tuple[tuple[Category, str, int], ...]
    health: int
    keywords: tuple[tuple[str, int], ...] = ()
    inspiring: CrewStat | None = None  # the stat an Inspiring keyword names (the guide's icon is lost)

    def category_level(self, category: Category) -> int:
        """The highest level the officer has in a skill of that category (0: none)."""
        return max((level for cat, _, level in self.skills if cat == category), default=0)

    def skill(self, name: str) -> int:
        return max((level for _, skill, level in self.skills if skill == name), default=0)

    def keyword(self, name: str) -> int:
        return max((level for kw, level in self.keywords if kw == name), default=0)


def notches(count: float) -> str:
    """A count of the turning tool's notches in words: "1 notch", "0.5 notches", "2 notches"."""
    return f"{count:g} notch" if count == 1 else f"{count:g} notches"


def _hull(*steps: tuple[int, Status, tuple[HullIcon, ...]]) -> tuple[HullStep, ...]:
    return tuple(HullStep(v, s, i) for v, s, i in steps)


def _bridge(captain: tuple[Action, ...], helm: tuple[Action, ...], tactical: tuple[Action, ...],
            instruments: tuple[Action, ...]) -> tuple[Station, ...]:
    return (Station("captains_chair", "bridge", "fore", captain), Station("helm", "bridge", "fore", helm),
            Station("tactical", "bridge", "fore", tactical), Station("instruments", "bridge", "fore", instruments),
            Station("engineering", "engineering", "aft", ()))


FIRE = Action("FIRE WEAPONS")  # guide: the Fighter's costs nothing
CALL_ALERT = Action("CALL ALERT")
LOCK = Action("SENSOR LOCK", Cost(technical=1))

DEFIANT = ShipDisplay(
    key="defiant", class_name="Defiant-class Escort", faction="federation", category="escort", base="small",
    # guide: starts at 6; 6 -> 4 passes a critical icon without changing status
    hull_dial=_hull((6, "light", ()), (5, "light", ("critical",)), (4, "light", ()), (3, "medium", ("health",)),
                    (2, "heavy", ("critical",)), (1, "severe", ("disabled",)), (0, "destroyed", ("destroyed",))),
    crew_dial=((1, 1, 1), (2, 1, 1), (2, 2, 1), (3, 2, 2), (3, 3, 2), (4, 3, 2)), crew_start=3,  # guide: command 3
    reserve_max=10, reserve_start=5,
    alert_dial=(
        AlertPosition("green", 2, 2, 9, 2, 1, 3, 1, 1, "probe"),
        AlertPosition("green", 1, 2, 8, 2, 2, 2, 1, 1, "probe"),  # guide: engine >= 8, instruments 2, fore 1
        AlertPosition("yellow", 1, 3, 7, 2, 3, 2, 2, 1, "torpedo"),
        AlertPosition("red", 1, 2, 6, 1, 4, 1, 3, 2, "torpedo"),
        AlertPosition("red", 2, 1, 5, 1, 5, 1, 3, 3, "torpedo"),
    ),
    evasion=2, resilience=3, warp_drive=8, sensors_in=2.0, sensors_arc="all",  # guide: evasion 2, warp >= 8
    stations=_bridge(
        captain=(Action("WARP", Cost(social=1, technical=2)), CALL_ALERT),  # guide: Sisko pays all but 1 reserve
        helm=(Action("IMPULSE", Cost(technical=1, reserve=1)), Action("WARP", Cost(technical=2, reserve=1))),
        tactical=(FIRE,),
        instruments=(LOCK,)),
    beams=(BeamWeapon("Pulse Phasers", 2, (("fore", 2), ("port", 1), ("starboard", 1)), 1, 4, 8.0, 1,
                      (("Pulse", 1),)),),
    launchers=(Launcher("Quantum Torpedo Tubes", 1, (("fore", 1),), 1, "quantum_torpedo", 1),),
)

JEM_HADAR_FIGHTER = ShipDisplay(
    key="jem_hadar_fighter", class_name="Jem'Hadar Fighter", faction="dominion", category="escort", base="small",
    hull_dial=_hull((5, "light", ()), (4, "light", ("critical",)), (3, "medium", ("health",)),
                    (2, "heavy", ("critical",)), (1, "severe", ("disabled",)), (0, "destroyed", ("destroyed",))),
    crew_dial=((1, 1, 1), (2, 1, 1), (2, 2, 1), (3, 2, 1), (3, 2, 2), (4, 2, 2)), crew_start=3,
    reserve_max=10, reserve_start=5,
    alert_dial=(
        AlertPosition("green", 2, 2, 11, 2, 1, 3, 0, 0, "probe"),
        AlertPosition("green", 1, 2, 11, 2, 2, 3, 1, 0, "probe"),
        AlertPosition("yellow", 1, 3, 10, 1, 3, 2, 1, 1, "torpedo"),  # guide: engine 10, weapons 3, torpedo ready
        AlertPosition("red", 1, 2, 8, 1, 4, 2, 2, 1, "torpedo"),
        AlertPosition("red", 2, 1, 7, 1, 5, 1, 2, 2, "torpedo"),
    ),
    evasion=2, resilience=2, warp_drive=6, sensors_in=4.0, sensors_arc="fore",  # guide: 6" fore arc Sensors
    stations=_bridge(
        captain=(Action("WARP", Cost(social=1, technical=1, reserve=1)), CALL_ALERT),
        # guide: the Second (security 2, technical 0) spends 1 reserve for technical and 1 for the reserve icon
        helm=(Action("IMPULSE", Cost(security=1, technical=1, reserve=1)),),
        tactical=(FIRE,),
        instruments=(LOCK,)),
    # guide: up to 2 attacks in the fore arc, power 1-3, one intuition die per power, Pierce 1, range past 6"
    beams=(BeamWeapon("Phased Polaron Beams", 2, (("fore", 2),), 1, 3, 8.0, 1, (("Pierce", 1),)),),
    # guide: torpedo tubes x2, 1 fore | 1 aft, 1 power, photon torpedoes, impulse turn 1
    launchers=(Launcher("Torpedo Tubes", 2, (("fore", 1), ("aft", 1)), 1, "photon_torpedo", 1),),
)

DISPLAYS: dict[str, ShipDisplay] = {d.key: d for d in (DEFIANT, JEM_HADAR_FIGHTER)}

PROJECTILES: dict[str, ProjectileCard] = {
    # guide: engine 4", endurance 2, hull 1, lateral sides solid, fore sides with a lock (Guided)
    "photon_torpedo": ProjectileCard("Photon Torpedo", 1, 1, 1, 1, 1, 4, 1, 2, ("lateral",), ("fore",), 1.0, 3,
                                     (("Blast", 1),)),
    "quantum_torpedo": ProjectileCard("Quantum Torpedo", 1, 1, 1, 1, 1, 5, 1, 2, ("lateral",), ("fore",), 1.0, 4,
                                      (("Blast", 1), ("Breach", 1))),
}

OFFICERS: dict[str, Officer] = {o.key: o for o in (
    # guide: Sisko social 2, technical 1
    Officer("sisko", "Benjamin Sisko", "federation", True,
            (("social", "Leadership", 2), ("security", "Tactics", 1), ("technical", "Navigation", 1)), 4,
            (("Inspiring", 1),), inspiring="command"),
    Officer("daring_first_officer", "Daring First Officer", "federation", False,
            (("social", "Discipline", 1), ("technical", "Navigation", 2)), 3),
    Officer("vigilant_security_chief", "Vigilant Security Chief", "federation", False,
            (("security", "Ordnance", 2), ("security", "Tactics", 1)), 3),
    # guide: no Discipline
    Officer("redoubtable_engineer", "Redoubtable Engineer", "federation", False,
            (("technical", "Mechanics", 2), ("technical", "Science", 1)), 3),
    Officer("vorta_diplomat", "Vorta Diplomat", "dominion", False,
            (("social", "Diplomacy", 2), ("social", "Discipline", 1)), 2, (("Glib", 1),)),
    # guide: Ordnance 1, Relentless 1
    Officer("talaktalan", "Talak'talan", "dominion", True,
            (("security", "Ordnance", 1), ("security", "Skirmish", 2)), 4, (("Relentless", 1),)),
    # guide: security 2, no technical
    Officer("jem_hadar_second", "Jem'Hadar Second", "dominion", False,
            (("security", "Skirmish", 2), ("social", "Discipline", 1)), 3),
    Officer("karemma_researcher", "Karemma Researcher", "dominion", False,
            (("technical", "Science", 2), ("technical", "Mechanics", 1), ("social", "Discipline", 1)), 2),
)}

# each skill's category, as the officer cards list it (a skill sits under one category icon; Jadzia
# Dax's card in the guide: "Fieldcraft 1, Skirmish 2" beside "Biology 1, Mechanics 2, Navigation 1")
SKILL_CATEGORIES: dict[str, Category] = {skill: category for o in OFFICERS.values() for category, skill, _ in o.skills}
