"""Encoding a video's frames: H.264 MP4 (PyAV/libx264, yuv420p, faststart), GIF (one palette
for the whole film) or a folder of PNG frames, optionally on a worker thread while the next frame
renders. A sink takes (H, W, 3|4) uint8 frames in order; ``close`` finishes the file and
``abort`` drops it.
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from fractions import Fraction
from pathlib import Path
from typing import Any, Final, cast

import numpy as np

from studio.offscreen import Frame

CRF: Final = 20
# ultrafast: at 1920x1080 0.43x superfast's CPU a frame (13.9 against 32.2 ms, 90 skirmish frames of round 2,
# one loaded run), the same picture (37.2 against 36.8 dB PSNR to the rendered frames at crf 20), files 1.15x
# as big (superfast's were already about twice veryfast's)
PRESET: Final = "ultrafast"


class Sink:
    """Where frames go; ``close`` finishes the file, ``abort`` drops it."""

    def write(self, frame: Frame) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def abort(self) -> None:
        self.close()


def _rate(fps: float) -> Fraction:
    return Fraction(fps).limit_denominator(1001)


class _AvSink(Sink):
    """A PyAV stream in a container: frames numbered in order, flushed and closed at the end.
    Subclasses open ``container`` and ``stream`` and turn a frame into a VideoFrame."""

    container: Any
    stream: Any
    count: int

    def video_frame(self, frame: Frame) -> Any:
        raise NotImplementedError

    def write(self, frame: Frame) -> None:
        vf = self.video_frame(frame)
        vf.pts = self.count
        self.count += 1
        for packet in self.stream.encode(vf):
            self.container.mux(packet)

    def close(self) -> None:
        for packet in self.stream.encode(None):
            self.container.mux(packet)
        self.container.close()

    def abort(self) -> None:
        self.container.close()


class Mp4Sink(_AvSink):
    """H.264 (libx264 ultrafast, yuv420p, crf 20, BT.709 tagged) in MP4 with the index at the front (faststart).

    ``pixel_format``: the layout of the frames given to :meth:`write` (``rgb24``, or ``bgra`` /
    ``bgr24`` straight from the capture buffer); one reused swscale context converts them.
    ``threads``: x264's and swscale's threads (None: their own choice, about one per core; 1 where
    each core already runs a renderer of its own, as in a split render). ``faststart``: the index
    at the front (off for the parts of a split render, which are copied into one file).
    """

    def __init__(self, path: Path, size: tuple[int, int], fps: float, title: str = "",
                 pixel_format: str = "rgb24", threads: int | None = None, faststart: bool = True) -> None:
        import av
        from av.video.reformatter import ColorPrimaries, ColorRange, Colorspace, ColorTrc, VideoReformatter

        self.container = av.open(str(path), mode="w", format="mp4",
                                 options={"movflags": "+faststart"} if faststart else {})
        if title:
            self.container.metadata["title"] = title
        self.stream = self.container.add_stream("libx264", rate=_rate(fps))
        self.stream.width, self.stream.height = size
        self.stream.pix_fmt = "yuv420p"
        self.stream.options = {"crf": str(CRF), "preset": PRESET} | ({"threads": str(threads)} if threads else {})
        ctx = self.stream.codec_context
        ctx.time_base = 1 / _rate(fps)
        ctx.colorspace, ctx.color_primaries, ctx.color_trc = int(Colorspace.ITU709), 1, 1  # BT.709
        ctx.color_range = int(ColorRange.MPEG)
        self.size = size
        self.pixel_format = pixel_format
        self.reformatter = VideoReformatter()
        # chroma averaged over each 2x2 block (swscale's area filter): at 1920x1080 closer to the rendered
        # frames than PyAV's default (bilinear) after x264 (37.8 against 37.5 dB PSNR, 30 distinct skirmish
        # frames) and cheaper (about 25 against 29 ms a frame with x264, loaded machine); point sampling
        # is cheaper still (24 ms) but loses 0.8 dB on coloured edges
        self.convert: dict[str, Any] = {
            "format": "yuv420p", "dst_colorspace": Colorspace.ITU709, "dst_color_range": ColorRange.MPEG,
            "dst_color_trc": ColorTrc.BT709, "dst_color_primaries": ColorPrimaries.BT709, "interpolation": "AREA",
            "threads": threads or 0}
        self.count = 0
        self._last: tuple[Frame, Any] | None = None

    def video_frame(self, frame: Frame) -> Any:
        """``frame`` as a yuv420p VideoFrame (a plain copy into the plane when the row sizes match);
        the same array as last time (a held frame) is not converted again (x264 copies its input)."""
        if self._last is not None and self._last[0] is frame:
            return self._last[1]
        vf = self._convert(frame)
        self._last = (frame, vf)
        return vf

    def _convert(self, frame: Frame) -> Any:
        import av

        w, h = self.size
        vf = av.VideoFrame(w, h, self.pixel_format)
        plane = vf.planes[0]
        if plane.line_size == frame.shape[1] * frame.shape[2] and frame.flags.c_contiguous:
            plane.update(cast(Any, frame))  # any buffer: no extra copy
        else:
            vf = av.VideoFrame.from_ndarray(frame, format=self.pixel_format)
        return self.reformatter.reformat(vf, **self.convert)



def median_cut(pixels: np.ndarray, colours: int = 256) -> np.ndarray:
    """A palette of up to ``colours`` RGB colours for ``pixels`` (N, 3) by median cut (deterministic)."""
    boxes = [np.asarray(pixels, dtype=np.uint8).reshape(-1, 3)]
    while len(boxes) < colours:
        spans = [(b.max(axis=0).astype(int) - b.min(axis=0)).max() if len(b) > 1 else -1 for b in boxes]
        k = int(np.argmax(spans))
        if spans[k] <= 0:
            break
        box = boxes.pop(k)
        axis = int(np.argmax(box.max(axis=0).astype(int) - box.min(axis=0)))
        order = np.argsort(box[:, axis], kind="stable")
        half = len(box) // 2
        boxes += [box[order[:half]], box[order[half:]]]
    pal = np.array([b.astype(np.float64).mean(axis=0) for b in boxes])
    out: np.ndarray = np.rint(pal).astype(np.uint8)
    return out


class GifSink(_AvSink):
    """An animated GIF (loops) with one palette for the whole film, made from sample frames."""

    def __init__(self, path: Path, size: tuple[int, int], fps: float, samples: list[Frame]) -> None:
        import av

        pixels = np.concatenate([s[::2, ::2].reshape(-1, 3) for s in samples])
        pal = median_cut(pixels, 256)
        grid = np.arange(32, dtype=np.float64) * 8 + 4  # a 15-bit RGB look-up table to the nearest colour
        cube = np.stack(np.meshgrid(grid, grid, grid, indexing="ij"), axis=-1).reshape(-1, 3)
        lut = np.empty(len(cube), dtype=np.uint8)
        p = pal.astype(np.float64)
        for i in range(0, len(cube), 4096):
            d = ((cube[i:i + 4096, None, :] - p[None, :, :]) ** 2).sum(axis=2)
            lut[i:i + 4096] = d.argmin(axis=1)
        self.lut = lut
        argb = np.zeros((256, 4), dtype=np.uint8)
        argb[:, 0] = 255
        argb[:len(pal), 1:] = pal
        self.palette = argb
        self.container = av.open(str(path), mode="w", format="gif")
        self.stream = self.container.add_stream("gif", rate=_rate(fps))
        self.stream.width, self.stream.height = size
        self.stream.pix_fmt = "pal8"
        self.stream.codec_context.time_base = 1 / _rate(fps)
        self.count = 0

    def video_frame(self, frame: Frame) -> Any:
        import av

        f = frame.astype(np.uint16) >> 3
        index = self.lut[(f[..., 0] << 10) | (f[..., 1] << 5) | f[..., 2]]
        pair: Any = (index, self.palette)
        return av.VideoFrame.from_ndarray(pair, format="pal8")


class ThreadedSink(Sink):
    """Writes frames to ``sink`` on a worker thread (PyAV and the encoders release the GIL), so the
    encoder works while the next frame renders; at most ``depth`` frames wait. An error in the
    worker is raised by the next ``write`` or by ``close``."""

    def __init__(self, sink: Sink, depth: int = 4) -> None:
        self.sink = sink
        self.queue: queue.Queue[Frame | None] = queue.Queue(maxsize=depth)
        self.error: BaseException | None = None
        self.busy = 0.0  # seconds the worker spent writing
        self.thread = threading.Thread(target=self._run, name="video-encoder", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while True:
            frame = self.queue.get()
            if frame is None:
                return
            if self.error is not None:
                continue
            t = time.perf_counter()
            try:
                self.sink.write(frame)
            except BaseException as exc:  # handed to the main thread
                self.error = exc
            self.busy += time.perf_counter() - t

    def _check(self) -> None:
        if self.error is not None:
            raise self.error

    def write(self, frame: Frame) -> None:
        self._check()
        self.queue.put(frame)

    def _stop(self) -> None:
        if self.thread.is_alive():
            self.queue.put(None)
            self.thread.join()

    def close(self) -> None:
        self._stop()
        self._check()
        self.sink.close()

    def abort(self) -> None:
        self.error = self.error or RuntimeError("aborted")
        with contextlib.suppress(queue.Full):
            while self.thread.is_alive():
                self.queue.put(None, timeout=0.1)
                self.thread.join(timeout=1.0)
        self.sink.abort()


class PngSink(Sink):
    """A folder of ``frame_00000.png``..."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir()
        self.folder = folder
        self.count = 0

    def write(self, frame: Frame) -> None:
        from studio.snapshot import save_png

        save_png(frame, self.folder / f"frame_{self.count:05d}.png")
        self.count += 1

    def close(self) -> None:
        pass
