"""Short effects on the table, drawn while the event that causes them plays:

- a shield hit (``damage_dealt`` to a shield): a translucent blue bubble around the ship's
  model that flashes and fades;
- a hull hit (``damage_dealt`` to the hull): an orange flash at the model;
- a destruction (``ship_destroyed``): a fireball that swells and fades and a shock ring that
  spreads over the mat.

The view says which effects play and how far through they are (``TableView.effects``, worked
out by the ruleset's presenter); :class:`Effects` draws them under the scene root. A screenshot
at the end of an event (progress 1) shows no effect: they belong to the moment the event happens.
"""

from __future__ import annotations

import math
from typing import Final

import numpy as np
from panda3d.core import CullFaceAttrib, NodePath

from engine.view import EffectView, TableView
from studio.assets import PEG_HEIGHT_MM
from studio.meshes import MeshBuilder, as_overlay, circle

SHIELD_BLUE: Final = (0.35, 0.7, 1.0)
HULL_ORANGE: Final = (1.0, 0.55, 0.15)
FIRE: Final = ((1.0, 0.95, 0.7), (1.0, 0.7, 0.2), (1.0, 0.45, 0.1), (0.85, 0.2, 0.05))
EFFECT_SORT: Final = 60  # after the ship rings (50, 51)


def _fade(t: float, rise: float = 0.15) -> float:
    """0 -> 1 quickly, then back to 0 by t = 1."""
    return t / rise if t < rise else max(0.0, 1.0 - (t - rise) / (1.0 - rise))


def _rgba(c: tuple[float, float, float], a: float) -> tuple[float, float, float, float]:
    return c[0], c[1], c[2], a


def effect_builder(effect: EffectView, base_size: str, x: float, y: float, side: float) -> MeshBuilder:
    """The effect's geometry at table point (x, y) for a ship on a ``base_size`` base of ``side`` mm."""
    b = MeshBuilder()
    half = side / 2
    peg = PEG_HEIGHT_MM.get(base_size, 30.0)
    k = _fade(effect.t)
    if effect.kind == "shield_hit":
        r = half * 1.2 * (0.92 + 0.08 * effect.t)  # around the whole base
        bands = np.array([_rgba(SHIELD_BLUE, 0.55 * k), _rgba(SHIELD_BLUE, 0.3 * k), _rgba(SHIELD_BLUE, 0.55 * k)])
        b.sphere((x, y, peg), r, bands, segments=24, rings=12)
    elif effect.kind == "hull_hit":
        r = half * (0.35 + 0.4 * effect.t)
        b.sphere((x, y, peg), r, np.array([_rgba(HULL_ORANGE, 0.85 * k)]), segments=16, rings=8)
    elif effect.kind == "destroyed":
        t = effect.t
        swell = math.sin(min(t / 0.6, 1.0) * math.pi / 2)
        fire = max(0.0, 1.0 - max(t - 0.35, 0.0) / 0.65)
        r = half * (0.5 + 1.3 * swell)
        cols = np.array([_rgba(c, fire * (0.95 - 0.15 * j)) for j, c in enumerate(FIRE)])
        b.sphere((x, y, peg * 0.8), r, cols, segments=24, rings=12)
        b.sphere((x, y, peg * 0.8), r * 0.55, np.array([_rgba(FIRE[0], fire)]), segments=16, rings=8)
        ring_r = half * (1.0 + 3.5 * t)
        b.ribbon(circle(x, y, ring_r, 64), 3.0 + 6.0 * t, _rgba(FIRE[1], 0.8 * (1.0 - t)), 0.9, closed=True)
    return b


class Effects:
    """The effects of one moment under ``root``; :meth:`update` replaces them (cheap: a few spheres)."""

    def __init__(self, root: NodePath, software: bool = False) -> None:
        self.root = as_overlay(root.attachNewNode("effects"), EFFECT_SORT)
        self._key: object = None
        # p3tinydisplay draws the pixels on a shared triangle edge twice, so a translucent bubble shows
        # its mesh as bright dots: there each bubble is drawn back faces first, then front faces, each
        # writing depth (the second draw of an edge pixel fails the depth test) - the same two layers
        # GL blends. The effects draw last in the scene, so the depth they write hides nothing.
        self.passes: list[NodePath] = []
        if software:
            for k, cull in enumerate((CullFaceAttrib.MCullCounterClockwise, CullFaceAttrib.MCullClockwise)):
                layer = self.root.attachNewNode(("back", "front")[k])
                layer.setAttrib(CullFaceAttrib.make(cull))
                layer.setDepthWrite(True)
                layer.setBin("fixed", EFFECT_SORT + k)
                self.passes.append(layer)

    def update(self, view: TableView) -> None:
        effects = view.effects
        key = tuple(effects)
        if key == self._key:
            return
        self._key = key
        for parent in self.passes or [self.root]:
            for child in parent.getChildren():
                child.removeNode()
        for effect in effects:
            ship = view.ship(effect.ship)
            if ship is None:
                continue
            builder = effect_builder(effect, ship.base_size, ship.pose.x, ship.pose.y, ship.base_side)
            node = builder.node(f"effect-{effect.kind}")
            for parent in self.passes or [self.root]:
                parent.attachNewNode(node)
