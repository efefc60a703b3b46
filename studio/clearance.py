"""Keeping the ships a shot shows clear of the HUD (pure numpy, no Panda3D).

A close shot of an attack or a move frames its subjects inside the HUD's safe area; other ships
near the frame's edge may still end up half under a fleet panel, the header or the dice strip,
which reads as hidden action. :func:`clear_framing` looks for a framing on the director's fixed
view direction that keeps the subjects inside the safe area and leaves every other ship (its
base, model and name tag) either wholly clear of the HUD's rectangles or wholly out of the
picture: first by re-aiming the shot (a bystander goes into the free part of the image, e.g. below
a fleet column, or out of frame), then by widening it step by step up to ``max_zoom`` times the
subjects' own distance; among the framings that leave the fewest ships under the HUD it takes the
one that costs least: the closest (ships stay large), showing least floor beyond the table's edge,
cutting fewest ships at the image's edge where no HUD is, nearest the subjects' own centring. The
subjects may lie in the safe area or, given one (``also``), in the band under the fleet columns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt
import shapely

from studio.lens import Framing, Lens

Points = npt.NDArray[np.float64]
Rect = tuple[float, float, float, float]  # (left, right, bottom, top) in normalised image units -1..1

ZOOM_STEPS: Final = 11  # distances tried between the subjects' own and the widest
AIM_STEPS: Final = 25  # re-aimed centres tried across and up the image, per distance
AIM_SPAN: Final = 0.9  # how far the centre moves, in half-images, each way


def keep_out_of(safe: Rect) -> list[Rect]:
    """The HUD's rectangles implied by a safe area alone: full-height side strips, the top and
    the bottom bands (what the HUD may cover when its columns' lengths are not known)."""
    left, right, bottom, top = safe
    return [(-1.0, 1.0, top, 1.0), (-1.0, 1.0, -1.0, bottom), (-1.0, left, -1.0, 1.0), (right, 1.0, -1.0, 1.0)]


def project_many(lens: Lens, cands: Points, points: Points) -> tuple[Points, Points]:
    """Image x and y (C, N) of ``points`` (N, 3) seen from each framing (C rows of cx, cy, d)."""
    pf, pr, pu = points @ lens.f, points @ lens.r, points @ lens.u
    cx, cy, d = cands[:, :1], cands[:, 1:2], cands[:, 2:3]
    z = pf[None, :] - cy * lens.f[1] + d  # the view direction has no x part
    z = np.maximum(z, 1e-6)
    x = (pr[None, :] - cx) / (z * lens.th)
    y = (pu[None, :] - cy * lens.u[1]) / (z * lens.tv)
    return x, y


def covered_counts(lens: Lens, cands: Points, groups: Sequence[Points],
                   keep_out: Sequence[Rect], edges: bool = True) -> npt.NDArray[np.int64]:
    """For each framing in ``cands``, how many groups of points (ships) have their projected box
    overlapping a rectangle of ``keep_out`` (``edges``: or cut by the image's edge)."""
    if not groups:
        return np.zeros(len(cands), dtype=np.int64)
    sizes = [len(g) for g in groups]
    x, y = project_many(lens, cands, np.vstack(groups))
    cuts = np.cumsum([0, *sizes])[:-1]
    x0, x1 = np.minimum.reduceat(x, cuts, axis=1), np.maximum.reduceat(x, cuts, axis=1)
    y0, y1 = np.minimum.reduceat(y, cuts, axis=1), np.maximum.reduceat(y, cuts, axis=1)
    # a ship cut by the image's edge (a name tag with its first letters off screen) is as bad
    seen = (x0 < 1) & (x1 > -1) & (y0 < 1) & (y1 > -1)
    hit = seen & ((x0 < -1) | (x1 > 1) | (y0 < -1) | (y1 > 1)) if edges else np.zeros(x0.shape, dtype=bool)
    for left, right, bottom, top in keep_out:
        hit |= (x0 < right) & (x1 > left) & (y0 < top) & (y1 > bottom)
    counts: npt.NDArray[np.int64] = hit.sum(axis=1)
    return counts


def inside(lens: Lens, cands: Points, points: Points, area: Rect) -> npt.NDArray[np.bool_]:
    """Which framings of ``cands`` show every one of ``points`` inside ``area``."""
    x, y = project_many(lens, cands, points)
    left, right, bottom, top = area
    ok = (x >= left) & (x <= right) & (y >= bottom) & (y <= top)
    return np.asarray(ok.all(axis=1), dtype=bool)


def floor_shown(lens: Lens, cands: Points, area: tuple[float, float]) -> npt.NDArray[np.float64]:
    """For each framing, the share of the image (sampled on a grid) that shows no table: the floor
    beyond the table's edges or the sky above the horizon."""
    w, h = area
    gx, gy = (g.ravel() for g in np.meshgrid(np.linspace(-0.9, 0.9, 7), np.linspace(-0.9, 0.9, 5)))
    ray = lens.f[None, :] + gx[:, None] * lens.th * lens.r[None, :] + gy[:, None] * lens.tv * lens.u[None, :]
    cx, cy, d = cands[:, :1], cands[:, 1:2], cands[:, 2:3]
    down = ray[:, 2] < -1e-9
    s = d * -lens.f[2] / np.where(down, -ray[:, 2], 1.0)[None, :]  # eye height over the ray's fall
    x = cx + s * ray[None, :, 0]
    y = cy - d * lens.f[1] + s * ray[None, :, 1]
    off = ~down[None, :] | (x < 0) | (x > w) | (y < 0) | (y > h)
    share: npt.NDArray[np.float64] = off.mean(axis=1)
    return share


FLOOR_WEIGHT: Final = 1.5  # a shot showing no table over a fifth of the image costs as much as 30% more distance
SHIFT_WEIGHT: Final = 0.1  # per half-image the centre moves off the subjects' own
EDGE_WEIGHT: Final = 0.15  # per ship cut by the image's edge where no HUD is: as much as 15% more distance
ZOOM_WEIGHT: Final = 1.0  # per widening by the subjects' own distance


def hull(points: Points) -> Points:
    """The points of ``points`` that can be outermost in any picture: per height above the table,
    the corners of their convex hull (a camera's projection keeps a convex set convex, so a set's
    projected bounds are its hull's)."""
    out = []
    for z in np.unique(points[:, 2]):
        level = points[points[:, 2] == z]
        if len(level) > 4:
            xy = shapely.get_coordinates(shapely.multipoints(level[:, :2]).convex_hull)
            level = np.column_stack([xy, np.full(len(xy), z)])
        out.append(level)
    return np.vstack(out)


def clear_framing(lens: Lens, base: Framing, points: Points, others: Sequence[Points], safe: Rect,
                  keep_out: Sequence[Rect], max_zoom: float, max_d: float, area: tuple[float, float],
                  also: Rect | None = None) -> Framing:
    """A framing near ``base`` (the subjects ``points`` framed inside ``safe``) that leaves the
    fewest of ``others`` covered by ``keep_out``: re-aimed, or widened up to ``max_zoom`` times
    ``base.d`` (never past ``max_d``, the whole table's distance); among those, the one that costs
    least in distance, in image showing no table (``area``: the table's size) and in moving off
    the subjects' own centre; ``base`` itself when nothing leaves fewer ships covered. ``also``:
    a second area the subjects may lie in instead of ``safe`` (the band under the fleet columns)."""
    if not others:
        return base
    one = np.array([[base.cx, base.cy, base.d]])
    least = int(covered_counts(lens, one, others, keep_out, edges=False)[0])
    if least == 0 and not covered_counts(lens, one, others, keep_out)[0]:
        return base
    points = hull(points)
    top_d = max(min(max_zoom * base.d, max_d), base.d)
    steps = np.linspace(-AIM_SPAN, AIM_SPAN, AIM_STEPS)
    a, b = (g.ravel() for g in np.meshgrid(steps, steps))
    centre = points[:, :2].mean(axis=0)
    found: list[Points] = [np.array([[base.cx, base.cy, base.d, least, _cost(lens, one, others, area, 1.0, 0.0)[0]]])]
    best = (least, float(found[0][0, 4]))  # the fewest covered so far and the least cost at that
    for d in np.linspace(base.d, top_d, ZOOM_STEPS):
        # the subjects' own centring at this distance (a wider shot keeps them where the close one
        # had them in the image), then centres moved by up to AIM_SPAN half-images each way
        k = d / base.d
        if best[0] == 0 and ZOOM_WEIGHT * (k - 1) + 1.0 >= best[1]:
            break  # every framing from here on costs more than a clear one found
        ox, oy = centre[0] + (base.cx - centre[0]) * k, centre[1] + (base.cy - centre[1]) * k
        cands = np.column_stack([ox + a * d * lens.th, oy + b * d * lens.tv / lens.u[1], np.full(a.shape, d)])
        keep = inside(lens, cands, points, safe)
        if also is not None:
            keep |= inside(lens, cands, points, also)
        if not keep.any():
            continue
        cands, shift = cands[keep], np.hypot(a[keep], b[keep])
        counts = covered_counts(lens, cands, others, keep_out, edges=False)
        low = int(counts.min())
        if low > best[0]:
            continue
        pick = counts == low
        cands, counts = cands[pick], counts[pick]
        cost = _cost(lens, cands, others, area, k, shift[pick])
        best = (low, float(cost.min()) if low < best[0] else min(best[1], float(cost.min())))
        found.append(np.column_stack([cands, counts, cost]))
    every = np.vstack(found)
    pick = every[every[:, 3] == every[:, 3].min()]
    c = pick[int(np.argmin(pick[:, 4]))]
    return Framing(float(c[0]), float(c[1]), float(c[2]))


def _cost(lens: Lens, cands: Points, others: Sequence[Points], area: tuple[float, float], k: float,
          shift: npt.NDArray[np.float64] | float) -> npt.NDArray[np.float64]:
    """What a clear framing costs: its distance (``k`` times the subjects' own), the share of the
    image showing no table, the ships it cuts at the image's edge (not under the HUD, but cut), and
    ``shift``: half-images off the subjects' own centring."""
    edge = covered_counts(lens, cands, others, []).astype(np.float64)
    out: npt.NDArray[np.float64] = (ZOOM_WEIGHT * (k - 1) + FLOOR_WEIGHT * floor_shown(lens, cands, area)
                                    + EDGE_WEIGHT * edge + SHIFT_WEIGHT * shift + 1.0)
    return out
