"""Visitors: what receives a replay in file order from ``Replay.visit`` (python-chess style)."""

from __future__ import annotations

from typing import Any, Protocol


class ReplayVisitor(Protocol):
    """Receives a replay in file order (python-chess style). ``on_event`` may return False to stop early."""

    def on_header(self, header: dict[str, Any]) -> None: ...

    def on_event(self, event: dict[str, Any]) -> bool | None: ...

    def on_keyframe(self, events: int, state: dict[str, Any]) -> None: ...

    def on_end(self, result: dict[str, Any] | None, truncated: bool) -> None: ...


class BaseVisitor:
    """A visitor that does nothing; subclass it and override what you need."""

    def on_header(self, header: dict[str, Any]) -> None:
        return None

    def on_event(self, event: dict[str, Any]) -> bool | None:
        return None

    def on_keyframe(self, events: int, state: dict[str, Any]) -> None:
        return None

    def on_end(self, result: dict[str, Any] | None, truncated: bool) -> None:
        return None
