"""The choices of the player to move, as clickable cards and buttons.

Every option shown comes from ``legal_actions(state)``; nothing else can be clicked. Labels
only describe an action (using the engine's helpers for costs), they never decide legality.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from precog.engine import Action, GameState, Phase, Step, legal_actions
from precog.engine.action_phase import activation_cost
from precog.engine.actions import (
    Activate,
    Choose,
    ChooseRooms,
    EndActions,
    Heal,
    IgnoreRiver,
    LoseHumans,
    Mitigate,
    PassCards,
    PlaceBattery,
    PlaceYmunes,
    Reveal,
    SpendProtectors,
    TakeFood,
    TakeHumans,
)
from precog.engine.maintenance import bane_after_protectors
from precog.engine.state import REVEAL_COST
from precog.render.board import gains_line
from precog.render.cards import card_html
from precog.widgets.common import replace_children

OnChoice = Callable[[Action], None]


def action_label(state: GameState, action: Action) -> str:
    """A short description of ``action`` in ``state`` for a button."""
    seat = state.to_move
    p = state.players[seat]
    if isinstance(action, Activate):
        if action.slots == "both":
            cost = activation_cost(state, seat)
            return f"Activate both (pay {cost} Healthy)" if cost else "Activate both (free)"
        card = p.action_zone[0 if action.slots == "G" else 1]
        return f"Activate only {action.slots} ({card}), free"
    if isinstance(action, TakeFood):
        return _take(action.amount, state.pending.food, "Food")
    if isinstance(action, TakeHumans):
        return _take(action.amount, state.pending.human, "Humans")
    if isinstance(action, PlaceYmunes):
        return f"{action.doctors} Doctor{'s' * (action.doctors != 1)}, " \
               f"{action.protectors} Protector{'s' * (action.protectors != 1)}"
    if isinstance(action, Heal):
        return f"Heal {action.amount}" if action.amount else "Heal none"
    if isinstance(action, PlaceBattery):
        return _battery_label(state, action)
    if isinstance(action, SpendProtectors):
        if not action.amount:
            return f"Keep your Protectors (Bane {p.bane})"
        after = bane_after_protectors(p.bane, action.amount)
        return (f"Return {action.amount} Protector{'s' * (action.amount != 1)} "
                f"(Bane {p.bane} → {after})")
    if isinstance(action, LoseHumans):
        return f"Lose {action.healthy} Healthy, {action.contaminated} Contaminated"
    if isinstance(action, IgnoreRiver):
        return "Ignore it (return 1 Protector)" if action.ignore else "Accept the River tile"
    if isinstance(action, Reveal):
        return f"Reveal an Objective (pay {REVEAL_COST[state.season]} Healthy)"
    if isinstance(action, Mitigate):
        return f"Mitigate {action.tile}"
    if isinstance(action, EndActions):
        return "Done"
    if isinstance(action, ChooseRooms):
        rooms = state.components.room_by_id
        return f"Keep {rooms[action.rooms[0]].name} + {rooms[action.rooms[1]].name}"
    if isinstance(action, PassCards):
        return f"Send {action.cards[0]} and {action.cards[1]} right"
    return str(action)


def _take(n: int, top: int, what: str) -> str:
    if n == top:
        return f"Take all {n} {what}" if n > 1 else f"Take {n} {what}"
    return f"Take {n} {what}" if n else f"Take no {what}"


def _battery_label(state: GameState, action: PlaceBattery) -> str:
    if action.machine is None:
        return "No Battery (give it up)"
    p = state.players[state.to_move]
    room = state.components.room_by_id[p.rooms[action.machine // 3]]
    machine = room.face(state.config.advanced)[action.machine % 3]
    filled = p.batteries[action.machine]
    return (f"Battery on m{action.machine + 1} ({room.name}, {filled + 1}/{machine.batteries}"
            f"{', powers it' if filled + 1 == machine.batteries else ''})")


def prompt(state: GameState) -> str:
    """What the player to move is asked, in a sentence."""
    s, p = state, state.players[state.to_move]
    if s.phase is Phase.SETUP_ROOMS:
        return "Advanced setup: keep 2 of your 3 Machine Rooms."
    if s.phase is Phase.SETUP_PASS:
        return "Advanced setup: choose the 2 cards you send to your right neighbour."
    if s.phase is Phase.DECISION:
        return (f"Decision: choose the card you Keep, then the card you Give to Seat "
                f"{s.left(s.to_move)}.")
    if s.step is Step.ACTIVATE:
        return "Action: which Action Zone cards do you activate?"
    if s.step is Step.GAINS:
        source = {"cards": "your cards", "machines": "your machines", "river": "the River"}
        return f"Place what {source.get(s.pending_source, s.pending_source)} gave."
    if s.step is Step.COOP:
        return "Cooperative Objectives: reveal, mitigate, or say you are done."
    if s.step is Step.TEAM:
        return ("Team window: reveal or mitigate an Objective (with what you received this "
                "round), or pass.")
    if s.step is Step.PROTECT:
        return f"Maintenance: your Bane is {p.bane}. Return Protectors to lower it?"
    if s.step is Step.LOSE:
        return f"Maintenance: Bane {p.bane} takes Humans. Which do you lose?"
    if s.step is Step.IGNORE:
        return "The River: accept this tile or return a Protector to ignore it."
    return ""


class CardButton(widgets.Box):
    """A card picture that can be clicked (an invisible button lies over it)."""

    def __init__(self, state: GameState, card_id: str, label: str, on_click: Callable[[], None],
                 tags: tuple[str, ...] = (), where: str = "") -> None:
        card = card_html(state.card(card_id), tags=tags, size="large")
        place = f'<div class="pc-cardbtn-where">{escape(where)}</div>' if where else ""
        self.picture = widgets.HTML(f'{place}{card}<div class="pc-cardbtn-label">'
                                    f"{escape(label)}</div>")
        self.button = widgets.Button(description=f"{label} {card_id}",
                                     tooltip=f"{label} {card_id}")
        self.button.add_class("pc-cardbtn-hit")
        self.button.on_click(lambda _b: on_click())
        super().__init__([self.picture, self.button])
        self.add_class("pc-cardbtn")
        self.card_id = card_id


class DecisionPicker(widgets.VBox):
    """Keep, then Give: two clicks on cards, offering only legal (Keep, Give) pairs."""

    def __init__(self, state: GameState, on_choice: OnChoice) -> None:
        super().__init__()
        self.add_class("pc-picker")
        self.state = state
        self.on_choice = on_choice
        self.options = [a for a in legal_actions(state) if isinstance(a, Choose)]
        self.keep: str | None = None
        self._draw()

    def _draw(self) -> None:
        p = self.state.players[self.state.to_move]
        if self.keep is None:
            keeps = [c for c in p.hand + p.decision_zone if any(a.keep == c for a in self.options)]
            title = "1 · Click the card you Keep"
            cards = [CardButton(self.state, c, "Keep", self._keeper(c), where=self._where(c))
                     for c in keeps]
            extra: list[widgets.Widget] = []
        else:
            gives = [a.give for a in self.options if a.keep == self.keep]
            title = (f"2 · Keep {self.keep}. Now click the card you Give to Seat "
                     f"{self.state.left(self.state.to_move)}")
            cards = [CardButton(self.state, c, "Give", self._giver(c), where=self._where(c))
                     for c in gives]
            back = widgets.Button(description="Change the Keep", icon="undo")
            back.on_click(lambda _b: self._reset())
            kept = widgets.HTML(card_html(self.state.card(self.keep), tags=("Keep",),
                                          size="large"))
            kept.add_class("pc-kept")
            extra = [kept, back]
        head = widgets.HTML(f'<div class="pc-picker-title">{escape(title)}</div>')
        row = widgets.HBox([*cards, *extra])
        row.add_class("pc-card-row")
        replace_children(self, [head, row])

    def _where(self, card: str) -> str:
        p = self.state.players[self.state.to_move]
        return "your hand" if card in p.hand else "Decision Zone"

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

    def __init__(self, on_choice: OnChoice) -> None:
        super().__init__()
        self.add_class("pc-choices")
        self.on_choice = on_choice
        self.buttons: list[widgets.Button] = []
        self.picker: DecisionPicker | None = None

    def show(self, state: GameState | None, waiting: str = "") -> None:
        """Offer ``state``'s legal actions; ``None`` (with a note) offers nothing."""
        self.buttons, self.picker = [], None
        if state is None or state.is_over:
            replace_children(self, [widgets.HTML(f'<div class="pc-waiting">{escape(waiting)}'
                                                 "</div>")] if waiting else [])
            return
        head = widgets.HTML(f'<div class="pc-prompt">{escape(prompt(state))}</div>')
        if state.phase is Phase.DECISION:
            self.picker = DecisionPicker(state, self.on_choice)
            replace_children(self, [head, self.picker])
            return
        offer = ""
        if state.step is Step.GAINS:
            offer = f'<div class="pc-offer-line">On offer: {gains_line(state.pending)}</div>'
        elif state.step is Step.ACTIVATE:
            offer = _action_zone_html(state)
        for action in legal_actions(state):
            b = widgets.Button(description=action_label(state, action), tooltip=str(action))
            b.add_class("pc-choice")
            b.on_click(self._chooser(action))
            self.buttons.append(b)
        box = widgets.HBox(self.buttons)
        box.add_class("pc-choice-row")
        replace_children(self, [head, widgets.HTML(offer), box] if offer else [head, box])

    def _chooser(self, action: Action) -> Callable[[widgets.Button], None]:
        return lambda _b: self.on_choice(action)


def _action_zone_html(state: GameState) -> str:
    """The two Action Zone cards of the player to move, small, for the activation choice."""
    p = state.players[state.to_move]
    cards = "".join(f'<div class="pc-az-mini"><span class="pc-az-name">{slot}</span>'
                    f"{card_html(state.card(c), size='small')}</div>"
                    for slot, c in zip(("G", "R"), p.action_zone))
    return (f'<div class="pc-az-row">{cards}<span class="pc-az-note">G is the card you kept, '
            "R the card your right neighbour gave you.</span></div>")
