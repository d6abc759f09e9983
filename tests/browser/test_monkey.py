"""A seeded monkey in the browser for 60 s: no Python error anywhere, undo/save/load still work.

Longer runs: ``scripts/monkey.py --minutes N --seed S`` (same code, tests/browser/monkey.py).
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser

from tests.browser.helpers import ARTIFACTS
from tests.browser.monkey import run
from tests.browser.server import Server

pytestmark = pytest.mark.browser

SECONDS = 60
SEED = 2026


def test_a_minute_of_random_clicks_raises_no_python_error_and_undo_save_load_still_work(
        browser: Browser, app_server: Server) -> None:
    figures = run(browser, app_server, SECONDS, SEED, page_seconds=SECONDS / 4)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "monkey.json").write_text(json.dumps(figures.as_json(), indent=1))
    print("\nmonkey:", figures.line())
    assert figures.pages >= 3, figures.line()  # Play, the explorer and a lesson
    assert figures.clicks >= 15, figures.line()  # the monkey did reach the controls
    assert figures.errors == [], "\n".join(figures.errors[:10])
    assert figures.end_check == "ok", figures.end_check
