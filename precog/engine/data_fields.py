"""The readers every component file shares: where a value sits, and fields read with bounds.

This module holds the plumbing of :mod:`precog.engine.data_loading`: a parsed file
(``_Source``), the place of a value for messages (``_At``), TOML parsing of the raw bytes, and
the typed field readers (a table with known keys, a bounded int, a text, resource amounts, an
array, an entry named by its id, per-season counts), each raising :class:`DataError` naming the
file, the entry and the field, plus the bounds of the values they accept.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from precog.engine.errors import DataError
from precog.engine.problems import ErrorCode, Problem

SEASONS = (1, 2, 3)
MAX_VALUE = 9  # costs, gains, bonuses, effects
MAX_BANE = 12  # the Bane gauge
MAX_AMOUNT = 99  # objective requirements

_NOT_RESOURCES = frozenset(("heal", "doctor", "protector", "bane"))  # known, not Resources there
_ID = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,15}$")
_MISSING = object()


@dataclass(frozen=True, slots=True)
class _Source:
    label: str | Problem  # how messages name the file
    data: dict[str, object]


@dataclass(frozen=True, slots=True)
class _At:
    """Where a value sits, for messages: ``file: entry: field 'x' should be ..., got ...``."""

    file: str | Problem
    entry: str | Problem = ""  # a table's key, or a Problem naming an entry

    def error(self, what: Problem, got: object = None) -> DataError:
        problem = (Problem.of(ErrorCode.DATA_AT_ENTRY, file=self.file, entry=self.entry,
                              what=what) if self.entry
                   else Problem.of(ErrorCode.DATA_AT_FILE, file=self.file, what=what))
        return DataError(problem, input=got)

    def bad(self, field: str, expected: Problem, got: object) -> DataError:
        return self.error(Problem.of(ErrorCode.DATA_BAD_FIELD, field=field, expected=expected,
                                     got=_show(got)),
                          got)

    def sub(self, entry: str | Problem) -> _At:
        return _At(self.file, entry)


def _show(value: object) -> str | Problem:
    """How a message shows a value it got: the input itself, or a Problem describing it."""
    if value is _MISSING:
        return Problem.of(ErrorCode.GOT_MISSING)
    if isinstance(value, Problem):
        return value
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _parse(label: str | Problem, raw: bytes) -> dict[str, object]:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _At(label).error(Problem.of(ErrorCode.DATA_NOT_UTF8, offset=exc.start)) from None
    try:
        return tomllib.loads(text)
    except (ValueError, RecursionError) as exc:  # TOMLDecodeError is a ValueError
        raise _At(label).error(Problem.of(ErrorCode.DATA_NOT_TOML, detail=str(exc))) from None


# ---------------------------------------------------------------- field readers

def _fields(at: _At, value: object, allowed: tuple[str, ...], what: Problem
            ) -> dict[str, object]:
    """``value`` as a table whose keys are all in ``allowed`` (typos are caught here)."""
    if not isinstance(value, dict):
        raise at.error(Problem.of(ErrorCode.DATA_NOT_TABLE, what=what, got=_show(value)), value)
    for key in value:
        if key not in allowed:
            raise at.error(Problem.of(ErrorCode.DATA_UNKNOWN_FIELD, key=key, allowed=allowed,
                                      hint=_did_you_mean(key, allowed)), key)
    return value


def _did_you_mean(key: object, allowed: tuple[str, ...]) -> str | Problem:
    close = difflib.get_close_matches(str(key), allowed, n=1)
    return Problem.of(ErrorCode.GOT_DID_YOU_MEAN, close=close[0]) if close else ""


def _int(at: _At, table: dict[str, object], field: str, low: int, high: int) -> int:
    value = table.get(field, _MISSING)
    if type(value) is not int or not low <= value <= high:
        raise at.bad(field, Problem.of(ErrorCode.EXPECT_INT, low=low, high=high), value)
    return value


def _int_or_x(at: _At, table: dict[str, object], field: str) -> int | None:
    value = table.get(field, _MISSING)
    if value == "X":
        return None
    if type(value) is not int or not 0 <= value <= MAX_VALUE:
        raise at.bad(field, Problem.of(ErrorCode.EXPECT_INT_OR_X, high=MAX_VALUE), value)
    return value


def _text(at: _At, table: dict[str, object], field: str, expected: Problem,
          pattern: re.Pattern[str] | None = None, optional: bool = False,
          longest: int = 80) -> str:
    """A text field; an optional one may be absent or empty."""
    value = table.get(field, _MISSING)
    if optional and (value is _MISSING or value == ""):
        return ""
    if (not isinstance(value, str) or not value.strip() or len(value) > longest
            or (pattern is not None and not pattern.match(value))):
        raise at.bad(field, expected, value)
    return value


def _amounts(at: _At, table: dict[str, object], field: str, keys: tuple[str, ...],
             high: int = MAX_VALUE, nonempty: bool = False,
             not_resource: ErrorCode | None = None) -> dict[str, int]:
    """An inline table of resource amounts such as ``{ food = 2, human = 1 }``.

    With ``not_resource``, a kind the engine knows but that is no Resource here (a heal, a
    Ymune of a fixed role, Bane) raises that code rather than "unknown resource"."""
    value = table.get(field, _MISSING)
    if not isinstance(value, dict):
        raise at.bad(field, Problem.of(ErrorCode.EXPECT_AMOUNTS, names=keys, first=keys[0]), value)
    for key, amount in value.items():
        if key not in keys and not_resource is not None and key in _NOT_RESOURCES:
            raise at.error(Problem.of(not_resource, field=field, key=key, allowed=keys), key)
        if key not in keys:
            raise at.error(Problem.of(ErrorCode.DATA_UNKNOWN_RESOURCE, field=field, key=key,
                                      allowed=keys,
                                      hint=_did_you_mean(key, keys)), key)
        if type(amount) is not int or not 0 <= amount <= high:
            raise at.bad(f"{field}.{key}", Problem.of(ErrorCode.EXPECT_INT, low=0, high=high),
                         amount)
    result = {k: v for k, v in value.items() if v}
    if nonempty and not result:
        raise at.bad(field, Problem.of(ErrorCode.EXPECT_SOME_AMOUNTS, names=keys), value)
    return result


def _top(src: _Source, keys: tuple[str, ...], what: ErrorCode) -> tuple[_At, dict[str, object]]:
    """A file's top-level table: ``keys`` plus an optional ``label``."""
    at = _At(src.label)
    data = _fields(at, src.data, ("label", *keys), Problem.of(what))
    _text(at, data, "label", Problem.of(ErrorCode.EXPECT_TEXT, n=300), optional=True, longest=300)
    return at, data


def _array(at: _At, data: dict[str, object], field: str, what: ErrorCode) -> list[object]:
    value = data.get(field, _MISSING)
    if not isinstance(value, list):
        raise at.bad(field, Problem.of(ErrorCode.EXPECT_ARRAY, field=field, what=Problem.of(what)),
                     value)
    return value


def _entry_name(at: _At, kind: ErrorCode, index: int, raw: object,
                pattern: re.Pattern[str] = _ID) -> tuple[_At, dict[str, object]]:
    """Name an array entry by its id when it has a valid one, else by its position."""
    here = at.sub(Problem.of(ErrorCode.ENTRY_NUMBER, kind=Problem.of(kind), index=index))
    if not isinstance(raw, dict):
        raise here.error(Problem.of(ErrorCode.DATA_ENTRY_NOT_TABLE, got=_show(raw)), raw)
    ident = raw.get("id")
    if isinstance(ident, str) and pattern.match(ident):
        here = at.sub(Problem.of(ErrorCode.ENTRY_ID, kind=Problem.of(kind), id=ident))
    return here, raw


def _season_counts(at: _At, field: str, seasons: Iterable[int], per_season: int) -> None:
    counts = Counter(seasons)
    for season in SEASONS:
        if counts[season] != per_season:
            raise at.bad(field, Problem.of(ErrorCode.EXPECT_PER_SEASON, n=per_season),
                         Problem.of(ErrorCode.GOT_IN_SEASON, count=counts[season], season=season))
