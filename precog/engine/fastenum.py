"""Enum members read as plain class attributes.

On Python 3.11 ``Phase.OVER`` goes through a descriptor that the ``enum`` module keeps in the
class for each member (a Python-level call each time: about as long as a whole small function
call); from Python 3.12 the class holds the member itself. The engine reads its phases and
steps at every step, so :func:`plain_members` stores each member in its class the way 3.12
does. Nothing else changes: the members, their names and values, lookups by value and
iteration are the enum module's own. That removes the descriptor, not the whole cost: on 3.11
a class attribute read still passes the enum metaclass's ``__getattr__`` hook (about 130 ns
against 15 ns for a module constant), so :mod:`precog.engine.state` also gives every phase and
step as a module constant (``PHASE_OVER``, ``STEP_GAINS``, ...) that the hot modules import by
name.
"""

from __future__ import annotations

from enum import Enum
from typing import TypeVar

E = TypeVar("E", bound=type[Enum])


def plain_members(cls: E) -> E:
    """``cls`` with every member stored in its class dictionary (a class decorator)."""
    for name, member in cls.__members__.items():
        if cls.__dict__.get(name) is not member:
            type.__setattr__(cls, name, member)
    return cls
