"""Geometry throughput: the vectorized path against a plain shapely baseline, in one run.

Prints maneuvers resolved per second and range-and-arc checks per second, each with its
ratio to the baseline measured just before it. Usage: python bench/bench_geometry.py [--quick]
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable

import numpy as np
from shapely import affinity
from shapely.geometry import Polygon, box

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing.maneuvers import Maneuver, end_pose
from engine.rulesets.attack_wing.measure import Placed, measure_many
from engine.rulesets.attack_wing.movement import ShipBase, Table, clear_ends_many

DIAL = [Maneuver("straight", s) for s in (1, 2, 3, 4, -1)] + [
    Maneuver(k, s) for k in ("left-bank", "right-bank") for s in (1, 2, 3)] + [
    Maneuver(k, s) for k in ("left-turn", "right-turn") for s in (2, 3)] + [Maneuver("about", 3)]


def timed(fn: Callable[[], object], repeat: int = 3) -> float:
    best = math.inf
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def square(x: float, y: float, h: float, half: float) -> Polygon:
    return affinity.rotate(box(x - half, y - half, x + half, y + half), -h, origin=(x, y))


def wedge(x: float, y: float, h: float, arc: float, far: float = 2000.0) -> Polygon:
    pts = [(x, y)] + [(x + far * math.sin(math.radians(h + a)), y + far * math.cos(math.radians(h + a)))
                      for a in np.linspace(-arc / 2, arc / 2, 3)]
    return Polygon(pts)


def bench_maneuvers(n: int, rng: np.random.Generator) -> tuple[float, float]:
    starts = np.column_stack([rng.uniform(100, 800, n), rng.uniform(100, 800, n), rng.uniform(0, 360, n)])
    others = [ShipBase(f"s{i}", Placed(Pose(float(rng.uniform(100, 800)), float(rng.uniform(100, 800)),
                                          float(rng.uniform(0, 360)))))
              for i in range(6)]
    table = Table(others)
    other_polys = [square(o.placed.pose.x, o.placed.pose.y, o.placed.pose.heading, 20.0) for o in others]
    area = box(0, 0, P.PLAY_AREA_MM, P.PLAY_AREA_MM)
    per = n // len(DIAL)

    def baseline() -> list[tuple[bool, bool]]:
        out = []
        for m in DIAL:
            for x, y, h in starts[:per]:
                e = end_pose(Pose(x, y, h), m)
                poly = square(e.x, e.y, e.heading, 20.0)
                out.append((any(poly.intersects(o) and poly.intersection(o).area > 1e-6 for o in other_polys),
                            not area.contains(poly)))
        return out

    def vectorized() -> list[tuple[np.ndarray, np.ndarray]]:
        return [clear_ends_many(starts[:per], m, "small", table)[1:] for m in DIAL]

    base = baseline()
    fast = vectorized()
    flat = [(bool(h), bool(o)) for hit, off in fast for h, o in zip(hit, off, strict=True)]
    agree = sum(a == b for a, b in zip(base, flat, strict=True)) / len(base)
    if agree < 0.999:
        sys.exit(f"vectorized maneuvers disagree with the baseline on {1 - agree:.2%} of cases")
    count = per * len(DIAL)
    return count / timed(baseline, 1), count / timed(vectorized)


def bench_range_arc(n: int, rng: np.random.Generator) -> tuple[float, float]:
    a = np.column_stack([rng.uniform(0, 900, n), rng.uniform(0, 900, n), rng.uniform(0, 360, n)])
    b = np.column_stack([rng.uniform(0, 900, n), rng.uniform(0, 900, n), rng.uniform(0, 360, n)])

    def baseline() -> list[tuple[float, float]]:
        out = []
        for (ax, ay, ah), (bx, by, bh) in zip(a, b, strict=True):
            pa, pb = square(ax, ay, ah, 20.0), square(bx, by, bh, 20.0)
            part = pb.intersection(wedge(ax, ay, ah, 90.0))
            out.append((pa.distance(pb), pa.distance(part) if not part.is_empty else math.inf))
        return out

    def vectorized() -> tuple[np.ndarray, ...]:
        return measure_many(a, 20.0, b, 20.0, 90.0)

    base = baseline()
    dist, _band, _in_arc, arc_dist = vectorized()
    err = max(abs(d - bd) for d, (bd, _) in zip(dist, base, strict=True))
    both = [(x, y) for x, (_, y) in zip(arc_dist, base, strict=True) if math.isfinite(x) and math.isfinite(y)]
    arc_err = max((abs(x - y) for x, y in both), default=0.0)
    if err > 1e-6 or arc_err > 1e-4:
        sys.exit(f"vectorized range disagrees with the baseline (distance {err}, in-arc range {arc_err})")
    return n / timed(baseline, 1), n / timed(vectorized)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="small sizes, for the test suite")
    args = parser.parse_args()
    n = 2_000 if args.quick else 20_000
    rng = np.random.default_rng(2026)
    base_m, fast_m = bench_maneuvers(n, rng)
    base_r, fast_r = bench_range_arc(n, rng)
    print(f"maneuvers resolved:  shapely {base_m:>12,.0f}/s  vectorized {fast_m:>12,.0f}/s  "
          f"ratio {fast_m / base_m:6.1f}x")
    print(f"range + arc checks:  shapely {base_r:>12,.0f}/s  vectorized {fast_r:>12,.0f}/s  "
          f"ratio {fast_r / base_r:6.1f}x")


if __name__ == "__main__":
    main()
