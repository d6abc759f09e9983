"""A widget that scrolls its page: after a click changes what comes next, the page shows it.

ipywidgets has no way to scroll a page, so this small anywidget view (anywidget is one of the
app's dependencies) does: :meth:`Scroller.scroll_to` sends a CSS selector, and the browser
scrolls the first element matching it inside the same app (``.pt-app``) into view. The widget
itself takes no room.
"""

from __future__ import annotations

import anywidget
import traitlets

__all__ = ["Scroller"]

_ESM = """
function render({ model, el }) {
  el.classList.add("pc-scroller");
  const go = () => {
    const target = model.get("target");
    const app = el.closest(".pt-app") || document;
    const node = target ? app.querySelector(target) : null;
    if (node) node.scrollIntoView({ block: model.get("block"), behavior: "auto" });
  };
  // New widgets drawn by the same click appear a moment later: scroll now and once more.
  const later = () => { requestAnimationFrame(go); setTimeout(go, 250); };
  model.on("change:request", later);
}
export default { render };
"""


class Scroller(anywidget.AnyWidget):  # type: ignore[misc]
    """Scrolls the page to ``target`` each time :meth:`scroll_to` is called."""

    _esm = _ESM
    target = traitlets.Unicode("").tag(sync=True)
    block = traitlets.Unicode("start").tag(sync=True)
    request = traitlets.Int(0).tag(sync=True)

    def __init__(self) -> None:
        super().__init__()
        self.layout.height = "0px"
        self.layout.margin = "0px"

    def scroll_to(self, selector: str, block: str = "start") -> None:
        """Ask the browser to bring the first ``selector`` of this app into view."""
        self.target, self.block = selector, block
        self.request += 1
