"""A Fleet Captains notation played through the game (``Game``): every decision the engine offers a
seat is answered from the notation's next line, by the option's own words, so an option the rules do
not offer is refused by the game's own offer; every die is the seed's (the reducer checks each roll and
shuffle against the game's generator), and a die the notation writes is checked against it.
"""

from __future__ import annotations

import io
from collections import deque
from dataclasses import dataclass
from typing import Any, Final

from engine.errors import TrekError
from engine.rulesets.fleet_captains import events as fe
from engine.rulesets.fleet_captains.game import Game
from engine.rulesets.fleet_captains.notation.grammar import RULE_HEADER, Line, Notation, parse
from engine.rulesets.fleet_captains.players import Offer
from engine.rulesets.fleet_captains.state import FcState
from engine.rulesets.notation import Issue, NotationRun

DEFAULT_PLAYER: Final = "table"
FREE_TAGS: Final = ("Event", "Date", "Site")
KNOWN_TAGS: Final = ("Game", "Notation", "Scenario", "Seed", "Turns", "Player A", "Player B", *FREE_TAGS)
SCENARIO: Final = "fc-standard"
RULES: Final[dict[str, str]] = {
    "choice": "the summary's turn: each decision is one of the options the rules offer the player then "
              "(moves, actions, tests, cards, influence), named as the game words it",
    "dice": "a Fleet Captains notation's dice are its seed's: the game's generator rolls every die and the "
            "rules check each roll against it (docs/notation.md)",
    "missing": "the notation records every decision the game asks for, in order",
    "unused": "a line the game never reaches (the decision was not asked, or the game was over)",
    "round": "turns come in order",
    "result": "the summary's end of the game: the first side to its fleet size in VP, or the most at the turn limit",
    "engine": "the rules engine refused a step",
}


class Stop(Exception):
    """The notation cannot be followed further (an issue says why)."""


def issue(issues: list[Issue], line: int, code: str, message: str) -> None:
    issues.append(Issue(line, code, message, RULES.get(code, RULE_HEADER)))


class Script:
    def __init__(self, doc: Notation, issues: list[Issue], names: tuple[str, str]) -> None:
        self.lines: deque[Line] = deque(doc.lines)
        self.issues = issues
        self.names = names
        self.last: Line | None = None
        self.result: Line | None = None
        self.state: FcState | None = None

    def side_of(self, word: str) -> int | None:
        w = word.lower()
        names = [n.lower() for n in self.names]
        return names.index(w) if w in names else {"a": 0, "b": 1}.get(w)

    def head(self) -> Line | None:
        while self.lines:
            line = self.lines[0]
            if line.verb == "result":
                self.result = self.lines.popleft()
            elif line.verb == "setup":
                self.lines.popleft()
            elif line.verb == "turn":
                turn = self.state.turn if self.state is not None else 0
                if line.value > turn:
                    return line
                self.lines.popleft()
                if line.value < turn:
                    issue(self.issues, line.no, "round", f"Turn {line.value} after turn {turn} began")
            else:
                return line
        return None

    def take(self) -> Line:
        self.last = self.lines.popleft()
        return self.last

    def on_event(self, event: fe.Event, state: FcState) -> None:
        self.state = state
        if not isinstance(event, fe.Rolled):
            return
        line = self.head()
        if line is None or line.verb != "roll":
            return  # a die the notation does not write is the seed's
        self.take()
        if self.side_of(line.side) != event.side or line.value != event.value:
            issue(self.issues, line.no, "dice", f"{self.names[event.side]}'s die for {event.purpose} shows "
                                                f"{event.value} (the seed's); the line says {line.side} rolls "
                                                f"{line.value}")


class NotationSeat:
    def __init__(self, script: Script, side: int) -> None:
        self.s = script
        self.side = side

    def choose(self, state: FcState, offer: Offer) -> tuple[int, str]:
        self.s.state = state
        line = self.s.head()
        asked = f"{self.s.names[offer.side]}'s {offer.kind}"
        if line is None or line.verb != "decision" or self.s.side_of(line.side) != offer.side \
                or line.kind != offer.kind:
            where = line.no if line is not None else (self.s.last.no if self.s.last else 0)
            said = "the notation has ended" if line is None else f"line {line.no} is not {asked}"
            issue(self.s.issues, where, "missing", f"turn {state.turn}: the game asks for {asked} decision; {said}")
            raise Stop
        self.s.take()
        labels = [o.label for o in offer.options]
        lowered = [x.lower() for x in labels]
        if line.option.lower() not in lowered:
            shown = "; ".join(labels[:12]) + ("; ..." if len(labels) > 12 else "")
            issue(self.s.issues, line.no, "choice", f"{line.option!r} is not an option for {asked} now "
                                                    f"(the options: {shown})")
            raise Stop
        return lowered.index(line.option.lower()), line.reason


@dataclass
class Header:
    seed: int
    turns: int
    players: tuple[str, str]
    free: dict[str, str]


def read_header(doc: Notation, issues: list[Issue]) -> Header | None:
    from engine.rulesets.fleet_captains.rules import TURN_LIMIT

    tags = {name.lower(): (no, value) for name, no, value in doc.tags}
    for name, no, _ in doc.tags:
        if name.lower() not in {k.lower() for k in KNOWN_TAGS}:
            issue(issues, no, "header", f"unknown tag {name!r} (the tags: {', '.join(KNOWN_TAGS)}; the header ends "
                                        "at Setup)")
    no, name = tags.get("scenario", (0, SCENARIO))
    if name.lower() != SCENARIO:
        issue(issues, no, "header", f"Scenario {name!r}: the scenario is {SCENARIO}")
    seed = turns = 0
    no, text = 0, ""
    try:
        no, text = tags.get("seed", (0, "1"))
        seed = int(text)
        no, text = tags.get("turns", (0, str(TURN_LIMIT)))
        turns = int(text)
        if not 2 <= turns <= 400 or not 0 <= seed < 2 ** 63:
            raise ValueError
    except ValueError:
        issue(issues, no, "header", f"{text!r}: Seed is a whole number, Turns 2 to 400")
    if issues:
        return None
    players = (tags.get("player a", (0, DEFAULT_PLAYER))[1] or DEFAULT_PLAYER,
               tags.get("player b", (0, DEFAULT_PLAYER))[1] or DEFAULT_PLAYER)
    free = {name: value for name, _, value in doc.tags
            if name in FREE_TAGS or (name in ("Player A", "Player B") and value not in ("ai", DEFAULT_PLAYER))}
    return Header(seed, turns, players, free)


def header_of(head: Header) -> dict[str, Any]:
    from engine.rulesets.fleet_captains.play import header_for

    header = header_for(head.seed, head.turns)
    header["players"] = ["ai", "ai"] if head.players == ("ai", "ai") else [DEFAULT_PLAYER, DEFAULT_PLAYER]
    if head.free:
        header["notation"] = dict(head.free)
    return header


@dataclass
class Played:
    issues: list[Issue]
    head: Header | None = None
    game: Game | None = None
    states: list[FcState] | None = None


def play_text(text: str) -> Played:
    from engine.rulesets.fleet_captains.content import STANDARD_FLEET_SIZE
    from engine.rulesets.fleet_captains.play import FACTIONS

    doc = parse(text)
    issues: list[Issue] = list(doc.issues)
    head = read_header(doc, issues)
    if head is None or issues:
        return Played(sorted(issues, key=lambda i: i.line))
    script = Script(doc, issues, FACTIONS)
    states: list[FcState] = []

    def sink(event: fe.Event, state: FcState) -> None:
        states.append(state)
        script.on_event(event, state)

    game = Game(head.seed, (NotationSeat(script, 0), NotationSeat(script, 1)), factions=FACTIONS,
                fleet_size=STANDARD_FLEET_SIZE, sink=sink, turn_limit=head.turns)
    stopped = False
    try:
        game.play()
    except Stop:
        stopped = True
    except (TrekError, ValueError) as exc:
        issue(issues, script.last.no if script.last else 0, "engine", str(exc).splitlines()[0])
        stopped = True
    over = game.state.phase == "over"
    while script.lines:
        line = script.lines.popleft()
        if line.verb == "result":
            script.result = line
        elif not stopped and line.verb != "setup":
            issue(issues, line.no, "unused", f"the game {'is over' if over else 'stopped'} before this line")
    if not issues and not over:
        issue(issues, script.last.no if script.last else 0, "missing",
              f"the notation stops in turn {game.state.turn}; the game goes on")
    if not issues and script.result is not None:
        said = script.result.side
        winner = None if said.lower() == "draw" else script.side_of(said)
        if winner != game.state.winner:
            shown = "a draw" if game.state.winner is None else f"{FACTIONS[game.state.winner]} wins"
            issue(issues, script.result.no, "result", f"the rules give: {shown} ({game.state.reason})")
    return Played(sorted(issues, key=lambda i: i.line), head, game, states)


def run_text(text: str, record: bool) -> NotationRun:
    from engine.rulesets.fleet_captains.play import FACTIONS, result_of

    played = play_text(text)
    game, head = played.game, played.head
    if game is None or head is None or played.states is None:
        return NotationRun(False, played.issues, 0, None, None)
    state = game.state
    result = result_of(state)
    ending = ""
    if result is not None:
        ending = f"{'a draw' if state.winner is None else FACTIONS[state.winner] + ' wins'} ({state.reason})"
    sound = not played.issues
    replay = _record(header_of(head), game.events, played.states, result) if sound and record else None
    return NotationRun(sound, played.issues, len(game.events), state.turn, result, ending, (), replay, "turn")


def _record(header: dict[str, Any], events: list[fe.Event], states: list[FcState],
            result: dict[str, Any] | None) -> bytes:
    """The replay's bytes as `trek play` streams them (keyframes where the writer wants one after each
    run of KEYFRAME_EVERY events, the result in the trailer)."""
    from engine.replay.writer import ReplayWriter
    from engine.rulesets.fleet_captains.play import RECORDING
    from engine.rulesets.record import KEYFRAME_EVERY, stamped

    buffer = io.BytesIO()
    codec = RECORDING.codec
    writer = ReplayWriter(buffer, stamped(RECORDING, header), keyframe_every=KEYFRAME_EVERY)
    since = 0
    for event, state in zip(events, states, strict=True):
        writer.event(codec.encode_event(event))
        since += 1
        if since >= KEYFRAME_EVERY and writer.wants_keyframe:
            writer.keyframe(codec.encode_state(state))
            since = 0
    writer.close(result)
    return buffer.getvalue()
