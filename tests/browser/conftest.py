"""Real-browser harness: one Voila server per session, a fresh Chromium page per test.

Voila is started the way ``make app`` starts it (``scripts/serve_app.py``), on a free port, and
stopped by its own process id. The browser is Debian's Chromium: Playwright cannot download its
own here. Every test under this folder is marked ``browser``.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from tests.browser.helpers import ARTIFACTS, PageWatch

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]
SERVER_START_SECONDS = 60
PAGE_TIMEOUT_MS = 60_000


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).resolve().parent
    for item in items:
        if here in item.path.resolve().parents:
            item.add_marker(pytest.mark.browser)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_until_serving(base_url: str, server: subprocess.Popen[bytes], log: Path) -> None:
    # A static file: probing "/" or a page would start a kernel and run a notebook.
    probe = f"{base_url}/voila/static/voila.js"
    deadline = time.monotonic() + SERVER_START_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"Voila exited with {server.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(probe, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    tail = log.read_text()[-3000:]
    pytest.fail(f"Voila did not serve {probe} in {SERVER_START_SECONDS} s:\n{tail}")


def _stop(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


@pytest.fixture(scope="session")
def app_url() -> Iterator[str]:
    """Base URL (``http://127.0.0.1:PORT``) of a Voila server serving the repository."""
    port = _free_port()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = ARTIFACTS / "voila.log"
    with log.open("wb") as out:
        server = subprocess.Popen(
            [sys.executable, str(REPO / "scripts" / "serve_app.py"), "--port", str(port)],
            cwd=REPO,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    base_url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_serving(base_url, server, log)
        yield base_url
    finally:
        _stop(server)


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
def page(browser: Browser) -> Iterator[Page]:
    """A page in a context of its own (fresh cookies and storage), 1200x800."""
    context = browser.new_context(viewport={"width": 1200, "height": 800})
    page = context.new_page()
    page.set_default_timeout(PAGE_TIMEOUT_MS)
    yield page
    context.close()


@pytest.fixture
def watch(page: Page) -> PageWatch:
    """Console messages and page errors of ``page``; ``watch.check()`` fails on Python errors."""
    return PageWatch(page)
