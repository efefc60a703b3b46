"""The Fleet Captains ruleset as the rest of the program sees it (registered in ``engine.rulesets.registry``)."""

from __future__ import annotations

from engine.rulesets.base import Ruleset
from engine.rulesets.fleet_captains import events as fe
from engine.rulesets.fleet_captains.codec import NAME, FleetCaptainsCodec, format_state
from engine.rulesets.fleet_captains.presenter import FcPresenter, seconds, table
from engine.rulesets.fleet_captains.screen import cards
from engine.rulesets.fleet_captains.state import FcState
from engine.rulesets.fleet_captains.upgrades import EVENT_SCHEMA, UPGRADES
from engine.rulesets.lazy import lazy, lazy_maker

RULESET: Ruleset[FcState, fe.Event] = Ruleset(
    name=NAME,
    codec=FleetCaptainsCodec(),
    table=table,
    presenter=FcPresenter,
    seconds=seconds,
    format_state=format_state,
    maker=lazy_maker("engine.rulesets.fleet_captains.play"),  # the game loads only when one is played
    replay_check=lazy("engine.rulesets.fleet_captains.replay_check", "replay_game"),
    cards=cards,
    event_schema=EVENT_SCHEMA,
    upgrades=UPGRADES,
    round_key="turn",  # each event carries its turn: a side's turn is this game's round
    round_name="turn",
    notation=lazy("engine.rulesets.fleet_captains.notation", "notation"),
)
