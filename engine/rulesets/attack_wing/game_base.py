"""The Game object's bookkeeping: the setup, the event pipe, the round run by its declared phases.

``GameBase`` holds what every phase reads: the players, the dice, the state and the log, the
Captain Skill order and the table a ship moves on. The phases themselves are ``activation.py``,
``combat_phase.py`` and (Planning, End) ``game.py``, whose ``Game`` joins them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.errors import IllegalDecision
from engine.geometry.pose import Pose
from engine.geometry.shapes import Obstacle, Planet, PlayArea
from engine.rulesets.attack_wing import combat, rules
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.damage import deck_keys
from engine.rulesets.attack_wing.dice import shuffled
from engine.rulesets.attack_wing.movement import ShipBase, Table
from engine.rulesets.attack_wing.players import DiceSource, Player, SeededDice
from engine.rulesets.attack_wing.reducer import apply, initial_state
from engine.rulesets.attack_wing.state import GameState, ShipState


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

class GameBase:
    """One game's bookkeeping. ``play()`` runs it to the end; ``events`` is the log, ``state`` the fold of it.

    The round is ``phases`` (data): each step a method of the game (``Game``) run in order."""

    phases: tuple[Phase, ...] = ROUND
    dial_sides: tuple[int, ...] = (0, 1)  # the sides whose ships plan a dial in the Planning Phase

    def __init__(self, setup: GameSetup, seed: int, players: Sequence[Player], dice: DiceSource | None = None,
                 sink: Callable[[ev.Event, GameState], None] | None = None) -> None:
        self.setup = setup
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
        event = event_type(**fields)  # validated, whoever decided it (pydantic's checks cost ~1% of a game)
        self.fold(event)
        self.events.append(event)
        self.record(event)
        self.after(event)

    def suffer(self, ship_id: str, hits: int, crits: int, cause: str, hull_only: bool = False) -> None:
        """Deal damage to a ship one point at a time (``combat.suffer``): the table a card's damage
        goes through (``abilities.windows.Table``)."""
        combat.suffer(self, ship_id, hits, crits, cause, hull_only=hull_only)

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
