"""A Fleet Captains replay written as notation: the header, then every decision (``chosen``) and every
die in the order the game made them, with what the rules made of them as comments (the map laid, the
tiles explored, the tests, the victory points, the end)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.rulesets.fleet_captains import events as fe
from engine.rulesets.fleet_captains.notation.grammar import quoted
from engine.rulesets.fleet_captains.play import FACTIONS
from engine.rulesets.fleet_captains.rules import TURN_LIMIT

PREAMBLE = ("# Star Trek: Fleet Captains game notation (docs/notation.md)",
            "# Exported from a replay by trek notation export. A comment on a decision is the reason the",
            "# player gave; the other comments say what the rules engine made of it.")


def one_line(text: str) -> str:
    return " ".join(text.split())


def export_events(header: dict[str, Any], events: list[fe.Event], cut: str | None = None) -> str:
    found = header.get("notation")
    names: dict[str, Any] = found if isinstance(found, dict) else {}
    out = [*PREAMBLE, "", "Game: fleet_captains"]
    for tag in ("Event", "Date", "Site"):
        if isinstance(names.get(tag), str):
            out.append(f"{tag}: {one_line(names[tag])}")
    out += [f"Scenario: {header.get('scenario', 'fc-standard')}", f"Seed: {header.get('seed')}",
            f"Turns: {header.get('turn_limit', TURN_LIMIT)}"]
    players = list(header.get("players", ["ai", "ai"]))
    for i, letter in enumerate("AB"):
        name = names.get(f"Player {letter}")
        shown = one_line(name) if isinstance(name, str) else (players[i] if i < len(players) else "table")
        out.append(f"Player {letter}: {shown}  # {FACTIONS[i]}")
    out += ["", "Setup"]
    for e in events:
        if isinstance(e, fe.Chosen):
            reason = f"  # {one_line(e.reason)}" if e.reason.strip() else ""
            out.append(f"{FACTIONS[e.side]} {e.kind}: {quoted(e.choice)}{reason}")
        elif isinstance(e, fe.Rolled):
            out.append(f"  {FACTIONS[e.side]} rolls {e.value}  # {one_line(e.purpose)}")
        elif isinstance(e, fe.TurnStarted):
            out += ["", f"Turn {e.turn}  # {FACTIONS[e.side]}"]
        elif isinstance(e, fe.MapLaid):
            out.append("# the map, as laid by the seed's shuffle: " + " ".join(e.tiles))
        elif isinstance(e, fe.Explored):
            out.append(f"  # {e.location} explored: {e.tile}")
        elif isinstance(e, fe.Tested):
            out.append(f"  # {e.kind} test of {'+'.join(e.ships)}: {e.total} against {e.target}, "
                       f"{'success' if e.success else 'failure'}")
        elif isinstance(e, fe.ScoredVp):
            out.append(f"  # {FACTIONS[e.side]} scores {e.amount} VP" + (f": {one_line(e.why)}" if e.why else ""))
        elif isinstance(e, fe.GameEnded):
            winner = "draw" if e.winner is None else FACTIONS[e.winner]
            out += ["", f"Result: {winner}  # {one_line(e.reason)}"]
    if cut:
        out.append(f"# {cut}")
    return "\n".join(out).rstrip("\n") + "\n"


def export_file(path: Path) -> str:
    from engine.replay import open_replay
    from engine.rulesets.fleet_captains.codec import FleetCaptainsCodec
    from engine.rulesets.fleet_captains.upgrades import EVENT_SCHEMA, UPGRADES
    from engine.rulesets.notation import reading_codec

    replay = open_replay(Path(path))
    codec = reading_codec(FleetCaptainsCodec(), EVENT_SCHEMA, UPGRADES, replay.header)
    events: list[fe.Event] = list(replay.typed_events(codec))
    cut = f"the replay is cut off after {len(events)} events: {replay.cut_reason}" if replay.truncated else None
    return export_events(replay.header, events, cut)
