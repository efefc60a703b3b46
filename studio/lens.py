"""The director's lens: one fixed view direction (north, ``PITCH`` degrees down, ``FOV``) and a
framing on it, a point on the table and a distance back along the view direction; projecting table
points into the image, and fitting a framing to points (pure numpy, no Panda3D)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from studio.camera import CameraPose

Points = npt.NDArray[np.float64]  # (N, 3) table points in mm
Safe = tuple[float, float, float, float]  # (left, right, bottom, top) in normalised image units -1..1

PITCH: Final = 56.0  # degrees below the horizon
FOV: Final = 38.0  # vertical field of view, degrees
MIN_HEIGHT_MM: Final = 250.0  # the closest framing still shows this much table top to bottom (safe area)


@dataclass(frozen=True, slots=True)
class Framing:
    """A camera on the fixed view direction: looking at table point (cx, cy) from ``d`` mm away."""

    cx: float
    cy: float
    d: float

    def vec(self) -> npt.NDArray[np.float64]:
        return np.array([self.cx, self.cy, self.d])


class Lens:
    """The fixed view direction and the projection of table points for a framing."""

    def __init__(self, aspect: float, pitch: float = PITCH, fov: float = FOV) -> None:
        p = math.radians(pitch)
        self.aspect = aspect
        self.fov = fov
        self.f = np.array([0.0, math.cos(p), -math.sin(p)])  # forward
        self.r = np.array([1.0, 0.0, 0.0])  # right
        self.u = np.array([0.0, math.sin(p), math.cos(p)])  # up
        self.tv = math.tan(math.radians(fov) / 2)
        self.th = self.tv * aspect

    def pose(self, fr: Framing) -> CameraPose:
        c = np.array([fr.cx, fr.cy, 0.0])
        eye = c - fr.d * self.f
        return CameraPose((float(eye[0]), float(eye[1]), float(eye[2])), (fr.cx, fr.cy, 0.0), (0.0, 0.0, 1.0),
                          fov=self.fov)

    def project(self, fr: Framing, points: Points) -> Points:
        """Normalised image coordinates (x right, y up, -1..1 inside) of ``points`` (N, 3)."""
        rel = np.asarray(points, dtype=np.float64).reshape(-1, 3) - np.array([fr.cx, fr.cy, 0.0])
        z = rel @ self.f + fr.d
        out: Points = np.column_stack([(rel @ self.r) / (z * self.th), (rel @ self.u) / (z * self.tv)])
        return out

    def distance_for(self, cx: float, cy: float, points: Points, safe: Safe) -> float:
        """The smallest distance at which every point lies inside ``safe`` seen from around (cx, cy)."""
        rel = points - np.array([cx, cy, 0.0])
        depth = rel @ self.f  # z = depth + d
        x, y = rel @ self.r, rel @ self.u
        left, right, bottom, top = safe
        need = np.concatenate([x / (right * self.th) - depth, x / (left * self.th) - depth,
                               y / (top * self.tv) - depth, y / (bottom * self.tv) - depth])
        return float(need.max())

    def fit(self, points: Points, safe: Safe, min_height: float = MIN_HEIGHT_MM) -> Framing:
        """A framing that shows every point inside ``safe``, as close as it can, roughly centred."""
        pts = np.asarray(points, dtype=np.float64).reshape(-1, 3)
        cx, cy = float(pts[:, 0].mean()), float(pts[:, 1].mean())
        left, right, bottom, top = safe
        mid_x, mid_y = (left + right) / 2, (bottom + top) / 2
        d_min = min_height / 2 / self.tv / max((top - bottom) / 2, 0.1)
        d = max(self.distance_for(cx, cy, pts, safe), d_min)
        for _ in range(6):  # centre the projected box in the safe area (the bound below is exact)
            proj = self.project(Framing(cx, cy, d), pts)
            ox = (proj[:, 0].min() + proj[:, 0].max()) / 2 - mid_x
            oy = (proj[:, 1].min() + proj[:, 1].max()) / 2 - mid_y
            if abs(ox) < 1e-3 and abs(oy) < 1e-3:
                break
            cx += ox * d * self.th
            cy += oy * d * self.tv / self.u[1]
            d = max(self.distance_for(cx, cy, pts, safe), d_min)
        return Framing(cx, cy, d)

    def fit_groups(self, groups: Sequence[tuple[Points, Safe]], min_height: float = 0.0) -> Framing:
        """The closest framing that shows each group of points inside its own area (e.g. the table
        in the whole image and the ships clear of the HUD): ``d`` is convex in (cx, cy), so a
        pattern search from the points' centre finds its minimum."""
        pts = [np.asarray(p, dtype=np.float64).reshape(-1, 3) for p, _ in groups]
        allp = np.vstack(pts)
        height = max((s[3] - s[2]) / 2 for _, s in groups)
        d_min = min_height / 2 / self.tv / max(height, 0.1)

        def need(cx: float, cy: float) -> float:
            return max(max(self.distance_for(cx, cy, p, s) for p, (_, s) in zip(pts, groups, strict=True)), d_min)

        cx, cy = float(allp[:, 0].mean()), float(allp[:, 1].mean())
        best = need(cx, cy)
        step = 256.0
        while step > 0.5:
            moved = False
            for dx, dy in ((step, 0.0), (-step, 0.0), (0.0, step), (0.0, -step), (step, step), (-step, -step),
                           (step, -step), (-step, step)):
                d = need(cx + dx, cy + dy)
                if d < best - 1e-9:
                    cx, cy, best, moved = cx + dx, cy + dy, d, True
                    break
            if not moved:
                step /= 2
        return Framing(cx, cy, best)

    def ground(self, fr: Framing, x: float, y: float) -> tuple[float, float] | None:
        """Where the ray through normalised image point (x, y) meets the table (None: above the horizon)."""
        eye = np.array([fr.cx, fr.cy, 0.0]) - fr.d * self.f
        ray = self.f + x * self.th * self.r + y * self.tv * self.u
        if ray[2] >= -1e-9:
            return None
        s = -eye[2] / ray[2]
        return float(eye[0] + s * ray[0]), float(eye[1] + s * ray[1])

    def onto_table(self, fr: Framing, points: Points, safe: Safe, area: tuple[float, float]) -> Framing:
        """Slide ``fr`` toward showing table rather than the floor beyond its edge, as far as its
        points stay inside ``safe`` at the same distance."""
        w, h = area
        bottom, top, left, right = (self.ground(fr, 0.0, -1.0), self.ground(fr, 0.0, 1.0),
                                    self.ground(fr, -1.0, 0.0), self.ground(fr, 1.0, 0.0))
        if bottom is None or top is None or left is None or right is None:
            return fr
        dy = (-bottom[1] if bottom[1] < 0 else 0.0) + (h - top[1] if top[1] > h else 0.0)
        dx = (-left[0] if left[0] < 0 else 0.0) + (w - right[0] if right[0] > w else 0.0)
        if abs(dx) < 1e-6 and abs(dy) < 1e-6:
            return fr
        lo, hi = 0.0, 1.0
        if self.distance_for(fr.cx + dx, fr.cy + dy, points, safe) > fr.d + 1e-6:
            for _ in range(12):
                mid = (lo + hi) / 2
                if self.distance_for(fr.cx + mid * dx, fr.cy + mid * dy, points, safe) <= fr.d + 1e-6:
                    lo = mid
                else:
                    hi = mid
            hi = lo
        return Framing(fr.cx + hi * dx, fr.cy + hi * dy, fr.d)
