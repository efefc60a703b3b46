"""Open a replay file as a Timeline: the one entry point for `trek view`, `screenshot` and `render`."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from engine.geometry.shapes import Obstacle, Planet
from engine.replay.codec import ReplayCodec, codec_for
from engine.replay.errors import ReplayError
from engine.replay.reader import Replay, open_replay
from engine.rulesets.attack_wing.scenario import parse_scenario
from engine.timeline import TableGeometry, Timeline


@dataclass(frozen=True)
class LoadedReplay:
    path: Path
    replay: Replay
    header: dict[str, Any]
    timeline: Timeline

    @property
    def title(self) -> str:
        return str(self.header.get("scenario_name") or self.header.get("scenario", {}).get("name") or self.path.stem)

    @property
    def sides(self) -> list[dict[str, Any]]:
        """The fleets of the header: side, name, faction, points, ships."""
        fleets = self.header.get("fleets")
        return list(fleets) if isinstance(fleets, list) else []


def table_geometry(header: dict[str, Any]) -> TableGeometry:
    """The play area, obstacles and planets from a replay header's scenario (validated)."""
    try:
        spec = parse_scenario(header.get("scenario"))
    except (ValidationError, ValueError) as exc:
        raise ReplayError(f"the replay header's scenario is not valid: {exc}".splitlines()[0]) from None
    return TableGeometry(
        (spec.play_area.width, spec.play_area.height),
        tuple(Obstacle(tuple((float(x), float(y)) for x, y in o.points), o.name) for o in spec.obstacles),
        tuple(Planet(p.x, p.y, p.radius, p.name) for p in spec.planets),
    )


def alliance_table_geometry(header: dict[str, Any]) -> TableGeometry:
    """The play area, obstacles and planets an Alliance header's ``table`` carries (checked)."""
    table = header.get("table")
    try:
        if not isinstance(table, dict):
            raise ValueError("no table")
        area = table["play_area"]
        width, height = _mm(area["width"]), _mm(area["height"])
        if width <= 0 or height <= 0:
            raise ValueError("an empty play area")
        obstacles = tuple(Obstacle(tuple((_mm(x), _mm(y)) for x, y in o["points"]), str(o.get("name", "obstacle")))
                          for o in table.get("obstacles", ()))
        planets = tuple(Planet(_mm(p["x"]), _mm(p["y"]), _mm(p["radius"]), str(p.get("name", "planet")))
                        for p in table.get("planets", ()))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ReplayError(f"the replay header's table is not valid: {exc!r}") from None
    return TableGeometry((width, height), obstacles, planets)


def _mm(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not -1e6 <= value <= 1e6:
        raise ValueError(f"not a distance in mm: {value!r}")
    return float(value)


def timeline_for(header: dict[str, Any], events: list[Any], codec: ReplayCodec[Any, Any]) -> Timeline:
    """The Timeline of a replay's events, folded and narrated the way its ruleset says."""
    initial = codec.initial_state(header)
    if header.get("ruleset") == "alliance":
        from engine.rulesets.alliance.narrate import decision, decision_view, log_line

        return Timeline(events, initial, alliance_table_geometry(header), apply=codec.apply,
                        game_state=lambda s: s.aw, log_line=log_line, reason=decision,
                        decision=decision_view)
    return Timeline(events, initial, table_geometry(header))


def load_timeline(path: str | Path) -> LoadedReplay:
    """Read, validate and fold a replay into a Timeline. A cut-off file opens up to its last whole
    record (``replay.truncated`` says so); anything malformed raises ReplayError saying where."""
    replay = open_replay(Path(path))
    header = replay.header
    codec = codec_for(header.get("ruleset"))
    events = list(replay.typed_events(codec))
    try:
        timeline = timeline_for(header, events, codec)
    except ValueError as exc:  # IllegalEvent and friends: the log does not follow the rules
        raise ReplayError(f"{path}: {exc}") from None
    return LoadedReplay(Path(path), replay, header, timeline)
