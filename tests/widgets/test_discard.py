"""Replaced widgets are closed, but not while a browser may still be drawing them."""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from precog.widgets import common


def test_a_replaced_widget_stays_open_until_it_has_been_off_the_page_a_while(
        monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [1000.0]
    monkeypatch.setattr(common.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(common, "_replaced", [])
    inner = widgets.Button()
    row = widgets.HBox([inner])
    common.discard([row])
    assert row.comm is not None and inner.comm is not None  # a view may still be in the making
    clock[0] += common.CLOSE_AFTER_S - 1
    common.discard([])
    assert row.comm is not None
    clock[0] += 2
    common.discard([])
    assert row.comm is None and inner.comm is None  # closed, with what it held
    assert common._replaced == []  # nothing else waits
