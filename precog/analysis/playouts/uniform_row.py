"""Which uniform number of a playout's row a decision reads.

A playout is driven by one row of uniform numbers
(:func:`precog.analysis.playouts.rollouts.uniforms`). A seat's Keep/Give in round ``r`` always reads
the same column of the row,
:func:`keep_give_column` (the first :data:`KEEP_GIVE_COLUMNS` columns, 4 seats × 12 rounds);
every other decision with a choice reads the next of the columns after them, in the order
the decisions come. So two games played from the same world with the same row (a ranking's
choices, the what-if games of a review) meet the same Keep/Give draws all game long, whatever
happened in between (common random numbers that last: their difference is measured with far
less noise than either value), and each draw is still a fresh uniform number, so a game's
chances are unchanged. The engine's playouts (:class:`UniformRow`) and the numpy batch
(:mod:`precog.analysis.playouts.batch`) read the same columns.

>>> import numpy as np
>>> keep_give_column(1, 0), keep_give_column(12, 3)
(0, 47)
>>> row = UniformRow(np.arange(64) / 64)
>>> row.other(), row.other(), row.used
(0.75, 0.765625, 2)
"""

from __future__ import annotations

import numpy as np

from precog.analysis.basics.errors import AnalysisCode, AnalysisError
from precog.engine import GameState, Phase
from precog.engine.problems import Problem

SEATS = 4
ROUNDS = 12
KEEP_GIVE_COLUMNS = SEATS * ROUNDS
"""Columns of a row kept for the Keep/Give of each seat in each round."""


def keep_give_column(round_: int, seat: int) -> int:
    """The column ``seat``'s Keep/Give reads in round ``round_`` (1-12)."""
    return (round_ - 1) * SEATS + seat


def keep_give_columns(round_: int, seats: int) -> np.ndarray:
    """The columns of every seat's Keep/Give in round ``round_``, seat by seat."""
    return (round_ - 1) * SEATS + np.arange(seats)


def other_column(used: int | np.ndarray, width: int) -> int | np.ndarray:
    """The column of a decision other than a Keep/Give, when ``used`` uniforms were used
    before it (a long game wraps round to the first column after the Keep/Give ones)."""
    return KEEP_GIVE_COLUMNS + used % (width - KEEP_GIVE_COLUMNS)


def check_width(width: int) -> None:
    """Refuse a row of uniforms with no column beyond the Keep/Give ones."""
    if width <= KEEP_GIVE_COLUMNS:
        raise AnalysisError(Problem.of(AnalysisCode.UNIFORM_WIDTH, got=width,
                                       least=KEEP_GIVE_COLUMNS), input=width)


class UniformRow:
    """The uniforms one engine playout reads, in the batch's order (``used`` counts them)."""

    def __init__(self, row: np.ndarray) -> None:
        check_width(len(row))
        self.row = row
        self.used = 0

    def __call__(self, state: GameState, seat: int) -> float:
        """The uniform of ``seat``'s decision in ``state``."""
        if state.phase is Phase.DECISION:
            self.used += 1
            return float(self.row[keep_give_column(state.round, seat)])
        return self.other()

    def other(self) -> float:
        u = float(self.row[other_column(self.used, len(self.row))])
        self.used += 1
        return u
