"""Decoders of compact maps by their number of values: written by scripts/make_positional.py, do not edit.

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


def plain0(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, = v
        return {}

    return decode


def plain1(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k1, = keys
    (
        (f1, o1, e1, x1),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, = v
        return {
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
        }

    return decode


def plain2(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k1, k2, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, = v
        return {
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
        }

    return decode


def plain3(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k1, k2, k3, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, = v
        return {
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
        }

    return decode


def plain4(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k1, k2, k3, k4, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
        (f4, o4, e4, x4),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
        k4: str = k4, f4: bool = f4, o4: frozenset[type] = o4, e4: bool = e4, x4: Other = x4,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, a4, = v
        return {
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
            k4: S[a4] if f4 and a4.__class__ is int else a4 if a4.__class__ in o4
            else a4 if e4 and not a4 and a4.__class__ is list and d > 1 else x4(a4, d, q, S, M),
        }

    return decode


def plain5(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k1, k2, k3, k4, k5, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
        (f4, o4, e4, x4),
        (f5, o5, e5, x5),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
        k4: str = k4, f4: bool = f4, o4: frozenset[type] = o4, e4: bool = e4, x4: Other = x4,
        k5: str = k5, f5: bool = f5, o5: frozenset[type] = o5, e5: bool = e5, x5: Other = x5,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, a4, a5, = v
        return {
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
            k4: S[a4] if f4 and a4.__class__ is int else a4 if a4.__class__ in o4
            else a4 if e4 and not a4 and a4.__class__ is list and d > 1 else x4(a4, d, q, S, M),
            k5: S[a5] if f5 and a5.__class__ is int else a5 if a5.__class__ in o5
            else a5 if e5 and not a5 and a5.__class__ is list and d > 1 else x5(a5, d, q, S, M),
        }

    return decode


def plain6(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k1, k2, k3, k4, k5, k6, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
        (f4, o4, e4, x4),
        (f5, o5, e5, x5),
        (f6, o6, e6, x6),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
        k4: str = k4, f4: bool = f4, o4: frozenset[type] = o4, e4: bool = e4, x4: Other = x4,
        k5: str = k5, f5: bool = f5, o5: frozenset[type] = o5, e5: bool = e5, x5: Other = x5,
        k6: str = k6, f6: bool = f6, o6: frozenset[type] = o6, e6: bool = e6, x6: Other = x6,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, a4, a5, a6, = v
        return {
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
            k4: S[a4] if f4 and a4.__class__ is int else a4 if a4.__class__ in o4
            else a4 if e4 and not a4 and a4.__class__ is list and d > 1 else x4(a4, d, q, S, M),
            k5: S[a5] if f5 and a5.__class__ is int else a5 if a5.__class__ in o5
            else a5 if e5 and not a5 and a5.__class__ is list and d > 1 else x5(a5, d, q, S, M),
            k6: S[a6] if f6 and a6.__class__ is int else a6 if a6.__class__ in o6
            else a6 if e6 and not a6 and a6.__class__ is list and d > 1 else x6(a6, d, q, S, M),
        }

    return decode


def plain7(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k1, k2, k3, k4, k5, k6, k7, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
        (f4, o4, e4, x4),
        (f5, o5, e5, x5),
        (f6, o6, e6, x6),
        (f7, o7, e7, x7),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
        k4: str = k4, f4: bool = f4, o4: frozenset[type] = o4, e4: bool = e4, x4: Other = x4,
        k5: str = k5, f5: bool = f5, o5: frozenset[type] = o5, e5: bool = e5, x5: Other = x5,
        k6: str = k6, f6: bool = f6, o6: frozenset[type] = o6, e6: bool = e6, x6: Other = x6,
        k7: str = k7, f7: bool = f7, o7: frozenset[type] = o7, e7: bool = e7, x7: Other = x7,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, a4, a5, a6, a7, = v
        return {
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
            k4: S[a4] if f4 and a4.__class__ is int else a4 if a4.__class__ in o4
            else a4 if e4 and not a4 and a4.__class__ is list and d > 1 else x4(a4, d, q, S, M),
            k5: S[a5] if f5 and a5.__class__ is int else a5 if a5.__class__ in o5
            else a5 if e5 and not a5 and a5.__class__ is list and d > 1 else x5(a5, d, q, S, M),
            k6: S[a6] if f6 and a6.__class__ is int else a6 if a6.__class__ in o6
            else a6 if e6 and not a6 and a6.__class__ is list and d > 1 else x6(a6, d, q, S, M),
            k7: S[a7] if f7 and a7.__class__ is int else a7 if a7.__class__ in o7
            else a7 if e7 and not a7 and a7.__class__ is list and d > 1 else x7(a7, d, q, S, M),
        }

    return decode


def plain8(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k1, k2, k3, k4, k5, k6, k7, k8, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
        (f4, o4, e4, x4),
        (f5, o5, e5, x5),
        (f6, o6, e6, x6),
        (f7, o7, e7, x7),
        (f8, o8, e8, x8),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
        k4: str = k4, f4: bool = f4, o4: frozenset[type] = o4, e4: bool = e4, x4: Other = x4,
        k5: str = k5, f5: bool = f5, o5: frozenset[type] = o5, e5: bool = e5, x5: Other = x5,
        k6: str = k6, f6: bool = f6, o6: frozenset[type] = o6, e6: bool = e6, x6: Other = x6,
        k7: str = k7, f7: bool = f7, o7: frozenset[type] = o7, e7: bool = e7, x7: Other = x7,
        k8: str = k8, f8: bool = f8, o8: frozenset[type] = o8, e8: bool = e8, x8: Other = x8,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, a4, a5, a6, a7, a8, = v
        return {
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
            k4: S[a4] if f4 and a4.__class__ is int else a4 if a4.__class__ in o4
            else a4 if e4 and not a4 and a4.__class__ is list and d > 1 else x4(a4, d, q, S, M),
            k5: S[a5] if f5 and a5.__class__ is int else a5 if a5.__class__ in o5
            else a5 if e5 and not a5 and a5.__class__ is list and d > 1 else x5(a5, d, q, S, M),
            k6: S[a6] if f6 and a6.__class__ is int else a6 if a6.__class__ in o6
            else a6 if e6 and not a6 and a6.__class__ is list and d > 1 else x6(a6, d, q, S, M),
            k7: S[a7] if f7 and a7.__class__ is int else a7 if a7.__class__ in o7
            else a7 if e7 and not a7 and a7.__class__ is list and d > 1 else x7(a7, d, q, S, M),
            k8: S[a8] if f8 and a8.__class__ is int else a8 if a8.__class__ in o8
            else a8 if e8 and not a8 and a8.__class__ is list and d > 1 else x8(a8, d, q, S, M),
        }

    return decode


def plain9(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k1, k2, k3, k4, k5, k6, k7, k8, k9, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
        (f4, o4, e4, x4),
        (f5, o5, e5, x5),
        (f6, o6, e6, x6),
        (f7, o7, e7, x7),
        (f8, o8, e8, x8),
        (f9, o9, e9, x9),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
        k4: str = k4, f4: bool = f4, o4: frozenset[type] = o4, e4: bool = e4, x4: Other = x4,
        k5: str = k5, f5: bool = f5, o5: frozenset[type] = o5, e5: bool = e5, x5: Other = x5,
        k6: str = k6, f6: bool = f6, o6: frozenset[type] = o6, e6: bool = e6, x6: Other = x6,
        k7: str = k7, f7: bool = f7, o7: frozenset[type] = o7, e7: bool = e7, x7: Other = x7,
        k8: str = k8, f8: bool = f8, o8: frozenset[type] = o8, e8: bool = e8, x8: Other = x8,
        k9: str = k9, f9: bool = f9, o9: frozenset[type] = o9, e9: bool = e9, x9: Other = x9,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, a4, a5, a6, a7, a8, a9, = v
        return {
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
            k4: S[a4] if f4 and a4.__class__ is int else a4 if a4.__class__ in o4
            else a4 if e4 and not a4 and a4.__class__ is list and d > 1 else x4(a4, d, q, S, M),
            k5: S[a5] if f5 and a5.__class__ is int else a5 if a5.__class__ in o5
            else a5 if e5 and not a5 and a5.__class__ is list and d > 1 else x5(a5, d, q, S, M),
            k6: S[a6] if f6 and a6.__class__ is int else a6 if a6.__class__ in o6
            else a6 if e6 and not a6 and a6.__class__ is list and d > 1 else x6(a6, d, q, S, M),
            k7: S[a7] if f7 and a7.__class__ is int else a7 if a7.__class__ in o7
            else a7 if e7 and not a7 and a7.__class__ is list and d > 1 else x7(a7, d, q, S, M),
            k8: S[a8] if f8 and a8.__class__ is int else a8 if a8.__class__ in o8
            else a8 if e8 and not a8 and a8.__class__ is list and d > 1 else x8(a8, d, q, S, M),
            k9: S[a9] if f9 and a9.__class__ is int else a9 if a9.__class__ in o9
            else a9 if e9 and not a9 and a9.__class__ is list and d > 1 else x9(a9, d, q, S, M),
        }

    return decode


def plain10(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
        (f4, o4, e4, x4),
        (f5, o5, e5, x5),
        (f6, o6, e6, x6),
        (f7, o7, e7, x7),
        (f8, o8, e8, x8),
        (f9, o9, e9, x9),
        (f10, o10, e10, x10),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
        k4: str = k4, f4: bool = f4, o4: frozenset[type] = o4, e4: bool = e4, x4: Other = x4,
        k5: str = k5, f5: bool = f5, o5: frozenset[type] = o5, e5: bool = e5, x5: Other = x5,
        k6: str = k6, f6: bool = f6, o6: frozenset[type] = o6, e6: bool = e6, x6: Other = x6,
        k7: str = k7, f7: bool = f7, o7: frozenset[type] = o7, e7: bool = e7, x7: Other = x7,
        k8: str = k8, f8: bool = f8, o8: frozenset[type] = o8, e8: bool = e8, x8: Other = x8,
        k9: str = k9, f9: bool = f9, o9: frozenset[type] = o9, e9: bool = e9, x9: Other = x9,
        k10: str = k10, f10: bool = f10, o10: frozenset[type] = o10, e10: bool = e10, x10: Other = x10,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, = v
        return {
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
            k4: S[a4] if f4 and a4.__class__ is int else a4 if a4.__class__ in o4
            else a4 if e4 and not a4 and a4.__class__ is list and d > 1 else x4(a4, d, q, S, M),
            k5: S[a5] if f5 and a5.__class__ is int else a5 if a5.__class__ in o5
            else a5 if e5 and not a5 and a5.__class__ is list and d > 1 else x5(a5, d, q, S, M),
            k6: S[a6] if f6 and a6.__class__ is int else a6 if a6.__class__ in o6
            else a6 if e6 and not a6 and a6.__class__ is list and d > 1 else x6(a6, d, q, S, M),
            k7: S[a7] if f7 and a7.__class__ is int else a7 if a7.__class__ in o7
            else a7 if e7 and not a7 and a7.__class__ is list and d > 1 else x7(a7, d, q, S, M),
            k8: S[a8] if f8 and a8.__class__ is int else a8 if a8.__class__ in o8
            else a8 if e8 and not a8 and a8.__class__ is list and d > 1 else x8(a8, d, q, S, M),
            k9: S[a9] if f9 and a9.__class__ is int else a9 if a9.__class__ in o9
            else a9 if e9 and not a9 and a9.__class__ is list and d > 1 else x9(a9, d, q, S, M),
            k10: S[a10] if f10 and a10.__class__ is int else a10 if a10.__class__ in o10
            else a10 if e10 and not a10 and a10.__class__ is list and d > 1 else x10(a10, d, q, S, M),
        }

    return decode


def plain11(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
        (f4, o4, e4, x4),
        (f5, o5, e5, x5),
        (f6, o6, e6, x6),
        (f7, o7, e7, x7),
        (f8, o8, e8, x8),
        (f9, o9, e9, x9),
        (f10, o10, e10, x10),
        (f11, o11, e11, x11),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
        k4: str = k4, f4: bool = f4, o4: frozenset[type] = o4, e4: bool = e4, x4: Other = x4,
        k5: str = k5, f5: bool = f5, o5: frozenset[type] = o5, e5: bool = e5, x5: Other = x5,
        k6: str = k6, f6: bool = f6, o6: frozenset[type] = o6, e6: bool = e6, x6: Other = x6,
        k7: str = k7, f7: bool = f7, o7: frozenset[type] = o7, e7: bool = e7, x7: Other = x7,
        k8: str = k8, f8: bool = f8, o8: frozenset[type] = o8, e8: bool = e8, x8: Other = x8,
        k9: str = k9, f9: bool = f9, o9: frozenset[type] = o9, e9: bool = e9, x9: Other = x9,
        k10: str = k10, f10: bool = f10, o10: frozenset[type] = o10, e10: bool = e10, x10: Other = x10,
        k11: str = k11, f11: bool = f11, o11: frozenset[type] = o11, e11: bool = e11, x11: Other = x11,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, = v
        return {
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
            k4: S[a4] if f4 and a4.__class__ is int else a4 if a4.__class__ in o4
            else a4 if e4 and not a4 and a4.__class__ is list and d > 1 else x4(a4, d, q, S, M),
            k5: S[a5] if f5 and a5.__class__ is int else a5 if a5.__class__ in o5
            else a5 if e5 and not a5 and a5.__class__ is list and d > 1 else x5(a5, d, q, S, M),
            k6: S[a6] if f6 and a6.__class__ is int else a6 if a6.__class__ in o6
            else a6 if e6 and not a6 and a6.__class__ is list and d > 1 else x6(a6, d, q, S, M),
            k7: S[a7] if f7 and a7.__class__ is int else a7 if a7.__class__ in o7
            else a7 if e7 and not a7 and a7.__class__ is list and d > 1 else x7(a7, d, q, S, M),
            k8: S[a8] if f8 and a8.__class__ is int else a8 if a8.__class__ in o8
            else a8 if e8 and not a8 and a8.__class__ is list and d > 1 else x8(a8, d, q, S, M),
            k9: S[a9] if f9 and a9.__class__ is int else a9 if a9.__class__ in o9
            else a9 if e9 and not a9 and a9.__class__ is list and d > 1 else x9(a9, d, q, S, M),
            k10: S[a10] if f10 and a10.__class__ is int else a10 if a10.__class__ in o10
            else a10 if e10 and not a10 and a10.__class__ is list and d > 1 else x10(a10, d, q, S, M),
            k11: S[a11] if f11 and a11.__class__ is int else a11 if a11.__class__ in o11
            else a11 if e11 and not a11 and a11.__class__ is list and d > 1 else x11(a11, d, q, S, M),
        }

    return decode


def plain12(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, k12, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
        (f4, o4, e4, x4),
        (f5, o5, e5, x5),
        (f6, o6, e6, x6),
        (f7, o7, e7, x7),
        (f8, o8, e8, x8),
        (f9, o9, e9, x9),
        (f10, o10, e10, x10),
        (f11, o11, e11, x11),
        (f12, o12, e12, x12),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
        k4: str = k4, f4: bool = f4, o4: frozenset[type] = o4, e4: bool = e4, x4: Other = x4,
        k5: str = k5, f5: bool = f5, o5: frozenset[type] = o5, e5: bool = e5, x5: Other = x5,
        k6: str = k6, f6: bool = f6, o6: frozenset[type] = o6, e6: bool = e6, x6: Other = x6,
        k7: str = k7, f7: bool = f7, o7: frozenset[type] = o7, e7: bool = e7, x7: Other = x7,
        k8: str = k8, f8: bool = f8, o8: frozenset[type] = o8, e8: bool = e8, x8: Other = x8,
        k9: str = k9, f9: bool = f9, o9: frozenset[type] = o9, e9: bool = e9, x9: Other = x9,
        k10: str = k10, f10: bool = f10, o10: frozenset[type] = o10, e10: bool = e10, x10: Other = x10,
        k11: str = k11, f11: bool = f11, o11: frozenset[type] = o11, e11: bool = e11, x11: Other = x11,
        k12: str = k12, f12: bool = f12, o12: frozenset[type] = o12, e12: bool = e12, x12: Other = x12,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, = v
        return {
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
            k4: S[a4] if f4 and a4.__class__ is int else a4 if a4.__class__ in o4
            else a4 if e4 and not a4 and a4.__class__ is list and d > 1 else x4(a4, d, q, S, M),
            k5: S[a5] if f5 and a5.__class__ is int else a5 if a5.__class__ in o5
            else a5 if e5 and not a5 and a5.__class__ is list and d > 1 else x5(a5, d, q, S, M),
            k6: S[a6] if f6 and a6.__class__ is int else a6 if a6.__class__ in o6
            else a6 if e6 and not a6 and a6.__class__ is list and d > 1 else x6(a6, d, q, S, M),
            k7: S[a7] if f7 and a7.__class__ is int else a7 if a7.__class__ in o7
            else a7 if e7 and not a7 and a7.__class__ is list and d > 1 else x7(a7, d, q, S, M),
            k8: S[a8] if f8 and a8.__class__ is int else a8 if a8.__class__ in o8
            else a8 if e8 and not a8 and a8.__class__ is list and d > 1 else x8(a8, d, q, S, M),
            k9: S[a9] if f9 and a9.__class__ is int else a9 if a9.__class__ in o9
            else a9 if e9 and not a9 and a9.__class__ is list and d > 1 else x9(a9, d, q, S, M),
            k10: S[a10] if f10 and a10.__class__ is int else a10 if a10.__class__ in o10
            else a10 if e10 and not a10 and a10.__class__ is list and d > 1 else x10(a10, d, q, S, M),
            k11: S[a11] if f11 and a11.__class__ is int else a11 if a11.__class__ in o11
            else a11 if e11 and not a11 and a11.__class__ is list and d > 1 else x11(a11, d, q, S, M),
            k12: S[a12] if f12 and a12.__class__ is int else a12 if a12.__class__ in o12
            else a12 if e12 and not a12 and a12.__class__ is list and d > 1 else x12(a12, d, q, S, M),
        }

    return decode


def plain13(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, k12, k13, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
        (f4, o4, e4, x4),
        (f5, o5, e5, x5),
        (f6, o6, e6, x6),
        (f7, o7, e7, x7),
        (f8, o8, e8, x8),
        (f9, o9, e9, x9),
        (f10, o10, e10, x10),
        (f11, o11, e11, x11),
        (f12, o12, e12, x12),
        (f13, o13, e13, x13),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
        k4: str = k4, f4: bool = f4, o4: frozenset[type] = o4, e4: bool = e4, x4: Other = x4,
        k5: str = k5, f5: bool = f5, o5: frozenset[type] = o5, e5: bool = e5, x5: Other = x5,
        k6: str = k6, f6: bool = f6, o6: frozenset[type] = o6, e6: bool = e6, x6: Other = x6,
        k7: str = k7, f7: bool = f7, o7: frozenset[type] = o7, e7: bool = e7, x7: Other = x7,
        k8: str = k8, f8: bool = f8, o8: frozenset[type] = o8, e8: bool = e8, x8: Other = x8,
        k9: str = k9, f9: bool = f9, o9: frozenset[type] = o9, e9: bool = e9, x9: Other = x9,
        k10: str = k10, f10: bool = f10, o10: frozenset[type] = o10, e10: bool = e10, x10: Other = x10,
        k11: str = k11, f11: bool = f11, o11: frozenset[type] = o11, e11: bool = e11, x11: Other = x11,
        k12: str = k12, f12: bool = f12, o12: frozenset[type] = o12, e12: bool = e12, x12: Other = x12,
        k13: str = k13, f13: bool = f13, o13: frozenset[type] = o13, e13: bool = e13, x13: Other = x13,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, = v
        return {
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
            k4: S[a4] if f4 and a4.__class__ is int else a4 if a4.__class__ in o4
            else a4 if e4 and not a4 and a4.__class__ is list and d > 1 else x4(a4, d, q, S, M),
            k5: S[a5] if f5 and a5.__class__ is int else a5 if a5.__class__ in o5
            else a5 if e5 and not a5 and a5.__class__ is list and d > 1 else x5(a5, d, q, S, M),
            k6: S[a6] if f6 and a6.__class__ is int else a6 if a6.__class__ in o6
            else a6 if e6 and not a6 and a6.__class__ is list and d > 1 else x6(a6, d, q, S, M),
            k7: S[a7] if f7 and a7.__class__ is int else a7 if a7.__class__ in o7
            else a7 if e7 and not a7 and a7.__class__ is list and d > 1 else x7(a7, d, q, S, M),
            k8: S[a8] if f8 and a8.__class__ is int else a8 if a8.__class__ in o8
            else a8 if e8 and not a8 and a8.__class__ is list and d > 1 else x8(a8, d, q, S, M),
            k9: S[a9] if f9 and a9.__class__ is int else a9 if a9.__class__ in o9
            else a9 if e9 and not a9 and a9.__class__ is list and d > 1 else x9(a9, d, q, S, M),
            k10: S[a10] if f10 and a10.__class__ is int else a10 if a10.__class__ in o10
            else a10 if e10 and not a10 and a10.__class__ is list and d > 1 else x10(a10, d, q, S, M),
            k11: S[a11] if f11 and a11.__class__ is int else a11 if a11.__class__ in o11
            else a11 if e11 and not a11 and a11.__class__ is list and d > 1 else x11(a11, d, q, S, M),
            k12: S[a12] if f12 and a12.__class__ is int else a12 if a12.__class__ in o12
            else a12 if e12 and not a12 and a12.__class__ is list and d > 1 else x12(a12, d, q, S, M),
            k13: S[a13] if f13 and a13.__class__ is int else a13 if a13.__class__ in o13
            else a13 if e13 and not a13 and a13.__class__ is list and d > 1 else x13(a13, d, q, S, M),
        }

    return decode


def plain14(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, k12, k13, k14, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
        (f4, o4, e4, x4),
        (f5, o5, e5, x5),
        (f6, o6, e6, x6),
        (f7, o7, e7, x7),
        (f8, o8, e8, x8),
        (f9, o9, e9, x9),
        (f10, o10, e10, x10),
        (f11, o11, e11, x11),
        (f12, o12, e12, x12),
        (f13, o13, e13, x13),
        (f14, o14, e14, x14),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
        k4: str = k4, f4: bool = f4, o4: frozenset[type] = o4, e4: bool = e4, x4: Other = x4,
        k5: str = k5, f5: bool = f5, o5: frozenset[type] = o5, e5: bool = e5, x5: Other = x5,
        k6: str = k6, f6: bool = f6, o6: frozenset[type] = o6, e6: bool = e6, x6: Other = x6,
        k7: str = k7, f7: bool = f7, o7: frozenset[type] = o7, e7: bool = e7, x7: Other = x7,
        k8: str = k8, f8: bool = f8, o8: frozenset[type] = o8, e8: bool = e8, x8: Other = x8,
        k9: str = k9, f9: bool = f9, o9: frozenset[type] = o9, e9: bool = e9, x9: Other = x9,
        k10: str = k10, f10: bool = f10, o10: frozenset[type] = o10, e10: bool = e10, x10: Other = x10,
        k11: str = k11, f11: bool = f11, o11: frozenset[type] = o11, e11: bool = e11, x11: Other = x11,
        k12: str = k12, f12: bool = f12, o12: frozenset[type] = o12, e12: bool = e12, x12: Other = x12,
        k13: str = k13, f13: bool = f13, o13: frozenset[type] = o13, e13: bool = e13, x13: Other = x13,
        k14: str = k14, f14: bool = f14, o14: frozenset[type] = o14, e14: bool = e14, x14: Other = x14,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, = v
        return {
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
            k4: S[a4] if f4 and a4.__class__ is int else a4 if a4.__class__ in o4
            else a4 if e4 and not a4 and a4.__class__ is list and d > 1 else x4(a4, d, q, S, M),
            k5: S[a5] if f5 and a5.__class__ is int else a5 if a5.__class__ in o5
            else a5 if e5 and not a5 and a5.__class__ is list and d > 1 else x5(a5, d, q, S, M),
            k6: S[a6] if f6 and a6.__class__ is int else a6 if a6.__class__ in o6
            else a6 if e6 and not a6 and a6.__class__ is list and d > 1 else x6(a6, d, q, S, M),
            k7: S[a7] if f7 and a7.__class__ is int else a7 if a7.__class__ in o7
            else a7 if e7 and not a7 and a7.__class__ is list and d > 1 else x7(a7, d, q, S, M),
            k8: S[a8] if f8 and a8.__class__ is int else a8 if a8.__class__ in o8
            else a8 if e8 and not a8 and a8.__class__ is list and d > 1 else x8(a8, d, q, S, M),
            k9: S[a9] if f9 and a9.__class__ is int else a9 if a9.__class__ in o9
            else a9 if e9 and not a9 and a9.__class__ is list and d > 1 else x9(a9, d, q, S, M),
            k10: S[a10] if f10 and a10.__class__ is int else a10 if a10.__class__ in o10
            else a10 if e10 and not a10 and a10.__class__ is list and d > 1 else x10(a10, d, q, S, M),
            k11: S[a11] if f11 and a11.__class__ is int else a11 if a11.__class__ in o11
            else a11 if e11 and not a11 and a11.__class__ is list and d > 1 else x11(a11, d, q, S, M),
            k12: S[a12] if f12 and a12.__class__ is int else a12 if a12.__class__ in o12
            else a12 if e12 and not a12 and a12.__class__ is list and d > 1 else x12(a12, d, q, S, M),
            k13: S[a13] if f13 and a13.__class__ is int else a13 if a13.__class__ in o13
            else a13 if e13 and not a13 and a13.__class__ is list and d > 1 else x13(a13, d, q, S, M),
            k14: S[a14] if f14 and a14.__class__ is int else a14 if a14.__class__ in o14
            else a14 if e14 and not a14 and a14.__class__ is list and d > 1 else x14(a14, d, q, S, M),
        }

    return decode


def plain15(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, k12, k13, k14, k15, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
        (f4, o4, e4, x4),
        (f5, o5, e5, x5),
        (f6, o6, e6, x6),
        (f7, o7, e7, x7),
        (f8, o8, e8, x8),
        (f9, o9, e9, x9),
        (f10, o10, e10, x10),
        (f11, o11, e11, x11),
        (f12, o12, e12, x12),
        (f13, o13, e13, x13),
        (f14, o14, e14, x14),
        (f15, o15, e15, x15),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
        k4: str = k4, f4: bool = f4, o4: frozenset[type] = o4, e4: bool = e4, x4: Other = x4,
        k5: str = k5, f5: bool = f5, o5: frozenset[type] = o5, e5: bool = e5, x5: Other = x5,
        k6: str = k6, f6: bool = f6, o6: frozenset[type] = o6, e6: bool = e6, x6: Other = x6,
        k7: str = k7, f7: bool = f7, o7: frozenset[type] = o7, e7: bool = e7, x7: Other = x7,
        k8: str = k8, f8: bool = f8, o8: frozenset[type] = o8, e8: bool = e8, x8: Other = x8,
        k9: str = k9, f9: bool = f9, o9: frozenset[type] = o9, e9: bool = e9, x9: Other = x9,
        k10: str = k10, f10: bool = f10, o10: frozenset[type] = o10, e10: bool = e10, x10: Other = x10,
        k11: str = k11, f11: bool = f11, o11: frozenset[type] = o11, e11: bool = e11, x11: Other = x11,
        k12: str = k12, f12: bool = f12, o12: frozenset[type] = o12, e12: bool = e12, x12: Other = x12,
        k13: str = k13, f13: bool = f13, o13: frozenset[type] = o13, e13: bool = e13, x13: Other = x13,
        k14: str = k14, f14: bool = f14, o14: frozenset[type] = o14, e14: bool = e14, x14: Other = x14,
        k15: str = k15, f15: bool = f15, o15: frozenset[type] = o15, e15: bool = e15, x15: Other = x15,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, = v
        return {
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
            k4: S[a4] if f4 and a4.__class__ is int else a4 if a4.__class__ in o4
            else a4 if e4 and not a4 and a4.__class__ is list and d > 1 else x4(a4, d, q, S, M),
            k5: S[a5] if f5 and a5.__class__ is int else a5 if a5.__class__ in o5
            else a5 if e5 and not a5 and a5.__class__ is list and d > 1 else x5(a5, d, q, S, M),
            k6: S[a6] if f6 and a6.__class__ is int else a6 if a6.__class__ in o6
            else a6 if e6 and not a6 and a6.__class__ is list and d > 1 else x6(a6, d, q, S, M),
            k7: S[a7] if f7 and a7.__class__ is int else a7 if a7.__class__ in o7
            else a7 if e7 and not a7 and a7.__class__ is list and d > 1 else x7(a7, d, q, S, M),
            k8: S[a8] if f8 and a8.__class__ is int else a8 if a8.__class__ in o8
            else a8 if e8 and not a8 and a8.__class__ is list and d > 1 else x8(a8, d, q, S, M),
            k9: S[a9] if f9 and a9.__class__ is int else a9 if a9.__class__ in o9
            else a9 if e9 and not a9 and a9.__class__ is list and d > 1 else x9(a9, d, q, S, M),
            k10: S[a10] if f10 and a10.__class__ is int else a10 if a10.__class__ in o10
            else a10 if e10 and not a10 and a10.__class__ is list and d > 1 else x10(a10, d, q, S, M),
            k11: S[a11] if f11 and a11.__class__ is int else a11 if a11.__class__ in o11
            else a11 if e11 and not a11 and a11.__class__ is list and d > 1 else x11(a11, d, q, S, M),
            k12: S[a12] if f12 and a12.__class__ is int else a12 if a12.__class__ in o12
            else a12 if e12 and not a12 and a12.__class__ is list and d > 1 else x12(a12, d, q, S, M),
            k13: S[a13] if f13 and a13.__class__ is int else a13 if a13.__class__ in o13
            else a13 if e13 and not a13 and a13.__class__ is list and d > 1 else x13(a13, d, q, S, M),
            k14: S[a14] if f14 and a14.__class__ is int else a14 if a14.__class__ in o14
            else a14 if e14 and not a14 and a14.__class__ is list and d > 1 else x14(a14, d, q, S, M),
            k15: S[a15] if f15 and a15.__class__ is int else a15 if a15.__class__ in o15
            else a15 if e15 and not a15 and a15.__class__ is list and d > 1 else x15(a15, d, q, S, M),
        }

    return decode


def plain16(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, k12, k13, k14, k15, k16, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
        (f4, o4, e4, x4),
        (f5, o5, e5, x5),
        (f6, o6, e6, x6),
        (f7, o7, e7, x7),
        (f8, o8, e8, x8),
        (f9, o9, e9, x9),
        (f10, o10, e10, x10),
        (f11, o11, e11, x11),
        (f12, o12, e12, x12),
        (f13, o13, e13, x13),
        (f14, o14, e14, x14),
        (f15, o15, e15, x15),
        (f16, o16, e16, x16),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
        k4: str = k4, f4: bool = f4, o4: frozenset[type] = o4, e4: bool = e4, x4: Other = x4,
        k5: str = k5, f5: bool = f5, o5: frozenset[type] = o5, e5: bool = e5, x5: Other = x5,
        k6: str = k6, f6: bool = f6, o6: frozenset[type] = o6, e6: bool = e6, x6: Other = x6,
        k7: str = k7, f7: bool = f7, o7: frozenset[type] = o7, e7: bool = e7, x7: Other = x7,
        k8: str = k8, f8: bool = f8, o8: frozenset[type] = o8, e8: bool = e8, x8: Other = x8,
        k9: str = k9, f9: bool = f9, o9: frozenset[type] = o9, e9: bool = e9, x9: Other = x9,
        k10: str = k10, f10: bool = f10, o10: frozenset[type] = o10, e10: bool = e10, x10: Other = x10,
        k11: str = k11, f11: bool = f11, o11: frozenset[type] = o11, e11: bool = e11, x11: Other = x11,
        k12: str = k12, f12: bool = f12, o12: frozenset[type] = o12, e12: bool = e12, x12: Other = x12,
        k13: str = k13, f13: bool = f13, o13: frozenset[type] = o13, e13: bool = e13, x13: Other = x13,
        k14: str = k14, f14: bool = f14, o14: frozenset[type] = o14, e14: bool = e14, x14: Other = x14,
        k15: str = k15, f15: bool = f15, o15: frozenset[type] = o15, e15: bool = e15, x15: Other = x15,
        k16: str = k16, f16: bool = f16, o16: frozenset[type] = o16, e16: bool = e16, x16: Other = x16,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, = v
        return {
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
            k4: S[a4] if f4 and a4.__class__ is int else a4 if a4.__class__ in o4
            else a4 if e4 and not a4 and a4.__class__ is list and d > 1 else x4(a4, d, q, S, M),
            k5: S[a5] if f5 and a5.__class__ is int else a5 if a5.__class__ in o5
            else a5 if e5 and not a5 and a5.__class__ is list and d > 1 else x5(a5, d, q, S, M),
            k6: S[a6] if f6 and a6.__class__ is int else a6 if a6.__class__ in o6
            else a6 if e6 and not a6 and a6.__class__ is list and d > 1 else x6(a6, d, q, S, M),
            k7: S[a7] if f7 and a7.__class__ is int else a7 if a7.__class__ in o7
            else a7 if e7 and not a7 and a7.__class__ is list and d > 1 else x7(a7, d, q, S, M),
            k8: S[a8] if f8 and a8.__class__ is int else a8 if a8.__class__ in o8
            else a8 if e8 and not a8 and a8.__class__ is list and d > 1 else x8(a8, d, q, S, M),
            k9: S[a9] if f9 and a9.__class__ is int else a9 if a9.__class__ in o9
            else a9 if e9 and not a9 and a9.__class__ is list and d > 1 else x9(a9, d, q, S, M),
            k10: S[a10] if f10 and a10.__class__ is int else a10 if a10.__class__ in o10
            else a10 if e10 and not a10 and a10.__class__ is list and d > 1 else x10(a10, d, q, S, M),
            k11: S[a11] if f11 and a11.__class__ is int else a11 if a11.__class__ in o11
            else a11 if e11 and not a11 and a11.__class__ is list and d > 1 else x11(a11, d, q, S, M),
            k12: S[a12] if f12 and a12.__class__ is int else a12 if a12.__class__ in o12
            else a12 if e12 and not a12 and a12.__class__ is list and d > 1 else x12(a12, d, q, S, M),
            k13: S[a13] if f13 and a13.__class__ is int else a13 if a13.__class__ in o13
            else a13 if e13 and not a13 and a13.__class__ is list and d > 1 else x13(a13, d, q, S, M),
            k14: S[a14] if f14 and a14.__class__ is int else a14 if a14.__class__ in o14
            else a14 if e14 and not a14 and a14.__class__ is list and d > 1 else x14(a14, d, q, S, M),
            k15: S[a15] if f15 and a15.__class__ is int else a15 if a15.__class__ in o15
            else a15 if e15 and not a15 and a15.__class__ is list and d > 1 else x15(a15, d, q, S, M),
            k16: S[a16] if f16 and a16.__class__ is int else a16 if a16.__class__ in o16
            else a16 if e16 and not a16 and a16.__class__ is list and d > 1 else x16(a16, d, q, S, M),
        }

    return decode


def seq0(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k0, = keys

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k0: str = k0,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, = v
        return {
            k0: q,
        }

    return decode


def seq1(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k0, k1, = keys
    (
        (f1, o1, e1, x1),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k0: str = k0,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, = v
        return {
            k0: q,
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
        }

    return decode


def seq2(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k0, k1, k2, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k0: str = k0,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, = v
        return {
            k0: q,
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
        }

    return decode


def seq3(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k0, k1, k2, k3, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k0: str = k0,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, = v
        return {
            k0: q,
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
        }

    return decode


def seq4(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k0, k1, k2, k3, k4, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
        (f4, o4, e4, x4),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k0: str = k0,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
        k4: str = k4, f4: bool = f4, o4: frozenset[type] = o4, e4: bool = e4, x4: Other = x4,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, a4, = v
        return {
            k0: q,
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
            k4: S[a4] if f4 and a4.__class__ is int else a4 if a4.__class__ in o4
            else a4 if e4 and not a4 and a4.__class__ is list and d > 1 else x4(a4, d, q, S, M),
        }

    return decode


def seq5(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k0, k1, k2, k3, k4, k5, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
        (f4, o4, e4, x4),
        (f5, o5, e5, x5),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k0: str = k0,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
        k4: str = k4, f4: bool = f4, o4: frozenset[type] = o4, e4: bool = e4, x4: Other = x4,
        k5: str = k5, f5: bool = f5, o5: frozenset[type] = o5, e5: bool = e5, x5: Other = x5,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, a4, a5, = v
        return {
            k0: q,
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
            k4: S[a4] if f4 and a4.__class__ is int else a4 if a4.__class__ in o4
            else a4 if e4 and not a4 and a4.__class__ is list and d > 1 else x4(a4, d, q, S, M),
            k5: S[a5] if f5 and a5.__class__ is int else a5 if a5.__class__ in o5
            else a5 if e5 and not a5 and a5.__class__ is list and d > 1 else x5(a5, d, q, S, M),
        }

    return decode


def seq6(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k0, k1, k2, k3, k4, k5, k6, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
        (f4, o4, e4, x4),
        (f5, o5, e5, x5),
        (f6, o6, e6, x6),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k0: str = k0,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
        k4: str = k4, f4: bool = f4, o4: frozenset[type] = o4, e4: bool = e4, x4: Other = x4,
        k5: str = k5, f5: bool = f5, o5: frozenset[type] = o5, e5: bool = e5, x5: Other = x5,
        k6: str = k6, f6: bool = f6, o6: frozenset[type] = o6, e6: bool = e6, x6: Other = x6,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, a4, a5, a6, = v
        return {
            k0: q,
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
            k4: S[a4] if f4 and a4.__class__ is int else a4 if a4.__class__ in o4
            else a4 if e4 and not a4 and a4.__class__ is list and d > 1 else x4(a4, d, q, S, M),
            k5: S[a5] if f5 and a5.__class__ is int else a5 if a5.__class__ in o5
            else a5 if e5 and not a5 and a5.__class__ is list and d > 1 else x5(a5, d, q, S, M),
            k6: S[a6] if f6 and a6.__class__ is int else a6 if a6.__class__ in o6
            else a6 if e6 and not a6 and a6.__class__ is list and d > 1 else x6(a6, d, q, S, M),
        }

    return decode


def seq7(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k0, k1, k2, k3, k4, k5, k6, k7, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
        (f4, o4, e4, x4),
        (f5, o5, e5, x5),
        (f6, o6, e6, x6),
        (f7, o7, e7, x7),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k0: str = k0,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
        k4: str = k4, f4: bool = f4, o4: frozenset[type] = o4, e4: bool = e4, x4: Other = x4,
        k5: str = k5, f5: bool = f5, o5: frozenset[type] = o5, e5: bool = e5, x5: Other = x5,
        k6: str = k6, f6: bool = f6, o6: frozenset[type] = o6, e6: bool = e6, x6: Other = x6,
        k7: str = k7, f7: bool = f7, o7: frozenset[type] = o7, e7: bool = e7, x7: Other = x7,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, a4, a5, a6, a7, = v
        return {
            k0: q,
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
            k4: S[a4] if f4 and a4.__class__ is int else a4 if a4.__class__ in o4
            else a4 if e4 and not a4 and a4.__class__ is list and d > 1 else x4(a4, d, q, S, M),
            k5: S[a5] if f5 and a5.__class__ is int else a5 if a5.__class__ in o5
            else a5 if e5 and not a5 and a5.__class__ is list and d > 1 else x5(a5, d, q, S, M),
            k6: S[a6] if f6 and a6.__class__ is int else a6 if a6.__class__ in o6
            else a6 if e6 and not a6 and a6.__class__ is list and d > 1 else x6(a6, d, q, S, M),
            k7: S[a7] if f7 and a7.__class__ is int else a7 if a7.__class__ in o7
            else a7 if e7 and not a7 and a7.__class__ is list and d > 1 else x7(a7, d, q, S, M),
        }

    return decode


def seq8(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k0, k1, k2, k3, k4, k5, k6, k7, k8, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
        (f4, o4, e4, x4),
        (f5, o5, e5, x5),
        (f6, o6, e6, x6),
        (f7, o7, e7, x7),
        (f8, o8, e8, x8),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k0: str = k0,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
        k4: str = k4, f4: bool = f4, o4: frozenset[type] = o4, e4: bool = e4, x4: Other = x4,
        k5: str = k5, f5: bool = f5, o5: frozenset[type] = o5, e5: bool = e5, x5: Other = x5,
        k6: str = k6, f6: bool = f6, o6: frozenset[type] = o6, e6: bool = e6, x6: Other = x6,
        k7: str = k7, f7: bool = f7, o7: frozenset[type] = o7, e7: bool = e7, x7: Other = x7,
        k8: str = k8, f8: bool = f8, o8: frozenset[type] = o8, e8: bool = e8, x8: Other = x8,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, a4, a5, a6, a7, a8, = v
        return {
            k0: q,
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
            k4: S[a4] if f4 and a4.__class__ is int else a4 if a4.__class__ in o4
            else a4 if e4 and not a4 and a4.__class__ is list and d > 1 else x4(a4, d, q, S, M),
            k5: S[a5] if f5 and a5.__class__ is int else a5 if a5.__class__ in o5
            else a5 if e5 and not a5 and a5.__class__ is list and d > 1 else x5(a5, d, q, S, M),
            k6: S[a6] if f6 and a6.__class__ is int else a6 if a6.__class__ in o6
            else a6 if e6 and not a6 and a6.__class__ is list and d > 1 else x6(a6, d, q, S, M),
            k7: S[a7] if f7 and a7.__class__ is int else a7 if a7.__class__ in o7
            else a7 if e7 and not a7 and a7.__class__ is list and d > 1 else x7(a7, d, q, S, M),
            k8: S[a8] if f8 and a8.__class__ is int else a8 if a8.__class__ in o8
            else a8 if e8 and not a8 and a8.__class__ is list and d > 1 else x8(a8, d, q, S, M),
        }

    return decode


def seq9(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
        (f4, o4, e4, x4),
        (f5, o5, e5, x5),
        (f6, o6, e6, x6),
        (f7, o7, e7, x7),
        (f8, o8, e8, x8),
        (f9, o9, e9, x9),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k0: str = k0,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
        k4: str = k4, f4: bool = f4, o4: frozenset[type] = o4, e4: bool = e4, x4: Other = x4,
        k5: str = k5, f5: bool = f5, o5: frozenset[type] = o5, e5: bool = e5, x5: Other = x5,
        k6: str = k6, f6: bool = f6, o6: frozenset[type] = o6, e6: bool = e6, x6: Other = x6,
        k7: str = k7, f7: bool = f7, o7: frozenset[type] = o7, e7: bool = e7, x7: Other = x7,
        k8: str = k8, f8: bool = f8, o8: frozenset[type] = o8, e8: bool = e8, x8: Other = x8,
        k9: str = k9, f9: bool = f9, o9: frozenset[type] = o9, e9: bool = e9, x9: Other = x9,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, a4, a5, a6, a7, a8, a9, = v
        return {
            k0: q,
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
            k4: S[a4] if f4 and a4.__class__ is int else a4 if a4.__class__ in o4
            else a4 if e4 and not a4 and a4.__class__ is list and d > 1 else x4(a4, d, q, S, M),
            k5: S[a5] if f5 and a5.__class__ is int else a5 if a5.__class__ in o5
            else a5 if e5 and not a5 and a5.__class__ is list and d > 1 else x5(a5, d, q, S, M),
            k6: S[a6] if f6 and a6.__class__ is int else a6 if a6.__class__ in o6
            else a6 if e6 and not a6 and a6.__class__ is list and d > 1 else x6(a6, d, q, S, M),
            k7: S[a7] if f7 and a7.__class__ is int else a7 if a7.__class__ in o7
            else a7 if e7 and not a7 and a7.__class__ is list and d > 1 else x7(a7, d, q, S, M),
            k8: S[a8] if f8 and a8.__class__ is int else a8 if a8.__class__ in o8
            else a8 if e8 and not a8 and a8.__class__ is list and d > 1 else x8(a8, d, q, S, M),
            k9: S[a9] if f9 and a9.__class__ is int else a9 if a9.__class__ in o9
            else a9 if e9 and not a9 and a9.__class__ is list and d > 1 else x9(a9, d, q, S, M),
        }

    return decode


def seq10(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
        (f4, o4, e4, x4),
        (f5, o5, e5, x5),
        (f6, o6, e6, x6),
        (f7, o7, e7, x7),
        (f8, o8, e8, x8),
        (f9, o9, e9, x9),
        (f10, o10, e10, x10),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k0: str = k0,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
        k4: str = k4, f4: bool = f4, o4: frozenset[type] = o4, e4: bool = e4, x4: Other = x4,
        k5: str = k5, f5: bool = f5, o5: frozenset[type] = o5, e5: bool = e5, x5: Other = x5,
        k6: str = k6, f6: bool = f6, o6: frozenset[type] = o6, e6: bool = e6, x6: Other = x6,
        k7: str = k7, f7: bool = f7, o7: frozenset[type] = o7, e7: bool = e7, x7: Other = x7,
        k8: str = k8, f8: bool = f8, o8: frozenset[type] = o8, e8: bool = e8, x8: Other = x8,
        k9: str = k9, f9: bool = f9, o9: frozenset[type] = o9, e9: bool = e9, x9: Other = x9,
        k10: str = k10, f10: bool = f10, o10: frozenset[type] = o10, e10: bool = e10, x10: Other = x10,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, = v
        return {
            k0: q,
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
            k4: S[a4] if f4 and a4.__class__ is int else a4 if a4.__class__ in o4
            else a4 if e4 and not a4 and a4.__class__ is list and d > 1 else x4(a4, d, q, S, M),
            k5: S[a5] if f5 and a5.__class__ is int else a5 if a5.__class__ in o5
            else a5 if e5 and not a5 and a5.__class__ is list and d > 1 else x5(a5, d, q, S, M),
            k6: S[a6] if f6 and a6.__class__ is int else a6 if a6.__class__ in o6
            else a6 if e6 and not a6 and a6.__class__ is list and d > 1 else x6(a6, d, q, S, M),
            k7: S[a7] if f7 and a7.__class__ is int else a7 if a7.__class__ in o7
            else a7 if e7 and not a7 and a7.__class__ is list and d > 1 else x7(a7, d, q, S, M),
            k8: S[a8] if f8 and a8.__class__ is int else a8 if a8.__class__ in o8
            else a8 if e8 and not a8 and a8.__class__ is list and d > 1 else x8(a8, d, q, S, M),
            k9: S[a9] if f9 and a9.__class__ is int else a9 if a9.__class__ in o9
            else a9 if e9 and not a9 and a9.__class__ is list and d > 1 else x9(a9, d, q, S, M),
            k10: S[a10] if f10 and a10.__class__ is int else a10 if a10.__class__ in o10
            else a10 if e10 and not a10 and a10.__class__ is list and d > 1 else x10(a10, d, q, S, M),
        }

    return decode


def seq11(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
        (f4, o4, e4, x4),
        (f5, o5, e5, x5),
        (f6, o6, e6, x6),
        (f7, o7, e7, x7),
        (f8, o8, e8, x8),
        (f9, o9, e9, x9),
        (f10, o10, e10, x10),
        (f11, o11, e11, x11),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k0: str = k0,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
        k4: str = k4, f4: bool = f4, o4: frozenset[type] = o4, e4: bool = e4, x4: Other = x4,
        k5: str = k5, f5: bool = f5, o5: frozenset[type] = o5, e5: bool = e5, x5: Other = x5,
        k6: str = k6, f6: bool = f6, o6: frozenset[type] = o6, e6: bool = e6, x6: Other = x6,
        k7: str = k7, f7: bool = f7, o7: frozenset[type] = o7, e7: bool = e7, x7: Other = x7,
        k8: str = k8, f8: bool = f8, o8: frozenset[type] = o8, e8: bool = e8, x8: Other = x8,
        k9: str = k9, f9: bool = f9, o9: frozenset[type] = o9, e9: bool = e9, x9: Other = x9,
        k10: str = k10, f10: bool = f10, o10: frozenset[type] = o10, e10: bool = e10, x10: Other = x10,
        k11: str = k11, f11: bool = f11, o11: frozenset[type] = o11, e11: bool = e11, x11: Other = x11,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, = v
        return {
            k0: q,
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
            k4: S[a4] if f4 and a4.__class__ is int else a4 if a4.__class__ in o4
            else a4 if e4 and not a4 and a4.__class__ is list and d > 1 else x4(a4, d, q, S, M),
            k5: S[a5] if f5 and a5.__class__ is int else a5 if a5.__class__ in o5
            else a5 if e5 and not a5 and a5.__class__ is list and d > 1 else x5(a5, d, q, S, M),
            k6: S[a6] if f6 and a6.__class__ is int else a6 if a6.__class__ in o6
            else a6 if e6 and not a6 and a6.__class__ is list and d > 1 else x6(a6, d, q, S, M),
            k7: S[a7] if f7 and a7.__class__ is int else a7 if a7.__class__ in o7
            else a7 if e7 and not a7 and a7.__class__ is list and d > 1 else x7(a7, d, q, S, M),
            k8: S[a8] if f8 and a8.__class__ is int else a8 if a8.__class__ in o8
            else a8 if e8 and not a8 and a8.__class__ is list and d > 1 else x8(a8, d, q, S, M),
            k9: S[a9] if f9 and a9.__class__ is int else a9 if a9.__class__ in o9
            else a9 if e9 and not a9 and a9.__class__ is list and d > 1 else x9(a9, d, q, S, M),
            k10: S[a10] if f10 and a10.__class__ is int else a10 if a10.__class__ in o10
            else a10 if e10 and not a10 and a10.__class__ is list and d > 1 else x10(a10, d, q, S, M),
            k11: S[a11] if f11 and a11.__class__ is int else a11 if a11.__class__ in o11
            else a11 if e11 and not a11 and a11.__class__ is list and d > 1 else x11(a11, d, q, S, M),
        }

    return decode


def seq12(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, k12, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
        (f4, o4, e4, x4),
        (f5, o5, e5, x5),
        (f6, o6, e6, x6),
        (f7, o7, e7, x7),
        (f8, o8, e8, x8),
        (f9, o9, e9, x9),
        (f10, o10, e10, x10),
        (f11, o11, e11, x11),
        (f12, o12, e12, x12),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k0: str = k0,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
        k4: str = k4, f4: bool = f4, o4: frozenset[type] = o4, e4: bool = e4, x4: Other = x4,
        k5: str = k5, f5: bool = f5, o5: frozenset[type] = o5, e5: bool = e5, x5: Other = x5,
        k6: str = k6, f6: bool = f6, o6: frozenset[type] = o6, e6: bool = e6, x6: Other = x6,
        k7: str = k7, f7: bool = f7, o7: frozenset[type] = o7, e7: bool = e7, x7: Other = x7,
        k8: str = k8, f8: bool = f8, o8: frozenset[type] = o8, e8: bool = e8, x8: Other = x8,
        k9: str = k9, f9: bool = f9, o9: frozenset[type] = o9, e9: bool = e9, x9: Other = x9,
        k10: str = k10, f10: bool = f10, o10: frozenset[type] = o10, e10: bool = e10, x10: Other = x10,
        k11: str = k11, f11: bool = f11, o11: frozenset[type] = o11, e11: bool = e11, x11: Other = x11,
        k12: str = k12, f12: bool = f12, o12: frozenset[type] = o12, e12: bool = e12, x12: Other = x12,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, = v
        return {
            k0: q,
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
            k4: S[a4] if f4 and a4.__class__ is int else a4 if a4.__class__ in o4
            else a4 if e4 and not a4 and a4.__class__ is list and d > 1 else x4(a4, d, q, S, M),
            k5: S[a5] if f5 and a5.__class__ is int else a5 if a5.__class__ in o5
            else a5 if e5 and not a5 and a5.__class__ is list and d > 1 else x5(a5, d, q, S, M),
            k6: S[a6] if f6 and a6.__class__ is int else a6 if a6.__class__ in o6
            else a6 if e6 and not a6 and a6.__class__ is list and d > 1 else x6(a6, d, q, S, M),
            k7: S[a7] if f7 and a7.__class__ is int else a7 if a7.__class__ in o7
            else a7 if e7 and not a7 and a7.__class__ is list and d > 1 else x7(a7, d, q, S, M),
            k8: S[a8] if f8 and a8.__class__ is int else a8 if a8.__class__ in o8
            else a8 if e8 and not a8 and a8.__class__ is list and d > 1 else x8(a8, d, q, S, M),
            k9: S[a9] if f9 and a9.__class__ is int else a9 if a9.__class__ in o9
            else a9 if e9 and not a9 and a9.__class__ is list and d > 1 else x9(a9, d, q, S, M),
            k10: S[a10] if f10 and a10.__class__ is int else a10 if a10.__class__ in o10
            else a10 if e10 and not a10 and a10.__class__ is list and d > 1 else x10(a10, d, q, S, M),
            k11: S[a11] if f11 and a11.__class__ is int else a11 if a11.__class__ in o11
            else a11 if e11 and not a11 and a11.__class__ is list and d > 1 else x11(a11, d, q, S, M),
            k12: S[a12] if f12 and a12.__class__ is int else a12 if a12.__class__ in o12
            else a12 if e12 and not a12 and a12.__class__ is list and d > 1 else x12(a12, d, q, S, M),
        }

    return decode


def seq13(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, k12, k13, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
        (f4, o4, e4, x4),
        (f5, o5, e5, x5),
        (f6, o6, e6, x6),
        (f7, o7, e7, x7),
        (f8, o8, e8, x8),
        (f9, o9, e9, x9),
        (f10, o10, e10, x10),
        (f11, o11, e11, x11),
        (f12, o12, e12, x12),
        (f13, o13, e13, x13),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k0: str = k0,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
        k4: str = k4, f4: bool = f4, o4: frozenset[type] = o4, e4: bool = e4, x4: Other = x4,
        k5: str = k5, f5: bool = f5, o5: frozenset[type] = o5, e5: bool = e5, x5: Other = x5,
        k6: str = k6, f6: bool = f6, o6: frozenset[type] = o6, e6: bool = e6, x6: Other = x6,
        k7: str = k7, f7: bool = f7, o7: frozenset[type] = o7, e7: bool = e7, x7: Other = x7,
        k8: str = k8, f8: bool = f8, o8: frozenset[type] = o8, e8: bool = e8, x8: Other = x8,
        k9: str = k9, f9: bool = f9, o9: frozenset[type] = o9, e9: bool = e9, x9: Other = x9,
        k10: str = k10, f10: bool = f10, o10: frozenset[type] = o10, e10: bool = e10, x10: Other = x10,
        k11: str = k11, f11: bool = f11, o11: frozenset[type] = o11, e11: bool = e11, x11: Other = x11,
        k12: str = k12, f12: bool = f12, o12: frozenset[type] = o12, e12: bool = e12, x12: Other = x12,
        k13: str = k13, f13: bool = f13, o13: frozenset[type] = o13, e13: bool = e13, x13: Other = x13,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, = v
        return {
            k0: q,
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
            k4: S[a4] if f4 and a4.__class__ is int else a4 if a4.__class__ in o4
            else a4 if e4 and not a4 and a4.__class__ is list and d > 1 else x4(a4, d, q, S, M),
            k5: S[a5] if f5 and a5.__class__ is int else a5 if a5.__class__ in o5
            else a5 if e5 and not a5 and a5.__class__ is list and d > 1 else x5(a5, d, q, S, M),
            k6: S[a6] if f6 and a6.__class__ is int else a6 if a6.__class__ in o6
            else a6 if e6 and not a6 and a6.__class__ is list and d > 1 else x6(a6, d, q, S, M),
            k7: S[a7] if f7 and a7.__class__ is int else a7 if a7.__class__ in o7
            else a7 if e7 and not a7 and a7.__class__ is list and d > 1 else x7(a7, d, q, S, M),
            k8: S[a8] if f8 and a8.__class__ is int else a8 if a8.__class__ in o8
            else a8 if e8 and not a8 and a8.__class__ is list and d > 1 else x8(a8, d, q, S, M),
            k9: S[a9] if f9 and a9.__class__ is int else a9 if a9.__class__ in o9
            else a9 if e9 and not a9 and a9.__class__ is list and d > 1 else x9(a9, d, q, S, M),
            k10: S[a10] if f10 and a10.__class__ is int else a10 if a10.__class__ in o10
            else a10 if e10 and not a10 and a10.__class__ is list and d > 1 else x10(a10, d, q, S, M),
            k11: S[a11] if f11 and a11.__class__ is int else a11 if a11.__class__ in o11
            else a11 if e11 and not a11 and a11.__class__ is list and d > 1 else x11(a11, d, q, S, M),
            k12: S[a12] if f12 and a12.__class__ is int else a12 if a12.__class__ in o12
            else a12 if e12 and not a12 and a12.__class__ is list and d > 1 else x12(a12, d, q, S, M),
            k13: S[a13] if f13 and a13.__class__ is int else a13 if a13.__class__ in o13
            else a13 if e13 and not a13 and a13.__class__ is list and d > 1 else x13(a13, d, q, S, M),
        }

    return decode


def seq14(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, k12, k13, k14, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
        (f4, o4, e4, x4),
        (f5, o5, e5, x5),
        (f6, o6, e6, x6),
        (f7, o7, e7, x7),
        (f8, o8, e8, x8),
        (f9, o9, e9, x9),
        (f10, o10, e10, x10),
        (f11, o11, e11, x11),
        (f12, o12, e12, x12),
        (f13, o13, e13, x13),
        (f14, o14, e14, x14),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k0: str = k0,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
        k4: str = k4, f4: bool = f4, o4: frozenset[type] = o4, e4: bool = e4, x4: Other = x4,
        k5: str = k5, f5: bool = f5, o5: frozenset[type] = o5, e5: bool = e5, x5: Other = x5,
        k6: str = k6, f6: bool = f6, o6: frozenset[type] = o6, e6: bool = e6, x6: Other = x6,
        k7: str = k7, f7: bool = f7, o7: frozenset[type] = o7, e7: bool = e7, x7: Other = x7,
        k8: str = k8, f8: bool = f8, o8: frozenset[type] = o8, e8: bool = e8, x8: Other = x8,
        k9: str = k9, f9: bool = f9, o9: frozenset[type] = o9, e9: bool = e9, x9: Other = x9,
        k10: str = k10, f10: bool = f10, o10: frozenset[type] = o10, e10: bool = e10, x10: Other = x10,
        k11: str = k11, f11: bool = f11, o11: frozenset[type] = o11, e11: bool = e11, x11: Other = x11,
        k12: str = k12, f12: bool = f12, o12: frozenset[type] = o12, e12: bool = e12, x12: Other = x12,
        k13: str = k13, f13: bool = f13, o13: frozenset[type] = o13, e13: bool = e13, x13: Other = x13,
        k14: str = k14, f14: bool = f14, o14: frozenset[type] = o14, e14: bool = e14, x14: Other = x14,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, = v
        return {
            k0: q,
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
            k4: S[a4] if f4 and a4.__class__ is int else a4 if a4.__class__ in o4
            else a4 if e4 and not a4 and a4.__class__ is list and d > 1 else x4(a4, d, q, S, M),
            k5: S[a5] if f5 and a5.__class__ is int else a5 if a5.__class__ in o5
            else a5 if e5 and not a5 and a5.__class__ is list and d > 1 else x5(a5, d, q, S, M),
            k6: S[a6] if f6 and a6.__class__ is int else a6 if a6.__class__ in o6
            else a6 if e6 and not a6 and a6.__class__ is list and d > 1 else x6(a6, d, q, S, M),
            k7: S[a7] if f7 and a7.__class__ is int else a7 if a7.__class__ in o7
            else a7 if e7 and not a7 and a7.__class__ is list and d > 1 else x7(a7, d, q, S, M),
            k8: S[a8] if f8 and a8.__class__ is int else a8 if a8.__class__ in o8
            else a8 if e8 and not a8 and a8.__class__ is list and d > 1 else x8(a8, d, q, S, M),
            k9: S[a9] if f9 and a9.__class__ is int else a9 if a9.__class__ in o9
            else a9 if e9 and not a9 and a9.__class__ is list and d > 1 else x9(a9, d, q, S, M),
            k10: S[a10] if f10 and a10.__class__ is int else a10 if a10.__class__ in o10
            else a10 if e10 and not a10 and a10.__class__ is list and d > 1 else x10(a10, d, q, S, M),
            k11: S[a11] if f11 and a11.__class__ is int else a11 if a11.__class__ in o11
            else a11 if e11 and not a11 and a11.__class__ is list and d > 1 else x11(a11, d, q, S, M),
            k12: S[a12] if f12 and a12.__class__ is int else a12 if a12.__class__ in o12
            else a12 if e12 and not a12 and a12.__class__ is list and d > 1 else x12(a12, d, q, S, M),
            k13: S[a13] if f13 and a13.__class__ is int else a13 if a13.__class__ in o13
            else a13 if e13 and not a13 and a13.__class__ is list and d > 1 else x13(a13, d, q, S, M),
            k14: S[a14] if f14 and a14.__class__ is int else a14 if a14.__class__ in o14
            else a14 if e14 and not a14 and a14.__class__ is list and d > 1 else x14(a14, d, q, S, M),
        }

    return decode


def seq15(keys: tuple[str, ...], readings: list[Reading], need: int) -> Decoder:
    k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, k12, k13, k14, k15, = keys
    (
        (f1, o1, e1, x1),
        (f2, o2, e2, x2),
        (f3, o3, e3, x3),
        (f4, o4, e4, x4),
        (f5, o5, e5, x5),
        (f6, o6, e6, x6),
        (f7, o7, e7, x7),
        (f8, o8, e8, x8),
        (f9, o9, e9, x9),
        (f10, o10, e10, x10),
        (f11, o11, e11, x11),
        (f12, o12, e12, x12),
        (f13, o13, e13, x13),
        (f14, o14, e14, x14),
        (f15, o15, e15, x15),
    ) = readings

    def decode(
        v: Any, d: int, q: int, S: dict[int, str], M: list[Any], need: int = need,
        k0: str = k0,
        k1: str = k1, f1: bool = f1, o1: frozenset[type] = o1, e1: bool = e1, x1: Other = x1,
        k2: str = k2, f2: bool = f2, o2: frozenset[type] = o2, e2: bool = e2, x2: Other = x2,
        k3: str = k3, f3: bool = f3, o3: frozenset[type] = o3, e3: bool = e3, x3: Other = x3,
        k4: str = k4, f4: bool = f4, o4: frozenset[type] = o4, e4: bool = e4, x4: Other = x4,
        k5: str = k5, f5: bool = f5, o5: frozenset[type] = o5, e5: bool = e5, x5: Other = x5,
        k6: str = k6, f6: bool = f6, o6: frozenset[type] = o6, e6: bool = e6, x6: Other = x6,
        k7: str = k7, f7: bool = f7, o7: frozenset[type] = o7, e7: bool = e7, x7: Other = x7,
        k8: str = k8, f8: bool = f8, o8: frozenset[type] = o8, e8: bool = e8, x8: Other = x8,
        k9: str = k9, f9: bool = f9, o9: frozenset[type] = o9, e9: bool = e9, x9: Other = x9,
        k10: str = k10, f10: bool = f10, o10: frozenset[type] = o10, e10: bool = e10, x10: Other = x10,
        k11: str = k11, f11: bool = f11, o11: frozenset[type] = o11, e11: bool = e11, x11: Other = x11,
        k12: str = k12, f12: bool = f12, o12: frozenset[type] = o12, e12: bool = e12, x12: Other = x12,
        k13: str = k13, f13: bool = f13, o13: frozenset[type] = o13, e13: bool = e13, x13: Other = x13,
        k14: str = k14, f14: bool = f14, o14: frozenset[type] = o14, e14: bool = e14, x14: Other = x14,
        k15: str = k15, f15: bool = f15, o15: frozenset[type] = o15, e15: bool = e15, x15: Other = x15,
    ) -> dict[str, Any]:
        if d < need:
            raise RecursionError
        _, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, = v
        return {
            k0: q,
            k1: S[a1] if f1 and a1.__class__ is int else a1 if a1.__class__ in o1
            else a1 if e1 and not a1 and a1.__class__ is list and d > 1 else x1(a1, d, q, S, M),
            k2: S[a2] if f2 and a2.__class__ is int else a2 if a2.__class__ in o2
            else a2 if e2 and not a2 and a2.__class__ is list and d > 1 else x2(a2, d, q, S, M),
            k3: S[a3] if f3 and a3.__class__ is int else a3 if a3.__class__ in o3
            else a3 if e3 and not a3 and a3.__class__ is list and d > 1 else x3(a3, d, q, S, M),
            k4: S[a4] if f4 and a4.__class__ is int else a4 if a4.__class__ in o4
            else a4 if e4 and not a4 and a4.__class__ is list and d > 1 else x4(a4, d, q, S, M),
            k5: S[a5] if f5 and a5.__class__ is int else a5 if a5.__class__ in o5
            else a5 if e5 and not a5 and a5.__class__ is list and d > 1 else x5(a5, d, q, S, M),
            k6: S[a6] if f6 and a6.__class__ is int else a6 if a6.__class__ in o6
            else a6 if e6 and not a6 and a6.__class__ is list and d > 1 else x6(a6, d, q, S, M),
            k7: S[a7] if f7 and a7.__class__ is int else a7 if a7.__class__ in o7
            else a7 if e7 and not a7 and a7.__class__ is list and d > 1 else x7(a7, d, q, S, M),
            k8: S[a8] if f8 and a8.__class__ is int else a8 if a8.__class__ in o8
            else a8 if e8 and not a8 and a8.__class__ is list and d > 1 else x8(a8, d, q, S, M),
            k9: S[a9] if f9 and a9.__class__ is int else a9 if a9.__class__ in o9
            else a9 if e9 and not a9 and a9.__class__ is list and d > 1 else x9(a9, d, q, S, M),
            k10: S[a10] if f10 and a10.__class__ is int else a10 if a10.__class__ in o10
            else a10 if e10 and not a10 and a10.__class__ is list and d > 1 else x10(a10, d, q, S, M),
            k11: S[a11] if f11 and a11.__class__ is int else a11 if a11.__class__ in o11
            else a11 if e11 and not a11 and a11.__class__ is list and d > 1 else x11(a11, d, q, S, M),
            k12: S[a12] if f12 and a12.__class__ is int else a12 if a12.__class__ in o12
            else a12 if e12 and not a12 and a12.__class__ is list and d > 1 else x12(a12, d, q, S, M),
            k13: S[a13] if f13 and a13.__class__ is int else a13 if a13.__class__ in o13
            else a13 if e13 and not a13 and a13.__class__ is list and d > 1 else x13(a13, d, q, S, M),
            k14: S[a14] if f14 and a14.__class__ is int else a14 if a14.__class__ in o14
            else a14 if e14 and not a14 and a14.__class__ is list and d > 1 else x14(a14, d, q, S, M),
            k15: S[a15] if f15 and a15.__class__ is int else a15 if a15.__class__ in o15
            else a15 if e15 and not a15 and a15.__class__ is list and d > 1 else x15(a15, d, q, S, M),
        }

    return decode


def rows1(readings: list[Reading], check: Callable[[Any], list[list[Any]]]) -> Other:
    (
        (f0, o0, _, x0),
    ) = readings

    def decode(a: Any, d: int, q: int, S: dict[int, str], M: list[Any]) -> list[list[Any]]:
        return [[
            S[b0] if f0 and b0.__class__ is int else b0 if b0.__class__ in o0 else x0(b0, d, q, S, M),
        ] for b0, in check(a)]

    return decode


def rows2(readings: list[Reading], check: Callable[[Any], list[list[Any]]]) -> Other:
    (
        (f0, o0, _, x0),
        (f1, o1, _, x1),
    ) = readings

    def decode(a: Any, d: int, q: int, S: dict[int, str], M: list[Any]) -> list[list[Any]]:
        return [[
            S[b0] if f0 and b0.__class__ is int else b0 if b0.__class__ in o0 else x0(b0, d, q, S, M),
            S[b1] if f1 and b1.__class__ is int else b1 if b1.__class__ in o1 else x1(b1, d, q, S, M),
        ] for b0, b1, in check(a)]

    return decode


def rows3(readings: list[Reading], check: Callable[[Any], list[list[Any]]]) -> Other:
    (
        (f0, o0, _, x0),
        (f1, o1, _, x1),
        (f2, o2, _, x2),
    ) = readings

    def decode(a: Any, d: int, q: int, S: dict[int, str], M: list[Any]) -> list[list[Any]]:
        return [[
            S[b0] if f0 and b0.__class__ is int else b0 if b0.__class__ in o0 else x0(b0, d, q, S, M),
            S[b1] if f1 and b1.__class__ is int else b1 if b1.__class__ in o1 else x1(b1, d, q, S, M),
            S[b2] if f2 and b2.__class__ is int else b2 if b2.__class__ in o2 else x2(b2, d, q, S, M),
        ] for b0, b1, b2, in check(a)]

    return decode


def rows4(readings: list[Reading], check: Callable[[Any], list[list[Any]]]) -> Other:
    (
        (f0, o0, _, x0),
        (f1, o1, _, x1),
        (f2, o2, _, x2),
        (f3, o3, _, x3),
    ) = readings

    def decode(a: Any, d: int, q: int, S: dict[int, str], M: list[Any]) -> list[list[Any]]:
        return [[
            S[b0] if f0 and b0.__class__ is int else b0 if b0.__class__ in o0 else x0(b0, d, q, S, M),
            S[b1] if f1 and b1.__class__ is int else b1 if b1.__class__ in o1 else x1(b1, d, q, S, M),
            S[b2] if f2 and b2.__class__ is int else b2 if b2.__class__ in o2 else x2(b2, d, q, S, M),
            S[b3] if f3 and b3.__class__ is int else b3 if b3.__class__ in o3 else x3(b3, d, q, S, M),
        ] for b0, b1, b2, b3, in check(a)]

    return decode


def rows5(readings: list[Reading], check: Callable[[Any], list[list[Any]]]) -> Other:
    (
        (f0, o0, _, x0),
        (f1, o1, _, x1),
        (f2, o2, _, x2),
        (f3, o3, _, x3),
        (f4, o4, _, x4),
    ) = readings

    def decode(a: Any, d: int, q: int, S: dict[int, str], M: list[Any]) -> list[list[Any]]:
        return [[
            S[b0] if f0 and b0.__class__ is int else b0 if b0.__class__ in o0 else x0(b0, d, q, S, M),
            S[b1] if f1 and b1.__class__ is int else b1 if b1.__class__ in o1 else x1(b1, d, q, S, M),
            S[b2] if f2 and b2.__class__ is int else b2 if b2.__class__ in o2 else x2(b2, d, q, S, M),
            S[b3] if f3 and b3.__class__ is int else b3 if b3.__class__ in o3 else x3(b3, d, q, S, M),
            S[b4] if f4 and b4.__class__ is int else b4 if b4.__class__ in o4 else x4(b4, d, q, S, M),
        ] for b0, b1, b2, b3, b4, in check(a)]

    return decode


def rows6(readings: list[Reading], check: Callable[[Any], list[list[Any]]]) -> Other:
    (
        (f0, o0, _, x0),
        (f1, o1, _, x1),
        (f2, o2, _, x2),
        (f3, o3, _, x3),
        (f4, o4, _, x4),
        (f5, o5, _, x5),
    ) = readings

    def decode(a: Any, d: int, q: int, S: dict[int, str], M: list[Any]) -> list[list[Any]]:
        return [[
            S[b0] if f0 and b0.__class__ is int else b0 if b0.__class__ in o0 else x0(b0, d, q, S, M),
            S[b1] if f1 and b1.__class__ is int else b1 if b1.__class__ in o1 else x1(b1, d, q, S, M),
            S[b2] if f2 and b2.__class__ is int else b2 if b2.__class__ in o2 else x2(b2, d, q, S, M),
            S[b3] if f3 and b3.__class__ is int else b3 if b3.__class__ in o3 else x3(b3, d, q, S, M),
            S[b4] if f4 and b4.__class__ is int else b4 if b4.__class__ in o4 else x4(b4, d, q, S, M),
            S[b5] if f5 and b5.__class__ is int else b5 if b5.__class__ in o5 else x5(b5, d, q, S, M),
        ] for b0, b1, b2, b3, b4, b5, in check(a)]

    return decode


PLAIN = (  # by number of values
    plain0,
    plain1,
    plain2,
    plain3,
    plain4,
    plain5,
    plain6,
    plain7,
    plain8,
    plain9,
    plain10,
    plain11,
    plain12,
    plain13,
    plain14,
    plain15,
    plain16,
)
SEQ = (  # by number of values after the seq
    seq0,
    seq1,
    seq2,
    seq3,
    seq4,
    seq5,
    seq6,
    seq7,
    seq8,
    seq9,
    seq10,
    seq11,
    seq12,
    seq13,
    seq14,
    seq15,
)
ROWS = (  # by number of cells
    rows1,
    rows2,
    rows3,
    rows4,
    rows5,
    rows6,
)
