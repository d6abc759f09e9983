"""A widget that tells the kernel its page is drawn.

A page that starts work of its own in a thread (the explorer's first analysis) must not change
its widgets while the browser is still loading them: the browser asks the kernel for every
widget's state once, then creates the widgets one by one, and an update the kernel sends in
between is for a widget the page does not have yet, so it is dropped and the page keeps the old
state (the explorer once said "Done" over an empty table). This is the race of
voila-dashboards/voila#1101 ("updates that happen before the full state is sent"); ipywidgets
has no event for "drawn in a browser", so this small anywidget view says it: Voila draws a
widget only once every widget of the page is loaded, and then the view sets ``shown``.

Anywhere without a browser (a script, a test, nbval) ``shown`` never comes: whoever waits for
it waits a bounded time.
"""

from __future__ import annotations

import threading

import anywidget
import traitlets

__all__ = ["PageShown"]

_ESM = """
function render({ model, el }) {
  el.classList.add("pc-shown");
  if (!model.get("shown")) { model.set("shown", true); model.save_changes(); }
}
export default { render };
"""


class PageShown(anywidget.AnyWidget):  # type: ignore[misc]
    """Takes no room; :attr:`event` is set the first time a browser draws it."""

    _esm = _ESM
    shown = traitlets.Bool(False).tag(sync=True)

    def __init__(self) -> None:
        super().__init__()
        self.layout.height = "0px"
        self.layout.margin = "0px"
        self.event = threading.Event()
        self.observe(self._changed, names="shown")

    def _changed(self, change: dict[str, object]) -> None:
        if change["new"]:
            self.event.set()
