"""The play page in Chromium: a whole round of choices made by clicking, bad input, the end."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Page

from precog.engine import to_position
from precog.engine.playout import random_playout
from precog.session.words import words
from tests.browser.helpers import PLOTS_INSIDE_JS, PageWatch, screenshot

pytestmark = pytest.mark.browser

PLAY = "/voila/render/notebooks/play.ipynb"


def _moves(page: Page) -> int:
    return int(page.locator(".pc-steps-bar").get_attribute("data-moves") or "0")


def _board_round(page: Page) -> int:
    return int(page.locator(".pc-board .pc-round b").first.inner_text())


def _click_and_wait(page: Page, locator_text: str) -> None:
    """Click the first control matching ``locator_text`` and wait for the game to move on."""
    before = _moves(page)
    page.locator(locator_text).first.click()
    page.wait_for_function(
        "n => +document.querySelector('.pc-steps-bar').dataset.moves !== n", arg=before)


def _make_one_choice(page: Page) -> None:
    """Make the decision on screen by clicking its first option (Keep then Give for cards)."""
    cards = page.locator(".pc-cardbtn")
    if cards.count():
        page.locator(".pc-cardbtn-hit").first.click()  # Keep
        page.locator(".pc-cardbtn-label", has_text="Give").first.wait_for()
        _click_and_wait(page, ".pc-cardbtn-hit")  # Give
    else:
        _click_and_wait(page, ".pc-choice")


def _open(page: Page, app_url: str, query: str = "") -> None:
    page.goto(app_url + PLAY + query)
    page.locator(".pc-cardbtn").first.wait_for()


def test_a_whole_round_is_played_by_clicks_and_the_board_follows(
        app_url: str, page: Page, watch: PageWatch) -> None:
    _open(page, app_url)
    assert _board_round(page) == 1
    assert re.sub(r"^\d+\s*", "", page.locator(".pc-step-now").inner_text()) == "Decision"
    screenshot(page, "play-start")
    seen_steps = set()
    for _ in range(40):
        if _board_round(page) == 2:
            break
        seen_steps.add(re.sub(r"^\d+\s*", "", page.locator(".pc-step-now").inner_text()))
        _make_one_choice(page)
    assert _board_round(page) == 2
    assert {"Decision", "Action"} <= seen_steps
    assert page.locator(".pc-log li").count() == _moves(page) > 3
    # the River's first tile is face up now, and the Action Zones have been cleared
    assert page.locator(".pc-river .pc-tile.pc-up").count() == 1
    screenshot(page, "play-round-2")
    watch.check()


def test_a_malformed_position_shows_a_message_and_the_game_is_kept(
        app_url: str, page: Page, watch: PageWatch) -> None:
    _open(page, app_url)
    _make_one_choice(page)
    moves = _moves(page)
    page.get_by_role("tab", name="Save / load").click()
    page.get_by_placeholder("Paste a position string").fill("pg1.this-is-not.a-position")
    page.get_by_role("button", name="Load pasted text").click()
    error = page.locator(".pc-load-message .pc-msg-error")  # under the Load button
    error.wait_for()
    assert error.inner_text().startswith("Load (pasted text): position string")
    assert _moves(page) == moves and page.locator(".pc-log li").count() == moves
    screenshot(page, "play-bad-position")
    page.get_by_role("button", name="Undo").click()
    page.wait_for_function(
        "n => +document.querySelector('.pc-steps-bar').dataset.moves < n", arg=moves)
    page.locator(".pc-cardbtn-label", has_text="Keep").first.wait_for()
    assert page.locator(".pc-cardbtn-label", has_text="Keep").count() >= 2
    watch.check()


def test_a_late_position_is_played_to_the_end_and_the_result_is_plotted(
        app_url: str, page: Page, watch: PageWatch) -> None:
    late = random_playout(random.Random(6), stop_round=12, players=3, seed=6).final
    _open(page, app_url)
    page.get_by_role("tab", name="Save / load").click()
    page.get_by_placeholder("Paste a position string").fill(to_position(late))
    page.get_by_role("button", name="Load pasted text").click()
    page.locator(".pc-msg-ok", has_text="loaded round 12").wait_for()
    assert _board_round(page) == 12
    for _ in range(40):
        if page.locator(".pc-result").count():
            break
        _make_one_choice(page)
    result = page.locator(".pc-result")
    result.wait_for()
    assert "How the winner is decided" in result.inner_text()
    page.locator(".js-plotly-plot .scatterlayer .trace").first.wait_for()
    assert page.locator(".js-plotly-plot .scatterlayer .trace").count() >= 6
    assert page.locator(".pc-outcome").count() == 1
    for width in (1200, 1024):  # the plot is drawn whole in the room it has, at both widths
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(500)
        assert page.evaluate(PLOTS_INSIDE_JS) == [], width
        if width == 1200:
            screenshot(page, "play-end")
    screenshot(page, "play-end-1024")
    watch.check()



def _seat0_food(page: Page) -> int:
    return int(page.locator('[data-part="seat0.food"] b').first.inner_text())


def _new_game_with_food_changed(page: Page, label: str, food: int) -> int:
    """Click New game and wait for Seat 0's Food to differ from ``food``; the new Food."""
    page.get_by_role("button", name=label).click()
    page.wait_for_function(
        "n => +document.querySelector('[data-part=\"seat0.food\"] b').innerText !== n",
        arg=food)
    return _seat0_food(page)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_cooperative_supplies_switch_shows_in_the_cooperative_mode_and_fits(
        app_url: str, page: Page, watch: PageWatch, lang: str) -> None:
    # rule option coop_supplies: a switch in the new-game bar, in the cooperative mode only;
    # off, the cooperative River tile of season 1 brings nothing (less Food at the start)
    say = words(lang).say
    _open(page, app_url, f"?lang={lang}")
    switch = page.locator(".pc-coop-supplies")
    assert not switch.is_visible()
    page.get_by_label(say("setup.mode"), exact=True).select_option(label=say("text.mode_coop"))
    switch.wait_for(state="visible")
    assert switch.locator("input").is_checked()
    supplied = _new_game_with_food_changed(page, say("setup.new_game"), _seat0_food(page))
    switch.locator("input").uncheck()
    bare = _new_game_with_food_changed(page, say("setup.new_game"), supplied)
    assert bare < supplied
    for width, height in ((1400, 900), (1024, 768)):  # the bar wraps inside the window
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(500)
        box = switch.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
        screenshot(page, f"play-coop-supplies-{lang}-{width}")
    watch.check()
