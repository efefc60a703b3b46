"""Game notation, whichever the game (docs/notation.md): what every game's notation gives the command line.

A notation file says which game it records in its header (``Game: into_the_unknown``; a file without
the tag is an Attack Wing game, as every notation was before the other games had one). The command
(`trek notation check|import|export`) reads the file here, finds the game's ``Ruleset`` by that name and
hands the text to the game's own grammar (``Ruleset.notation``, loaded only when a notation of that
game is read or written); it names no game itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Protocol

from engine.errors import TrekError

MAX_BYTES: Final = 4 * 1024 * 1024  # a notation over this is refused unread (docs/notation.md)
MAX_LINES: Final = 100_000
HEADER_LINES: Final = 200  # the Game tag is looked for among the first lines only
_GAME_TAG = re.compile(r"^\s*game\s*:\s*(?P<value>[^#]*?)\s*(#.*)?$", re.IGNORECASE)


class NotationError(TrekError):
    """A notation file that cannot be read at all (missing, not UTF-8 text, too large): exit 2."""


class IssueLike(Protocol):
    """One problem of a notation: its line, class, message and rule, as text and as JSON."""

    @property
    def line(self) -> int: ...

    def format(self, label: str) -> str: ...

    def as_dict(self) -> dict[str, object]: ...


@dataclass(frozen=True, slots=True)
class Issue:
    """An issue of a game's notation: the line (1-based; 0 for the file as a whole), its class, what is
    wrong and the rule that refuses it."""

    line: int
    code: str
    message: str
    rule: str

    def format(self, label: str) -> str:
        where = f"{label}:{self.line}" if self.line else label
        return f"{where}: {self.code}: {self.message} [rule: {self.rule}]"

    def as_dict(self) -> dict[str, object]:
        return {"line": self.line, "class": self.code, "message": self.message, "rule": self.rule}


@dataclass(frozen=True)
class NotationRun:
    """A notation checked (and perhaps recorded) by its game: sound or not, every issue, how far the
    game went, its result as JSON, warnings, and the replay's bytes (``record`` and sound only)."""

    sound: bool
    issues: Sequence[IssueLike]
    events: int
    rounds: int | None
    result: dict[str, Any] | None
    ending: str = ""  # how the game ended, in words, for the one-line summary
    warnings: Sequence[str] = ()
    replay: bytes | None = None
    round_name: str = "round"  # what the game calls its rounds (Fleet Captains: "turn")


@dataclass(frozen=True)
class GameNotation:
    """A game's notation: ``run(text, folder, record)`` checks a notation's text (its folder: where files
    it names are looked for; None for standard input) and, with ``record``, builds the replay;
    ``export(header, events, cut)`` writes a sound replay of the game (its header, its events as the
    ruleset's codec reads them, why it is cut off or None) as notation text."""

    run: Callable[[str, Path | None, bool], NotationRun]
    export: Callable[[dict[str, Any], list[Any], str | None], str]
    extra: dict[str, Any] = field(default_factory=dict)


def reading_codec(codec: Any, schema: int, upgrades: Mapping[int, Any], header: Mapping[str, Any]) -> Any:
    """A game's codec for a replay header's event schema (older events upgraded first), as its
    ``Ruleset.reading`` gives it, for an exporter that must not import its own Ruleset record."""
    from engine.rulesets.base import EVENT_SCHEMA_KEY, UpgradingCodec

    version = header.get(EVENT_SCHEMA_KEY, 1)
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= schema:
        raise NotationError(f"the replay's event schema {version!r} is not one this engine reads (1 to {schema})")
    if version == schema:
        return codec
    return UpgradingCodec(codec, tuple(upgrades[v] for v in range(version, schema)))


def decode(data: bytes, label: str) -> str:
    """The text of a notation's bytes (UTF-8, a BOM allowed); NotationError when it is no text."""
    if len(data) > MAX_BYTES:
        raise NotationError(f"{label}: over the limit of {MAX_BYTES} bytes for a notation")
    if b"\x00" in data:
        raise NotationError(f"{label}: not a text file (it holds NUL bytes)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise NotationError(f"{label}: not UTF-8 text (byte {exc.start})") from None
    if text.count("\n") > MAX_LINES:
        raise NotationError(f"{label}: more than {MAX_LINES} lines")
    return text


def game_of(text: str) -> tuple[str, int]:
    """The game a notation names in its ``Game:`` tag (a ruleset's name; spaces and hyphens read as
    underscores) and the tag's line; an Attack Wing game (line 0) when the header has no such tag."""
    for no, line in enumerate(text.splitlines()[:HEADER_LINES], start=1):
        found = _GAME_TAG.match(line)
        if found:
            return re.sub(r"[\s\-]+", "_", found["value"].strip().strip('"').lower()), no
    from engine.rulesets.registry import NOTATION_DEFAULT

    return NOTATION_DEFAULT, 0
