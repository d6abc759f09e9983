"""Maintenance and the River in the batch: each seat's Bane rises, Protectors are spent,
Humans lost and healed; then the River tile (an Island feeds the Cabins and, in the
cooperative mode, checks the season's Objectives); then the Action Zones are discarded and two
cards drawn a seat.

Mirrors :func:`precog.engine.maintenance.begin_maintenance`,
:func:`precog.engine.maintenance.begin_river` and :func:`precog.engine.maintenance.end_round`.
"""

from __future__ import annotations

import numpy as np

from precog.analysis.playouts import batch_policy
from precog.analysis.playouts.batch_gains import GainsOnOffer
from precog.analysis.playouts.batch_tables import INT
from precog.engine.formulas import feeding, protectors_against
from precog.engine.state import BANE_MAX, FEEDING_ROUNDS


class MaintenanceAndRiver(GainsOnOffer):
    """Maintenance, the River and the round's end of a batch (a part of
    :class:`precog.analysis.playouts.batch.Batch`).
    Mirrors :func:`precog.engine.maintenance.play`."""

    def maintenance(self, seat: int) -> None:
        """Mirrors :func:`precog.engine.maintenance.begin_maintenance` (Bane rises, then
        Protectors, the Humans lost and healing, for one seat)."""
        rise = (self.tables.bane[self.action_zone[:, seat, 0]]
                + self.tables.bane[self.action_zone[:, seat, 1]])
        self.bane[:, seat] = np.minimum(BANE_MAX, self.bane[:, seat] + rise)
        self.stage("maintenance", seat)
        useful = np.minimum(self.protectors[:, seat], protectors_against(self.bane[:, seat]))
        index = self.choose(useful + 1, self.protect_default(seat, useful))
        spend = useful - index
        self.protectors[:, seat] -= spend
        self.bane[:, seat] = np.maximum(0, self.bane[:, seat] - 2 * spend)
        humans = self.healthy[:, seat] + self.contaminated[:, seat]
        lose = np.minimum(self.bane[:, seat], humans)
        fewest_healthy = np.maximum(0, lose - self.contaminated[:, seat])
        most_healthy = np.minimum(lose, self.healthy[:, seat])
        index = self.choose(most_healthy - fewest_healthy + 1)
        healthy_lost = fewest_healthy + index
        self.healthy[:, seat] -= healthy_lost
        self.contaminated[:, seat] -= lose - healthy_lost
        if not self.heal_in_action:
            self.heal(seat)

    def protect_default(self, seat: int, useful: np.ndarray) -> np.ndarray | int:
        """The index of the Protectors the sensible player returns (0: every useful one),
        keeping those this season's revealed Objectives need at the check.
        Mirrors :func:`precog.analysis.playing.policy.protect_choice`."""
        if self.sensible is None or self.cooperative is None:
            return 0
        have = self.protectors[:, seat].astype(np.int64)
        held = self.cooperative.protectors_held(self, seat)
        spend = np.minimum(useful, np.maximum(0, have - held))
        if self.round in FEEDING_ROUNDS and self.seat_policy(seat).checks_needs:
            spend = self.spend_for_needs(seat, spend)
        return useful - spend

    def spend_for_needs(self, seat: int, spend: np.ndarray) -> np.ndarray:
        """In an Island round, ``spend`` lowered to the most Protectors that still leave the
        Boat what the season's revealed tiles ask at the check, where ``spend`` does not
        (unchanged where no lower spend does either).
        Mirrors :func:`precog.analysis.playing.policy.protect_choice`."""
        assert self.cooperative is not None
        food_need, healthy_need = self.cooperative.check_needs(self)
        if not (food_need.any() or healthy_need.any()):
            return spend
        boat = (self.food[:, seat].astype(np.int64), self.healthy[:, seat].astype(np.int64),
                self.contaminated[:, seat].astype(np.int64),
                self.doctors[:, seat].astype(np.int64), self.bane[:, seat].astype(np.int64))

        def meets(k: np.ndarray) -> np.ndarray:
            return batch_policy.spend_meets(k, *boat, self.heal_in_action, food_need,
                                            healthy_need)
        chosen = spend.copy()
        short = ~meets(spend)
        found = np.zeros_like(short)
        for k in range(int(spend.max(initial=0)) - 1, -1, -1):
            ok = short & ~found & (k < spend) & meets(np.full_like(spend, k))
            chosen = np.where(ok, k, chosen)
            found |= ok
        return chosen

    def river_phase(self) -> None:
        """Mirrors :func:`precog.engine.maintenance.begin_river`."""
        tile = self.river[:, self.round - 1]
        island = self.tables.island[tile]
        at_island = island[:, None]
        new_food, new_healthy = feeding(self.food, self.healthy)
        self.food = np.where(at_island, new_food, self.food)
        self.healthy = np.where(at_island, new_healthy, self.healthy)
        loss = self.tables.tile_loss[tile]
        gain = self.tables.tile_gain[tile]
        has_loss = loss.any(axis=1) & ~island
        if self.sensible is not None:
            self.river_sensible(island, loss, gain, has_loss)
        else:
            self.river_by_seat(island, loss, gain, has_loss)
        if self.cooperative is not None:
            self.cooperative.island(self, island)

    def river_by_seat(self, island: np.ndarray, loss: np.ndarray, gain: np.ndarray,
                      has_loss: np.ndarray) -> None:
        """The River tile seat by seat (a policy reading a uniform per decision).
        Mirrors :func:`precog.engine.maintenance.play`."""
        for seat in range(self.seat_count):
            ask = has_loss & (self.protectors[:, seat] > 0)
            index = self.choose(np.where(ask, 2, 1))
            ignore = ask & (index == 1)
            self.protectors[:, seat] -= ignore
            hit = ~island & ~ignore
            for held, column in ((self.food, 0), (self.healthy, 1), (self.contaminated, 2),
                                 (self.doctors, 3), (self.protectors, 4)):
                held[:, seat] = np.where(hit, np.maximum(0, held[:, seat] - loss[:, column]),
                                         held[:, seat])
            self.place(seat, np.where(hit[:, None], gain, 0))

    def river_sensible(self, island: np.ndarray, loss: np.ndarray, gain: np.ndarray,
                       has_loss: np.ndarray) -> None:
        """The River tile for every seat at once as the sensible player meets it (each seat
        touches only its own Boats, and the sensible player reads no uniform there): ignore
        it with a Protector or take its losses, then its gains, seat by seat.
        Mirrors :func:`precog.analysis.playing.policy.ignore_river`."""
        ask = has_loss[:, None] & (self.protectors > 0)
        ignore = np.zeros_like(ask)
        for policy, seats in self.policy_groups():  # one group unless seats differ
            ignore |= seats[None, :] & batch_policy.ignore_river(
                loss[:, None, :], gain[:, None, :], self.boats(), policy.judgement)
        ignore &= ask
        self.used += ask.sum(axis=1, dtype=INT)
        self.protectors -= ignore
        hit = ~island[:, None] & ~ignore
        for held, column in ((self.food, 0), (self.healthy, 1), (self.contaminated, 2),
                             (self.doctors, 3), (self.protectors, 4)):
            held[:] = np.where(hit, np.maximum(0, held - loss[:, None, column]), held)
        for seat in range(self.seat_count):
            self.place(seat, np.where(hit[:, seat, None], gain, 0))

    def discard(self) -> None:
        """Mirrors :func:`precog.engine.maintenance.end_round`'s discard: the Action Zones
        go to the discard piles (kept as one array per round), the card given and what was
        taken this round are forgotten."""
        self.discarded.append(self.action_zone.copy())
        self.action_zone[:] = -1
        self.gave[:] = -1
        if self.cooperative is not None:
            self.cooperative.taken[:] = 0  # nothing taken yet in the next round

    def draw_cards(self) -> None:
        """Mirrors :func:`precog.engine.maintenance.end_round`'s draw: two cards a seat."""
        for seat in range(self.seat_count):
            top = self.deck_top[:, seat]  # the deck's next card
            self.hand[:, seat, 0] = self.deck[self.game_index, seat, top]
            self.hand[:, seat, 1] = self.deck[self.game_index, seat, top + 1]
            self.deck_top[:, seat] += 2
