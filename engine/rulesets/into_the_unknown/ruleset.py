"""Into the Unknown as the rest of the program sees it: its codec, table, presenter and name."""

from __future__ import annotations

from typing import Any

from engine.rulesets.base import GameMaker, Ruleset
from engine.rulesets.into_the_unknown import play, teaching
from engine.rulesets.into_the_unknown.codec import NAME, ItuCodec
from engine.rulesets.into_the_unknown.events import ItuEvent
from engine.rulesets.into_the_unknown.mission import OBJECTIVES
from engine.rulesets.into_the_unknown.presenter import ItuPresenter, seconds
from engine.rulesets.into_the_unknown.screen import cards
from engine.rulesets.into_the_unknown.state import ItuState
from engine.rulesets.into_the_unknown.table import SECTOR_MM
from engine.rulesets.into_the_unknown.upgrades import EVENT_SCHEMA, UPGRADES
from engine.rulesets.lazy import lazy
from engine.timeline import TableGeometry
from engine.view import MarkerView


def table(header: dict[str, Any]) -> TableGeometry:
    """The 3' x 3' sector, with the mission's objective tokens as markers."""
    return TableGeometry((SECTOR_MM, SECTOR_MM), markers=tuple(MarkerView(label="O", x=x, y=y, text="objective")
                                                               for _, x, y, _ in OBJECTIVES))


RULESET: Ruleset[ItuState, ItuEvent] = Ruleset(
    name=NAME, codec=ItuCodec(), table=table, presenter=ItuPresenter, seconds=seconds,
    maker=GameMaker(play.bundled, play.plays, play.play_command, seated=play.seated_from_header),
    # the AI's and people's games played again by their seats, a table's by its recorded decisions
    replay_check=lazy("engine.rulesets.into_the_unknown.notation.playing", "replay_check"),
    event_schema=EVENT_SCHEMA, upgrades=UPGRADES, cards=cards, teaching=lambda name: teaching.plate(name),
    notation=lazy("engine.rulesets.into_the_unknown.notation", "notation"))
