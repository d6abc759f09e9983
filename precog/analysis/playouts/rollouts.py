"""Monte Carlo rollouts to the end of the game, through the engine or the fast batch.

A rollout plays every seat with an *index policy*, which picks an action index in
``legal_actions`` from one uniform number per decision. The default,
:data:`DEFAULT_POLICY`, is the sensible player (:class:`precog.analysis.playing.policy.
SensiblePolicy`: Keep/Give by what the cards bring its Boat, activation, placements,
Protectors, losses, the River and co-op Objectives judged the same way).
:class:`RandomPolicy` (also known by its old name ``RolloutPolicy``) is the random baseline:
Keep/Give at random, then with probability ``explore`` a random legal action, otherwise the
step's default. Decisions with a single legal action are played by the engine itself and use
no number, so a rollout is a pure function of its start position and its row of uniforms
(which number a decision reads: :mod:`precog.analysis.playouts.uniform_row`; a seat's Keep/Give in a
round always reads the same one).
:mod:`precog.analysis.playouts.batch` plays the same policies on many games at once with numpy and
reaches exactly the same final positions (see tests/analysis/test_rollouts_match_engine.py).

>>> from precog.engine import new_game
>>> final = play_out(new_game(players=2, seed=3), DEFAULT_POLICY, uniforms(1, seed=3)[0])
>>> final.is_over
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from precog.analysis.basics.errors import AnalysisCode, AnalysisError
from precog.analysis.basics.intervals import mean_ci
from precog.analysis.basics.seeds import numpy_rng
from precog.analysis.playing.policy import (
    SENSIBLE,
    SensiblePolicy,
    protectors_wanted,
    ymune_default,
)
from precog.analysis.playouts.many_worlds import draw_worlds
from precog.analysis.playouts.uniform_row import UniformRow
from precog.analysis.projection.evaluation import last_check_value, terminal_value
from precog.engine import Action, GameState, Phase, Step, legal_actions
from precog.engine.actions import PlaceYmunes
from precog.engine.playout import play_on
from precog.engine.problems import Problem

__all__ = ["DEFAULT_POLICY", "RandomPolicy", "RolloutPolicy", "SensiblePolicy", "final_states",
           "mean_ci", "numpy_rng", "play_out", "protectors_wanted", "rollout_value",
           "sample_starts", "uniforms", "values", "ymune_default"]

WIDTH = 512  # uniforms per rollout row (a longer game reuses the row from its start)


@dataclass(frozen=True, slots=True)
class RandomPolicy:
    """The random baseline: ``explore`` of the time a random legal action, else the step
    default; Keep/Give always at random (the rollout policy before the sensible player).

    The one default that looks at the Boat is where the Ymunes go: as Protectors until they
    cover the Bane this round will bring (the Bane level plus both Action Zone cards' Bane),
    the rest as Doctors.
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


RolloutPolicy = RandomPolicy  # the name it had when it was the only rollout policy

Policy = SensiblePolicy | RandomPolicy
DEFAULT_POLICY = SENSIBLE  # the one sensible player (the look-ahead's moves use it too)
"""The policy every rollout plays unless told otherwise: the sensible player."""


def uniforms(games: int, seed: int, width: int = WIDTH) -> np.ndarray:
    """The uniforms of ``games`` rollouts (row ``g`` drives game ``g``)."""
    return numpy_rng(seed).random((games, width))


def play_out(state: GameState, policy: Policy, row: np.ndarray,
             forced: Mapping[int, Action] | None = None) -> GameState:
    """Play ``state`` to the end with ``policy`` driven by ``row`` (the scalar engine path).

    ``forced``: seats whose choice in this round's Decision phase is given (no uniform used).
    """
    read = UniformRow(row)
    start = state.round

    def move(s: GameState, seat: int) -> Action:
        if forced and s.phase is Phase.DECISION and s.round == start and seat in forced:
            return forced[seat]
        options = legal_actions(s)
        return options[policy.index(s, read(s, seat), options)]

    return play_on(state, move, limit=1 << 30)


def sample_starts(state: GameState, seat: int, count: int, seed: int) -> list[GameState]:
    """``count`` worlds ``seat`` cannot tell from ``state`` (common to every option), drawn
    together (:func:`precog.analysis.playouts.many_worlds.draw_worlds`)."""
    return draw_worlds(state, seat, count, seed)


def final_states(starts: Sequence[GameState], seed: int, policy: Policy | None = None,
                 engine: str = "auto") -> list[GameState] | Any:
    """Play every start to the end; ``engine`` "scalar" (the engine), "batch" (numpy) or
    "auto" (batch where it applies). Returns final states (scalar) or final scores (batch)."""
    policy = policy or DEFAULT_POLICY
    rows = uniforms(len(starts), seed)
    if engine != "scalar":
        from precog.analysis.playouts import batch

        if batch.supports(starts):
            return batch.run(starts, rows, policy)
        if engine == "batch":
            raise AnalysisError(Problem.of(AnalysisCode.BATCH_STARTS, count=len(starts)))
    return [play_out(s, policy, rows[i]) for i, s in enumerate(starts)]


def values(starts: Sequence[GameState], seat: int, seed: int,
           policy: Policy | None = None, engine: str = "auto") -> np.ndarray:
    """Final value for ``seat`` of a rollout from each start."""
    finals = final_states(starts, seed, policy, engine)
    if not isinstance(finals, list):
        from precog.analysis.playouts import batch

        return batch.seat_values(finals, starts[0], seat)
    return np.array([last_check_value(f, seat) for f in finals], dtype=float)


def rollout_value(state: GameState, seat: int, count: int, seed: int,
                  engine: str = "auto", policy: Policy | None = None) -> float:
    """Mean rollout value of ``state`` for ``seat`` over ``count`` sampled worlds."""
    from precog.analysis.basics.checks import MAX_ROLLOUTS, check_count, check_player

    check_player(seat, state.config.players)
    check_count("count", count, 1, MAX_ROLLOUTS)
    if state.is_over:
        return terminal_value(state, seat)
    starts = sample_starts(state, seat, count, seed)
    return float(np.mean(values(starts, seat, seed, policy, engine=engine)))
