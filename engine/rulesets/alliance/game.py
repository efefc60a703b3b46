"""An Alliance mission: player ships against Enemy AI ships, round by round.

``AllianceGame`` is the Attack Wing ``Game`` with the Alliance's phases and steps declared
(``ALLIANCE_ROUND``) and its hook points filled; every ship moves, acts and attacks by the one
Attack Wing path:

- rounds begin with the Reinforcements Phase (formations listed for the round arrive);
- only player ships plan dials; an Enemy AI ship's maneuver, action and target are decisions of
  its seat, the Enemy AI (``enemy_ai.EnemyAiPlayer``, a ``Player``), which records its reasons as
  events; where the rulebook lets the players choose for it, the players' seat answers;
- Enemy AI ships swerve around obstacles, ignore planets, are placed at a board edge they would
  cross (a red maneuver), skip their action after a red maneuver instead of gaining auxiliary
  power, and have initiative (on equal Captain Skill they go first, in ID order);
- Elite loadout abilities add dice; hull damage breaks a formation;
- the mission's special rules, retreats and end conditions replace Attack Wing's victory.

Every decision is an event (``events``) applied by the Alliance reducer before the next step
reads the state; ``self.state`` is always the Attack Wing part of ``self.full``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from shapely.geometry import Point

from engine.catalog import Catalog, load_catalog
from engine.geometry.pose import Pose
from engine.geometry.shapes import Obstacle, Planet
from engine.rulesets.alliance import events as ae
from engine.rulesets.alliance import logic as L
from engine.rulesets.alliance.enemy_ai import REMOVE_AUX_POWER, DieSource, EnemyAiPlayer, maneuver_colour, seeded_die
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
from engine.rulesets.alliance.players import TOKEN_RADIUS_MM
from engine.rulesets.alliance.reducer import apply, initial_state
from engine.rulesets.alliance.state import ENEMY, PLAYERS, AllianceState
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.dice import shuffled
from engine.rulesets.attack_wing.game import ROUND, Game, GameSetup, Phase
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.attack_wing.measure import Placed, distance
from engine.rulesets.attack_wing.movement import MoveResult, Table, resolve_move
from engine.rulesets.attack_wing.players import (
    ActionChoice,
    ActionOption,
    ChoiceOffer,
    ChoiceOption,
    DiceSource,
    Player,
    decide_choice,
)
from engine.rulesets.attack_wing.state import ORIGIN, ShipState

Sink = Callable[[ae.AnyEvent, AllianceState], None]

# The Alliance round: the Reinforcements Phase opens it (unannounced: its events carry the
# planning phase), the Activation Phase ends with the formation and mission token checks, and
# the mission's end replaces Attack Wing's victory check.
_AW = {p.name: p for p in ROUND}
ALLIANCE_ROUND: tuple[Phase, ...] = (
    Phase("reinforcements", ("reinforcements",), announced=False),
    _AW["planning"],
    Phase("activation", (*_AW["activation"].steps, "check_facing", "collect_tokens")),
    _AW["combat"],
    Phase("end", ("end_tokens", "mission_end")),
)


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


def token_gap(ship: ShipState, site: TokenSite) -> float:
    """Range from a ship's base to a mission token (a disc on the map)."""
    return max(0.0, float(Placed(ship.pose, ship.base).polygon().distance(Point(site.x, site.y))) - TOKEN_RADIUS_MM)


class AllianceGame(Game):
    """One mission. ``play()`` runs it to the end; ``events`` is the log, ``full`` the fold of it."""

    phases = ALLIANCE_ROUND
    dial_sides = (PLAYERS,)  # "Enemy AI ships do not plan dials, and therefore skip this phase"

    def __init__(self, setup: AllianceSetup, seed: int, player: Player, dice: DiceSource | None = None,
                 sink: Sink | None = None, catalog: Catalog | None = None, die: DieSource | None = None,
                 enemy: EnemyAiPlayer | None = None) -> None:
        mission = setup.mission
        limit = setup.round_limit or mission.spec.end.round_limit
        aw_setup = GameSetup(ships=setup.player_ships, placements=setup.placements, obstacles=setup.obstacles,
                             planets=setup.planets, area=mission.area, round_limit=limit, initiative=ENEMY)
        self.die: DieSource = die or seeded_die
        self.enemy = enemy or EnemyAiPlayer(setup.obstacles, setup.planets, self.die, mission.spec.orders)
        super().__init__(aw_setup, seed, [player, self.enemy], dice)
        self.alliance = setup
        self.mission = mission
        self.round_limit = limit
        self.full: AllianceState = initial_state(seed)
        self.state = self.full.aw
        self.alliance_sink = sink
        self.catalog = catalog or load_catalog()
        self.sites = mission.token_sites(setup.players)
        self._next_number = 1
        self._decks: dict[str, list[int]] = {}
        self.enemy.view = lambda: self.full
        self.enemy.ask_players = lambda offer: decide_choice(self.players[PLAYERS], self.state, offer)
        if hasattr(player, "view"):
            player.view = lambda: self.full

    # --- the event pipe ------------------------------------------------------------------------
    def fold(self, event: Any) -> None:
        self.full = apply(self.full, event)
        self.state = self.full.aw

    def record(self, event: Any) -> None:
        if self.alliance_sink is not None:
            self.alliance_sink(event, self.full)

    def after(self, event: Any) -> None:
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

    # --- the game ------------------------------------------------------------------------------
    def before_placement(self) -> None:
        for row in self.mission.rows(self.alliance.players):
            if row.arrival == "setup":
                self.deploy(row)

    def reinforcements(self) -> None:
        for row in self.mission.rows(self.alliance.players):
            if row.arrival == self.state.round:
                self.deploy(row)

    def _roll(self, sides: int, purpose: str, offset: int = 0) -> tuple[int, int]:
        """A die and the random numbers it drew (the event that records it carries the draws)."""
        return self.die(self.state, sides, offset, purpose)

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

    # --- the hook points of the Attack Wing round, for Enemy AI ships -----------------------------
    def ignores_planets(self, ship: ShipState) -> bool:
        return ship.side == ENEMY  # "Enemy AI ships ignore Planet Tokens while moving"

    def maneuver_colour(self, ship: ShipState, maneuver: Maneuver) -> str:
        return maneuver_colour(ship, maneuver)

    def power_strain(self, ship_id: str, colour: str) -> str | None:
        """An Enemy AI ship after a red maneuver gets no auxiliary power: it skips its action."""
        if self.state.ship(ship_id).side != ENEMY:
            return super().power_strain(ship_id, colour)
        return "red maneuver: the Enemy AI skips its action (no auxiliary power)" if colour == "red" else None

    def aux_power_blocks_action(self, ship: ShipState) -> bool:
        return ship.side != ENEMY  # its Logic card's first entry removes the token instead

    def flees(self, ship: ShipState) -> bool:
        return ship.side != ENEMY  # an Enemy AI ship at an edge retreats or is placed there

    def leave_table(self, ship_id: str, end: Pose) -> str | None:
        """A player ship leaving by an edge the mission allows retreats; an Enemy AI ship retreats
        where allowed, else "Swerving to Avoid Board Edges": placed outside the edge, facing in."""
        ship = self.state.ship(ship_id)
        who: Literal["players", "enemies"] = "enemies" if ship.side == ENEMY else "players"
        edge = edge_crossed(end, ship.base, self.mission.area)
        if ship.side == ENEMY:
            edge = edge or "north"
        if edge is not None and self.mission.may_retreat(edge, who):
            self.emit(ae.ShipRetreated, ship=ship_id, edge=edge, cause=f"retreated from the {edge} edge")
            return None
        if ship.side != ENEMY:
            return super().leave_table(ship_id, end)
        assert edge is not None
        placed = edge_pose(end, ship.base, self.mission.area, edge)
        others = [rules.placed(s) for s in self.state.in_play() if s.id != ship_id]
        placed = slide_clear(placed, lambda p: any(distance(Placed(p, ship.base), o) <= 0.0 for o in others),
                             self.mission.area, edge, ship.base)
        self.emit(ae.EdgePlaced, ship=ship_id, edge=edge, start=ev.PoseModel.of(end), end=ev.PoseModel.of(placed))
        return f"placed at the {edge} edge: counts as a red maneuver"

    def avoid_obstacles(self, ship: ShipState, maneuver: Maneuver, move: MoveResult, colour: str, table: Table
                        ) -> tuple[MoveResult, str]:
        if ship.side != ENEMY:
            return move, colour
        move, _, colour = self.swerve(ship, maneuver, colour, move, table)
        return move, colour

    def swerve(self, ship: ShipState, maneuver: Maneuver, colour: str, move: MoveResult, table: Table
               ) -> tuple[MoveResult, Maneuver, str]:
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
                                                             for other, sub in clear))
                pick, why = decide_choice(self.players[PLAYERS], self.state, offer)
            chosen, sub = clear[pick]
            new_colour = maneuver_colour(ship, sub) if any(k == sub.kind and s == sub.speed for k, s, _ in ship.dial) \
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

    def action_options(self, ship: ShipState) -> list[ActionOption]:
        """An Enemy AI ship with auxiliary power may spend its action removing a token."""
        options = super().action_options(ship)
        if ship.side == ENEMY and ship.aux_power:
            options.append(ActionOption(REMOVE_AUX_POWER))
        return options

    def do_action(self, ship: ShipState, choice: ActionChoice) -> None:
        if choice.action == REMOVE_AUX_POWER:  # the action itself (no Attack Wing "action performed")
            self.emit(ev.TokensChanged, ship=ship.id, token="aux_power", delta=-1,
                      cause="Enemy AI action: remove auxiliary power")
            return
        super().do_action(ship, choice)

    def attack_bonuses(self, attacker: ShipState, defender: ShipState) -> dict[str, Any]:
        """Elite loadout abilities: extra attack or defense dice, Gunnery Drills' blank rerolls."""
        return {"attack_bonus": attack_bonus(self.ability_of(attacker), attacker, defender),
                "defense_bonus": defense_bonus(self.ability_of(defender), defender),
                "blank_rerolls": (blank_rerolls(self.ability_of(attacker)), "Gunnery Drills")}

    def ability_of(self, ship: ShipState) -> str:
        lo = self.full.loadout(ship.id)
        return lo.ability if lo is not None else ""

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

    # --- the end ---------------------------------------------------------------------------------
    def mission_end(self) -> None:
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
            players = [s for s in self.state.ships if s.side == PLAYERS]
            left = sum(1 for s in players if s.id in self.full.retreated)
            # "gone" said as it happened: the table is empty because ships left it, or were destroyed, or both
            reason = ("every player ship has left the table" if left == len(players) else
                      "every player ship is destroyed" if not left else
                      f"every player ship is gone ({left} left the table, {len(players) - left} destroyed)")
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
