"""A game of Fleet Captains: setup as the summary orders it, then turns until a side wins.

``Game`` holds the state and folds every event through the reducer (``emit``): the state never
changes any other way. Dice, shuffles and draws are events; every decision is asked of the
side's ``Player`` (``ask``) and recorded. The turn itself is ``turn.play_turn``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.rulesets.fleet_captains import events as fe
from engine.rulesets.fleet_captains import rng
from engine.rulesets.fleet_captains.content import (
    MISSION_TYPES,
    SHIP_CLASSES,
    STANDARD_FLEET_SIZE,
    SUBDECK_TYPES,
    subdecks,
)
from engine.rulesets.fleet_captains.players import Act, Offer, Player
from engine.rulesets.fleet_captains.reducer import PREFIX, REDRAFTS, apply, initial_state, pile
from engine.rulesets.fleet_captains.rules import TURN_LIMIT, other
from engine.rulesets.fleet_captains.state import FcState
from engine.rulesets.fleet_captains.turn import play_turn

Sink = Callable[[fe.Event, FcState], None]
HAND: int = 4
MISSIONS_UP: int = 3


class Game:
    """One game between two seats (side 0 and side 1), from a seed."""

    def __init__(self, seed: int, players: Sequence[Player], *, factions: tuple[str, str] = ("Federation", "Klingon"),
                 fleet_size: int = STANDARD_FLEET_SIZE, sink: Sink | None = None, turn_limit: int = TURN_LIMIT,
                 table_die: Callable[[int, str], int] | None = None) -> None:
        if len(players) != 2:
            raise ValueError("Fleet Captains is a game for two seats")
        self.seed = seed
        self.players = tuple(players)
        self.factions = factions
        self.fleet_size = fleet_size
        self.sink = sink
        self.turn_limit = turn_limit
        self.table_die = table_die  # each d6's face at a real table (None: the generator's)
        self.state: FcState = initial_state(seed)
        self.events: list[fe.Event] = []

    # --- the one way the state changes -----------------------------------------------------------
    def emit(self, event: fe.Event) -> None:
        event = event.model_copy(update={"seq": len(self.events)})
        self.state = apply(self.state, event)
        self.events.append(event)
        if self.sink is not None:
            self.sink(event, self.state)

    @property
    def turn(self) -> int:
        return self.state.turn

    def roll(self, side: int, purpose: str) -> int:
        if self.table_die is not None:  # `--dice table`: the face as it came up on the table's die
            value = self.table_die(side, purpose)
            self.emit(fe.TableRolled(turn=self.turn, side=side, value=value, purpose=purpose))
            return value
        value, _ = rng.d6(self.state.rng)
        self.emit(fe.Rolled(turn=self.turn, side=side, value=value, purpose=purpose))
        return value

    def shuffle(self, name: str, side: int | None) -> None:
        order, _ = rng.shuffled(pile(self.state, name, side), self.state.rng)
        self.emit(fe.Shuffled(turn=self.turn, pile=name, side=side, order=order))

    def move_cards(self, side: int | None, source: str, dest: str, cards: Sequence[str], why: str,
                   dest_side: int | None = None, use: str = "") -> None:
        if cards:
            self.emit(fe.CardsMoved(turn=self.turn, side=side, source=source, dest=dest,
                                    cards=tuple(cards), why=why, dest_side=dest_side, use=use))

    def draw_commands(self, side: int, count: int, why: str) -> None:
        """Draw from the command deck; an empty deck is rebuilt from the discards (not the trash)."""
        for _ in range(count):
            if not self.state.side(side).command_deck:
                discards = self.state.side(side).command_discard
                if not discards:
                    return
                self.move_cards(side, "command_discard", "command_deck", discards, "the deck ran out: rebuilt")
                self.shuffle("command_deck", side)
            self.move_cards(side, "command_deck", "hand", self.state.side(side).command_deck[:1], why)

    def draw_mission(self, side: int, why: str) -> None:
        """A mission from the side's deck; when it is empty, the top of a shared deck the side picks."""
        deck = self.state.side(side).mission_deck
        if deck:
            self.move_cards(side, "mission_deck", "missions", deck[:1], why)
            return
        options = tuple(Act("mission_deck", target=t, label=f"draw from the {t} missions")
                        for t in MISSION_TYPES if pile(self.state, t, None))
        if options:
            pick = self.ask(Offer(side, "mission_deck", options))
            self.move_cards(None, pick.target, "missions", pile(self.state, pick.target, None)[:1], why,
                            dest_side=side)

    def ask(self, offer: Offer) -> Act:
        """The seat's pick among the offer's options, recorded (a single option is no choice)."""
        if not offer.options:
            raise ValueError(f"an offer of {offer.kind} without options")
        if len(offer.options) == 1:
            return offer.options[0]
        index, reason = self.players[offer.side].choose(self.state, offer)
        refuse_pick(offer, index)
        act = offer.options[index]
        self.emit(fe.Chosen(turn=self.turn, side=offer.side, kind=offer.kind, choice=act.label, reason=reason[:400]))
        return act

    # --- setup ----------------------------------------------------------------------------------
    def setup(self) -> None:
        """A. general setup, B. muster fleets, C. command decks, D. orders; then who goes first."""
        self.emit(fe.GameStarted(factions=self.factions, fleet_size=self.fleet_size))
        self.shuffle("tiles", None)
        self.emit(fe.MapLaid(tiles=self.state.tiles[:25]))
        for kind in MISSION_TYPES:
            self.shuffle(kind, None)
        self.shuffle("encounter_deck", None)
        self.shuffle("cargo", None)
        for side in (0, 1):
            self.muster(side)
        for side in (0, 1):
            self.command_deck(side)
            self.orders(side)
        self.first_player()

    def muster(self, side: int) -> None:
        """Draft ships from the shuffled fleet deck until the fleet size is met (stand) or the deck
        runs out; then the player may keep the fleet or restart the draft (redraft). The rest,
        reshuffled, is the reinforcement deck."""
        self.shuffle("fleet_deck", side)
        while True:
            self.draft(side)
            me = self.state.side(side)
            total = sum(s.card.size for s in self.state.fleet(side))
            if total >= me.fleet_size or me.redrafts >= REDRAFTS:
                break
            options = (Act("keep", value=total, label=f"keep the fleet of size {total}"),
                       Act("redraft", value=total, label="restart the draft"))
            if self.ask(Offer(side, "redraft", options, note=f"{total} of {me.fleet_size}")).kind == "keep":
                break
            self.emit(fe.Redrafted(side=side))
            self.shuffle("fleet_deck", side)
        self.move_cards(side, "draft_discard", "reinforcements", self.state.side(side).draft_discard,
                        "the discarded drafts")
        self.shuffle("reinforcements", side)

    def draft(self, side: int) -> None:
        """Draw ship cards one by one: keep one that fits the fleet size, discard one that does not."""
        limit = self.state.side(side).fleet_size
        while self.state.side(side).fleet_deck:
            total = sum(s.card.size for s in self.state.fleet(side))
            if total == limit:
                break
            card = self.state.side(side).fleet_deck[0]
            size = SHIP_CLASSES[card].size
            if total + size <= limit:
                ship_id = f"{PREFIX[self.state.side(side).faction]}{self.state.side(side).ships_made + 1}"
                self.emit(fe.Drafted(side=side, card=card, ship=ship_id,
                                     reason=f"size {size} fits: fleet {total + size} of {limit}"))
            else:
                self.emit(fe.Drafted(side=side, card=card, ship=None,
                                     reason=f"size {size} would take the fleet to {total + size} of {limit}"))
        self.move_cards(side, "fleet_deck", "reinforcements", self.state.side(side).fleet_deck, "the rest of the deck")

    def command_deck(self, side: int) -> None:
        """Choose 4 subdecks (looking at the missions the fleet brings), shuffle, draw 4."""
        faction = self.state.side(side).faction
        names = sorted(subdecks(faction))
        fleet = self.state.fleet(side)
        weights = {t: sum(s.card.missions[i] for s in fleet) for i, t in enumerate(MISSION_TYPES)}
        options = []
        for skip_a in range(len(names)):
            for skip_b in range(skip_a + 1, len(names)):
                chosen = [n for i, n in enumerate(names) if i not in (skip_a, skip_b)]
                options.append(Act("subdecks", target=",".join(chosen), value=sum(weights[SUBDECK_TYPES[n]]
                                                                                  for n in chosen),
                                   label=",".join(chosen)))
        pick = self.ask(Offer(side, "subdecks", tuple(options), note=", ".join(f"{t} {n}" for t, n in weights.items())))
        if len(options) == 1:  # no decision recorded: the reducer still needs the subdecks
            self.emit(fe.Chosen(side=side, kind="subdecks", choice=pick.label, reason="the only choice"))
        self.shuffle("command_deck", side)
        self.draw_commands(side, HAND, "starting hand")

    def orders(self, side: int) -> None:
        """Draw missions of each type by the fleet's ship cards, shuffle them, turn up three."""
        fleet = self.state.fleet(side)
        for i, kind in enumerate(MISSION_TYPES):
            count = sum(s.card.missions[i] for s in fleet)
            self.move_cards(None, kind, "mission_deck", pile(self.state, kind, None)[:count],
                            f"{count} {kind} missions for the fleet", dest_side=side)
        self.shuffle("mission_deck", side)
        for _ in range(MISSIONS_UP):
            self.draw_mission(side, "orders")

    def first_player(self) -> None:
        """A roll-off (ties roll again): the winner chooses who goes first."""
        while True:
            rolls = [self.roll(s, "roll-off for the first turn") for s in (0, 1)]
            if rolls[0] != rolls[1]:
                break
        winner = 0 if rolls[0] > rolls[1] else 1
        options = tuple(Act("first_player", value=s, label=f"side {s} goes first") for s in (winner, other(winner)))
        offer = Offer(winner, "first_player", options)
        index, reason = self.players[winner].choose(self.state, offer)
        refuse_pick(offer, index)  # ("The winner chooses who goes first": one of the two)
        act = options[index]
        self.emit(fe.Chosen(side=winner, kind="first_player", choice=act.label, reason=reason[:400]))

    # --- the game ---------------------------------------------------------------------------------
    def play(self) -> FcState:
        """Set up and play turns until the game ends; the final state."""
        self.setup()
        side = self.state.first
        while self.state.phase != "over":
            self.emit(fe.TurnStarted(turn=self.turn + 1, side=side, last=self.last_turn_for(side)))
            play_turn(self, side)
            if self.over:
                break
            self.emit(fe.TurnEnded(turn=self.turn, side=side))
            self.end_of_turn(side)
            side = other(side)
        return self.state

    @property
    def over(self) -> bool:
        return self.state.phase == "over"

    def last_turn_for(self, side: int) -> bool:
        """Whether the turn ``side`` starts now is the second player's last (summary: "if the 1st
        player wins, the 2nd player has 1 full turn to equal or exceed your VP total"): the second
        player's, once the first player holds the target. A first player who reached it during the
        second player's turn (a free attack's kill) plays their own next turn as any other, and the
        second player's full turn is the one after it (docs/rulings.md)."""
        return side != self.state.first and (self.state.last_turn or self.reached(self.state.first))

    def reached(self, side: int) -> bool:
        return self.state.side(side).vp >= self.state.vp_target

    def check_victory(self) -> bool:
        """The second player wins as soon as they reach the target; the first player's win waits for
        the second player's last turn (``end_of_turn``). True when the game is over."""
        if self.state.phase == "over":
            return True
        second = other(self.state.first)
        if self.reached(second) and not self.state.last_turn:
            self.end(second, f"side {second} reached {self.state.side(second).vp} VP of {self.state.vp_target}")
            return True
        return False

    def end_of_turn(self, side: int) -> None:
        """After a turn: the second player's last turn decided; a side with no ships left loses;
        the second player's win; the turn limit (docs/rulings.md, Fleet Captains, "The end")."""
        if self.state.phase == "over":
            return
        first, second = self.state.first, other(self.state.first)
        vp = (self.state.side(0).vp, self.state.side(1).vp)
        target = self.state.vp_target
        if self.state.last_turn and side == second and max(vp) >= target:
            if vp[second] >= vp[first]:
                self.end(second, f"side {second} equalled side {first}'s {vp[first]} VP in the last turn")
            else:
                self.end(first, f"side {first} won with {vp[first]} VP; side {second} ended on {vp[second]}")
            return
        # (a last turn after which neither side holds the target, the first player's starbase lost
        # in it, decides nothing: the game goes on)
        if not self.state.fleet(0) or not self.state.fleet(1):
            loser = 0 if not self.state.fleet(0) else 1
            self.end(other(loser), f"side {loser} has no ships left")
        elif self.check_victory():
            return
        elif self.turn >= self.turn_limit:
            winner = None if vp[0] == vp[1] else (0 if vp[0] > vp[1] else 1)
            self.end(winner, f"turn limit {self.turn_limit}: VP {vp[0]} to {vp[1]}")

    def end(self, winner: int | None, reason: str) -> None:
        if self.state.phase != "over":
            self.emit(fe.GameEnded(turn=self.turn, winner=winner, reason=reason))


def refuse_pick(offer: Offer, index: object) -> None:
    """A seat's pick must be one of the options the rules offer (a person may type anything)."""
    if type(index) is not int or not 0 <= index < len(offer.options):
        raise ValueError(f"side {offer.side} picked option {index!r} for {offer.kind}: the rules offer only options "
                         f"0 to {len(offer.options) - 1} ({', '.join(a.label for a in offer.options[:6])}"
                         f"{', ...' if len(offer.options) > 6 else ''})")
