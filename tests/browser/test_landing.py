"""The landing page, served by Voila and opened in Chromium."""

from urllib.parse import urljoin

import pytest
from playwright.sync_api import Page

from tests.browser.helpers import PageWatch, screenshot

pytestmark = pytest.mark.browser

LANDING = "/voila/render/notebooks/index.ipynb"


def test_landing_page_shows_title_unofficial_note_and_page_links(
    app_url: str, page: Page, watch: PageWatch
) -> None:
    page.goto(app_url + LANDING)
    page.locator(".precog-landing").wait_for(state="visible")

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
        "Review": f"{app_url}/voila/render/notebooks/review.ipynb",
        "Tutorials": f"{app_url}/voila/render/tutorials/index.ipynb",
    }
    screenshot(page, "landing")
    watch.check()
