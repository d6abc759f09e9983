"""The lesson page's step panels: what the learner clicks in each kind of step.

Each function draws one panel of a :class:`~precog.widgets.tutor.LessonPage` and wires its
buttons to the page's handlers (``page.pick``, ``page.select``, ``page.answer``,
``page.look``, ``page.flow_to``); the picks live in ``page.choosing``
(:class:`~precog.tutor.choosing.Choosing`), every check in the runner.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from precog.engine import Phase
from precog.session.language import page_link
from precog.session.speech import speech
from precog.session.words import action_label
from precog.tutor import html as th
from precog.tutor.choosing import CardPick
from precog.tutor.text import to_html

if TYPE_CHECKING:
    from precog.widgets.tutor import LessonPage


def button(text: str, handler: Callable[[], None], style: str = "", disabled: bool = False,
           tooltip: str = "") -> widgets.Button:
    b = widgets.Button(description=text, button_style=style, disabled=disabled, tooltip=tooltip)
    b.on_click(lambda _b: handler())
    return b


def html(value: str, cls: str = "") -> widgets.HTML:
    w = widgets.HTML(value)
    if cls:
        w.add_class(cls)
    return w


class Confirm(widgets.VBox):
    """A question with Yes and Cancel, hidden until :meth:`ask`; ``trigger`` (the button that
    asks) is greyed while the question is open."""

    def __init__(self, question: str, yes: str, no: str, on_yes: Callable[[], None],
                 trigger: widgets.Button) -> None:
        self.trigger = trigger
        self.yes = button(yes, on_yes, "danger")
        self.no = button(no, self.cancel)
        super().__init__([html(f'<div class="pt-confirm-q">{to_html(question)}</div>'),
                          widgets.HBox([self.yes, self.no])])
        self.add_class("pt-confirm")
        self.layout.display = "none"

    def ask(self) -> None:
        self.layout.display = None
        self.trigger.disabled = True

    def cancel(self) -> None:
        self.layout.display = "none"
        self.trigger.disabled = False


def note(page: LessonPage, key: str, **values: Any) -> widgets.HTML:
    return html(f'<div class="pt-panel-note">{to_html(page.texts.say("label", key, **values))}'
                "</div>")


def refused_html(page: LessonPage, items: str) -> widgets.HTML:
    return html(f'<div class="pt-refused">{page.texts.say("label", "greyed")}<ul>{items}</ul>'
                "</div>")


def commit_row(page: LessonPage, label: str) -> widgets.HBox:
    page.commit_button.description = f"{page.texts.say('button', 'commit')}: {label}"
    page.commit_button.disabled = False
    row = widgets.HBox([page.commit_button])
    row.add_class("pt-commit")
    return row


# -- which panel a step shows ----------------------------------------------------------------
def step_panel(page: LessonPage) -> list[widgets.Widget]:
    """The panel of the current step: the step kind's own, the learner's choices, or a note."""
    r = page.runner
    if r.finished:
        return [html(th.finished_html(page.lesson, page.ids, page.texts))]
    kind = r.step.kind
    if kind in PANELS:
        return PANELS[kind](page)
    if kind != "act":
        return []
    if r.state.is_over and r.state.outcome is not None:
        return [note(page, "game_over", reason=r.state.outcome.reason)]
    if r.learner_to_move:
        return picker(page) if r.state.phase is Phase.DECISION else options(page)
    return [note(page, "waiting")]


# -- the Decision phase: pick a Keep and a Give ---------------------------------------------
def picker(page: LessonPage) -> list[widgets.Widget]:
    r, say, choosing = page.runner, page.texts.say, page.choosing
    s = r.state
    p = s.players[r.seat]
    options = r.options()
    page.keep_buttons, page.give_buttons = {}, {}
    refused: dict[str, str] = {}
    groups = []
    for label, cards in ((say("label", "hand"), p.hand),
                         (say("label", "decision_zone", n=s.left(r.seat)), p.decision_zone)):
        picks = []
        for pick in choosing.cards(options, cards):
            if pick.reason:
                refused[pick.card] = pick.reason
            picks.append(_card(page, pick))
        groups.append(widgets.VBox([html(f'<div class="pt-group-label">{label}</div>'),
                                    widgets.HBox(picks)]))
    box = widgets.HBox(groups)
    box.add_class("pt-picker")
    out: list[widgets.Widget] = [note(page, "choose_keep"), note(page, "choose_give"), box]
    if refused:
        out.append(refused_html(page, "".join(
            f"<li><b>{say('button', 'give')} {card}</b>: {why}</li>"
            for card, why in refused.items())))
    ready = choosing.ready(options)
    if ready is not None:
        out.append(note(page, "choose_ready", keep=choosing.keep, give=choosing.give))
        out.append(commit_row(page, ready.label))
    return out


def _card(page: LessonPage, pick: CardPick) -> widgets.VBox:
    say, card, role = page.texts.say, pick.card, pick.role
    tags = (say("button", role),) if role else ()
    face = th.card_html(page.runner.state.card(card), tags=tags,
                        speech=speech(page.texts.lang))
    keep = button(say("button", "keep"), lambda: page.pick("keep", card),
                  "success" if role == "keep" else "", disabled=not pick.keep_ok)
    give = button(say("button", "give"), lambda: page.pick("give", card),
                  "warning" if role == "give" else "", disabled=not pick.give_ok,
                  tooltip=pick.reason)
    page.keep_buttons[card], page.give_buttons[card] = keep, give
    row = widgets.HBox([keep, give])
    row.add_class("pt-pick-buttons")
    box = widgets.VBox([html(f'<div class="pc-board">{face}</div>'), row])
    box.add_class("pt-pick")
    if role:
        box.add_class(f"pt-pick-{role}")
    return box


# -- every other decision: one button per option ---------------------------------------------
def options(page: LessonPage) -> list[widgets.Widget]:
    found = page.runner.options()
    selected = page.choosing.selected
    page.option_buttons = {}
    buttons = []
    for o in found:
        key = str(o.action)
        chosen = selected is not None and str(selected) == key
        b = button(o.label, functools.partial(page.select, o.action),
                   "info" if chosen else "", disabled=not o.legal, tooltip=o.reason)
        if chosen:
            b.add_class("pt-option-selected")
        page.option_buttons[key] = b
        buttons.append(b)
    row = widgets.HBox(buttons)
    row.add_class("pt-options")
    out: list[widgets.Widget] = [row]
    refused = [o for o in found if not o.legal]
    if refused:
        out.append(refused_html(page, "".join(f"<li><b>{o.label}</b>: {o.reason}</li>"
                                              for o in refused)))
    if selected is not None:
        label = next((o.label for o in found if str(o.action) == str(selected)), "")
        out.append(commit_row(page, label))
    return out


# -- quizzes ---------------------------------------------------------------------------------
def quiz(page: LessonPage) -> list[widgets.Widget]:
    q = page.runner.quiz
    if q is None:
        return []
    solved = not page.runner.quiz_open  # a wrong answer leaves the quiz open for a retry
    tried = page.runner.complete
    picks = page.choosing.quiz_picks
    page.quiz_buttons = {}
    items: list[widgets.Widget] = []
    for choice in q.choices:
        if q.multi:
            t = widgets.ToggleButton(description=choice.label, value=choice.value in picks,
                                     disabled=solved)
            t.observe(functools.partial(_toggle, picks, choice.value), names="value")
            w: widgets.Widget = t
        else:
            w = button(choice.label, functools.partial(page.answer, {choice.value}),
                       disabled=solved)
        if solved and choice.value in q.answer:
            w.add_class("pt-quiz-right")
        elif tried and choice.value in picks and choice.value not in q.answer:
            w.add_class("pt-quiz-wrong")
        page.quiz_buttons[choice.value] = w
        items.append(w)
    row = widgets.HBox(items)
    row.add_class("pt-options")
    out: list[widgets.Widget] = [
        html(f'<div class="pt-quiz-q">{page.glossary.wrap(to_html(q.question))}</div>')]
    if q.multi:
        out.append(note(page, "pick_all"))
    out.append(row)
    if q.multi:
        page.check_button = button(page.texts.say("button", "check"),
                                   lambda: page.answer(set(page.choosing.quiz_picks)),
                                   "success", disabled=solved)
        out.append(page.check_button)
    return out


def _toggle(picks: set[str], value: str, change: dict[str, Any]) -> None:
    if change["new"]:
        picks.add(value)
    else:
        picks.discard(value)


# -- lesson 1: the parts of the Boat ---------------------------------------------------------
def parts(page: LessonPage) -> list[widgets.Widget]:
    seen = page.runner.seen_parts
    page.part_buttons = {}
    buttons = []
    for part in page.runner.step.parts:
        b = button(part.label, functools.partial(page.look, part.id),
                   "success" if part.id in seen else "")
        page.part_buttons[part.id] = b
        buttons.append(b)
    row = widgets.HBox(buttons)
    row.add_class("pt-parts")
    return [row, note(page, "parts_seen", n=len(seen), total=len(page.runner.step.parts))]


# -- lesson 2: the reveal, move by move ------------------------------------------------------
def flow(page: LessonPage) -> list[widgets.Widget]:
    r = page.runner
    shown = r.flow
    if shown is None:
        return []
    stage = r.flow_stage
    view = html(th.flow_html(shown, stage, r.seat, page.texts))
    page.flow_prev_button = button(page.texts.say("button", "flow_prev"),
                                   lambda: page.flow_to(stage - 1), disabled=stage == 0)
    page.flow_next_button = button(page.texts.say("button", "flow_next"),
                                   lambda: page.flow_to(stage + 1), "info",
                                   disabled=r.complete)
    return [view, widgets.HBox([page.flow_prev_button, page.flow_next_button])]


# -- lesson 9: thinking ahead ----------------------------------------------------------------
def lookahead(page: LessonPage) -> list[widgets.Widget]:
    r = page.runner
    s = r.state
    if s.phase is not Phase.DECISION or s.to_move != r.seat:
        return []
    p = s.players[r.seat]
    rows = []
    for o in r.options_for_lookahead():
        rest = [c for c in p.hand + p.decision_zone if c not in (o.keep, o.give)]
        rows.append((str(o), action_label(s, o, page.texts.lang), " + ".join(rest)))
    if page.choosing.tree_rows is None:
        page.choosing.tree_rows = r.tree_rows()
    view = th.lookahead_html(s, r.seat, rows, page.choosing.tree_rows, page.texts,
                             page.glossary)
    href = escape(page_link("../notebooks/explorer.ipynb", page.texts.lang))
    link = f'<a href="{href}">{page.texts.say("label", "tree_link")}</a>'
    return [html(view + link)]


PANELS: dict[str, Callable[[LessonPage], list[widgets.Widget]]] = {
    "explore": parts, "quiz": quiz, "flow": flow, "lookahead": lookahead}
