"""One door for every rule: :func:`legal_actions`, :func:`apply`, :func:`why_illegal`.

A decision with a single legal option (a forced loss, a Battery with no free slot, no
Protector to spend) is played automatically, so every state handed out is either over or
waiting for a real choice of ``state.to_move``.
"""

from __future__ import annotations

from types import ModuleType

from precog.engine import action_phase, decision, gains, maintenance
from precog.engine.actions import (
    Action,
    Choose,
    ChooseRooms,
    Mitigate,
    PassCards,
    malformed,
    parse_action_text,
)
from precog.engine.components import NO_GAINS, Components
from precog.engine.errors import IllegalActionError
from precog.engine.refusals import Refusal, RefusalCode
from precog.engine.state import PHASE_OVER, STEP_GAINS, GameState, Phase, PlayerState

_PHASE_MODULES: dict[Phase, ModuleType] = {
    Phase.SETUP_ROOMS: decision, Phase.SETUP_PASS: decision, Phase.DECISION: decision,
    Phase.ACTION: action_phase, Phase.MAINTENANCE: maintenance, Phase.RIVER: maintenance,
}


def _module(state: GameState) -> ModuleType:
    if state.step is STEP_GAINS:
        return gains
    return _PHASE_MODULES[state.phase]


def legal_actions(state: GameState) -> list[Action]:
    """Every action the player to move may take now (empty when the game is over).

    >>> from precog.engine import new_game
    >>> len(legal_actions(new_game(players=2, seed=1)))
    6
    """
    cached = state._legal  # kept by advance() on every state waiting for a choice
    if cached is not None:
        return cached.copy()  # a method call: faster than list(cached)
    if state.phase is PHASE_OVER:
        return []
    result: list[Action] = _module(state).options(state)
    return result


def why_illegal(state: GameState, action: Action) -> Refusal | None:
    """None when ``action`` is legal now, else the :class:`Refusal` saying why not.

    ``str(refusal)`` is the English sentence; ``refusal.code`` and ``refusal.values`` are what
    a UI explains in its own words (see :mod:`precog.engine.refusals`).
    """
    legal = state._legal
    if legal is not None:
        for option in legal:  # the engine's own action objects: well-formed and legal here
            if option is action:
                return None
    bad = malformed(action)
    if bad is not None:
        return bad
    if state.phase is Phase.OVER:
        return Refusal.of(RefusalCode.GAME_OVER)
    if legal is not None and action in legal:
        return None
    refusal: Refusal | None = _module(state).why_illegal(state, action)
    return refusal


def apply(state: GameState, action: Action) -> GameState:
    """The position after ``action``; raises :class:`IllegalActionError` saying why not."""
    legal = state._legal
    if legal is not None:
        for option in legal:  # the engine's own action objects: well-formed and legal here
            if option is action:
                break
        else:
            legal = None
    if legal is None:
        refusal = why_illegal(state, action)
        if refusal is not None:
            raise IllegalActionError(action, refusal, state)
    if state.step is STEP_GAINS:
        players, rest = gains.placing(state, action)
        if rest is _NO_GAINS or not rest.total():
            return advance(_after_gains(state, players))
        state = gains.still_placing(state, players, rest)
        options = gains.options(state)  # :func:`advance` for a position placing ``rest``
        if len(options) != 1:
            _keep_legal(state, options)
            return state
        return advance(_place(state, options[0]))
    return advance(_PHASE_MODULES[state.phase].play(state, action))


_NO_GAINS = NO_GAINS
_keep_legal = GameState.__dict__["_legal"].__set__
"""``object.__setattr__(state, "_legal", options)`` through the slot itself (the listed options
kept with the state they were listed for; a frozen state's one cache)."""


def _place(state: GameState, action: Action) -> GameState:
    """:func:`gains.play`; once nothing stays on offer, what follows in the same copy of the
    position (the placed Boats are handed on, not copied into a position first)."""
    players, rest = gains.placing(state, action)
    if rest is _NO_GAINS or not rest.total():
        return _after_gains(state, players)
    return gains.still_placing(state, players, rest)


def _after_gains(state: GameState, players: tuple[PlayerState, ...]) -> GameState:
    if state.pending_source == "river":
        return maintenance.next_river_seat(state, players)
    return action_phase.after_gains(state, players)


def advance(state: GameState) -> GameState:
    """Play forced moves until someone has a real choice or the game is over (gains placed
    in full move on at once)."""
    modules = _PHASE_MODULES
    while state.phase is not PHASE_OVER:
        if state.step is STEP_GAINS:
            pending = state.pending
            if pending is _NO_GAINS or not (  # pending.total(), without a call
                    pending.food + pending.human + pending.battery + pending.ymune
                    + pending.doctor + pending.protector + pending.heal):
                state = _after_gains(state, state.players)
                continue
            options: list[Action] = gains.options(state)
            if len(options) != 1:
                _keep_legal(state, options)
                return state
            state = _place(state, options[0])
            continue
        module: ModuleType = modules[state.phase]
        options = module.options(state)
        if len(options) != 1:
            _keep_legal(state, options)
            return state
        state = module.play(state, options[0])
    return state


def parse_action(state: GameState, text: str) -> Action:
    """Read action notation in this position; raises if unreadable or illegal here.

    Card, room and tile names are matched without regard to case.
    """
    action = _canonical(state, parse_action_text(text))
    refusal = why_illegal(state, action)
    if refusal is not None:
        raise IllegalActionError(action, refusal, state)
    return action


def _canonical(state: GameState, action: Action) -> Action:
    """Ids spelt as in the position; a room or pass pair in the order the player holds it."""
    action = canonical_ids(state.components, action)
    if state.phase in (Phase.SETUP_ROOMS, Phase.SETUP_PASS) and 0 <= state.to_move < state.n:
        return decision.in_order(state.players[state.to_move], action)
    return action


def canonical_ids(components: Components, action: Action) -> Action:
    """``action`` with its card, room and tile ids spelt as in ``components``."""
    names = {k.lower(): k for k in (*components.cards, *components.room_by_id,
                                    *components.objective_by_id)}

    def fix(x: str) -> str:
        return names.get(x.lower(), x)

    if isinstance(action, Choose):
        return Choose(fix(action.keep), fix(action.give))
    if isinstance(action, ChooseRooms):
        return ChooseRooms((fix(action.rooms[0]), fix(action.rooms[1])))
    if isinstance(action, PassCards):
        return PassCards((fix(action.cards[0]), fix(action.cards[1])))
    if isinstance(action, Mitigate):
        return Mitigate(fix(action.tile))
    return action
