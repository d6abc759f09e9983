"""Layouts and styles shared by a page's widgets: fewer widget models for the browser to make
before it can draw the page.

Every ipywidgets widget comes with a Layout and most with a Style, each a widget model of its
own that the browser creates before drawing anything: two thirds of a page's models. Widgets
whose layouts (or styles) hold the same values can share one (ipywidgets allows it), so a page
calls :func:`share_parts` once it is built: every layout and style of equal values becomes
one model, which may no longer be changed. A widget whose layout or style changes later
(shown, hidden) changes it through :func:`own_layout` (or :func:`own_style`), which first gives
it one of its own.

>>> import ipywidgets as widgets
>>> row = widgets.HBox([widgets.HTML("a"), widgets.HTML("b")])
>>> share_parts(row)
>>> row.children[0].layout is row.children[1].layout
True
>>> own_layout(row.children[0]).display = "none"
>>> row.children[1].layout.display is None
True
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

PARTS = ("layout", "style")


class _Frozen:
    """A layout or style shared by several widgets: changing it would change them all."""

    _frozen = False

    def __setattr__(self, name: str, value: Any) -> None:
        if self._frozen and name in getattr(self, "keys", ()):
            raise AttributeError(f"{name} of a shared {type(self).__name__}: change it through "
                                 "own_layout(widget) or own_style(widget)")
        super().__setattr__(name, value)


_kinds: dict[type, type] = {}
_made: dict[tuple[type, str], widgets.Widget] = {}


def is_shared(part: object) -> bool:
    return isinstance(part, _Frozen)


def _values(part: widgets.Widget) -> dict[str, Any]:
    return {k: getattr(part, k) for k in part.keys if not k.startswith("_")}


def _shared(part: widgets.Widget) -> widgets.Widget:
    """The frozen model holding ``part``'s values (made once per kernel, anew if closed)."""
    values = _values(part)
    key = (type(part), repr(sorted(values.items())))
    found = _made.get(key)
    if found is None or found.comm is None:
        base = type(part)
        kind = _kinds.setdefault(base, type(f"Shared{base.__name__}", (_Frozen, base),
                                            {"base": base}))
        found = kind(**values)
        found._frozen = True
        _made[key] = found
    return found


def share_parts(root: widgets.Widget) -> None:
    """Give every widget under ``root`` (``root`` too, and the widgets they hold off the page)
    the shared layout and style of its values; the models they had are closed."""
    todo, seen = [root], set()
    while todo:
        widget = todo.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        for name in PARTS:
            part = getattr(widget, name, None)
            if isinstance(part, widgets.Widget) and not is_shared(part):
                setattr(widget, name, _shared(part))
                part.close()
        todo.extend(_held(widget))


def _held(widget: widgets.Widget) -> list[widgets.Widget]:
    """The widgets ``widget`` shows or holds (kept off the page until needed: they are sent
    to the browser all the same)."""
    found = [c for c in getattr(widget, "children", ()) if isinstance(c, widgets.Widget)]
    for value in vars(widget).values():
        items = value.values() if isinstance(value, dict) else (
            value if isinstance(value, (list, tuple)) else (value,))
        found += [item for item in items if isinstance(item, widgets.DOMWidget)]
    return found


def own_layout(widget: widgets.DOMWidget) -> widgets.Layout:
    """``widget``'s layout, its own (a copy of the shared one) before it is changed."""
    return _own(widget, "layout")


def own_style(widget: widgets.DOMWidget) -> Any:
    """``widget``'s style, its own (a copy of the shared one) before it is changed."""
    return _own(widget, "style")


def _own(widget: widgets.DOMWidget, name: str) -> Any:
    part = getattr(widget, name)
    if is_shared(part):
        setattr(widget, name, part.base(**_values(part)))
    return getattr(widget, name)
