"""The competitive Attack Wing game: rounds of planning, activation, combat and end phase.

The engine decides nothing itself: players decide, the dice source rolls, and every outcome
becomes an event that the reducer applies before the next step reads the state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.errors import IllegalDecision
from engine.geometry.pose import Pose
from engine.geometry.shapes import Obstacle, Planet, PlayArea, base_corners, base_polygon
from engine.rulesets.attack_wing import actions, combat, rules
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities import (
    action_windows,
    cloaked_mines,
    dampening,
    dice_windows,
    extra,
    mines,
    planning,
    split,
    windows,
)
from engine.rulesets.attack_wing.abilities.after_move import before_move as change_maneuver
from engine.rulesets.attack_wing.abilities.after_move import end_of_activation
from engine.rulesets.attack_wing.abilities.after_move import resolve as after_move_cards
from engine.rulesets.attack_wing.abilities.cloak import cloak_roll
from engine.rulesets.attack_wing.abilities.dial_limits import dial_choices
from engine.rulesets.attack_wing.abilities.stored import release
from engine.rulesets.attack_wing.actions import ActionChoice, ActionOption
from engine.rulesets.attack_wing.damage import deck_keys
from engine.rulesets.attack_wing.dice import shuffled
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.attack_wing.measure import line_of_fire
from engine.rulesets.attack_wing.movement import MoveResult, ShipBase, Table, resolve_move, sensor_echo_options
from engine.rulesets.attack_wing.params import base_half
from engine.rulesets.attack_wing.players import DiceSource, Player, SeededDice
from engine.rulesets.attack_wing.reducer import acts_under_aux_power, apply, initial_state
from engine.rulesets.attack_wing.refusals import Refusal
from engine.rulesets.attack_wing.state import GameState, ShipState
from engine.rulesets.trusted import trusted


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase of the round: its name and its steps, each a method of the game run in order.
    ``announced``: the phase opens with a ``phase_started`` event (a ruleset's own setup steps,
    such as Alliance reinforcements, may run unannounced at the start of the round)."""

    name: str
    steps: tuple[str, ...]
    announced: bool = True


# The Attack Wing round (rulebook "Game Round"): a ruleset declares its own list with its steps.
ROUND: tuple[Phase, ...] = (
    Phase("planning", ("set_dials", "planning_cards")),
    Phase("activation", ("activate_ships",)),
    Phase("combat", ("console_fire", "attacks")),
    Phase("end", ("end_tokens", "check_end")),
)

ECHO_SAMPLES = 5  # sensor echo end poses offered per side and template
PLACEMENT_OVERLAP_MM2 = 1e-6  # bases that share more area than this overlap (touching is not overlapping)


@dataclass(frozen=True)
class GameSetup:
    """Everything on the table before round 1."""

    ships: Sequence[ev.ShipSetup]
    placements: dict[str, Pose]
    obstacles: Sequence[Obstacle] = ()
    planets: Sequence[Planet] = ()
    area: PlayArea = field(default_factory=lambda: PlayArea(914.4, 914.4))
    round_limit: int = 8
    initiative: int = 0  # the side that resolves first on equal Captain Skill (rulings.md)
    # the scenario's victory rule: (winner, reason, fleet points) from the state at the end
    scoring: Callable[[GameState], tuple[int | None, str, tuple[int, int]]] | None = None
    # the damage deck, top first, as it was on a real table (a notation that records the cards
    # drawn); None: shuffled by the seed. Either way the seed's shuffle draws are counted.
    deck: tuple[str, ...] | None = None
    # each fleet's resources (side, catalog id): they belong to the fleet, not to a ship
    resources: tuple[tuple[int, str], ...] = ()


def natural_key(ship_id: str) -> tuple[str, int, str]:
    """Ship ids in fleet order: "E2" before "E10" (the prefix, then the number in it)."""
    digits = "".join(c for c in ship_id if c.isdigit())
    return "".join(c for c in ship_id if not c.isdigit()), int(digits or 0), ship_id


class Game:
    """One game. ``play()`` runs it to the end; ``events`` is the log, ``state`` the fold of it.

    The round is ``phases`` (data); a ruleset built on this game (Alliance) declares its own
    phases and steps and fills the hook points below (each says what it decides), so there is
    one movement path, one action path and one attack path for every ship."""

    phases: tuple[Phase, ...] = ROUND
    dial_sides: tuple[int, ...] = (0, 1)  # the sides whose ships plan a dial in the Planning Phase

    def __init__(self, setup: GameSetup, seed: int, players: Sequence[Player], dice: DiceSource | None = None,
                 sink: Callable[[ev.Event, GameState], None] | None = None, trusted_events: bool = False) -> None:
        self.setup = setup
        # every decision comes from the engine's own players (AI, random): the events it builds are
        # not validated again (``trusted``); a game fed from a file or a person validates each one
        self.trusted_events = trusted_events
        self.players = players
        self.dice: DiceSource = dice or SeededDice()
        self.sink = sink
        self.state = initial_state(seed)
        self.events: list[ev.Event] = []

    # --- the event pipe ------------------------------------------------------------------
    def emit(self, event_type: type[Any], **fields: Any) -> None:
        fields.setdefault("round", self.state.round)
        fields.setdefault("phase", self.state.phase)
        fields["seq"] = self.state.seq + 1
        event = trusted(event_type, fields) if self.trusted_events else event_type(**fields)
        self.fold(event)
        self.events.append(event)
        self.record(event)
        self.after(event)

    def fold(self, event: Any) -> None:
        """Apply an event to the state (a ruleset with a larger state folds that, and keeps
        ``self.state`` its Attack Wing part)."""
        self.state = apply(self.state, event)

    def record(self, event: Any) -> None:
        if self.sink is not None:
            self.sink(event, self.state)

    def after(self, event: Any) -> None:
        """Hook: rules that follow from an event (none in Attack Wing)."""

    def decided(self, side: int) -> None:
        """Emit the records a player keeps of why it decided (``Explainer``, optional): an
        Enemy AI's target, sector and die are events, recorded before the game acts on them."""
        take = getattr(self.players[side], "take_records", None)
        for event_type, fields in (take() if take is not None else ()):
            self.emit(event_type, **fields)

    # --- the game ------------------------------------------------------------------------
    def play(self) -> GameState:
        deck, _ = shuffled(self.state.rng, deck_keys())
        if self.setup.deck is not None:
            if sorted(self.setup.deck) != sorted(deck):
                raise IllegalDecision("a damage deck must hold the 33 damage cards, each as often as the game has it")
            deck = tuple(self.setup.deck)
        self.emit(ev.GameStarted, ships=tuple(self.setup.ships), round_limit=self.setup.round_limit, deck=deck,
                  draws=len(deck) - 1)
        self.before_placement()
        for ship in self.setup.ships:
            self.emit(ev.ShipPlaced, ship=ship.id, pose=ev.PoseModel.of(self.setup.placements[ship.id]))
        first = next(p.name for p in self.phases if p.announced)
        for number in range(1, self.setup.round_limit + 1):
            self.emit(ev.RoundStarted, round=number, phase=first)
            for phase in self.phases:
                self.run_phase(phase.name)
            if self.state.result is not None:
                break
            self.emit(ev.RoundEnded)
        return self.state

    def run_phase(self, name: str) -> None:
        """One phase of the round by its declared steps."""
        phase = next(p for p in self.phases if p.name == name)
        if phase.announced:
            self.emit(ev.PhaseStarted, phase=phase.name)
        for step in phase.steps:
            getattr(self, step)()

    def before_placement(self) -> None:
        """A ruleset's setup between the game starting and the ships being placed (none here)."""

    def order(self, ships: list[ShipState], ascending: bool) -> list[ShipState]:
        """Captain Skill order; ties go to the side with initiative first (rulings.md)."""
        return sorted(ships, key=lambda s: ((rules.skill_in_effect(s) if ascending else -rules.skill_in_effect(s)),
                                            s.side != self.setup.initiative, natural_key(s.id)))

    def table_for(self, ship: ShipState) -> Table:
        """What the ship's base meets while moving."""
        others = [ShipBase(s.id, rules.placed(s)) for s in self.state.in_play() if s.id != ship.id]
        planets = () if self.ignores_planets(ship) else self.setup.planets
        return Table(others, self.setup.obstacles, planets, self.setup.area)

    def ignores_planets(self, ship: ShipState) -> bool:
        """Hook: the ship moves over planets as if they were not there (an Alliance Enemy AI ship)."""
        return False

    # --- planning ------------------------------------------------------------------------
    def set_dials(self) -> None:
        # both sides choose before any dial is recorded, so neither sees the other's
        choices = []
        for ship in self.state.in_play():
            if ship.side not in self.dial_sides:
                continue
            if ship.dampening:  # Energy Dampening Token: no dial of its seat's, a white 1 straight
                choices.append((ship.id, dampening.MANEUVER, f"{dampening.TOKEN}: no dial, a white 1 straight"))
                continue
            options = rules.dial_options(ship)  # less those a card forbids now (the R.I.S. Apnex)
            options = dial_choices(self.state, ship, options, [(m.kind, m.speed) for m, _ in options])
            maneuver, reason = self.players[ship.side].plan(self.state, ship, options)
            choices.append((ship.id, maneuver, reason))
        for ship_id, maneuver, reason in choices:
            self.emit(ev.DialSet, ship=ship_id, kind=maneuver.kind, speed=maneuver.speed, reason=reason)

    def planning_cards(self) -> None:
        """Cards used "during the Planning Phase" (Positron Beam), once every dial is set."""
        planning.planning_cards(self, self.order(self.state.in_play(), ascending=True))
        cloaked_mines.plan_drop(self, self.order(self.state.in_play(), ascending=True))  # Cloaked Mines

    # --- activation ----------------------------------------------------------------------
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

    # --- combat ----------------------------------------------------------------------------
    def console_fire(self) -> None:
        for ship in self.state.in_play():  # Console Fire burns at the start of the Combat Phase
            if ship.face_up("console_fire"):
                faces, draws = self.dice.roll(self.state, "attack", 1, ship, "Console Fire")
                self.emit(ev.ConsoleFireRolled, ship=ship.id, face=faces[0], draws=draws)
                combat.suffer(self, ship.id, int(faces[0] in ("hit", "crit")), 0, cause="Console Fire")

    def attacks(self) -> None:
        """Every ship attacks in descending Captain Skill (the simultaneous attack rule)."""
        # a card may put a ship just ahead of the ship it targets (Keevan): a stable sort keeps the rest
        ordered = sorted(self.order(self.state.in_play(), ascending=False),
                         key=lambda s: -dice_windows.combat_skill(self.state, s))
        for i, ship in enumerate(ordered):
            current = self.state.ship(ship.id)
            if current.in_play:
                self.attack_with(current)
            # the simultaneous attack rule ends when the next ship's Captain Skill is lower
            nxt = ordered[i + 1] if i + 1 < len(ordered) else None
            if nxt is None or rules.skill_in_effect(self.state.ship(nxt.id)) != rules.skill_in_effect(current):
                for doomed in [s for s in self.state.ships if s.doomed]:
                    self.emit(ev.ShipDestroyed, ship=doomed.id, cause="destroyed (after firing)")

    def attack_with(self, ship: ShipState) -> None:
        self.emit(ev.ShipActivated, ship=ship.id)
        if "regenerate" in ship.actions_done:  # tournament rules "Regenerate"
            self.emit(ev.AttackSkipped, ship=ship.id, cause="regenerated this round")
            return
        if ship.dampening:
            self.emit(ev.AttackSkipped, ship=ship.id, cause=f"{dampening.TOKEN}: it cannot attack")
            return
        if mines.drop(self, ship.id):  # Antimatter Mines: the token placed is its attack
            return
        options = [o for o in rules.attack_options(self.state, ship)
                   if dice_windows.may_attack(self.state, ship, self.state.ship(o.defender))
                   and dice_windows.may_fire(self.state, ship, o.weapon) and split.allowed(self.state, ship, o)]
        self.declare_attack(ship, options)

    def declare_attack(self, ship: ShipState, options: list[rules.AttackOption]) -> None:
        """The seat declares one of ``options`` (or holds fire), then the attack is made; a card may
        then give the ship one more (``extra.after_attack``)."""
        choice, reason = self.players[ship.side].attack(self.state, ship, options) if options else (None, "")
        if options:
            self.decided(ship.side)
        if choice is None:
            self.emit(ev.AttackSkipped, ship=ship.id, cause=reason or "no target in arc and range")
            return
        if choice not in options:
            raise IllegalDecision(f"{ship.name} cannot attack {choice.defender} with {choice.weapon_key} now")
        made: rules.AttackOption | None = choice
        dice: tuple[int, str] | None = None
        while made is not None:  # an attack divided between two ships (Forward Weapons Grid): two parts
            defender = self.state.ship(made.defender)
            arc = {"front": ship.front_arc, "rear": ship.rear_arc}.get(made.arc)
            lof = line_of_fire(rules.placed(ship), rules.placed(defender), arc, made.arc == "rear",
                               (*self.setup.obstacles, *mines.obstacles(self.state)), self.setup.planets)
            if lof.blocked:  # rulebook "Attacking Through Planets"
                self.emit(ev.AttackSkipped, ship=ship.id, cause=f"line of fire blocked by {', '.join(lof.planets)}")
                return
            (x0, y0), (x1, y1) = lof.line.coords[0], lof.line.coords[-1]
            line = ((round(x0, 3), round(y0, 3)), (round(x1, 3), round(y1, 3)))
            rest = combat.resolve_attack(self, made, line, lof.obstructed, reason, part=dice,
                                         **self.attack_bonuses(ship, defender))
            made, dice = (None, None) if rest is None else (rest[0], (rest[1], f"the other {rest[1]} dice of "
                                                                               "the divided attack"))
            if made is not None and not (self.state.ship(ship.id).in_play and self.state.ship(made.defender).in_play):
                self.emit(ev.AttackSkipped, ship=ship.id, cause="the divided attack's second ship is gone")
                made = None
            elif made is not None:  # the seat declares the second part (its attack line), the one it named
                fired = made.weapon.upgrade_id if made.weapon is not None else None  # as it is now: disabled
                made = replace(made, weapon=next((w for w in self.state.ship(ship.id).weapons
                                                  if w.upgrade_id == fired), made.weapon))
                _, said = self.players[ship.side].attack(self.state, self.state.ship(ship.id), [made])
                self.decided(ship.side)
                reason = said or "the divided attack's second part"
        extra.after_attack(self, ship.id, choice)

    def attack_bonuses(self, attacker: ShipState, defender: ShipState) -> dict[str, Any]:
        """Hook: card abilities' extra dice and rerolls for this attack (``combat.resolve_attack``'s
        keywords; an Alliance Elite loadout's). None in Attack Wing."""
        return {}

    # --- end phase -------------------------------------------------------------------------
    def end_tokens(self) -> None:
        """Cloaks, disabled shields and the round's tokens (rulebook "End Phase")."""
        for ship in self.state.in_play():
            sid = ship.id
            keep = ship.cloak == "green" and self.players[ship.side].keep_cloak(self.state, ship)
            if ship.cloak == "red" or (ship.cloak == "green" and not keep):
                self.emit(ev.CloakChanged, ship=sid, cloak="none", cause="end phase")
            elif keep and not ship.cloak_beside:
                self.emit(ev.CloakChanged, ship=sid, cloak="green", beside=True, cause="kept cloaked")
            ship = self.state.ship(sid)
            if ship.shields_disabled and not ship.cloaked and not ship.dampening:  # the token: shields stay down
                self.emit(ev.ShieldsChanged, ship=sid, active=ship.shields + ship.shields_disabled, disabled=0,
                          cause="end phase")
            for token in ("evade", "scan", "battle_stations"):
                if getattr(ship, token):
                    self.emit(ev.TokensChanged, ship=sid, token=token, delta=-getattr(ship, token),
                              cause="end phase")
            if ship.cards_time:  # rulebook "Time Tokens": one comes off each card
                self.emit(ev.TimeTokensRemoved, ship=sid, cards=tuple(c for c, _ in ship.cards_time))

    def check_end(self) -> None:
        alive = [bool(self.state.in_play(0)), bool(self.state.in_play(1))]
        last_round = self.state.round >= self.setup.round_limit
        if all(alive) and not last_round:
            return
        lost = tuple(sum(1 for s in self.state.ships if s.side == side and s.destroyed) for side in (0, 1))
        if self.setup.scoring is not None:
            winner, reason, points = self.setup.scoring(self.state)
        else:
            winner, reason, points = self.default_result(alive)
        self.emit(ev.GameEnded, phase="over", winner=winner, reason=reason, points=points,
                  ships_lost=(lost[0], lost[1]))

    def default_result(self, alive: list[bool]) -> tuple[int | None, str, tuple[int, int]]:
        """Without a scenario rule: eliminate the enemy, else score the cost of enemy ships destroyed."""
        points = (self.fleet_points(0), self.fleet_points(1))
        if alive[0] != alive[1]:
            return (0 if alive[0] else 1), f"side {0 if alive[0] else 1} destroyed the opposing fleet", points
        if not any(alive):
            return None, "both fleets destroyed", points
        if points[0] != points[1]:
            winner = 0 if points[0] > points[1] else 1
            return winner, f"round limit: side {winner} scored more fleet points", points
        return None, "round limit: equal fleet points", points

    def fleet_points(self, side: int) -> int:
        """Fleet points scored by ``side``: the cost of every enemy ship it destroyed (rulings.md)."""
        return sum(s.cost for s in self.state.ships if s.side != side and s.destroyed)
