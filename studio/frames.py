"""A video's frames in order, from a ``FrameRenderer`` (``studio.video``): the title card, the game,
the end card, with the fades between them; a part of them gives the same frames as the whole would.
The whole video renders them in one process (``video.render``), a split one in parts
(``split.render_chunks``)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:  # types only: the renderer and the plan are made by ``studio.video``, which reads this module
    from engine.timeline import Moment
    from studio.frame_plan import VideoPlan
    from studio.offscreen import Frame
    from studio.video import FrameRenderer


def blend(a: Frame, b: Frame, alpha: float) -> Frame:
    """``a`` dissolving into ``b`` (alpha 0: a, 1: b)."""
    out = a.astype(np.float32) * (1.0 - alpha) + b.astype(np.float32) * alpha
    return np.rint(out).astype(np.uint8)


def iter_frames(fr: FrameRenderer, plan: VideoPlan, start: int = 0, stop: int | None = None) -> Iterator[Frame]:
    """The video's frames ``start`` to ``stop`` (exclusive; default: all) in order: title card,
    game, end card. A part that does not start at 0 gives the same frames as the whole would
    (the fades render the game frame they blend with; a follow camera is primed first)."""
    stop = plan.total if stop is None else min(stop, plan.total)
    n_title, n_game, fade = plan.title_frames, plan.game_frames, plan.fade_frames
    first: Frame | None = None
    fr.use_plan(plan)
    if start < n_title:
        title = fr.card_frame("title", plan.start)
        first = fr.plan_frame(plan, 0)
        for j in range(start, min(stop, n_title)):
            k = j - (n_title - fade)
            yield title if k < 0 else blend(title, first, (k + 1) / (fade + 1))
    g0, g1 = max(start - n_title, 0), min(stop - n_title, n_game)
    last: Frame | None = None
    if g0 < g1:
        if g0 > 0:
            fr.prime(plan, g0)
        last = first if g0 == 0 and first is not None else fr.plan_frame(plan, g0)
        yield last
        # the next moment is worked out on a second thread while this frame renders (Panda3D and the
        # GL driver release the GIL while they draw; Timeline.moment only reads the timeline)
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="timeline") as pool:
            ahead: Future[Moment] | None = pool.submit(plan.moment_of, fr.timeline, g0 + 1) if g0 + 1 < g1 else None
            for k in range(g0 + 1, g1):
                assert ahead is not None
                t = time.perf_counter()
                moment = ahead.result()
                fr.stats.moment += time.perf_counter() - t
                ahead = pool.submit(plan.moment_of, fr.timeline, k + 1) if k + 1 < g1 else None
                last = fr.remark_frame(plan, k, moment)
                yield last
    e0, e1 = max(start - n_title - n_game, 0), min(stop - n_title - n_game, plan.end_frames)
    if e0 < e1:
        if e0 < fade and (last is None or g1 < n_game):  # the fade starts from the game's last frame
            fr.prime(plan, n_game - 1)
            last = fr.plan_frame(plan, n_game - 1)
        end = fr.card_frame("end", plan.end)
        for j in range(e0, e1):
            assert last is not None or j >= fade
            yield blend(last, end, (j + 1) / (fade + 1)) if j < fade and last is not None else end
