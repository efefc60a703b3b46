"""Write engine/replay/positional.py: the decoders of compact maps by their number of values.

Usage: python scripts/make_positional.py [--check]

A compact map ``[shape, value, ...]`` (docs/replay-format.md, "Compact bodies") is decoded by
one function per number of values, written out here once, so that reading a file compiles no
code (compiling a shape's own decoder cost ~35 us a key on the development machine, more than
decoding a thousand of its bodies). Each function takes the shape's keys and, per position, how
its value is read (``compact._positions``): a flag (an integer is a declared string's number),
the types kept as they are, and a function for the rest. Re-running writes identical bytes;
--check writes nothing and exits 1 when the committed module differs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
OUT = REPO_ROOT / "engine" / "replay" / "positional.py"
WIDEST = 16  # values in one decoder; compact.py reads a wider map in parts
WIDEST_ROW = 6  # cells in a row of a table (a "T" tag); compact.py reads wider rows one cell at a time

HEAD = '''"""Decoders of compact maps by their number of values: written by scripts/make_positional.py, do not edit.

``plain<n>`` decodes ``[shape, v1, ..., vn]`` into ``{k1: v1, ..., kn: vn}``; ``seq<n>`` decodes
``[shape, v1, ..., vn]`` into ``{k0: seq, k1: v1, ..., kn: vn}`` (a shape whose first key is tagged
``"#"``: the record's own ``seq``). Per position ``i``: ``f<i>`` true when an integer is a declared
string's number, ``o<i>`` the types kept as they are, ``e<i>`` true when an empty array is kept as it is
(below the top level: ``d > 1``), ``x<i>`` what reads (or refuses) anything else. An array of another
length is a ValueError (the unpacking); ``compact.py`` says the rest. What a decoder reads is bound as its
parameters' defaults: one tuple per decoder, not a closure cell per name (a file's first read makes dozens
of decoders, and cells are objects the collector walks).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Other = Callable[[Any, int, int, dict[int, str], list[Any]], Any]
Decoder = Callable[[Any, int, int, dict[int, str], list[Any]], dict[str, Any]]
Reading = tuple[bool, frozenset[type], bool, Other]  # (f, o, e, x) of a position
'''


def _function(name: str, values: int, seq: bool) -> str:
    """One decoder maker: ``name(keys, readings, need)``, a reading ``(f, o, e, x)`` per value (for ``seq``,
    ``keys`` has the seq's key first: one more than the values)."""
    positions = range(1, values + 1)
    keys = [*(["k0"] if seq else []), *(f"k{i}" for i in positions)]

    lines = [f"def {name}(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:"]
    if keys:
        lines.append(f"    {', '.join(keys)}, = keys")
    if values:
        lines += ["    (", *(f"        (f{i}, o{i}, e{i}, x{i})," for i in positions), "    ) = readings"]
    # (what the decoder reads: its parameters' defaults, see HEAD)
    lines += ["",
              "    def decode(",
              "        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,",
              *(["        k0: str = k0,"] if seq else []),
              *(f"        k{i}: str = k{i}, f{i}: bool = f{i}, o{i}: frozenset[type] = o{i}, e{i}: bool = e{i}, "
                f"x{i}: Other = x{i}," for i in positions),
              "    ) -> dict[str, Any]:",
              "        if d < need:",
              "            raise RecursionError",
              f"        _, {''.join(f'a{i}, ' for i in positions)}= v"]
    entries = [*(["k0: q,"] if seq else []),
               *(f"k{i}: S[a{i}] if f{i} and a{i}.__class__ is int else a{i} if a{i}.__class__ in o{i}\n"
                 f"            else a{i} if e{i} and not a{i} and a{i}.__class__ is list and d > 1 "
                 f"else x{i}(a{i}, d, q, S, M)," for i in positions)]
    if entries:
        lines += ["        return {", *(f"            {entry}" for entry in entries), "        }"]
    else:
        lines.append("        return {}")
    lines += ["", "    return decode"]
    return "\n".join(lines)


def _rows(cells: int) -> str:
    """One maker of readers of tables (a "T" value): ``rows<cells>(readings, check)``, a reading per cell as
    above (its ``x`` given the depth left to the table), ``check`` the table: an array of arrays."""
    c = range(cells)
    row = "".join(f"b{i}, " for i in c)
    lines = [f"def rows{cells}(readings: list[Reading], check: Callable[[Any], list[list[Any]]]) -> Other:",
             "    (", *(f"        (f{i}, o{i}, _, x{i})," for i in c), "    ) = readings",
             "",
             "    def decode(a: Any, d: int, q: int, S: dict[int, str], M: list[Any]) -> list[list[Any]]:",
             "        return [[",
             *(f"            S[b{i}] if f{i} and b{i}.__class__ is int else b{i} if b{i}.__class__ in o{i} "
               f"else x{i}(b{i}, d, q, S, M)," for i in c),
             f"        ] for {row}in check(a)]",
             "",
             "    return decode"]
    return "\n".join(lines)


def source() -> str:
    parts = [HEAD.rstrip()]
    plain = [f"plain{n}" for n in range(WIDEST + 1)]
    seq = [f"seq{n}" for n in range(WIDEST)]
    rows = [f"rows{n}" for n in range(1, WIDEST_ROW + 1)]
    parts += [_function(f"plain{n}", n, False) for n in range(WIDEST + 1)]
    parts += [_function(f"seq{n}", n, True) for n in range(WIDEST)]
    parts += [_rows(n) for n in range(1, WIDEST_ROW + 1)]
    parts.append("\n".join(["PLAIN = (  # by number of values", *(f"    {n}," for n in plain), ")",
                             "SEQ = (  # by number of values after the seq", *(f"    {n}," for n in seq), ")",
                             "ROWS = (  # by number of cells", *(f"    {n}," for n in rows), ")"]))
    return "\n\n\n".join(parts) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="only compare with the committed module")
    args = parser.parse_args(argv)
    text = source()
    if args.check:
        same = OUT.exists() and OUT.read_text(encoding="utf-8") == text
        print(f"{OUT.relative_to(REPO_ROOT)} is {'current' if same else 'stale: run scripts/make_positional.py'}")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(REPO_ROOT)} ({text.count(chr(10))} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
