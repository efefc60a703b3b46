"""Shared by the Into the Unknown studio tests: a seeded game's replay and pixel probes."""

from __future__ import annotations

import numpy as np

from studio.camera import table_to_pixel


def near(frame: np.ndarray, x: float, y: float, size: tuple[int, int], area: tuple[float, float],
         colour: tuple[float, ...], r: int = 3, tol: int = 60) -> int:
    """How many pixels within ``r`` of table point (x, y) (``top`` camera) are ``colour`` (0..1) within ``tol``."""
    u, v = (int(c) for c in table_to_pixel(x, y, size, area))
    patch = frame[v - r:v + r + 1, u - r:u + r + 1].astype(int)
    return int(np.all(np.abs(patch - np.array(colour[:3]) * 255) <= tol, axis=2).sum())
