"""The review page in Chromium: a saved game reviewed for one seat (every decision, grouped per
round), the marks, the graph with each seat's chance to win, and a point of the graph opened
in the explorer as that seat saw it."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page

from precog.analysis.game_review.review import decision_points, recorded_game, reviewed_count
from tests.browser.helpers import PLOTS_INSIDE_JS, PageWatch, screenshot

pytestmark = pytest.mark.browser

REVIEW = "/voila/render/notebooks/review.ipynb"


def test_a_saved_game_is_reviewed_and_a_point_of_the_graph_opens_the_seats_view(
        app_url: str, page: Page, watch: PageWatch) -> None:
    game = recorded_game(["greedy", "greedy"], seed=5, players=2)
    page.set_viewport_size({"width": 1400, "height": 900})
    page.goto(app_url + REVIEW)
    page.get_by_placeholder("Paste a saved game").fill(json.dumps(game.to_json()))
    page.get_by_role("button", name="Load pasted game").click()
    page.locator(".pc-msg-ok", has_text="Game loaded").wait_for()
    page.locator(".pc-review-start").click()  # the quickest budget is the default
    page.locator(".pc-review-row").first.wait_for(timeout=120_000)
    page.locator(".pc-review-status", has_text="Review done").wait_for(timeout=420_000)
    rows = page.locator(".pc-review-row")
    assert rows.count() == reviewed_count(game, 0)
    keep_give = page.locator('.pc-review-row[data-kind="keep_give"]')
    assert keep_give.count() == len(decision_points(game, 0)) == 12
    assert page.locator('.pc-review-row[data-kind="activate"]').count() >= 1
    assert page.locator('.pc-review-row[data-kind="gains"]').count() >= 1
    assert page.locator(".pc-review-round").count() == 12  # grouped per round
    assert page.locator(".pc-review-row .pc-review-mark").count() >= 1
    assert page.locator(".pc-review-summary").count() == 1
    traces = page.locator(".pc-review-figure .scatterlayer .trace")
    assert traces.count() == 5  # both seats' curves, the marks, both seats' chances to win
    assert page.locator(".pc-review-figure .y2title", has_text="Chance to win").count() == 1
    # click the fourth point of the reviewed seat's curve (plotly picks points by position)
    fourth = keep_give.nth(3).get_attribute("data-number")
    point = traces.first.locator("path.point").nth(3)
    point.scroll_into_view_if_needed()
    box = point.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    detail = page.locator(f'.pc-review-detail[data-number="{fourth}"]')
    detail.wait_for()
    assert "Chance to win after this choice" in detail.inner_text()
    href = detail.locator("a.pc-review-open").get_attribute("href") or ""
    assert href.startswith("explorer.ipynb?view=pv1.") and "position=" not in href
    screenshot(page, "review-1400")
    # a point of the chance to win opens the same round's Keep/Give
    sixth = keep_give.nth(5).get_attribute("data-number")
    chance = traces.nth(3).locator("path.point").nth(5)  # seat 0's chance to win, round 6
    chance.scroll_into_view_if_needed()
    cbox = chance.bounding_box()
    assert cbox is not None
    page.mouse.move(cbox["x"] + cbox["width"] / 2, cbox["y"] + cbox["height"] / 2)
    page.mouse.click(cbox["x"] + cbox["width"] / 2, cbox["y"] + cbox["height"] / 2)
    page.locator(f'.pc-review-detail[data-number="{sixth}"]').wait_for()
    screenshot(page, "review-win-chance")
    page.set_viewport_size({"width": 1024, "height": 768})
    page.wait_for_timeout(300)
    assert page.evaluate(PLOTS_INSIDE_JS) == []
    screenshot(page, "review-1024")
    watch.check()
    # the explorer opens on the seat's view: no position editor, no seat switch
    page.goto(f"{app_url}/voila/render/notebooks/{href}")
    page.locator(".pc-ranking tr[data-action]").first.wait_for(timeout=120_000)
    assert page.locator(".pc-position .widget-dropdown").is_hidden()
    assert page.get_by_role("button", name="Make a what-if copy").is_visible()
    screenshot(page, "review-explorer-view")
    watch.check()

