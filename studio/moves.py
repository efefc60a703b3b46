"""A camera move between two shots that keeps every ship clear of the HUD (pure numpy, no Panda3D).

The director moves from shot A's framing to shot B's in straight lines in (cx, cy, d) through a
middle framing U that shows both shots' subjects inside the HUD's safe area, so A's stay in it on
the first leg and B's on the second (:mod:`studio.director`). Every other ship, and on each leg
the other shot's subjects, may still slide under a fleet panel or the header on the way: a pan
sweeps the ships across the image, and the fleet columns reach down the sides. :func:`clear_via`
samples both legs as the camera runs them and looks for a U (the subjects' own union framing,
re-aimed, widened up to the whole table) that leaves no ship under the HUD at any sample, the
shortest such path first; when none does, the director cuts from A to B instead of moving (a cut
hides nothing, a pan past a panel does).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from studio.clearance import Points, Rect, covered_counts, hull, inside
from studio.lens import Framing, Lens

MOVE_SAMPLES: Final = 10  # framings checked per leg, evenly in time along the eased leg
VIA_ZOOMS: Final = 6  # distances tried for U, from the subjects' own union framing ...
VIA_WIDEST: Final = 2.5  # ... up to this many times it (never past the whole table's)
VIA_STEPS: Final = 9  # re-aimed centres tried per axis, per distance
VIA_SPAN: Final = 0.9  # how far U's centre moves, in half-images, each way
DETOUR: Final = 1.6  # a clear path is at most this much longer than the straight move ...
SMALL_MOVE: Final = 0.4  # ... counted as at least this many times the camera's distance
JUMP: Final = 0.5  # half-images: a cut moves the picture at least this much (or changes distance by a third)


def _ease(s: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    out: npt.NDArray[np.float64] = s * s * (3 - 2 * s)
    return out


def legs_cover(lens: Lens, a: Framing, vias: Points, b: Framing, first: Sequence[Points], second: Sequence[Points],
               keep_out: Sequence[Rect], samples: int = MOVE_SAMPLES) -> npt.NDArray[np.float64]:
    """For each middle framing in ``vias`` (C rows of cx, cy, d): how many ships are under a
    rectangle of ``keep_out`` on average over the move A -> U -> B, sampled evenly in time along
    each eased leg (each leg's share of the time is its share of the path's length, as the
    director moves). ``first``: the ships to keep clear on the first leg (all but A's subjects),
    ``second``: on the second (all but B's). A ship cut by the image's edge is not counted: on a
    move the ships come into the picture and leave it across its edges."""
    va, vb = a.vec(), b.vec()
    s = _ease((np.arange(samples) + 0.5) / samples)[None, :, None]
    u = vias[:, None, :]
    one, two = va + (u - va) * s, u + (vb - u) * s  # (C, samples, 3)
    n = len(vias)

    def counts(legs: Points, ships: Sequence[Points]) -> npt.NDArray[np.float64]:
        c = covered_counts(lens, legs.reshape(-1, 3), ships, keep_out, edges=False)
        out: npt.NDArray[np.float64] = c.reshape(n, samples).mean(axis=1).astype(np.float64)
        return out

    l1, l2 = np.linalg.norm(vias - va, axis=1), np.linalg.norm(vb - vias, axis=1)
    total = l1 + l2
    w1 = np.where(total > 1e-9, l1 / np.maximum(total, 1e-9), 0.0)
    cover: npt.NDArray[np.float64] = (counts(one, first) * w1 + counts(two, second) * (1 - w1))
    return np.where(total > 1e-9, cover, 0.0)


def clear_via(lens: Lens, a: Framing, b: Framing, base: Framing, keep: Points | None, first: Sequence[Points],
              second: Sequence[Points], safe: Rect, keep_out: Sequence[Rect], max_d: float,
              extra: Sequence[Framing] = ()) -> tuple[Framing, float]:
    """The middle framing U of the move from ``a`` to ``b`` that leaves the fewest ships covered
    on the way (:func:`legs_cover`), with the cover it leaves: ``base`` (the subjects' own union
    framing) when that is clear, else the shortest clear path among ``extra`` and ``base``
    re-aimed and widened (every candidate keeping ``keep``, both shots' subjects, inside
    ``safe``), no more than ``DETOUR`` times the straight move's length; when none is clear, the
    one that covers least."""
    def cover(cands: Points) -> npt.NDArray[np.float64]:
        return legs_cover(lens, a, cands, b, first, second, keep_out)

    first_try = np.array([base.vec()])
    c0 = float(cover(first_try)[0])
    if c0 < 1e-9 or (not first and not second):
        return base, c0
    found = [first_try, *(np.array([f.vec()]) for f in extra)]
    top = max(min(VIA_WIDEST * base.d, max_d), base.d)
    steps = np.linspace(-VIA_SPAN, VIA_SPAN, VIA_STEPS)
    gx, gy = (g.ravel() for g in np.meshgrid(steps, steps))
    kept = hull(keep) if keep is not None and len(keep) else None
    for d in np.linspace(base.d, top, VIA_ZOOMS):
        cx, cy = base.cx + gx * d * lens.th, base.cy + gy * d * lens.tv / lens.u[1]
        cands = np.column_stack([cx, cy, np.full(gx.shape, d)])
        if kept is not None:
            cands = cands[inside(lens, cands, kept, safe)]
        if len(cands):
            found.append(cands)
    every = np.vstack(found)
    length = np.linalg.norm(every - a.vec(), axis=1) + np.linalg.norm(b.vec() - every, axis=1)
    # no long detour (a short move swelling into a swing out to the whole table and back): the base
    # path, or paths at most DETOUR times the straight one
    straight = max(float(np.linalg.norm(b.vec() - a.vec())), SMALL_MOVE * min(a.d, b.d))
    near = (length <= DETOUR * straight) | (np.arange(len(every)) == 0)
    every, length = every[near], length[near]
    covers = cover(every)
    least = covers.min()
    pick = np.flatnonzero(covers <= least + 1e-9)
    best = every[pick[int(np.argmin(length[pick]))]]
    return Framing(float(best[0]), float(best[1]), float(best[2])), float(least)


def reads_as_cut(lens: Lens, a: Framing, b: Framing) -> bool:
    """Whether cutting from ``a`` to ``b`` changes the picture enough to read as a cut, not a jolt
    of the camera: the centre moves ``JUMP`` half-images or more, or the distance changes by a third."""
    d = min(a.d, b.d)
    shift = math.hypot((b.cx - a.cx) / (d * lens.th), (b.cy - a.cy) / (d * lens.tv / lens.u[1]))
    return shift >= JUMP or max(a.d, b.d) / max(d, 1e-9) >= 4 / 3
