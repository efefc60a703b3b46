"""Reading what the user hands ``trek fleet import``: a file, standard input, or a pasted link.

Everything here is untrusted and bounded: at most ``MAX_INPUT_BYTES`` of UTF-8 text. A Utopia
share link is decoded locally (nothing is fetched) in stages, and a failure names its stage:
the text after ``#`` -> percent-decoding -> base64 -> UTF-8 -> JSON.
"""

from __future__ import annotations

import base64
import binascii
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Literal
from urllib.parse import unquote_to_bytes

from engine.io.documents import parse_document
from engine.io.reading import read_bytes, show_path
from engine.rulesets.attack_wing.fleet_io.model import MAX_INPUT_BYTES, FleetImportError

Detected = Literal["spacedock-json", "spacedock-text", "utopia-link", "utopia-json"]
InputChoice = Literal["auto", "spacedock", "spacedock-text", "utopia"]
INPUT_CHOICES: tuple[InputChoice, ...] = ("auto", "spacedock", "spacedock-text", "utopia")

_BASE64ISH = re.compile(r"[A-Za-z0-9+/=_%-]{16,}")
_BAD_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")
_BASE64_CHARS = re.compile(r"[A-Za-z0-9+/]*={0,2}")


@dataclass(frozen=True)
class ImportSource:
    """Input text and how reports name it (the path, ``<stdin>``, or ``link``)."""

    label: str
    text: str
    stem: str | None = None  # a file's name without its suffix: the fleet's name when the input has none
    is_link: bool = False


def looks_like_link(arg: str) -> bool:
    """Whether a command-line argument is a pasted link rather than a path."""
    return "://" in arg or arg.startswith("#")


def read_source(arg: str, stdin: IO[bytes] | None = None) -> ImportSource:
    """The text of FILE_OR_URL: a path, ``-`` for standard input, or a pasted link (never fetched)."""
    if arg == "-":
        stream = stdin if stdin is not None else sys.stdin.buffer
        return ImportSource("<stdin>", _decode(stream.read(MAX_INPUT_BYTES + 1), "<stdin>"))
    if looks_like_link(arg) or ("#" in arg and not _exists(arg)):
        if len(arg) > MAX_INPUT_BYTES:
            raise FleetImportError(f"the link is longer than {MAX_INPUT_BYTES} characters")
        return ImportSource("link", arg, is_link=True)
    path = Path(arg)
    try:
        raw = read_bytes(path, kind="fleet-builder", max_bytes=MAX_INPUT_BYTES, error=FleetImportError)
    except FleetImportError as exc:
        hint = " (a pasted link needs its '#')" if not _exists(arg) else ""
        raise FleetImportError(f"{exc}{hint}") from None
    return ImportSource(show_path(path), _decode(raw, show_path(path)), stem=path.stem)


def _exists(arg: str) -> bool:
    """Whether a file of that name exists (a name too long for the system is no file)."""
    try:
        return Path(arg).exists()
    except (OSError, ValueError):
        return False


def _decode(raw: bytes, label: str) -> str:
    if len(raw) > MAX_INPUT_BYTES:
        raise FleetImportError(f"{label}: larger than {MAX_INPUT_BYTES} bytes")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FleetImportError(f"{label}: not UTF-8 text (byte {exc.start})") from None


def parse_json(text: str, what: str) -> Any:
    """JSON text -> document, bounded (engine/io/documents.py); one line naming ``what`` when it is not JSON."""
    return parse_document(text, what, FleetImportError)


def detect(text: str) -> Detected:
    """Which format a text is in (``--from`` overrides this)."""
    body = text.strip()
    if body.startswith(("{", "[")):
        return "spacedock-json"  # refined to utopia-json once parsed (see is_utopia_document)
    lines = [line for line in body.splitlines() if line.strip()]
    if any(line.count("|") >= 2 for line in lines):
        return "spacedock-text"
    if "#" in body or _BASE64ISH.fullmatch("".join(body.split())):
        return "utopia-link"
    raise FleetImportError(
        "not a format trek can import: expected Space Dock JSON (.spacedock, .spacedocksquads), "
        "Space Dock text (Label|Title|Id lines) or a Utopia share link"
    )


def is_utopia_document(doc: Any) -> bool:
    """A decoded Utopia fleet (ships with ``id``) rather than a Space Dock squad (ships with ``shipId``)."""
    if not isinstance(doc, dict) or not isinstance(doc.get("ships"), list):
        return False
    ships = [s for s in doc["ships"] if isinstance(s, dict)]
    return any("id" in s and "shipId" not in s and "sideboard" not in s for s in ships)


def decode_utopia_link(text: str) -> tuple[Any, list[str]]:
    """A Utopia share link (or the text after its '#') -> the fleet's JSON document, plus notes.

    Stages: the text after the first '#' (whitespace removed, as links wrap in mail) ->
    percent-decoding -> base64 (standard or URL-safe alphabet, padding optional) -> UTF-8 -> JSON.
    A payload that is JSON already after percent-decoding is taken as it is (noted).
    """
    notes: list[str] = []
    body = "".join(text.split())
    if "#" in body:
        fragment = body.split("#", 1)[1]
    elif "://" in body:
        raise FleetImportError("Utopia link: no '#' in the link; the fleet is the text after '#'")
    else:
        fragment = body
    if not fragment:
        raise FleetImportError("Utopia link: nothing after '#'")
    bad = _BAD_PERCENT.search(fragment)
    if bad is not None:
        raise FleetImportError(f"Utopia link: bad percent-encoding at character {bad.start() + 1} of the fragment "
                               f"({fragment[bad.start():bad.start() + 3]!r})")
    unquoted = unquote_to_bytes(fragment)
    if unquoted.lstrip().startswith(b"{"):
        notes.append("the link carries plain JSON, not base64")
        payload = unquoted
    else:
        try:
            b64 = unquoted.decode("ascii")
        except UnicodeDecodeError:
            raise FleetImportError("Utopia link: not valid base64 (non-ASCII characters after percent-decoding)") \
                from None
        b64 = b64.replace("-", "+").replace("_", "/")
        if not _BASE64_CHARS.fullmatch(b64):
            odd = [i for i, ch in enumerate(b64) if not _BASE64_CHARS.fullmatch(ch)]
            what = f"character {b64[odd[0]]!r} at {odd[0] + 1}" if odd else "'=' padding before the end"
            raise FleetImportError(f"Utopia link: not valid base64 ({what})")
        b64 = b64.rstrip("=")
        if len(b64) % 4 == 1:
            raise FleetImportError(f"Utopia link: not valid base64 (a length of {len(b64)} characters cannot be)")
        try:
            payload = base64.b64decode(b64 + "=" * (-len(b64) % 4), validate=True)
        except (binascii.Error, ValueError) as exc:
            raise FleetImportError(f"Utopia link: not valid base64 ({exc})") from None
    if len(payload) > MAX_INPUT_BYTES:
        raise FleetImportError(f"Utopia link: the decoded fleet is larger than {MAX_INPUT_BYTES} bytes")
    try:
        decoded = payload.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FleetImportError(f"Utopia link: the base64 does not decode to UTF-8 text (byte {exc.start})") from None
    doc = parse_json(decoded, "Utopia link: the decoded text")
    if not isinstance(doc, dict):
        raise FleetImportError(f"Utopia link: the decoded JSON is {json_type(doc)}, not an object with ships")
    return doc, notes


def json_type(value: Any) -> str:
    """'an object', 'a list', 'a string', ... for messages about JSON values."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
