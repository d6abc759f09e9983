"""The collector's thresholds inside and after :func:`fewer_collections`."""

from __future__ import annotations

import gc

import pytest

from precog.engine.collector import YOUNG_OBJECTS, fewer_collections


@pytest.fixture(autouse=True)
def default_thresholds() -> object:
    before, enabled = gc.get_threshold(), gc.isenabled()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*before)
    if enabled:
        gc.enable()


def test_the_youngest_generation_grows_inside_the_block_and_is_restored_after() -> None:
    with fewer_collections():
        assert gc.get_threshold() == (YOUNG_OBJECTS, 10, 10)
    assert gc.get_threshold() == (700, 10, 10)


def test_the_thresholds_are_restored_when_the_block_raises() -> None:
    with pytest.raises(KeyError), fewer_collections(5_000):
        raise KeyError("x")
    assert gc.get_threshold() == (700, 10, 10)


def test_a_collector_turned_off_or_set_rarer_is_left_alone() -> None:
    gc.disable()
    with fewer_collections():
        assert gc.get_threshold() == (700, 10, 10) and not gc.isenabled()
    gc.enable()
    gc.set_threshold(500_000, 10, 10)
    with fewer_collections():
        assert gc.get_threshold() == (500_000, 10, 10)
    assert gc.get_threshold() == (500_000, 10, 10)


def test_a_threshold_changed_inside_the_block_is_kept() -> None:
    with fewer_collections():
        gc.set_threshold(1_000, 10, 10)
    assert gc.get_threshold() == (1_000, 10, 10)
