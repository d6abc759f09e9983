"""HTML for a position, used by ``GameState._repr_html_`` in notebooks.

Pure functions of engine values: no IPython or widget imports.
"""

from __future__ import annotations

from html import escape

from precog.engine.render import render_text
from precog.engine.state import GameState


def state_html(state: GameState) -> str:
    """A compact HTML view of ``state`` (the text rendering in a styled block)."""
    return ("<pre class='precog-state' style='font-size:12px;line-height:1.35'>"
            f"{escape(render_text(state))}</pre>")
