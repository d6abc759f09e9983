"""The Play hint beside the board: a thin view of :class:`~precog.session.hint.HintRun`.

It is handed a seat's view (never the whole position) at any of its decisions and shows the
top choices with value, interval and reasons, a Stop button for the refinement, and, at a
Keep/Give, a link that opens the explorer on the same view.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from precog.engine import GameState
from precog.engine.view import SeatView
from precog.session.card_names import card_name
from precog.session.hint import HintAnswer, how_text, view_link
from precog.session.language import page_link
from precog.session.step_hint import SeatHint
from precog.session.words import DEFAULT_LANGUAGE, words
from precog.widgets.common import button, coop_note_html


class HintPanel(widgets.VBox):
    """Ask, see the top choices, stop the refinement, open the explorer."""

    def __init__(self, on_ask: Callable[[], None], explorer_url: str = "explorer.ipynb",
                 lang: str = DEFAULT_LANGUAGE, background: bool = True,
                 on_answer: Callable[[HintAnswer | None], None] = lambda _a: None) -> None:
        super().__init__()
        self.on_answer = on_answer  # told of each answer shown (None: the answer withdrawn)
        self.lang = lang
        self.say = words(lang).say
        self.explorer_url = explorer_url
        self.run = SeatHint(background, lang)
        self.world: GameState | None = None
        self.link = ""
        self.ask_button = button(self.say("hint.ask"), icon="lightbulb-o",
                                 tooltip=self.say("hint.ask_tip"), cls="pc-hint-ask")
        self.ask_button.on_click(lambda _b: on_ask())
        self.cancel_button = button(self.say("hint.cancel"), icon="stop", cls="pc-hint-cancel")
        self.cancel_button.on_click(lambda _b: self.cancel())
        self.cancel_button.disabled = True
        self.status = widgets.HTML()
        self.status.add_class("pc-hint-status")
        self.body = widgets.HTML(f'<div class="pc-none">{escape(self.say("hint.empty"))}</div>')
        self.body.add_class("pc-hint-body")
        head = widgets.HTML(f'<div class="pc-hint-title">{escape(self.say("hint.title"))}'
                            "</div>")
        row = widgets.HBox([self.ask_button, self.cancel_button])
        row.add_class("pc-hint-buttons")
        self.children = [head, row, self.status, self.body]
        self.add_class("pc-hint-panel")

    @property
    def answer(self) -> HintAnswer | None:
        return self.run.answer

    def show(self, view: SeatView) -> None:
        """Rank ``view``'s choices (a first answer, then a refined one)."""
        self.world = view.world()
        self.link = page_link(view_link(view, self.explorer_url), self.lang)
        self.run.answer = None
        self.body.value = ""
        self.status.value = f'<span class="pc-busy">{escape(self.say("hint.working"))}</span>'
        self.cancel_button.disabled = False
        self.run.start(view, self._answered, self._failed)

    def unavailable(self, reason: str | None) -> None:
        """No hint now (``reason`` says why; None: a hint may be asked)."""
        self.cancel()
        self.ask_button.disabled = reason is not None
        self.ask_button.tooltip = reason or self.say("hint.ask_tip")
        if reason is not None or self.world is not None:
            self.world = None
            self.link = ""
            self.run.answer = None
            self.on_answer(None)
            self.status.value = ""
            self.body.value = (f'<div class="pc-hint-why">{escape(reason)}</div>' if reason
                               else f'<div class="pc-none">{escape(self.say("hint.empty"))}</div>')

    def cancel(self) -> None:
        self.run.cancel()
        self.cancel_button.disabled = True

    def wait(self, timeout: float | None = None) -> None:
        self.run.wait(timeout)

    def _answered(self, answer: HintAnswer) -> None:
        if self.world is None:
            return
        text = how_text(answer, self.lang)
        self.body.value = hint_html(answer, self.world, self.link, self.lang)
        self.status.value = f'<span class="pc-hint-stage">{escape(text)}</span>'
        self.on_answer(answer)
        if answer.final or answer.cancelled:
            self.cancel_button.disabled = True

    def _failed(self, error: BaseException) -> None:
        self.cancel_button.disabled = True
        self.status.value = (f'<span class="pc-msg-error">{escape(self.say("hint.failed"))}: '
                             f"{escape(str(error))}</span>")


def hint_html(answer: HintAnswer, world: GameState, link: str,
              lang: str = DEFAULT_LANGUAGE) -> str:
    """The top choices as a small table, and, at a Keep/Give, the link to the explorer."""
    say = words(lang).say
    keep_give = answer.step == "choose"
    head = (f'<tr><th>{escape(say("hint.choice"))}</th>'
            f'<th title="{escape(say("hint.value_tip"))}">{escape(say("hint.value"))}</th>'
            f'<th title="{escape(say("hint.interval_tip"))}">{escape(say("hint.interval"))}</th>'
            "</tr>")
    rows = []
    for i, r in enumerate(answer.rows, 1):
        choice = _keep_give(r.keep, r.give, world, lang) if keep_give else escape(r.label)
        ci = (f'<span title="{escape(say("hint.no_interval"))}">–</span>' if r.ci95 is None
              else words(lang).number(r.ci95, ".2f"))
        why = "".join(f"<li>{escape(t)}</li>" for t in r.reasons)
        rows.append(f'<tr class="pc-hint-row" data-action="{escape(r.action)}">'
                    f'<td><span class="pc-hint-rank">{i}</span> {choice}</td>'
                    f'<td class="pc-num">{words(lang).number(r.value, ".2f")}</td>'
                    f'<td class="pc-num">{ci}</td></tr>'
                    f'<tr class="pc-hint-reasons"><td colspan="3"><ul>{why}</ul></td></tr>')
    intro = say("hint.intro") if keep_give else say(
        "hint.intro_step", step=say(f"hint.step_{answer.step}"))
    open_link = (f'<a class="pc-link pc-hint-open" target="_blank" href="{escape(link)}" '
                 f'title="{escape(say("hint.open_tip"))}">{escape(say("hint.open"))}</a>'
                 if keep_give else "")
    return (f'<div class="pc-hint-intro">{escape(intro)}</div>'
            f'<table class="pc-hint-table" data-step="{escape(answer.step)}">{head}'
            f'{"".join(rows)}</table>'
            f'{coop_note_html(world, lang)}{open_link}'
            f'<div class="pc-provenance pc-hint-note">{escape(answer.provenance)}</div>')


def _keep_give(keep: str, give: str, world: GameState, lang: str) -> str:
    """``Keep «A», give «B»`` with each card named as every page names it (its id on hover)."""
    def name(card: str) -> str:
        shown = card_name(card, world.components, lang, quoted=True)
        return f'<b title="{escape(card)}">{escape(shown)}</b>'

    choice = words(lang).say("hint.keep_give", keep="\0k", give="\0g")
    return escape(choice).replace("\0k", name(keep)).replace("\0g", name(give))
