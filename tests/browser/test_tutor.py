"""The tutor in a real browser: lesson 2 (the Dual Select System) completed through clicks.

The lesson is deterministic (scripted position, seeded table), so the test follows along with
an in-process :class:`LessonRunner` making the same choices, to know the quiz answers and what
the page should show next. Screenshots go to ``tests/artifacts/tutor-*.png``.
"""

from __future__ import annotations

import os
import tempfile
from urllib.parse import urljoin

import pytest
from playwright.sync_api import Page

from precog.engine.actions import Choose
from precog.tutor.data import load_lesson, ui_texts
from precog.tutor.runner import LessonRunner
from tests.browser.helpers import PageWatch, forget_progress, screenshot
from tests.browser.test_explorer import CUT_JS

pytestmark = pytest.mark.browser

# The served tutor records progress; keep it out of the tester's home. Set at import, which
# happens before the session's Voila server is started.
os.environ.setdefault("PRECOG_TUTOR_PROGRESS",
                      os.path.join(tempfile.mkdtemp(prefix="precog-tutor-"), "progress.json"))

LESSON = "/voila/render/tutorials/lesson02.ipynb"
INDEX = "/voila/render/tutorials/index.ipynb"
TIMEOUT_MS = 60_000


def _wait_step(page: Page, n: int, total: int) -> None:
    page.locator(".pt-step-count", has_text=f"Step {n} of {total}").wait_for()


def _click(page: Page, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).first.click()


def _next(page: Page, mirror: LessonRunner) -> None:
    assert mirror.complete
    button = page.locator(".pt-buttons button").last
    button.click()
    mirror.next()
    if not mirror.finished:
        _wait_step(page, mirror.index + 1, mirror.total)


def _answer_multi(page: Page, mirror: LessonRunner) -> None:
    quiz = mirror.quiz
    assert quiz is not None and quiz.multi
    for choice in quiz.choices:
        if choice.value in quiz.answer:
            _click(page, choice.label)
    _click(page, ui_texts().say("button", "check"))
    page.locator(".pt-fb-right").wait_for()
    mirror.answer(set(quiz.answer))


def _choose(page: Page, mirror: LessonRunner, shot: str) -> None:
    """Keep the first hand card, give the first Decision Zone card, look at the preview."""
    p = mirror.state.players[mirror.seat]
    keep, give = p.hand[0], p.decision_zone[0]
    picks = page.locator(".pt-pick")
    picks.nth(0).get_by_role("button", name="Keep").click()
    page.locator(".pt-pick-keep").wait_for()
    picks.nth(2).get_by_role("button", name="Give").click()
    commit = page.get_by_role("button", name=f"Play this: Keep {keep}, give {give}")
    commit.wait_for()
    page.locator(".pt-preview").wait_for()
    assert f"{keep} → you" in page.locator(".pt-preview").inner_text()
    refused = page.locator(".pt-refused").inner_text()
    assert "only give a card from your Decision Zone" in refused
    screenshot(page, shot)
    commit.click()
    mirror.play(Choose(keep, give))


def _flow(page: Page, mirror: LessonRunner, shot: str) -> None:
    for stage in range(2, 5):
        _click(page, ui_texts().say("button", "flow_next"))
        page.locator(".pt-flow-caption", has_text=f"Move {stage} of 4").wait_for()
        mirror.flow_to(stage - 1)
    screenshot(page, shot)


def test_lesson_two_is_completed_through_clicks(app_url: str, page: Page,
                                                watch: PageWatch) -> None:
    page.set_default_timeout(TIMEOUT_MS)
    page.set_viewport_size({"width": 1280, "height": 1500})
    mirror = LessonRunner(load_lesson("lesson02"))
    total = mirror.total
    forget_progress()
    page.goto(app_url + LESSON)
    page.locator(".pt-app").wait_for(state="visible")
    _wait_step(page, 1, total)
    assert "The Dual Select System" in page.locator(".pt-title").inner_text()
    page.locator('[data-part="seat0.hand"]').wait_for()
    assert page.locator("abbr.pt-term").count() > 3, "glossary tooltips on lesson text"
    screenshot(page, "tutor-lesson02-1-intro")

    _next(page, mirror)                      # 2: which cards could arrive?
    _answer_multi(page, mirror)
    screenshot(page, "tutor-lesson02-2-quiz")
    _next(page, mirror)                      # 3: make your choice
    _choose(page, mirror, "tutor-lesson02-3-choose")
    page.locator(".pt-fb-ok").wait_for()
    _next(page, mirror)                      # 4: the cards move
    _flow(page, mirror, "tutor-lesson02-4-flow")
    _next(page, mirror)                      # 5: at a real table, the Choice cards
    assert "Choice cards" in page.locator(".pt-step").inner_text()
    _next(page, mirror)                      # 6: which cards come back?
    _answer_multi(page, mirror)
    _next(page, mirror)                      # 7: why one comes back
    _next(page, mirror)                      # 8: play out the round with "show me"
    show_me = ui_texts().say("button", "show_me")
    for _ in range(40):
        if mirror.complete:
            break
        page.get_by_role("button", name=show_me).click()
        mirror.show_me()
        page.locator(".pt-feedback").wait_for()
    assert mirror.complete
    assert page.evaluate(CUT_JS) == []  # the River's first tile, face up, read whole
    screenshot(page, "tutor-lesson02-5-round")
    _next(page, mirror)                      # 9: choose again
    _choose(page, mirror, "tutor-lesson02-6-choose-again")
    _next(page, mirror)                      # 10: one came back
    _flow(page, mirror, "tutor-lesson02-7-came-back")
    _next(page, mirror)                      # 11: what to remember
    page.get_by_role("button", name=ui_texts().say("button", "finish")).click()
    page.locator(".pt-panel", has_text="Lesson complete").wait_for()
    assert page.locator(".pt-dot-done").count() == total
    screenshot(page, "tutor-lesson02-8-done")
    watch.check()

    # The index now shows the lesson as done, and is reachable from the lesson's links.
    href = page.locator(".pt-nav a", has_text="All lessons").first.get_attribute("href") or ""
    assert urljoin(page.url, href) == app_url + INDEX
    page.goto(app_url + INDEX)
    done = page.locator('.pt-lesson[data-lesson="lesson02"]')
    done.wait_for()
    assert "done" in done.inner_text()
    page.get_by_placeholder("Type a word").fill("feeding")
    page.keyboard.press("Enter")
    page.locator(".pt-hit").first.wait_for()
    assert "Island" in page.locator(".pt-hit").first.inner_text()
    screenshot(page, "tutor-index")
    watch.check()


def _in_view(page: Page, selector: str) -> bool:
    """Whether the top of the first ``selector`` is inside the browser window."""
    return bool(page.evaluate(
        "(sel) => { const r = document.querySelector(sel).getBoundingClientRect();"
        " return r.top > -4 && r.top < window.innerHeight; }", selector))  # -4: sub-pixel


def test_play_this_scrolls_to_what_comes_next_and_restart_asks_first(
        app_url: str, page: Page, watch: PageWatch) -> None:
    """At 1400x900 the Keep/Give picker is taller than the window: after "Play this" the page
    shows the step's panel ("Done here: press Next") instead of an emptied column."""
    page.set_default_timeout(TIMEOUT_MS)
    page.set_viewport_size({"width": 1400, "height": 900})
    forget_progress()
    mirror = LessonRunner(load_lesson("lesson02"))
    page.goto(app_url + LESSON)
    page.locator(".pt-app").wait_for(state="visible")
    _wait_step(page, 1, mirror.total)
    _next(page, mirror)                      # 2: a quiz, shown
    _click(page, ui_texts().say("button", "show_me"))
    page.locator(".pt-fb-info").wait_for()
    mirror.show_me()
    _next(page, mirror)                      # 3: make your choice
    _choose(page, mirror, "tutor-lesson02-scroll-before")
    page.locator(".pt-fb-ok").wait_for()
    page.wait_for_timeout(600)  # the scroll follows the redraw
    assert _in_view(page, ".pt-panel"), "the step's panel is in view after Play this"
    assert page.get_by_role("button", name="Next ▸").is_visible()
    assert _in_view(page, ".pt-buttons"), "Next is on screen"
    screenshot(page, "tutor-lesson02-scroll-after")

    restart = ui_texts().say("button", "restart")
    page.get_by_role("button", name=restart).click()
    question = page.locator(".pt-confirm")
    question.wait_for(state="visible")
    assert "Restart this lesson" in question.inner_text()
    page.set_viewport_size({"width": 1024, "height": 768})
    page.wait_for_timeout(300)
    assert page.evaluate(BOARD_PAST_ITS_COLUMN_JS) == []
    assert page.evaluate(CUT_JS) == []  # no card or River name cut short
    screenshot(page, "tutor-lesson02-restart-ask-1024")
    page.set_viewport_size({"width": 1400, "height": 900})
    page.get_by_role("button", name=ui_texts().say("retry", "restart_no")).click()
    question.wait_for(state="hidden")
    _wait_step(page, 3, mirror.total)
    page.get_by_role("button", name=restart).click()
    page.get_by_role("button", name=ui_texts().say("retry", "restart_yes")).click()
    _wait_step(page, 1, mirror.total)
    watch.check()


# Parts of the lesson's board drawn past the right edge of its column (a narrow window).
BOARD_PAST_ITS_COLUMN_JS = """() => {
  const column = document.querySelector('.pt-right').getBoundingClientRect();
  const out = [];
  for (const e of document.querySelectorAll('.pt-right .pc-header, .pt-right .pc-river, '
                                            + '.pt-right .pc-boat'))
    if (e.getBoundingClientRect().right > column.right + 1) out.push(e.className);
  return out;
}"""
