"""Seeded random-legal playouts with invariant checks at every step.

Used by ``precog simulate``, ``precog random-position``, the test suite and the benchmarks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from precog.engine.errors import PrecogError
from precog.engine.rules import apply, legal_actions, why_illegal
from precog.engine.serialize import from_json, from_position, to_json, to_position
from precog.engine.setup import new_game
from precog.engine.state import BANE_MAX, ROUNDS, GameState, Phase
from precog.engine.validate import check_state


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
        values = (p.food, p.healthy, p.contaminated, p.doctors, p.protectors, p.bane)
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
    while not state.is_over:
        if stop_round is not None and state.round >= stop_round and (
                state.phase is Phase.DECISION and not any(state.choices)):
            break
        if check:
            result.checks += check_invariants(state)
        options = legal_actions(state)
        action = options[rng.randrange(len(options))]
        if record:
            result.actions.append(str(action))
        state = apply(state, action)
        result.steps += 1
    if check:
        result.checks += check_invariants(state)
        early_loss = state.config.coop and state.outcome is not None and not state.outcome.winners
        if state.is_over and state.round != ROUNDS and not early_loss:
            raise InvariantError(f"game ended in round {state.round} without a cooperative loss")
    result.final = state
    return result
