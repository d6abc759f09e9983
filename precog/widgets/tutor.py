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
import os
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as widgets

from precog.engine import Phase, PrecogError
from precog.engine.actions import Action, Choose
from precog.session.words import action_label
from precog.tutor import html as th
from precog.tutor.data import (
    DEFAULT_LANGUAGE,
    Lesson,
    all_lessons,
    languages,
    lesson_ids,
    load_lesson,
    ui_texts,
)
from precog.tutor.glossary import glossary, lookup
from precog.tutor.progress import ProgressStore
from precog.tutor.runner import Feedback, LessonRunner, Option
from precog.tutor.text import inline_html, to_html

__all__ = ["LessonPage", "LookupBox", "TutorIndex", "lesson", "page_language", "tutor_index"]


def _button(text: str, handler: Callable[[], None], style: str = "", disabled: bool = False,
            tooltip: str = "") -> widgets.Button:
    b = widgets.Button(description=text, button_style=style, disabled=disabled, tooltip=tooltip)
    b.on_click(lambda _b: handler())
    return b


def _html(value: str, cls: str = "") -> widgets.HTML:
    w = widgets.HTML(value)
    if cls:
        w.add_class(cls)
    return w


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
            self.feedback = Feedback("refused", self.texts.say("label", "error", error=err))
            self.refresh()

    return run


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
        self.selected: Action | None = None
        self.pick_keep: str | None = None
        self.pick_give: str | None = None
        self.quiz_picks: set[str] = set()
        self.focus_part: str | None = None
        self.tree_rows: dict[str, tuple[float, str, bool]] | None = None
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
        focus = self.focus_part.split("+") if self.focus_part else []
        highlight = list(step.highlight) + focus
        self.board.value = th.board(r.state, r.seat, highlight)
        self.panel.children = self._panel()
        self.panel.layout.display = None if self.panel.children else "none"
        lines = r.preview(self.selected) if self.selected is not None else []
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
        if kind == "explore":
            return self._parts()
        if kind == "quiz":
            return self._quiz()
        if kind == "flow":
            return self._flow()
        if kind == "lookahead":
            return self._lookahead()
        if kind == "act":
            if r.state.is_over and r.state.outcome is not None:
                note = say("label", "game_over", reason=r.state.outcome.reason)
                return [_html(f'<div class="pt-panel-note">{to_html(note)}</div>')]
            if r.learner_to_move:
                if r.state.phase is Phase.DECISION:
                    return self._picker()
                return self._options()
            return [_html(f'<div class="pt-panel-note">{to_html(say("label", "waiting"))}</div>')]
        return []

    def _note(self, key: str, **values: Any) -> widgets.HTML:
        return _html(f'<div class="pt-panel-note">{to_html(self.texts.say("label", key, **values))}'
                     "</div>")

    # -- the Decision phase: pick a Keep and a Give ---------------------------------------
    def _picker(self) -> list[widgets.Widget]:
        r, say = self.runner, self.texts.say
        s = r.state
        p = s.players[r.seat]
        options = {(o.action.keep, o.action.give): o for o in r.options()
                   if isinstance(o.action, Choose)}
        self.keep_buttons: dict[str, widgets.Button] = {}
        self.give_buttons: dict[str, widgets.Button] = {}
        refused: dict[str, str] = {}
        groups = []
        for label, cards in ((say("label", "hand"), p.hand),
                             (say("label", "decision_zone", n=s.left(r.seat)), p.decision_zone)):
            picks = [self._pick(card, options, refused) for card in cards]
            box = widgets.VBox([self._label(label), widgets.HBox(picks)])
            groups.append(box)
        picker = widgets.HBox(groups)
        picker.add_class("pt-picker")
        out: list[widgets.Widget] = [self._note("choose_keep"), self._note("choose_give"), picker]
        if refused:
            items = "".join(f"<li><b>{self.texts.say('button', 'give')} {card}</b>: {why}</li>"
                            for card, why in refused.items())
            out.append(_html(f'<div class="pt-refused">{say("label", "greyed")}<ul>{items}</ul>'
                             "</div>"))
        if self.pick_keep and self.pick_give:
            o = options.get((self.pick_keep, self.pick_give))
            if o is not None and o.legal:
                self.selected = o.action
                out.append(self._note("choose_ready", keep=self.pick_keep, give=self.pick_give))
                out.append(self._commit_row(o.label))
        return out

    def _label(self, text: str) -> widgets.HTML:
        return _html(f'<div class="pt-group-label">{text}</div>')

    def _pick(self, card: str, options: dict[tuple[str, str], Option],
              refused: dict[str, str]) -> widgets.VBox:
        r = self.runner
        keep_ok = any(o.legal for (k, _g), o in options.items() if k == card)
        if self.pick_keep:
            o = options.get((self.pick_keep, card))
            give_ok = o is not None and o.legal
            reason = o.reason if o is not None else ""
        else:
            give_ok = any(o.legal for (_k, g), o in options.items() if g == card)
            reason = next((o.reason for (k, g), o in options.items() if g == card and k != card),
                          "")
        if not give_ok and reason:
            refused[card] = reason
        role = "keep" if card == self.pick_keep else "give" if card == self.pick_give else ""
        tags = (self.texts.say("button", role),) if role else ()
        face = th.card_html(r.state.card(card), tags=tags)
        keep = _button(self.texts.say("button", "keep"), lambda: self.pick("keep", card),
                       "success" if role == "keep" else "", disabled=not keep_ok)
        give = _button(self.texts.say("button", "give"), lambda: self.pick("give", card),
                       "warning" if role == "give" else "", disabled=not give_ok, tooltip=reason)
        self.keep_buttons[card], self.give_buttons[card] = keep, give
        row = widgets.HBox([keep, give])
        row.add_class("pt-pick-buttons")
        box = widgets.VBox([_html(f'<div class="pc-board">{face}</div>'), row])
        box.add_class("pt-pick")
        if role:
            box.add_class(f"pt-pick-{role}")
        return box

    @_safe
    def pick(self, role: str, card: str) -> None:
        """Choose ``card`` as the Keep or the Give (the engine is asked when both are set)."""
        if role == "keep":
            self.pick_keep = card
            if self.pick_give == card:
                self.pick_give = None
        else:
            self.pick_give = card
        self.selected = None
        self.feedback = None
        self.refresh()

    # -- every other decision: one button per option -----------------------------------------
    def _options(self) -> list[widgets.Widget]:
        options = self.runner.options()
        self.option_buttons: dict[str, widgets.Button] = {}
        buttons = []
        for o in options:
            key = str(o.action)
            chosen = self.selected is not None and str(self.selected) == key
            b = _button(o.label, functools.partial(self.select, o.action),
                        "info" if chosen else "", disabled=not o.legal, tooltip=o.reason)
            if chosen:
                b.add_class("pt-option-selected")
            self.option_buttons[key] = b
            buttons.append(b)
        row = widgets.HBox(buttons)
        row.add_class("pt-options")
        out: list[widgets.Widget] = [row]
        refused = [o for o in options if not o.legal]
        if refused:
            items = "".join(f"<li><b>{o.label}</b>: {o.reason}</li>" for o in refused)
            out.append(_html(f'<div class="pt-refused">{self.texts.say("label", "greyed")}'
                             f"<ul>{items}</ul></div>"))
        if self.selected is not None:
            label = next((o.label for o in options if str(o.action) == str(self.selected)), "")
            out.append(self._commit_row(label))
        return out

    def _commit_row(self, label: str) -> widgets.HBox:
        self.commit_button.description = f"{self.texts.say('button', 'commit')}: {label}"
        self.commit_button.disabled = False
        row = widgets.HBox([self.commit_button])
        row.add_class("pt-commit")
        return row

    @_safe
    def select(self, action: Action) -> None:
        """Show the preview of ``action``; :meth:`commit` plays it."""
        reason = self.runner.refusal(action)
        self.selected = action if reason is None else None
        self.feedback = Feedback("refused", reason) if reason else None
        self.refresh()

    @_safe
    def commit(self) -> None:
        if self.selected is None:
            return
        action, self.selected = self.selected, None
        self.pick_keep = self.pick_give = None
        self.feedback = self.runner.play(action)
        self.refresh()

    # -- quizzes -----------------------------------------------------------------------------
    def _quiz(self) -> list[widgets.Widget]:
        quiz = self.runner.quiz
        if quiz is None:
            return []
        answered = self.runner.complete
        self.quiz_buttons: dict[str, widgets.Widget] = {}
        items: list[widgets.Widget] = []
        for choice in quiz.choices:
            if quiz.multi:
                t = widgets.ToggleButton(description=choice.label,
                                         value=choice.value in self.quiz_picks,
                                         disabled=answered)
                t.observe(functools.partial(self._toggle, choice.value), names="value")
                w: widgets.Widget = t
            else:
                w = _button(choice.label, functools.partial(self.answer, {choice.value}),
                            disabled=answered)
            if answered and choice.value in quiz.answer:
                w.add_class("pt-quiz-right")
            elif answered and choice.value in self.quiz_picks:
                w.add_class("pt-quiz-wrong")
            self.quiz_buttons[choice.value] = w
            items.append(w)
        row = widgets.HBox(items)
        row.add_class("pt-options")
        head = _html(f'<div class="pt-quiz-q">{self.glossary.wrap(to_html(quiz.question))}</div>')
        out: list[widgets.Widget] = [head]
        if quiz.multi:
            out.append(self._note("pick_all"))
        out.append(row)
        if quiz.multi:
            self.check_button = _button(self.texts.say("button", "check"),
                                        lambda: self.answer(set(self.quiz_picks)), "success",
                                        disabled=answered)
            out.append(self.check_button)
        return out

    def _toggle(self, value: str, change: dict[str, Any]) -> None:
        if change["new"]:
            self.quiz_picks.add(value)
        else:
            self.quiz_picks.discard(value)

    @_safe
    def answer(self, picked: set[str]) -> None:
        self.quiz_picks = set(picked)
        self.feedback = self.runner.answer(picked)
        self.refresh()

    # -- lesson 1: the parts of the Boat ---------------------------------------------------
    def _parts(self) -> list[widgets.Widget]:
        seen = self.runner.seen_parts
        self.part_buttons: dict[str, widgets.Button] = {}
        buttons = []
        for part in self.runner.step.parts:
            b = _button(part.label, functools.partial(self.look, part.id),
                        "success" if part.id in seen else "")
            self.part_buttons[part.id] = b
            buttons.append(b)
        row = widgets.HBox(buttons)
        row.add_class("pt-parts")
        return [row, self._note("parts_seen", n=len(seen), total=len(self.runner.step.parts))]

    @_safe
    def look(self, part_id: str) -> None:
        self.feedback = self.runner.look(part_id)
        self.focus_part = part_id
        self.refresh()

    # -- lesson 2: the reveal, move by move ------------------------------------------------
    def _flow(self) -> list[widgets.Widget]:
        r = self.runner
        flow = r.flow
        if flow is None:
            return []
        stage = r.flow_stage
        view = _html(th.flow_html(flow, stage, r.seat, self.texts))
        self.flow_prev_button = _button(self.texts.say("button", "flow_prev"),
                                        lambda: self.flow_to(stage - 1), disabled=stage == 0)
        self.flow_next_button = _button(self.texts.say("button", "flow_next"),
                                        lambda: self.flow_to(stage + 1), "info",
                                        disabled=r.complete)
        return [view, widgets.HBox([self.flow_prev_button, self.flow_next_button])]

    @_safe
    def flow_to(self, stage: int) -> None:
        self.runner.flow_to(stage)
        self.feedback = None
        self.refresh()

    # -- lesson 9: thinking ahead ------------------------------------------------------------
    def _lookahead(self) -> list[widgets.Widget]:
        r = self.runner
        s = r.state
        if s.phase is not Phase.DECISION or s.to_move != r.seat:
            return []
        p = s.players[r.seat]
        rows = []
        for o in r.options_for_lookahead():
            rest = [c for c in p.hand + p.decision_zone if c not in (o.keep, o.give)]
            rows.append((str(o), action_label(s, o, self.texts.lang),
                         " + ".join(rest)))
        if self.tree_rows is None:
            self.tree_rows = self.runner.tree_rows()
        view = th.lookahead_html(s, r.seat, rows, self.tree_rows, self.texts, self.glossary)
        link = (f'<a href="{th.href("../notebooks/explorer.ipynb", self.texts.lang)}">'
                f'{self.texts.say("label", "tree_link")}</a>')
        return [_html(view + link)]

    # -- the buttons under every step ------------------------------------------------------
    def _reset_choice(self) -> None:
        self.selected = None
        self.pick_keep = self.pick_give = None
        self.quiz_picks = set()
        self.focus_part = None
        self.tree_rows = None

    @_safe
    def next(self) -> None:
        self._reset_choice()
        self.feedback = self.runner.next()
        if self.runner.finished or (self.feedback.kind == "info" and not self.feedback.text):
            self.feedback = None
        self.refresh()

    @_safe
    def show_me(self) -> None:
        self.feedback = self.runner.show_me()
        part = self.runner.seen_parts[-1:] if self.runner.step.kind == "explore" else []
        self.selected = None
        self.pick_keep = self.pick_give = None
        if self.runner.quiz is not None:
            self.quiz_picks = set()
        self.focus_part = part[0] if part else None
        if not self.feedback.text and not self.feedback.lines:
            self.feedback = None
        self.refresh()

    @_safe
    def undo(self) -> None:
        self._reset_choice()
        self.feedback = self.runner.undo()
        self.refresh()

    @_safe
    def restart(self) -> None:
        self._reset_choice()
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
                     f'<nav class="pt-nav"><a href="{th.href("../notebooks/index.ipynb", lang)}">'
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


def page_language(query: str | None = None) -> str:
    """The language a page was asked for with ``?lang=ru`` (Voila hands the page's query to
    the kernel as ``QUERY_STRING``); English when absent or when the tutor has no such
    language.

    >>> page_language("lang=ru&x=1"), page_language(""), page_language("lang=xx")
    ('ru', 'en', 'en')
    """
    raw = os.environ.get("QUERY_STRING", "") if query is None else query
    asked = parse_qs(raw).get("lang", [DEFAULT_LANGUAGE])[0]
    return asked if asked in languages() else DEFAULT_LANGUAGE


def lesson(lesson_id: str, lang: str | None = None) -> LessonPage:
    """The page of one lesson, for a tutorial notebook: ``lesson("lesson02")``; the language
    is the page's ``?lang=`` unless given."""
    return LessonPage(lesson_id, lang or page_language())


def tutor_index(lang: str | None = None) -> TutorIndex:
    """The tutorials index, for ``tutorials/index.ipynb`` (language as for :func:`lesson`)."""
    return TutorIndex(lang or page_language())
