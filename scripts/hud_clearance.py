"""How often the HUD covers a ship in a battle-report video's director frames.

    python scripts/hud_clearance.py REPLAY.trek [...] [--fps 5] [--size 960x540]

For each replay, at ``fps`` frames per playback second, the HUD is updated to the moment and its
drawn rectangles (``Hud.rects``: round box, header, fleet labels, ship panels, dice, caption) are
compared with every ship on the table as the director's camera sees it: a ship-frame is *covered*
when the box of the ship's base and model overlaps a HUD rectangle (the ship half under a panel),
and its name tag is covered when the tag's box does; *at rest* counts the frames where the camera
holds its shot (not moving between two shots). Prints one line per replay and the totals.

How large the action is (a shot widened to clear the HUD makes ships small, one re-aimed toward
the table's edge shows floor): over the frames where an attack or move shot holds, the size on
screen of each ship in the picture (the square root of its base's projected area, in pixels of
``size``; the median over all of them and over the shots' subjects) and the share of the image
that shows no table (the mean, and the frames where it is over a quarter).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import numpy as np

from engine.replay_timeline import load_timeline
from studio.clearance import floor_shown
from studio.director import ship_points

Rect = tuple[float, float, float, float]


def _hits(box: Rect, rects: list[Rect]) -> bool:
    x0, x1, y0, y1 = box
    return any(x0 < r[1] and x1 > r[0] and y0 < r[3] and y1 > r[2] for r in rects)


def _box(points: np.ndarray) -> Rect:
    return float(points[:, 0].min()), float(points[:, 0].max()), float(points[:, 1].min()), float(points[:, 1].max())


def _pixels(points: np.ndarray, size: tuple[int, int]) -> float:
    """The square root of the area, in pixels, of a base's projected corners (normalised -1..1)."""
    x, y = points[:4, 0] * size[0] / 2, points[:4, 1] * size[1] / 2
    return float(np.sqrt(abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))) / 2))


def covered(path: Path, fps: float, size: tuple[int, int]) -> dict[str, Any]:
    """Ship-frames and covered ship-frames (bases, tags) of one replay's director frames, and the
    sizes of ships and the floor shown while an attack or move shot holds."""
    from studio.marks import TAG_Z, tag_box, tag_slots
    from studio.video import FrameRenderer

    loaded = load_timeline(path)
    tl = loaded.timeline
    out: dict[str, Any] = {"frames": 0, "ship_frames": 0, "covered": 0, "tags": 0, "rest": 0, "rest_tags": 0,
                           "px": [], "subject_px": [], "floor": []}
    area = tl.table.area
    with FrameRenderer(loaded, size, "director") as fr:
        assert fr.hud is not None
        for t in np.arange(0.0, tl.duration, 1.0 / fps):
            moment = tl.moment(float(t))
            fr.hud.update(moment, tl)
            rects = fr.hud.rects()
            slots = tag_slots(moment.view.ships, moment.view.markers, moment.view.area_width)
            d, k = fr.director, fr.director.shot_index(float(t))
            rest = d._early(float(t)) is None and float(t) - d.shots[k].start >= d._move_time(k)
            out["frames"] += 1
            shot = d.shots[k]
            close = rest and shot.kind != "table"
            if close:
                fr_now = d.framing(float(t))
                out["floor"].append(float(floor_shown(d.lens, fr_now.vec()[None], area)[0]))
            for ship in moment.view.ships:
                if ship.destroyed:
                    continue
                out["ship_frames"] += 1
                corners = fr.director.project(float(t), ship_points(ship.pose, ship.base_size, ship.base_side))
                base = _box(corners)
                if close and base[0] < 1 and base[1] > -1 and base[2] < 1 and base[3] > -1:
                    out["px"].append(_pixels(corners, size))
                    if ship.id in shot.subjects:
                        out["subject_px"].append(out["px"][-1])
                x0, y0, x1, y1 = tag_box(ship, slots[ship.id], moment.view.area_width)
                tag = np.array([(x, y, TAG_Z) for x in (x0, x1) for y in (y0, y1)])
                hit, tag_hit = _hits(base, rects), _hits(_box(fr.director.project(float(t), tag)), rects)
                out["covered"] += hit
                out["tags"] += tag_hit
                out["rest"] += hit and rest
                out["rest_tags"] += tag_hit and rest
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("replays", nargs="+", type=Path)
    ap.add_argument("--fps", type=float, default=5.0)
    ap.add_argument("--size", default="960x540")
    args = ap.parse_args()
    w, h = (int(v) for v in args.size.split("x"))
    total: dict[str, Any] = {}
    for path in args.replays:
        n = covered(path, args.fps, (w, h))
        print(f"{path.name}: {n['covered']} of {n['ship_frames']} ship-frames covered, {n['tags']} tags; "
              f"at rest {n['rest']}, {n['rest_tags']} tags ({n['frames']} frames at {args.fps:g} fps); "
              f"{_sizes(n)}", flush=True)
        for k, v in n.items():
            total[k] = total.get(k, [] if isinstance(v, list) else 0) + v
    print(f"total: {total['covered']} of {total['ship_frames']} ship-frames covered, {total['tags']} tags; "
          f"at rest {total['rest']}, {total['rest_tags']} tags; {_sizes(total)}")


def _sizes(n: dict[str, Any]) -> str:
    px, sub, floor = np.array(n["px"]), np.array(n["subject_px"]), np.array(n["floor"])
    if not len(px) or not len(floor):
        return "no attack or move shot held"
    return (f"held attack/move shots: ships {np.median(px):.1f} px (median; 10th percentile "
            f"{np.percentile(px, 10):.1f}), subjects {np.median(sub):.1f} px; no table on {100 * floor.mean():.1f}% "
            f"of the image, over a quarter in {int((floor > 0.25).sum())} of {len(floor)} frames")


if __name__ == "__main__":
    main()
