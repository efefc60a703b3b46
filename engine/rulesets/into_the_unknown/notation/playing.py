"""An Into the Unknown notation's header and the game it plays: `trek notation check|import` (the issues,
the replay's bytes as `trek play` writes them) and `trek replay validate` of a game played at a table."""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from engine.errors import TrekError
from engine.rulesets.into_the_unknown import mission
from engine.rulesets.into_the_unknown.events import ItuEvent
from engine.rulesets.into_the_unknown.game import ROUND_LIMIT, ItuGame
from engine.rulesets.into_the_unknown.notation.grammar import Notation, parse
from engine.rulesets.into_the_unknown.notation.importer import NotationSeat, Script, Stop, TableDice, issue, refusal
from engine.rulesets.into_the_unknown.state import ItuState
from engine.rulesets.notation import Issue, NotationRun
from engine.rulesets.rng import TABLE_DICE

DEFAULT_PLAYER: Final = "table"
FREE_TAGS: Final = ("Event", "Date", "Site", "Round")
KNOWN_TAGS: Final = ("Game", "Notation", "Mission", "Seed", "Rounds", "Player A", "Player B", *FREE_TAGS)


@dataclass
class Header:
    seed: int
    rounds: int
    players: tuple[str, str]
    free: dict[str, str]


def read_header(doc: Notation, issues: list[Issue]) -> Header | None:
    tags = {name.lower(): (no, value) for name, no, value in doc.tags}
    for name, no, _ in doc.tags:
        if name.lower() not in {k.lower() for k in KNOWN_TAGS}:
            issue(issues, no, "header", f"unknown tag {name!r} (the tags: {', '.join(KNOWN_TAGS)})")
    no, name = tags.get("mission", (0, mission.NAME))
    if name.lower() != mission.NAME:
        issue(issues, no, "header", f"Mission {name!r}: the mission is {mission.NAME} ({mission.TITLE})")
    seed = rounds = 0
    try:
        no, text = tags.get("seed", (0, "1"))
        seed = int(text)
        no, text = tags.get("rounds", (0, str(ROUND_LIMIT)))
        rounds = int(text)
        if not 1 <= rounds <= ROUND_LIMIT or not 0 <= seed < 2 ** 63:
            raise ValueError
    except ValueError:
        issue(issues, no, "header", f"{text!r}: Seed is a whole number, Rounds 1 to {ROUND_LIMIT}")
    if issues:
        return None
    players = (tags.get("player a", (0, DEFAULT_PLAYER))[1] or DEFAULT_PLAYER,
               tags.get("player b", (0, DEFAULT_PLAYER))[1] or DEFAULT_PLAYER)
    free = {name: value for name, _, value in doc.tags if name in FREE_TAGS or (name.lower() in ("player a", "player b")
            and value not in ("ai", DEFAULT_PLAYER))}
    return Header(seed, rounds, players, free)


def header_of(head: Header) -> dict[str, Any]:
    """The replay header `trek play` writes, the seats the players (``ai`` or the table), and the names the
    table gave (Event, Date, Site, players) under ``notation``."""
    from engine.rulesets.into_the_unknown.play import header_for

    header = header_for(head.seed, head.rounds)
    # the AI's seats only where the AI played both (the game `trek replay validate` plays again), else the table's
    header["seats"] = ["ai", "ai"] if head.players == ("ai", "ai") else [DEFAULT_PLAYER, DEFAULT_PLAYER]
    if head.free:
        header["notation"] = dict(head.free)
    return header


@dataclass
class Played:
    """A notation played: its issues (in line order), its header and the game as far as it went."""

    issues: list[Issue]
    head: Header | None = None
    game: ItuGame | None = None


def play_text(text: str) -> Played:
    """Play a notation's text through the game; the issues say what the rules or the grammar refuse."""
    doc = parse(text)
    issues: list[Issue] = list(doc.issues)
    head = read_header(doc, issues)
    if head is None or issues:
        return Played(sorted(issues, key=lambda i: i.line))
    script = Script(doc, issues, head.seed)
    seats = [NotationSeat(script, 0), NotationSeat(script, 1)]
    events: list[ItuEvent] = []

    def sink(event: ItuEvent, state: ItuState) -> None:
        events.append(event)
        script.on_event(event, state)

    game = ItuGame(head.seed, seats, sink, head.rounds)  # the mission's setup: the seed's anomalies
    script.game = game
    token = TABLE_DICE.set(TableDice(script))
    stopped = False
    try:
        game.play()
        script.finish_dice()
    except Stop:
        stopped = True
    except (TrekError, ValueError) as exc:  # the engine's own refusal (IllegalOrder, IllegalAttack, reducer)
        where = script.last.no if script.last is not None else 0
        verb = script.last.verb if script.last is not None else ""
        issue(issues, where, {"order": "order", "ready": "ready", "relocate": "ready"}.get(verb, "engine"),
              refusal(exc))
        stopped = True
    finally:
        TABLE_DICE.reset(token)
    state = game.state
    while script.lines:
        line = script.lines.popleft()
        if line.verb == "result":
            script.result = line
        elif not stopped and (line.verb != "round" or state.over):
            issue(issues, line.no, "unused", f"the game {'is over' if state.over else 'stopped'} before this line")
    if not issues and not state.over:
        issue(issues, script.last.no if script.last else 0, "missing",
              f"the notation stops in round {state.round}; the game goes on")
    if not issues and script.result is not None and state.over:
        said = script.result.args
        winner = script.side_of(said["winner"])
        scores = (state.score(0), state.score(1))
        if winner != state.winner or ("a" in said and (int(said["a"]), int(said["b"])) != scores):
            issue(issues, script.result.no, "result", f"the rules give: {state.sides[state.winner or 0]} wins, "
                                                      f"{scores[0]} to {scores[1]}")
    return Played(sorted(issues, key=lambda i: i.line), head, game)


def run_text(text: str, base: Path | None, record: bool) -> NotationRun:
    """`trek notation check|import` of an Into the Unknown notation (``base``: files are named in none)."""
    from engine.rulesets.into_the_unknown.play import result_of

    played = play_text(text)
    game, head = played.game, played.head
    if game is None or head is None:
        return NotationRun(False, played.issues, 0, None, None)
    state = game.state
    result = result_of(game)
    ending = ""
    if state.over and state.winner is not None:
        ending = f"{state.sides[state.winner]} wins, {state.score(0)} to {state.score(1)}"
    issues = list(played.issues)
    header = header_of(head)
    if not issues and header["seats"] == ["ai", "ai"]:  # a replay that says the AI played is checked as the AI's
        from engine.rulesets.into_the_unknown.play import RECORDING, replay_check

        raw = (RECORDING.codec.encode_event(e) for e in game.events)
        if replay_check(header, raw, result, True):
            line = next((no for name, no, _ in parse(text).tags if name.lower() in ("player a", "player b")), 0)
            issue(issues, line, "header", "Player A and Player B say ai, but these are not the decisions the AI "
                                          "makes: name the players (or write table)")
    sound = not issues
    replay = _record(header, game.events, result) if sound and record else None
    return NotationRun(sound, issues, len(game.events), state.round, result, ending, (), replay)


def replay_check(header: dict[str, Any], events: Iterator[dict[str, Any]], result: dict[str, Any] | None,
                 complete: bool) -> list[str]:
    """`trek replay validate` of an Into the Unknown replay: a game the AI played is played again by the
    AI (``play.replay_check``); a game played at a table (seats ``table``) by its recorded decisions."""
    from engine.rulesets.into_the_unknown import play

    if header.get("mission") == mission.NAME and list(header.get("seats", [])) == [DEFAULT_PLAYER, DEFAULT_PLAYER]:
        return table_check(header, events, result, complete)
    return play.replay_check(header, events, result, complete)


def table_check(header: dict[str, Any], events: Iterator[dict[str, Any]], result: dict[str, Any] | None,
                complete: bool) -> list[str]:
    """`trek replay validate` of a game played at a table (no AI seat to play it again): its decisions
    and dice, written as notation, are played again through the rules, and every event must be the
    one the rules give, as must the result."""
    from engine.rulesets.into_the_unknown.notation.exporter import export_events
    from engine.rulesets.into_the_unknown.play import RECORDING, result_of

    raw = list(events)
    try:
        typed = [RECORDING.codec.decode_event(e) for e in raw]
        text = export_events(header, typed)
    except (TrekError, ValueError) as exc:
        return [f"the recorded game cannot be played again: {str(exc).splitlines()[0]}"]
    played = play_text(text)
    game = played.game
    if game is None:
        return [f"the recorded game cannot be played again: {played.issues[0].message}"]
    for index, event in enumerate(game.events[:len(raw)]):
        if RECORDING.codec.encode_event(event) != raw[index]:
            return [f"event {index} ({raw[index].get('type')}): the rules give {event.type} "
                    f"{RECORDING.codec.encode_event(event)}"]
    refused = [i for i in played.issues if complete or i.code != "missing"]
    if refused:
        return [f"the rules refuse the recorded game: {refused[0].message}"]
    if complete and len(game.events) != len(raw):
        return [f"the file ends after {len(raw)} events; the game goes on to {len(game.events)}"]
    if complete and result != result_of(game):
        return [f"the file's result {result} is not the game's {result_of(game)}"]
    return []


def _record(header: dict[str, Any], events: list[ItuEvent], result: dict[str, Any] | None) -> bytes:
    """The replay's bytes as `trek play` streams them: the header stamped with the ruleset, every event,
    a keyframe where the writer wants one after each run of KEYFRAME_EVERY events, the result."""
    from engine.replay.writer import ReplayWriter
    from engine.rulesets.into_the_unknown.play import RECORDING
    from engine.rulesets.into_the_unknown.reducer import apply
    from engine.rulesets.record import KEYFRAME_EVERY, stamped

    buffer = io.BytesIO()
    codec = RECORDING.codec
    writer = ReplayWriter(buffer, stamped(RECORDING, header), keyframe_every=KEYFRAME_EVERY)
    state = ItuState()
    since = 0
    for event in events:
        state = apply(state, event)
        writer.event(codec.encode_event(event))
        since += 1
        if since >= KEYFRAME_EVERY and writer.wants_keyframe:
            writer.keyframe(codec.encode_state(state))
            since = 0
    writer.close(result)
    return buffer.getvalue()
