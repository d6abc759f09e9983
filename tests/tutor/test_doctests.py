"""The runnable examples in the tutor's docstrings."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["precog.tutor", "precog.tutor.data", "precog.tutor.glossary", "precog.tutor.numbers",
           "precog.tutor.positions", "precog.tutor.progress", "precog.tutor.quizzes",
           "precog.tutor.runner", "precog.tutor.text", "precog.tutor.words",
           "precog.widgets.tutor"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
