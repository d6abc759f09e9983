"""Layouts and styles shared by a page's widgets (one model each for the browser)."""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from precog.widgets.common import _close_all
from precog.widgets.play import PlayApp
from precog.widgets.shared import is_shared, own_layout, share_parts


def _parts(root: widgets.Widget) -> list[widgets.Widget]:
    found, todo = [], [root]
    while todo:
        w = todo.pop()
        found += [p for p in (getattr(w, "layout", None), getattr(w, "style", None)) if p]
        todo.extend(getattr(w, "children", ()))
    return found


def test_equal_layouts_and_styles_become_one_model_each() -> None:
    boxes = [widgets.Text(layout={"width": "9em"}) for _ in range(3)]
    other = widgets.Text(layout={"width": "4em"})
    row = widgets.HBox([*boxes, other])
    share_parts(row)
    assert len({id(b.layout) for b in boxes}) == 1 and len({id(b.style) for b in boxes}) == 1
    assert boxes[0].layout.width == "9em" and other.layout.width == "4em"
    assert other.layout is not boxes[0].layout
    assert all(is_shared(p) for p in _parts(row))


def test_a_shared_layout_refuses_a_change_that_would_reach_every_widget_sharing_it() -> None:
    row = widgets.HBox([widgets.HTML("a"), widgets.HTML("b")])
    share_parts(row)
    with pytest.raises(AttributeError):
        row.children[0].layout.display = "none"
    own_layout(row.children[0]).display = "none"
    assert row.children[0].layout.display == "none" and row.children[1].layout.display is None


def test_closing_a_replaced_widget_keeps_the_layouts_others_share() -> None:
    kept, gone = widgets.HTML("kept"), widgets.HTML("gone")
    share_parts(widgets.HBox([kept, gone]))
    _close_all([gone])
    assert gone.comm is None and kept.layout.comm is not None and kept.style.comm is not None


def test_the_play_page_shares_its_layouts_and_a_hidden_seat_is_shown_on_its_own() -> None:
    app = PlayApp(players=2, seed=3, bot="Random", background=False)
    assert all(is_shared(p) for p in _parts(app))
    app.setup_bar.players_in.value = 4  # bots at seats 1-3 shown: each its own layout
    assert [b.layout.display for b in app.setup_bar.bot_in] == ["none", "", "", ""]
