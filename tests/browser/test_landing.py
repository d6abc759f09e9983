"""The landing page, sent by the app's server (no kernel) and opened in Chromium."""

from urllib.parse import urljoin

import pytest
from playwright.sync_api import Page

from tests.browser.helpers import PageWatch, screenshot

pytestmark = pytest.mark.browser

LANDING = "/voila/render/notebooks/index.ipynb"


def test_landing_page_shows_title_unofficial_note_and_page_links(
    app_url: str, page: Page, watch: PageWatch
) -> None:
    sockets: list[str] = []
    page.on("websocket", lambda socket: sockets.append(socket.url))
    page.goto(app_url + LANDING)
    page.locator(".precog-landing").wait_for(state="visible")
    page.wait_for_load_state("load")

    assert sockets == []  # no kernel behind the landing page
    assert page.evaluate("document.scripts.length") == 0
    assert page.title() == "precog"
    assert page.locator(".precog-title").inner_text() == "precog"
    assert "unofficial" in page.locator(".precog-unofficial").inner_text()
    links = page.locator(".precog-pages a")
    targets = {
        links.nth(i).inner_text(): urljoin(page.url, links.nth(i).get_attribute("href") or "")
        for i in range(links.count())
    }
    assert targets == {
        "Explorer": f"{app_url}/voila/render/notebooks/explorer.ipynb",
        "Play": f"{app_url}/voila/render/notebooks/play.ipynb",
        "Your box": f"{app_url}/voila/render/notebooks/box.ipynb",
        "Your table": f"{app_url}/voila/render/notebooks/table.ipynb",
        "Review": f"{app_url}/voila/render/notebooks/review.ipynb",
        "Tutorials": f"{app_url}/voila/render/tutorials/index.ipynb",
    }
    screenshot(page, "landing")
    watch.check()


def test_a_newcomer_is_told_what_the_game_is_and_starts_with_lesson_one(
    app_url: str, page: Page, watch: PageWatch
) -> None:
    page.set_viewport_size({"width": 1400, "height": 900})
    page.goto(app_url + LANDING)
    page.locator(".precog-landing").wait_for(state="visible")
    assert "Precognition is a card game" in page.locator(".pc-what").inner_text()
    first = page.locator(".precog-landing a").first
    assert first.inner_text().startswith("New to the game? Start with lesson 1")
    box = first.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 900, "above the fold at 1400x900"
    first.click()
    page.locator(".pt-app").wait_for(state="visible")
    assert page.url.endswith("/voila/render/tutorials/lesson01.ipynb")
    assert "Lesson 1 of" in (page.locator(".pt-kicker").text_content() or "")
    watch.check()
