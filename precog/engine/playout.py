"""Playing on: the one loop that advances a game by a policy, and seeded random playouts.

:func:`play_on` is the loop every layer above uses to let seats move (bots, rollouts, lesson
scripts, the play page's table); :func:`random_playout` plays uniformly random legal actions
with invariant checks at every step (``precog simulate``, ``precog random-position``, the test
suite and the benchmarks).

>>> state = play_on(new_game(players=2, seed=3), lambda s, seat: legal_actions(s)[0],
...                 until=lambda s: s.round == 2)
>>> state.round, state.phase.value
(2, 'decision')
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from precog.engine.actions import Action
from precog.engine.errors import PrecogError
from precog.engine.rules import apply, legal_actions, why_illegal
from precog.engine.serialize import from_json, from_position, to_json, to_position
from precog.engine.setup import new_game
from precog.engine.state import BANE_MAX, PHASE_DECISION, ROUNDS, GameState
from precog.engine.validate import check_state

Policy = Callable[[GameState, int], Action]
"""Chooses the action of the seat to move: ``policy(state, seat)``, ``seat == state.to_move``."""

Mover = Callable[[GameState, Action, GameState], None]
"""Told of every move ``play_on`` makes: ``on_move(before, action, after)``."""

MAX_ACTIONS = 5000  # a whole game is a few hundred actions; this only guards a stuck policy


def decision_begins(state: GameState) -> bool:
    """Whether ``state`` is a Decision phase before any seat has chosen: where a round's play
    begins (a position the analysis, the batch and the benchmarks start from)."""
    return state.phase is PHASE_DECISION and not any(state.choices or ())


def play_on(state: GameState, policy: Policy, until: Callable[[GameState], bool] | None = None,
            *, on_move: Mover | None = None, limit: int = MAX_ACTIONS) -> GameState:
    """Play ``policy`` for whichever seat is to move until ``until(state)`` holds, the game
    is over, or ``limit`` actions were played; returns the position reached (the caller checks
    whether ``until`` holds when that matters)."""
    for _ in range(limit):
        if state.is_over or (until is not None and until(state)):
            return state
        action = policy(state, state.to_move)
        after = apply(state, action)
        if on_move is not None:
            on_move(state, action, after)
        state = after
    return state


class InvariantError(AssertionError):
    """A rule invariant failed during a playout (a bug in the engine, not bad input)."""


@dataclass
class PlayoutResult:
    final: GameState
    steps: int
    checks: int = 0
    actions: list[str] = field(default_factory=list)


def check_invariants(state: GameState) -> int:
    """Check every invariant of ``state``; returns how many checks passed."""
    try:
        check_state(state)
    except PrecogError as err:
        raise InvariantError(f"invalid state reached: {err}") from err
    for seat, p in enumerate(state.players):
        values = p.boat
        if min(values) < 0:
            raise InvariantError(f"seat {seat} has a negative resource: {values}")
        if not 0 <= p.bane <= BANE_MAX:
            raise InvariantError(f"seat {seat} Bane {p.bane} out of 0..{BANE_MAX}")
    if from_json(to_json(state), state.components) != state:
        raise InvariantError("JSON round trip changed the position")
    if from_position(to_position(state), state.components) != state:
        raise InvariantError("position string round trip changed the position")
    for action in legal_actions(state):
        if why_illegal(state, action) is not None:
            raise InvariantError(f"enumerated action {action} is refused")
        apply(state, action)
    return 6


def random_playout(rng: random.Random, check: bool = False, record: bool = False,
                   stop_round: int | None = None, **setup: Any) -> PlayoutResult:
    """Play one game with uniformly random legal actions.

    ``stop_round`` stops at the start of that round's Decision phase.
    """
    state = new_game(**setup)
    result = PlayoutResult(final=state, steps=0)

    def stop(s: GameState) -> bool:
        return stop_round is not None and s.round >= stop_round and decision_begins(s)

    def pick(s: GameState, seat: int) -> Action:
        if check:
            result.checks += check_invariants(s)
        options = legal_actions(s)
        action = options[rng.randrange(len(options))]
        if record:
            result.actions.append(str(action))
        result.steps += 1
        return action

    state = play_on(state, pick, stop, limit=1 << 30)
    if check:
        result.checks += check_invariants(state)
        early_loss = state.config.coop and state.outcome is not None and not state.outcome.winners
        if state.is_over and state.round != ROUNDS and not early_loss:
            raise InvariantError(f"game ended in round {state.round} without a cooperative loss")
    result.final = state
    return result
