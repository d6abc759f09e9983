"""Typed reading of untrusted JSON: each field checked for its kind and bounds.

:class:`_Reader` wraps one JSON object and reads its fields as ints, texts, lists, nested
objects or enum values, refusing a wrong kind, a number beyond :data:`MAX_INT`, a text longer
than :data:`MAX_TEXT` or a list longer than :data:`MAX_LIST` with a :class:`PositionError`
naming the field's path; :func:`show_value` describes a refused value briefly. The position
reader (:mod:`precog.engine.serialize`) and the view reader (:mod:`precog.engine.view`) use it.
"""

from __future__ import annotations

from typing import Any

from precog.engine.errors import PositionError
from precog.engine.problems import ErrorCode, Problem
from precog.engine.state import Phase, Step

List = list  # the reader below has a method named list
MAX_LIST = 64  # the longest list of a position (a Discard pile, a deck) holds 24 cards
MAX_TEXT = 120  # ids are at most 16 characters, action notation about 20
MAX_INT = 2**63  # numbers beyond (seeds included) are refused before any other check


class _Reader:
    """Typed access to untrusted JSON with errors naming the field's path."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, dict):
            raise PositionError(Problem.of(ErrorCode.POSITION_NOT_OBJECT, where=where,
                                           got=type(data).__name__))
        self.data: dict[str, Any] = data
        self.where = where

    def check(self, value: Any, kind: type, where: str) -> Any:
        ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
        if not ok:
            raise PositionError(Problem.of(ErrorCode.POSITION_FIELD_TYPE,
                                           where=f"{self.where}.{where}",
                                           kind=kind.__name__, got=show_value(value)))
        if kind is int and not -MAX_INT < value < MAX_INT:
            raise PositionError(Problem.of(ErrorCode.POSITION_FIELD_NUMBER,
                                           where=f"{self.where}.{where}",
                                           got=show_value(value)))
        if kind is str and len(value) > MAX_TEXT:
            raise PositionError(Problem.of(ErrorCode.POSITION_FIELD_TEXT,
                                           where=f"{self.where}.{where}",
                                           top=MAX_TEXT, got=len(value)))
        if kind is list and len(value) > MAX_LIST:
            raise PositionError(Problem.of(ErrorCode.POSITION_FIELD_LIST,
                                           where=f"{self.where}.{where}",
                                           top=MAX_LIST, got=len(value)))
        return value

    def get(self, key: str, kind: type, optional: bool = False) -> Any:
        if key not in self.data:
            raise PositionError(Problem.of(ErrorCode.POSITION_MISSING, where=self.where, key=key))
        value = self.data[key]
        if value is None and optional:
            return None
        return self.check(value, kind, key)

    def sub(self, key: str) -> _Reader:
        return _Reader(self.get(key, dict), f"{self.where}.{key}")

    def list(self, key: str) -> List[Any]:
        value: List[Any] = self.get(key, list)
        return value

    def item(self, key: str, i: int) -> _Reader:
        return _Reader(self.list(key)[i], f"{self.where}.{key}[{i}]")

    def strs(self, key: str) -> List[str]:
        return [self.check(v, str, f"{key}[{i}]") for i, v in enumerate(self.list(key))]

    def ints(self, key: str) -> List[int]:
        return [self.check(v, int, f"{key}[{i}]") for i, v in enumerate(self.list(key))]

    def enum(self, key: str, kind: type[Phase] | type[Step]) -> Any:
        value = self.get(key, str)
        try:
            return kind(value)
        except ValueError:
            allowed = ", ".join(m.value for m in kind)
            raise PositionError(Problem.of(ErrorCode.POSITION_ONE_OF, where=f"{self.where}.{key}",
                                           allowed=allowed, got=show_value(value))) from None


def show_value(value: Any) -> str | Problem:
    """A short description of an untrusted value for messages (never thousands of digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**40:
        digits = int(value.bit_length() * 0.30103) + 1
        return Problem.of(ErrorCode.POSITION_BIG_NUMBER, digits=digits)
    if isinstance(value, list | dict | tuple):  # (repr could recurse without end)
        return Problem.of(ErrorCode.POSITION_SIZED, kind=type(value).__name__, n=len(value))
    if isinstance(value, str | bytes) and len(value) > 40:
        return Problem.of(ErrorCode.POSITION_LONG_TEXT, kind=type(value).__name__, n=len(value))
    return f"{value!r:.40}"
