"""The one stylesheet of precog's drawings (``board.css``), the icons' sprite, and the
attribute helper.

>>> attrs("seat0.food", "Food 8", labels=True)
' data-part="seat0.food" title="Food 8"'
>>> attrs("seat0.food", "Food 8", labels=False)
''
>>> attrs("seat0.food", "Food 8", labels=False, note="look here")
' data-hl="look here"'
"""

from __future__ import annotations

from functools import cache
from html import escape
from importlib import resources

from precog.render.icons import sprite


@cache
def css() -> str:
    """The stylesheet text (``precog/render/board.css``)."""
    return resources.files("precog.render").joinpath("board.css").read_text(encoding="utf-8")


@cache
def style_tag() -> str:
    """What a page needs once before any drawing: the stylesheet as a ``<style>`` element and
    the icons' sprite (:func:`precog.render.icons.sprite`); harmless when repeated."""
    return f"<style>{css()}</style>{sprite()}"


def attrs(part: str | None, title: str, labels: bool, note: str | None = None) -> str:
    """HTML attributes naming a part: with ``labels`` a ``data-part`` and a ``title`` tooltip;
    with a ``note`` (highlight) a ``data-hl`` the stylesheet rings and prints."""
    out = ""
    if labels and part:
        out += f' data-part="{escape(part)}" title="{escape(title)}"'
    if note is not None:
        out += f' data-hl="{escape(note)}"'
    return out
