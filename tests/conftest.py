"""Options shared by the whole test suite.

``--many`` runs the long local variants: 100,000 random playouts instead of about 1,000, and the
"many" hypothesis profile (2,000 examples per property instead of 100).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

# One process an analysis: the unit tests already run two at once (pytest -n 2), and the tests
# of the helpers (tests/analysis/test_cores.py) ask for their own; the browser tests' app finds
# its cores as a player's would (tests/browser/conftest.py).
os.environ.setdefault("PRECOG_CORES", "1")

settings.register_profile("ci", max_examples=100, deadline=None)
settings.register_profile("many", max_examples=2_000, deadline=None)
settings.load_profile("ci")  # `--hypothesis-profile NAME` still chooses another


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--many", action="store_true", default=False,
                     help="run the long local variants (100,000 random playouts, 2,000 "
                          "hypothesis examples per property)")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--many"):
        settings.load_profile("many")
