"""Where the bundled scenarios, missions and lessons are: the ``trek_replays`` package.

In a checkout that is the top-level ``replays/`` folder (mapped by setup.py); in an installed
wheel, package data beside the engine. Either way it is found through importlib.resources,
never by counting folders up from a source file.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def replays_dir(*parts: str) -> Path:
    """The folder (or file) ``parts`` under the bundled replays, as a path on disk."""
    return Path(str(files("trek_replays").joinpath(*parts)))
