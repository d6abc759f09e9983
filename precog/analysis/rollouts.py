"""Monte Carlo rollouts to the end of the game, through the engine or the fast batch.

A rollout plays every seat with :class:`RolloutPolicy`, which picks an action *index* in
``legal_actions`` from one uniform number per decision: with probability ``explore`` a uniformly
random legal action, otherwise the step's default (take everything on offer, activate both
cards when the Cabins can pay, spend the useful Protectors, lose Contaminated Humans first,
accept the River tile, end cooperative actions). Decisions with a single legal action are
played by the engine itself and use no number, so a rollout is a pure function of its start
position and its row of uniforms. :mod:`precog.analysis.batch` plays the same policy on many
games at once with numpy and reaches exactly the same final positions (see
tests/analysis/test_rollouts_match_engine.py).

>>> from precog.engine import new_game
>>> import numpy as np
>>> final = play_out(new_game(players=2, seed=3), RolloutPolicy(), uniforms(1, seed=3)[0])
>>> final.is_over
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from precog.analysis.evaluation import terminal_value
from precog.engine import Action, GameState, Phase, Step, apply, determinize, legal_actions
from precog.engine.actions import PlaceYmunes

WIDTH = 512  # uniforms per rollout row (a longer game reuses the row from its start)


@dataclass(frozen=True, slots=True)
class RolloutPolicy:
    """Index policy: ``explore`` of the time a random legal action, else the step default.

    Keep/Give choices are always random. The one default that looks at the Boat is where the
    Ymunes go: as Protectors until they cover the Bane this round will bring (the Bane level
    plus both Action Zone cards' Bane), the rest as Doctors.
    """

    explore: float = 0.15

    def index(self, state: GameState, u: float, options: list[Action]) -> int:
        k = len(options)
        if state.phase is Phase.DECISION:
            return min(k - 1, int(u * k))
        if u < self.explore:
            return min(k - 1, int(u / self.explore * k))
        if state.step in (Step.COOP, Step.TEAM):
            return k - 1
        first = options[0]
        if isinstance(first, PlaceYmunes):
            return ymune_default(state, options)
        return 0


def protectors_wanted(state: GameState) -> int:
    """Protectors that would bring this round's Bane to 0, beyond those on the Bow."""
    p = state.players[state.to_move]
    coming = p.bane + sum(state.card(c).bane for c in p.action_zone)
    return max(0, (coming + 1) // 2 - p.protectors)


def ymune_default(state: GameState, options: list[Action]) -> int:
    """Index of the split placing every Ymune, Protectors first up to the Bane's need."""
    g = state.pending
    total = g.ymune + g.doctor + g.protector
    want = min(total, max(g.protector, min(g.protector + g.ymune, protectors_wanted(state))))
    target = PlaceYmunes(total - want, want)
    return options.index(target)


def uniforms(games: int, seed: int, width: int = WIDTH) -> np.ndarray:
    """The uniforms of ``games`` rollouts (row ``g`` drives game ``g``)."""
    return np.random.default_rng(seed).random((games, width))


def play_out(state: GameState, policy: RolloutPolicy, row: np.ndarray,
             forced: Mapping[int, Action] | None = None) -> GameState:
    """Play ``state`` to the end with ``policy`` driven by ``row`` (the scalar engine path).

    ``forced``: seats whose choice in this round's Decision phase is given (no uniform used).
    """
    j = 0
    width = len(row)
    start = state.round
    while not state.is_over:
        if forced and state.phase is Phase.DECISION and state.round == start and (
                state.to_move in forced):
            state = apply(state, forced[state.to_move])
            continue
        options = legal_actions(state)
        u = float(row[j % width])
        j += 1
        state = apply(state, options[policy.index(state, u, options)])
    return state


def sample_starts(state: GameState, seat: int, count: int, seed: int) -> list[GameState]:
    """``count`` worlds ``seat`` cannot tell from ``state`` (common to every option)."""
    rng = random.Random(seed)
    return [determinize(state, seat, rng) for _ in range(count)]


def final_states(starts: Sequence[GameState], seed: int, policy: RolloutPolicy | None = None,
                 engine: str = "auto") -> list[GameState] | Any:
    """Play every start to the end; ``engine`` "scalar" (the engine), "batch" (numpy) or
    "auto" (batch where it applies). Returns final states (scalar) or final scores (batch)."""
    policy = policy or RolloutPolicy()
    rows = uniforms(len(starts), seed)
    if engine != "scalar":
        from precog.analysis import batch

        if batch.supports(starts):
            return batch.run(starts, rows, policy)
        if engine == "batch":
            raise ValueError("the batch path plays competitive and team games from the start "
                             "of a Decision phase only")
    return [play_out(s, policy, rows[i]) for i, s in enumerate(starts)]


def values(starts: Sequence[GameState], seat: int, seed: int,
           policy: RolloutPolicy | None = None, engine: str = "auto") -> np.ndarray:
    """Final value for ``seat`` of a rollout from each start."""
    finals = final_states(starts, seed, policy, engine)
    if not isinstance(finals, list):
        from precog.analysis import batch

        return batch.seat_values(finals, starts[0], seat)
    return np.array([terminal_value(f, seat) for f in finals], dtype=float)


def rollout_value(state: GameState, seat: int, count: int, seed: int,
                  engine: str = "auto") -> float:
    """Mean rollout value of ``state`` for ``seat`` over ``count`` sampled worlds."""
    if state.is_over:
        return terminal_value(state, seat)
    starts = sample_starts(state, seat, count, seed)
    return float(np.mean(values(starts, seat, seed, engine=engine)))


def mean_ci(samples: Sequence[float] | np.ndarray) -> tuple[float, float]:
    """Mean and 95 % confidence half-width (normal approximation)."""
    arr = np.asarray(samples, dtype=float)
    if len(arr) == 0:
        return math.nan, math.nan
    if len(arr) == 1:
        return float(arr[0]), math.inf
    return float(arr.mean()), float(1.96 * arr.std(ddof=1) / math.sqrt(len(arr)))
