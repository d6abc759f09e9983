"""The tutor in Russian in a real browser: ``?lang=ru`` on a lesson and on the index.

Lesson 2 is walked to its end through clicks (the same deterministic lesson as the English
test, followed by an in-process :class:`LessonRunner` in Russian), every step is checked to
show the Russian step counter and buttons, and the links keep ``?lang=ru``. Screenshots go to
``tests/artifacts/tutor-ru-*.png`` so a reader can check that the longer Russian text is not
cut off.
"""

from __future__ import annotations

import os
import tempfile

import pytest
from playwright.sync_api import Page

from precog.engine.actions import Choose
from precog.session.words import words
from precog.tutor.data import load_lesson, ui_texts
from precog.tutor.runner import LessonRunner
from tests.browser.helpers import PageWatch, forget_progress, screenshot

pytestmark = pytest.mark.browser

os.environ.setdefault("PRECOG_TUTOR_PROGRESS",
                      os.path.join(tempfile.mkdtemp(prefix="precog-tutor-"), "progress.json"))

LESSON = "/voila/render/tutorials/lesson02.ipynb?lang=ru"
INDEX = "/voila/render/tutorials/index.ipynb?lang=ru"
TIMEOUT_MS = 60_000
RU = ui_texts("ru")


def _wait_step(page: Page, n: int, total: int) -> None:
    text = RU.say("label", "step_of", n=n, total=total)
    page.locator(".pt-step-count", has_text=text).wait_for()


def _click(page: Page, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).first.click()


def _next(page: Page, mirror: LessonRunner) -> None:
    assert mirror.complete
    page.locator(".pt-buttons button").last.click()
    mirror.next()
    if not mirror.finished:
        _wait_step(page, mirror.index + 1, mirror.total)


def _choose(page: Page, mirror: LessonRunner, shot: str) -> None:
    p = mirror.state.players[mirror.seat]
    keep, give = p.hand[0], p.decision_zone[0]
    picks = page.locator(".pt-pick")
    picks.nth(0).get_by_role("button", name=RU.say("button", "keep")).click()
    page.locator(".pt-pick-keep").wait_for()
    picks.nth(2).get_by_role("button", name=RU.say("button", "give")).click()
    label = words("ru").say("action.choose", keep=keep, give=give)
    commit = page.get_by_role("button", name=f"{RU.say('button', 'commit')}: {label}")
    commit.wait_for()
    page.locator(".pt-preview").wait_for()
    assert RU.say("label", "greyed") in page.locator(".pt-refused").inner_text()
    screenshot(page, shot)
    commit.click()
    mirror.play(Choose(keep, give))


def _step_through(page: Page, mirror: LessonRunner, shots: list[int]) -> None:
    """Finish the current step the way a learner would, with the page's controls."""
    kind = mirror.step.kind
    if kind == "quiz":
        quiz = mirror.quiz
        assert quiz is not None
        for choice in quiz.choices:
            if choice.value in quiz.answer:
                _click(page, choice.label)
        if quiz.multi:
            _click(page, RU.say("button", "check"))
        page.locator(".pt-fb-right").wait_for()
        mirror.answer(set(quiz.answer))
    elif kind == "flow":
        for stage in range(1, 4):
            _click(page, RU.say("button", "flow_next"))
            text = RU.say("label", "flow_stage", n=stage + 1, total=4)
            page.locator(".pt-flow-caption", has_text=text).wait_for()
            mirror.flow_to(stage)
    elif kind == "act" and mirror.state.phase.value == "decision":
        _choose(page, mirror, f"tutor-ru-lesson02-{mirror.index + 1:02d}-choose")
    elif kind == "act":
        for _ in range(40):
            if mirror.complete:
                break
            page.get_by_role("button", name=RU.say("button", "show_me")).click()
            mirror.show_me()
            page.locator(".pt-feedback").wait_for()
    if mirror.index + 1 in shots:
        screenshot(page, f"tutor-ru-lesson02-{mirror.index + 1:02d}")


def test_lesson_two_is_completed_in_russian_through_clicks(app_url: str, page: Page,
                                                           watch: PageWatch) -> None:
    page.set_default_timeout(TIMEOUT_MS)
    page.set_viewport_size({"width": 1280, "height": 1500})
    mirror = LessonRunner(load_lesson("lesson02", "ru"))
    forget_progress()
    page.goto(app_url + LESSON)
    page.locator(".pt-app").wait_for(state="visible")
    _wait_step(page, 1, mirror.total)
    assert mirror.lesson.title in page.locator(".pt-title").inner_text()
    assert "эталонный набор" in page.locator(".pt-footer").inner_text()
    nav = page.locator(".pt-nav a").first.get_attribute("href") or ""
    assert nav.endswith("?lang=ru")
    screenshot(page, "tutor-ru-lesson02-01")
    while True:
        _step_through(page, mirror, shots=[2, 4, 5, 10])
        assert mirror.complete, f"step {mirror.index + 1} not finished"
        if mirror.index + 1 == mirror.total:
            break
        _next(page, mirror)
    _click(page, RU.say("button", "finish"))
    page.locator(".pt-panel", has_text=RU.say("feedback", "lesson_done")).wait_for()
    screenshot(page, "tutor-ru-lesson02-done")
    watch.check()


def test_the_russian_index_lists_lessons_and_looks_up_a_russian_word(app_url: str, page: Page,
                                                                     watch: PageWatch) -> None:
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(app_url + INDEX)
    page.locator(".pt-lessons").wait_for()
    assert RU.say("label", "index_title") in page.locator(".pt-index-head").inner_text()
    first = page.locator(".pt-lesson-title").first
    assert (first.get_attribute("href") or "").endswith("lesson01.ipynb?lang=ru")
    page.get_by_placeholder(RU.say("label", "lookup_hint")).fill("кормление")
    page.keyboard.press("Enter")
    page.locator(".pt-hit").first.wait_for()
    assert "Остров" in page.locator(".pt-hit").first.inner_text()
    screenshot(page, "tutor-ru-index")
    watch.check()


@pytest.mark.parametrize("lesson_id", ["lesson01", "lesson05", "lesson09"])
def test_each_lesson_page_shows_its_own_lesson_in_its_addresss_language(
        app_url: str, page: Page, watch: PageWatch, lesson_id: str) -> None:
    """The app serves every lesson from lesson 1's kernel started ahead (precog.serve.
    SHARED_POOLS): the page still shows the lesson and language its address names, under a
    title naming that lesson."""
    page.set_default_timeout(TIMEOUT_MS)
    lesson = load_lesson(lesson_id, "ru")
    forget_progress()
    page.goto(f"{app_url}/voila/render/tutorials/{lesson_id}.ipynb?lang=ru")
    page.locator(".pt-app").wait_for(state="visible")
    assert lesson.title in page.locator(".pt-title").inner_text()
    _wait_step(page, 1, len(lesson.steps))
    assert page.title() == lesson_id
    watch.check()
