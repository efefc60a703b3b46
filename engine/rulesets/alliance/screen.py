"""What the screen says around the table during an Alliance mission: the mission's markers on
the table (the sensor data sites, and who collected each) and the title and end cards (the
mission and its campaign; the mission's result, the XP earned, how each ship ended: destroyed,
retreated or still flying). The rest (dice, header, panels) is Attack Wing's
(``engine.rulesets.attack_wing.screen``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.rulesets.alliance.mission import MissionError, TokenSite, parse_mission
from engine.rulesets.alliance.state import ENEMY, PLAYERS, AllianceState
from engine.rulesets.attack_wing.screen import fleet_lines, footer, items, rounds_footer, side_of, title_of
from engine.view import CardView, FleetCardView, MarkerView, ShipLineView

GAME_NAME: Final = "Star Trek: Alliance"


def token_sites(header: Mapping[str, Any]) -> tuple[TokenSite, ...]:
    """The mission's sensor data sites for the header's number of players (none if unreadable)."""
    players = header.get("players")
    try:
        mission = parse_mission(header.get("mission"), "the replay header's mission")
    except MissionError:
        return ()
    count = players if isinstance(players, int) and not isinstance(players, bool) else 6
    return mission.token_sites(count)


def markers(header: Mapping[str, Any]) -> tuple[MarkerView, ...]:
    """The mission's markers on the table: its bearing arrows (numbered, pointing into the map)
    and its sensor data sites (none collected yet)."""
    return bearing_arrows(header) + tuple(MarkerView(s.label, s.x, s.y, f"{s.kind} sensor data")
                                          for s in token_sites(header))


def bearing_arrows(header: Mapping[str, Any]) -> tuple[MarkerView, ...]:
    """The mission's bearing arrows (none if the mission is unreadable)."""
    try:
        mission = parse_mission(header.get("mission"), "the replay header's mission")
    except MissionError:
        return ()
    arrows = []
    for b in mission.spec.bearings:
        pose = mission.bearing_pose(b.number)
        arrows.append(MarkerView(str(b.number), pose.x, pose.y, f"bearing {b.number}", heading=pose.heading))
    return tuple(arrows)


def cards(header: Mapping[str, Any], final: AllianceState, truncated: bool, fallback: str) -> tuple[CardView, CardView]:
    """A mission video's title and end cards (the ruleset's ``cards``)."""
    return title_card(header, fallback), end_card(header, final, truncated)


def _players(header: Mapping[str, Any]) -> list[dict[str, Any]]:
    fleets = header.get("fleets")
    return [f for f in fleets if isinstance(f, dict)] if isinstance(fleets, list) else []


def title_card(header: Mapping[str, Any], fallback: str) -> CardView:
    """The mission's title card: the mission, its campaign, the player ships with their captains
    and upgrades, the Enemy AI's formations (they arrive during the game), seed and round limit."""
    mission = header.get("mission") if isinstance(header.get("mission"), dict) else {}
    assert isinstance(mission, dict)
    fleets: list[FleetCardView] = []
    for f in _players(header)[:2]:
        side = side_of(f.get("side"), len(fleets))
        ships = tuple(ShipLineView(str(s.get("name", "?")), str(s.get("class_name", "")),
                                   " - ".join(str(u) for u in items(s.get("upgrades")) if isinstance(u, str)))
                      for s in items(f.get("ships")) if isinstance(s, dict))
        if side == ENEMY:
            waves = [w for w in items(mission.get("enemy_ships")) if isinstance(w, dict)]
            ships = tuple(ShipLineView(str(w.get("formation", "?")), f"arrives {_arrival(w.get('arrival'))}")
                          for w in waves)
            summary = f"{len(waves)} formations, by the Enemy Logic cards"
        else:
            summary = f"{len(ships)} player ships"
        fleets.append(FleetCardView(side, str(f.get("name", "")), None, "",
                                    summary, ships))
    limit = header.get("round_limit")
    return CardView("MISSION", title_of(header, fallback), str(mission.get("campaign", "")), tuple(fleets),
                    footer(header, limit if isinstance(limit, int) else 0, GAME_NAME))


def _arrival(arrival: Any) -> str:
    return "at setup" if arrival == "setup" else f"in round {arrival}"


def end_card(header: Mapping[str, Any], final: AllianceState, truncated: bool) -> CardView:
    """The mission's end card: success or failure and why, the XP each player ship earned, the
    mission tokens brought back, how every ship ended (a retreated ship as retreated)."""
    state = final.aw
    names = {side_of(f.get("side"), k): str(f.get("name", "")) for k, f in enumerate(_players(header))}
    xp = dict(final.mission.xp) if final.mission else {}
    fleets = []
    for side in (PLAYERS, ENEMY):
        lines = fleet_lines(state, side, final.retreated)
        gone = sum(1 for s in lines if s.status in ("destroyed", "fled"))
        left = sum(1 for s in lines if s.status == "retreated")
        summary = f"{len(lines) - gone - left} of {len(lines)} ships flying, {gone} destroyed" + (
            f", {left} retreated" if left else "")
        points = sum(xp.values()) if side == PLAYERS and final.mission else None
        fleets.append(FleetCardView(side, names.get(side, "Players" if side == PLAYERS else "Enemy AI"), points,
                                    "XP earned" if points is not None else "", summary, lines))
    if final.mission is None:
        title, subtitle, winner = "Unfinished", "the replay stops before the end of the mission", None
    else:
        title = f"Mission {'success' if final.mission.success else 'failure'}"
        back = f"; sensor data brought back: {', '.join(final.mission.returned)}" if final.mission.returned else ""
        subtitle, winner = final.mission.reason + back, PLAYERS if final.mission.success else ENEMY
    return CardView("RESULT", title, subtitle, tuple(fleets), rounds_footer(state.round, truncated, GAME_NAME),
                    headline_side=winner)
