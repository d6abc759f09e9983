"""A fast ``dataclasses.replace`` for the engine's frozen, slotted state classes.

The standard ``replace`` rebuilds keyword arguments and runs ``__init__``; states are copied
several times per move, so this module generates, per class, a function that copies the slots
directly. Fields whose name starts with ``_`` are caches: they are reset, never copied.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")
_MISSING = object()
_COPIERS: dict[type, Any] = {}


def _make_copier(cls: type) -> Any:
    names = [f.name for f in dataclasses.fields(cls)]
    args = ", ".join(f"{n}=_M" for n in names)
    body = [f"def copy(o, {args}):", "    n = _new(_C)"]
    for n in names:
        value = "None" if n.startswith("_") else f"o.{n}"
        body.append(f"    _set(n, {n!r}, {value} if {n} is _M else {n})")
    body.append("    return n")
    namespace: dict[str, Any] = {"_M": _MISSING, "_new": object.__new__, "_C": cls,
                                 "_set": object.__setattr__}
    exec("\n".join(body), namespace)
    return namespace["copy"]


def replace(obj: T, **changes: Any) -> T:
    """Like :func:`dataclasses.replace` for the engine's frozen dataclasses, only faster."""
    try:
        copier = _COPIERS[type(obj)]
    except KeyError:
        copier = _COPIERS[type(obj)] = _make_copier(type(obj))
    result: T = copier(obj, **changes)
    return result
