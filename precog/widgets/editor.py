"""A position editor for "what if" questions.

Edits a draft of the position's JSON (``to_json``): each seat's resources, Batteries per
machine, the cards in hand, Decision Zone and Action Zone (chosen from the decks in play), and
the River. Choosing a card for a place swaps it with the card that was there, so every card
stays in exactly one place. "Apply" validates the draft with the engine (``from_json``); an
impossible position is refused with the engine's message and the current position is kept.

>>> from precog.engine import new_game
>>> editor = PositionEditor(new_game(players=2, seed=1))
>>> editor.resource_inputs["food"].value = 3
>>> editor.apply()
True
>>> editor.state.players[0].food
3
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from precog.engine import GameState, PrecogError, from_json, to_json
from precog.engine.formulas import season_of
from precog.engine.state import FEEDING_ROUNDS
from precog.session.names import component_name
from precog.session.words import DEFAULT_LANGUAGE, words
from precog.widgets.common import Message, button, discard

RESOURCES = ("food", "healthy", "contaminated", "doctors", "protectors", "bane")
ZONES = ("hand", "decision_zone", "action_zone")
CARD_PLACES = ("deck", "hand", "decision_zone", "action_zone", "discard")


class PositionEditor(widgets.VBox):
    """Edit a position; ``on_apply(state)`` is called with each accepted position."""

    def __init__(self, state: GameState, seat: int = 0,
                 on_apply: Callable[[GameState], None] | None = None,
                 lang: str = DEFAULT_LANGUAGE) -> None:
        super().__init__()
        self.add_class("pc-editor")
        self.on_apply = on_apply
        self.w = words(lang)
        say = self.w.say
        self.message = Message(lang)
        self.seat_in = widgets.Dropdown(description=say("editor.seat"), options=[0])
        self.seat_in.observe(lambda _c: self._draw(), names="value")
        self.resource_inputs: dict[str, widgets.IntText] = {}
        self.battery_inputs: list[widgets.IntText] = []
        self.card_inputs: dict[tuple[str, int], widgets.Dropdown] = {}
        self.river_inputs: list[widgets.Dropdown] = []
        self.form = widgets.VBox()
        self.apply_button = button(say("editor.apply"), style="primary", icon="check",
                                   cls="pc-apply")
        self.reset_button = button(say("editor.reset"), icon="undo",
                                   tooltip=say("editor.reset_tip"))
        self.apply_button.on_click(lambda _b: self.apply())
        self.reset_button.on_click(lambda _b: self.reset())
        intro = widgets.HTML(
            f'<div class="pc-sub">{say("editor.title")}</div><div class="pc-hint-text">'
            f'{say("editor.intro")}</div>')
        self.children = [intro, self.seat_in, self.form,
                         widgets.HBox([self.apply_button, self.reset_button]), self.message]
        self._building = False
        self.state: GameState = state
        self.draft: dict[str, Any] = {}
        self.load(state, seat)

    def reset(self) -> None:
        """Forget the edits not applied yet."""
        self.load(self.state, self.seat_in.value)

    # -- loading and applying -------------------------------------------------------------
    def load(self, state: GameState, seat: int = 0) -> None:
        """Edit ``state`` from scratch (forgetting unapplied edits)."""
        self.state = state
        self.draft = to_json(state)
        self._building = True
        self.seat_in.options = list(range(state.config.players))
        self.seat_in.value = seat if 0 <= seat < state.config.players else 0
        self._building = False
        self.message.clear()
        self._draw()

    def apply(self) -> bool:
        """Validate the draft with the engine; on success it becomes the position."""
        try:
            state = from_json(copy.deepcopy(self.draft), self.state.components)
        except PrecogError as err:
            self.message.error(self.w.say("editor.title"),
                               f"{self.w.error(err)} {self.w.say('editor.unchanged')}")
            return False
        self.state = state
        self.message.ok(self.w.say("editor.accepted"))
        if self.on_apply is not None:
            self.on_apply(state)
        return True

    # -- the form -------------------------------------------------------------------------
    def _draw(self) -> None:
        if self._building:
            return
        self._building = True
        seat = self.seat_in.value
        player = self.draft["players"][seat]
        self.resource_inputs = {}
        say = self.w.say
        for key in RESOURCES:
            box = widgets.IntText(value=player[key], description=say(f"editor.res_{key}"))
            box.observe(self._setter(seat, key), names="value")
            self.resource_inputs[key] = box
        self.battery_inputs = []
        for m, (filled, top) in enumerate(zip(player["batteries"], self._battery_tops(seat))):
            box = widgets.IntText(value=filled, description=say("editor.machine", m=m + 1,
                                                                 top=top))
            box.observe(self._battery_setter(seat, m), names="value")
            self.battery_inputs.append(box)
        self.card_inputs = {}
        card_rows = []
        for zone in ZONES:
            label = say(f"editor.zone_{zone}")
            for i, card in enumerate(player[zone]):
                slot = ["G", "R"][i] if zone == "action_zone" else str(i + 1)
                dd = widgets.Dropdown(options=self._card_options(), value=card,
                                      description=f"{label} {slot}")
                dd.observe(self._card_setter(seat, zone, i), names="value")
                self.card_inputs[(zone, i)] = dd
                card_rows.append(dd)
        self.river_inputs = []
        for i, tile in enumerate(self.draft["river"]):
            dd = widgets.Dropdown(options=self._river_options(i), value=tile,
                                  description=say("editor.round", round=i + 1))
            dd.observe(self._river_setter(i), names="value")
            self.river_inputs.append(dd)
        for box in [*self.resource_inputs.values(), *self.battery_inputs, *card_rows,
                    *self.river_inputs]:
            box.style.description_width = "110px"
            box.layout.width = "270px"
        old = self.form.children
        self.form.children = [
            _section(say("editor.resources"), list(self.resource_inputs.values())),
            _section(say("editor.batteries"), self.battery_inputs),
            _section(say("editor.cards"), card_rows
                     or [widgets.HTML(f'<span class="pc-none">{say("editor.no_cards")}'
                                      "</span>")]),
            _section(say("editor.river", islands=FEEDING_ROUNDS), self.river_inputs),
        ]
        discard(old)
        self._building = False

    def _battery_tops(self, seat: int) -> list[int]:
        rooms = self.draft["players"][seat]["rooms"][:2]
        advanced = self.state.config.advanced
        tops = []
        for room_id in rooms:
            room = self.state.components.room_by_id.get(room_id)
            tops += [m.batteries for m in room.face(advanced)] if room else [0, 0, 0]
        return tops + [0] * (6 - len(tops))

    def _card_options(self) -> list[tuple[str, str]]:
        comps = self.state.components
        out = []
        for code in self.state.config.decks:
            for card in comps.decks[code]:
                kind = self.w.say(f"kind.{card.type.value.lower()}")
                name = component_name(card.name, self.w.lang) if card.name else card.id
                out.append((self.w.say("editor.card", name=name, id=card.id, type=kind,
                                       gain=card.gain_text, cost=card.cost_text,
                                       season=card.season), card.id))
        return out

    def _river_options(self, i: int) -> list[tuple[str, str]]:
        comps = self.state.components
        season = season_of(i + 1)
        if i % 4 == 3:
            return [(self.w.say("editor.island", name=component_name(t.name, self.w.lang)), t.id)
                    for t in comps.islands if t.season == season]
        return [(f"{component_name(t.name, self.w.lang)} · {t.id}", t.id)
                for t in comps.river if t.season == season]

    # -- edits ----------------------------------------------------------------------------
    def _setter(self, seat: int, key: str) -> Callable[[dict[str, Any]], None]:
        def set_value(change: dict[str, Any]) -> None:
            self.draft["players"][seat][key] = change["new"]
        return set_value

    def _battery_setter(self, seat: int, m: int) -> Callable[[dict[str, Any]], None]:
        def set_value(change: dict[str, Any]) -> None:
            self.draft["players"][seat]["batteries"][m] = change["new"]
        return set_value

    def _card_setter(self, seat: int, zone: str, i: int) -> Callable[[dict[str, Any]], None]:
        def set_card(change: dict[str, Any]) -> None:
            if self._building:
                return
            self._swap_card(seat, zone, i, change["new"])
            self._draw()
        return set_card

    def _swap_card(self, seat: int, zone: str, i: int, card: str) -> None:
        """Put ``card`` at (seat, zone, i); the card there goes where ``card`` was."""
        players = self.draft["players"]
        old = players[seat][zone][i]
        for p in players:
            for place in CARD_PLACES:
                cards = p[place]
                if card in cards:
                    cards[cards.index(card)] = old
                    players[seat][zone][i] = card
                    return
        players[seat][zone][i] = card

    def _river_setter(self, i: int) -> Callable[[dict[str, Any]], None]:
        def set_tile(change: dict[str, Any]) -> None:
            if self._building:
                return
            river = self.draft["river"]
            new, old = change["new"], river[i]
            if new in river:
                river[river.index(new)] = old
            river[i] = new
            self._draw()
        return set_tile


def _section(title: str, items: list[widgets.Widget]) -> widgets.VBox:
    grid = widgets.GridBox(items, layout=widgets.Layout(
        grid_template_columns="repeat(auto-fill, 280px)", grid_gap="2px 8px"))
    box = widgets.VBox([widgets.HTML(f'<div class="pc-sub">{title}</div>'), grid])
    box.add_class("pc-editor-section")
    return box
