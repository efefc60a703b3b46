"""The Fleet Captains ruleset as the rest of the program sees it (registered in ``engine.rulesets.registry``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.rulesets.base import GameMaker, Played, PlayRequest, Ruleset
from engine.rulesets.fleet_captains import events as fe
from engine.rulesets.fleet_captains.codec import NAME, FleetCaptainsCodec, format_state
from engine.rulesets.fleet_captains.presenter import FcPresenter, seconds, table
from engine.rulesets.fleet_captains.screen import cards
from engine.rulesets.fleet_captains.state import FcState
from engine.rulesets.fleet_captains.upgrades import EVENT_SCHEMA, UPGRADES


def _bundled() -> tuple[str, ...]:
    from engine.rulesets.fleet_captains.play import SCENARIOS

    return SCENARIOS


def _plays(name: str) -> bool:
    from engine.rulesets.fleet_captains.play import plays

    return plays(name)


def _play(request: PlayRequest) -> Played:
    from engine.rulesets.fleet_captains.play import play_command

    return play_command(request)


def _replay_check(header: dict[str, Any], events: Iterator[dict[str, Any]], result: dict[str, Any] | None,
                  complete: bool) -> list[str]:
    from engine.rulesets.fleet_captains.replay_check import replay_game

    return replay_game(header, events, result, complete)


RULESET: Ruleset[FcState, fe.Event] = Ruleset(
    name=NAME,
    codec=FleetCaptainsCodec(),
    table=table,
    presenter=FcPresenter,
    seconds=seconds,
    format_state=format_state,
    maker=GameMaker(_bundled, _plays, _play),
    replay_check=_replay_check,
    cards=cards,
    event_schema=EVENT_SCHEMA,
    upgrades=UPGRADES,
)
