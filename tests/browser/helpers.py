"""Helpers for real-browser tests: screenshots and a watch on what the page reports."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import ConsoleMessage, Error, Page

ARTIFACTS = Path(__file__).resolve().parents[2] / "tests" / "artifacts"

# Text that only appears on a Voila page when Python failed: a traceback (were one ever sent to
# a visitor), Voila's note for a failed cell, the app's apology for an error in a kernel (see
# precog/voila_app.py), and the ipywidgets placeholder for a widget that could not be shown.
PYTHON_ERROR_MARKERS = (
    "Traceback (most recent call last)",
    "There was an error when executing cell",
    "Sorry, something went wrong here",
    "Error displaying widget",
)


def screenshot(page: Page, name: str) -> Path:
    """Save a full-page screenshot to ``tests/artifacts/NAME.png`` and return its path."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    # Voila scrolls inside #rendered_cells, so a "full page" is only the window: grow the
    # window to the content's height for the picture, then put it back.
    size = page.viewport_size
    height = page.evaluate(
        "() => { const c = document.querySelector('#rendered_cells');"
        " return c ? c.scrollHeight : document.documentElement.scrollHeight; }")
    if size and height > size["height"]:
        page.set_viewport_size({"width": size["width"], "height": min(int(height) + 20, 8000)})
        page.wait_for_timeout(300)
    page.screenshot(path=str(path), full_page=True)
    if size:
        page.set_viewport_size(size)
    return path


@dataclass
class PageWatch:
    """Collects a page's console messages and uncaught errors; fails on Python errors shown.

    Console errors alone do not fail a test: some are cosmetic here (JupyterLab version
    notices). They are printed with any failure instead.
    """

    page: Page
    console: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.page.on("console", self._on_console)
        self.page.on("pageerror", self._on_page_error)

    def _on_console(self, message: ConsoleMessage) -> None:
        self.console.append(f"[{message.type}] {message.text}")

    def _on_page_error(self, error: Error) -> None:
        self.page_errors.append(str(error))

    def report(self) -> str:
        lines = ["console:", *self.console, "page errors:", *self.page_errors]
        return "\n  ".join(lines)

    def check(self) -> None:
        """Fail if the page shows a Python traceback or a widget that could not render."""
        text = self.page.inner_text("body")
        shown = [marker for marker in PYTHON_ERROR_MARKERS if marker in text]
        if shown:
            pytest.fail(
                f"{self.page.url} shows a Python error ({', '.join(shown)}):\n{text[-3000:]}\n"
                f"{self.report()}"
            )


def forget_progress() -> None:
    """Delete the served tutor's progress file, so a lesson opens at step 1 rather than where
    an earlier test (the monkey's random clicks included) left it."""
    import os

    path = os.environ.get("PRECOG_TUTOR_PROGRESS")
    if path:
        Path(path).unlink(missing_ok=True)


# Plots laid out wider than the room they are shown in (what is past it is not drawn), or
# reaching past the window.
PLOTS_INSIDE_JS = """() => Array.from(document.querySelectorAll('.js-plotly-plot'))
  .map(gd => [gd._fullLayout.width, gd.getBoundingClientRect()])
  .filter(([laid, r]) => laid > r.width + 1 || r.right > window.innerWidth + 1)
  .map(([laid, r]) => `laid out ${laid} px wide in ${Math.round(r.width)} px`)"""

