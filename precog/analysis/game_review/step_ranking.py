"""Every option of a decision other than a Keep/Give, ranked: the Action phase (which cards to
activate, the gains taken, Ymunes as Doctors or Protectors, healing, Batteries, the
cooperative Objective steps), Maintenance (Protectors spent, Humans lost) and the River.

Each legal option is valued as the review values it
(:func:`precog.analysis.game_review.review_actions. play_options`): the final score the seat reaches
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

from precog.analysis.basics.intervals import mean_ci
from precog.analysis.game_review.review_actions import (
    ACTION_REPEATS,
    ACTION_WORLDS,
    play_options,
    round_end_diffs,
)
from precog.engine import GameState, legal_actions

__all__ = ["RankedOption", "StepRanking", "rank_step"]


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
    ``repeats`` times."""
    options = list(legal_actions(state))
    mids, shape, per_world = play_options([(0, state, options[0])], seat, worlds, seed,
                                          repeats)
    at = shape[0][4]
    grid = per_world[at:at + len(options) * worlds].reshape(len(options), worlds)
    best = max(range(len(options)), key=lambda j: (float(grid[j].mean()), -j))
    ends = [mids[at + j * worlds:at + (j + 1) * worlds] for j in range(len(options))]
    rows = [_row(str(o), grid[j], grid[best], ends[j] if j != best else None, ends[best],
                 seat) for j, o in enumerate(options)]
    order = sorted(range(len(options)), key=lambda j: (j != best, rows[j].loss, j))
    return StepRanking(state.step.value, tuple(rows[j] for j in order), worlds * repeats,
                       worlds)


def _row(action: str, mine: np.ndarray, best: np.ndarray, mine_ends: list[GameState] | None,
         best_ends: list[GameState], seat: int) -> RankedOption:
    value, ci = mean_ci(mine)
    if mine_ends is None:
        return RankedOption(action, value, ci, 0.0, 0.0)
    loss, loss_ci = mean_ci(best - mine)
    return RankedOption(action, value, ci, max(0.0, loss), loss_ci,
                        round_end_diffs(mine_ends, best_ends, seat))
