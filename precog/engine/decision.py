"""The Decision phase (the Dual Select System) and the advanced setup's secret choices.

Choices are secret and simultaneous: seats choose one after another, but a choice is stored
in ``state.choices`` and only acted on when every seat has chosen.
"""

from __future__ import annotations

from itertools import combinations

from precog.engine.action_phase import begin_action_phase
from precog.engine.actions import Action, Choose, ChooseRooms, PassCards
from precog.engine.fastcopy import replace, updater
from precog.engine.refusals import Refusal, RefusalCode
from precog.engine.state import (
    PHASE_DECISION,
    PHASE_SETUP_PASS,
    PHASE_SETUP_ROOMS,
    GameState,
    PlayerState,
)


def options(state: GameState) -> list[Action]:
    p = state.players[state.to_move]
    if state.phase is not PHASE_DECISION:  # the Decision first: it is nearly every call
        setup = _setup_options(state, p)
        if setup is not None:
            return setup
    hand, dz = p.hand, p.decision_zone
    if len(hand) == 2 and len(dz) == 2 and dz[0] != dz[1]:  # the usual Decision: 6 choices
        table = _CHOICES
        (h0, h1), (d0, d1) = hand, dz
        try:
            keep_h0, keep_h1 = table[h0], table[h1]
            return [keep_h0[d0], keep_h0[d1], keep_h1[d0], keep_h1[d1], table[d0][d1],
                    table[d1][d0]]
        except KeyError:  # a pair of cards met for the first time
            return [_choice(h0, d0), _choice(h0, d1), _choice(h1, d0), _choice(h1, d1),
                    _choice(d0, d1), _choice(d1, d0)]
    listed = _DECISIONS.get((hand, dz))
    if listed is None:
        listed = _decisions(hand, dz)
    return list(listed)


def _setup_options(state: GameState, p: PlayerState) -> list[Action] | None:
    """The advanced setup's choices: 2 of 3 rooms to keep, 2 of 4 cards to send right
    (None in another phase: the Decision's choices are listed)."""
    if state.phase is PHASE_SETUP_ROOMS:
        return [ChooseRooms((a, b)) for a, b in combinations(p.rooms, 2)]
    if state.phase is PHASE_SETUP_PASS:
        return [PassCards((a, b)) for a, b in combinations(p.hand, 2)]
    return None


def _decisions(hand: tuple[str, ...], dz: tuple[str, ...]) -> tuple[Action, ...]:
    """The (Keep, Give) choices of another (hand, Decision Zone), listed once."""
    if len(_DECISIONS) >= _MOST_DECISIONS:
        _DECISIONS.clear()
    listed = _DECISIONS[hand, dz] = tuple(
        [_choice(keep, give) for keep in hand for give in dz]
        + [_choice(keep, give) for keep in dz for give in dz if give != keep])
    return listed


def _choice(keep: str, give: str) -> Choose:
    """The one :class:`Choose` of that value, made on first use."""
    row = _CHOICES.get(keep)
    if row is None:
        if len(_CHOICES) >= _MOST_CHOICES:
            _CHOICES.clear()
        row = _CHOICES[keep] = {}
    found = row.get(give)
    if found is None:
        if len(row) >= _MOST_CHOICES:
            row.clear()
        found = row[give] = Choose(keep, give)
    return found


_CHOICES: dict[str, dict[str, Choose]] = {}
"""``_CHOICES[keep][give]``: the one :class:`Choose` of that value, read by plain dictionary
lookups on the card ids in the Decision's listing (no key to build)."""
_MOST_CHOICES = 10_000
_DECISIONS: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[Action, ...]] = {}
"""The (Keep, Give) choices of each other (hand, Decision Zone) met so far (a setup or a
position typed by hand), listed by one lookup."""
_MOST_DECISIONS = 50_000


def why_illegal(state: GameState, action: Action) -> Refusal | None:
    p = state.players[state.to_move]
    if state.phase is PHASE_SETUP_ROOMS:
        if not isinstance(action, ChooseRooms):
            return Refusal.of(RefusalCode.ROOMS_EXPECTED, example=" ".join(p.rooms[:2]))
        a, b = action.rooms
        if a == b:
            return Refusal.of(RefusalCode.ROOMS_SAME)
        if a not in p.rooms or b not in p.rooms:
            return Refusal.of(RefusalCode.ROOMS_NOT_YOURS, rooms=p.rooms)
        if action != in_order(p, action):
            return Refusal.of(RefusalCode.ROOMS_ORDER, example=str(in_order(p, action)))
        return None
    if state.phase is PHASE_SETUP_PASS:
        if not isinstance(action, PassCards):
            return Refusal.of(RefusalCode.PASS_EXPECTED)
        a, b = action.cards
        if a == b:
            return Refusal.of(RefusalCode.PASS_SAME)
        if a not in p.hand or b not in p.hand:
            return Refusal.of(RefusalCode.PASS_NOT_YOURS, cards=p.hand)
        if action != in_order(p, action):
            return Refusal.of(RefusalCode.PASS_ORDER, example=str(in_order(p, action)))
        return None
    if not isinstance(action, Choose):
        return Refusal.of(RefusalCode.CHOOSE_EXPECTED)
    yours = p.hand + p.decision_zone
    if action.keep not in yours:
        return Refusal.of(RefusalCode.KEEP_NOT_YOURS, count=len(yours), cards=yours)
    if action.give not in p.decision_zone:
        return Refusal.of(RefusalCode.GIVE_NOT_IN_DECISION_ZONE, cards=p.decision_zone)
    if action.give == action.keep:
        return Refusal.of(RefusalCode.KEEP_IS_GIVE)
    return None


def in_order(p: PlayerState, action: Action) -> Action:
    """A room pair or pass pair with its two ids in the order the player holds them (the
    order of the listed action, so that one choice is one action and one position)."""
    if isinstance(action, ChooseRooms) and set(action.rooms) <= set(p.rooms):
        a, b = sorted(action.rooms, key=p.rooms.index)
        return ChooseRooms((a, b))
    if isinstance(action, PassCards) and set(action.cards) <= set(p.hand):
        a, b = sorted(action.cards, key=p.hand.index)
        return PassCards((a, b))
    return action


def play(state: GameState, action: Action) -> GameState:
    choices = list(state.choices)
    choices[state.to_move] = action
    for seat, choice in enumerate(choices):
        if choice is None:  # the first seat still to choose
            return _chosen(state, tuple(choices), seat)
    if state.phase is PHASE_SETUP_ROOMS:
        return _resolve_rooms(replace(state, choices=tuple(choices)))
    if state.phase is PHASE_SETUP_PASS:
        return _resolve_pass(replace(state, choices=tuple(choices)))
    return _resolve_choices(state, choices)


def _resolve_rooms(state: GameState) -> GameState:
    """Rooms kept: only now does each player draw their first 4 cards (to pass 2 right)."""
    players = tuple(replace(p, rooms=c.rooms, hand=p.deck[:4], deck=p.deck[4:])
                    for p, c in zip(state.players, state.choices, strict=True)
                    if isinstance(c, ChooseRooms))
    return replace(state, players=players, phase=PHASE_SETUP_PASS, to_move=0,
                   choices=(None,) * state.n)


def _resolve_pass(state: GameState) -> GameState:
    players = list(state.players)
    for seat, (p, c) in enumerate(zip(state.players, state.choices, strict=True)):
        assert isinstance(c, PassCards)
        back = tuple(x for x in p.hand if x not in c.cards)
        deck = back + p.deck
        players[seat] = replace(players[seat], hand=deck[:2], deck=deck[2:])
        right = state.right(seat)
        players[right] = replace(players[right], decision_zone=c.cards)
    return replace(state, players=tuple(players), phase=PHASE_DECISION, to_move=0,
                   choices=(None,) * state.n)


def _resolve_choices(state: GameState, choices: list[Action | None]) -> GameState:
    """Reveal: Keep to own G slot, Give to the left's R slot, the other 2 to the right."""
    players = state.players
    n = len(players)
    chosen = [c for c in choices if isinstance(c, Choose)]
    assert len(chosen) == n
    revealed = []
    for seat, p in enumerate(players):
        mine, from_right, from_left = chosen[seat], chosen[seat - 1], chosen[(seat + 1) % n]
        left = players[(seat + 1) % n]  # passes me what it neither keeps nor gives
        keep, give = from_left.keep, from_left.give
        passed: list[str] = []  # a loop, not a comprehension: no closure at each call
        for card in left.hand + left.decision_zone:
            if card != keep and card != give:
                passed.append(card)
        revealed.append(_revealed(p, (), tuple(passed), (mine.keep, from_right.give),
                                  mine.give))
    return begin_action_phase(state, tuple(revealed))


_chosen = updater(GameState, "choices", "to_move")
_revealed = updater(PlayerState, "hand", "decision_zone", "action_zone", "gave")
