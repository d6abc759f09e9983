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
EXPLORER = "/voila/render/notebooks/explorer.ipynb"
ROWS = ".pc-ranking tr[data-action]"


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


def _fit_for(box_fingerprint: str) -> str:
    """The shipped fit re-labelled as made on this box (as fit_evaluation.py --box writes)."""
    from precog.analysis.fitted import value

    text = (Path(value.__file__).resolve().parents[2] / "data" / value.FIT_FILE).read_text(
        encoding="utf-8")
    return text.replace("[fit]\n", f'[fit]\nbox = "{box_fingerprint}"\n', 1)


def test_a_box_entered_in_part_is_saved_and_analysed_in_the_explorer_with_its_fit(
        app_url: str, page: Page, watch: PageWatch, tmp_path: Path) -> None:
    # as a player would: two cards and two River tiles typed in, the rest left unknown
    page.goto(app_url + BOX)
    page.locator(".pc-box-progress-text", has_text="0 of 24").wait_for()
    _type_card(page, "Food", "1", "1", "3", "human 1")
    page.locator(".pc-box-enter").click()
    page.locator(".pc-box-progress-text", has_text="1 of 24").wait_for()
    page.locator(".pc-box-type select").select_option("Battery")
    page.locator(".pc-box-season select").select_option("2")  # face unknown: type and season
    page.locator('.pc-box-drawing .pc-note').wait_for()
    page.locator(".pc-box-enter").click()
    page.locator(".pc-message-box .pc-msg-ok", has_text="D02").wait_for()
    page.locator(".pc-box-river-season select").select_option("1")
    for name, effect in (("Fish shoal", "food 3"), ("Drifting crate", "battery 1")):
        page.locator(".pc-box-river-name input").fill(name)
        page.locator(".pc-box-river-name input").press("Tab")
        page.locator(".pc-box-river-effect input").fill(effect)
        page.locator(".pc-box-river-effect input").press("Tab")
        page.locator(".pc-box-enter-tile").click()
        page.locator(".pc-message-box .pc-msg-ok", has_text="Entered W1").wait_for()
    page.locator(".pc-box-river-progress", has_text="2 of 12").wait_for()
    screenshot(page, "box-editor-river")
    with page.expect_download() as download:
        page.locator(".pc-box-download").click()
    saved = tmp_path / "my_box.toml"
    download.value.save_as(saved)
    box = load_box(saved)
    assert box.river_by_id["W1a"].name == "Fish shoal"
    assert box.river_by_id["W1b"].name == "Drifting crate"
    assert "D02" in box.unknown and box.cards["D01"].gain == 3
    # the explorer: the box loaded from its tab, a position dealt on it and analysed
    page.goto(app_url + EXPLORER)
    page.locator(ROWS).first.wait_for()
    # the set is named in the "How this was measured" fold under the table
    page.locator(".pc-ref-note", has_text="the reference set").wait_for(state="attached")
    page.get_by_role("tab", name="Your box").click()
    with page.expect_file_chooser() as chooser:
        page.locator(".pc-box-source-upload").click()
    chooser.value.set_files(str(saved))
    page.locator(".pc-box-source-status", has_text="your box my box").wait_for()
    note = page.locator(".pc-box-note", has_text="not the reference set")
    note.wait_for(timeout=180_000)
    assert "Your fit file" in note.inner_text() and "scripts/" not in note.inner_text()
    assert page.locator(ROWS).count() >= 2
    screenshot(page, "explorer-your-box")
    # your own fit for that box (as scripts/fit_evaluation.py --box ... --out writes it)
    fit = tmp_path / "my_fit.toml"
    fit.write_text(_fit_for(box.fingerprint), encoding="utf-8")
    with page.expect_file_chooser() as chooser:
        page.locator(".pc-box-fit-upload").click()
    chooser.value.set_files(str(fit))
    page.locator(".pc-box-source-status", has_text="your own fit made on this box").wait_for()
    page.locator(".pc-analyse").click()
    page.locator(".pc-box-note", has_text="your own fit made on this box").wait_for(
        timeout=180_000)
    screenshot(page, "explorer-your-box-your-fit")
    watch.check()
