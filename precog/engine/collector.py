"""Fewer garbage collections while a long search builds many objects that live on.

CPython's cyclic collector runs each time some hundreds more objects have been made than
freed, and every so often walks every object of the process. A look-ahead tree keeps most of
what it makes (its nodes, the positions they hold, its tables), so the collector walks a
growing heap again and again for little garbage: :func:`fewer_collections` lets the youngest
generation grow much larger for the length of a ``with`` block and restores the threshold
after. Nothing is left uncollected: the collector still runs, only less often.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

YOUNG_OBJECTS = 100_000
"""Objects made (net of those freed) between two collections of the youngest generation
inside :func:`fewer_collections` (CPython's own default is 700)."""


@contextmanager
def fewer_collections(young_objects: int = YOUNG_OBJECTS) -> Iterator[None]:
    """Collect garbage less often inside the block (the thresholds are restored after; a
    collector turned off, or already set to collect more rarely, is left alone)."""
    young, *older = gc.get_threshold()
    if not gc.isenabled() or young == 0 or young >= young_objects:
        yield
        return
    gc.set_threshold(young_objects, *older)
    try:
        yield
    finally:
        if gc.get_threshold()[0] == young_objects:  # not changed meanwhile by someone else
            gc.set_threshold(young, *older)
