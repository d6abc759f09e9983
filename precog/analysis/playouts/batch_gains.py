"""The gains on offer in the batch: Food, Humans, Ymunes, healing and each Battery placed one
kind at a time, as the engine offers them, and the Doctors' healing.

The random baseline draws each amount from a uniform; the sensible player takes everything,
splits its Ymunes by :func:`precog.analysis.playing.policy.ymune_split` and fills the Machines
closest to being powered. Mirrors :func:`precog.engine.gains.offer`.
"""

from __future__ import annotations

import numpy as np

from precog.analysis.playouts import batch_policy
from precog.analysis.playouts.batch_state import BatchState
from precog.analysis.playouts.batch_tables import (
    BATTERY,
    DOCTOR,
    FOOD,
    HEAL,
    HUMAN,
    INT,
    MAXY,
    PROTECTOR,
    SPLIT_COUNT,
    SPLIT_D,
    SPLIT_FULL,
    SPLIT_P,
    YMUNE,
)
from precog.engine.formulas import healed, protectors_against


class GainsOnOffer(BatchState):
    """Placing gains on a batch's Boats (a part of :class:`precog.analysis.playouts.batch.Batch`).
    Mirrors :func:`precog.engine.gains.offer`."""

    def place(self, seat: int, pending: np.ndarray) -> np.ndarray:
        """Place gains on offer, one kind at a time, as the engine offers them; returns what
        was received (games, 7): declined resources left out, a Battery lost for want of a
        free slot counted.
        Mirrors :func:`precog.engine.gains.offer`."""
        taken = np.zeros((self.game_count, 7), INT)
        self.take_food_and_humans(seat, pending, taken)
        if pending[:, YMUNE:HEAL].any():
            self.place_ymunes(seat, pending, taken)
        if pending[:, HEAL].any():
            self.heal_on_offer(seat, pending[:, HEAL])
        if self.sensible is not None:
            self.place_batteries(seat, pending[:, BATTERY], taken)
        else:
            self.place_batteries_by_draw(seat, pending[:, BATTERY], taken)
        return taken

    def take_food_and_humans(self, seat: int, pending: np.ndarray, taken: np.ndarray) -> None:
        """The Food, then the Humans (Contaminated) on offer: the sensible player takes all,
        the random baseline draws how many to decline.
        Mirrors :func:`precog.engine.gains.play`."""
        for kind, target in ((FOOD, self.food), (HUMAN, self.contaminated)):
            amount = pending[:, kind]
            if amount.any():
                if self.sensible is not None:  # takes all (gains are never negative)
                    self.used += amount > 0
                    took = amount
                else:
                    index = self.choose(amount + 1)
                    took = np.where(amount > 0, amount - index, 0)
                target[:, seat] += took
                taken[:, kind] = took

    def place_ymunes(self, seat: int, pending: np.ndarray, taken: np.ndarray) -> None:
        """The Ymunes on offer (free ones, Doctors, Protectors) split between the Infirmary
        and the Bow, one choice among the engine's list of splits.
        Mirrors :func:`precog.engine.gains.play`."""
        free = np.minimum(pending[:, YMUNE], MAXY - 1)
        doctors_on_offer = np.minimum(pending[:, DOCTOR], MAXY - 1)
        protectors_on_offer = np.minimum(pending[:, PROTECTOR], MAXY - 1)
        splits = (free, doctors_on_offer, protectors_on_offer)
        total = free + doctors_on_offer + protectors_on_offer
        has = total > 0
        count = np.where(has, SPLIT_COUNT[splits], 1)
        if self.sensible is not None:  # every Ymune placed: the split is its Protectors
            self.choose(count)
            protectors = np.where(has, self.ymune_split(seat, *splits), 0)
            doctors = total - protectors
        else:
            index = self.choose(count, self.ymune_default(seat, *splits))
            doctors = np.where(has, SPLIT_D[(*splits, index)], 0)
            protectors = np.where(has, SPLIT_P[(*splits, index)], 0)
        self.doctors[:, seat] += doctors
        self.protectors[:, seat] += protectors
        taken[:, DOCTOR], taken[:, PROTECTOR] = doctors, protectors

    def heal_on_offer(self, seat: int, healing: np.ndarray) -> None:
        """The healing on offer: up to that many Contaminated Humans become Healthy, the
        random baseline drawing how many to decline.
        Mirrors :func:`precog.engine.gains.play`."""
        top = healed(healing, self.contaminated[:, seat])
        index = self.choose(np.where(healing > 0, top + 1, 1))
        cured = np.where(top > 0, top - index, 0)
        self.contaminated[:, seat] -= cured
        self.healthy[:, seat] += cured

    def place_batteries_by_draw(self, seat: int, count: np.ndarray, taken: np.ndarray) -> None:
        """The random baseline's Batteries, one at a time: each drawn among the Machines with
        a free slot (or lost, the last choice; lost anyway with no free slot).
        Mirrors :func:`precog.engine.gains.play`."""
        left = count.copy()
        while True:
            games = np.flatnonzero(left > 0)
            if not len(games):
                break
            free = self.batteries[games, seat] < self.slots[games, seat]
            free_count = free.sum(axis=1)
            choices = np.ones(self.game_count, dtype=INT)
            choices[games] = free_count + 1
            order = np.cumsum(free, axis=1) - 1
            pick = self.choose(choices)[games]
            target = (order == pick[:, None]) & free & (pick < free_count)[:, None]
            self.batteries[games, seat] += target
            taken[games, BATTERY] += (pick < free_count) | (free_count == 0)
            left[games] -= 1

    def place_batteries(self, seat: int, count: np.ndarray, taken: np.ndarray) -> None:
        """The sensible player's Batteries, one at a time each into the Machine with the
        fewest missing (the first of equals): that fills the free Machines in the order of
        (missing, place), so all of them are placed at once. A Battery with no free slot is
        lost; one uniform is used per Battery placed while a slot is free.
        Mirrors :func:`precog.analysis.playing.policy.battery_choice`."""
        games = np.flatnonzero(count > 0)
        if not len(games):
            return
        batteries = count[games][:, None]
        held, slots = self.batteries[games, seat], self.slots[games, seat]
        missing = np.maximum(slots - held, 0)
        order = np.argsort(missing + (missing == 0) * 64, axis=1, kind="stable")
        gap = np.take_along_axis(missing, order, axis=1)
        before = np.cumsum(gap, axis=1) - gap
        fill = np.empty_like(gap)
        np.put_along_axis(fill, order, np.clip(batteries - before, 0, gap), axis=1)
        self.batteries[games, seat] = held + fill
        self.used[games] += np.minimum(batteries[:, 0], gap.sum(axis=1)).astype(self.used.dtype)
        taken[games, BATTERY] += batteries[:, 0]

    def protectors_wanted(self, seat: int) -> np.ndarray:
        """Protectors that would bring this round's Bane (the Action Zone's included) to 0,
        beyond those on the Bow.
        Mirrors :func:`precog.analysis.playing.policy.protectors_wanted`."""
        coming = (self.bane[:, seat] + self.tables.bane[self.action_zone[:, seat, 0]]
                  + self.tables.bane[self.action_zone[:, seat, 1]])
        return np.maximum(0, protectors_against(coming) - self.protectors[:, seat])

    def ymune_split(self, seat: int, free: np.ndarray, doctors: np.ndarray,
                    protectors: np.ndarray) -> np.ndarray:
        """The sensible player's split of ``free`` Ymunes with ``doctors`` and ``protectors``
        on offer (every Ymune placed): its Protectors.
        Mirrors :func:`precog.analysis.playing.policy.ymune_split`."""
        return batch_policy.ymune_split(free, doctors, protectors, self.protectors_wanted(seat),
                                        self.doctors[:, seat], self.contaminated[:, seat])

    def ymune_default(self, seat: int, free: np.ndarray, doctors: np.ndarray,
                      protectors: np.ndarray) -> np.ndarray:
        """The random baseline's default split: every Ymune placed, Protectors first up to
        the Bane's need (its index in the engine's list of splits).
        Mirrors :func:`precog.analysis.playing.policy.ymune_default`."""
        total = free + doctors + protectors
        want = np.minimum(total, np.maximum(protectors, np.minimum(
            protectors + free, self.protectors_wanted(seat))))
        return SPLIT_FULL[free, doctors, protectors, want]

    def heal(self, seat: int) -> None:
        """The Doctors heal as many Contaminated Humans as they can.
        Mirrors :func:`precog.engine.gains.heal`."""
        cured = healed(self.doctors[:, seat], self.contaminated[:, seat])
        self.healthy[:, seat] += cured
        self.contaminated[:, seat] -= cured
