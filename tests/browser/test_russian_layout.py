"""The Russian pages fit a 1024- and a 1400-pixel window: no column of the explorer's ranked table
or of Play's hint is cut off (Russian words are longer than English ones). Screenshots go to
``tests/artifacts/ru-layout-*.png``.
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page

from precog.engine import to_position
from precog.engine.playout import random_playout
from precog.session.words import words
from tests.browser.helpers import PageWatch, screenshot

pytestmark = pytest.mark.browser

SIZES = {"1400": (1400, 900), "1024": (1024, 768)}
RU = words("ru")
# The right edge of a table's last column, of the box that clips it (the nearest ancestor that
# hides or scrolls what overflows it) and of the window.
LAST_COLUMN_JS = """sel => {
  const table = document.querySelector(sel);
  if (!table) return null;
  const cells = table.querySelectorAll('tr:first-child > *');
  const last = cells[cells.length - 1].getBoundingClientRect();
  let clip = window.innerWidth;
  for (let el = table.parentElement; el; el = el.parentElement) {
    const style = getComputedStyle(el);
    if (style.overflowX !== 'visible') clip = Math.min(clip, el.getBoundingClientRect().right);
  }
  return {right: last.right, clip: clip, window: window.innerWidth};
}"""


def _last_column_fits(page: Page, selector: str) -> None:
    edges = page.evaluate(LAST_COLUMN_JS, selector)
    assert edges is not None, selector
    assert edges["right"] <= min(edges["clip"], edges["window"]) + 1, edges


@pytest.mark.parametrize("size", list(SIZES))
def test_the_russian_explorer_table_shows_its_last_column_whole(
        app_url: str, page: Page, watch: PageWatch, size: str) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    page.goto(app_url + "/voila/render/notebooks/explorer.ipynb?lang=ru")
    page.locator(".pc-ranking tr[data-action]").first.wait_for(timeout=120_000)
    page.wait_for_timeout(800)
    screenshot(page, f"ru-layout-explorer-{size}")
    _last_column_fits(page, ".pc-ranking")
    watch.check()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_russian_play_hint_shows_its_last_column_whole(
        app_url: str, page: Page, watch: PageWatch, size: str) -> None:
    state = random_playout(random.Random(3), stop_round=3, players=3, seed=3).final
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    page.goto(app_url + "/voila/render/notebooks/play.ipynb?lang=ru")
    page.locator(".pc-cardbtn").first.wait_for()
    page.get_by_role("tab", name=RU.say("play.tab_save")).click()
    page.get_by_placeholder(RU.say("play.paste_here")).fill(to_position(state))
    page.locator("button.pc-load", has_text=RU.say("play.load_pasted")).first.click()
    page.locator(".pc-msg-ok", has_text=RU.say("play.loaded", source="", round=3, seat=0)[2:20]
                 ).wait_for()
    page.locator(".pc-hint-ask").click()
    page.locator(".pc-hint-panel .pc-hint-table").wait_for()
    page.wait_for_timeout(500)
    screenshot(page, f"ru-layout-play-hint-{size}")
    _last_column_fits(page, ".pc-hint-panel .pc-hint-table")
    watch.check()


PAGES = {
    "table": ("/voila/render/notebooks/table.ipynb?lang=ru", ".pc-table-entry, .widget-tab"),
    "box": ("/voila/render/notebooks/box.ipynb?lang=ru", ".pc-box-progress-text"),
    "lesson": ("/voila/render/tutorials/lesson03.ipynb?lang=ru", ".pt-app"),
}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("name", list(PAGES))
def test_a_russian_page_is_no_wider_than_the_window(
        app_url: str, page: Page, watch: PageWatch, name: str, size: str) -> None:
    url, ready = PAGES[name]
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    page.goto(app_url + url)
    page.locator(ready).first.wait_for(state="visible", timeout=120_000)
    page.wait_for_timeout(1500)
    screenshot(page, f"ru-layout-{name}-{size}")
    wide = page.evaluate("""() => [...document.querySelectorAll('table')]
        .map(t => t.getBoundingClientRect().right)
        .filter(right => right > window.innerWidth + 1)""")
    assert wide == []
    watch.check()
