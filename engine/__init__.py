"""Pure-Python rules engine for the Star Trek starship miniatures games (no Panda3D here)."""

__version__ = "0.10.0"
