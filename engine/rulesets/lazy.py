"""A ruleset's wiring without loading its game: functions that import their module when first called.

The registry builds every ``Ruleset`` record when it loads, and opening a replay needs only a
ruleset's codec, presenter and table: its game, AI, `trek` subcommands and re-play check load only
when a game is played, a command run or a replay validated. ``lazy`` is that deferred call, once
for every ruleset (each had its own wrapper functions)."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from engine.rulesets.base import GameMaker


def lazy(module: str, name: str) -> Callable[..., Any]:
    """``module.name``, called with the arguments given; the module is imported at the first call."""

    def call(*args: Any, **kwargs: Any) -> Any:
        function: Callable[..., Any] = getattr(import_module(module), name)
        return function(*args, **kwargs)

    call.__name__ = call.__qualname__ = f"{module}.{name}"
    return call


def lazy_maker(play_module: str, bundled: tuple[str, str] | None = None, seated: str | None = None) -> GameMaker:
    """A GameMaker from ``play_module``'s ``plays`` and ``play_command``; the bundled names from
    ``bundled`` (module, function), by default the same module's ``bundled``; a saved game with people
    in its seats from the ``seated_from_header`` of ``seated`` (a module; by default the play module)."""
    source, name = bundled or (play_module, "bundled")
    return GameMaker(lazy(source, name), lazy(play_module, "plays"), lazy(play_module, "play_command"),
                     seated=lazy(seated or play_module, "seated_from_header"))
