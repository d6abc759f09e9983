"""Selection widgets that drop a pick made from options the page no longer shows.

When the kernel changes a selection's options (Play's seats when fewer players are chosen, the
explorer's seats for a new position and its choices to compare after an analysis), a quick
visitor can pick from the old list before the page has the new one. Stock ipywidgets then
raises ``TraitError: Invalid selection: index out of bounds`` in the kernel (found by the monkey
test). Here the stale pick is ignored and the page is sent the current choice again.

A multiple selection whose options shrink while some are picked made the browser log
"Cannot set properties of undefined (setting 'selected')": ipywidgets' ``SelectMultiple``
sends its new option labels and its cleared picks as two messages, and its browser view marks
the old picks among the new, shorter list in between (``SelectMultipleView.updateSelection``
in ``@jupyter-widgets/controls``, unguarded; the nearest upstream report is
jupyter-widgets/ipywidgets#3876, a ``SelectMultiple`` whose options setter leaves a view
out of step). Here both go in one message (``hold_sync``).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
from traitlets import observe


def _stale(index: Any, size: int) -> bool:
    picks = index if isinstance(index, list | tuple) else [index]
    return any(isinstance(i, int) and not 0 <= i < size for i in picks)


class _DropsStalePicks:
    options: Any

    def set_state(self, sync_data: dict[str, Any]) -> None:
        if _stale(sync_data.get("index"), len(self.options)):
            sync_data = {k: v for k, v in sync_data.items() if k != "index"}
            self.send_state("index")  # type: ignore[attr-defined]
        super().set_state(sync_data)  # type: ignore[misc]


class Dropdown(_DropsStalePicks, widgets.Dropdown):  # type: ignore[misc]
    """``ipywidgets.Dropdown``, stale picks dropped."""


class SelectMultiple(_DropsStalePicks, widgets.SelectMultiple):  # type: ignore[misc]
    """``ipywidgets.SelectMultiple``, stale picks dropped; new options and the cleared picks
    sent to the page together."""

    @observe("options")
    def _propagate_options(self, change: Any) -> None:
        with self.hold_sync():
            super()._propagate_options(change)
