"""Card abilities as data: when (a timing window of the round), what it costs, when it applies, and
what it does. One card, one ``Card`` entry in one of the ``cards/`` modules; the engine's windows
(``windows.py``) offer every usable ability to the seat of the ship whose card it is.

The timing windows follow the rulebook's round ("Game Round", "Combat Phase" steps 3 to 8):
``action`` is a card with the "Action:" header, resolved as the ship's Perform Action step;
``free_action`` comes right after that step (a free action does not count as the ship's action);
``declare_target`` limits which attacks may be declared (step 1);
``attack_dice`` and ``defense_dice`` change how many dice are rolled (steps 3 and 5);
``modify_attack`` and ``modify_defense`` are steps 4 and 6; ``compare`` is the Compare Results step
(7), before the uncanceled results are counted; ``damage`` comes after it and before the damage is
dealt (8); ``end`` is the End Phase; ``resist`` comes when another ship's card would discard or
disable the card's ship's upgrades (Kira Nerys, Stex); ``destroyed`` as the card's ship is
destroyed, before it leaves play (Cheat Death). Two windows of the Activation Phase: ``after_move``
comes right after the ship's maneuver and before its Perform Action step (a ship card's free action
"after you move"); ``aux_power`` is the Perform Action step of a ship with an Auxiliary Power Token
(a card that lets it act anyway); ``before_move`` comes after the dial is revealed and before the
ship moves (a card that changes the maneuver: Transwarp Drive, Nyota Uhura); ``activation_end`` once
every ship has activated (Suicide Attack). ``extra_attack`` comes right after an attack of the
Combat Phase (a card that gives its ship one more attack: Once More Unto The Breach). ``cloak``: as
the card's ship performs the Cloak action (the I.R.W. Praetus's roll). ``planning``: the Planning
Phase, once every dial is set (Positron Beam), and the maneuvers the ship may set on its dial (a
standing rule, never an event: the R.I.S. Apnex's "only 1 maneuvers"). ``damaged``: after an attack
dealt the card's ship at least 1 damage (Alexander). ``transfer``: as another ship is about to
suffer damage (the Kraxon takes some onto its own shields). ``critical``: as the card's ship deals a
critical damage card to an enemy ship's hull in its attack (Joachim draws two and keeps one). ``split_attack``
as an attack is declared, its dice counted: the seat divides them between two ships (Forward Weapons
Grid). ``mines`` as the ship's turn to attack comes: a card that places a Minefield Token as its
attack (Antimatter Mines).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from engine.rulesets.attack_wing.state import GameState, ShipState, Weapon

Window = Literal["action", "free_action", "declare_target", "attack_dice", "modify_attack", "defense_dice",
                 "modify_defense", "compare", "damage", "end", "resist", "destroyed", "after_move", "aux_power",
                 "before_move", "activation_end", "extra_attack", "planning", "cloak", "damaged", "transfer",
                 "critical", "split_attack", "mines"]
WINDOWS: tuple[Window, ...] = ("action", "free_action", "declare_target", "attack_dice", "modify_attack",
                               "defense_dice", "modify_defense", "compare", "damage", "end", "resist", "destroyed",
                               "after_move", "aux_power", "before_move", "activation_end", "extra_attack",
                               "planning", "cloak", "damaged", "transfer", "critical", "split_attack", "mines")
# "ship": a ship card's own ability (the ship card's catalog id is among its cards)
CardKind = Literal["captain", "admiral", "talent", "crew", "weapon", "tech", "resource", "borg", "squadron", "ship"]
Limit = Literal["none", "round", "game"]
DiceKind = Literal["attack", "defense"]
Role = Literal["any", "attacker", "defender"]
# whose roll or turn the ability changes, seen from the card's ship: its own, a friendly ship's
# within ``Condition.aura`` range of it, or a ship marked by this card this round
Scope = Literal["own", "friendly", "near", "marked"]  # "near": every ship in the aura, friend or enemy
EffectKind = Literal[
    "attack_dice",     # +/- ``amount`` attack dice (step 3)
    "defense_dice",    # +/- ``amount`` defense dice (step 5)
    "reroll",          # reroll up to ``amount`` of the ``dice`` pool's ``faces`` (any face when empty)
    "convert",         # turn up to ``amount`` of ``faces`` into ``to`` (``amount`` 0: every one)
    "add_result",      # add ``amount`` dice showing ``to`` to the ``dice`` pool
    "add_damage",      # add ``amount`` hits to the damage of an attack that hit (after compare); ``faces``
                       # ("crit",): only when a critical hit of it reaches the hull (Massacre)
    "ignore_shields",  # the attack's damage goes to the hull, past active shields
    "free_action",     # perform one of ``actions`` as a free action, even off the Action Bar
    "gain_token",      # place ``amount`` ``token`` beside the card's ship, or beside the ships it targets
    "remove_token",    # remove one token (of ``tokens``, the seat's choice) from beside the ship it targets
    "repair_shield",   # repair up to ``amount`` destroyed shields of the card's ship (or the ship it targets)
    "disable_upgrade", # place a Disabled Token on one upgrade (of ``upgrades`` types, the seat's choice) of
                       # the ship it targets; ``amount`` 0: on every upgrade, and every ``tokens`` token removed
    "reroll_again",    # the dice the attacker's target lock just rerolled may each be rerolled once more
    "one_hit",         # compare step: the attack's damage becomes exactly one hit (Interphase Generator)
    "cancel",          # compare step: cancel up to ``amount`` of the attacker's ``faces`` results (any face
                       # when empty); a canceled die shows blank
    "mark",            # mark ships for the round (the card's riders read the mark)
    "cannot_attack",   # a rider: attacks the mark forbids (``Effect.targets``: "ships" to and from the
                       # marked ships; "owner": a marked ship may not attack the card's ship, which attacks no one)
    "must_attack",     # a rider: the card's ship may attack only the ship it marked
    "retaliate",       # roll ``amount`` attack dice at the attacker: its hits and crits damage it, no defense
    "no_dice",         # the ``dice`` roll has no dice at all (steps 3 and 5: "cannot roll any defense dice")
    "forbid_action",   # a rider: the marked ship may not perform ``actions`` (none named: any) as free actions
    "keep_cloak",      # attacking: the ship's cloak stays green as it fires (Advanced Weapon System)
    "cloak",           # an Action: the ship performs the Cloak action, even off its Action Bar (Cloaking Device)
    "bar_action",      # a standing rule: ``actions`` are on the ship's Action Bar while its condition holds,
                       # even with the card disabled (Cloaking Device's Sensor Echo while cloaked)
    "spare_weapon",    # attacking: the card is disabled instead of the weapon fired (Lojur)
    "damage",          # the ships it targets suffer ``amount`` normal damage each (the R.I.S. Apnex)
    "dial_limit",      # window "planning": only speed-``amount`` maneuvers of the ``actions`` kinds on the dial
    "shield_roll",     # an Action: roll ``amount`` attack dice at the ship it targets: each hit disables one of
                       # its active shields (I.K.S. Negh'var)
    "store_token",     # window "damaged": place ``amount`` ``token`` on the card; window "after_move": move one
                       # from the card to beside its ship (Alexander's battle stations tokens)
    "transfer",        # window "transfer": some of the damage a friendly ship is about to suffer goes to the
                       # card's ship's active shields instead, the critical damage first (the Kraxon)
    "cloak_anyway",    # a standing rule: the ship may perform the Cloak action with no active shields (Praetus)
    "cloak_roll",      # window "cloak": roll ``amount`` attack dice; each of ``faces`` is 1 damage to the hull
    "keep_lock",       # attacking with a weapon that spends the target lock: the lock is kept (Gor Portas)
    "resist",          # roll ``amount`` defense dice as an enemy crew card would discard or disable upgrades of
                       # the card's ship: an evade result and that card's effect on it is ignored (Kira Nerys)
    "protect",         # as an enemy card would discard or disable ``upgrades`` cards of the card's ship: one
                       # of them (the seat's choice) is spared, and for the rest of the round (Weyoun 2034)
    "survive",         # the ship just destroyed is not: damage cards removed until its damage is one less than
                       # its Hull Value, the face-up ones first, the rest flipped face down (Cheat Death)
    "blast",           # the ship just destroyed rolls ``amount`` attack dice: their hits and crits damage every
                       # other ship within Range 1 of it, no defense dice (I Stab at Thee)
    "inflict",         # the ship it targets suffers ``amount`` critical damage (Ultritium Explosives)
    "drop_lock",       # the ship it targets loses the target lock it holds (``locking``: on the card's ship)
    "discard_upgrade", # discard ``amount`` upgrades (of ``upgrades`` types, the seat's choice) of the ship it
                       # targets: they leave the game (boarding parties, Sabotage)
    "extra_attack",    # window "extra_attack": right after an attack of its ship, one more attack this round
                       # (``Condition.weapon`` "primary": after a primary weapon attack, and with it again)
    "fire_cost",       # attacking with this weapon: the card's cost is paid as it fires (Magnetic Pulse: an
                       # active shield), and it may not fire without it
    "crit_past_shields",  # the attack's critical hits that would damage active shields are each a hit on the
                          # hull instead (the shield is not lost; Magnetic Pulse)
    "elite_die",       # window "attack_dice": one of the attack dice is rolled as the Elite Attack Die
                       # (resource 4001; a double hit among its faces)
    "aux_actions",     # window "aux_power": the ship performs an Action Bar action despite its Auxiliary
                       # Power Token (rulebook "Auxiliary Power": otherwise none at all)
    "repair_damage",   # repair ``amount`` damage to the hull (a damage card discarded, face up first) or the
                       # shields (destroyed ones repaired), the seat's choice (Mirok)
    "grant_action",    # window "after_move": a friendly ship within ``reach`` whose captain's skill is lower than
                       # the card's ship's (the seat picks it) may perform one free action now (Martok)
    "talent_action",   # window "after_move": the ship resolves the "Action:" of one of its talent upgrades (the
                       # seat's choice) as a free action (Janice Rand)
    "change_maneuver", # window "before_move": the ship performs another maneuver than its dial's, one of
                       # ``Effect.maneuvers`` (none named: its dial's), the seat's choice
    "ram",             # window "activation_end", a rider: the marked ship makes a 1 straight and places an auxiliary
                       # power token; overlapping an enemy ship, it is destroyed and rolls ``amount`` attack dice
                       # at that ship, which rolls its defense dice (Suicide Attack)
    "reverse",         # an "Action:": the ship comes about in place (reverse direction): two 90-degree rotations
                       # of its base where it stands (Cochrane Deceleration Maneuver)
    "dampen",          # window "damage": the attack that hits deals no damage; the ship hit receives an Energy
                       # Dampening Token (``abilities/dampening``: Energy Dissipator)
    "mine",            # window "mines": as its attack, a Minefield Token placed (``abilities/mines``); it rolls
                       # ``amount`` attack dice at a ship it is placed on or that enters it, no defense dice
    "split_attack",    # window "split_attack": the attack's dice divided between its target and a second ship in
                       # the forward arc, at least one at each, the seat's choice (``abilities/split``)
    "maneuver",        # an "Action:": the ship performs an additional maneuver, one of ``Effect.maneuvers``
                       # (none named: its dial's, of ``colours``), the seat's choice (``abilities/maneuvers``)
    "choose_damage",   # window "critical": draw 2 damage cards for the critical hit, the seat places one, the
                       # other is discarded (Joachim; ``cards/drawn_and_taken``)
    "steal_upgrade",   # an "Action:": take one upgrade of the ship it targets, even past the upgrade bar
                       # (Superior Intellect; ``cards/drawn_and_taken``)
]


@dataclass(frozen=True, slots=True)
class Cost:
    """What using the ability costs (rulebook "Card Ability Anatomy": costs come before the effect)."""

    disable: bool = False  # place a Disabled Token on the card
    discard: bool = False  # the card leaves the game
    limit: Limit = "none"  # once per round, once per game
    token: str | None = None  # a token spent from beside the ship ("scan", "battle_stations", "evade")
    aux_power: bool = False  # an Auxiliary Power Token is placed beside the ship
    shields: int = 0  # disable that many of the ship's active shields (-1: all that remain, maybe none)
    uses: int = 0  # with limit "game": that many uses in the game (tokens placed on the card at the start)
    time: int = 0  # place that many Time Tokens on the card: it is not used again until they are gone
    own: str | None = None  # an upgrade type: one such card of its own ship (the seat's choice) is disabled
    own_discard: bool = False  # ... or discarded (Alidar Jarok 3121: "discard your talent upgrade")
    disable_upgrade: str | None = None  # disable one of the ship's ready upgrades of this type (the seat's choice)

    def words(self) -> str:
        parts = [w for w, on in (("disable this card", self.disable), ("discard this card", self.discard),
                                 ("place an auxiliary power token", self.aux_power)) if on]
        if self.shields:
            parts.append("disable every remaining active shield" if self.shields < 0 else
                         f"disable {self.shields} active shield{'s' if self.shields > 1 else ''}")
        if self.token:
            parts.append(f"spend a {self.token.replace('_', ' ')} token")
        if self.disable_upgrade:
            parts.append(f"disable one of your {self.disable_upgrade} upgrades")
        if self.time:
            parts.append(f"place {self.time} time tokens on this card")
        if self.own:
            parts.append(f"{'discard' if self.own_discard else 'disable'} one of your {self.own} upgrades")
        if self.uses > 1:
            parts.append(f"{self.uses} uses per game")
        elif self.limit != "none":
            parts.append(f"once per {self.limit}")
        return ", ".join(parts) or "none"


@dataclass(frozen=True, slots=True)
class AttackContext:
    """The attack an ability is asked about (None outside combat)."""

    attacker: ShipState
    defender: ShipState
    weapon: Weapon | None
    band: int
    arc: str


@dataclass(frozen=True, slots=True)
class Situation:
    """What a condition sees: the state, the card's ship, the ship it would act on, the attack."""

    state: GameState
    owner: ShipState
    subject: ShipState
    attack: AttackContext | None


@dataclass(frozen=True, slots=True)
class Condition:
    """When the ability applies (all must hold)."""

    role: Role = "any"  # the subject must be the attacker / the defender of the attack
    scope: Scope = "own"
    aura: tuple[int, ...] = ()  # scope "friendly" or "near": range bands from the card's ship to the subject
    others_only: bool = True  # scope "friendly" or "near": not the card's own ship
    bands: tuple[int, ...] = (1, 2, 3)  # the attack's range band
    weapon: Literal["any", "primary", "secondary", "this"] = "any"  # "this": the card is the weapon fired
    classes: tuple[str, ...] = ()  # the subject's ship class is one of these
    factions: tuple[str, ...] = ()  # the subject's faction is one of these
    token: str | None = None  # a token that must be beside the card's ship ("scan")
    front_arc: bool = False  # the attack is made from the forward firing arc
    hit: bool = False  # damage window: the attack has uncanceled hits or crits
    after: int | None = None  # the card's ability of this index was its ship's action this round (Scott's two)
    check: Callable[[Situation], bool] | None = None  # what data cannot say


@dataclass(frozen=True, slots=True)
class Effect:
    kind: EffectKind
    amount: int = 1
    dice: DiceKind = "attack"
    faces: tuple[str, ...] = ()
    to: str | None = None
    token: str | None = None
    actions: tuple[str, ...] = ()
    # whom it marks or acts on ("mark", "gain_token", "remove_token", "repair_shield", "disable_upgrade"):
    # its own ship, friendly or enemy ships, any ship; "owner": a rider's ships and the card's own;
    # "cannot_attack": "pair": the marked ship and the card's ship not at each other
    # "cannot_attack": "marked": a marked ship other than the card's own attacks no one (Projected Stasis Field)
    targets: Literal["self", "friendly", "enemy", "ships", "owner", "pair", "marked"] = "self"
    reach: tuple[int, ...] = ()  # range bands to the ships it marks or targets
    factions: tuple[str, ...] = ()  # "mark": only ships of these factions
    pick: bool = False  # "mark": the seat picks one target; else every ship that qualifies
    in_arc: bool = False  # "mark": only ships in the card's ship's forward firing arc
    out_arc: bool = False  # "mark": only ships outside that arc (EM Pulse 3061)
    and_self: bool = False  # "mark", "free_action": the card's ship is marked too (its riders read it); an effect
    # on every ship it may act on: the card's ship too
    own: bool = False  # ``pick``: the card's own ship may be the one picked ("including your own")
    tokens: tuple[str, ...] = ()  # "remove_token": the tokens it may remove
    upgrades: tuple[str, ...] = ()  # "disable_upgrade": the upgrade types it may disable (empty: any);
    # "free_action": the free action is the "Action:" of one of the ship's cards of these types (Leonard McCoy),
    # with ``actions`` naming card ids: of those cards only (the Negh'var's Klingon Boarding Party)
    unless_token: str | None = None  # a target with this token beside it may not be picked (Mendak)
    classes: tuple[str, ...] = ()  # "mark": only ships of these classes
    bar_only: bool = False  # "free_action": only the actions on the ship's Action Bar
    locking: bool = False  # only a ship holding a target lock on the card's ship (Hikaru Sulu 2046)
    exposed: bool = False  # only a target that is not cloaked and has no active shields (boarding parties)
    disable_shields: bool = False  # "mark": every ship marked but the card's own disables its active shields
    roll: int = 0  # "mark": roll that many attack dice; the ship it targets is marked once for each hit (Tractor Beam)
    locked: bool = False  # an Action: at the ship the card's ship holds a target lock on, spending the lock (Chang)
    borrow: bool = False  # "free_action": the card its Action: disabled on another ship lends its Action: (Virak'Kara)
    # "mark" with a ``token``: ``amount`` of that token is placed beside every ship it marks
    maneuvers: tuple[tuple[str, int], ...] = ()  # "maneuver": (kind, speed) it may perform (empty: the dial's)
    # "maneuver" from the dial: only maneuvers of these colours (Engage: green); window "after_move": only
    # after the ship performed a maneuver of these colours (Pavel Chekov: white)
    colours: tuple[str, ...] = ()
    same_target: bool = False  # "extra_attack": only at the ship the attack it follows was made at
    other_target: bool = False  # "extra_attack": only at another ship than that one (the Koranak)


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability of a card: its window, effect, cost and condition, and whether the seat decides
    (``optional``) or it always applies (a card's standing rule, such as +1 defense die)."""

    window: Window
    effect: Effect
    summary: str  # what it does, in the project's words
    cost: Cost = field(default_factory=Cost)
    condition: Condition = field(default_factory=Condition)
    optional: bool = True
    # an admiral's Fleet Action: the admiral's ship or a friendly ship within Range 1-3 of it
    # resolves it as its action ("your ship": the ship acting); once per round for the fleet
    fleet: bool = False


@dataclass(frozen=True, slots=True)
class Card:
    """A card (under each catalog id that prints the same ability) and its abilities. A card with
    no ``abilities`` is supported because the rules the engine already plays are all its text says
    (a plain torpedo: the weapon table in ``loadout``)."""

    ids: tuple[str, ...]
    name: str
    kind: CardKind
    abilities: tuple[Ability, ...]
    note: str = ""  # how the engine plays it, where the abilities do not say it all


def key(card: str, index: int) -> str:
    """The name of one ability of a card in the state's once-per-round and once-per-game lists."""
    return f"{card}#{index}"
