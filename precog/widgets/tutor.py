"""The tutor's pages: a lesson (:class:`LessonPage`) and the tutorials index (:class:`TutorIndex`).

Widgets only compose: the lesson's model is :class:`precog.tutor.runner.LessonRunner`, every
check goes through the engine there, and the HTML comes from :mod:`precog.tutor.html`.
Tested without a browser by clicking the buttons (``page.next_button.click()``).

>>> page = lesson("lesson02")
>>> page.next_button.description
'Next ▸'
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from precog.engine import PrecogError
from precog.engine.actions import Action
from precog.session.language import page_language, page_lesson
from precog.session.words import words
from precog.tutor import html as th
from precog.tutor.choosing import Choosing
from precog.tutor.data import Lesson, languages, lesson_ids, load_lesson, ui_texts
from precog.tutor.glossary import glossary
from precog.tutor.progress import ProgressStore
from precog.tutor.runner import Feedback, LessonRunner
from precog.widgets import tutor_panels as panels
from precog.widgets.scroll import Scroller
from precog.widgets.tutor_index import LookupBox, TutorIndex
from precog.widgets.tutor_panels import button as _button
from precog.widgets.tutor_panels import html as _html

__all__ = ["LessonPage", "LookupBox", "TutorIndex", "lesson", "tutor_index"]


def _safe(method: Callable[..., None]) -> Callable[..., None]:
    """Run a click handler; a failure is shown on the page and the lesson stays as it was."""

    @functools.wraps(method)
    def run(self: LessonPage, *args: Any) -> None:
        try:
            method(self, *args)
        except (PrecogError, ValueError) as err:
            said = words(self.texts.lang).error(err)  # in the page's language
            self.feedback = Feedback("refused", self.texts.say("label", "error", error=said))
            self.refresh()

    return run


class LessonPage(widgets.VBox):
    """One lesson: its steps, the drawn table, the learner's choices, previews and quizzes.

    The lesson opens at the step where this visitor left it (see
    :meth:`~precog.tutor.runner.LessonRunner.resume`).
    """

    def __init__(self, lesson_id: str, lang: str = "en",
                 store: ProgressStore | None = None) -> None:
        self.texts = ui_texts(lang)
        self.glossary = glossary(lang)
        self.lesson: Lesson = load_lesson(lesson_id, lang)
        self.ids = lesson_ids(lang)
        self.store = store if store is not None else ProgressStore()
        self.runner = LessonRunner(self.lesson, self.texts, self.store)
        self.feedback: Feedback | None = None
        self.choosing = Choosing()
        self.keep_buttons: dict[str, widgets.Button] = {}
        self.give_buttons: dict[str, widgets.Button] = {}
        self.option_buttons: dict[str, widgets.Button] = {}
        self.quiz_buttons: dict[str, widgets.Widget] = {}
        self.part_buttons: dict[str, widgets.Button] = {}
        self.check_button: widgets.Button | None = None
        self.flow_prev_button: widgets.Button | None = None
        self.flow_next_button: widgets.Button | None = None
        self.scroller = Scroller()
        self._build()
        if self.runner.resume() > 0:
            self.feedback = Feedback("info", self.texts.say("retry", "resumed",
                                                            n=self.runner.index + 1))
        self.refresh()

    # -- layout ------------------------------------------------------------------------------
    def _build(self) -> None:
        say = self.texts.say
        self.header = _html("")
        self.nav = _html(th.nav_links(self.lesson, self.ids, self.texts))
        self.problem = _html("", "pt-problem")
        self.step_box = _html("")
        self.panel = widgets.VBox()
        self.panel.add_class("pt-panel")
        self.preview_box = _html("")
        self.feedback_box = _html("")
        self.undo_button = _button(say("button", "undo"), self.undo, tooltip="")
        self.restart_button = _button(say("button", "restart"), lambda: self.restart_ask.ask())
        self.show_me_button = _button(say("button", "show_me"), self.show_me, "warning")
        self.next_button = _button(say("button", "next"), self.next, "primary")
        self.commit_button = _button(say("button", "commit"), self.commit, "success")
        self.commit_button.add_class("pt-commit-button")
        self.restart_ask = panels.Confirm(say("retry", "restart_ask"), say("retry", "restart_yes"),
                                          say("retry", "restart_no"), self.restart,
                                          self.restart_button)
        self.restart_yes, self.restart_no = self.restart_ask.yes, self.restart_ask.no
        buttons = widgets.HBox([self.undo_button, self.restart_button, self.show_me_button,
                                self.next_button])
        buttons.add_class("pt-buttons")
        self.lookup = LookupBox(self.lesson.lang)
        more = widgets.Accordion(children=[self.lookup], selected_index=None)
        more.set_title(0, say("label", "lookup_title"))
        more.add_class("pt-lookup-box")
        left = widgets.VBox([self.step_box, self.panel, self.preview_box, self.feedback_box,
                             buttons, self.restart_ask, more])
        left.add_class("pt-left")
        self.board = _html("", "pt-board-widget")
        right = widgets.VBox([self.board])
        right.add_class("pt-right")
        columns = widgets.HBox([left, right])
        columns.add_class("pt-columns")
        super().__init__([_html(th.styles()), self.header, self.nav, self.problem, columns,
                          self.scroller, _html(th.footer(self.texts))])
        self.add_class("pt-app")

    # -- drawing -------------------------------------------------------------------------------
    def refresh(self) -> None:
        r = self.runner
        done = [r.finished or i < r.index or (i == r.index and r.complete)
                for i in range(r.total)]
        self.header.value = th.header(self.lesson, r.index, done,
                                      [s.title for s in self.lesson.steps], self.texts,
                                      len(self.ids), r.finished)
        self.problem.value = escape(self.store.problem_text(self.texts.lang))
        step = r.step
        self.step_box.value = th.step_html(step.title, step.text, self.glossary)
        focus = self.choosing.focus_part.split("+") if self.choosing.focus_part else []
        highlight = list(step.highlight) + focus
        self.board.value = th.board(r.board_state, r.seat, highlight, lang=self.texts.lang)
        self.panel.children = panels.step_panel(self)
        self.panel.layout.display = None if self.panel.children else "none"
        selected = self.choosing.selected
        lines = r.preview(selected) if selected is not None else []
        self.preview_box.value = th.preview_html(lines, self.texts, self.glossary)
        fb = self.feedback
        self.feedback_box.value = (th.feedback_html(fb.kind, fb.text, fb.lines, self.glossary)
                                   if fb else "")
        for box in (self.preview_box, self.feedback_box, self.problem):
            box.layout.display = None if box.value else "none"
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        r = self.runner
        self.undo_button.disabled = not r.can_undo
        self.show_me_button.disabled = r.finished or (r.complete and not r.quiz_open)
        last = r.index + 1 >= r.total
        self.next_button.description = self.texts.say("button", "finish" if last else "next")
        self.next_button.disabled = r.finished or not r.complete
        for b in (self.undo_button, self.show_me_button, self.next_button):
            b.layout.display = "none" if r.finished else None

    # -- clicks, forwarded to the picks and the runner -------------------------------------
    @_safe
    def pick(self, role: str, card: str) -> None:
        """Choose ``card`` as the Keep or the Give (the engine is asked when both are set)."""
        self.choosing.pick(role, card)
        self.feedback = None
        self.refresh()

    @_safe
    def select(self, action: Action) -> None:
        """Show the preview of ``action``; :meth:`commit` plays it."""
        reason = self.runner.refusal(action)
        self.choosing.selected = action if reason is None else None
        self.feedback = Feedback("refused", reason) if reason else None
        self.refresh()

    @_safe
    def commit(self) -> None:
        """Play the selected move, then bring what comes next (the step's panel) into view."""
        action = self.choosing.selected
        if action is None:
            return
        self.choosing.clear_choice()
        self.feedback = self.runner.play(action)
        self.refresh()
        self.scroller.scroll_to(".pt-panel")

    @_safe
    def answer(self, picked: set[str]) -> None:
        self.choosing.quiz_picks = set(picked)
        self.feedback = self.runner.answer(picked)
        self.refresh()

    @_safe
    def look(self, part_id: str) -> None:
        self.feedback = self.runner.look(part_id)
        self.choosing.focus_part = part_id
        self.refresh()

    @_safe
    def flow_to(self, stage: int) -> None:
        self.runner.flow_to(stage)
        self.feedback = None
        self.refresh()

    # -- the buttons under every step ------------------------------------------------------
    @_safe
    def next(self) -> None:
        self.choosing.reset()
        self.feedback = self.runner.next()
        if self.runner.finished or (self.feedback.kind == "info" and not self.feedback.text):
            self.feedback = None
        self.refresh()

    @_safe
    def show_me(self) -> None:
        self.feedback = self.runner.show_me()
        part = self.runner.seen_parts[-1:] if self.runner.step.kind == "explore" else []
        self.choosing.clear_choice()
        if self.runner.quiz is not None:
            self.choosing.quiz_picks = set()
        self.choosing.focus_part = part[0] if part else None
        if not self.feedback.text and not self.feedback.lines:
            self.feedback = None
        self.refresh()

    @_safe
    def undo(self) -> None:
        self.choosing.reset()
        self.feedback = self.runner.undo()
        self.refresh()

    @_safe
    def restart(self) -> None:
        """Back to step 1 (the Restart button asks first, see ``restart_ask``)."""
        self.restart_ask.cancel()
        self.choosing.reset()
        self.runner.restart()
        self.feedback = None
        self.refresh()


def _tutor_language(lang: str | None) -> str:
    """``lang``, else the page's ``?lang=``; English when the tutor has no lessons in it."""
    lang = page_language() if lang is None else lang
    return lang if lang in languages() else "en"


def lesson(lesson_id: str, lang: str | None = None) -> LessonPage:
    """The page of one lesson, for a tutorial notebook: ``lesson("lesson02")``.

    The language is the page address's ``?lang=`` unless ``lang`` is given. In the app, the
    lesson is the one the page's address names (its ``tutorials/lessonNN.ipynb``): every lesson
    page is served from one kernel started ahead, running lesson 1's notebook
    (``precog.serve.SHARED_POOLS``).
    """
    named = page_lesson()
    if named is not None and named in lesson_ids():
        lesson_id = named
    return LessonPage(lesson_id, _tutor_language(lang))


def tutor_index(lang: str | None = None) -> TutorIndex:
    """The tutorials index, for ``tutorials/index.ipynb`` (language as for :func:`lesson`)."""
    return TutorIndex(_tutor_language(lang))
