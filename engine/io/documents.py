"""JSON and TOML documents from files (fleets, scenarios, missions, campaigns, lessons), bounded.

The parse is bounded by the file's size cap; the parsed document is then checked against
``DocumentLimits`` (nesting, elements per list or table, string length, numbers) before any
model sees it, so a validator never meets a 10,000-digit integer, an infinity or a
structure deeper than any real file. Pydantic errors become one line naming where.
"""

from __future__ import annotations

import json
import math
import os
import re
import sys
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, TypeVar

from pydantic import BaseModel, ValidationError

from engine.errors import TrekError
from engine.io.reading import decode_text, read_bytes, show_path

E = TypeVar("E", bound=TrekError)


@dataclass(frozen=True)
class DocumentLimits:
    """What a parsed document may hold (far beyond any real fleet, scenario, mission or campaign)."""

    max_depth: int = 16  # nesting of lists and tables
    max_items: int = 10_000  # elements of one list or keys of one table
    max_total: int = 200_000  # lists, tables, strings and numbers in the whole document
    max_str: int = 10_000  # characters of one string or key
    max_int: int = 2**53  # |n| for integers: exactly representable in JSON everywhere


DEFAULT_DOCUMENT_LIMITS: Final = DocumentLimits()
CHARS_PER_CONTAINER: Final = 8  # real documents have one list or table per 20 characters or more
# JSON's \ud800 escapes decode to lone surrogates, which no text encoding can write back out (a print
# to a UTF-8 terminal, a file written in UTF-8 would fail): refused where the document is read
_SURROGATE: Final = re.compile("[\ud800-\udfff]")


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def check_document(document: Any, source: str, error: type[E], limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS
                   ) -> None:
    """Raise ``error`` unless ``document`` stays within ``limits`` (walked level by level, no recursion)."""
    level: list[tuple[Any, str]] = [(document, "")]
    depth = 0
    total = 0
    while level:
        depth += 1
        if depth > limits.max_depth:
            raise error(f"{source}: nested deeper than {limits.max_depth} levels (at {level[0][1] or 'the top'})")
        deeper: list[tuple[Any, str]] = []
        for value, where in level:
            total += 1
            if total > limits.max_total:
                raise error(f"{source}: more than {limits.max_total} values in one document")
            if isinstance(value, dict):
                if len(value) > limits.max_items:
                    raise error(f"{source}: {where or 'the top'} has {len(value)} keys, over the limit of "
                                f"{limits.max_items}")
                for key, item in value.items():
                    if len(key) > limits.max_str:
                        raise error(f"{source}: a key of {len(key)} characters in {where or 'the top'}")
                    if found := _SURROGATE.search(key):
                        raise error(f"{source}: a key in {where or 'the top'} holds a lone surrogate "
                                    f"(\\u{ord(found.group()):04x}), which is not text")
                    deeper.append((item, f"{where}.{key}" if where else str(key)[:40]))
            elif isinstance(value, list):
                if len(value) > limits.max_items:
                    raise error(f"{source}: {where or 'the top'} has {len(value)} elements, over the limit of "
                                f"{limits.max_items}")
                deeper.extend((item, f"{where}[{i}]") for i, item in enumerate(value))
            elif isinstance(value, str):
                if len(value) > limits.max_str:
                    raise error(f"{source}: {where or 'the top'}: a string of {len(value)} characters, over the "
                                f"limit of {limits.max_str}")
                if found := _SURROGATE.search(value):
                    raise error(f"{source}: {where or 'the top'}: a lone surrogate (\\u{ord(found.group()):04x}) "
                                "is not text")
            elif isinstance(value, bool) or value is None:
                continue
            elif isinstance(value, int):
                if abs(value) > limits.max_int:
                    raise error(f"{source}: {where or 'the top'}: the number is too large (at most "
                                f"{limits.max_int} either side of zero)")
            elif isinstance(value, float) and not math.isfinite(value):
                raise error(f"{source}: {where or 'the top'}: {value} is not a finite number")
        level = deeper


def parse_document(text: str, source: str, error: type[E], *, toml: bool = False,
                   limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS) -> Any:
    """Parse JSON or TOML text and check its bounds; ``error`` with line and column when it is malformed."""
    containers = text.count("{") + text.count("[")  # an upper bound (brackets inside strings count too)
    if containers > len(text) // CHARS_PER_CONTAINER + 64:
        # an empty list or table is two characters of text but dozens of bytes in memory: refused
        # before parsing, so memory stays a small multiple of the text's size (docs/files.md)
        raise error(f"{source}: more than one list or table per {CHARS_PER_CONTAINER} characters; "
                    "not a document trek writes or reads")
    try:
        document = tomllib.loads(text) if toml else json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise error(f"{source}: not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{source}: not valid TOML: {str(exc).splitlines()[0]}") from None
    except RecursionError:
        raise error(f"{source}: nested too deeply") from None
    except ValueError as exc:  # a number of more than 4300 digits, a NaN constant
        text = str(exc).splitlines()[0]
        if "integer string conversion" in text:  # Python's words name sys.set_int_max_str_digits(): not ours
            text = f"a number of more than {sys.get_int_max_str_digits()} digits (no file of trek's holds one)"
        raise error(f"{source}: {text}") from None
    check_document(document, source, error, limits)
    return document


def read_document(path: str | os.PathLike[str], error: type[E], *, kind: str, max_bytes: int | None = None,
                  limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS, toml: bool | None = None) -> Any:
    """A JSON (or TOML: ``toml``, by default a .toml name) document from a regular file; ``error`` if wrong."""
    raw = read_bytes(path, kind=kind, max_bytes=max_bytes, error=error)
    label = show_path(path)
    text = decode_text(raw, label, error)
    if toml is None:
        toml = Path(path).suffix.casefold() == ".toml"
    return parse_document(text, label, error, toml=toml, limits=limits)


def location(loc: Sequence[str | int], prefix: str = "") -> str:
    """A pydantic error location as a path: ('ships', 2, 'upgrades', 1) -> ships[2].upgrades[1]."""
    path = prefix
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += f".{part}" if path else part
    return path


def validation_message(exc: ValidationError, prefix: str, fields: Iterable[str]) -> str:
    """The first error of a ValidationError as 'where: what' (and how many more there are).

    Locations keep field names and list indices only; union branch tags are dropped.
    """
    known = set(fields)
    errors = exc.errors()
    first = errors[0]
    loc = [p for p in first["loc"] if isinstance(p, int) or p in known]
    if first["type"] == "extra_forbidden" and first["loc"]:
        loc.append(first["loc"][-1])  # the unknown field's own name
    where = location(loc, prefix) or prefix or "the document"
    if first["type"] == "extra_forbidden":
        what = "unknown field"
    elif first["type"] in ("tuple_type", "list_type"):
        what = "should be a list"
    elif first["type"] == "model_type" or first["type"] == "model_attributes_type":
        what = "should be an object"
    else:
        what = first["msg"].removeprefix("Value error, ").replace("Tuple should", "List should")
        what = what.replace(" after validation", "")
    more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
    return f"{where}: {what.splitlines()[0] if what else what}{more}"


def validation_line(exc: ValidationError) -> str:
    """A ValidationError from untrusted data as one short line: 'ships[0].hull: Input should be ... (got 'five')'.

    A tagged union's tag (the first part of the location) is dropped, an unknown tag is named
    without the list of every tag, and no link to the pydantic documentation is kept.
    """
    errors = exc.errors(include_url=False)
    if not errors:
        return "not valid"
    first = errors[0]
    loc = list(first["loc"])
    if exc.title.startswith("tagged-union") and loc and isinstance(loc[0], str):
        loc = loc[1:]
    where = location([p for p in loc if isinstance(p, (str, int))])
    if first["type"] == "union_tag_invalid":
        what = f"unknown type {first.get('ctx', {}).get('tag', '?')!r}"
    elif first["type"] == "extra_forbidden":
        what = "unknown field"
    else:
        what = first["msg"].removeprefix("Value error, ").splitlines()[0]
        shown = first.get("input")
        if isinstance(shown, (str, int, float, bool)) and first["type"] != "missing":
            text = repr(shown)
            what += f" (got {text if len(text) <= 40 else text[:37] + '...'})"
    more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
    return f"{where + ': ' if where else ''}{what}{more}"


def model_fields(*models: type[BaseModel]) -> set[str]:
    return {name for m in models for name in m.model_fields}
