"""The Decision phase in the batch: every seat's Keep/Give at once, then the cards move.

The random baseline draws its index in the engine's list of (Keep, Give) choices from the
seat's own Keep/Give column of the row of uniforms; the sensible player scores every choice
with the array twins of :mod:`precog.analysis.playouts.batch_policy` and draws its softmax
from the same column. Mirrors :func:`precog.engine.decision.play`.
"""

from __future__ import annotations

import numpy as np

from precog.analysis.playouts import batch_policy
from precog.analysis.playouts.batch_state import BatchState
from precog.analysis.playouts.batch_tables import INT
from precog.analysis.playouts.uniform_row import keep_give_columns
from precog.engine.state import ROUNDS

# The engine's Keep/Give list with 2 cards in hand (h0 h1) and 2 in the Decision Zone (d0 d1):
# keep h0 give d0, h0 d1, h1 d0, h1 d1, then keep d0 give d1, keep d1 give d0. Positions in
# (h0, h1, d0, d1) of the kept card, the given card and the two passed right (in order).
KEEP_POS = np.array([0, 0, 1, 1, 2, 3])
GIVE_POS = np.array([2, 3, 2, 3, 3, 2])
REST_POS = np.array([[1, 3], [1, 2], [0, 3], [0, 2], [0, 1], [0, 1]])


class DecisionPhase(BatchState):
    """The Decision phase of a batch (a part of :class:`precog.analysis.playouts.batch.Batch`).
    Mirrors :func:`precog.engine.decision.play`."""

    def decision(self, first: bool) -> None:
        """Every seat's Keep/Give at once (each decides from its own hand and Decision Zone,
        its uniform the next of its game in seat order), then the cards move.
        Mirrors :func:`precog.engine.decision.play`."""
        seats = self.seat_count
        last = self.round >= ROUNDS
        uniform = self.draw_decisions(first)
        if self.sensible is not None:
            index = self.keep_give(uniform, last).astype(INT)
        else:
            choices = 2 if last else 6
            index = np.minimum(choices - 1, (uniform * choices).astype(INT))
        if first and self.forced is not None:
            index = np.where(self.forced >= 0, self.forced, index)
        game, seat = self.game_index[:, None], np.arange(seats)[None, :]
        zone = self.decision_zone
        if last:
            keep = np.where(index == 0, zone[..., 0], zone[..., 1])
            give = np.where(index == 0, zone[..., 1], zone[..., 0])
            passed = np.full((self.game_count, seats, 2), -1, INT)
        else:
            four = np.concatenate([self.hand, zone], axis=2)  # hand, then Decision Zone
            keep = four[game, seat, KEEP_POS[index]]
            give = four[game, seat, GIVE_POS[index]]
            passed = four[game[..., None], seat[..., None], REST_POS[index]]
        right, left = (np.arange(seats) - 1) % seats, (np.arange(seats) + 1) % seats
        self.action_zone[:, :, 0] = keep
        self.action_zone[:, :, 1] = give[:, right]
        self.decision_zone[:] = passed[:, left]
        self.gave[:] = give
        self.hand[:] = -1

    def keep_give(self, uniform: np.ndarray, last: bool) -> np.ndarray:
        """Every seat's Keep/Give by the sensible player: its index in the engine's list
        (see KEEP_POS), arrays (games, seats).
        Mirrors :func:`precog.analysis.playing.policy.keep_give_scores`."""
        assert self.sensible is not None
        boats = self.boats().col()
        cards = (self.decision_zone if last
                 else np.concatenate([self.hand, self.decision_zone], axis=2))
        keep_positions, give_positions = ((np.arange(2), np.arange(2)[::-1]) if last
                                          else (KEEP_POS, GIVE_POS))
        index = np.zeros(uniform.shape, INT)
        for policy, seats in self.policy_groups():  # one group unless seats differ
            worth = batch_policy.card_worth(cards, self.tables, boats, policy.judgement)
            matrix = batch_policy.keep_give_matrix(np.array(self.friend), keep_positions,
                                                   give_positions, cards.shape[2], policy)
            scores = np.matmul(worth[..., None, :], matrix)[..., 0, :]  # Keep/Give scores
            index = np.where(seats[None, :], batch_policy.soft_pick(scores, uniform, policy),
                             index)
        return index

    def draw_decisions(self, first: bool) -> np.ndarray:
        """Uniforms (games, seats) for every seat's Keep/Give: the round's own column of
        each seat (:mod:`precog.analysis.playouts.uniform_row`; none counted used where the
        choice is forced).
        Mirrors :meth:`precog.analysis.playouts.uniform_row.UniformRow.__call__`."""
        free = np.ones((self.game_count, self.seat_count), dtype=INT)
        if first and self.forced is not None:
            free = (self.forced < 0).astype(INT)
        columns = keep_give_columns(self.round, self.seat_count)
        uniform = self.flat_uniforms[self.row_start[:, None] + columns[None, :]]
        self.used += free.sum(axis=1, dtype=INT)
        return uniform
