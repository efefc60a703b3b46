"""Title and end cards of a battle-report video, drawn on the 2D layer over the table.

``title_info(loaded)`` and ``end_info(loaded)`` collect what the cards say from a replay (pure);
``Cards(parent, aspect)`` draws either over a dark panel (``show_title``, ``show_end``) under
an aspect2d-like ``parent``; ``hide`` clears it. The same renderer draws the cards and the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from panda3d.core import NodePath, TransparencyAttrib

from engine.replay_timeline import LoadedReplay
from studio import palette
from studio.hud import DIM, WHITE, Label, Shapes, replace_children, short

CARD_BACK: Final = (0.015, 0.02, 0.045, 0.9)
GOLD: Final = (1.0, 0.82, 0.35, 1.0)
RULE: Final = (0.4, 0.5, 0.75, 0.6)


@dataclass(frozen=True)
class ShipLine:
    name: str
    class_name: str = ""
    captain: str = ""
    points: int = 0
    status: str = ""  # end card: "destroyed", "fled", "hull 3/5"


@dataclass(frozen=True)
class FleetInfo:
    side: int
    name: str
    faction: str
    points: int
    ships: tuple[ShipLine, ...] = ()
    scored: int | None = None  # end card: fleet points scored
    lost: int | None = None  # end card: ships lost


@dataclass(frozen=True)
class CardInfo:
    title: str
    subtitle: str
    fleets: tuple[FleetInfo, ...]
    footer: str
    kicker: str = "BATTLE REPORT"
    headline_side: int | None = None  # end card: the winner's side (None: a draw)
    extra: dict[str, Any] = field(default_factory=dict)


def _int(v: Any, default: int = 0) -> int:
    return int(v) if isinstance(v, int | float) and not isinstance(v, bool) else default


def _fleets(loaded: LoadedReplay) -> list[dict[str, Any]]:
    out = [f for f in loaded.sides if isinstance(f, dict)]
    if len(out) >= 2:
        return out
    by_side: dict[int, list[Any]] = {}
    for s in loaded.timeline.final.ships:
        by_side.setdefault(s.side, []).append(s)
    return [{"side": k, "name": v[0].faction, "faction": v[0].faction, "points": sum(s.cost for s in v),
             "ships": [{"name": s.name, "class_name": s.class_name, "captain": s.captain, "cost": s.cost} for s in v]}
            for k, v in sorted(by_side.items())]


def title_info(loaded: LoadedReplay) -> CardInfo:
    """The title card: scenario, its description, both fleets with ships and points, the seed."""
    scenario = loaded.header.get("scenario")
    description = str(scenario.get("description", "")) if isinstance(scenario, dict) else ""
    fleets = []
    for k, f in enumerate(_fleets(loaded)[:2]):
        ships = tuple(ShipLine(str(s.get("name", "?")), str(s.get("class_name", "")), str(s.get("captain", "") or ""),
                               _int(s.get("cost"))) for s in f.get("ships", []) if isinstance(s, dict))
        fleets.append(FleetInfo(_int(f.get("side"), k), str(f.get("name", f"Fleet {k + 1}")),
                                str(f.get("faction", "")), _int(f.get("points")), ships))
    seed = loaded.header.get("seed")
    limit = loaded.timeline.final.round_limit or _int(loaded.header.get("round_limit"))
    footer = "  |  ".join(p for p in (f"seed {seed}" if seed is not None else "",
                                      f"{limit} rounds" if limit else "", "Star Trek: Attack Wing") if p)
    return CardInfo(loaded.title.replace("_", " ").title(), description, tuple(fleets), footer)


def end_info(loaded: LoadedReplay) -> CardInfo:
    """The end card: the winner and why, fleet points scored, ships lost, how each ship ended."""
    state = loaded.timeline.final
    result = state.result
    fleets = []
    for k, f in enumerate(_fleets(loaded)[:2]):
        side = _int(f.get("side"), k)
        lines = []
        for s in state.ships:
            if s.side != side:
                continue
            status = ("fled" if s.fled else "destroyed") if s.destroyed else (
                f"hull {max(s.hull - s.hull_damage, 0)}/{s.hull}, shields {s.shields}/{s.shields_max}")
            lines.append(ShipLine(s.name, s.class_name, s.captain, s.cost, status))
        fleets.append(FleetInfo(side, str(f.get("name", f"Fleet {k + 1}")), str(f.get("faction", "")),
                                _int(f.get("points")), tuple(lines),
                                result.points[side] if result else None, result.ships_lost[side] if result else None))
    names = {f.side: f.name for f in fleets}
    winner: int | None
    if result is None:
        title, subtitle, winner = "Unfinished", "the replay stops before the end of the game", None
    elif result.winner is None:
        title, subtitle, winner = "Draw", result.reason, None
    else:
        title, subtitle, winner = f"{names.get(result.winner, 'Fleet')} wins", result.reason, result.winner
    rounds = state.round
    truncated = loaded.replay.truncated
    footer = f"{rounds} round{'s' if rounds != 1 else ''} played" + ("  |  replay cut off" if truncated else "")
    return CardInfo(title, subtitle, tuple(fleets), footer, kicker="RESULT", headline_side=winner)


class Cards:
    """Draws a card under ``parent`` (aspect2d-like) over a dark panel; hidden until shown."""

    def __init__(self, parent: NodePath, aspect: float) -> None:
        self.aspect = aspect
        self.root = parent.attachNewNode("cards")
        self.root.setTransparency(TransparencyAttrib.MAlpha)
        self.root.setBin("unsorted", 0)
        self.root.setDepthTest(False)
        self.root.setDepthWrite(False)
        self.root.setLightOff(1)
        self.root.setTwoSided(True)
        self.root.hide()
        self._shown: CardInfo | None = None

    def hide(self) -> None:
        self.root.hide()

    def destroy(self) -> None:
        self.root.removeNode()

    def show_title(self, info: CardInfo) -> None:
        self._show(info, end=False)

    def show_end(self, info: CardInfo) -> None:
        self._show(info, end=True)

    def _show(self, info: CardInfo, end: bool) -> None:
        self.root.show()
        if info == self._shown:
            return
        self._shown = info
        root = replace_children(self.root)
        a = self.aspect
        back = Shapes()
        back.rect(-a - 0.01, -1.01, a + 0.01, 1.01, CARD_BACK)
        back.rect(-0.9 * a, 0.43, 0.9 * a, 0.435, RULE)
        back.rect(-0.9 * a, -0.78, 0.9 * a, -0.775, RULE)
        back.node(root, "back")
        Label(root, "kicker", 0.05, "center", GOLD).set(info.kicker, pos=(0.0, 0.8))
        colour = (palette.mix(palette.player_colour(info.headline_side), WHITE, 0.2)
                  if info.headline_side is not None else WHITE)
        Label(root, "title", 0.13 if len(info.title) < 22 else 0.1, "center", colour).set(
            short(info.title, 34), pos=(0.0, 0.63))
        sub = Label(root, "subtitle", 0.042, "center", DIM, wrap=min(70.0, 38 * a))
        sub.set(info.subtitle, pos=(0.0, 0.53))
        Label(root, "footer", 0.036, "center", DIM).set(info.footer, pos=(0.0, -0.87))
        if len(info.fleets) == 2:
            Label(root, "vs", 0.09, "center", (0.8, 0.82, 0.9, 1.0)).set("VS" if not end else "", pos=(0.0, 0.2))
        col_w = min(0.85 * a - 0.1, 1.25)
        for k, fleet in enumerate(info.fleets[:2]):
            x0 = -0.08 - col_w if k == 0 else 0.08
            self._fleet(root, fleet, x0, col_w, end)

    def _fleet(self, root: NodePath, fleet: FleetInfo, x0: float, w: float, end: bool) -> None:
        colour = palette.player_colour(fleet.side)
        light = palette.mix(colour, WHITE, 0.3)
        step = min(0.17, 0.75 / max(len(fleet.ships), 1))
        bottom = max(0.06 - step * (len(fleet.ships) - 1) - 0.13, -0.74)
        s = Shapes()
        s.rounded(x0, bottom, x0 + w, 0.37, 0.03, (0.04, 0.05, 0.09, 0.92))
        s.rect(x0, 0.355, x0 + w, 0.37, colour)
        s.node(root, "fleet-back")
        Label(root, "fleet", 0.07, "left", light).set(short(fleet.name, 26), pos=(x0 + 0.04, 0.25))
        if end and fleet.scored is not None:
            Label(root, "scored", 0.11, "right", WHITE).set(str(fleet.scored), pos=(x0 + w - 0.04, 0.22))
            Label(root, "scored-l", 0.032, "right", DIM).set("fleet points scored", pos=(x0 + w - 0.04, 0.16))
            lost = fleet.lost or 0
            text = f"{len(fleet.ships) - lost} of {len(fleet.ships)} ships left, {lost} lost"
            Label(root, "lost", 0.04, "left", DIM).set(text, pos=(x0 + 0.04, 0.17))
        else:
            Label(root, "points", 0.045, "right", WHITE).set(f"{fleet.points} points", pos=(x0 + w - 0.04, 0.255))
            info = f"{len(fleet.ships)} ships" + (f", {fleet.faction}" if fleet.faction and fleet.faction != fleet.name
                                                   else "")
            Label(root, "faction", 0.04, "left", DIM).set(info, pos=(x0 + 0.04, 0.17))
        z = 0.06
        for ship in fleet.ships:
            gone = ship.status in ("destroyed", "fled")
            Label(root, "ship", 0.05, "left", GREY_TEXT if gone else WHITE).set(short(ship.name, 28),
                                                                              pos=(x0 + 0.04, z))
            detail = " - ".join(p for p in (ship.class_name, ship.captain) if p)
            if end:
                detail = ship.status.upper() if gone else ship.status
                Label(root, "detail", 0.036, "left", (1.0, 0.45, 0.4, 1.0) if gone else DIM).set(
                    detail, pos=(x0 + 0.06, z - 0.055))
            else:
                Label(root, "detail", 0.036, "left", DIM).set(short(detail, 48), pos=(x0 + 0.06, z - 0.055))
                Label(root, "cost", 0.04, "right", light).set(f"{ship.points}", pos=(x0 + w - 0.04, z))
            z -= step


GREY_TEXT: Final = (0.55, 0.56, 0.6, 1.0)
