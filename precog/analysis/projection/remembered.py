"""Projections remembered while a search asks for the same Boat again and again.

A look-ahead search values every line's end with
:func:`~precog.analysis.projection.evaluation.evaluate`; in the team and cooperative modes
that projects every Boat of the table, and most of those Boats are the same from one line to
the next (only the searching seat's plan changes). The
projection of a Boat is a pure function of the Boat, the round and phase, the component set
(its Machine Rooms) and the weights, so it is computed once and looked up after.

The component set and the weights are held by identity: each entry keeps the objects it was
computed with and a lookup checks them with ``is``, so an entry never answers for another
component set or other weights that happen to reuse a freed object's address. A table holds at
most :data:`LIMIT` entries and is emptied when full (one decision's searches ask for a few
thousand; the memory stays bounded however long a process runs, a Binder kernel's too).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

LIMIT = 20_000
"""Entries a table holds before it is emptied (a full table holds about 8 MB: 66,000 entries
of a 4-player cooperative game's first two rounds held 26 MB, measured)."""


class Remembered:
    """A bounded table of values, each kept with the objects it was computed from."""

    __slots__ = ("limit", "values")

    def __init__(self, limit: int = LIMIT) -> None:
        self.values: dict[Hashable, tuple[Any, Any, Any]] = {}
        self.limit = limit

    def get(self, key: Hashable, components: object, weights: object) -> Any:
        """The value stored under ``key`` with these very objects, or None."""
        found = self.values.get(key)
        if found is None or found[0] is not components or found[1] is not weights:
            return None
        return found[2]

    def put(self, key: Hashable, components: object, weights: object, value: Any) -> Any:
        """Store ``value`` (returned) under ``key``, emptying a full table first."""
        if len(self.values) >= self.limit:
            self.values.clear()
        self.values[key] = (components, weights, value)
        return value

    def clear(self) -> None:
        self.values.clear()
