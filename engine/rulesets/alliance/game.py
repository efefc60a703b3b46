"""An Alliance mission: player ships against Enemy AI ships, round by round.

``AllianceGame`` is the Attack Wing ``Game`` with the Alliance's differences:

- rounds begin with the Reinforcements Phase (formations listed for the round arrive);
- only player ships plan dials; Enemy AI ships resolve their Logic card when they activate
  (target, direction and ring, a d6 on the maneuver table; formations share one decision) and
  swerve around obstacles, ignore planets, and are placed at a board edge they would cross;
- Enemy AI ships have initiative (on equal Captain Skill they go first, in ID order);
- Enemy AI ships choose their action and their target by their cards, and roll dice by the
  Enemy AI policy (``combat``); Elite loadout abilities add dice;
- the mission's special rules, retreats and end conditions replace Attack Wing's victory.

Every decision is an event (``events``) applied by the Alliance reducer before the next step
reads the state; ``self.state`` is always the Attack Wing part of ``self.full``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from shapely.geometry import Point

from engine.catalog import Catalog, load_catalog
from engine.errors import IllegalDecision
from engine.geometry.pose import Pose
from engine.geometry.shapes import Obstacle, Planet
from engine.rulesets.alliance import events as ae
from engine.rulesets.alliance import logic as L
from engine.rulesets.alliance.combat import resolve_attack
from engine.rulesets.alliance.formations import (
    deploy_clear,
    edge_crossed,
    edge_pose,
    facing_check,
    formation_poses,
    slide_clear,
    swerve_substitutes,
)
from engine.rulesets.alliance.loadout import (
    LOADOUTS_PER_TYPE,
    attack_bonus,
    blank_rerolls,
    defense_bonus,
    elite_ability,
    enemy_ship_setup,
)
from engine.rulesets.alliance.mission import EnemyRow, Mission, TokenSite
from engine.rulesets.alliance.players import TOKEN_RADIUS_MM, EnemySeat
from engine.rulesets.alliance.reducer import apply, initial_state
from engine.rulesets.alliance.state import ENEMY, PLAYERS, AllianceState
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.damage import CARDS_BY_KEY
from engine.rulesets.attack_wing.dice import shuffled
from engine.rulesets.attack_wing.game import Game, GameSetup
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.attack_wing.measure import Placed, distance, line_of_fire
from engine.rulesets.attack_wing.movement import MoveResult, ShipBase, Table, resolve_move
from engine.rulesets.attack_wing.players import (
    ActionChoice,
    ChoiceOffer,
    ChoiceOption,
    DiceSource,
    Player,
    decide_choice,
)
from engine.rulesets.attack_wing.rules import AttackOption
from engine.rulesets.attack_wing.state import ORIGIN, GameState, ShipState

Sink = Callable[[ae.AnyEvent, AllianceState], None]
# A six-sided (or n-sided) die for the Enemy AI: (state, sides, offset, purpose) -> (face, draws). The
# seeded one reads the state's generator ``offset`` numbers ahead and draws one number.
DieSource = Callable[[GameState, int, int, str], tuple[int, int]]


def seeded_die(state: GameState, sides: int, offset: int, purpose: str) -> tuple[int, int]:
    return state.rng.below(sides, offset) + 1, 1


@dataclass(frozen=True)
class AllianceSetup:
    """Everything a mission needs before round 1."""

    mission: Mission
    players: int  # the player count that picks the Enemy Ships columns
    player_ships: Sequence[ev.ShipSetup]  # side 0
    placements: dict[str, Pose]
    obstacles: Sequence[Obstacle] = ()
    planets: Sequence[Planet] = ()
    round_limit: int | None = None  # None: the mission's


@dataclass(frozen=True, slots=True)
class _Decision:
    """A formation's shared choice for this round."""

    leader: str
    target: str | None
    maneuver: Maneuver | None


def token_gap(ship: ShipState, site: TokenSite) -> float:
    """Range from a ship's base to a mission token (a disc on the map)."""
    return max(0.0, float(Placed(ship.pose, ship.base).polygon().distance(Point(site.x, site.y))) - TOKEN_RADIUS_MM)


class AllianceGame(Game):
    """One mission. ``play()`` runs it to the end; ``events`` is the log, ``full`` the fold of it."""

    def __init__(self, setup: AllianceSetup, seed: int, player: Player, dice: DiceSource | None = None,
                 sink: Sink | None = None, catalog: Catalog | None = None, die: DieSource | None = None) -> None:
        mission = setup.mission
        limit = setup.round_limit or mission.spec.end.round_limit
        aw_setup = GameSetup(ships=setup.player_ships, placements=setup.placements, obstacles=setup.obstacles,
                             planets=setup.planets, area=mission.area, round_limit=limit, initiative=ENEMY)
        super().__init__(aw_setup, seed, [player, EnemySeat()], dice)
        self.alliance = setup
        self.mission = mission
        self.round_limit = limit
        self.full: AllianceState = initial_state(seed)
        self.state = self.full.aw
        self.alliance_sink = sink
        self.die: DieSource = die or seeded_die
        self.catalog = catalog or load_catalog()
        self.sites = mission.token_sites(setup.players)
        self._next_number = 1
        self._decks: dict[str, list[int]] = {}
        self._decisions: dict[str, _Decision] = {}
        if hasattr(player, "view"):
            player.view = lambda: self.full

    # --- the event pipe ------------------------------------------------------------------------
    def emit(self, event_type: type[Any], **fields: Any) -> None:
        fields.setdefault("round", self.state.round)
        fields.setdefault("phase", self.state.phase)
        if event_type is ev.ShipDestroyed and fields.get("cause") == "fled":
            retreat = self._retreat_edge(fields["ship"])
            if retreat is not None:
                event_type = ae.ShipRetreated
                fields = {"round": fields["round"], "phase": fields["phase"], "ship": fields["ship"],
                          "edge": retreat, "cause": f"retreated from the {retreat} edge"}
        event = event_type(seq=self.state.seq + 1, **fields)
        self.full = apply(self.full, event)
        self.state = self.full.aw
        self.events.append(event)
        if self.alliance_sink is not None:
            self.alliance_sink(event, self.full)
        self._after(event)

    def _after(self, event: Any) -> None:
        """Rules that follow from an event: hull damage breaks a formation; a destroyed carrier
        loses its mission tokens."""
        if isinstance(event, ev.DamageDealt) and event.to == "hull":
            f = self.full.formation_of(event.ship)
            if f is not None and len(f.members) > 1:  # a formation of one has nothing to break
                ships = tuple(m for m in f.flying if self.state.ship(m).in_play or m == event.ship)
                self.emit(ae.FormationBroken, formation=f.name, ships=ships, whole=True,
                          cause=f"{self.state.ship(event.ship).name} took hull damage")
        elif isinstance(event, ev.ShipDestroyed) and event.removed:
            tokens = self.full.tokens_of(event.ship)
            if tokens and self.mission.rule("lost_mission_tokens") is not None:
                self.emit(ae.MissionTokensLost, ship=event.ship, tokens=tokens,
                          cause="destroyed: its mission tokens go back to the supply")

    def _retreat_edge(self, ship_id: str) -> str | None:
        """The edge a player ship just left by, when the mission lets players retreat there."""
        ship = self.state.ship(ship_id)
        if ship.side != PLAYERS:
            return None
        edge = edge_crossed(ship.pose, ship.base, self.mission.area)
        return edge if edge is not None and self.mission.may_retreat(edge, "players") else None

    # --- helpers -------------------------------------------------------------------------------
    def is_enemy(self, ship: ShipState) -> bool:
        return ship.side == ENEMY

    def number(self, ship: ShipState) -> int:
        lo = self.full.loadout(ship.id)
        return lo.number if lo is not None else int("".join(c for c in ship.id if c.isdigit()) or 0)

    def logic_of(self, ship: ShipState) -> L.LogicCard:
        lo = self.full.loadout(ship.id)
        if lo is None:
            raise KeyError(f"{ship.id} has no Enemy Loadout card")
        return L.logic_card(lo.logic)

    def ability_of(self, ship: ShipState) -> str:
        lo = self.full.loadout(ship.id)
        return lo.ability if lo is not None else ""

    def order(self, ships: list[ShipState], ascending: bool) -> list[ShipState]:
        """Captain Skill order; on a tie Enemy AI ships first (they have initiative) in ID order,
        then player ships in ship order."""
        return sorted(ships, key=lambda s: ((rules.captain_skill(s) if ascending else -rules.captain_skill(s)),
                                            s.side != ENEMY, self.number(s), s.id))

    def enemy_table(self, ship: ShipState) -> Table:
        """What an Enemy AI ship's base meets while moving: ships and obstacles, not planets."""
        others = [ShipBase(s.id, rules.placed(s)) for s in self.state.in_play() if s.id != ship.id]
        return Table(others, self.setup.obstacles, (), self.mission.area)

    def _roll(self, sides: int, purpose: str, offset: int = 0) -> tuple[int, int]:
        """A die and the random numbers it drew (the event that records it carries the draws)."""
        return self.die(self.state, sides, offset, purpose)

    # --- the game ------------------------------------------------------------------------------
    def before_placement(self) -> None:
        for row in self.mission.rows(self.alliance.players):
            if row.arrival == "setup":
                self.deploy(row)

    def start_round(self, number: int) -> None:
        for row in self.mission.rows(self.alliance.players):
            if row.arrival == number:
                self.deploy(row)

    # --- reinforcements -----------------------------------------------------------------------
    def deploy(self, row: EnemyRow) -> None:
        """Enemy Ship Setup for one row: bearing, ID tokens, loadouts, placement in formation."""
        draws = 0
        choices = row.choices()
        roll = 0
        if choices is None:
            roll, used = self._roll(6, "bearing", draws)
            draws += used
            bearing = roll
        elif len(choices) > 1:
            roll, used = self._roll(len(choices), "bearing", draws)
            draws += used
            bearing = choices[roll - 1]
        else:
            bearing = choices[0]
        setups: list[ev.ShipSetup] = []
        dealt: list[ae.LoadoutDealt] = []
        for cell in row.ships_for(self.alliance.players):
            card_logic = L.logic_card(cell.type)
            deck = self._decks.setdefault(cell.type, [])
            if not deck:  # shuffle the type's loadout cards (again, as from another box, when all are out)
                order, _ = shuffled(self.state.rng.advanced(draws),
                                    tuple(str(i) for i in range(1, LOADOUTS_PER_TYPE + 1)))
                draws += LOADOUTS_PER_TYPE - 1
                deck.extend(int(c) for c in order)
            card = deck.pop(0)
            number = self._next_number
            self._next_number += 1
            ref = f"E{number}"
            setups.append(enemy_ship_setup(self.catalog, card_logic, ref, number, card, cell.elite))
            ability = elite_ability(card) if cell.elite else None
            dealt.append(ae.LoadoutDealt(ship=ref, logic=cell.type, number=number, card=card, elite=cell.elite,
                                         ability=ability.key if ability else "",
                                         text=ability.text if ability else "standard side: no ability"))
        phase = "setup" if row.arrival == "setup" else "planning"
        self.emit(ae.ReinforcementsArrived, formation=row.formation, ships=tuple(setups), phase=phase, draws=draws)
        arrow = self.mission.bearing_pose(bearing)
        slots = formation_poses(arrow, len(setups), setups[0].base, self.mission.area)
        highest_first = sorted(setups, key=lambda s: -int(s.id[1:]))
        arriving = {s.id for s in setups}
        poses = deploy_clear([p for _, p in slots], lambda p: self._deploy_blocked(p, arriving))
        self.emit(ae.FormationDeployed, formation=row.formation, orders=row.orders, bearing=bearing,
                  bearing_rule=row.bearing, bearing_roll=roll, ships=tuple(s.id for s in highest_first),
                  slots=tuple(name for name, _ in slots), loadouts=tuple(dealt), phase=phase)
        for s, pose in zip(highest_first, poses, strict=True):
            self.emit(ev.ShipPlaced, ship=s.id, pose=ev.PoseModel.of(pose), phase=phase)

    def _deploy_blocked(self, pose: Pose, arriving: set[str]) -> bool:
        """A base there would overlap a ship already on the table (ships not yet placed stand at the origin)."""
        me = Placed(pose, "small")
        return any(distance(me, rules.placed(s)) <= 0.0 for s in self.state.in_play()
                   if s.id not in arriving and s.pose != ORIGIN)

    # --- planning ------------------------------------------------------------------------------
    def planning(self) -> None:
        self.emit(ev.PhaseStarted, phase="planning")
        choices = []
        for ship in self.state.in_play(PLAYERS):  # Enemy AI ships do not plan dials
            maneuver, reason = self.players[PLAYERS].plan(self.state, ship, rules.dial_options(ship))
            choices.append((ship.id, maneuver, reason))
        for ship_id, maneuver, reason in choices:
            self.emit(ev.DialSet, ship=ship_id, kind=maneuver.kind, speed=maneuver.speed, reason=reason)

    # --- activation ----------------------------------------------------------------------------
    def activation(self) -> None:
        self.emit(ev.PhaseStarted, phase="activation")
        self._decisions = {}
        for ship in self.order(self.state.in_play(), ascending=True):
            if self.state.ship(ship.id).in_play:
                if self.is_enemy(ship):
                    self.activate_enemy(ship.id)
                else:
                    self.activate(ship.id)
        self.check_facing()
        self.collect_tokens()

    def activate_enemy(self, ship_id: str) -> None:
        self.emit(ev.ShipActivated, ship=ship_id)
        ship = self.state.ship(ship_id)
        formation = self.full.formation_of(ship_id)
        flying = [m for m in formation.flying if self.state.ship(m).in_play] if formation else []
        if formation is not None and len(flying) > 1 and formation.name in self._decisions:
            d = self._decisions[formation.name]
            if d.maneuver is not None:
                colour = self.colour(ship, d.maneuver)
                self.emit(ae.FormationManeuver, ship=ship_id, formation=formation.name, leader=d.leader,
                          target=d.target if d.target and self.state.ship(d.target).in_play else None,
                          kind=d.maneuver.kind, speed=d.maneuver.speed, colour=colour)
                self.enemy_move(ship_id, d.maneuver, colour, d.target)
            else:
                self.enemy_action(ship_id, None)
            return
        if formation is not None and len(flying) > 1:
            leader = min((self.state.ship(m) for m in flying), key=self.number)
            followers = tuple(m for m in flying if m != leader.id)
            target, maneuver = self.choose_maneuver(leader, formation.name, followers)
            self._decisions[formation.name] = _Decision(leader.id, target, maneuver)
            if leader.id != ship_id and maneuver is not None:
                colour = self.colour(ship, maneuver)
                self.emit(ae.FormationManeuver, ship=ship_id, formation=formation.name, leader=leader.id,
                          target=target, kind=maneuver.kind, speed=maneuver.speed, colour=colour)
        else:
            target, maneuver = self.choose_maneuver(ship, None, ())
        if maneuver is None:
            self.enemy_action(ship_id, None)
            return
        self.enemy_move(ship_id, maneuver, self.colour(self.state.ship(ship_id), maneuver), target)

    def colour(self, ship: ShipState, maneuver: Maneuver) -> str:
        """A maneuver's colour for this ship now (dial colour; one not on the dial counts as white)."""
        try:
            return rules.maneuver_colour(ship, maneuver.kind, maneuver.speed)
        except KeyError:
            if ship.face_up("engine_room_fire") and maneuver.kind.endswith(("bank", "turn")):
                return "red"
            return "white"

    def choose_maneuver(self, ship: ShipState, formation: str | None, followers: tuple[str, ...]
                        ) -> tuple[str | None, Maneuver | None]:
        """Choose Maneuver steps 1 and 2 for ``ship`` (the formation's leader): target, direction,
        ring and the d6 on the table. Returns the target and the maneuver (None: nothing to do)."""
        card = self.logic_of(ship)
        me = rules.placed(ship)
        others = [(s.id, rules.placed(s)) for s in self.state.in_play(PLAYERS)]
        pick = L.choose_target(me, others)
        self.emit(ae.EnemyTargetChosen, ship=ship.id, purpose="maneuver", orders="attack", target=pick.target,
                  reason=pick.reason, candidates=tuple(_candidate(c) for c in pick.candidates),
                  formation=formation, followers=followers)
        if pick.target is None:
            return None, None
        target = self.state.ship(pick.target)
        there = rules.placed(target)
        direction = L.target_direction(ship.pose, there)
        draws, random_roll = 0, 0
        if direction.sector is None:
            random_roll, draws = self._roll(len(direction.options), "direction tie-break")
            sector = direction.options[random_roll - 1]
        else:
            sector = direction.sector
        d = distance(me, there)
        band = P.range_band(d)
        closing = L.is_closing(ship.pose, target.pose)
        ring, ring_reason = L.choose_ring(band, closing)
        table, mirror = L.table_for_sector(sector)
        self.emit(ae.EnemyDirection, ship=ship.id, target=target.id, bearing=round(direction.bearing, 3),
                  sectors=direction.sectors, sector=sector, direction=L.SECTORS[sector],
                  tie_break=direction.tie_break, random_roll=random_roll, band=band, distance=round(d, 3),
                  closing=closing, ring=ring, ring_reason=ring_reason, table=table, mirrored=mirror, draws=draws)
        die, used = self._roll(6, "maneuver table")
        rolled = L.roll_on_table(card, sector, ring, die)
        m = rolled.maneuver
        self.emit(ae.EnemyManeuverRolled, ship=ship.id, die=die, table=rolled.direction, ring=ring,
                  row=rolled.row.label, glyph=rolled.row.maneuver, mirrored=rolled.mirrored, kind=m.kind,
                  speed=m.speed, colour=self.colour(ship, m), draws=used)
        return target.id, m

    def enemy_move(self, ship_id: str, maneuver: Maneuver, colour: str, target: str | None) -> None:
        """Perform the maneuver (swerving around obstacles), then the board edge, obstacles and
        the action (skipped after a red maneuver)."""
        ship = self.state.ship(ship_id)
        table = self.enemy_table(ship)
        move = resolve_move(ship.pose, maneuver, ship.base, table)
        if move.obstacles:
            move, maneuver, colour = self.swerve(ship, maneuver, colour, move, table, target)
        changed = (move.changed_from.kind, move.changed_from.speed) if move.changed_from else None
        self.emit(ev.ShipMoved, ship=ship_id, kind=move.maneuver.kind, speed=move.maneuver.speed,
                  start=ev.PoseModel.of(ship.pose), end=ev.PoseModel.of(move.end), progress=round(move.progress, 6),
                  changed_from=changed, bumped=move.bumped, touching=move.touching, obstacles=move.obstacles,
                  planets=(), fled=False)
        skip: str | None = None
        if colour == "red":
            skip = "red maneuver: the Enemy AI skips its action (no auxiliary power)"
        if move.fled:
            edge = edge_crossed(move.end, ship.base, self.mission.area) or "north"
            if self.mission.may_retreat(edge, "enemies"):
                self.emit(ae.ShipRetreated, ship=ship_id, edge=edge, cause=f"retreated from the {edge} edge")
                return
            placed = edge_pose(move.end, ship.base, self.mission.area, edge)
            others = [rules.placed(s) for s in self.state.in_play() if s.id != ship_id]
            placed = slide_clear(placed, lambda p: any(distance(Placed(p, ship.base), o) <= 0.0 for o in others),
                                 self.mission.area, edge, ship.base)
            self.emit(ae.EdgePlaced, ship=ship_id, edge=edge, start=ev.PoseModel.of(move.end),
                      end=ev.PoseModel.of(placed))
            skip = f"placed at the {edge} edge: counts as a red maneuver"
        if move.bumped:
            skip = "bumped another ship"
        if move.obstacles:  # "Moving Into and Through Obstacles": one die for the maneuver (rulings.md)
            skip = f"hit {' and '.join(move.obstacles)}"
            faces, draws = self.dice.roll(self.state, "attack", 1, ship, "obstacle")
            self.obstacle_roll(ship_id, move.obstacles[0], faces[0], draws)
            if not self.state.ship(ship_id).in_play:
                return
        self.enemy_action(ship_id, skip)

    def swerve(self, ship: ShipState, maneuver: Maneuver, colour: str, move: MoveResult, table: Table,
               target: str | None) -> tuple[MoveResult, Maneuver, str]:
        """Swerving to Avoid Obstacles: try the substitutes; a clear one replaces the maneuver. When
        both ways are clear "players may choose which template to use": the players' seat decides."""
        options: list[ae.SwerveOption] = []
        clear: list[tuple[MoveResult, Maneuver]] = []
        for sub in swerve_substitutes(maneuver):
            other = resolve_move(ship.pose, sub, ship.base, table)
            ok = not other.obstacles
            options.append(ae.SwerveOption(kind=sub.kind, speed=sub.speed, clear=ok, obstacles=other.obstacles))
            if ok:
                clear.append((other, sub))
        if clear:
            pick, why = 0, ""
            if len(clear) > 1:
                offer = ChoiceOffer("swerve", ship.id, tuple(ChoiceOption(L.glyph_of(sub), end=other.end)
                                                             for other, sub in clear), subject=target)
                pick, why = decide_choice(self.players[PLAYERS], self.state, offer)
            chosen, sub = clear[pick]
            new_colour = self.colour(ship, sub) if any(k == sub.kind and s == sub.speed for k, s, _ in ship.dial) \
                else colour
            reason = f"{L.glyph_of(sub)}: avoids {', '.join(move.obstacles)}"
            if len(clear) > 1:
                reason += f" (both ways clear, the players chose: {why})"
            self.emit(ae.Swerved, ship=ship.id, kind=maneuver.kind, speed=maneuver.speed, obstacles=move.obstacles,
                      options=tuple(options), to_kind=sub.kind, to_speed=sub.speed, colour=new_colour, swerved=True,
                      reason=reason)
            return chosen, sub, new_colour
        reason = "no substitute avoids the obstacle: the original maneuver" if options else \
            "this maneuver has no swerve: the original maneuver"
        self.emit(ae.Swerved, ship=ship.id, kind=maneuver.kind, speed=maneuver.speed, obstacles=move.obstacles,
                  options=tuple(options), to_kind=maneuver.kind, to_speed=maneuver.speed, colour=colour,
                  swerved=False, reason=reason)
        return move, maneuver, colour

    def enemy_action(self, ship_id: str, skip: str | None) -> None:
        """Choose Action: the first entry of the Logic card's list that applies."""
        if self.skips_action(ship_id, skip):
            return
        ship = self.state.ship(ship_id)
        available = {o.action: o for o in self.action_options(ship)}
        checks: list[ae.RuleCheck] = []
        chosen: tuple[int, L.ActionRule, str | None] | None = None
        for i, rule in enumerate(self.logic_of(ship).actions, start=1):
            applies, why, target = self._condition(ship, rule)
            if applies and rule.action != "remove_aux_power" and rule.action not in available:
                applies, why = False, f"{why}, but it cannot perform {rule.action.replace('_', ' ')} now"
            checks.append(ae.RuleCheck(rule=i, text=rule.text, applies=applies, why=why))
            if applies:
                chosen = (i, rule, target)
                break
        if chosen is None:
            self.emit(ae.EnemyActionRule, ship=ship_id, rule=0, action="pass", checks=tuple(checks))
            self.emit(ev.ActionPerformed, ship=ship_id, action="pass", reason="no entry of its Logic card applies")
            return
        i, rule, target = chosen
        self.emit(ae.EnemyActionRule, ship=ship_id, rule=i, action=rule.action, checks=tuple(checks))
        if rule.action == "remove_aux_power":
            self.emit(ev.TokensChanged, ship=ship_id, token="aux_power", delta=-1,
                      cause="Enemy AI action: remove auxiliary power")
            return
        self.do_action(ship, ActionChoice(rule.action, target, reason=f"Logic card entry {i}: {rule.text}"))

    def _condition(self, ship: ShipState, rule: L.ActionRule) -> tuple[bool, str, str | None]:
        c = rule.condition
        if c == "has_aux_power":
            return (ship.aux_power > 0, f"{ship.aux_power} auxiliary power token(s)" if ship.aux_power
                    else "no auxiliary power token", None)
        if c == "has_shot":
            shots = [o for o in rules.attack_options(self.state, ship) if o.weapon is None]
            if shots:
                best = min(shots, key=lambda o: (o.band, o.distance, o.defender))
                return True, f"a shot at {self.state.ship(best.defender).name} (Range {best.band})", None
            return False, "no player ship in its firing arc within Range 1-3", None
        if c == "enemy_within_range_3":
            me = rules.placed(ship)
            near = [(distance(me, rules.placed(s)), s) for s in self.state.in_play(PLAYERS)]
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

    # --- end of the activation phase: formations and mission tokens ----------------------------
    def check_facing(self) -> None:
        """A ship facing a different way from the majority of its formation leaves it."""
        for f in self.full.formations:
            flying = [m for m in f.flying if self.state.ship(m).in_play]
            result = facing_check([(m, self.state.ship(m).pose.heading) for m in flying])
            if result is None:
                continue
            whole = result.whole or len(flying) - len(result.leaving) < 2
            ships = tuple(flying) if whole else result.leaving
            self.emit(ae.FormationBroken, formation=f.name, ships=ships, whole=whole, cause=result.reason)

    def collect_tokens(self) -> None:
        """Mission rule: at the end of the Activation Phase a player ship within range of a mission
        token may spend a scan token to take a matching one (one of each kind per ship)."""
        rule = self.mission.rule("collect_mission_tokens")
        if rule is None:
            return
        reach = P.RANGE_BAND_EDGES_MM[rule.range - 1]
        wanted = {k for o in self.mission.spec.objectives for k in o.tokens}
        for ship in self.state.in_play(PLAYERS):
            for site in self.sites:
                ship = self.state.ship(ship.id)
                if ship.scan <= 0 or site.kind in self.full.tokens_of(ship.id):
                    continue
                if wanted and site.kind not in wanted:
                    continue
                gap = token_gap(ship, site)
                if gap <= reach + 1e-9:
                    self.emit(ev.TokensChanged, ship=ship.id, token="scan", delta=-1,
                              cause=f"spent to collect sensor data at {site.label}")
                    self.emit(ae.MissionTokenCollected, ship=ship.id, token=site.kind, location=site.label,
                              cause=f"within Range {rule.range} of {site.label} ({gap:.0f} mm)")

    # --- combat ----------------------------------------------------------------------------------
    def attack_with(self, ship: ShipState) -> None:
        if self.is_enemy(ship):
            self.enemy_attack(ship)
        else:
            self.player_attack(ship)

    def _line(self, ship: ShipState, option: AttackOption) -> tuple[Any, tuple[tuple[float, float],
                                                                               tuple[float, float]]]:
        defender = self.state.ship(option.defender)
        arc = {"front": ship.front_arc, "rear": ship.rear_arc}.get(option.arc)
        lof = line_of_fire(rules.placed(ship), rules.placed(defender), arc, option.arc == "rear",
                           self.setup.obstacles, self.setup.planets)
        (x0, y0), (x1, y1) = lof.line.coords[0], lof.line.coords[-1]
        return lof, ((round(x0, 3), round(y0, 3)), (round(x1, 3), round(y1, 3)))

    def _bonuses(self, attacker: ShipState, defender: ShipState) -> dict[str, Any]:
        return {"attack_bonus": attack_bonus(self.ability_of(attacker), attacker, defender),
                "defense_bonus": defense_bonus(self.ability_of(defender), defender),
                "blank_rerolls": blank_rerolls(self.ability_of(attacker))}

    def player_attack(self, ship: ShipState) -> None:
        """The Attack Wing combat step for a player ship, with Elite abilities of Enemy AI defenders."""
        self.emit(ev.ShipActivated, ship=ship.id)
        if "regenerate" in ship.actions_done:
            self.emit(ev.AttackSkipped, ship=ship.id, cause="regenerated this round")
            return
        options = rules.attack_options(self.state, ship)
        choice, reason = self.players[PLAYERS].attack(self.state, ship, options) if options else (None, "")
        if choice is None:
            self.emit(ev.AttackSkipped, ship=ship.id, cause=reason or "no target in arc and range")
            return
        if choice not in options:
            raise IllegalDecision(f"{ship.name} cannot attack {choice.defender} with {choice.weapon_key} now")
        lof, line = self._line(ship, choice)
        if lof.blocked:
            self.emit(ev.AttackSkipped, ship=ship.id, cause=f"line of fire blocked by {', '.join(lof.planets)}")
            return
        resolve_attack(self, choice, line, lof.obstructed, reason,
                       **self._bonuses(ship, self.state.ship(choice.defender)))

    def enemy_attack(self, ship: ShipState) -> None:
        """Combat Phase logic: the primary weapon at the nearest target (shortest range band), then
        the one rolling the fewest defense dice; still tied, the players' seat chooses."""
        self.emit(ev.ShipActivated, ship=ship.id)
        options = [o for o in rules.attack_options(self.state, ship) if o.weapon is None]
        scored = []
        cands = []
        for o in options:
            defender = self.state.ship(o.defender)
            lof, line = self._line(ship, o)
            bonus, _ = defense_bonus(self.ability_of(defender), defender)
            dice = rules.defense_dice(defender, ship, True, o.band, lof.obstructed).count + bonus
            ahead = L.off_dead_ahead(ship.pose, defender.pose.x, defender.pose.y)
            left = defender.shields + defender.hull - defender.hull_damage
            note = "line of fire blocked" if lof.blocked else f"{dice} defense dice, {left} shields and hull left"
            cands.append(ae.TargetCandidate(ship=o.defender, band=o.band, distance=round(o.distance, 3),
                                            ahead=round(ahead, 3), defense_dice=dice, note=note))
            if not lof.blocked:
                scored.append(((o.band, dice, o.distance, o.defender), o, lof, line))
        if not scored:
            self.emit(ae.EnemyTargetChosen, ship=ship.id, purpose="attack", target=None,
                      reason="no player ship in its firing arc within Range 1-3", candidates=tuple(cands))
            self.emit(ev.AttackSkipped, ship=ship.id, cause="no target in arc and range")
            return
        scored.sort(key=lambda x: x[0])
        key, option, lof, line = scored[0]
        ties = [x for x in scored if x[0][:2] == key[:2]]
        why = f"nearest: Range {option.band}"
        if len([x for x in scored if x[0][0] == key[0]]) > 1:
            why += f", fewest defense dice ({key[1]})"
        if len(ties) > 1:  # "If still tied, players may choose which of them is fired upon"
            offer = ChoiceOffer("target", ship.id, tuple(ChoiceOption(self.state.ship(x[1].defender).name,
                                                                      ship=x[1].defender) for x in ties))
            pick, chose = decide_choice(self.players[PLAYERS], self.state, offer)
            _, option, lof, line = ties[pick]
            why += f", still tied: the players chose ({chose})"
        self.emit(ae.EnemyTargetChosen, ship=ship.id, purpose="attack", target=option.defender, reason=why,
                  candidates=tuple(cands))
        reason = f"Logic card: fire primary weapon at the nearest target ({why})"
        resolve_attack(self, option, line, lof.obstructed, reason,
                       **self._bonuses(ship, self.state.ship(option.defender)))

    # --- the end ---------------------------------------------------------------------------------
    def check_end(self) -> None:
        players = self.state.in_play(PLAYERS)
        last = self.state.round >= self.round_limit
        if players and not last:
            return
        if last:
            for ship in players:
                self.emit(ae.ShipRetreated, ship=ship.id, edge=None,
                          cause=f"end of round {self.state.round}: all remaining players automatically retreat")
        self.finish()

    def finish(self) -> None:
        spec = self.mission.spec
        returned = tuple(dict.fromkeys(self.full.returned))
        success = True
        for o in spec.objectives:
            done = all(k in returned for k in o.tokens)
            success = success and done
            got = ", ".join(returned) or "none"
            self.emit(ae.MissionObjective, objective=o.key, done=done,
                      detail=f"mission tokens brought back: {got}; needed: {', '.join(o.tokens)}")
        kinds = [k for k in returned if any(k in o.tokens for o in spec.objectives)]
        earned = spec.xp.per_token_kind * len(kinds)
        xp = []
        for ship in (s for s in self.state.ships if s.side == PLAYERS):
            lost = ship.destroyed and ship.id not in self.full.retreated
            value = max(0, earned - spec.xp.destroyed_penalty) if lost else earned
            xp.append(ae.PlayerXp(ship=ship.id, xp=value, why=f"{len(kinds)} token kind(s) returned"
                                  + (", destroyed: 1 fewer" if lost else "")))
        if not self.state.in_play(PLAYERS) and self.state.round < self.round_limit:
            reason = "every player ship is gone"
        else:
            reason = f"end of round {self.state.round}"
        reason += ": success" if success else ": failure"
        self.emit(ae.MissionEnded, mission=spec.name, success=success, reason=reason, returned=returned,
                  xp=tuple(xp), phase="end")
        lost_players = sum(1 for s in self.state.ships if s.side == PLAYERS and s.destroyed
                           and s.id not in self.full.retreated)
        lost_enemies = sum(1 for s in self.state.ships if s.side == ENEMY and s.destroyed
                           and s.id not in self.full.retreated)
        self.emit(ev.GameEnded, phase="over", winner=PLAYERS if success else ENEMY, reason=reason,
                  points=(len(kinds), 0), ships_lost=(lost_players, lost_enemies))


def _candidate(c: L.Candidate) -> ae.TargetCandidate:
    return ae.TargetCandidate(ship=c.id, band=c.band, distance=round(c.distance, 3), ahead=round(c.ahead, 3),
                              touching=c.touching, note=c.note)

