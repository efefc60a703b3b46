"""How often the HUD covers a ship in a battle-report video's director frames.

    python scripts/hud_clearance.py REPLAY.trek [...] [--fps 5] [--size 960x540]

For each replay, at ``fps`` frames per playback second, the HUD is updated to the moment and its
drawn rectangles (``Hud.rects``: round box, header, fleet labels, ship panels, dice, caption) are
compared with every ship on the table as the director's camera sees it: a ship-frame is *covered*
when the box of the ship's base and model overlaps a HUD rectangle (the ship half under a panel),
and its name tag is covered when the tag's box does; *at rest* counts the frames where the camera
holds its shot (not moving between two shots). Prints one line per replay and the totals.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from engine.replay_timeline import load_timeline
from studio.director import ship_points

Rect = tuple[float, float, float, float]


def _hits(box: Rect, rects: list[Rect]) -> bool:
    x0, x1, y0, y1 = box
    return any(x0 < r[1] and x1 > r[0] and y0 < r[3] and y1 > r[2] for r in rects)


def _box(points: np.ndarray) -> Rect:
    return float(points[:, 0].min()), float(points[:, 0].max()), float(points[:, 1].min()), float(points[:, 1].max())


def covered(path: Path, fps: float, size: tuple[int, int]) -> dict[str, int]:
    """Ship-frames and covered ship-frames (bases, tags) of one replay's director frames."""
    from studio.marks import TAG_Z, tag_box, tag_slots
    from studio.video import FrameRenderer

    loaded = load_timeline(path)
    tl = loaded.timeline
    out = {"frames": 0, "ship_frames": 0, "covered": 0, "tags": 0, "rest": 0, "rest_tags": 0}
    with FrameRenderer(loaded, size, "director") as fr:
        assert fr.hud is not None
        for t in np.arange(0.0, tl.duration, 1.0 / fps):
            moment = tl.moment(float(t))
            fr.hud.update(moment, tl)
            rects = fr.hud.rects()
            slots = tag_slots(moment.view.ships, moment.view.markers)
            d, k = fr.director, fr.director.shot_index(float(t))
            rest = d._early(float(t)) is None and float(t) - d.shots[k].start >= d._move_time(k)
            out["frames"] += 1
            for ship in moment.view.ships:
                if ship.destroyed:
                    continue
                out["ship_frames"] += 1
                base = _box(fr.director.project(float(t), ship_points(ship.pose, ship.base_size, ship.base_side)))
                x0, y0, x1, y1 = tag_box(ship, slots[ship.id])
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
    total: dict[str, int] = {}
    for path in args.replays:
        n = covered(path, args.fps, (w, h))
        print(f"{path.name}: {n['covered']} of {n['ship_frames']} ship-frames covered, {n['tags']} tags; "
              f"at rest {n['rest']}, {n['rest_tags']} tags ({n['frames']} frames at {args.fps:g} fps)", flush=True)
        for k, v in n.items():
            total[k] = total.get(k, 0) + v
    print(f"total: {total['covered']} of {total['ship_frames']} ship-frames covered, {total['tags']} tags; "
          f"at rest {total['rest']}, {total['rest_tags']} tags")


if __name__ == "__main__":
    main()
