"""Schema 3's compact bodies: maps as arrays of values by declared shapes, short strings from a table.

An event or keyframe body in schema 3 and later is a msgpack array ``[shape, value, ...]``: the shape
(declared once in a definitions record) names the map's keys, in order, and says how each value
is stored (its tag). Strings of up to ``MAX_INTERNED`` characters are declared once and then
stored as their number. ``docs/replay-format.md`` ("Schema 3") is the whole description; this
module is the encoder the writer uses and the decoder the reader uses.

Tags (how one value is stored):

- ``"v"``: the value as it is (any plain msgpack);
- ``"s"``: a string: an integer is the number of a declared string, a string is itself;
- ``"S"``: a list of such strings;
- ``"#"``: nothing is stored: the value is the record's ``seq`` (an event's ``seq`` key);
- ``"m"``: a map, stored compact: ``[shape, value, ...]``;
- ``"M"``: a list of such maps;
- ``["T", [tag, ...]]``: a list of rows, each a list of as many values, each ``"v"`` or ``"s"``.

The decoder of each shape is one of ``positional.py``'s functions (by its number of values, written
out once by ``scripts/make_positional.py``), given the shape's keys and how each value is read: a body
decodes with no Python loop over its values and a ruleset's first files compile no code; a shape
declared in more than ``COMPILE_AFTER`` files of a process gets a decoder generated for it (its source
holds positions and tags only, never a key or a value from a file).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import chain
from typing import Any, Final, cast

from engine.replay import positional
from engine.replay.format import DEFAULT_LIMITS, Limits, check_plain

MAX_INTERNED: Final = 32  # characters: longer strings are stored where they occur (reasons, notes)
MAX_STRING_BYTES: Final = 4 * MAX_INTERNED  # a declared string in UTF-8
MAX_STRINGS: Final = 65_536  # declared strings in a file; the writer stores the rest where they occur
MAX_SHAPES: Final = 4096  # declared shapes in a file; past it the writer stores plain maps
MAX_KEYS: Final = 256  # keys of one shape; a larger map is stored as a plain value
# characters of one key of a shape; a map with a longer key is stored as a plain value. A shape's keys
# are stored once and written out again by every map of that shape: a long key would make a few bytes
# of a file into kilobytes of `replay dump` and `export` (the engine's keys are names of a few words)
MAX_KEY_CHARS: Final = 64
SEQ_KEY: Final = "seq"

Tag = Any  # "v" | "s" | "S" | "#" | "m" | "M" | ("T", tuple[str, ...]) (a list on disk)
Shape = tuple[tuple[str, ...], tuple[Tag, ...]]
Decoder = Callable[[Any, int, int, dict[int, str], list[Any]], Any]

_LEAVES: Final = frozenset({type(None), bool, int, float, bytes})
_SCALARS: Final = _LEAVES | {str}
_STRINGY: Final = frozenset({"s", "v"})
_LIMITS_FOR_DEPTH: Final = DEFAULT_LIMITS
_UNCHECKED: Final[Any] = object()  # check_plain's own depth limit is given per call


class CompactEncoder:
    """The writer's side: turns plain maps into compact bodies, collecting what must be declared first."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.strings: dict[str, int] = {}
        self.shapes: dict[Shape, int] = {}
        self._new_strings: list[str] = []
        self._new_shapes: list[list[Any]] = []
        self._seen: set[str] = set()  # short strings met once: declared the second time (most never recur)
        self._keys: dict[tuple[str, ...], tuple[int, tuple[Tag, ...]]] = {}  # keys -> (first shape, last tags)
        # keys checked before (all strings, at most MAX_KEYS) -> (last tags, their shape's number) or None: a
        # map whose tags are its keys' last ones costs no shape lookup (emptied by forget_pending)
        self._last: dict[tuple[str, ...], tuple[tuple[Tag, ...], int] | None] = {}
        self.containers = 0  # arrays and maps in the last body (the reader bounds them per byte)

    def body(self, obj: Mapping[str, Any], *, event: bool) -> list[Any] | dict[str, Any]:
        """The compact body of ``obj``; raises ValueError (completing "<what> ...") for data a replay cannot hold.

        With ``event``, the ``seq`` key is left to the record's own ``seq``. A map the shapes cannot
        hold (past ``MAX_SHAPES``, or more than ``MAX_KEYS`` keys) is returned as it is: a plain body.
        """
        self.containers = 0
        if type(obj) is not dict:
            raise ValueError(f"is a {type(obj).__name__}, not a map")
        stored: list[Any] | dict[str, Any] = self._map(obj, 1, event)[1]
        return stored

    def definitions(self) -> list[list[Any]] | None:
        """``[strings, shapes]`` declared since the last call (the body of a definitions record), or None."""
        if not self._new_strings and not self._new_shapes:
            return None
        out: list[list[Any]] = [self._new_strings, self._new_shapes]
        self._new_strings, self._new_shapes = [], []
        return out

    def mark(self) -> tuple[int, int]:
        """Where the declarations waiting to be written stand now (for ``forget_pending``)."""
        return len(self._new_strings), len(self._new_shapes)

    def forget_pending(self, mark: tuple[int, int] = (0, 0)) -> None:
        """Drop what was declared since ``mark`` (a body was refused; by default, everything not yet written):
        numbers stay consecutive on disk."""
        strings, shapes = mark
        for s in self._new_strings[strings:]:
            del self.strings[s]
        first = len(self.shapes) - len(self._new_shapes) + shapes
        self.shapes = {shape: n for shape, n in self.shapes.items() if n < first}
        self._keys = {keys: seen for keys, seen in self._keys.items() if seen[0] < first}
        self._last = {}
        del self._new_strings[strings:], self._new_shapes[shapes:]

    # -- inside -------------------------------------------------------------------------------------

    def _string(self, s: str) -> int | str:
        number = self.strings.get(s)
        if number is not None:
            return number
        if len(s) > MAX_INTERNED or len(self.strings) >= MAX_STRINGS:
            out: str = self._plain(s, 0)
            return out
        if s not in self._seen:
            if len(self._seen) < MAX_STRINGS:
                self._seen.add(s)
            return s
        number = self.strings[s] = len(self.strings)
        self._new_strings.append(s)
        return number

    def _value(self, value: Any, depth: int) -> tuple[Tag, Any]:
        kind = type(value)
        if kind in _LEAVES:
            return "v", value
        if kind is str:
            return "s", self._string(value)
        if depth > self.limits.max_depth:
            raise ValueError(f"is nested deeper than {self.limits.max_depth} levels")
        if kind is dict:
            return self._map(value, depth, False)
        if kind is list or kind is tuple:
            return self._list(value, depth)
        return "v", self._plain(value, depth)  # raises: no plain type

    def _map(self, obj: dict[str, Any], depth: int, event: bool) -> tuple[Tag, Any]:
        if depth > self.limits.max_depth:
            raise ValueError(f"is nested deeper than {self.limits.max_depth} levels")
        keys = tuple(obj)
        last = self._last.get(keys, _UNCHECKED)
        if last is _UNCHECKED:  # keys not met before: checked once
            try:
                "".join(obj)  # fails unless every key is a str
            except TypeError:
                bad = next(type(k).__name__ for k in obj if type(k) is not str)
                raise ValueError(f"has a map key of type {bad}; keys must be strings") from None
            if len(obj) > MAX_KEYS or (obj and max(map(len, obj)) > MAX_KEY_CHARS):
                return "v", self._plain(obj, depth)
            last = self._last[keys] = None
        tags: list[Tag] = []
        values: list[Any] = [None]
        strings = self.strings
        inner = False  # a map inside: it may have had the same keys (and changed their last tags)
        for value in obj.values():  # the common kinds inline: this is the writer's hot loop
            kind = type(value)
            if kind is str:
                number = strings.get(value)
                tags.append("s")
                values.append(self._string(value) if number is None else number)
            elif value is None:
                tags.append(None)  # nil fits every tag: the tag this key had last time (below)
                values.append(None)
            elif kind in _LEAVES:
                tags.append("v")
                values.append(value)
            elif kind is dict:
                tag, stored = self._map(value, depth + 1, False)
                tags.append(tag)
                values.append(stored)
                inner = True
            elif not value and (kind is list or kind is tuple) and depth < self.limits.max_depth:
                self.containers += 1  # (an empty list: stored as it is, as _list would)
                tags.append("v")
                values.append([])
            else:
                tag, stored = self._value(value, depth + 1)
                tags.append(tag)
                values.append(stored)
                inner = True  # (a list of maps)
        if event and type(obj.get(SEQ_KEY)) is int:  # an event's seq is its record's: not stored twice
            position = keys.index(SEQ_KEY)
            tags[position] = "#"
            del values[position + 1]
        if None in tags:
            seen = self._keys.get(keys)
            tags = [("v" if seen is None else seen[1][i]) if t is None else t for i, t in enumerate(tags)]
        shape_tags = tuple(tags)
        if inner:
            last = self._last.get(keys)  # (after the values: a map inside may have had the same keys)
        if last is not None and last[0] == shape_tags:  # the shape of last time: nothing to look up
            shape: int | None = last[1]
        else:
            shape = self._shape(keys, shape_tags, self._keys.get(keys))
            self._last[keys] = None if shape is None else (shape_tags, shape)
        if shape is not None:
            self.containers += 1
            values[0] = shape
            return "m", values
        return "v", self._plain(obj, depth)  # (strings declared on the way are left unused)

    def _shape(self, keys: tuple[str, ...], tags: tuple[Tag, ...],
               seen: tuple[int, tuple[Tag, ...]] | None) -> int | None:
        shape = (keys, tags)
        number = self.shapes.get(shape)
        if number is None:
            if len(self.shapes) >= MAX_SHAPES:
                return None
            number = self.shapes[shape] = len(self.shapes)
            # the keys once per file: a shape with the keys of an earlier one names that one instead
            self._new_shapes.append([list(keys) if seen is None else seen[0], [_on_disk(t) for t in tags]])
        self._keys[keys] = (number if seen is None else seen[0], tags)
        return number

    def _list(self, items: list[Any] | tuple[Any, ...], depth: int) -> tuple[Tag, Any]:
        if len(items) > self.limits.max_container_len:
            raise ValueError(f"holds an array of more than {self.limits.max_container_len} elements")
        kinds = set(map(type, items))
        if kinds == {str}:
            self.containers += 1
            get, string = self.strings.get, self._string  # (a declared string inline: _string's first step)
            return "S", [n if (n := get(s)) is not None else string(s) for s in items]
        if kinds == {dict}:
            encoded = [self._map(v, depth + 1, False) for v in items]
            if all(tag == "m" for tag, _ in encoded):
                self.containers += 1
                return "M", [values for _, values in encoded]
            self.containers -= sum(1 for tag, _ in encoded if tag == "m")  # counted again as plain maps
        elif kinds and kinds <= _LEAVES:  # (as _plain stores it, without a call per element)
            if depth > self.limits.max_depth:
                raise ValueError(f"is nested deeper than {self.limits.max_depth} levels")
            self.containers += 1
            return "v", list(items)
        elif kinds and kinds <= {list, tuple}:
            width = len(items[0])
            rows_fit = depth < self.limits.max_depth  # the rows are one level further down
            # (rows of one width, of scalars only: both checked in C)
            # (a row of more than MAX_KEYS cells is stored plain: the reader refuses a wider table tag)
            if width and width <= MAX_KEYS and rows_fit and set(map(len, items)) == {width} \
                    and _SCALARS.issuperset(map(type, chain.from_iterable(items))):
                self.containers += 1 + len(items)
                columns = list(zip(*items, strict=True))
                tags = tuple("s" if _STR.issuperset(map(type, column)) else "v" for column in columns)
                if "s" not in tags:
                    return ("T", tags), [list(row) for row in items]
                get, string = self.strings.get, self._string
                numbered = [list(map(get, column)) if tag == "s" else column
                            for column, tag in zip(columns, tags, strict=True)]
                if not any(None in column for column, tag in zip(numbered, tags, strict=True) if tag == "s"):
                    # every string declared before: numbered column by column
                    return ("T", tags), [list(row) for row in zip(*numbered, strict=True)]
                # a string not declared yet: the strings taken row by row, as they come (the order declares them)
                return ("T", tags), [[(n if (n := get(x)) is not None else string(x)) if tag == "s" else x
                                      for x, tag in zip(row, tags, strict=True)] for row in items]
        return "v", self._plain(items, depth)

    def _plain(self, value: Any, depth: int) -> Any:
        """A value stored as it is, checked (plain data within the limits left at ``depth``), tuples as lists."""
        kind = type(value)
        if kind in _LEAVES:
            return value
        if kind is str:
            if len(value) > self.limits.max_str_bytes // 4 and len(value.encode("utf-8")) > self.limits.max_str_bytes:
                raise ValueError(f"holds a string of more than {self.limits.max_str_bytes} bytes")
            return value
        if depth > self.limits.max_depth:
            raise ValueError(f"is nested deeper than {self.limits.max_depth} levels")
        self.containers += 1
        if kind is dict:
            if any(type(k) is not str for k in value):
                bad = next(type(k).__name__ for k in value if type(k) is not str)
                raise ValueError(f"has a map key of type {bad}; keys must be strings")
            if len(value) > self.limits.max_container_len:
                raise ValueError(f"holds a map of more than {self.limits.max_container_len} entries")
            return {k: self._plain(v, depth + 1) for k, v in value.items()}
        if kind is list or kind is tuple:
            if len(value) > self.limits.max_container_len:
                raise ValueError(f"holds an array of more than {self.limits.max_container_len} elements")
            return [self._plain(v, depth + 1) for v in value]
        raise ValueError(f"holds a value of type {kind.__name__}")


def _on_disk(tag: Tag) -> Any:
    return [tag[0], list(tag[1])] if type(tag) is tuple else tag


# -- the reader's side --------------------------------------------------------------------------------

class Tables:
    """What a reader has seen declared so far: the strings by number and each shape's decoder.

    ``declare`` checks a definitions body (untrusted) and raises ValueError (completing "<what> ...")
    when it is wrong; ``decode`` turns one compact body back into the map the writer was given.
    """

    __slots__ = ("decoders", "events", "keys", "strings")

    def __init__(self) -> None:
        self.strings: dict[int, str] = {}
        self.decoders: list[Decoder] = []
        self.keys: list[tuple[str, ...]] = []  # each shape's keys
        # the shapes of events: first "seq" tagged "#" (the record's own), a "type" tagged "s" (a string or nil)
        self.events: set[int] = set()

    def copy(self) -> Tables:
        out = Tables()
        out.strings = dict(self.strings)
        out.decoders = list(self.decoders)
        out.keys = list(self.keys)
        out.events = set(self.events)
        return out

    def declare(self, body: Any) -> None:
        """Take in a definitions body ``[strings, shapes]``: its arrays as lists, or as tuples (the reader
        decodes it so: a shape declared before is then found by its value, with no work per key)."""
        if body.__class__ not in _SEQUENCES or len(body) != 2 or body[0].__class__ not in _SEQUENCES \
                or body[1].__class__ not in _SEQUENCES:
            raise ValueError("is not [strings, shapes], two lists")
        strings, shapes = body
        if len(self.strings) + len(strings) > MAX_STRINGS or len(self.decoders) + len(shapes) > MAX_SHAPES:
            raise ValueError(f"declares more than {MAX_STRINGS} strings or {MAX_SHAPES} shapes in the file")
        if strings and (not _STR.issuperset(map(type, strings)) or (  # (32 characters are at most 128 bytes)
                max(map(len, strings)) > MAX_INTERNED
                and any(len(s.encode("utf-8")) > MAX_STRING_BYTES for s in strings))):
            raise ValueError(f"declares a string that is not a string of at most {MAX_STRING_BYTES} bytes")
        known, decoders = self.keys, self.decoders
        get = _SHAPES.get
        for raw in shapes:
            found = None
            looked = False  # (for the shape as _shape_from_disk gives it back: the same keys and tags)
            if raw.__class__ is tuple and len(raw) == 2:  # the fast path: the shape as it was declared before
                keys = raw[0]
                try:
                    if keys.__class__ is tuple:
                        found, looked = get(raw), True
                    elif keys.__class__ is int and 0 <= keys < len(known):
                        found, looked = get((known[keys], raw[1])), True
                except TypeError:  # (unhashable: a map inside; the careful path says what is wrong)
                    found = None
            if found is None:
                keys, tags = _shape_from_disk(raw, known)
                found = _remember(keys, tags, looked)
            else:
                _declared(found)
            if found[4]:
                self.events.add(len(decoders))
            known.append(found[0])
            decoders.append(found[2])
        n = len(self.strings)
        self.strings.update(zip(range(n, n + len(strings)), strings, strict=True))

    def decode(self, body: list[Any], seq: int, depth: int) -> dict[str, Any]:
        """The map a compact body ``[shape, value, ...]`` stands for; ValueError completes "<what> ..."."""
        number = body[0] if body else None
        if number.__class__ is not int or not 0 <= number < len(self.decoders):
            raise ValueError(f"names shape {number!r}, which is not declared before it")
        try:
            out: dict[str, Any] = self.decoders[number](body, depth, seq, self.strings, self.decoders)
            return out
        except (KeyError, IndexError, TypeError, ValueError) as exc:  # (ValueError: an array of another length)
            raise ValueError(f"does not fit its shape ({exc})") from None
        except RecursionError:
            raise ValueError(f"is nested deeper than {depth} levels") from None


def _shape_from_disk(raw: Any, earlier: list[tuple[str, ...]]) -> Shape:
    number = len(earlier)
    if raw.__class__ not in _SEQUENCES or len(raw) != 2 or raw[1].__class__ not in _SEQUENCES:
        raise ValueError(f"declares shape {number} as something other than [keys, tags]")
    keys, tags = raw
    if type(keys) is int and 0 <= keys < number:  # the keys of an earlier shape (checked when it was declared)
        keys = earlier[keys]
        fits = len(keys) == len(tags)
    elif keys.__class__ not in _SEQUENCES:
        raise ValueError(f"declares shape {number} with keys that are neither a list nor an earlier shape's number")
    else:
        fits = len(keys) == len(tags) and len(keys) <= MAX_KEYS and _STR.issuperset(map(type, keys)) \
            and len(set(keys)) == len(keys) and (not keys or max(map(len, keys)) <= MAX_KEY_CHARS)
        keys = tuple(keys)  # (a tuple stays as it is)
    if not fits:
        raise ValueError(f"declares shape {number} without as many distinct string keys as tags "
                         f"(at most {MAX_KEYS}, each of at most {MAX_KEY_CHARS} characters)")
    if "#" in tags and (tags.count("#") > 1 or SEQ_KEY not in keys or tags[keys.index(SEQ_KEY)] != "#"):
        # nothing stored, a value decoded: only an event's seq is written so (one per map, never more)
        raise ValueError(f"declares shape {number} with the tag '#' on a key other than {SEQ_KEY!r}")
    if _STR.issuperset(map(type, tags)) and _PLAIN_TAGS.issuperset(tags):  # (no "T": checked in C)
        return keys, tuple(tags)
    return keys, tuple(t if t.__class__ is str and t in _PLAIN_TAGS else _tag_from_disk(t, number) for t in tags)


_PLAIN_TAGS: Final = frozenset({"v", "s", "S", "#", "m", "M"})


def _tag_from_disk(raw: Any, number: int) -> Tag:
    if type(raw) is str and raw in _PLAIN_TAGS:
        return raw
    if raw.__class__ in _SEQUENCES and len(raw) == 2 and raw[0] == "T" and raw[1].__class__ in _SEQUENCES and raw[1] \
            and len(raw[1]) <= MAX_KEYS and all(type(t) is str and t in _STRINGY for t in raw[1]):
        return "T", tuple(raw[1])
    shown = repr(raw)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."  # (a tag of a file's: never its whole text)
    raise ValueError(f"declares shape {number} with a tag {shown} that is not one of the tags")


# Shapes declared before (in this file or another one: a ruleset's games share most of them), by their
# keys and tags as the reader decodes them (tuples: hashed and compared in C): a declaration met again
# costs a lookup, not a check. Each entry: [keys, tags, decoder, declarations so far, an event's shape (see
# Tables.events)].
_SHAPES: dict[tuple[tuple[str, ...], tuple[Any, ...]], list[Any]] = {}
_COMPILED: dict[tuple[Tag, ...], Callable[[tuple[str, ...]], Decoder]] = {}
_PARTS: dict[tuple[tuple[str, ...], tuple[Tag, ...], bool], Decoder] = {}  # a wide shape's parts, by keys and tags
_TABLES: dict[tuple[str, ...], Any] = {}  # the readers of "T" values, by their cells' tags
_SEQUENCES: Final = frozenset({list, tuple})
_STR: Final = frozenset({str})

# Declarations of a shape (in this process) read by its positional decoder; from the next one, its own
# decoder is compiled (generated source, about 20% faster on a state's nested maps, but compiling costs
# ~35 us a key on the development machine: a ruleset's first files are read without it).
COMPILE_AFTER: Final = 2


def _remember(keys: tuple[str, ...], tags: tuple[Tag, ...], new: bool = False) -> list[Any]:
    """A checked shape's entry (made on its first declaration), counted as declared once more (``new``: the
    caller has looked for it already)."""
    entry = None if new else _SHAPES.get((keys, tags))
    if entry is None:
        if len(_SHAPES) >= MAX_SHAPES:  # many odd shapes (a hostile file) must not grow this forever
            _SHAPES.clear()
        # (its tags as the reader's tuples hold them: a "T" tag is ("T", (tag, ...)), as _tag_from_disk returns it)
        event = keys[:1] == (SEQ_KEY,) and tags[0] == "#" and "type" in keys and tags[keys.index("type")] == "s"
        entry = _SHAPES[keys, tags] = [keys, tags, _decoder(keys, tags), 0, event]
    return _declared(entry)


def _declared(entry: list[Any]) -> list[Any]:
    """A shape declared once more: compiled at its declaration COMPILE_AFTER + 1 in this process."""
    entry[3] += 1
    if entry[3] == COMPILE_AFTER + 1:
        entry[2] = _compiled(entry[1])(entry[0])
    return entry


def forget_decoders() -> None:
    """Empty the shapes and compiled decoders kept between files (a benchmark's first read of a ruleset)."""
    for made in (_SHAPES, _COMPILED, _PARTS, _TABLES):
        made.clear()


# -- a shape's decoder -----------------------------------------------------------------------------------
#
# A shape's decoder is one of positional.py's functions (by its number of values), given the shape's keys
# and, per position, how its value is read: no code is compiled for it (compiling a shape's own decoder
# costs as much as decoding hundreds of its bodies) until it has been declared in COMPILE_AFTER files. A
# map of more than WIDEST keys (or with "#" after its first key) is read in parts, each by such a function.

WIDEST: Final = len(positional.PLAIN) - 1  # keys of one part
_NIL: Final[frozenset[type]] = frozenset({type(None)})
_STRING_OR_NIL: Final[frozenset[type]] = frozenset({str, type(None)})


def _need(tags: tuple[Tag, ...]) -> int:
    """The levels of nesting a map of these tags needs below it (its lists: one, the rows of a "T": two)."""
    return 3 if tuple in map(type, tags) else 2 if "S" in tags or "M" in tags else 1


def _decoder(keys: tuple[str, ...], tags: tuple[Tag, ...]) -> Decoder:
    """The decoder of a checked shape: ``decode(body, depth, seq, strings, decoders)`` gives the map; a body
    that does not fit raises KeyError, IndexError, TypeError or ValueError, one nested too deep RecursionError."""
    seq = tags[:1] == ("#",)
    values = tags[1:] if seq else tags
    if len(tags) <= WIDEST and "#" not in values:  # one part: the whole body (most shapes)
        found = list(map(_READINGS.get, values))  # (_part's work, inline: a file's first read declares dozens)
        if None in found:
            return _part(keys, values, seq)
        return (positional.SEQ if seq else positional.PLAIN)[len(values)](
            keys, cast(list[positional.Reading], found), 2 if "S" in values or "M" in values else 1)
    # parts of at most WIDEST keys, a "#" only first in one: where each starts
    if "#" in values:
        hashes = [i for i, tag in enumerate(tags) if tag == "#"]
        starts = sorted({*hashes, *(s for a, b in zip([0, *hashes], [*hashes, len(tags)], strict=True)
                                    for s in range(a, b, WIDEST))})
    else:  # (most: a state's wide maps)
        starts = list(range(0, len(tags), WIDEST))
    parts: list[tuple[Decoder, int, int]] = []  # (decoder, start, stop): each part reads body[start:stop]
    position = 1  # where the part's first value is in the body
    for start, stop in zip(starts, [*starts[1:], len(tags)], strict=True):
        seq = tags[start] == "#"
        values = stop - start - seq
        part = keys[start:stop], tags[start + seq:stop], seq
        made = _PARTS.get(part)  # (a ruleset's states share parts: a ship's shapes differ in a few tags)
        if made is None:
            if len(_PARTS) >= MAX_SHAPES:
                _PARTS.clear()
            made = _PARTS[part] = _part(*part)
        parts.append((made, position - 1, position + values))
        position += values
    return _in_parts(parts, position, _need(tags))


def _part(keys: tuple[str, ...], tags: tuple[Tag, ...], seq: bool) -> Decoder:
    """The positional decoder of ``keys`` whose values, of these ``tags``, are the whole body (``seq``: the first
    key, one more than the tags, is tagged "#": its value is the record's own ``seq``)."""
    found = list(map(_READINGS.get, tags))  # (in C: a file's first read declares dozens of shapes)
    if None in found:  # (a table: a reader of its own, its rows two levels down)
        readings, need = list(map(_reading, tags)), 3
    else:
        readings, need = cast(list[positional.Reading], found), 2 if "S" in tags or "M" in tags else 1
    make = positional.SEQ[len(tags)] if seq else positional.PLAIN[len(tags)]
    return make(keys, readings, need)


def _in_parts(parts: list[tuple[Decoder, int, int]], width: int, need: int) -> Decoder:
    """A wide shape's decoder: its parts' maps, in order, in one."""
    (first, first_start, first_stop), *rest = parts

    def decode(v: Any, d: int, q: int, S: dict[int, str], M: list[Any]) -> dict[str, Any]:
        if d < need:  # (before any part: the same error as a decoder in one part)
            raise RecursionError
        if len(v) != width:
            raise ValueError(f"expected {width} values, found {len(v)}")
        out: dict[str, Any] = first(v[first_start:first_stop], d, q, S, M)
        for part, start, stop in rest:
            out.update(part(v[start:stop], d, q, S, M))
        return out

    return decode


def _reading(tag: Tag) -> positional.Reading:
    """How a value of this tag is read: (an integer is a declared string's number, the types kept as they are,
    an empty array is kept as it is, the function that reads or refuses the rest)."""
    return (False, _NIL, True, _table(tag[1])) if type(tag) is tuple else _READINGS[tag]


def _container(a: Any, d: int, q: int, S: dict[int, str], M: list[Any]) -> Any:
    """A "v" value that is not a scalar: plain data nested at most ``d - 1`` deep below."""
    if a.__class__ is list and d > 1 and _SCALARS.issuperset(map(type, a)):  # (an array of scalars, checked in C)
        return a
    return a if not a and d > 1 else _checked_plain(a, d - 1)


def _not_a_string(a: Any, d: int, q: int, S: dict[int, str], M: list[Any]) -> None:
    raise TypeError(f"expected a string, a string's number or nil, found a {type(a).__name__}")


def _strings(a: Any, d: int, q: int, S: dict[int, str], M: list[Any]) -> list[str | None]:
    return [S[x] if x.__class__ is int else x if x.__class__ is str else _inline_string(x)
            for x in (a if a.__class__ is list else _array(a))]


def _map(a: Any, d: int, q: int, S: dict[int, str], M: list[Any]) -> Any:
    if a.__class__ is list and a and a[0].__class__ is int and a[0] >= 0:
        return M[a[0]](a, d - 1, q, S, M)
    return _nested(a)  # (raises: nil is kept before this)


def _maps(a: Any, d: int, q: int, S: dict[int, str], M: list[Any]) -> list[Any]:
    return [M[x[0]](x, d - 2, q, S, M) if x.__class__ is list and x and x[0].__class__ is int and x[0] >= 0
            else _nested(x) for x in (a if a.__class__ is list else _array(a))]


def _table(cells: tuple[str, ...]) -> Any:
    """The reader of a "T" value: rows of as many cells, each "s" (a string) or "v" (a plain value)."""
    found = _TABLES.get(cells)
    if found is None:
        if len(_TABLES) >= MAX_SHAPES:
            _TABLES.clear()
        found = _TABLES[cells] = _table_reader(cells)
    return found


def _table_reader(cells: tuple[str, ...]) -> Any:
    width = len(cells)
    if width <= len(positional.ROWS):
        return positional.ROWS[width - 1]([_CELLS[c] for c in cells], _rows)  # (a row of another width: ValueError)
    strings = tuple(t == "s" for t in cells)

    def rows(a: Any, d: int, q: int, S: dict[int, str], M: list[Any]) -> list[list[Any]]:
        out = []
        for row in _rows(a):
            if len(row) != width:
                raise ValueError(f"expected rows of {width} values, found {len(row)}")
            out.append([(S[b] if b.__class__ is int else _inline_string(b)) if s
                        else b if b.__class__ in _SCALARS else _checked_plain(b, d - 3)
                        for b, s in zip(row, strings, strict=True)])
        return out

    return rows


def _cell(b: Any, d: int, q: int, S: dict[int, str], M: list[Any]) -> Any:
    """A "v" cell of a table that is not a scalar: plain data (the table and its row are two levels)."""
    return _checked_plain(b, d - 3)


# -- a hot shape's own decoder (compiled) ---------------------------------------------------------------

def _compiled(tags: tuple[Tag, ...]) -> Callable[[tuple[str, ...]], Decoder]:
    make = _COMPILED.get(tags)
    if make is None:
        if len(_COMPILED) > MAX_SHAPES:  # a file of many odd shapes must not grow this forever
            _COMPILED.clear()
        make = _COMPILED[tags] = _compile(tags)
    return make


def _compile(tags: tuple[Tag, ...]) -> Callable[[tuple[str, ...]], Decoder]:
    """One shape's decoder, generated from its tags only (the keys come in as a tuple, ``K``): the source
    holds positions and tags, never a key or a value from a file."""
    names = ["_", *(f"a{i}" for i, t in enumerate(tags) if t != "#")]
    entries = []
    for i, tag in enumerate(tags):
        a = f"a{i}"
        if tag == "#":
            value = "q"
        elif tag == "v":  # (an empty array or map inline too: it is plain, and one level deep)
            value = (f"({a} if {a}.__class__ in L or (not {a} and d > 1) else {a} if {a}.__class__ is list and d > 1 "
                     f"and C.issuperset(map(type, {a})) else P({a}, d - 1))")  # (an array of scalars: P's first case)
        elif tag == "s":
            value = f"(S[{a}] if {a}.__class__ is int else {a} if {a}.__class__ is str or {a} is None else T({a}))"
        elif tag == "S":
            value = (f"(None if {a} is None else [S[x] if x.__class__ is int else x if x.__class__ is str else T(x) "
                     f"for x in ({a} if {a}.__class__ is list else A({a}))])")  # (A only raises: the check is inline)
        elif tag == "m":  # (N only raises: the checks are inline, this runs for every pose)
            value = (f"(M[{a}[0]]({a}, d - 1, q, S, M) if {a}.__class__ is list and {a} and {a}[0].__class__ is int "
                     f"and {a}[0] >= 0 else N({a}))")
        elif tag == "M":
            value = (f"(None if {a} is None else [M[x[0]](x, d - 2, q, S, M) if x.__class__ is list and x and "
                     f"x[0].__class__ is int and x[0] >= 0 else N(x) for x in ({a} if {a}.__class__ is list "
                     f"else A({a}))])")
        else:
            row = "".join(f"b{j}, " for j in range(len(tag[1])))
            cells = ", ".join(f"(S[b{j}] if b{j}.__class__ is int else b{j} if b{j}.__class__ is str else T(b{j}))"
                              if t == "s"
                              else f"(b{j} if b{j}.__class__ in L else P(b{j}, d - 3))" for j, t in enumerate(tag[1]))
            value = f"(None if {a} is None else [[{cells}] for {row}in R({a})])"
        entries.append(f"k{i}: {value}")
    need = _need(tags)
    keys = "".join(f"k{i}, " for i in range(len(tags)))
    source = "\n".join([
        "def make(K):",
        f"    {keys}= K" if tags else "    pass",  # each key a name of its own: no indexing per value
        "    def decode(v, d, q, S, M):",
        f"        if d < {need}:",
        "            raise RecursionError",
        f"        {', '.join(names)}, = v",
        "        return {" + ", ".join(entries) + "}",
        "    return decode",
    ])
    scope: dict[str, Any] = {"L": _LEAVES, "C": _SCALARS, "P": _checked_plain, "T": _inline_string, "A": _array,
                             "N": _nested, "R": _rows}
    exec(source, scope)
    make: Callable[[tuple[str, ...]], Decoder] = scope["make"]
    return make


def _nested(v: Any) -> Any:
    """Nil, or raise: ``v`` stands where a compact map ``[shape, value, ...]`` belongs, and is not one."""
    if v is not None:
        raise TypeError(f"expected a compact map [shape, value, ...], found {type(v).__name__} {str(v)[:40]}")
    return None


def _array(v: Any) -> list[Any]:
    if v.__class__ is not list:
        raise TypeError(f"expected an array, found a {type(v).__name__}")
    return v


_LISTS: Final = frozenset({list})


def _rows(v: Any) -> list[list[Any]]:
    """An array of arrays (the rows of a "T" tag), checked in one pass in C."""
    if v.__class__ is not list or not _LISTS.issuperset(map(type, v)):
        raise TypeError("expected an array of rows (arrays)")
    return v


def _inline_string(v: Any) -> str | None:
    if v.__class__ is not str and v is not None:
        raise TypeError(f"expected a string, a string's number or nil, found a {type(v).__name__}")
    return v


def _checked_plain(v: Any, levels: int) -> Any:
    """A value stored as it is that is an array or a map: plain, nested at most ``levels`` deep."""
    if v.__class__ is list and levels >= 1 and _SCALARS.issuperset(map(type, v)):  # the common case, in C
        return v
    check_plain(v, _LIMITS_FOR_DEPTH, levels=levels)
    return v


_CELLS: Final = {"s": (True, _STRING_OR_NIL, False, _not_a_string), "v": (False, _SCALARS, False, _cell)}
# How a value of each tag but "T" is read (``_reading``)
_READINGS: Final[dict[Tag, positional.Reading]] = {
    "v": (False, _SCALARS, True, _container),
    "s": (True, _STRING_OR_NIL, False, _not_a_string),
    "S": (False, _NIL, True, _strings),
    "m": (False, _NIL, False, _map),
    "M": (False, _NIL, True, _maps),
}
