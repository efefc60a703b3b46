"""A hook point: a function a lower module calls and a higher one gives.

Two parts of a game can need each other: the rules of an action need to know whether a card lets a
ship break them, and the cards are played by windows that read those rules. The lower module
declares a ``Hook`` and calls it; the higher one gives its function when it loads. Imports then run
one way only (tests/test_import_cycles.py), and a hook called before anything gave it says which
module should have.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


class Hook(Generic[P, R]):
    """``hook(...)`` calls the function given with ``hook.give``; ``giver`` names the module that gives it."""

    __slots__ = ("_function", "giver", "name")

    def __init__(self, name: str, giver: str) -> None:
        self.name = name
        self.giver = giver
        self._function: Callable[P, R] | None = None

    def give(self, function: Callable[P, R]) -> Callable[P, R]:
        """Make ``function`` the one called (a later gift replaces an earlier one); returns it, so it
        may be used as a decorator."""
        self._function = function
        return function

    @property
    def given(self) -> bool:
        return self._function is not None

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        if self._function is None:
            raise RuntimeError(f"{self.name}: nothing gave this hook its function (import {self.giver})")
        return self._function(*args, **kwargs)
