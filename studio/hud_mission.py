"""The mission box of the HUD (top right, mirroring the round box): the mission's act, each
player's score (victory less negative victory points) and directive, and a track with its marker
(Into the Unknown's influence track, player 0's end on the left, as its fleet column). Drawn from
the moment's ``MissionView``; nothing when a ruleset gives none."""

from __future__ import annotations

from typing import Final

from panda3d.core import NodePath

from engine.view_into_the_unknown import MissionView
from studio import palette
from studio.hud2d import DIM, GOLD, PANEL, WHITE, Label, Shapes, replace_children

CELL_W: Final = 0.05  # one space of the track
CELL_H: Final = 0.03
TRACK_Z: Final = -0.138  # the track's centre line, from the box's top
TRACK_X: Final = 0.17  # the track's left edge, from the box's left (its label before it)
MARKER: Final[palette.RGBA] = (1.0, 1.0, 1.0, 1.0)
SIDE_GAP: Final = 0.025  # the least space between the two sides' scores


def cell_x(view: MissionView, at: int) -> float:
    """The centre of the track's space ``at`` (positive toward player 0: the left end)."""
    return TRACK_X + (view.track - at + 0.5) * CELL_W


class MissionBox:
    """The box under ``parent``, its top left at the parent's origin, ``width`` wide, ``height`` tall."""

    def __init__(self, parent: NodePath, width: float, height: float) -> None:
        self.root = parent.attachNewNode("mission")
        self.width, self.height = width, height
        self.back = self.root.attachNewNode("back")
        self.title = Label(self.root, "mission-title", 0.036, colour=GOLD)
        self.sides = [Label(self.root, "mission-side-0", 0.03), Label(self.root, "mission-side-1", 0.03, "right")]
        self.track_label = Label(self.root, "mission-track", 0.026, colour=DIM)
        self.track = self.root.attachNewNode("track")
        self._shown: MissionView | None = None

    def update(self, view: MissionView | None) -> None:
        if view == self._shown:
            return
        self._shown = view
        replace_children(self.back)
        replace_children(self.track)
        if view is None:
            for label in (self.title, *self.sides, self.track_label):
                label.set("")
            return
        s = Shapes()
        s.rounded(0, -self.height, self.width, 0, 0.02, PANEL)
        s.node(self.back, "back")
        self.title.set(view.title, pos=(0.03, -0.045))
        texts = []
        for k in (0, 1):
            score = view.scores[k]
            minus = f" ({view.victory[k]}-{view.negative[k]})" if view.negative[k] else ""
            texts.append(f"{view.names[k][:3].upper()} {score}{minus} {view.directives[k]}".strip())
        # the two sides share one row: each gets its share of it, so they never run into each other
        # ("FED 4 HOSTILEDOM 0 (2-2) HOSTILE" at full size)
        row = self.width - 2 * 0.03 - SIDE_GAP
        widths = [self.sides[k].node.calcWidth(t) * self.sides[k].scale if t else 0.0 for k, t in enumerate(texts)]
        for k, text in enumerate(texts):
            room = row if sum(widths) <= row else row * widths[k] / sum(widths)
            colour = palette.mix(palette.player_colour(k), WHITE, 0.3)
            self.sides[k].fit(text, room, colour, pos=(0.03, -0.09) if k == 0 else (self.width - 0.03, -0.09))
        if view.track:
            self.track_label.set(view.track_label, pos=(0.03, TRACK_Z - 0.009))
            t = Shapes()
            for at in range(view.track, -view.track - 1, -1):
                x = cell_x(view, at)
                tint = palette.player_colour(0 if at > 0 else 1) if at else DIM
                t.rect(x - CELL_W / 2 + 0.004, TRACK_Z - CELL_H / 2, x + CELL_W / 2 - 0.004, TRACK_Z + CELL_H / 2,
                       palette.with_alpha(palette.mix(tint, PANEL, 0.45), 0.9))
            x = cell_x(view, max(-view.track, min(view.track, view.at)))
            t.ring(x, TRACK_Z, CELL_H * 0.62, CELL_H * 0.4, palette.BASE_DARK)
            t.ring(x, TRACK_Z, CELL_H * 0.45, 0.0, MARKER)
            t.node(self.track, "track")
        else:
            self.track_label.set("")
