"""The Activation Phase: each ship reveals (or chooses) its maneuver, moves, then performs its action.

One movement path (templates, bumps, planets, obstacles, fleeing, power strain) and one action
path (the Perform Action step, free actions, the rulebook's and the cards' actions) for every ship;
a ruleset built on this game fills the hook points, each saying what it decides.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from engine.errors import IllegalDecision
from engine.geometry.pose import Pose
from engine.geometry.shapes import base_corners, base_polygon
from engine.rulesets.attack_wing import actions, combat, rules
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities import action_windows, dampening, mines, windows
from engine.rulesets.attack_wing.abilities.after_move import before_move as change_maneuver
from engine.rulesets.attack_wing.abilities.after_move import end_of_activation
from engine.rulesets.attack_wing.abilities.after_move import resolve as after_move_cards
from engine.rulesets.attack_wing.abilities.cloak import cloak_roll
from engine.rulesets.attack_wing.abilities.stored import release
from engine.rulesets.attack_wing.actions import ActionChoice, ActionOption
from engine.rulesets.attack_wing.game_base import GameBase
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.attack_wing.movement import MoveResult, Table, resolve_move, sensor_echo_options
from engine.rulesets.attack_wing.params import base_half
from engine.rulesets.attack_wing.reduce_activation import acts_under_aux_power
from engine.rulesets.attack_wing.refusals import Refusal
from engine.rulesets.attack_wing.state import ShipState

ECHO_SAMPLES = 5  # sensor echo end poses offered per side and template
PLACEMENT_OVERLAP_MM2 = 1e-6  # bases that share more area than this overlap (touching is not overlapping)


class ActivationPhase(GameBase):
    """The Activation Phase's steps and hooks (rulebook "Activation Phase")."""

    def activate_ships(self) -> None:
        for ship in self.order(self.state.in_play(), ascending=True):
            if self.state.ship(ship.id).in_play:
                self.activate(ship.id)
        end_of_activation(self)  # cards "at the end of the Activation Phase" (Suicide Attack)

    def activate(self, ship_id: str) -> None:
        """Reveal (or choose) the maneuver, perform it, then the action."""
        self.emit(ev.ShipActivated, ship=ship_id)
        chosen = self.reveal(ship_id) if self.state.ship(ship_id).side in self.dial_sides \
            else self.choose_maneuver(ship_id)
        if not self.state.ship(ship_id).in_play:
            return
        if chosen is None:
            self.perform_action(ship_id, None)
            return
        maneuver, colour = chosen
        if self.state.ship(ship_id).side in self.dial_sides:  # a card that changes it (Transwarp Drive)
            maneuver, colour = change_maneuver(self, ship_id, maneuver, colour)
        self.perform_maneuver(ship_id, maneuver, colour)

    def reveal(self, ship_id: str) -> tuple[Maneuver, str]:
        """Reveal the dial (rulebook "Auxiliary Power": a red one under auxiliary power deals a
        face-up damage card, then the ship performs a white 2 straight)."""
        ship = self.state.ship(ship_id)
        assert ship.planned is not None
        kind, speed = ship.planned
        # Energy Dampening Token: "as if it were assigned a White 1 straight"
        colour = "white" if ship.dampening else rules.maneuver_colour(ship, kind, speed)
        replaced = ship.aux_power > 0 and colour == "red"
        self.emit(ev.ManeuverRevealed, ship=ship_id, kind=kind, speed=speed, colour=colour, replaced=replaced)
        if replaced:
            combat.suffer(self, ship_id, 0, 1, cause="red maneuver under auxiliary power", hull_only=True)
            kind, speed, colour = "straight", 2, "white"
        return Maneuver(kind, speed), colour

    def choose_maneuver(self, ship_id: str) -> tuple[Maneuver, str] | None:
        """A ship without a dial asks its seat for its maneuver as it activates (``Maneuverer``):
        the maneuver and its colour, or None to perform no maneuver."""
        ship = self.state.ship(ship_id)
        choose = getattr(self.players[ship.side], "maneuver", None)
        if choose is None:
            raise IllegalDecision(f"{ship.name} plans no dial and its seat chooses no maneuver")
        maneuver = choose(self.state, ship)
        self.decided(ship.side)
        return None if maneuver is None else (maneuver, self.maneuver_colour(ship, maneuver))

    def maneuver_colour(self, ship: ShipState, maneuver: Maneuver) -> str:
        """Hook: a chosen maneuver's colour for this ship (the dial's)."""
        return rules.maneuver_colour(ship, maneuver.kind, maneuver.speed)

    def perform_maneuver(self, ship_id: str, maneuver: Maneuver, colour: str) -> None:
        """Move along the template (rulebook "Perform Maneuver"), then check for power strain,
        bumps, planets and obstacles, and perform an action unless one of them skips it."""
        ship = self.state.ship(ship_id)
        table = self.table_for(ship)
        move = resolve_move(ship.pose, maneuver, ship.base, table)
        if move.obstacles:
            move, colour = self.avoid_obstacles(ship, maneuver, move, colour, table)
        changed = (move.changed_from.kind, move.changed_from.speed) if move.changed_from else None
        self.emit(ev.ShipMoved, ship=ship_id, kind=move.maneuver.kind, speed=move.maneuver.speed,
                  start=ev.PoseModel.of(ship.pose), end=ev.PoseModel.of(move.end), progress=round(move.progress, 6),
                  changed_from=changed, bumped=move.bumped, touching=move.touching, obstacles=move.obstacles,
                  planets=move.planets, fled=move.fled and self.flees(ship))
        left = self.leave_table(ship_id, move.end) if move.fled else None
        if not self.state.ship(ship_id).in_play:
            return
        self.table_placement(ship_id)
        strain = left or self.power_strain(ship_id, colour)
        moved = actions.movement_refusal(self.state, self.state.ship(ship_id), actions.Moved(
            move.maneuver.kind, move.bumped, move.planets, move.obstacles))
        if move.obstacles:  # "Moving Into and Through Obstacles": one die for the maneuver (rulings.md)
            faces, draws = self.dice.roll(self.state, "attack", 1, self.state.ship(ship_id), "obstacle")
            self.obstacle_roll(ship_id, move.obstacles[0], faces[0], draws)
            if not self.state.ship(ship_id).in_play:
                return
        if self.state.ship(ship_id).muon:  # Muon Token reference: hull damage, the maneuver's number less one
            combat.suffer(self, ship_id, max(move.maneuver.speed - 1, 0), 0, cause="Muon Token", hull_only=True)
            if not self.state.ship(ship_id).in_play:
                return
        if self.state.mines:  # a minefield the maneuver entered attacks the ship
            mines.after_maneuver(self, ship_id, ship.pose, move.maneuver)
            if not self.state.ship(ship_id).in_play:
                return
        dampening.after_maneuver(self, ship_id)
        self.after_move(ship_id)
        self.perform_action(ship_id, moved or strain)

    def after_move(self, ship_id: str) -> None:
        """Right after the maneuver, before the Perform Action step: a card's free action "after you
        move" (the Excelsior's scan). Not under auxiliary power (rulebook "Auxiliary Power": no
        actions, even free ones); an overlap or obstacle skips only the Perform Action step (rulings.md)."""
        after_move_cards(self, ship_id)  # cards that are not actions (Pavel Chekov, Mirok)
        release(self, ship_id)  # a token kept on a card placed beside the ship (Alexander): no action
        if self.state.ship(ship_id).aux_power and self.aux_power_blocks_action(self.state.ship(ship_id)):
            return
        chosen = action_windows.free_action(self, ship_id, self.free_action_options, "after_move")
        if chosen is not None:
            action, target, reason = chosen
            self.do_action(self.state.ship(ship_id), ActionChoice(action, target, reason=reason))

    def granted_action(self, ship_id: str, used: Callable[[], None]) -> None:
        """A free action another ship's card gives this one (Martok): its seat chooses it as in a
        Perform Action step; it does not count as the ship's action, but no action is performed twice
        in a round (rulebook "Other Actions"). A pass: the card is not used (nothing recorded);
        else ``used()`` records the card's use, then the action follows."""
        ship = self.state.ship(ship_id)
        options = self.action_options(ship)
        choice = self.players[ship.side].act(self.state, ship, options)
        self.decided(ship.side)
        if choice.action == "pass":
            return
        self.check_choice(ship, choice, options)
        used()
        self.do_action(self.state.ship(ship_id), choice)

    def extra_maneuver(self, ship_id: str, maneuver: Maneuver, colour: str, card: str) -> tuple[str, ...]:
        """An additional maneuver a card gives (Gul Ranor, In'cha), right after its ``ability_used``
        (which names the card and, as its choice, the maneuver): the same templates, bumps, planets,
        obstacles and fleeing as the ship's own (rulings.md "Additional maneuvers"); a red one places
        an Auxiliary Power Token (its cause the card), a green one removes none, an obstacle rolls its die.
        Returns the ships the maneuver overlapped (it backed off them)."""
        ship = self.state.ship(ship_id)
        move = resolve_move(ship.pose, maneuver, ship.base, self.table_for(ship))
        changed = (move.changed_from.kind, move.changed_from.speed) if move.changed_from else None
        self.emit(ev.ShipMoved, ship=ship_id, kind=move.maneuver.kind, speed=move.maneuver.speed,
                  start=ev.PoseModel.of(ship.pose), end=ev.PoseModel.of(move.end), progress=round(move.progress, 6),
                  changed_from=changed, bumped=move.bumped, touching=move.touching, obstacles=move.obstacles,
                  planets=move.planets, fled=move.fled and self.flees(ship))
        if move.fled:
            self.leave_table(ship_id, move.end)
        if not self.state.ship(ship_id).in_play:
            return move.bumped
        if colour == "red":
            self.emit(ev.TokensChanged, ship=ship_id, token="aux_power", delta=1, cause=card)
        if move.obstacles:
            faces, draws = self.dice.roll(self.state, "attack", 1, self.state.ship(ship_id), "obstacle")
            self.obstacle_roll(ship_id, move.obstacles[0], faces[0], draws)
        return move.bumped

    def avoid_obstacles(self, ship: ShipState, maneuver: Maneuver, move: MoveResult, colour: str, table: Table
                        ) -> tuple[MoveResult, str]:
        """Hook: a maneuver about to cross obstacles may be changed (an Alliance Enemy AI ship
        swerves); the move performed and its colour. Attack Wing ships go through."""
        return move, colour

    def flees(self, ship: ShipState) -> bool:
        """Hook: a ship whose base leaves the play area has fled (rulebook "Fleeing the Battlefield")."""
        return True

    def leave_table(self, ship_id: str, end: Pose) -> str | None:
        """Hook: a ship whose maneuver ended off the play area. Attack Wing: it has fled, out of
        the game. A ruleset may keep it in play instead; then the reason its action is skipped."""
        self.emit(ev.ShipDestroyed, ship=ship_id, cause="fled", fled=True)
        return None

    def power_strain(self, ship_id: str, colour: str) -> str | None:
        """Check for power strain: red gives an auxiliary power token, green removes one. Returns
        a ruleset's own reason to skip the action, if its strain is that (none here)."""
        if colour == "red":
            self.emit(ev.TokensChanged, ship=ship_id, token="aux_power", delta=1, cause="red maneuver")
        elif colour == "green" and self.state.ship(ship_id).aux_power:
            self.emit(ev.TokensChanged, ship=ship_id, token="aux_power", delta=-1, cause="green maneuver")
        return None

    def table_placement(self, ship_id: str) -> None:
        """Where the real table had the ship after its maneuver, when its player says (``Placer``,
        optional): a notation's placement line. It must be on the play area and clear of other bases."""
        ship = self.state.ship(ship_id)
        placement = getattr(self.players[ship.side], "placement", None)
        placed = placement(self.state, ship) if placement is not None else None
        if placed is None:
            return
        pose, reason = placed
        half = base_half(ship.base)
        if not self.setup.area.contains_base(base_corners(pose, half)):
            raise IllegalDecision(f"{ship.name} cannot be placed off the play area")
        mine = base_polygon(pose, half)
        for other in self.state.in_play():
            if other.id != ship_id and mine.intersection(
                    base_polygon(other.pose, base_half(other.base))).area > PLACEMENT_OVERLAP_MM2:
                raise IllegalDecision(f"{ship.name} cannot be placed overlapping {other.name}")
        self.emit(ev.ShipNudged, ship=ship_id, start=ev.PoseModel.of(ship.pose), end=ev.PoseModel.of(pose),
                  reason=reason)

    def obstacle_roll(self, ship_id: str, obstacle: str, face: str, draws: int) -> None:
        self.emit(ev.ObstacleRolled, ship=ship_id, obstacle=obstacle, face=face, draws=draws)
        combat.suffer(self, ship_id, int(face == "hit"), int(face == "crit"), cause=f"obstacle {obstacle}")

    def skips_action(self, ship_id: str, skip: Refusal | str | None) -> bool:
        """Skip the Perform Action step for ``skip`` (a refusal, or a ruleset's own cause), or for a
        face-up Communications Failure, which then flips face down. True when the ship takes no action."""
        ship = self.state.ship(ship_id)
        if skip is None:
            skip = actions.action_step_refusal(ship, None, aux_power=False)
        if skip is None:
            return False
        if isinstance(skip, Refusal) and skip.rule.id == "communications-failure":
            comms = next(i for i, c in enumerate(ship.damage) if c.face_up and c.key == "communications_failure")
            self.emit(ev.DamageRepaired, ship=ship_id, index=comms, flipped=True, cause="Communications Failure")
        self.emit(ev.ActionSkipped, ship=ship_id, cause=skip if isinstance(skip, str) else skip.cause)
        return True

    def perform_action(self, ship_id: str, moved: Refusal | str | None) -> None:
        """The Perform Action step, unless something skips it: ``moved`` is the maneuver's refusal,
        or a ruleset's own cause (an Enemy AI ship's red maneuver or board edge)."""
        ship = self.state.ship(ship_id)
        aux = self.aux_power_blocks_action(ship)
        # a card that lets the ship act under auxiliary power (the Enterprise 1009), when nothing else skips it
        bar_only = aux and ship.aux_power > 0 and moved is None and action_windows.aux_power_actions(self, ship_id)
        aux = aux and not bar_only
        if isinstance(moved, str):
            step = actions.action_step_refusal(ship, None, aux_power=aux)
            skip: Refusal | str | None = step if step is not None and step.rule.id == "auxiliary-power" else moved
        else:
            skip = actions.action_step_refusal(ship, moved, aux_power=aux)
        if self.skips_action(ship_id, skip):
            return
        ship = self.state.ship(ship_id)
        options = self.action_options(ship)
        if bar_only:  # the card lets it perform an action of its Action Bar, nothing else
            options = [o for o in options if o.action in ship.actions]
        choice = self.players[ship.side].act(self.state, ship, options)
        self.decided(ship.side)
        if choice.action == "pass":
            self.emit(ev.ActionPerformed, ship=ship_id, action="pass", reason=choice.reason)
        else:
            self.check_choice(ship, choice, options)
            self.do_action(ship, choice)
        self.free_action(ship_id)

    def free_action(self, ship_id: str) -> None:
        """A card's free action after the Perform Action step (it does not count as the ship's
        action; still no action twice in a round, rulebook "Other Actions")."""
        ship = self.state.ship(ship_id)
        if not ship.in_play:
            return
        if ship.aux_power > 0 and self.aux_power_blocks_action(ship) and not acts_under_aux_power(ship):
            return  # its Action placed the token (Engage): no free action either (rulings.md)
        chosen = action_windows.free_action(self, ship_id, self.free_action_options)
        if chosen is None:
            return
        action, target, reason = chosen
        ship = self.state.ship(ship_id)
        self.do_action(ship, ActionChoice(action, target, reason=reason))

    def free_action_options(self, ship: ShipState, wanted: tuple[str, ...]) -> list[ActionOption]:
        """The rulebook's options for these actions, as if they were on the ship's Action Bar."""
        return actions.action_options(self.state, replace(ship, actions=wanted), self.echo_poses)

    def aux_power_blocks_action(self, ship: ShipState) -> bool:
        """Hook: a ship with an auxiliary power token performs no action (rulebook "Auxiliary Power")."""
        return True

    def check_choice(self, ship: ShipState, choice: ActionChoice, options: list[ActionOption]) -> None:
        """Refuse a decision the rules did not offer (a player is untrusted input too)."""
        refusal = actions.action_refusal(self.state, ship, choice, options)
        if refusal is not None:
            raise IllegalDecision(f"{refusal.message} [{refusal.rule.cite}]")
        option = next(o for o in options if o.action == choice.action)
        if choice.action == "sensor_echo" and not any(
                choice.echo is not None and pose.close_to(choice.echo[0], 0.01) and speed == choice.echo[1]
                for pose, speed in option.echoes) and not self.echo_legal(ship, choice.echo):
            raise IllegalDecision(f"{ship.name}: that sensor echo position is not a legal one")

    def action_options(self, ship: ShipState) -> list[ActionOption]:
        """Every action the ship may perform now (``actions.action_options``); "pass" is always one."""
        extra = action_windows.bar_actions(self.state, ship)  # a card's actions on the bar (Cloaking Device's echo)
        bar = replace(ship, actions=(*ship.actions, *extra)) if extra else ship
        return [*actions.action_options(self.state, bar, self.echo_poses),
                *action_windows.action_options(self.state, ship)]

    def echo_legal(self, ship: ShipState, echo: tuple[Pose, int] | None) -> bool:
        """A sensor echo end anywhere on a legal stretch, not only the sampled ones (a real table's)."""
        if echo is None:
            return False
        pose, speed = echo
        fx, fy = ship.pose.forward
        along = (pose.x - ship.pose.x) * fx + (pose.y - ship.pose.y) * fy  # the offset along the heading
        for option in sensor_echo_options(ship.pose, ship.base, self.table_for(ship)):
            if (option.speed == speed and any(lo - 1e-6 <= along <= hi + 1e-6 for lo, hi in option.intervals)
                    and option.pose(ship.pose, along).close_to(pose, 0.01)):
                return True
        return False

    def echo_poses(self, ship: ShipState) -> tuple[tuple[Pose, int], ...]:
        poses = []
        for option in sensor_echo_options(ship.pose, ship.base, self.table_for(ship)):
            for lo, hi in option.intervals:
                for k in range(ECHO_SAMPLES):
                    offset = lo + (hi - lo) * k / (ECHO_SAMPLES - 1)
                    poses.append((option.pose(ship.pose, round(offset, 3)), option.speed))
        return tuple(poses)

    def do_action(self, ship: ShipState, choice: ActionChoice) -> None:
        sid = ship.id
        targeted = choice.action == "target_lock" or windows.parse_action(choice.action) is not None
        self.emit(ev.ActionPerformed, ship=sid, action=choice.action, target=choice.target if targeted else None,
                  reason=choice.reason)
        token = {"evasive_maneuvers": "evade", "scan": "scan", "battle_stations": "battle_stations"}
        if choice.action in token:
            self.emit(ev.TokensChanged, ship=sid, token=token[choice.action], delta=1, cause=choice.action)
        elif choice.action == "target_lock" and choice.target:
            if ship.target_lock is not None:  # one lock per ship: the old one goes
                self.emit(ev.TargetLockRemoved, ship=sid, cause="a new target lock")
            self.emit(ev.TargetLockAcquired, ship=sid, target=choice.target)
        elif choice.action == "cloak":
            self.emit(ev.ShieldsChanged, ship=sid, active=0, disabled=ship.shields + ship.shields_disabled,
                      cause="cloak")
            self.emit(ev.CloakChanged, ship=sid, cloak="green", cause="cloak action")
            cloak_roll(self, sid)  # a card that rolls as its ship cloaks (I.R.W. Praetus)
        elif choice.action == "sensor_echo" and choice.echo is not None:
            pose, speed = choice.echo
            self.emit(ev.SensorEcho, ship=sid, start=ev.PoseModel.of(ship.pose), end=ev.PoseModel.of(pose),
                      speed=speed)
        elif choice.action == actions.REARM and choice.target is not None:
            if any(w.upgrade_id == choice.target and w.disabled for w in ship.weapons):
                self.emit(ev.WeaponEnabled, ship=sid, weapon=choice.target)
            if choice.target in ship.cards_disabled:
                self.emit(ev.CardEnabled, ship=sid, card=choice.target, cause=choice.action)
        elif choice.action == actions.REMOVE_MUON:
            self.emit(ev.TokensChanged, ship=sid, token="muon", delta=-1, cause=choice.action)
        elif choice.action in ("regenerate", "repair") and choice.target is not None:
            self.emit(ev.DamageRepaired, ship=sid, index=int(choice.target), flipped=choice.action == "repair",
                      cause=choice.action)
        elif windows.parse_action(choice.action) is not None:
            action_windows.perform_action(self, sid, choice.action, choice.reason, choice.target)
