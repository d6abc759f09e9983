"""The choices of the player to move, as clickable cards and buttons.

Every clickable option comes from ``legal_actions(state)``; the nearby actions the rules refuse
are shown greyed with the reason (:func:`precog.session.options.options`, the tutor's source
too). Labels and prompts are :mod:`precog.session.words` (one set of words per language); they
never decide legality.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from precog.engine import Action, GameState, Phase, Step
from precog.engine.actions import Choose
from precog.render.board import gains_line
from precog.render.cards import card_html
from precog.session.names import component_name
from precog.session.options import Option, options
from precog.session.words import DEFAULT_LANGUAGE, words
from precog.widgets.common import replace_children

OnChoice = Callable[[Action], None]


class CardButton(widgets.Box):
    """A card picture that can be clicked (an invisible button lies over it)."""

    def __init__(self, state: GameState, card_id: str, label: str, on_click: Callable[[], None],
                 tags: tuple[str, ...] = (), where: str = "", lang: str = DEFAULT_LANGUAGE,
                 refused: str = "") -> None:
        card = card_html(state.card(card_id), tags=tags, size="large", lang=lang)
        place = f'<div class="pc-cardbtn-where">{escape(where)}</div>' if where else ""
        self.picture = widgets.HTML(f'{place}{card}<div class="pc-cardbtn-label">'
                                    f"{escape(label)}</div>")
        self.button = widgets.Button(description=f"{label} {card_id}",
                                     tooltip=refused or f"{label} {card_id}",
                                     disabled=bool(refused))
        self.button.add_class("pc-cardbtn-off" if refused else "pc-cardbtn-hit")
        self.button.on_click(lambda _b: on_click())
        super().__init__([self.picture, self.button])
        self.add_class("pc-cardbtn-refused" if refused else "pc-cardbtn")
        self.card_id = card_id
        self.refused = refused


class DecisionPicker(widgets.VBox):
    """Keep, then Give: two clicks on cards, offering only legal (Keep, Give) pairs."""

    def __init__(self, state: GameState, on_choice: OnChoice,
                 lang: str = DEFAULT_LANGUAGE) -> None:
        super().__init__()
        self.add_class("pc-picker")
        self.w = words(lang)
        self.state = state
        self.on_choice = on_choice
        self.grid = {(a.keep, a.give): o for o in options(state, lang)
                     for a in (o.action,) if isinstance(a, Choose)}
        self.options = [a for o in self.grid.values() if o.legal
                        for a in (o.action,) if isinstance(a, Choose)]
        self.keep: str | None = None
        self._draw()

    def _draw(self) -> None:
        p = self.state.players[self.state.to_move]
        if self.keep is None:
            keeps = [c for c in p.hand + p.decision_zone if any(a.keep == c for a in self.options)]
            title = self.w.say("choices.click_keep")
            cards = [CardButton(self.state, c, self.w.say("choices.keep"), self._keeper(c),
                                where=self._where(c), lang=self.w.lang) for c in keeps]
            extra: list[widgets.Widget] = []
        else:
            gives = [a.give for a in self.options if a.keep == self.keep]
            refused = [(g, o.reason) for (k, g), o in self.grid.items()
                       if k == self.keep and g != k and not o.legal]
            title = self.w.say("choices.click_give", keep=self.keep,
                               left=self.state.left(self.state.to_move))
            cards = [CardButton(self.state, c, self.w.say("choices.give"), self._giver(c),
                                where=self._where(c), lang=self.w.lang) for c in gives]
            cards += [CardButton(self.state, g, self.w.say("choices.give"), lambda: None,
                                 where=self._where(g), lang=self.w.lang, refused=why)
                      for g, why in refused]
            back = widgets.Button(description=self.w.say("choices.change_keep"), icon="undo")
            back.on_click(lambda _b: self._reset())
            kept = widgets.HTML(card_html(self.state.card(self.keep),
                                          tags=(self.w.say("choices.keep"),), size="large",
                                          lang=self.w.lang))
            kept.add_class("pc-kept")
            extra = [kept, back]
        head = widgets.HTML(f'<div class="pc-picker-title">{escape(title)}</div>')
        row = widgets.HBox([*cards, *extra])
        row.add_class("pc-card-row")
        replace_children(self, [head, row, widgets.HTML(self._refusals(cards))])

    def _refusals(self, cards: list[CardButton]) -> str:
        """Why the greyed cards may not be given: each reason once, with its cards' names."""
        by_reason: dict[str, list[str]] = {}
        for c in cards:
            if c.refused:
                name = component_name(self.state.card(c.card_id).name, self.w.lang)
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
        def pick() -> None:
            keep = self.keep
            action = next(a for a in self.options if a.keep == keep and a.give == card)
            self.on_choice(action)
        return pick

    def _reset(self) -> None:
        self.keep = None
        self._draw()


class ChoicePanel(widgets.VBox):
    """The decision of the player to move: a prompt and one control per legal action."""

    def __init__(self, on_choice: OnChoice, lang: str = DEFAULT_LANGUAGE) -> None:
        super().__init__()
        self.add_class("pc-choices")
        self.lang = lang
        self.on_choice = on_choice
        self.buttons: list[widgets.Button] = []
        self.refused: list[widgets.Button] = []
        self.picker: DecisionPicker | None = None

    def show(self, state: GameState | None, waiting: str = "") -> None:
        """Offer ``state``'s legal actions; ``None`` (with a note) offers nothing."""
        self.buttons, self.refused, self.picker = [], [], None
        if state is None or state.is_over:
            replace_children(self, [widgets.HTML(f'<div class="pc-waiting">{escape(waiting)}'
                                                 "</div>")] if waiting else [])
            return
        w = words(self.lang)
        head = widgets.HTML(f'<div class="pc-prompt">{escape(w.prompt(state))}</div>')
        if state.phase is Phase.DECISION:
            self.picker = DecisionPicker(state, self.on_choice, self.lang)
            replace_children(self, [head, self.picker])
            return
        offer = ""
        if state.step is Step.GAINS:
            offer = (f'<div class="pc-offer-line">{escape(w.say("choices.on_offer"))} '
                     f"{gains_line(state.pending, self.lang)}</div>")
        elif state.step is Step.ACTIVATE:
            offer = _action_zone_html(state, self.lang)
        choices = options(state, self.lang)
        for o in choices:
            b = widgets.Button(description=o.label, tooltip=o.reason or str(o.action),
                               disabled=not o.legal)
            b.add_class("pc-choice" if o.legal else "pc-choice-refused")
            b.on_click(self._chooser(o.action))
            (self.buttons if o.legal else self.refused).append(b)
        box = widgets.HBox(self.buttons + self.refused)
        box.add_class("pc-choice-row")
        parts = [head, widgets.HTML(offer)] if offer else [head]
        replace_children(self, [*parts, box, widgets.HTML(refusals_html(choices))])

    def _chooser(self, action: Action) -> Callable[[widgets.Button], None]:
        return lambda _b: self.on_choice(action)


def _action_zone_html(state: GameState, lang: str = DEFAULT_LANGUAGE) -> str:
    """The two Action Zone cards of the player to move, small, for the activation choice."""
    p = state.players[state.to_move]
    cards = "".join(f'<div class="pc-az-mini"><span class="pc-az-name">{slot}</span>'
                    f"{card_html(state.card(c), size='small', lang=lang)}</div>"
                    for slot, c in zip(("G", "R"), p.action_zone, strict=False))
    note = escape(words(lang).say("choices.g_and_r"))
    return f'<div class="pc-az-row">{cards}<span class="pc-az-note">{note}</span></div>'



def refusals_html(choices: list[Option]) -> str:
    """Why each greyed choice is refused (empty when none is)."""
    items = "".join(f"<li><b>{escape(o.label)}</b>: {escape(o.reason)}</li>"
                    for o in choices if not o.legal)
    return f'<ul class="pc-refused">{items}</ul>' if items else ""
