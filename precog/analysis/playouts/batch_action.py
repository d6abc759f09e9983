"""The Action phase in the batch: each seat activates its Action Zone (both cards, or one),
places what they give, then what its powered Machines whose condition is met give.

Mirrors :func:`precog.engine.action_phase.play`; the gains are placed by
:class:`precog.analysis.playouts.batch_gains.GainsOnOffer`, the cooperative Objective steps
that follow are :class:`precog.analysis.playouts.batch_coop.Coop`'s.
"""

from __future__ import annotations

import numpy as np

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


class ActionPhase(GainsOnOffer):
    """The Action phase of a batch (a part of :class:`precog.analysis.playouts.batch.Batch`).
    Mirrors :func:`precog.engine.action_phase.play`."""

    def costs(self, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Resolved Costs of cards ``a`` and ``b`` activated together.
        Mirrors :func:`precog.engine.machines.resolved_costs`."""
        cost = self.pairs.cost
        return cost[a, b], cost[b, a]

    def action(self, seat: int) -> None:
        """Mirrors :func:`precog.engine.action_phase.play`."""
        g_card, r_card = self.action_zone[:, seat, 0], self.action_zone[:, seat, 1]
        ca, cb = self.costs(g_card, r_card)
        cost = ca + cb
        can_both = self.healthy[:, seat] >= cost
        k = np.where(can_both, 3, 2)
        gg = self.pairs.gains[g_card, r_card]
        rr = self.pairs.gains[r_card, g_card]
        default: np.ndarray | int = 0
        if self.sensible is not None:
            f = self.boat(seat)
            pts = batch_policy.gains_points(np.stack([gg + rr, gg, rr], axis=1), f.col())
            pts[:, 0] = np.where(can_both, pts[:, 0] - batch_policy.cost_points(cost, f),
                                 np.iinfo(np.int64).min)
            best = np.argmax(pts, axis=1)
            default = np.where(can_both, best, best - 1)
        idx = self.choose(k, default)
        slot = np.where(can_both, idx, idx + 1)  # 0 both, 1 G, 2 R
        both = slot == 0
        pay = np.where(both, cost, 0)
        self.healthy[:, seat] -= pay
        self.contaminated[:, seat] += pay
        total = np.where(both[:, None], gg + rr, np.where((slot == 1)[:, None], gg, rr))
        taken = self.place(seat, total.copy())
        self.cgains[:, seat] = total if self.offered else taken
        effect = self.machine_effects(seat)
        from_machines = self.place(seat, effect)
        if self.cooperative is not None:
            self.cooperative.taken[:, seat] += (taken + from_machines)[:, [FOOD, HUMAN, DOCTOR,
                                                                  PROTECTOR]]
        if self.heal_in_action:
            self.heal(seat)

    def machine_effects(self, seat: int) -> np.ndarray:
        """What ``seat``'s powered Machines whose requirement is met give (games, 7).
        Mirrors :func:`precog.engine.action_phase.machine_effects`."""
        out = np.zeros((self.G, 7), INT)
        powered_bits = (self.bat[:, seat] >= self.cap[:, seat]) @ MACHINE_BITS
        rows = np.flatnonzero(powered_bits)
        if not len(rows):
            return out
        room = self.rooms[rows, seat]
        key = self.pairs.cond_key[self.action_zone[rows, seat, 0], self.action_zone[rows, seat, 1]]
        if not self.other_scopes:  # every condition looks at the pair: one lookup
            out[rows] = self.effect_sums[room, self.pair_bits[room, key] & powered_bits[rows]]
            return out
        tables = self.tables
        powered = ((powered_bits[rows, None] >> np.arange(6)) & 1).astype(bool)
        ids = self.cond[rows, seat]
        table = self.conds
        met = table.pair[ids, key[:, None]]
        scope = table.scope[ids]
        if scope.any():  # advanced faces: the card given left, what the cards gave
            given = self.gave[rows, seat]
            left = (seat + 1) % self.n
            _, gcost = self.costs(self.action_zone[rows, left, 0], given)
            gt, gb = tables.ctype[given][:, None], (tables.bane[given] > 0)[:, None]
            gc = np.minimum(gcost, MAXC - 1)[:, None]
            given_hit = table.given[ids, given_key(gt, gb, gc)]
            cg = self.cgains[rows, seat]
            free = cg[:, YMUNE] if self.offered else 0
            recv = np.stack([cg[:, FOOD], cg[:, HUMAN], cg[:, BATTERY],
                             cg[:, YMUNE] + cg[:, DOCTOR] + cg[:, PROTECTOR],
                             cg[:, :6].sum(axis=1), cg[:, DOCTOR] + free,
                             cg[:, PROTECTOR] + free], axis=1)
            received = np.take_along_axis(recv, table.received_what[ids], axis=1) >= \
                table.received_n[ids]
            met = np.where(scope == 0, met, np.where(scope == 1, given_hit, received))
        on = met & powered
        mask = on @ MACHINE_BITS  # which of the six Machines give: one row of the sums
        out[rows] = self.effect_sums[self.rooms[rows, seat], mask]
        return out
