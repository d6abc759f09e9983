"""A fast ``dataclasses.replace`` for the engine's frozen, slotted state classes.

States are copied several times per move, and ``dataclasses.replace`` (keyword arguments,
``__init__``, one ``object.__setattr__`` call per field) dominated the engine's profile. Here
each class gets a generated copier that fills a *draft* object - a plain class with the very
same ``__slots__`` layout - by ordinary attribute stores, then turns it into an instance of
the frozen class by assigning ``__class__`` (allowed because the layouts are identical). The
result is a normal frozen instance: later assignments raise ``FrozenInstanceError``.

Fields whose name starts with ``_`` are caches: a copy resets them to ``None``.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")
_MISSING = object()
_COPIERS: dict[type, Any] = {}


def _make_copier(cls: type) -> Any:
    names = [f.name for f in dataclasses.fields(cls)]
    if tuple(names) != tuple(getattr(cls, "__slots__", ())):
        raise TypeError(f"{cls.__name__} must be a slotted dataclass to use fastcopy")
    draft = type(f"{cls.__name__}Draft", (object,), {"__slots__": tuple(names)})
    lines = [f"def copy(o, {', '.join(f'{n}=_M' for n in names)}):", "    n = _new(_Draft)"]
    for n in names:
        value = "None" if n.startswith("_") else f"o.{n}"
        lines.append(f"    n.{n} = {value} if {n} is _M else {n}")
    lines += ["    n.__class__ = _C", "    return n"]
    namespace: dict[str, Any] = {"_M": _MISSING, "_new": object.__new__, "_C": cls,
                                 "_Draft": draft}
    exec("\n".join(lines), namespace)  # code generated from the class's own field names
    return namespace["copy"]


def replace(obj: T, **changes: Any) -> T:
    """Like :func:`dataclasses.replace` for the engine's frozen dataclasses, only faster."""
    try:
        copier = _COPIERS[type(obj)]
    except KeyError:
        copier = _COPIERS[type(obj)] = _make_copier(type(obj))
    result: T = copier(obj, **changes)
    return result
