"""Every option of a decision other than a Keep/Give, ranked: the Action phase (which cards to
activate, the gains taken, Ymunes as Doctors or Protectors, healing, Batteries, the
cooperative Objective steps), Maintenance (Protectors spent, Humans lost) and the River.

Each legal option is valued as the review values it
(:func:`precog.analysis.game_review.review_actions.play_options`): the final score the seat reaches
when it plays that option now and everyone then plays like the sensible player, over worlds sampled
from the seat's observation only, every option in the same worlds with the same uniforms. So each
option's shortfall against the best is measured on paired samples and gets its own interval, and its
value is the same kind of number as a Keep/Give's rollouts value in the explorer's table (Healthy
Humans at the end of the game, or the cooperative total counted as the explorer counts it).

>>> from precog.engine import Phase, apply, legal_actions, new_game
>>> state = new_game(players=3, seed=2)
>>> while state.phase is Phase.DECISION:
...     state = apply(state, legal_actions(state)[0])
>>> ranked = rank_step(state, state.to_move, worlds=4, repeats=1)
>>> ranked.step, len(ranked.rows) == len(legal_actions(state)), ranked.rows[0].loss
('activate', True, 0.0)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from precog.analysis.basics.checks import (
    MAX_STEP_REPEATS,
    MAX_STEP_WORLDS,
    check_count,
    check_player,
    check_seed,
)
from precog.analysis.basics.errors import AnalysisCode, AnalysisError
from precog.analysis.basics.intervals import mean_ci
from precog.analysis.game_review.review_actions import (
    ACTION_REPEATS,
    ACTION_WORLDS,
    OTHER_PHASES,
    play_options,
    round_end_differences,
)
from precog.engine import GameState, legal_actions
from precog.engine.problems import Problem

__all__ = ["RankedOption", "StepRanking", "check_step", "rank_step"]


@dataclass(frozen=True)
class RankedOption:
    """One legal option: its notation, value and 95 % half-width, its shortfall against the
    best with the paired interval, and where the seat ends the round after it against after
    the best (the weightiest resource differences; empty for the best)."""

    action: str
    value: float
    ci95: float
    loss: float
    loss_ci95: float
    why: tuple[tuple[str, float], ...] = ()

    @property
    def within_noise(self) -> bool:
        """Whether its shortfall is within the paired interval (as good as the best)."""
        return self.loss <= self.loss_ci95


@dataclass(frozen=True)
class StepRanking:
    """A decision's options, best first; ``samples``: the playouts each value rests on."""

    step: str  # the engine's step: activate, gains, coop, team, protect, lose, ignore
    rows: tuple[RankedOption, ...]
    samples: int
    worlds: int


def rank_step(state: GameState, seat: int, worlds: int = ACTION_WORLDS, seed: int = 0,
              repeats: int = ACTION_REPEATS) -> StepRanking:
    """Rank ``seat``'s options in ``state`` (the seat to move, at a decision other than its
    Keep/Give), on ``worlds`` worlds it cannot tell from ``state``, each played on
    ``repeats`` times. A seat that is not to move, a position in another phase, or a count
    out of its range is refused with an :class:`~precog.analysis.basics.errors.AnalysisError`
    and its code."""
    check_step(state, seat, worlds, seed, repeats)
    options = list(legal_actions(state))
    ends_of_round, shape, per_world = play_options([(0, state, options[0])], seat, worlds,
                                                   seed, repeats)
    first = shape[0][4]
    grid = per_world[first:first + len(options) * worlds].reshape(len(options), worlds)
    best = max(range(len(options)), key=lambda index: (float(grid[index].mean()), -index))
    ends = [ends_of_round[first + index * worlds:first + (index + 1) * worlds]
            for index in range(len(options))]
    rows = [_ranked_option(str(option), grid[index], grid[best],
                           ends[index] if index != best else None, ends[best], seat)
            for index, option in enumerate(options)]
    order = sorted(range(len(options)), key=lambda index: (index != best, rows[index].loss,
                                                           index))
    return StepRanking(state.step.value, tuple(rows[index] for index in order),
                       worlds * repeats, worlds)


def check_step(state: GameState, seat: int, worlds: int, seed: int, repeats: int) -> None:
    """The arguments of :func:`rank_step`: a seat of the game that is to move at a step of the
    Action, Maintenance or River phase, and counts within their bounds."""
    check_player(seat, state.config.players)
    check_count("worlds", worlds, 1, MAX_STEP_WORLDS)
    check_count("repeats", repeats, 1, MAX_STEP_REPEATS)
    check_seed(seed)
    if state.is_over or state.phase not in OTHER_PHASES:
        raise AnalysisError(Problem.of(AnalysisCode.STEP_PHASE, phase=state.phase.value),
                            input=state.phase.value)
    if state.to_move != seat:
        raise AnalysisError(Problem.of(AnalysisCode.STEP_NOT_TO_MOVE, seat=seat,
                                       mover=state.to_move), input=seat)


def _ranked_option(action: str, mine: np.ndarray, best: np.ndarray,
                   mine_ends: list[GameState] | None, best_ends: list[GameState],
                   seat: int) -> RankedOption:
    """One option's value and, unless it is the best, its paired shortfall and why."""
    value, interval = mean_ci(mine)
    if mine_ends is None:
        return RankedOption(action, value, interval, 0.0, 0.0)
    loss, loss_interval = mean_ci(best - mine)
    return RankedOption(action, value, interval, max(0.0, loss), loss_interval,
                        round_end_differences(mine_ends, best_ends, seat))
