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

from precog.engine import Phase, PrecogError
from precog.engine.actions import Action
from precog.session.language import page_language, page_link
from precog.session.words import words
from precog.tutor import html as th
from precog.tutor.choosing import Choosing
from precog.tutor.data import Lesson, all_lessons, languages, lesson_ids, load_lesson, ui_texts
from precog.tutor.glossary import glossary, lookup
from precog.tutor.progress import ProgressStore
from precog.tutor.runner import Feedback, LessonRunner
from precog.tutor.text import inline_html, to_html
from precog.widgets import tutor_panels as panels
from precog.widgets.tutor_panels import button as _button
from precog.widgets.tutor_panels import html as _html

__all__ = ["LessonPage", "LookupBox", "TutorIndex", "lesson", "tutor_index"]


class LookupBox(widgets.VBox):
    """Type a word, get the glossary's explanation and the lessons that teach it."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.texts = ui_texts(lang)
        self.lessons = {x.id: x for x in all_lessons(lang)}
        self.query = widgets.Text(placeholder=self.texts.say("label", "lookup_hint"),
                                  continuous_update=False)
        self.query.add_class("pt-lookup-input")
        self.button = _button(self.texts.say("button", "lookup"), self.search)
        self.results = _html("", "pt-lookup-results")
        self.query.observe(lambda _change: self.search(), names="value")
        super().__init__([widgets.HBox([self.query, self.button]), self.results])
        self.add_class("pt-lookup")

    def search(self) -> None:
        q = self.query.value
        self.results.value = th.lookup_html(q, lookup(q, self.lang), self.lessons, self.texts)


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


PANELS = {"explore": panels.parts, "quiz": panels.quiz, "flow": panels.flow,
          "lookahead": panels.lookahead}


class LessonPage(widgets.VBox):
    """One lesson: its steps, the drawn table, the learner's choices, previews and quizzes."""

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
        self._build()
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
        self.restart_button = _button(say("button", "restart"), self.restart)
        self.show_me_button = _button(say("button", "show_me"), self.show_me, "warning")
        self.next_button = _button(say("button", "next"), self.next, "primary")
        self.commit_button = _button(say("button", "commit"), self.commit, "success")
        self.commit_button.add_class("pt-commit-button")
        buttons = widgets.HBox([self.undo_button, self.restart_button, self.show_me_button,
                                self.next_button])
        buttons.add_class("pt-buttons")
        self.lookup = LookupBox(self.lesson.lang)
        more = widgets.Accordion(children=[self.lookup], selected_index=None)
        more.set_title(0, say("label", "lookup_title"))
        more.add_class("pt-lookup-box")
        left = widgets.VBox([self.step_box, self.panel, self.preview_box, self.feedback_box,
                             buttons, more])
        left.add_class("pt-left")
        self.board = _html("", "pt-board-widget")
        right = widgets.VBox([self.board])
        right.add_class("pt-right")
        columns = widgets.HBox([left, right])
        columns.add_class("pt-columns")
        super().__init__([_html(th.styles()), self.header, self.nav, self.problem, columns,
                          _html(th.footer(self.texts))])
        self.add_class("pt-app")

    # -- drawing -------------------------------------------------------------------------------
    def refresh(self) -> None:
        r = self.runner
        done = [r.finished or i < r.index or (i == r.index and r.complete)
                for i in range(r.total)]
        self.header.value = th.header(self.lesson, r.index, done,
                                      [s.title for s in self.lesson.steps], self.texts,
                                      len(self.ids), r.finished)
        self.problem.value = self.store.problem
        step = r.step
        self.step_box.value = th.step_html(step.title, step.text, self.glossary)
        focus = self.choosing.focus_part.split("+") if self.choosing.focus_part else []
        highlight = list(step.highlight) + focus
        self.board.value = th.board(r.state, r.seat, highlight, lang=self.texts.lang)
        self.panel.children = self._panel()
        self.panel.layout.display = None if self.panel.children else "none"
        selected = self.choosing.selected
        lines = r.preview(selected) if selected is not None else []
        self.preview_box.value = th.preview_html(lines, self.texts, self.glossary)
        fb = self.feedback
        self.feedback_box.value = (th.feedback_html(fb.kind, fb.text, fb.lines, self.glossary)
                                   if fb else "")
        for box in (self.preview_box, self.feedback_box, self.problem):
            box.layout.display = None if box.value else "none"
        self.undo_button.disabled = not r.can_undo
        self.show_me_button.disabled = r.finished or r.complete
        last = r.index + 1 >= r.total
        self.next_button.description = self.texts.say("button", "finish" if last else "next")
        self.next_button.disabled = r.finished or not r.complete
        for b in (self.undo_button, self.show_me_button, self.next_button):
            b.layout.display = "none" if r.finished else None

    def _panel(self) -> list[widgets.Widget]:
        r = self.runner
        say = self.texts.say
        if r.finished:
            return [_html(th.finished_html(self.lesson, self.ids, self.texts))]
        kind = r.step.kind
        if kind in PANELS:
            return PANELS[kind](self)
        if kind == "act":
            if r.state.is_over and r.state.outcome is not None:
                note = say("label", "game_over", reason=r.state.outcome.reason)
                return [_html(f'<div class="pt-panel-note">{to_html(note)}</div>')]
            if r.learner_to_move:
                if r.state.phase is Phase.DECISION:
                    return panels.picker(self)
                return panels.options(self)
            return [_html(f'<div class="pt-panel-note">{to_html(say("label", "waiting"))}</div>')]
        return []

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
        action = self.choosing.selected
        if action is None:
            return
        self.choosing.clear_choice()
        self.feedback = self.runner.play(action)
        self.refresh()

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
        self.choosing.reset()
        self.runner.restart()
        self.feedback = None
        self.refresh()


class TutorIndex(widgets.VBox):
    """The tutorials' landing page: lessons with progress, the glossary, the rules lookup."""

    def __init__(self, lang: str = "en", store: ProgressStore | None = None) -> None:
        self.texts = ui_texts(lang)
        self.store = store if store is not None else ProgressStore()
        self.lessons = all_lessons(lang)
        say = self.texts.say
        intro = inline_html(say("label", "index_intro", count=len(self.lessons)))
        head = _html(f'<div class="pt-index-head"><h1>{say("label", "index_title")}</h1>'
                     f'<p>{intro}</p></div>'
                     f'<div class="pt-unofficial">{say("label", "unofficial")}</div>'
                     f'<nav class="pt-nav"><a href="'
                     f'{escape(page_link("../notebooks/index.ipynb", lang))}">'
                     f'{say("label", "app_home")}</a></nav>')
        self.list_box = _html("")
        self.problem = _html(self.store.problem, "pt-problem")
        self.lookup = LookupBox(lang)
        by_id = {x.id: x for x in self.lessons}
        gloss = widgets.Accordion(children=[_html(th.glossary_html(glossary(lang), by_id))],
                                  selected_index=None)
        gloss.set_title(0, say("label", "glossary"))
        look = widgets.VBox([self._title(say("label", "lookup_title")), self.lookup])
        super().__init__([_html(th.styles()), head, self.problem, self.list_box, look, gloss])
        self.add_class("pt-app")
        self.refresh()

    def _title(self, text: str) -> widgets.HTML:
        return _html(f'<h3 style="margin:14px 0 4px">{text}</h3>')

    def refresh(self) -> None:
        statuses = {x.id: self.store.status(x.id) for x in self.lessons}
        self.list_box.value = th.lesson_list_html(self.lessons, statuses, self.texts)


def _tutor_language(lang: str | None) -> str:
    """``lang``, else the page's ``?lang=``; English when the tutor has no lessons in it."""
    lang = page_language() if lang is None else lang
    return lang if lang in languages() else "en"


def lesson(lesson_id: str, lang: str | None = None) -> LessonPage:
    """The page of one lesson, for a tutorial notebook: ``lesson("lesson02")``.

    The language is the page address's ``?lang=`` unless ``lang`` is given.
    """
    return LessonPage(lesson_id, _tutor_language(lang))


def tutor_index(lang: str | None = None) -> TutorIndex:
    """The tutorials index, for ``tutorials/index.ipynb`` (language as for :func:`lesson`)."""
    return TutorIndex(_tutor_language(lang))
