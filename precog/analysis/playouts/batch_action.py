"""The Action phase in the batch: each seat activates its Action Zone (both cards, or one),
places what they give, then what its powered Machines whose condition is met give.

Mirrors :func:`precog.engine.action_phase.play`; the gains are placed by
:class:`precog.analysis.playouts.batch_gains.GainsOnOffer`, the cooperative Objective steps
that follow are :class:`precog.analysis.playouts.batch_coop.Coop`'s.
"""

from __future__ import annotations

import numpy as np

from precog.analysis.playing.policy import SHORT_AT_CHECK
from precog.analysis.playouts import batch_policy
from precog.analysis.playouts.batch_gains import GainsOnOffer
from precog.analysis.playouts.batch_machines import MACHINE_BITS
from precog.analysis.playouts.batch_tables import (
    BATTERY,
    DOCTOR,
    FOOD,
    HUMAN,
    INT,
    MAXC,
    PROTECTOR,
    YMUNE,
    given_key,
)
from precog.engine.state import FEEDING_ROUNDS


class ActionPhase(GainsOnOffer):
    """The Action phase of a batch (a part of :class:`precog.analysis.playouts.batch.Batch`).
    Mirrors :func:`precog.engine.action_phase.play`."""

    def costs(self, first: np.ndarray, second: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Resolved Costs of cards ``first`` and ``second`` activated together.
        Mirrors :func:`precog.engine.machines.resolved_costs`."""
        cost = self.pairs.cost
        return cost[first, second], cost[second, first]

    def action(self, seat: int) -> None:
        """The seat activates its Action Zone (both cards, the kept G or the received R),
        places what they give, then what its Machines give.
        Mirrors :func:`precog.engine.action_phase.play`."""
        kept, received = self.action_zone[:, seat, 0], self.action_zone[:, seat, 1]
        kept_cost, received_cost = self.costs(kept, received)
        cost = kept_cost + received_cost
        can_both = self.healthy[:, seat] >= cost
        choices = np.where(can_both, 3, 2)
        from_kept = self.pairs.gains[kept, received]
        from_received = self.pairs.gains[received, kept]
        default: np.ndarray | int = 0
        if self.sensible is not None:
            boat, judgement = self.boat(seat), self.seat_policy(seat).judgement
            offered = np.stack([from_kept + from_received, from_kept, from_received],
                               axis=1).astype(np.int64)
            needs = (self.cooperative.check_needs(self)
                     if self.cooperative is not None and self.round in FEEDING_ROUNDS
                     and self.seat_policy(seat).checks_needs else None)
            if needs is not None and not (needs[0].any() or needs[1].any()):
                needs = None
            if boat.left <= 1 or needs is not None:  # judged by the Boat at the round's end
                coming = (boat.bane + self.tables.bane[kept].astype(np.int64)
                          + self.tables.bane[received].astype(np.int64))
                held = (self.cooperative.protectors_held(self, seat)
                        if self.cooperative is not None else 0)
                paid = np.zeros((self.game_count, 3), np.int64)
                paid[:, 0] = cost
                machines = self.machines_before_gains(seat)[:, None, :]
                bane = batch_policy.last_bane(boat, coming, held)[:, None]
            if boat.left <= 1:
                points = batch_policy.last_round_points(offered, paid, boat.col(), bane,
                                                        machines, judgement)
            else:
                points = batch_policy.gains_points(offered, boat.col(), judgement)
                points[:, 0] -= batch_policy.cost_points(cost, boat, judgement)
            if needs is not None:
                met = batch_policy.needs_met(boat.col(), offered, paid, bane, machines,
                                             needs[0][:, None], needs[1][:, None])
                points -= np.where(met, 0, SHORT_AT_CHECK)
            points[:, 0] = np.where(can_both, points[:, 0], np.iinfo(np.int64).min)
            best = np.argmax(points, axis=1)
            default = np.where(can_both, best, best - 1)
        index = self.choose(choices, default)
        slot = np.where(can_both, index, index + 1)  # 0 both, 1 G, 2 R
        both = slot == 0
        pay = np.where(both, cost, 0)
        self.healthy[:, seat] -= pay
        self.contaminated[:, seat] += pay
        total = np.where(both[:, None], from_kept + from_received,
                         np.where((slot == 1)[:, None], from_kept, from_received))
        taken = self.place(seat, total.copy())
        self.card_gains[:, seat] = total if self.offered else taken
        from_machines = self.place(seat, self.machine_effects(seat))
        if self.cooperative is not None:
            self.cooperative.taken[:, seat] += (taken + from_machines)[
                :, [FOOD, HUMAN, DOCTOR, PROTECTOR]]
        if self.heal_in_action:
            self.heal(seat)

    def machines_before_gains(self, seat: int) -> np.ndarray:
        """What ``seat``'s Machines give as its activation is chosen, before its cards gave
        anything this round (the engine forgets last round's at its end).
        Mirrors :func:`precog.engine.action_phase.machine_effects`."""
        kept = self.card_gains[:, seat].copy()
        self.card_gains[:, seat] = 0
        machines = self.machine_effects(seat).astype(np.int64)
        self.card_gains[:, seat] = kept
        return machines

    def machine_effects(self, seat: int) -> np.ndarray:
        """What ``seat``'s powered Machines whose requirement is met give (games, 7).
        Mirrors :func:`precog.engine.action_phase.machine_effects`."""
        out = np.zeros((self.game_count, 7), INT)
        powered_bits = (self.batteries[:, seat] >= self.slots[:, seat]) @ MACHINE_BITS
        rows = np.flatnonzero(powered_bits)
        if not len(rows):
            return out
        room = self.rooms[rows, seat]
        key = self.pairs.cond_key[self.action_zone[rows, seat, 0], self.action_zone[rows, seat, 1]]
        if not self.other_scopes:  # every condition looks at the pair: one lookup
            out[rows] = self.effect_sums[room, self.pair_bits[room, key] & powered_bits[rows]]
            return out
        powered = ((powered_bits[rows, None] >> np.arange(6)) & 1).astype(bool)
        ids = self.machine_conditions[rows, seat]
        met = self.conditions.pair[ids, key[:, None]]
        scope = self.conditions.scope[ids]
        if scope.any():  # advanced faces: the card given left, what the cards gave
            met = np.where(scope == 0, met, np.where(scope == 1, self.given_met(seat, rows, ids),
                                                     self.received_met(seat, rows, ids)))
        mask = (met & powered) @ MACHINE_BITS  # which of the six Machines give: one row of sums
        out[rows] = self.effect_sums[self.rooms[rows, seat], mask]
        return out

    def given_met(self, seat: int, rows: np.ndarray, ids: np.ndarray) -> np.ndarray:
        """Per game of ``rows`` and Machine condition ``ids``: whether the condition on the
        card ``seat`` gave left (its type, Bane and resolved Cost) is met.
        Mirrors :func:`precog.engine.machines.condition_met`."""
        tables = self.tables
        given = self.gave[rows, seat]
        left = (seat + 1) % self.seat_count
        _, given_cost = self.costs(self.action_zone[rows, left, 0], given)
        given_type = tables.ctype[given][:, None]
        given_bane = (tables.bane[given] > 0)[:, None]
        cost_key = np.minimum(given_cost, MAXC - 1)[:, None]
        return self.conditions.given[ids, given_key(given_type, given_bane, cost_key)]

    def received_met(self, seat: int, rows: np.ndarray, ids: np.ndarray) -> np.ndarray:
        """Per game of ``rows`` and Machine condition ``ids``: whether ``seat`` received at
        least the condition's count of its kind from its cards (what they offered, under
        the rule option ``received_means_offered``).
        Mirrors :func:`precog.engine.machines.condition_met`."""
        card_gains = self.card_gains[rows, seat]
        free = card_gains[:, YMUNE] if self.offered else 0
        received = np.stack([card_gains[:, FOOD], card_gains[:, HUMAN], card_gains[:, BATTERY],
                             card_gains[:, YMUNE] + card_gains[:, DOCTOR]
                             + card_gains[:, PROTECTOR],
                             card_gains[:, :6].sum(axis=1), card_gains[:, DOCTOR] + free,
                             card_gains[:, PROTECTOR] + free], axis=1)
        return np.take_along_axis(received, self.conditions.received_what[ids], axis=1) >= \
            self.conditions.received_n[ids]
