"""The runnable examples in the session layer's docstrings (and the modules it reworked)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["precog.session.table", "precog.session.table_lines", "precog.session.play",
           "precog.session.explore",
           "precog.analysis.playing.players", "precog.engine.playout", "precog.tutor.choosing",
           "precog.session.lines", "precog.analysis.basics.edges", "precog.session.box",
           "precog.session.box_entries", "precog.session.box_file", "precog.session.marks"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0
