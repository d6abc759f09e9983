"""What a choice would do, before it is made: found by playing it on the immutable position.

Nothing here knows a rule. A preview applies the action with the engine and reads the result;
"what you would lose at Maintenance" plays on (with the first legal action for every choice)
until the learner's Bane has risen, and stops before any River tile is turned over, so a
preview never shows hidden information. Other players' secret cards are resampled with
:func:`~precog.engine.determinize` first, so they cannot leak either.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from precog.analysis.playing.players import first_legal
from precog.analysis.playing.world import AnalysisError, resolve_decision
from precog.engine import GameState, Phase, PlayerState, Step, apply, determinize, legal_actions
from precog.engine.action_phase import triggered_machines
from precog.engine.actions import (
    Action,
    Activate,
    Choose,
    ChooseRooms,
    IgnoreRiver,
    LoseHumans,
    Mitigate,
    PassCards,
    PlaceBattery,
    Reveal,
    SpendProtectors,
)
from precog.engine.components import Gains
from precog.engine.maintenance import bane_after_protectors, feed, humans_to_lose
from precog.engine.playout import play_on
from precog.engine.state import BOAT_FIELDS, FEEDING_ROUNDS
from precog.session.names import component_name
from precog.session.words import words
from precog.tutor.data import UiTexts

MAX_LOOKAHEAD = 400


# -- words for resources ----------------------------------------------------------------------

def gains_text(g: Gains, texts: UiTexts) -> str:
    """``2 Food, 1 Battery`` in the tutor's language (the shared words); "nothing" when empty."""
    return words(texts.lang).gains(g)


def boat_changes(before: PlayerState, after: PlayerState, texts: UiTexts) -> list[str]:
    """``Food 8 → 11``-style lines for every Boat value that changed, Batteries included."""
    names = texts.section("boat")
    out = [texts.say("preview", "change", what=names[k], a=getattr(before, k),
                     b=getattr(after, k))
           for k in BOAT_FIELDS if getattr(before, k) != getattr(after, k)]
    for m, (a, b) in enumerate(zip(before.batteries, after.batteries)):
        if a != b:
            out.append(texts.say("preview", "battery_change", m=m + 1, a=a, b=b))
    return out


# -- looking ahead without seeing hidden things ---------------------------------------------

def reveals_river(before: GameState, after: GameState) -> bool:
    """Whether going from ``before`` to ``after`` turned over a River tile not yet seen."""
    if before.phase is Phase.RIVER and after.round == before.round:
        return False
    if before.phase is Phase.RIVER:
        return after.round > before.round + 1
    return after.phase is Phase.RIVER or after.round > before.round or after.is_over


@dataclass(frozen=True)
class Outlook:
    """The learner's Maintenance this round, seen from the Action phase (or earlier)."""

    bane_before: int
    bane_after: int  # after the Action Zone cards' Bane is added
    humans: int  # Humans on board when Maintenance starts
    lose_without_protectors: int
    protectors: int
    feeding: bool
    healthy: int
    food: int
    unfed: int  # Healthy Humans the Island would cost (feeding rounds only)


def outlook(state: GameState, seat: int) -> Outlook | None:
    """Play on (first legal action everywhere) until ``seat``'s Bane has risen this round.

    None when that cannot be seen without turning a River tile (every Maintenance decision
    at the table was forced) or when the game ends first.
    """
    last = [state.players[seat]]  # the Boat before Maintenance (as last seen)

    def risen(s: GameState) -> bool:
        return s.phase is Phase.MAINTENANCE and (s.to_move > seat or (s.step in (
            Step.PROTECT, Step.LOSE) and s.to_move == seat))

    def seen(before: GameState, action: Action, after: GameState) -> None:
        if before.phase in (Phase.DECISION, Phase.ACTION):
            last[0] = before.players[seat]

    world = determinize(state, seat, random.Random(0))
    last[0] = world.players[seat]
    s = play_on(world, first_legal, lambda s: reveals_river(state, s) or risen(s),
                on_move=seen, limit=MAX_LOOKAHEAD)
    if s.is_over or reveals_river(state, s) or not risen(s):
        return None
    boat = last[0]
    at_start = replace(boat, bane=s.players[seat].bane)
    return Outlook(
        bane_before=state.players[seat].bane, bane_after=at_start.bane, humans=boat.humans,
        lose_without_protectors=humans_to_lose(at_start), protectors=boat.protectors,
        feeding=state.round in FEEDING_ROUNDS, healthy=boat.healthy, food=boat.food,
        unfed=boat.healthy - feed(at_start).healthy)


def resolve_with(state: GameState, seat: int, choice: Action,
                 incoming: str | None = None) -> GameState | None:
    """The position once every seat has chosen, ``seat`` choosing ``choice``.

    With ``incoming``, the right neighbour gives that card (None if they cannot). Others'
    hidden cards are resampled first, and they play their first legal choice.
    """
    world = determinize(state, seat, random.Random(0))
    gives = {world.right(seat): incoming} if incoming is not None else {}
    try:
        return resolve_decision(world, seat, choice, gives, first_legal)
    except AnalysisError:  # the right neighbour cannot give that card
        return None


# -- the preview ------------------------------------------------------------------------------

def preview(state: GameState, seat: int, action: Action, texts: UiTexts) -> list[str]:
    """Lines saying what ``action`` would do for ``seat`` (it must be legal now)."""
    if isinstance(action, Choose):
        return _choose(state, seat, action, texts)
    if isinstance(action, ChooseRooms):
        return _rooms(state, action, texts)
    if isinstance(action, PassCards):
        return _pass(state, seat, action, texts)
    if isinstance(action, SpendProtectors):
        return _protectors(state, seat, action, texts)
    after = apply(state, action)
    before_p = state.players[seat]
    lines: list[str] = []
    if isinstance(action, LoseHumans):
        lines.append(texts.say("preview", "lose", h=action.healthy, c=action.contaminated))
    if isinstance(action, Reveal):
        lines.append(texts.say("preview", "reveal"))
    if isinstance(action, Mitigate):
        lines.append(texts.say("preview", "mitigate", tile=action.tile))
    if isinstance(action, IgnoreRiver) and action.ignore:
        lines.append(texts.say("preview", "river_ignore"))
    if reveals_river(state, after):
        lines.append(texts.say("preview", "then_river"))
        return lines
    after_p = after.players[seat]
    if isinstance(action, Activate):
        lines += _activation(state, after, seat, texts, both=action.slots == "both")
    else:
        lines += boat_changes(before_p, after_p, texts)
    if isinstance(action, PlaceBattery) and action.machine is not None:
        lines += _battery(state, after_p, seat, action.machine, texts)
    if after.to_move == seat and after.step is Step.GAINS and after.pending_source == "machines" \
            and state.pending_source != "machines":
        lines.append(texts.say("preview", "machines_give", gains=gains_text(after.pending, texts)))
    if isinstance(action, Activate):
        lines += outlook_lines(outlook(after, seat), texts)
    return lines or [texts.say("preview", "no_change")]


def _activation(state: GameState, after: GameState, seat: int, texts: UiTexts,
                both: bool = False) -> list[str]:
    paid = state.players[seat].healthy - after.players[seat].healthy
    free = "free_both" if both else "free"  # both cards may cost 0 together
    lines = [texts.say("preview", "pay", n=paid) if paid else texts.say("preview", free)]
    lines.append(texts.say("preview", "receive",
                           gains=gains_text(after.players[seat].card_gains, texts)))
    for m, machine in triggered_machines(after, seat, take_all=True):
        lines.append(texts.say("preview", "machine", m=m + 1,
                               gains=gains_text(machine.effect, texts)))
    return lines


def _battery(state: GameState, after_p: PlayerState, seat: int, m: int,
             texts: UiTexts) -> list[str]:
    machine = state.machine(seat, m)
    assert machine is not None  # a Battery is placed only on a chosen room's Machine
    slots = machine.batteries
    if after_p.batteries[m] >= slots:
        return [texts.say("preview", "powered", m=m + 1)]
    return [texts.say("preview", "slots_left", m=m + 1, n=slots - after_p.batteries[m])]


def _protectors(state: GameState, seat: int, action: SpendProtectors,
                texts: UiTexts) -> list[str]:
    p = state.players[seat]
    bane = bane_after_protectors(p.bane, action.amount)
    lost = humans_to_lose(replace(p, bane=bane))
    return [texts.say("preview", "protectors", n=action.amount, a=p.bane, b=bane),
            texts.say("preview", "then_lose", n=lost)]


def _choose(state: GameState, seat: int, action: Choose, texts: UiTexts) -> list[str]:
    resolved = resolve_with(state, seat, action)
    if resolved is None:
        return []
    lines = where_cards_go(state, resolved, seat, texts)
    for card in state.players[state.right(seat)].decision_zone:
        after = resolve_with(state, seat, action, card)
        if after is not None:
            lines.append(_with_incoming(after, seat, card, texts))
    return lines


def where_cards_go(before: GameState, after: GameState, seat: int,
                   texts: UiTexts) -> list[str]:
    """Where each of the learner's cards went in ``after``, read off the positions."""
    p = before.players[seat]
    parts = []
    for card in p.hand + p.decision_zone:
        holder, zone = locate(after, card)
        who = texts.say("seat", "you") if holder == seat else texts.say("seat", "other", n=holder)
        parts.append(texts.say("preview", "goes", card=card, who=who,
                               zone=texts.section("zone")[zone]))
    return parts


def locate(state: GameState, card: str) -> tuple[int, str]:
    """(seat, zone) of a card on the table: zone is ``G``, ``R``, ``decision`` or ``hand``."""
    for seat, p in enumerate(state.players):
        if p.action_zone and card == p.action_zone[0]:
            return seat, "G"
        if len(p.action_zone) > 1 and card == p.action_zone[1]:
            return seat, "R"
        if card in p.decision_zone:
            return seat, "decision"
        if card in p.hand:
            return seat, "hand"
        if card in p.deck:
            return seat, "deck"
    return -1, "discard"


def _with_incoming(after: GameState, seat: int, card: str, texts: UiTexts) -> str:
    options = {str(a): a for a in legal_actions(after)} if after.to_move == seat else {}
    ahead = outlook(after, seat)
    bane = texts.say("preview", "bane_short", a=ahead.bane_before, b=ahead.bane_after) \
        if ahead and ahead.bane_after != ahead.bane_before else ""
    both = options.get("activate both")
    if both is None:
        return texts.say("preview", "incoming_unaffordable", card=card, bane=bane)
    s = apply(after, both)
    paid = after.players[seat].healthy - s.players[seat].healthy
    return texts.say("preview", "incoming", card=card, n=paid,
                     gains=gains_text(s.players[seat].card_gains, texts), bane=bane)


def _rooms(state: GameState, action: ChooseRooms, texts: UiTexts) -> list[str]:
    lines = []
    for room_id in action.rooms:
        room = state.components.room_by_id[room_id]
        machines = "; ".join(texts.say("preview", "machine_rule", line=i + 1,
                                       cond=texts.condition_said(m.condition),
                                       gains=gains_text(m.effect, texts), n=m.batteries)
                             for i, m in enumerate(room.face(state.config.advanced)))
        lines.append(texts.say("preview", "room", name=component_name(room.name, texts.lang),
                               machines=machines))
    return lines


def _pass(state: GameState, seat: int, action: PassCards, texts: UiTexts) -> list[str]:
    kept = [c for c in state.players[seat].hand if c not in action.cards]
    return [texts.say("preview", "pass", a=action.cards[0], b=action.cards[1],
                      n=state.right(seat), c=kept[0], d=kept[1])]


def outlook_lines(ahead: Outlook | None, texts: UiTexts) -> list[str]:
    if ahead is None:
        return []
    lines = []
    if ahead.bane_after:
        lines.append(texts.say("preview", "maintenance", a=ahead.bane_before, b=ahead.bane_after,
                               n=ahead.lose_without_protectors))
    else:
        lines.append(texts.say("preview", "no_bane", b=ahead.bane_after))
    if ahead.feeding:
        lines.append(texts.say("preview", "feeding", h=ahead.healthy, f=ahead.food,
                               n=ahead.unfed))
    return lines
