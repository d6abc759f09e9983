"""Real-browser harness: one Voila server per session, a fresh Chromium page per test.

Voila is started the way ``make app`` starts it (``scripts/serve_app.py``, see ``server.py``), on
a free port, and stopped by its own process id. The browser is Debian's Chromium: Playwright
cannot download its own here. Every test under this folder is marked ``browser``.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from tests.browser.helpers import ARTIFACTS, PageWatch
from tests.browser.server import Server, ServerError

CHROMIUM = os.environ.get("CHROMIUM") or "/usr/bin/chromium"  # Debian's, or $CHROMIUM
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]
PAGE_TIMEOUT_MS = 60_000


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).resolve().parent
    for item in items:
        if here in item.path.resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Keep each phase's report on the test item, for the failure record of ``page``."""
    report = yield
    setattr(item, "report_" + report.when, report)
    return report


def _record_failure(request: pytest.FixtureRequest, page: Page) -> None:
    """A failed browser test leaves its page's picture, address, console and the server log's
    end in ``tests/artifacts/failed-NAME.*`` (CI keeps nothing else of a page that went wrong)."""
    report = getattr(request.node, "report_call", None)
    if report is None or not report.failed:
        return
    name = "failed-" + "".join(c if c.isalnum() else "-" for c in request.node.name)[:80]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(PlaywrightError):  # a closed page: the text is still written
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    watch = request.node.funcargs.get("watch")
    console = watch.report() if isinstance(watch, PageWatch) else ""
    server = request.node.funcargs.get("app_server")
    log = server.tail(6000) if isinstance(server, Server) else "(the test's own server)"
    (ARTIFACTS / f"{name}.txt").write_text(
        f"url: {page.url}\n{console}\n--- server log, last lines ---\n{log}\n",
        encoding="utf-8")


@pytest.fixture(scope="session")
def app_server() -> Iterator[Server]:
    """A Voila server serving the repository, for the whole session.

    Lessons record progress: kept out of the tester's home (test_tutor.py sets its own file).
    """
    progress = os.environ.get("PRECOG_TUTOR_PROGRESS") or os.path.join(
        tempfile.mkdtemp(prefix="precog-tutor-"), "progress.json")
    server = Server(log=ARTIFACTS / "voila.log", env={"PRECOG_TUTOR_PROGRESS": progress,
                                                      "PRECOG_CORES": ""})  # the machine's
    try:
        server.start()
    except ServerError as err:
        pytest.fail(str(err))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def app_url(app_server: Server) -> str:
    """Base URL (``http://127.0.0.1:PORT``) of the session's Voila server."""
    return app_server.url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless. Each launch gets a fresh temporary profile from Playwright."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page in a context of its own (fresh cookies and storage), 1200x800; a failed test
    leaves a record of it (``_record_failure``)."""
    context = browser.new_context(viewport={"width": 1200, "height": 800})
    page = context.new_page()
    page.set_default_timeout(PAGE_TIMEOUT_MS)
    yield page
    _record_failure(request, page)
    context.close()


@pytest.fixture
def watch(page: Page) -> PageWatch:
    """Console messages and page errors of ``page``; ``watch.check()`` fails on Python errors."""
    return PageWatch(page)
