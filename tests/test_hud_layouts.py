"""The HUD lays out at every size (issue 36 item 5): landscape, square and portrait, 640x360 to
3840x2160 and 540x960 for Shorts and Reels. Its boxes (the round box, the active ship's box, the
mission box, each fleet column, the dice and the caption) never overlap and stay inside the image.
A vertical video printed the round over the header and the fleets' panels into each other."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from engine.replay_timeline import LoadedReplay, load_timeline
from engine.rulesets.base import PlayRequest
from engine.rulesets.registry import maker_for
from studio.frame_plan import attacks

SIZES = [(640, 360), (1280, 720), (1920, 1080), (3840, 2160), (1024, 768), (720, 720), (1080, 1080),
         (540, 960), (1080, 1920), (360, 640)]

Box = tuple[float, float, float, float]  # left, right, bottom, top in -1..1 image units


@pytest.fixture(scope="module")
def itu(tmp_path_factory: pytest.TempPathFactory) -> LoadedReplay:
    path = tmp_path_factory.mktemp("layouts") / "itu.trek"
    _, maker = maker_for("itu-perditions-gate")
    maker.play(PlayRequest("itu-perditions-gate", 4, path, 3))
    return load_timeline(path)


def boxes(hud: Any) -> dict[str, Box]:
    """Each of the HUD's boxes as the image shows it (a fleet column: its name, note and panels together)."""
    parent, aspect = hud.parent, hud.aspect

    def box(*nodes: Any) -> Box | None:
        found = [b for n in nodes if not n.isEmpty() and not n.isHidden() and (b := n.getTightBounds(parent))]
        if not found:
            return None
        lo = [min(b[0][i] for b in found) for i in range(3)]
        hi = [max(b[1][i] for b in found) for i in range(3)]
        return lo[0] / aspect, hi[0] / aspect, lo[2], hi[2]

    # the active ship's box with its text (a text wider than its back spilled over the round box)
    named = {"round": box(hud.top_left), "active": box(hud.top), "mission": box(hud.mission.back),
             "dice": box(hud.bottom.find("dice")), "caption": box(hud.caption_back)}
    for side, column in enumerate(hud.columns):
        if not column.isHidden():
            named[f"fleet {side}"] = box(*(p.root for p in hud.panels.values() if p.root.getParent() == column),
                                         hud.fleet_labels[side].path)
    return {k: v for k, v in named.items() if v is not None and v[1] > v[0] and v[3] > v[2]}


def overlap(a: Box, b: Box) -> bool:
    return min(a[1], b[1]) - max(a[0], b[0]) > 1e-3 and min(a[3], b[3]) - max(a[2], b[2]) > 1e-3


def check(loaded: LoadedReplay, at: int, size: tuple[int, int]) -> None:
    from studio.video import FrameRenderer

    with FrameRenderer(loaded, size, "top") as fr:
        fr.moment_frame(loaded.timeline.moment_after(at))
        assert fr.hud is not None
        found = boxes(fr.hud)
    assert {"round", "active", "caption"} <= set(found), (size, found)
    for name, (left, right, bottom, top) in found.items():
        assert left >= -1.0 - 1e-3 and right <= 1.0 + 1e-3 and bottom >= -1.0 - 1e-3 and top <= 1.0 + 1e-3, \
            (size, name, found[name])
    for (m, a), (n, b) in itertools.combinations(found.items(), 2):
        assert not overlap(a, b), f"{size[0]}x{size[1]}: {m} {a} overlaps {n} {b}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_an_attack_lays_out_at_every_size(skirmish3: LoadedReplay, size: tuple[int, int]) -> None:
    tl = skirmish3.timeline
    attack = attacks(tl)[3]
    check(skirmish3, attack + 3, size)  # the header with a target, the dice on the table


@pytest.mark.parametrize("size", [(1280, 720), (720, 720), (540, 960)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_mission_box_lays_out_beside_the_round_box(itu: LoadedReplay, size: tuple[int, int]) -> None:
    check(itu, len(itu.timeline) // 2, size)
