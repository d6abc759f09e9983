"""A fast ``dataclasses.replace`` for the engine's frozen, slotted state classes.

States are copied several times per move, and ``dataclasses.replace`` (keyword arguments,
``__init__``, one ``object.__setattr__`` call per field) dominated the engine's profile. Here
each class and each set of changed fields gets a generated copier that fills a *draft* object
- a plain class with the very same ``__slots__`` layout - by ordinary attribute stores (the
changed fields from the arguments, the others from the original, no test per field), then
turns it into an instance of the frozen class by assigning ``__class__`` (allowed because the
layouts are identical). The result is a normal frozen instance: later assignments raise
``FrozenInstanceError``. The draft is made by calling its class (``Draft()``, whose
``__init__`` is ``object.__init__``): about 50 ns less a copy than ``object.__new__(Draft)``,
whose wrapper checks its argument.

The draft class is a subclass of the frozen class that adds no slots and stores attributes
the plain way (``object.__setattr__``). CPython then accepts the ``__class__`` assignment by
walking from the subclass to its base (one comparison of sizes); a draft that repeated the
slots in a class of its own had them compared name by name at every copy (about 40 ns, a
sixth of a position's copy).

Fields whose name starts with ``_`` are caches: a copy resets them to ``None``. A field whose
metadata holds :data:`DERIVED` is computed from other fields: a copy that changes one of
them computes it again (the expression written into the copier, no call), any other copy
copies it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
DERIVED = "fastcopy.derived"
"""Field metadata key: ``(sources, expression, names)`` for a field whose value is the Python
``expression`` reading the object as ``self`` and only the fields named in ``sources``, with
the global ``names`` it uses (the class computes it in ``__post_init__`` as well)."""
_DRAFTS: dict[type, tuple[tuple[str, ...], type]] = {}
_COPIERS: dict[tuple[type, tuple[str, ...]], Any] = {}
_MOST_COPIERS = 4096  # sets of changed fields are few (the engine's own calls): a bound


def _draft(cls: type) -> tuple[tuple[str, ...], type]:
    """The class's field names and its draft class (one per class)."""
    known = _DRAFTS.get(cls)
    if known is None:
        names = tuple(f.name for f in dataclasses.fields(cls))
        if names != tuple(getattr(cls, "__slots__", ())):
            raise TypeError(f"{cls.__name__} must be a slotted dataclass to use fastcopy")
        draft = type(f"{cls.__name__}Draft", (cls,), {
            "__slots__": (), "__init__": object.__init__,
            "__setattr__": object.__setattr__, "__delattr__": object.__delattr__})
        known = _DRAFTS[cls] = (names, draft)
    return known


def _derived(cls: type, changed: tuple[str, ...]) -> dict[str, tuple[str, dict[str, Any]]]:
    """The derived fields of ``cls`` that a copy changing ``changed`` computes again, with
    their expressions and the names these use (a derived field itself cannot be given)."""
    again: dict[str, tuple[str, dict[str, Any]]] = {}
    for f in dataclasses.fields(cls):
        if DERIVED in f.metadata:
            if f.name in changed:
                raise TypeError(f"{cls.__name__}.{f.name} is derived from other fields")
            sources, expression, names = f.metadata[DERIVED]
            if any(source in changed for source in sources):
                again[f.name] = (expression, names)
    return again


def _fill(names: tuple[str, ...], changed: tuple[str, ...],
          derived: dict[str, tuple[str, dict[str, Any]]],
          given: Callable[[str], str]) -> list[str]:
    """The lines that fill the draft ``n`` from the original ``o``: ``given(name)`` for a
    changed field, nothing for a cache, the derived fields last (their expressions, reading
    the filled draft as ``self``)."""
    lines = []
    for name in names:
        if name in derived:
            continue
        value = given(name) if name in changed else "None" if name.startswith("_") else (
            f"o.{name}")
        lines.append(f"    n.{name} = {value}")
    if derived:
        lines.append("    self = n")
    lines += [f"    n.{name} = {expression}" for name, (expression, _) in derived.items()]
    return lines


def _namespace(cls: type, draft: type,
               derived: dict[str, tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    """The globals of a generated function: the class, its draft, the names that the derived
    fields' expressions use."""
    namespace: dict[str, Any] = {"_C": cls, "_Draft": draft}
    for _, names in derived.values():
        namespace.update(names)
    return namespace


def _make_copier(cls: type, changed: tuple[str, ...]) -> Any:
    names, draft = _draft(cls)
    unknown = [n for n in changed if n not in names]
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")
    derived = _derived(cls, changed)
    lines = ["def copy(o, c):", "    n = _Draft()"]
    lines += _fill(names, changed, derived, lambda name: f"c[{name!r}]")
    lines += ["    n.__class__ = _C", "    return n"]
    namespace = _namespace(cls, draft, derived)
    _run(lines, namespace, f"<replace {cls.__name__} {' '.join(changed)}>")
    return namespace["copy"]


def _run(lines: list[str], namespace: dict[str, Any], name: str) -> None:
    """Define the function in ``lines`` (code generated from the class's own field names) in
    ``namespace``, under a file name saying what it copies (as profiles and tracebacks show
    it)."""
    exec(compile("\n".join(lines), name, "exec"), namespace)


def replace(obj: T, **changes: Any) -> T:
    """Like :func:`dataclasses.replace` for the engine's frozen dataclasses, only faster."""
    return replace_with(obj, changes)


def replace_with(obj: T, changes: dict[str, Any]) -> T:
    """:func:`replace` with the changes given as a dictionary (which it does not keep)."""
    key = (type(obj), tuple(changes))
    try:
        copier = _COPIERS[key]
    except KeyError:
        if len(_COPIERS) >= _MOST_COPIERS:
            _COPIERS.clear()
        copier = _COPIERS[key] = _make_copier(*key)
    result: T = copier(obj, changes)
    return result


def maker(cls: type[T]) -> Callable[..., T]:
    """A positional constructor for ``cls`` that fills its draft the same way: one value per
    field, in field order (caches included), without ``__init__``'s ``object.__setattr__`` per
    field. For hot paths that build many small frozen values (a :class:`Gains` each step)."""
    names, draft = _draft(cls)
    _derived(cls, names)  # every field is given: a class with a derived field is refused
    lines = [f"def make({', '.join(names)}):", "    n = _Draft()"]
    lines += [f"    n.{n} = {n}" for n in names]
    lines += ["    n.__class__ = _C", "    return n"]
    namespace: dict[str, Any] = {"_C": cls, "_Draft": draft}
    _run(lines, namespace, f"<make {cls.__name__}>")
    make: Callable[..., T] = namespace["make"]
    return make


def updater(cls: type[T], *changed: str) -> Callable[..., T]:
    """``replace(obj, **dict(zip(changed, values)))`` as a function of ``(obj, *values)``,
    generated once for a hot call site (no keyword arguments, no lookup per call)."""
    names, draft = _draft(cls)
    unknown = [n for n in changed if n not in names]
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")
    derived = _derived(cls, changed)
    lines = [f"def update(o, {', '.join(changed)}):", "    n = _Draft()"]
    lines += _fill(names, changed, derived, lambda name: name)
    lines += ["    n.__class__ = _C", "    return n"]
    namespace = _namespace(cls, draft, derived)
    _run(lines, namespace, f"<update {cls.__name__} {' '.join(changed)}>")
    update: Callable[..., T] = namespace["update"]
    return update
