"""A pick from options the page no longer has is dropped, not a TraitError in the kernel."""

from __future__ import annotations

import ipywidgets as widgets
import pytest
from traitlets import TraitError

from precog.widgets.dropdown import Dropdown, SelectMultiple


def test_stock_ipywidgets_raise_on_a_pick_from_shrunk_options() -> None:
    stock = widgets.Dropdown(options=[0, 1, 2, 3], value=0)
    stock.options = [0, 1]
    with pytest.raises(TraitError):
        stock.set_state({"index": 3})


def test_a_pick_from_options_no_longer_shown_is_ignored() -> None:
    seats = Dropdown(options=[0, 1, 2, 3], value=2)
    seats.options = [0, 1]
    seats.value = 1
    seats.set_state({"index": 3})
    assert (seats.index, seats.value) == (1, 1)


def test_a_pick_within_the_options_is_taken() -> None:
    seats = Dropdown(options=[0, 1, 2], value=0)
    seats.set_state({"index": 2})
    assert seats.value == 2


def test_a_multiple_pick_with_a_choice_no_longer_shown_is_ignored() -> None:
    compare = SelectMultiple(options=["a", "b", "c"])
    compare.options = ["a"]
    compare.set_state({"index": [0, 2]})
    assert compare.value == ()
    compare.set_state({"index": [0]})
    assert compare.value == ("a",)


def _messages_when_options_shrink(select: widgets.SelectMultiple) -> list[object]:
    select.value = ("b", "c")
    sent: list[object] = []
    select.send_state = lambda key=None: sent.append(  # type: ignore[method-assign]
        sorted(key) if isinstance(key, set | list | tuple) else key)
    select.options = ["a"]
    return sent


def test_shrunk_options_and_their_cleared_picks_reach_the_page_in_one_message() -> None:
    # stock ipywidgets sends the labels first: its view then marks old picks 1 and 2 among one
    # option ("Cannot set properties of undefined (setting 'selected')" in the browser)
    stock = _messages_when_options_shrink(widgets.SelectMultiple(options=["a", "b", "c"]))
    assert stock == ["_options_labels", "index"]
    ours = _messages_when_options_shrink(SelectMultiple(options=["a", "b", "c"]))
    assert ours == [["_options_labels", "index"]]
