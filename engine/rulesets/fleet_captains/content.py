"""The game's cards and tiles, in the project's own words (the summary prints none of them).

Ships carry alert-status dials: three alert statuses (normal, yellow, red), each with settings
that give the weapons, shields, sensors and engines ratings; a rating of None is a Disabled
system (D); a setting marked ``cloak`` is the blue-background setting that works the cloaking
device. Location tiles give their size (the movement cost of crossing them), the d6 faces that
draw an encounter when the tile is explored, and whether they hold a planet (influence and
installations). Missions, command cards and encounter cards are data read by the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

System = Literal["weapons", "shields", "sensors", "engines"]
SYSTEMS: Final[tuple[System, ...]] = ("weapons", "shields", "sensors", "engines")
MissionType = Literal["science", "combat", "influence"]
CargoKind = Literal["supplies", "artifact", "unstable"]
MISSION_TYPES: Final[tuple[MissionType, ...]] = ("science", "combat", "influence")
ALERTS: Final = ("normal", "yellow", "red")
FACTIONS: Final = ("Federation", "Klingon")


@dataclass(frozen=True)
class Setting:
    """One setting of an alert status: the four ratings (None: Disabled) and the cloak."""

    label: str
    weapons: int | None
    shields: int | None
    sensors: int | None
    engines: int | None
    cloak: bool = False

    def rating(self, system: System) -> int | None:
        value: int | None = getattr(self, system)
        return value


@dataclass(frozen=True)
class ShipClass:
    """A ship card: its size, the missions it brings (science, combat, influence) and its dial."""

    id: str
    name: str
    faction: str
    size: int
    missions: tuple[int, int, int]
    dial: tuple[tuple[Setting, ...], tuple[Setting, ...], tuple[Setting, ...]]  # normal, yellow, red
    mission: str | None = None  # the mission unique to the ship (SHIP_MISSIONS), printed on its card

    @property
    def cloaks(self) -> bool:
        return any(s.cloak for level in self.dial for s in level)


def _dial(weapons: int, shields: int, sensors: int, engines: int, cloak: bool) -> tuple[
        tuple[Setting, ...], tuple[Setting, ...], tuple[Setting, ...]]:
    """A dial from the ship's best ratings: each alert status below normal loses 2 from weapons,
    shields and sensors and 1 from engines (never below 1); red alert's sensors are Disabled.
    A balanced, a tactical (weapons and shields up, sensors and engines down) and a science
    setting (sensors up, weapons down) in each; a cloaking ship has a blue setting (weapons and
    shields off, engines kept) in normal and yellow."""
    levels = []
    for level in range(3):
        drop = 2 * level
        w, s, n = (max(0, v - drop) for v in (weapons, shields, sensors))
        e = max(1, engines - level)  # a damaged ship can still limp home for repairs
        red = level == 2
        sensors_of = (lambda v: None) if red else (lambda v: max(0, v))
        settings = [Setting("balanced", w, s, sensors_of(n), e),
                    Setting("tactical", w + 2, s + 1, sensors_of(n - 2), max(1, e - 1)),
                    Setting("science", max(0, w - 2), s, sensors_of(n + 2), e)]
        if cloak and not red:
            settings.append(Setting("cloak", 0, 0, sensors_of(n - 2), e, cloak=True))
        levels.append(tuple(settings))
    return levels[0], levels[1], levels[2]


def _ship(id: str, name: str, faction: str, size: int, missions: tuple[int, int, int],
          ratings: tuple[int, int, int, int], cloak: bool = False, mission: str | None = None) -> ShipClass:
    return ShipClass(id, name, faction, size, missions, _dial(*ratings, cloak), mission)


# (id, name, size, missions science/combat/influence, weapons/shields/sensors/engines best ratings)
SHIP_CLASSES: Final[dict[str, ShipClass]] = {c.id: c for c in (
    _ship("galaxy", "Galaxy Class", "Federation", 4, (1, 1, 1), (9, 9, 10, 3), mission="shp-survey"),
    _ship("sovereign", "Sovereign Class", "Federation", 4, (0, 2, 1), (10, 9, 9, 3)),
    _ship("excelsior", "Excelsior Class", "Federation", 3, (1, 1, 1), (8, 8, 8, 3)),
    _ship("nebula", "Nebula Class", "Federation", 3, (2, 0, 1), (7, 8, 10, 2), mission="shp-warp"),
    _ship("akira", "Akira Class", "Federation", 3, (0, 2, 0), (9, 7, 7, 3)),
    _ship("intrepid", "Intrepid Class", "Federation", 2, (2, 0, 0), (6, 7, 10, 4), mission="shp-path"),
    _ship("defiant", "Defiant Class", "Federation", 2, (0, 1, 0), (9, 7, 6, 4)),
    _ship("constitution", "Constitution Class", "Federation", 2, (1, 0, 1), (7, 7, 8, 3)),
    _ship("miranda", "Miranda Class", "Federation", 1, (1, 0, 0), (6, 6, 8, 3)),
    _ship("oberth", "Oberth Class", "Federation", 1, (1, 0, 1), (4, 5, 9, 3)),
    _ship("negh_var", "Negh'Var Class", "Klingon", 4, (0, 2, 1), (10, 9, 8, 3), cloak=True),
    _ship("vor_cha", "Vor'cha Class", "Klingon", 3, (0, 2, 0), (9, 8, 7, 3), cloak=True),
    _ship("k_t_inga", "K't'inga Class", "Klingon", 3, (1, 1, 1), (8, 8, 8, 3), cloak=True),
    _ship("d7", "D7 Class", "Klingon", 2, (0, 1, 1), (8, 7, 7, 3), cloak=True),
    _ship("b_rel", "B'rel Bird-of-Prey", "Klingon", 1, (0, 1, 0), (7, 5, 6, 4), cloak=True, mission="shp-raid"),
    _ship("k_vort", "K'vort Bird-of-Prey", "Klingon", 2, (0, 1, 1), (8, 6, 7, 4), cloak=True),
    _ship("raptor", "Raptor Class", "Klingon", 1, (1, 0, 0), (6, 5, 8, 3), cloak=True, mission="shp-scout"),
    _ship("qugh", "QuGh Class", "Klingon", 2, (1, 0, 1), (6, 7, 9, 3)),
)}

# Each faction's fleet deck: the ship cards it drafts from (a class may appear more than once).
FLEET_DECKS: Final[dict[str, tuple[str, ...]]] = {
    "Federation": ("galaxy", "sovereign", "excelsior", "nebula", "akira", "intrepid", "defiant",
                   "constitution", "constitution", "miranda", "miranda", "oberth"),
    "Klingon": ("negh_var", "vor_cha", "k_t_inga", "k_t_inga", "d7", "d7", "b_rel", "b_rel", "b_rel",
                "k_vort", "raptor", "qugh"),
}


# --- location tiles -------------------------------------------------------------------------------

@dataclass(frozen=True)
class TileKind:
    """A kind of location: its size (movement cost), encounter faces and whether it has a planet."""

    kind: str
    size: int
    encounter: tuple[int, ...]
    planet: bool
    count: int


TILE_KINDS: Final[tuple[TileKind, ...]] = (
    TileKind("class M system", 1, (6,), True, 9),
    TileKind("gas giant system", 1, (5, 6), True, 5),
    TileKind("frontier colony world", 1, (6,), True, 5),
    TileKind("deep space", 1, (5, 6), False, 8),
    TileKind("nebula", 2, (4, 5, 6), False, 6),
    TileKind("asteroid belt", 2, (4, 5, 6), True, 5),
    TileKind("binary star", 2, (5, 6), False, 4),
    TileKind("ion storm", 3, (3, 4, 5, 6), False, 4),
    TileKind("subspace rift", 3, (2, 3, 4, 5, 6), False, 4),
)
_GREEK: Final = ("Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta", "Theta", "Iota")


@dataclass(frozen=True)
class Tile:
    id: str
    name: str
    kind: str
    size: int
    encounter: tuple[int, ...]
    planet: bool


TILES: Final[dict[str, Tile]] = {
    t.id: t for t in (
        Tile(f"{k.kind.split()[0][:5]}-{i + 1}", f"{_GREEK[i]} {k.kind}", k.kind, k.size, k.encounter, k.planet)
        for k in TILE_KINDS for i in range(k.count))
}
assert len(TILES) == 50, "the box holds 50 location tiles"


# --- missions ---------------------------------------------------------------------------------------

Goal = Literal["test", "destroy", "damage", "build", "influence", "prisoner"]
Where = Literal["any", "planet", "nebula", "hazard", "enemy_side", "own_influence", "unexplored_adjacent"]


@dataclass(frozen=True)
class Mission:
    """A mission card. ``goal`` says what completes it: a system ``test`` of ``system`` against
    ``target`` by a ship at a location of kind ``where`` (an action); ``destroy`` an enemy ship;
    ``damage`` an enemy ship of size ``target`` or more; ``build`` an installation of rank
    ``target`` (1 outpost, 2 colony, 3 starbase); ``influence`` on ``target`` locations at once;
    ``prisoner`` a transporter action that takes a prisoner. A test mission with ``cargo`` is
    attempted by ships carrying a cargo of that kind, and a success spends it (delivered)."""

    id: str
    name: str
    type: MissionType
    vp: int
    goal: Goal
    target: int = 0
    system: System | None = None
    where: Where = "any"
    secret: bool = False
    cargo: CargoKind | None = None


def _missions() -> dict[str, Mission]:
    """Two of each card: (name, goal, system, target, where, VP) per mission type."""
    science: tuple[tuple[str, Goal, System | None, int, Where, int], ...] = (
        ("Stellar cartography", "test", "sensors", 15, "any", 1),
        ("Nebula survey", "test", "sensors", 16, "nebula", 2),
        ("First contact", "test", "sensors", 16, "planet", 2),
        ("Hazard study", "test", "sensors", 17, "hazard", 2),
        ("Long-range probe", "test", "sensors", 14, "unexplored_adjacent", 1),
        ("Warp field trial", "test", "engines", 9, "any", 1))
    combat: tuple[tuple[str, Goal, System | None, int, Where, int], ...] = (
        ("Hunt an enemy", "destroy", None, 0, "any", 2),
        ("Strike at a capital ship", "damage", None, 3, "any", 2),
        ("Harass the enemy", "damage", None, 1, "any", 1),
        ("Show of force", "test", "weapons", 16, "any", 1),
        ("Raid their space", "test", "weapons", 15, "enemy_side", 2))
    influence: tuple[tuple[str, Goal, System | None, int, Where, int], ...] = (
        ("Establish an outpost", "build", None, 1, "any", 1),
        ("Found a colony", "build", None, 2, "any", 2),
        ("Build a starbase", "build", None, 3, "any", 3),
        ("Spread your influence", "influence", None, 2, "any", 1),
        ("Diplomatic summit", "test", "sensors", 15, "own_influence", 2),
        ("Sphere of influence", "influence", None, 3, "any", 2))
    secret = ("Hunt an enemy", "Sphere of influence")
    decks: tuple[tuple[MissionType, tuple[tuple[str, Goal, System | None, int, Where, int], ...]], ...] = (
        ("science", science), ("combat", combat), ("influence", influence))
    cards = []
    for kind, table in decks:
        for n, (name, goal, system, target, where, vp) in enumerate(table * 2):
            cards.append(Mission(f"{kind[:3]}-{n + 1}", name, kind, vp, goal, target, system, where,
                                 secret=name in secret))
    cards += [Mission("sci-13", "Study an alien artifact", "science", 2, "test", 12, "sensors", "any",
                      cargo="artifact"),
              Mission("com-11", "Take a prisoner", "combat", 1, "prisoner"),
              Mission("inf-13", "Relief supplies", "influence", 2, "test", 11, "sensors", "planet", cargo="supplies")]
    return {m.id: m for m in cards}


MISSIONS: Final[dict[str, Mission]] = _missions()


@dataclass(frozen=True)
class ShipMission:
    """A mission unique to a ship (on its ship card): ``count`` steps, each at a different
    location: a system ``test`` of ``system`` against ``target`` (an action, at a place of kind
    ``where``) or, for ``explore``, a face-down tile the ship turns over. Entering its own command
    post resets the steps made (summary, "Command Posts"); completed once, for ``vp``."""

    id: str
    name: str
    vp: int
    goal: Literal["test", "explore"]
    count: int
    system: System | None = None
    target: int = 0
    where: Where = "any"


SHIP_MISSIONS: Final[dict[str, ShipMission]] = {m.id: m for m in (
    ShipMission("shp-survey", "Deep space survey", 2, "test", 2, "sensors", 14),
    ShipMission("shp-warp", "Warp field experiment", 2, "test", 2, "engines", 6),
    ShipMission("shp-path", "Pathfinder", 2, "explore", 3),
    ShipMission("shp-raid", "Border raid", 2, "test", 2, "weapons", 11, "enemy_side"),
    ShipMission("shp-scout", "Forward scout", 1, "explore", 2),
)}


def mission_name(card: str) -> str:
    """A face-up mission's or a ship mission's name."""
    found = MISSIONS.get(card) or SHIP_MISSIONS.get(card)
    return card if found is None else found.name


def mission_vp(card: str) -> int:
    found = MISSIONS.get(card) or SHIP_MISSIONS.get(card)
    if found is None:
        raise ValueError(f"no mission {card!r} in the box")
    return found.vp


# --- cargo ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Cargo:
    """A cargo token: ``supplies`` and ``artifact`` are what some missions deliver; an
    ``unstable`` cargo costs its carrier 1 on every shields test while aboard (one to give away)."""

    id: str
    name: str
    kind: CargoKind


CARGO: Final[dict[str, Cargo]] = {c.id: c for c in (
    *(Cargo(f"cgo-s{i}", "Medical supplies", "supplies") for i in range(1, 5)),
    *(Cargo(f"cgo-a{i}", "Alien artifact", "artifact") for i in range(1, 4)),
    *(Cargo(f"cgo-u{i}", "Unstable salvage", "unstable") for i in range(1, 4)),
)}
UNSTABLE_SHIELDS: Final = -1


# --- command cards ----------------------------------------------------------------------------------

CardKind = Literal["ops", "combat", "crew"]
CrewType = Literal["captain", "officer", "engineer", "specialist"]
Effect = Literal["modifier", "hinder", "repair", "extra_action", "second_action", "influence"]


@dataclass(frozen=True)
class CommandCard:
    """A command card of a subdeck. ``ops`` and ``combat`` cards played on a system test add
    ``amount`` to it (``system`` None: any system the kind allows; combat cards go on weapons and
    shields tests, ops cards on the others and never during combat). Ops cards with another
    ``effect`` are played on their own: ``repair`` (one alert status up for a ship not sharing a
    location with an enemy), ``extra_action`` (one more action this turn), ``influence`` (an
    influence token where a ship of yours is, at a planet without enemies). ``crew`` cards are
    assigned to a ship (one of each ``crew`` type): ``amount`` to ``system`` while aboard, and
    discarded for ``amount`` + 1 more on one test of that system.

    The summary's other kinds: a ``hinder`` card is one "noted" as played against the opponent:
    on the opponent's test of ``system`` (step 3 of a system test, or a side's one card of an
    opposed test) it takes ``amount`` off; ``second_action`` lets a ship that has acted take one
    more action this turn ("limit 1 action per ship, unless modified by a card"); ``requires`` is
    an ops card's requirement (a crew member of that type aboard a ship of the test); a ``trash``
    card leaves the game when played (the deck is rebuilt from discards, not the trash)."""

    id: str
    name: str
    subdeck: str
    kind: CardKind
    effect: Effect = "modifier"
    system: System | None = None
    amount: int = 0
    crew: CrewType | None = None
    requires: CrewType | None = None
    trash: bool = False


def _subdeck(faction: str, subdeck: str, cards: tuple[tuple[str, CardKind, Effect, System | None, int,
                                                            CrewType | None], ...],
             requires: dict[int, CrewType] | None = None, trash: tuple[int, ...] = ()) -> list[CommandCard]:
    """A subdeck's five cards; ``requires`` and ``trash`` by the card's place in it."""
    prefix = faction[:3].lower()
    needs = requires or {}
    return [CommandCard(f"{prefix}-{subdeck[:4].lower()}-{i + 1}", name, subdeck, kind, effect, system, amount, crew,
                        needs.get(i), i in trash)
            for i, (name, kind, effect, system, amount, crew) in enumerate(cards)]


# Subdecks and the mission type they serve (the AI chooses its four by its missions).
SUBDECK_TYPES: Final[dict[str, MissionType]] = {
    "Tactical": "combat", "Security": "combat", "Science": "science", "Exploration": "science",
    "Diplomacy": "influence", "Engineering": "influence"}


def _command_cards() -> dict[str, CommandCard]:
    cards: list[CommandCard] = []
    for faction in FACTIONS:
        hero = "Captain" if faction == "Federation" else "Commander"
        cards += _subdeck(faction, "Tactical", (
            ("Target their weapons", "combat", "modifier", "weapons", 2, None),
            ("Full spread", "combat", "modifier", "weapons", 4, None),
            ("Reroute to shields", "combat", "modifier", "shields", 2, None),
            (f"{hero} at the helm", "crew", "modifier", "weapons", 1, "captain"),
            ("Evasive pattern", "combat", "modifier", "shields", 3, None)), trash=(1,))
        cards += _subdeck(faction, "Security", (
            ("Security chief", "crew", "modifier", "shields", 1, "officer"),
            ("Jam their targeting", "combat", "hinder", "weapons", 2, None),
            ("Hold the line", "combat", "modifier", "shields", 2, None),
            ("Battle plan", "ops", "extra_action", None, 0, None),
            ("Tactical officer", "crew", "modifier", "weapons", 1, "specialist")))
        cards += _subdeck(faction, "Science", (
            ("Science officer", "crew", "modifier", "sensors", 1, "officer"),
            ("Deep scan", "ops", "modifier", "sensors", 3, None),
            ("Recalibrate the array", "ops", "modifier", "sensors", 2, None),
            ("Stellar physicist", "crew", "modifier", "sensors", 1, "specialist"),
            ("Inspired theory", "ops", "modifier", "sensors", 4, None)), requires={4: "officer"}, trash=(4,))
        cards += _subdeck(faction, "Exploration", (
            ("Helm officer", "crew", "modifier", "engines", 1, "officer"),
            ("Push the warp core", "ops", "modifier", "engines", 3, None),
            ("Survey team", "ops", "modifier", "sensors", 2, None),
            ("Charted course", "ops", "modifier", "engines", 2, None),
            ("Field repairs", "ops", "repair", None, 0, None)))
        cards += _subdeck(faction, "Diplomacy", (
            ("Envoy", "crew", "modifier", "sensors", 1, "specialist"),
            ("Trade agreement", "ops", "influence", None, 0, None),
            ("Cultural exchange", "ops", "influence", None, 0, None),
            ("Diplomatic pressure", "ops", "hinder", "sensors", 2, None),
            ("Summit protocol", "ops", "extra_action", None, 0, None)))
        cards += _subdeck(faction, "Engineering", (
            ("Chief engineer", "crew", "modifier", "engines", 1, "engineer"),
            ("Emergency repairs", "ops", "repair", None, 0, None),
            ("Damage control", "ops", "repair", None, 0, None),
            ("Double shift", "ops", "second_action", None, 0, None),
            ("Structural engineer", "crew", "modifier", "shields", 1, "engineer")))
    return {c.id: c for c in cards}


COMMAND_CARDS: Final[dict[str, CommandCard]] = _command_cards()


def subdecks(faction: str) -> dict[str, tuple[str, ...]]:
    """A faction's command subdecks: name -> its card ids."""
    out: dict[str, list[str]] = {}
    prefix = faction[:3].lower()
    for card in COMMAND_CARDS.values():
        if card.id.startswith(prefix + "-"):
            out.setdefault(card.subdeck, []).append(card.id)
    return {k: tuple(v) for k, v in out.items()}


# --- encounter cards --------------------------------------------------------------------------------

EncounterEffect = Literal["damage", "vp", "card", "influence", "nothing", "stop_all", "cargo"]


@dataclass(frozen=True)
class Encounter:
    """An encounter card: the ship(s) involved test ``system`` against ``target`` (None: no test);
    on a failure (or always, when there is no test) the ``effect`` applies: ``damage`` (1 damage to
    each ship involved), ``stop_all`` (every ship of the move stops and loses its next power
    adjustment: here, its move ends); on a success ``vp``, ``card`` (draw a command card) or
    ``influence`` (an influence token here, when the location has a planet) or ``cargo`` (the top
    cargo token, aboard one ship involved) rewards the player.
    ``all_ships``: every ship of a task force is involved, not the ones the player picks."""

    id: str
    name: str
    system: System | None
    target: int
    effect: EncounterEffect
    all_ships: bool = False


ENCOUNTERS: Final[dict[str, Encounter]] = {e.id: e for e in (
    Encounter("enc-1", "Gravimetric shear", "engines", 7, "damage", all_ships=True),
    Encounter("enc-2", "Derelict vessel", "sensors", 11, "vp"),
    Encounter("enc-3", "Ancient probe", "sensors", 12, "vp"),
    Encounter("enc-4", "Plasma storm", "shields", 10, "damage"),
    Encounter("enc-5", "Pirate ambush", "weapons", 10, "damage"),
    Encounter("enc-6", "Distress call", "sensors", 10, "card"),
    Encounter("enc-7", "Friendly locals", None, 0, "influence"),
    Encounter("enc-8", "Sensor ghost", None, 0, "nothing"),
    Encounter("enc-9", "Spatial anomaly", None, 0, "stop_all", all_ships=True),
    Encounter("enc-10", "Minefield remnant", "shields", 9, "damage", all_ships=True),
    Encounter("enc-11", "Lost colony", "sensors", 9, "influence"),
    Encounter("enc-12", "Salvage", None, 0, "card"),
    Encounter("enc-13", "Drifting cargo pod", "sensors", 9, "cargo"),
    Encounter("enc-14", "Trader convoy", None, 0, "cargo"),
    Encounter("enc-15", "Derelict freighter", "sensors", 11, "cargo"),
)}

# Installations: name, influence needed, the installation it upgrades (None: none).
INSTALLATIONS: Final[tuple[tuple[str, int, str | None], ...]] = (
    ("outpost", 1, None), ("colony", 2, "outpost"), ("starbase", 3, "colony"))
INSTALLATION_RANK: Final[dict[str, int]] = {name: i + 1 for i, (name, _, _) in enumerate(INSTALLATIONS)}
SCAN_TARGET: Final = 15  # Search for Cloaked Ships: a level 15 Sensors Test
STANDARD_FLEET_SIZE: Final = 10
# Cards added by the second edition of the box (event schema 2); a schema 1 game's decks are without them.
# The cards of the first edition whose kind changed keep their ids, and no schema 1 event depends on it.
EDITION_2: Final = frozenset(("sci-13", "com-11", "inf-13", "enc-13", "enc-14", "enc-15"))
ROWS: Final = 5
COLUMNS: Final = 5
