"""A seeded monkey: random clicks on the enabled controls of Play, the explorer and a lesson.

Used by ``tests/browser/test_monkey.py`` (60 s in ``make test``) and ``scripts/monkey.py`` (long
runs). It visits a page, clicks, picks and types at random for a while, moves to another page,
and collects every Python error: error text on the page (a traceback, Voila's cell-error note,
the app's apology for a kernel error, a widget that could not be shown) and tracebacks in the
server's log; a request to any other server counts as an error too. It ends by checking that
Play's undo, save and load still work.
"""

from __future__ import annotations

import base64
import json
import random
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError

from tests.browser.helpers import PYTHON_ERROR_MARKERS
from tests.browser.server import Server

PLAY = "/voila/render/notebooks/play.ipynb"
EXPLORER = "/voila/render/notebooks/explorer.ipynb"
LESSONS = tuple(f"/voila/render/tutorials/lesson{i:02d}.ipynb" for i in range(1, 10))
PAGE_ERROR_MARKERS = PYTHON_ERROR_MARKERS
TRACEBACK = "Traceback (most recent call last):"
# Tracebacks that are not the app's: a kernel shut down (its page left) while output from it was
# still on its way. ipykernel's output thread then fails to send, and jupyter_server to write to
# the closed page. They are counted apart (Figures.log_noise), never taken as an app error.
SHUTDOWN_NOISE = re.compile(r"zmq gc socket requested during shutdown|WebSocketClosedError"
                            r"|StreamClosedError")
# Controls a visitor can use. Not links (they leave the page, which the monkey does itself) and
# not the file upload (it opens the system's file chooser).
CONTROLS = ("#rendered_cells button:not([disabled]):visible, "
            "#rendered_cells select:not([disabled]):visible, "
            "#rendered_cells input[type=checkbox]:not([disabled]):visible, "
            "#rendered_cells textarea:not([disabled]):visible, "
            "#rendered_cells input[type=text]:not([disabled]):visible, "
            "#rendered_cells input[type=number]:not([disabled]):visible, "
            "#rendered_cells .lm-TabBar-tab:visible")
JUNK = ("", "pg1.", "{}", "[]", '{"a": 1}', "0", "-1", "1e9", "nan", "x" * 40, "🂡", "\\u0000")
WIDGETS_SECONDS = 60


@dataclass
class Figures:
    seed: int
    clicks: int = 0
    pages: int = 0
    errors: list[str] = field(default_factory=list)
    kernels_max: int = 0
    kernels_end: int = 0
    memory_max_mb: float = 0.0
    memory_end_mb: float = 0.0
    seconds: float = 0.0
    end_check: str = "not run"
    visits: list[str] = field(default_factory=list)  # "path: seconds, clicks" per page
    log_noise: int = 0  # tracebacks of kernels shut down mid-output (SHUTDOWN_NOISE)

    def line(self) -> str:
        return (f"seed {self.seed}: {self.seconds:.0f} s, {self.pages} pages, {self.clicks} "
                f"clicks, {len(self.errors)} errors ({self.log_noise} shutdown-noise tracebacks "
                f"in the log set apart), kernels max {self.kernels_max} / end "
                f"{self.kernels_end}, server memory max {self.memory_max_mb:.0f} MB / end "
                f"{self.memory_end_mb:.0f} MB, undo/save/load: {self.end_check}")

    def as_json(self) -> dict[str, Any]:
        return {**self.__dict__, "errors": self.errors[:50], "error_count": len(self.errors),
                "visits": self.visits[:200]}


def open_page(page: Page, url: str) -> None:
    page.goto(url)
    page.locator("#rendered_cells .jupyter-widgets").first.wait_for(
        timeout=WIDGETS_SECONDS * 1000)
    page.wait_for_timeout(500)


def page_errors(page: Page) -> list[str]:
    try:
        text = page.inner_text("body")
    except PlaywrightError as err:
        return [f"{page.url}: page unreadable ({err})"]
    return [f"{page.url}: shows {marker!r}" for marker in PAGE_ERROR_MARKERS if marker in text]


def tracebacks(text: str) -> list[str]:
    """The tracebacks in a log, each as its text up to and including the exception's line."""
    found: list[str] = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if TRACEBACK not in line:
            continue
        end = i + 1
        while end < len(lines) and (lines[end][:1].isspace() or not lines[end].strip()):
            end += 1  # frames are indented; the exception's line is not
        found.append("\n".join(lines[i:end + 1]))
    return found


def log_errors(server: Server, since: int, figures: Figures) -> int:
    """Note the server log's tracebacks after character ``since``; returns the log's end."""
    text = server.log_text()
    for block in tracebacks(text[since:]):
        last = block.splitlines()[-1]
        if SHUTDOWN_NOISE.search(last):
            figures.log_noise += 1
        else:
            figures.errors.append(f"server log: {last.strip()[:300]}\n{block[-2500:]}")
    return len(text)


def _act(page: Page, rng: random.Random) -> bool:
    """One random action on an enabled control; False when there is none."""
    controls = page.locator(CONTROLS)
    count = controls.count()
    if count == 0:
        return False
    target = controls.nth(rng.randrange(count))
    tag = target.evaluate("e => e.tagName.toLowerCase()")
    if tag == "select":
        options = target.locator("option").all_inner_texts()
        if options:
            target.select_option(label=rng.choice(options), timeout=5000)
    elif tag in ("textarea", "input") and target.get_attribute("type") not in ("checkbox",):
        target.fill(rng.choice(JUNK), timeout=5000)
    else:
        target.click(timeout=5000)
    return True


def monkey_page(page: Page, url: str, seconds: float, rng: random.Random,
                figures: Figures) -> None:
    """Open ``url`` and act at random on it; ``seconds`` from opening to leaving. Notes errors."""
    opened, clicks = time.monotonic(), figures.clicks
    until = opened + seconds
    open_page(page, url)
    figures.pages += 1
    while time.monotonic() < until:
        try:
            if not _act(page, rng):
                break
            figures.clicks += 1
        except PlaywrightError:
            pass  # the control went away or was disabled under the pointer: a fair miss
        page.wait_for_timeout(rng.choice((50, 150, 400)))
    page.wait_for_timeout(800)
    figures.errors += page_errors(page)
    figures.visits.append(f"{url.rsplit('/', 1)[-1]}: {time.monotonic() - opened:.0f} s, "
                          f"{figures.clicks - clicks} clicks")


def check_undo_save_load(page: Page, base: str) -> str:
    """On a fresh Play page: a choice, Undo, then the saved game loaded back. '' when all work."""
    open_page(page, base + PLAY)
    page.locator(".pc-cardbtn").first.wait_for()

    def moves() -> int:
        return int(page.locator(".pc-steps-bar").get_attribute("data-moves") or "0")

    start = moves()
    page.locator(".pc-cardbtn-hit").first.click()  # Keep
    page.locator(".pc-cardbtn-label", has_text="Give").first.wait_for()
    page.locator(".pc-cardbtn-hit").first.click()  # Give
    page.wait_for_function("n => +document.querySelector('.pc-steps-bar').dataset.moves > n",
                           arg=start)
    played = moves()
    page.get_by_role("button", name="Undo").click()
    page.wait_for_function("n => +document.querySelector('.pc-steps-bar').dataset.moves < n",
                           arg=played)
    if moves() >= played:
        return "undo did not take the choice back"
    kept = moves()
    page.get_by_role("tab", name="Save / load").click()
    link = page.locator("a.pc-download", has_text="game").first
    href = link.get_attribute("href") or ""
    if not href.startswith("data:application/json;base64,"):
        return f"no game download link (got {href[:60]!r})"
    saved = base64.b64decode(href.split(",", 1)[1]).decode()
    json.loads(saved)
    page.get_by_placeholder("Paste a position string").fill(saved)
    page.get_by_role("button", name="Load pasted text").click()
    page.locator(".pc-msg-ok", has_text="loaded").wait_for(timeout=30_000)
    if moves() != kept:
        return f"the loaded game has {moves()} moves, the saved one {kept}"
    return ""


def tour(rng: random.Random) -> Iterator[str]:
    """Pages to visit: Play, the explorer and a lesson first, then any of them at random."""
    yield from (PLAY, EXPLORER, rng.choice(LESSONS))
    while True:
        yield rng.choice((PLAY, EXPLORER, rng.choice(LESSONS)))


def run(browser: Browser, server: Server, seconds: float, seed: int,
        page_seconds: float = 20.0) -> Figures:
    """Monkey on ``server`` for about ``seconds`` (``page_seconds`` a page), then check undo,
    save and load."""
    rng = random.Random(seed)
    figures = Figures(seed=seed)
    start = time.monotonic()
    log_end = 0
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.set_default_timeout(WIDGETS_SECONDS * 1000)
    page.on("dialog", lambda dialog: dialog.dismiss())
    page.on("request", lambda request: None
            if request.url.startswith((server.url, "data:", "blob:", "about:"))
            else figures.errors.append(f"request off the server: {request.url[:200]}"))
    try:
        for path in tour(rng):
            left = seconds - (time.monotonic() - start)
            if left <= 0:
                break
            url = server.url + path
            try:
                monkey_page(page, url, min(page_seconds, left), rng, figures)
            except PlaywrightError as err:
                figures.errors.append(f"{url}: {str(err).splitlines()[0]}")
            log_end = log_errors(server, log_end, figures)
            figures.kernels_max = max(figures.kernels_max, server.kernels())
            figures.memory_max_mb = max(figures.memory_max_mb, server.memory_mb())
        try:
            figures.end_check = check_undo_save_load(page, server.url) or "ok"
        except PlaywrightError as err:
            figures.end_check = f"failed: {str(err).splitlines()[0]}"
        figures.errors += page_errors(page)
        log_end = log_errors(server, log_end, figures)
        page.goto("about:blank")  # leaving the page shuts its kernel down
        page.wait_for_timeout(1500)
    finally:
        context.close()
    figures.seconds = time.monotonic() - start
    figures.kernels_end = server.kernels()
    figures.memory_end_mb = server.memory_mb()
    return figures
