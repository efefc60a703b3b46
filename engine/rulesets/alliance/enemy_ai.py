"""The Enemy AI: the decision maker of the Enemy seat, a ``Player`` like any other.

Rulebook "Activation Phase: Enemy AI ships", "Actions: Enemy AI ships" and "Combat Phase: Enemy AI
ships": the game offers the seat each decision (a ship's maneuver as it activates, its action
among the options, its attack among the options); ``EnemyAiPlayer`` answers by the ship's Enemy
Logic card and keeps, as events, why: the target and why (``enemy_target_chosen``), the sector
and ring (``enemy_direction``), the d6 on the maneuver table (``enemy_maneuver_rolled``), a
formation's shared maneuver (``formation_maneuver``), the Logic card entry that applies
(``enemy_action_rule``). The game takes those records after each decision (``take_records``) and
emits them before it acts on the answer.

Dice: the d6 (or n-sided) rolls read the state's generator ``offset`` numbers ahead of the
numbers drawn by the records already kept for this decision, so the reducer, advancing the
generator by each record's ``draws``, lands where the game continues.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import IllegalDecision
from engine.geometry.shapes import Obstacle, Planet
from engine.rulesets.alliance import events as ae
from engine.rulesets.alliance import logic as L
from engine.rulesets.alliance.loadout import defense_bonus
from engine.rulesets.alliance.mission import OrdersSpec
from engine.rulesets.alliance.state import PLAYERS, AllianceState
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.damage import CARDS_BY_KEY
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.attack_wing.measure import distance, line_of_fire
from engine.rulesets.attack_wing.players import ActionChoice, ActionOption, ChoiceOffer, ChoiceOption
from engine.rulesets.attack_wing.rules import AttackOption
from engine.rulesets.attack_wing.state import GameState, ShipState

# A six-sided (or n-sided) die for the Enemy AI: (state, sides, offset, purpose) -> (face, draws). The
# seeded one reads the state's generator ``offset`` numbers ahead and draws one number.
DieSource = Callable[[GameState, int, int, str], tuple[int, int]]
# The players' seat's answer to a choice the rulebook leaves to them (the game supplies it).
AskPlayers = Callable[[ChoiceOffer], tuple[int, str]]
Record = tuple[type[Any], dict[str, Any]]

REMOVE_AUX_POWER = "remove_aux_power"  # Choose Action entry 1: the action is removing the token


def seeded_die(state: GameState, sides: int, offset: int, purpose: str) -> tuple[int, int]:
    return state.rng.below(sides, offset) + 1, 1


def _first_option(offer: ChoiceOffer) -> tuple[int, str]:
    return 0, f"{offer.options[0].label}: the first listed"


def maneuver_colour(ship: ShipState, maneuver: Maneuver) -> str:
    """A maneuver's colour for this ship now (dial colour; one not on the dial counts as white)."""
    try:
        return rules.maneuver_colour(ship, maneuver.kind, maneuver.speed)
    except KeyError:
        if ship.face_up("engine_room_fire") and maneuver.kind.endswith(("bank", "turn")):
            return "red"
        return "white"


@dataclass(frozen=True, slots=True)
class _Decision:
    """A formation's shared choice for this round."""

    leader: str
    target: str | None
    maneuver: Maneuver | None


def _candidate(c: L.Candidate) -> ae.TargetCandidate:
    return ae.TargetCandidate(ship=c.id, band=c.band, distance=round(c.distance, 3), ahead=round(c.ahead, 3),
                              touching=c.touching, note=c.note)


class EnemyAiPlayer:
    """Side 1's seat in an Alliance mission: every Enemy AI ship decides by its Logic card."""

    def __init__(self, obstacles: Sequence[Obstacle] = (), planets: Sequence[Planet] = (),
                 die: DieSource | None = None, orders: Sequence[OrdersSpec] = ()) -> None:
        self.orders = {o.name: o for o in orders}  # the mission's orders other than Attack
        self.obstacles = tuple(obstacles)
        self.planets = tuple(planets)
        self.die: DieSource = die or seeded_die
        self.view: Callable[[], AllianceState] | None = None  # the game's whole state (set by the game)
        self.ask_players: AskPlayers = _first_option  # the players' seat (set by the game)
        self._records: list[Record] = []
        self._draws = 0  # random numbers drawn by the records kept for the current decision
        self._decisions: dict[tuple[int, str], _Decision] = {}  # (round, formation) -> the shared choice

    # --- records ----------------------------------------------------------------------------------
    def take_records(self) -> list[Record]:
        out, self._records, self._draws = self._records, [], 0
        return out

    def _keep(self, event_type: type[Any], **fields: Any) -> None:
        self._records.append((event_type, fields))
        self._draws += int(fields.get("draws", 0))

    def _roll(self, state: GameState, sides: int, purpose: str) -> tuple[int, int]:
        return self.die(state, sides, self._draws, purpose)

    # --- what the cards say -----------------------------------------------------------------------
    def _full(self) -> AllianceState:
        if self.view is None:
            raise IllegalDecision("the Enemy AI seat is not in a game")
        return self.view()

    def number(self, ship: ShipState) -> int:
        lo = self._full().loadout(ship.id)
        return lo.number if lo is not None else int("".join(c for c in ship.id if c.isdigit()) or 0)

    def logic_of(self, ship: ShipState) -> L.LogicCard:
        lo = self._full().loadout(ship.id)
        if lo is None:
            raise IllegalDecision(f"{ship.name} has no Enemy Loadout card")
        return L.logic_card(lo.logic)

    def ability_of(self, ship: ShipState) -> str:
        lo = self._full().loadout(ship.id)
        return lo.ability if lo is not None else ""

    def targets(self, state: GameState, ship: ShipState) -> tuple[str, list[ShipState], str]:
        """The ship's formation's orders, the player ships they let it target, and a note on why
        (empty under Attack: every player ship)."""
        formation = self._full().formation_of(ship.id)
        name = formation.orders if formation is not None else "attack"
        ships = state.in_play(PLAYERS)
        spec = self.orders.get(name)
        if spec is None or spec.target == "nearest" or not ships:
            return name, ships, ""
        if spec.target == "carrier":
            carriers = [s for s in ships if self._full().tokens_of(s.id)]
            if not carriers:
                return name, ships, f"orders {name}: no player ship carries a mission token, so any"
            return name, carriers, f"orders {name}: only ships carrying mission tokens"
        least = min(s.shields + s.hull - s.hull_damage for s in ships)
        weakest = [s for s in ships if s.shields + s.hull - s.hull_damage == least]
        return name, weakest, f"orders {name}: only the ships with the fewest shields and hull left ({least})"

    # --- Planning: Enemy AI ships do not plan dials --------------------------------------------------
    def plan(self, state: GameState, ship: ShipState, options: list[tuple[Maneuver, str]]) -> tuple[Maneuver, str]:
        raise IllegalDecision(f"{ship.name} is an Enemy AI ship: it does not plan a dial")

    def keep_cloak(self, state: GameState, ship: ShipState) -> bool:
        return False

    # --- Choose Maneuver ----------------------------------------------------------------------------
    def maneuver(self, state: GameState, ship: ShipState) -> Maneuver | None:
        """Choose Maneuver for ``ship`` as it activates; in an unbroken formation the first member to
        activate decides for all from the lowest-numbered member (rulebook "Formations")."""
        full = self._full()
        formation = full.formation_of(ship.id)
        flying = [m for m in formation.flying if state.ship(m).in_play] if formation else []
        if formation is None or len(flying) < 2:
            _, maneuver = self._decide(state, ship, None, ())
            return maneuver
        key = (state.round, formation.name)
        decision = self._decisions.get(key)
        if decision is None:  # the first member to activate this round decides for the formation
            leader = min((state.ship(m) for m in flying), key=self.number)
            followers = tuple(m for m in flying if m != leader.id)
            target, maneuver = self._decide(state, leader, formation.name, followers)
            decision = self._decisions[key] = _Decision(leader.id, target, maneuver)
            target_now, follows = target, leader.id != ship.id
        else:
            target_now = decision.target if decision.target and state.ship(decision.target).in_play else None
            follows = True
        if decision.maneuver is not None and follows:
            self._keep(ae.FormationManeuver, ship=ship.id, formation=formation.name, leader=decision.leader,
                       target=target_now, kind=decision.maneuver.kind, speed=decision.maneuver.speed,
                       colour=maneuver_colour(ship, decision.maneuver))
        return decision.maneuver

    def _decide(self, state: GameState, ship: ShipState, formation: str | None, followers: tuple[str, ...]
                ) -> tuple[str | None, Maneuver | None]:
        """Choose Maneuver steps 1 and 2 for ``ship`` (the formation's leader): target, direction,
        ring and the d6 on the table. Returns the target and the maneuver (None: nothing to do)."""
        card = self.logic_of(ship)
        me = rules.placed(ship)
        orders, pool, note = self.targets(state, ship)
        pick = L.choose_target(me, [(s.id, rules.placed(s)) for s in pool])
        reason = f"{pick.reason}; {note}" if note else pick.reason
        self._keep(ae.EnemyTargetChosen, ship=ship.id, purpose="maneuver", orders=orders, target=pick.target,
                   reason=reason, candidates=tuple(_candidate(c) for c in pick.candidates),
                   formation=formation, followers=followers)
        if pick.target is None:
            return None, None
        target = state.ship(pick.target)
        there = rules.placed(target)
        direction = L.target_direction(ship.pose, there)
        draws, random_roll = 0, 0
        if direction.sector is None:
            random_roll, draws = self._roll(state, len(direction.options), "direction tie-break")
            sector = direction.options[random_roll - 1]
        else:
            sector = direction.sector
        d = distance(me, there)
        band = P.range_band(d)
        closing = L.is_closing(ship.pose, target.pose)
        ring, ring_reason = L.choose_ring(band, closing)
        table, mirror = L.table_for_sector(sector)
        self._keep(ae.EnemyDirection, ship=ship.id, target=target.id, bearing=round(direction.bearing, 3),
                   sectors=direction.sectors, sector=sector, direction=L.SECTORS[sector],
                   tie_break=direction.tie_break, random_roll=random_roll, band=band, distance=round(d, 3),
                   closing=closing, ring=ring, ring_reason=ring_reason, table=table, mirrored=mirror, draws=draws)
        die, used = self._roll(state, 6, "maneuver table")
        rolled = L.roll_on_table(card, sector, ring, die)
        m = rolled.maneuver
        self._keep(ae.EnemyManeuverRolled, ship=ship.id, die=die, table=rolled.direction, ring=ring,
                   row=rolled.row.label, glyph=rolled.row.maneuver, mirrored=rolled.mirrored, kind=m.kind,
                   speed=m.speed, colour=maneuver_colour(ship, m), draws=used)
        return target.id, m

    # --- Choose Action ------------------------------------------------------------------------------
    def act(self, state: GameState, ship: ShipState, options: list[ActionOption]) -> ActionChoice:
        """The first entry of the Logic card's list that applies (an entry whose action the ship
        cannot perform now does not apply)."""
        available = {o.action for o in options}
        checks: list[ae.RuleCheck] = []
        for i, rule in enumerate(self.logic_of(ship).actions, start=1):
            applies, why, target = self._condition(state, ship, rule)
            if applies and rule.action not in available:
                applies, why = False, f"{why}, but it cannot perform {rule.action.replace('_', ' ')} now"
            checks.append(ae.RuleCheck(rule=i, text=rule.text, applies=applies, why=why))
            if applies:
                self._keep(ae.EnemyActionRule, ship=ship.id, rule=i, action=rule.action, checks=tuple(checks))
                return ActionChoice(rule.action, target, reason=f"Logic card entry {i}: {rule.text}")
        self._keep(ae.EnemyActionRule, ship=ship.id, rule=0, action="pass", checks=tuple(checks))
        return ActionChoice("pass", reason="no entry of its Logic card applies")

    def _condition(self, state: GameState, ship: ShipState, rule: L.ActionRule) -> tuple[bool, str, str | None]:
        c = rule.condition
        if c == "has_aux_power":
            return (ship.aux_power > 0, f"{ship.aux_power} auxiliary power token(s)" if ship.aux_power
                    else "no auxiliary power token", None)
        if c == "has_shot":
            shots = [o for o in rules.attack_options(state, ship) if o.weapon is None]
            if shots:
                best = min(shots, key=lambda o: (o.band, o.distance, o.defender))
                return True, f"a shot at {state.ship(best.defender).name} (Range {best.band})", None
            return False, "no player ship in its firing arc within Range 1-3", None
        if c == "enemy_within_range_3":
            me = rules.placed(ship)
            near = [(distance(me, rules.placed(s)), s) for s in state.in_play(PLAYERS)]
            near = [(d, s) for d, s in near if d <= P.RANGE_BAND_EDGES_MM[-1] + 1e-9]
            if near:
                d, s = min(near, key=lambda x: (x[0], x[1].id))
                return True, f"{s.name} within Range {P.range_band(d)}", None
            return False, "no enemy within Range 3", None
        if c == "has_repairable_critical":
            idx = next((i for i, card in enumerate(ship.damage) if card.face_up and CARDS_BY_KEY[card.key].repairable),
                       None)
            if idx is not None:
                return True, f"{CARDS_BY_KEY[ship.damage[idx].key].title} face up", str(idx)
            return False, "no critical damage an action can fix", None
        return True, "none of the above applied", None

    # --- Combat: Declare a Target ---------------------------------------------------------------------
    def attack(self, state: GameState, ship: ShipState, options: list[AttackOption]
               ) -> tuple[AttackOption | None, str]:
        """"Fire Primary Weapon at nearest Target": the shortest range band, then the fewest defense
        dice (obstruction and abilities included); still tied, the players choose."""
        scored = []
        cands = []
        orders, pool, by_orders = self.targets(state, ship)
        primary = [o for o in options if o.weapon is None]
        allowed = {s.id for s in pool}
        if by_orders and any(o.defender in allowed for o in primary):  # the orders' targets first, when in arc
            primary = [o for o in primary if o.defender in allowed]
        else:
            by_orders = ""
        for o in primary:
            defender = state.ship(o.defender)
            arc = {"front": ship.front_arc, "rear": ship.rear_arc}.get(o.arc)
            lof = line_of_fire(rules.placed(ship), rules.placed(defender), arc, o.arc == "rear", self.obstacles,
                               self.planets)
            bonus, _ = defense_bonus(self.ability_of(defender), defender)
            dice = rules.defense_dice(defender, ship, True, o.band, lof.obstructed).count + bonus
            ahead = L.off_dead_ahead(ship.pose, defender.pose.x, defender.pose.y)
            left = defender.shields + defender.hull - defender.hull_damage
            note = "line of fire blocked" if lof.blocked else f"{dice} defense dice, {left} shields and hull left"
            cands.append(ae.TargetCandidate(ship=o.defender, band=o.band, distance=round(o.distance, 3),
                                            ahead=round(ahead, 3), defense_dice=dice, note=note))
            if not lof.blocked:
                scored.append(((o.band, dice, o.distance, o.defender), o))
        if not scored:
            self._keep(ae.EnemyTargetChosen, ship=ship.id, purpose="attack", orders=orders, target=None,
                       reason="no player ship in its firing arc within Range 1-3", candidates=tuple(cands))
            return None, "no target in arc and range"
        scored.sort(key=lambda x: x[0])
        key, option = scored[0]
        ties = [x for x in scored if x[0][:2] == key[:2]]
        why = f"nearest: Range {option.band}" + (f" ({by_orders})" if by_orders else "")
        if len([x for x in scored if x[0][0] == key[0]]) > 1:
            why += f", fewest defense dice ({key[1]})"
        if len(ties) > 1:  # "If still tied, players may choose which of them is fired upon"
            offer = ChoiceOffer("target", ship.id, tuple(ChoiceOption(state.ship(x[1].defender).name,
                                                                      ship=x[1].defender) for x in ties))
            pick, chose = self.ask_players(offer)
            option = ties[pick][1]
            why += f", still tied: the players chose ({chose})"
        self._keep(ae.EnemyTargetChosen, ship=ship.id, purpose="attack", orders=orders, target=option.defender,
                   reason=why, candidates=tuple(cands))
        return option, f"Logic card: fire primary weapon at the nearest target ({why})"
