"""The wheel is the app: the pages ship inside the package and an installed ``precog app``
serves them (``scripts/check_wheel_app.py``; the whole check is ``make wheel-check``)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from precog import LANDING_PATH, serve

REPO = Path(__file__).resolve().parents[1]
_SPEC = importlib.util.spec_from_file_location("check_wheel_app",
                                               REPO / "scripts" / "check_wheel_app.py")
assert _SPEC is not None and _SPEC.loader is not None
check_wheel_app = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(check_wheel_app)


def test_an_installed_package_serves_the_pages_installed_with_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serve, "INSTALLED_PAGES", tmp_path)
    assert serve.app_root() == REPO  # nothing installed there: the checkout's pages
    (tmp_path / LANDING_PATH).parent.mkdir(parents=True)
    (tmp_path / LANDING_PATH).write_text("{}", encoding="utf-8")
    assert serve.app_root() == tmp_path


def test_the_check_covers_every_page_of_the_landing_page() -> None:
    from precog.app_landing import FIRST_LESSON, PAGES

    checked = set(check_wheel_app.PAGES)
    assert {page.path for page in PAGES} <= checked
    assert LANDING_PATH in checked
    assert any(p.startswith("tutorials/lesson") for p in checked), FIRST_LESSON


def test_the_landing_page_is_checked_for_its_own_html_not_a_widget() -> None:
    assert check_wheel_app.PAGES[0] == LANDING_PATH
    page = f'<div {check_wheel_app.LANDING_MARK} pc-landing">'
    assert check_wheel_app.page_problem(200, page, landing=True) is None
    assert check_wheel_app.page_problem(200, "<html></html>", landing=True) == "no landing page"
    assert check_wheel_app.page_problem(200, page) == "no widget on the page"


@pytest.mark.parametrize("status,body,problem", [
    (200, f'<script type="{check_wheel_app.WIDGET}">', None),
    (200, "<p>Sorry, this page could not be built.</p>", "the page could not be built"),
    (200, "<html></html>", "no widget on the page"),
    (404, "", "HTTP 404"),
])
def test_a_served_page_must_be_built_with_its_widgets(status: int, body: str,
                                                      problem: str | None) -> None:
    assert check_wheel_app.page_problem(status, body) == problem


@pytest.mark.wheel
def test_every_page_is_served_from_the_wheel_installed_outside_the_checkout() -> None:
    assert check_wheel_app.main([]) == 0
