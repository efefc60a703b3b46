"""The Alliance ruleset as the rest of the program sees it (registered in ``engine.rulesets.registry``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from engine.rulesets.alliance import events as ae
from engine.rulesets.alliance.codec import RULESET as NAME
from engine.rulesets.alliance.codec import AllianceCodec, format_state
from engine.rulesets.alliance.upgrades import EVENT_SCHEMA, UPGRADES
from engine.rulesets.attack_wing.ruleset import LUCK
from engine.rulesets.base import Luck, Ruleset
from engine.rulesets.lazy import lazy, lazy_maker

if TYPE_CHECKING:
    from engine.rulesets.alliance.state import AllianceState
    from engine.rulesets.attack_wing import events as ev
    from engine.timeline import TableGeometry


def table_geometry(header: dict[str, Any]) -> TableGeometry:
    """The play area, obstacles and planets an Alliance header's ``table`` carries (checked)."""
    from engine.geometry.shapes import Obstacle, Planet
    from engine.rulesets.alliance.screen import markers
    from engine.timeline import TableGeometry

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
        raise ValueError(f"the replay header's table is not valid: {exc!r}") from None
    return TableGeometry((width, height), obstacles, planets, markers(header))


def _mm(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not -1e6 <= value <= 1e6:
        raise ValueError(f"not a distance in mm: {value!r}")
    return float(value)


def _arrivals(event: Any) -> Iterable[ev.ShipSetup]:
    """The Enemy AI's ships, which join after the game started (Reinforcements Phase)."""
    return event.ships if isinstance(event, ae.ReinforcementsArrived) else ()


def _luck(events: Iterable[Any]) -> list[dict[str, Any]] | None:
    from engine.rulesets.attack_wing.luck import luck

    sides = luck(events, joins=_arrivals)
    return None if sides is None else [s.as_json() for s in sides]


# Alliance logs carry the Attack Wing attack events; the Enemy AI's ships arrive as reinforcements,
# after GameStarted, so their sides come from those events too
ALLIANCE_LUCK = Luck(LUCK.reads | {"reinforcements_arrived"}, LUCK.needs, _luck)


RULESET: Ruleset[AllianceState, ae.AnyEvent] = Ruleset(
    name=NAME,
    codec=AllianceCodec(),
    table=table_geometry,
    # the view loads when a replay is drawn, not when one is listed or checked
    presenter=lazy("engine.rulesets.alliance.presenter", "AlliancePresenter"),
    seconds=lazy("engine.rulesets.attack_wing.presenter", "seconds"),
    format_state=format_state,
    # the game and the Enemy AI load only when a mission is played (opening a replay needs neither)
    maker=lazy_maker("engine.rulesets.alliance.play", bundled=("engine.rulesets.alliance.mission", "bundled_missions"),
                     seated="engine.rulesets.alliance.replay_check"),
    replay_check=lazy("engine.rulesets.alliance.replay_check", "replay_game"),
    luck=ALLIANCE_LUCK,
    event_schema=EVENT_SCHEMA,
    upgrades=UPGRADES,
    cards=lazy("engine.rulesets.alliance.screen", "cards"),
)
