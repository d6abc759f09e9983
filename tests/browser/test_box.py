"""The box editor page in Chromium: cards entered by clicks and typing, drawn live, a field
that does not fit named, the box saved as a file and loaded back."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from precog.engine.box import load_box
from tests.browser.helpers import PageWatch, screenshot

pytestmark = pytest.mark.browser

BOX = "/voila/render/notebooks/box.ipynb"


def _type_card(page: Page, kind: str, season: str, cost: str, gain: str, bonus: str = "") -> None:
    page.locator(".pc-box-type select").select_option(kind)
    page.locator(".pc-box-season select").select_option(season)
    for field, value in (("cost", cost), ("gain", gain), ("bonus", bonus)):
        box = page.locator(f".pc-box-{field} input")
        box.fill(value)
        box.press("Tab")  # the kernel sees the value as it is typed or when the field is left


def test_cards_are_entered_by_typing_saved_and_loaded_back(
        app_url: str, page: Page, watch: PageWatch, tmp_path: Path) -> None:
    page.goto(app_url + BOX)
    page.locator(".pc-box-progress-text", has_text="0 of 24").wait_for()
    _type_card(page, "Food", "1", "1", "3", "human 1")
    page.locator('.pc-box-drawing [data-card="D01"]').wait_for()  # drawn as typed
    screenshot(page, "box-editor-typing")
    page.locator(".pc-box-enter").click()
    page.locator(".pc-box-progress-text", has_text="Tal Defitia: 1 of 24").wait_for()
    # the next card: a Cost that does not fit is named, and nothing is entered
    _type_card(page, "Human", "2", "12", "2")
    page.locator('.pc-field-error[data-field="cost"]').wait_for()
    page.locator(".pc-box-enter").click()
    page.locator(".pc-message-box .pc-msg-error").wait_for()
    page.locator(".pc-box-cost input").fill("X")
    page.locator(".pc-box-cost input").press("Tab")
    page.locator('.pc-field-error[data-field="cost"]').wait_for(state="detached")
    page.locator(".pc-box-enter").click()
    page.locator(".pc-box-progress-text", has_text="2 of 24").wait_for()
    screenshot(page, "box-editor")
    with page.expect_download() as download:
        page.locator(".pc-box-download").click()
    saved = tmp_path / "my_box.toml"
    download.value.save_as(saved)
    box = load_box(saved)
    assert box.cards["D01"].bonus.human == 1 and box.cards["D02"].cost is None
    # a fresh page, then the saved file loaded into it
    page.goto(app_url + BOX)
    page.locator(".pc-box-progress-text", has_text="0 of 24").wait_for()
    with page.expect_file_chooser() as chooser:
        page.locator(".pc-box-upload").click()
    chooser.value.set_files(str(saved))
    page.locator(".pc-box-progress-text", has_text="2 of 24").wait_for()
    page.locator(".pc-message-box .pc-msg-ok").wait_for()
    watch.check()


def test_the_box_page_speaks_russian(app_url: str, page: Page, watch: PageWatch) -> None:
    page.goto(app_url + BOX + "?lang=ru")
    page.locator(".pc-box-progress-text", has_text="введено 0 из 24 карт").wait_for()
    watch.check()
