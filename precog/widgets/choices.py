"""The choices of the player to move, as clickable cards and buttons.

Every clickable option comes from ``legal_actions(state)``; the nearby actions the rules refuse
are shown greyed with the reason (:func:`precog.session.options.options`, the tutor's source
too). Labels and prompts are :mod:`precog.session.words` (one set of words per language); they
never decide legality.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Generic, TypeVar

import anywidget
import ipywidgets as widgets
import traitlets

from precog.engine import Action, GameState, Phase, Step
from precog.engine.actions import Choose
from precog.render.board import gains_line
from precog.render.cards import card_html
from precog.session.card_names import card_name
from precog.session.options import Option, options
from precog.session.speech import speech
from precog.session.words import DEFAULT_LANGUAGE, words

OnChoice = Callable[[Action], None]


# One model per card in the browser (a Box, an HTML and a Button were seven with their
# layouts and styles): the card's picture with a transparent button over it, whose click is
# sent to the kernel with the drawing it was made for.
_CARD_ESM = """
function render({ model, el }) {
  const draw = () => {
    el.innerHTML = model.get("picture");
    const hit = document.createElement("button");
    const refused = model.get("refused");
    hit.type = "button";
    hit.className = refused ? "pc-cardbtn-off" : "pc-cardbtn-hit";
    hit.title = model.get("tip");
    hit.textContent = model.get("description");
    hit.disabled = !!refused;
    const drawing = model.get("drawing");
    hit.addEventListener("click", () => model.send({ drawing }));
    el.appendChild(hit);
  };
  draw();
  model.on("change", draw);
}
export default { render };
"""


class CardButton(anywidget.AnyWidget):  # type: ignore[misc]
    """A card picture that can be clicked (an invisible button lies over it); redrawn in place
    with :meth:`set` (see :class:`_Pool`)."""

    _esm = _CARD_ESM
    picture = traitlets.Unicode("").tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)  # the button's words: label, card id
    tip = traitlets.Unicode("").tag(sync=True)
    refused = traitlets.Unicode("").tag(sync=True)  # why it may not be chosen; "": it may
    drawing = traitlets.Int(0).tag(sync=True)  # a click made for an older drawing is dropped

    def __init__(self, state: GameState | None = None, card_id: str = "", label: str = "",
                 on_click: Callable[[], None] = lambda: None, tags: tuple[str, ...] = (),
                 where: str = "", lang: str = DEFAULT_LANGUAGE, refused: str = "") -> None:
        super().__init__()
        self.on_msg(lambda _w, content, _buffers: self._clicked(content))
        self._on_click: Callable[[], None] = lambda: None
        self.card_id = ""
        if state is not None:
            self.set(state, card_id, label, on_click, tags, where, lang, refused)

    def set(self, state: GameState, card_id: str, label: str, on_click: Callable[[], None],
            tags: tuple[str, ...] = (), where: str = "", lang: str = DEFAULT_LANGUAGE,
            refused: str = "") -> None:
        """Show ``card_id`` with ``label``; a click calls ``on_click`` (none when ``refused``,
        the reason greyed cards show)."""
        card = card_html(state.card(card_id), tags=tags, size="large", speech=speech(lang))
        place = f'<div class="pc-cardbtn-where">{escape(where)}</div>' if where else ""
        with self.hold_sync():
            self.picture = (f'{place}{card}<div class="pc-cardbtn-label">{escape(label)}'
                            "</div>")
            self.description = f"{label} {card_id}"
            self.tip = refused or f"{label} {card_id}"
            self.refused = refused
            self.drawing += 1
            _swap_class(self, "pc-cardbtn-refused" if refused else "pc-cardbtn",
                        "pc-cardbtn" if refused else "pc-cardbtn-refused")
        self._on_click = (lambda: None) if refused else on_click
        self.card_id = card_id

    def click(self) -> None:
        """What a click on the card does (as the browser's click)."""
        self._on_click()

    def _clicked(self, content: dict[str, object]) -> None:
        if content.get("drawing") == self.drawing:
            self.click()


class ChoiceButton(widgets.Button):
    """One option outside the Keep/Give decision, redrawn in place with :meth:`set`."""

    def __init__(self) -> None:
        super().__init__()
        self.on_click(lambda _b: self._on_click())
        self._on_click: Callable[[], None] = lambda: None
        self.action = ""  # the option's action as text (the hint's rows name it so)

    def set(self, option: Option, on_click: Callable[[], None]) -> None:
        self.action = str(option.action)
        with self.hold_sync():
            self.mark(0)
            self.description = option.label
            self.tooltip = option.reason or str(option.action)
            self.disabled = not option.legal
            _swap_class(self, "pc-choice" if option.legal else "pc-choice-refused",
                        "pc-choice-refused" if option.legal else "pc-choice")
        self._on_click = on_click if option.legal else (lambda: None)

    def mark(self, rank: int) -> None:
        """Marked with its rank in the hint beside the board (the best with a star); 0: not
        ranked (the mark removed)."""
        for cls in [c for c in self._dom_classes if c.startswith("pc-hint-")]:
            self.remove_class(cls)
        if rank:
            self.add_class("pc-hint-marked")
            self.add_class(f"pc-hint-rank-{rank}")
        self.icon = "star" if rank == 1 else ""


W = TypeVar("W", bound=widgets.Widget)


class _Pool(Generic[W]):
    """Widgets redrawn in place rather than made anew at every move: a new widget costs the
    kernel and the browser far more than new values for an old one (Play's Give click).

    Two sets are used in turn, so a click sent for the previous drawing, before the browser
    showed the new one (a double click), reaches a widget still holding the previous
    drawing's action, as a closed widget did before, never an action the player has not seen.
    """

    def __init__(self, make: Callable[[], W]) -> None:
        self.make = make
        self.sets: tuple[list[W], list[W]] = ([], [])
        self.turn = 0

    def take(self, n: int) -> list[W]:
        """``n`` widgets of the set whose turn it is (made when there are too few)."""
        self.turn ^= 1
        got = self.sets[self.turn]
        while len(got) < n:
            got.append(self.make())
        return got[:n]


def _swap_class(widget: widgets.DOMWidget, on: str, off: str) -> None:
    if off in widget._dom_classes:
        widget.remove_class(off)
    if on not in widget._dom_classes:
        widget.add_class(on)


def _html(cls: str = "") -> widgets.HTML:
    html = widgets.HTML()
    if cls:
        html.add_class(cls)
    return html


class DecisionPicker(widgets.VBox):
    """Keep, then Give: two clicks on cards, offering only legal (Keep, Give) pairs.

    Made once per page and pointed at each new decision (:meth:`decide`); its cards are
    redrawn in place."""

    def __init__(self, state: GameState, on_choice: OnChoice,
                 lang: str = DEFAULT_LANGUAGE) -> None:
        super().__init__()
        self.add_class("pc-picker")
        self.w = words(lang)
        self.on_choice = on_choice
        self.cards = _Pool(CardButton)
        self.head, self.refusals, self.kept = _html(), _html(), _html("pc-kept")
        self.back = widgets.Button(description=self.w.say("choices.change_keep"), icon="undo")
        self.back.on_click(lambda _b: self._reset())
        self.row = widgets.HBox()
        self.row.add_class("pc-card-row")
        self.children = [self.head, self.row, self.refusals]
        self.decide(state)

    def decide(self, state: GameState) -> None:
        """Offer ``state``'s Keep/Give choices, from the Keep."""
        self.state = state
        self.grid = {(a.keep, a.give): o for o in options(state, self.w.lang)
                     for a in (o.action,) if isinstance(a, Choose)}
        self.options = [a for o in self.grid.values() if o.legal
                        for a in (o.action,) if isinstance(a, Choose)]
        self.keep: str | None = None
        self._draw()

    def _draw(self) -> None:
        p = self.state.players[self.state.to_move]
        lang = self.w.lang
        if self.keep is None:
            keeps = [c for c in p.hand + p.decision_zone if any(a.keep == c for a in self.options)]
            title = self.w.say("choices.click_keep")
            cards = self.cards.take(len(keeps))
            for box, c in zip(cards, keeps, strict=True):
                box.set(self.state, c, self.w.say("choices.keep"), self._keeper(c),
                        where=self._where(c), lang=lang)
            extra: list[widgets.Widget] = []
        else:
            gives = [a.give for a in self.options if a.keep == self.keep]
            refused = [(g, o.reason) for (k, g), o in self.grid.items()
                       if k == self.keep and g != k and not o.legal]
            title = self.w.say("choices.click_give", keep=self.keep,
                               left=self.state.left(self.state.to_move))
            cards = self.cards.take(len(gives) + len(refused))
            give = self.w.say("choices.give")
            for box, c in zip(cards, gives, strict=False):
                box.set(self.state, c, give, self._giver(c), where=self._where(c), lang=lang)
            for box, (g, why) in zip(cards[len(gives):], refused, strict=True):
                box.set(self.state, g, give, lambda: None, where=self._where(g), lang=lang,
                        refused=why)
            self.kept.value = card_html(self.state.card(self.keep),
                                        tags=(self.w.say("choices.keep"),), size="large",
                                        speech=speech(lang))
            extra = [self.kept, self.back]
        self.head.value = f'<div class="pc-picker-title">{escape(title)}</div>'
        self.refusals.value = self._refusals(cards)
        self.row.children = [*cards, *extra]

    def _refusals(self, cards: list[CardButton]) -> str:
        """Why the greyed cards may not be given: each reason once, with its cards' names."""
        by_reason: dict[str, list[str]] = {}
        for c in cards:
            if c.refused:
                name = card_name(c.card_id, self.state.components, self.w.lang)
                by_reason.setdefault(c.refused, []).append(name)
        items = "".join(f"<li><b>{escape(', '.join(names))}</b>: {escape(why)}</li>"
                        for why, names in by_reason.items())
        return f'<ul class="pc-refused">{items}</ul>' if items else ""

    def _where(self, card: str) -> str:
        p = self.state.players[self.state.to_move]
        return self.w.say("choices.in_hand" if card in p.hand else "choices.in_decision_zone")

    def _keeper(self, card: str) -> Callable[[], None]:
        def pick() -> None:
            self.keep = card
            self._draw()
        return pick

    def _giver(self, card: str) -> Callable[[], None]:
        keep = self.keep

        def pick() -> None:
            action = next(a for a in self.options if a.keep == keep and a.give == card)
            self.on_choice(action)
        return pick

    def _reset(self) -> None:
        self.keep = None
        self._draw()


class ChoicePanel(widgets.VBox):
    """The decision of the player to move: a prompt and one control per legal action.

    Its widgets are made once and redrawn in place at every move (:class:`_Pool`)."""

    def __init__(self, on_choice: OnChoice, lang: str = DEFAULT_LANGUAGE) -> None:
        super().__init__()
        self.add_class("pc-choices")
        self.lang = lang
        self.on_choice = on_choice
        self.buttons: list[widgets.Button] = []
        self.refused: list[widgets.Button] = []
        self.picker: DecisionPicker | None = None
        self._picker: DecisionPicker | None = None
        self._pool = _Pool(ChoiceButton)
        self.head, self.offer = _html(), _html()
        self.waiting, self.refusals = _html(), _html()
        self.row = widgets.HBox()
        self.row.add_class("pc-choice-row")

    def show(self, state: GameState | None, waiting: str = "") -> None:
        """Offer ``state``'s legal actions; ``None`` (with a note) offers nothing."""
        self.buttons, self.refused, self.picker = [], [], None
        if state is None or state.is_over:
            self.waiting.value = (f'<div class="pc-waiting">{escape(waiting)}</div>'
                                  if waiting else "")
            self.children = [self.waiting] if waiting else []
            return
        w = words(self.lang)
        self.head.value = f'<div class="pc-prompt">{escape(w.prompt(state))}</div>'
        if state.phase is Phase.DECISION:
            if self._picker is None:
                self._picker = DecisionPicker(state, self.on_choice, self.lang)
            else:
                self._picker.decide(state)
            self.picker = self._picker
            self.children = [self.head, self.picker]
            return
        offer = ""
        if state.step is Step.GAINS:
            offer = (f'<div class="pc-offer-line">{escape(w.say("choices.on_offer"))} '
                     f"{gains_line(state.pending, speech(self.lang))}</div>")
        elif state.step is Step.ACTIVATE:
            offer = _action_zone_html(state, self.lang)
        choices = options(state, self.lang)
        ordered = [o for o in choices if o.legal] + [o for o in choices if not o.legal]
        row = self._pool.take(len(ordered))
        for b, o in zip(row, ordered, strict=True):
            b.set(o, self._chooser(o.action))
            (self.buttons if o.legal else self.refused).append(b)
        self.row.children = row
        self.offer.value = offer
        self.refusals.value = refusals_html(choices)
        parts = [self.head, self.offer] if offer else [self.head]
        self.children = [*parts, self.row, self.refusals]

    def mark(self, ranked: list[str]) -> None:
        """Mark the options the hint ranked (``ranked``: their actions, best first) on their
        buttons; an empty list removes the marks."""
        for b in self.buttons:
            if isinstance(b, ChoiceButton):
                b.mark(ranked.index(b.action) + 1 if b.action in ranked else 0)

    def _chooser(self, action: Action) -> Callable[[], None]:
        return lambda: self.on_choice(action)


def _action_zone_html(state: GameState, lang: str = DEFAULT_LANGUAGE) -> str:
    """The two Action Zone cards of the player to move, small, for the activation choice."""
    p = state.players[state.to_move]
    cards = "".join(f'<div class="pc-az-mini"><span class="pc-az-name">{slot}</span>'
                    f"{card_html(state.card(c), size='small', speech=speech(lang))}</div>"
                    for slot, c in zip(("G", "R"), p.action_zone, strict=False))
    note = escape(words(lang).say("choices.g_and_r"))
    return f'<div class="pc-az-row">{cards}<span class="pc-az-note">{note}</span></div>'



def refusals_html(choices: list[Option]) -> str:
    """Why each greyed choice is refused (empty when none is)."""
    items = "".join(f"<li><b>{escape(o.label)}</b>: {escape(o.reason)}</li>"
                    for o in choices if not o.legal)
    return f'<ul class="pc-refused">{items}</ul>' if items else ""
