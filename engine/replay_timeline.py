"""Open a replay file as a Timeline: the one entry point for `trek view`, `screenshot` and `render`."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.errors import TrekError
from engine.io.reading import show_path
from engine.replay.codec import ReplayCodec
from engine.replay.errors import ReplayError
from engine.replay.reader import Replay, open_replay
from engine.replay.validate import soundness_problem
from engine.rulesets.base import Ruleset
from engine.rulesets.registry import ruleset_for
from engine.timeline import Timeline
from engine.view import CardView


@dataclass(frozen=True)
class LoadedReplay:
    path: Path
    replay: Replay
    header: dict[str, Any]
    timeline: Timeline
    title_card: CardView  # what a video's title card says
    end_card: CardView  # and its end card

    @property
    def title(self) -> str:
        from engine.replay.table_names import table_names

        base = str(self.header.get("scenario_name") or self.header.get("scenario", {}).get("name") or self.path.stem)
        event = table_names(self.header).event  # a table game's own name for itself comes first
        return f"{event}: {base}" if event else base

    @property
    def sides(self) -> list[dict[str, Any]]:
        """The fleets of the header: side, name, faction, points, ships."""
        fleets = self.header.get("fleets")
        return list(fleets) if isinstance(fleets, list) else []


def timeline_for(header: dict[str, Any], events: list[Any], ruleset: Ruleset[Any, Any],
                 codec: ReplayCodec[Any, Any] | None = None) -> Timeline:
    """The Timeline of a replay's events, folded and presented the way its ruleset says."""
    initial = (codec or ruleset.codec).initial_state(header)
    try:
        table = ruleset.table(header)
    except ValueError as exc:
        raise ReplayError(str(exc)) from None
    return Timeline(ruleset, events, initial, table)


def load_timeline(path: str | Path) -> LoadedReplay:
    """Read, validate and fold a replay into a Timeline. A cut-off file opens up to its last whole
    record (``replay.truncated`` says so); anything malformed raises ReplayError saying where."""
    replay = open_replay(Path(path))
    problem = soundness_problem(replay)  # the game played again by the rules: never draw a forged one
    if problem is not None:
        raise ReplayError(f"{show_path(path)} is not a sound replay (see `trek replay validate`): {problem}")
    header = replay.header
    try:
        ruleset = ruleset_for(header.get("ruleset"))
        codec = ruleset.reading(header)
    except TrekError as exc:
        raise ReplayError(f"{path}: {exc}") from None
    events = list(replay.typed_events(codec))
    try:
        timeline = timeline_for(header, events, ruleset, codec)
    except ValueError as exc:  # IllegalEvent and friends: the log does not follow the rules
        raise ReplayError(f"{path}: {exc}") from None
    title = str(header.get("scenario_name") or Path(path).stem)
    cards = ruleset.cards(header, timeline.ruleset_final, replay.truncated, title) if ruleset.cards else (
        CardView("BATTLE REPORT", title, "", (), ruleset.name), CardView("RESULT", title, "", (), ruleset.name))
    from engine.replay.table_names import with_names  # a table game's own names (its notation's Event, Site...)

    return LoadedReplay(Path(path), replay, header, timeline, *with_names(*cards, header))
