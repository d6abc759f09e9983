"""The sensible player (:mod:`precog.analysis.playing.policy`) in numpy, for the batch.

Each function is the array twin of one judgement of :class:`~precog.analysis.playing.policy.
SensiblePolicy` and gives the same whole numbers, so that :mod:`precog.analysis.playouts.batch` and
the engine choose the same actions (tests/analysis/test_rollouts_match_engine.py). The arrays hold
one row per game; a seat's Boat is given as :class:`BoatArrays`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from precog.analysis.playing.policy import (
    DOCTORS_AT_LEAST,
    IGNORE_ABOVE,
    IGNORE_SPARE,
    SensiblePolicy,
    softmax_table,
)
from precog.analysis.playing.policy_data import Judgement
from precog.analysis.playing.policy_points import HH, JUDGEMENT
from precog.engine.formulas import feeding, healed, islands_from, protectors_against
from precog.engine.state import BANE_MAX, ROUNDS

if TYPE_CHECKING:
    from precog.analysis.playouts.batch_tables import Tables

FOOD, HUMAN, BATTERY, YMUNE, DOCTOR, PROTECTOR, HEAL = range(7)


@dataclass
class BoatArrays:
    """One seat's :class:`~precog.analysis.playing.policy_points.Facts` over a batch (arrays
    (games,)).
    Mirrors :class:`precog.analysis.playing.policy_points.Facts`."""

    food: np.ndarray
    healthy: np.ndarray
    contaminated: np.ndarray
    doctors: np.ndarray
    protectors: np.ndarray
    bane: np.ndarray
    free_slots: np.ndarray
    left: int
    feeds: int

    def col(self) -> BoatArrays:
        """The same with every array as a column, to broadcast against (games, k).
        Mirrors :class:`precog.analysis.playing.policy_points.Facts`."""
        return BoatArrays(self.food[..., None], self.healthy[..., None],
                          self.contaminated[..., None], self.doctors[..., None],
                          self.protectors[..., None], self.bane[..., None],
                          self.free_slots[..., None], self.left, self.feeds)


def boat_arrays(food: np.ndarray, healthy: np.ndarray, contaminated: np.ndarray,
                doctors: np.ndarray, protectors: np.ndarray, bane: np.ndarray,
                free_slots: np.ndarray, round_: int) -> BoatArrays:
    """Mirrors :func:`precog.analysis.playing.policy_points.facts`."""
    return BoatArrays(food.astype(np.int64), healthy.astype(np.int64),
                      contaminated.astype(np.int64), doctors.astype(np.int64),
                      protectors.astype(np.int64), bane.astype(np.int64),
                      free_slots.astype(np.int64), ROUNDS - round_ + 1,
                      islands_from(round_))


def battery_points(f: BoatArrays, j: Judgement = JUDGEMENT) -> int:
    """Mirrors :func:`precog.analysis.playing.policy_points.battery_points`."""
    return j.battery_early if f.left >= 6 else j.battery_late if f.left >= 3 else 0


def protectors_short(f: BoatArrays) -> np.ndarray:
    """Mirrors :func:`precog.analysis.playing.policy_points.protectors_short`."""
    return np.maximum(0, protectors_against(f.bane) - f.protectors)


def gains_points(g: np.ndarray, f: BoatArrays, j: Judgement = JUDGEMENT) -> np.ndarray:
    """:func:`policy.gains_points` of ``g`` (..., 7) for Boats ``f`` (broadcast).
    Mirrors :func:`precog.analysis.playing.policy_points.gains_points`."""
    return _points(g[..., FOOD], g[..., HUMAN], g[..., BATTERY],
                   g[..., YMUNE] + g[..., DOCTOR] + g[..., PROTECTOR], g[..., HEAL], f, j)


def _points(food: np.ndarray, human: np.ndarray, battery: np.ndarray, ymunes: np.ndarray,
            heal: np.ndarray, f: BoatArrays, j: Judgement) -> np.ndarray:
    """:func:`gains_points` by kind (Ymunes of any kind together)."""
    fed = np.minimum(food, np.maximum(0, f.healthy * f.feeds - f.food))
    pts = (j.food_short - j.food_spare) * fed + j.food_spare * food
    pts += human * np.where(f.doctors > 0, j.human_healed, j.human)
    bp = battery_points(f, j)
    if bp:
        pts += np.minimum(battery, f.free_slots) * bp
    pts += j.ymune * ymunes + j.ymune_short * np.minimum(ymunes, protectors_short(f))
    pts += j.heal * np.minimum(heal, f.contaminated)
    return pts


def type_points(kind: np.ndarray, amount: np.ndarray, f: BoatArrays,
                j: Judgement = JUDGEMENT) -> np.ndarray:
    """:func:`gains_points` of ``amount`` of one card type (0 Food .. 3 Ymune) each.
    Mirrors :func:`precog.analysis.playing.policy_points.gains_points`."""
    fed = np.minimum(amount, np.maximum(0, f.healthy * f.feeds - f.food))
    food = (j.food_short - j.food_spare) * fed + j.food_spare * amount
    human = amount * np.where(f.doctors > 0, j.human_healed, j.human)
    battery = np.minimum(amount, f.free_slots) * battery_points(f, j)
    ymune = j.ymune * amount + j.ymune_short * np.minimum(amount, protectors_short(f))
    return np.where(kind == FOOD, food, np.where(kind == HUMAN, human,
                                                 np.where(kind == BATTERY, battery, ymune)))


def cost_points(cost: np.ndarray, f: BoatArrays, j: Judgement = JUDGEMENT) -> np.ndarray:
    """Mirrors :func:`precog.analysis.playing.policy_points.cost_points`."""
    return np.maximum(0, f.contaminated + cost - f.doctors) * (HH if f.left <= 1 else j.cost)


def last_bane(f: BoatArrays, coming: np.ndarray, held: np.ndarray | int = 0) -> np.ndarray:
    """Mirrors :func:`precog.analysis.playing.policy_points.last_bane`."""
    return np.maximum(0, np.minimum(BANE_MAX, coming) - 2 * np.maximum(0, f.protectors - held))


def last_round_healthy(f: BoatArrays, bane: np.ndarray, humans: np.ndarray | int,
                       heal: np.ndarray | int, paid: np.ndarray | int = 0) -> np.ndarray:
    """Mirrors :func:`precog.analysis.playing.policy_points.last_round_healthy`."""
    contaminated = f.contaminated + humans + paid
    healed = np.minimum(heal, contaminated)
    contaminated = contaminated - healed
    return (healed - paid - np.maximum(0, bane - contaminated)
            + np.minimum(f.doctors, np.maximum(0, contaminated - bane)))


def last_round_points(g: np.ndarray, paid: np.ndarray, f: BoatArrays, bane: np.ndarray,
                      machines: np.ndarray, j: Judgement = JUDGEMENT) -> np.ndarray:
    """:func:`last_round_points` of ``g`` (games, k, 7) at Costs ``paid`` (games, k) for
    Boats ``f``, Banes ``bane`` and the Machines' gains ``machines`` (games, 1, 7) (columns).
    Mirrors :func:`precog.analysis.playing.policy_points.last_round_points`."""
    rest = g.copy()
    rest[..., HUMAN] = 0
    rest[..., HEAL] = 0
    humans, heal = machines[..., HUMAN], machines[..., HEAL]
    return gains_points(rest, f, j) + HH * (
        last_round_healthy(f, bane, g[..., HUMAN] + humans, g[..., HEAL] + heal, paid)
        - last_round_healthy(f, bane, humans, heal))


def needs_met(f: BoatArrays, gains: np.ndarray, paid: np.ndarray, bane: np.ndarray,
              machines: np.ndarray, food_need: np.ndarray, healthy_need: np.ndarray
              ) -> np.ndarray:
    """Whether an activation bringing ``gains`` (games, k, 7) at Costs ``paid`` (games, k)
    leaves Boats ``f`` (columns) their ``food_need`` and ``healthy_need`` (columns) at the
    check, beside the Machines' gains ``machines`` (games, 1, 7) and Banes ``bane`` (a column).
    Mirrors :func:`precog.analysis.playing.policy.needs_met`."""
    healthy = f.healthy + last_round_healthy(f, bane, gains[..., HUMAN] + machines[..., HUMAN],
                                             gains[..., HEAL] + machines[..., HEAL], paid)
    food, fed = feeding(f.food + gains[..., FOOD] + machines[..., FOOD], healthy)
    return (food >= food_need) & (fed >= healthy_need)


def spend_meets(spend: np.ndarray, food: np.ndarray, healthy: np.ndarray,
                contaminated: np.ndarray, doctors: np.ndarray, bane: np.ndarray,
                heal_later: bool, food_need: np.ndarray, healthy_need: np.ndarray
                ) -> np.ndarray:
    """Whether returning ``spend`` Protectors leaves each Boat its needs at the check.
    Mirrors :func:`precog.analysis.playing.policy.spend_meets`."""
    humans = healthy + contaminated
    lost = np.minimum(np.maximum(0, bane - 2 * spend), humans)
    healthy_lost = np.maximum(0, lost - contaminated)
    left = contaminated - (lost - healthy_lost)
    if not heal_later:
        left = left - healed(doctors, left)
    food, fed = feeding(food, humans - lost - left)
    return (food >= food_need) & (fed >= healthy_need)


def bane_points(bane: np.ndarray, f: BoatArrays, j: Judgement = JUDGEMENT) -> np.ndarray:
    """Mirrors :func:`precog.analysis.playing.policy_points.bane_points`."""
    spare = np.maximum(0, f.protectors - protectors_against(f.bane))
    return np.maximum(0, bane - 2 * spare) * j.bane * min(f.left, j.bane_rounds)


def card_worth(cards: np.ndarray, t: Tables, f: BoatArrays,
               j: Judgement = JUDGEMENT) -> np.ndarray:
    """:func:`policy.card_worth` of ``cards`` (games, k) for Boats ``f`` (columns).
    Mirrors :func:`precog.analysis.playing.policy_points.card_worth`."""
    facts = t.facts()[cards]
    own = type_points(facts[..., 0], facts[..., 1], f, j) - cost_points(facts[..., 2], f, j) - \
        bane_points(facts[..., 3], f, j)
    return 2 * own + _points(facts[..., 4], facts[..., 5], facts[..., 6], facts[..., 7],
                             facts[..., 8], f, j)


@lru_cache(maxsize=16)
def _weights(temperature: float, keep: int) -> np.ndarray:
    table = np.array([*softmax_table(temperature, keep), 0], np.int64)
    table.flags.writeable = False
    return table


def soft_pick(scores: np.ndarray, u: np.ndarray, policy: SensiblePolicy) -> np.ndarray:
    """:func:`policy.soft_pick` along the last axis of ``scores`` (..., k) with ``u`` (...),
    at ``policy``'s temperature.
    Mirrors :func:`precog.analysis.playing.policy.soft_pick`."""
    table = _weights(policy.temperature, policy.keep)  # ends with a 0: larger gaps weigh 0
    gap = scores.max(axis=-1, keepdims=True) - scores
    weights = table[np.minimum(gap, len(table) - 1)]
    x = u * weights.sum(axis=-1)
    above = np.cumsum(weights, axis=-1) > x[..., None]
    return np.argmax(above, axis=-1)


def keep_give_matrix(friend: np.ndarray, keep_pos: np.ndarray, give_pos: np.ndarray,
                     cards: int, policy: SensiblePolicy) -> np.ndarray:
    """Per seat (``friend``: (seats,) whether its Give goes to a friend), the matrix (seats,
    cards, choices) that turns its cards' worth into :func:`keep_give_scores` of each choice
    (the choice keeping card ``keep_pos[j]`` and giving ``give_pos[j]``), with ``policy``'s
    weights.
    Mirrors :func:`precog.analysis.playing.policy.keep_give_scores`."""
    card = np.arange(cards)[:, None]
    keep = (card == keep_pos[None, :]).astype(np.int64)
    give = (card == give_pos[None, :]).astype(np.int64)
    sign = np.where(np.asarray(friend), policy.give_friend, -policy.give_rival)[:, None, None]
    return policy.keep * keep[None] + sign * give[None]


def keep_give_scores(keep_worth: np.ndarray, give_worth: np.ndarray,
                     friend: bool | np.ndarray, policy: SensiblePolicy) -> np.ndarray:
    """Keep/Give scores with ``policy``'s weights; ``friend``: whether the card given goes
    to a friend (per seat as an array broadcast against the scores).
    Mirrors :func:`precog.analysis.playing.policy.keep_give_scores`."""
    give = np.where(friend, policy.give_friend, -policy.give_rival)
    return policy.keep * keep_worth + give * give_worth


def ymune_split(y: np.ndarray, d0: np.ndarray, p0: np.ndarray, need: np.ndarray,
                doctors: np.ndarray, contaminated: np.ndarray) -> np.ndarray:
    """Protectors of :func:`policy.ymune_split` (every Ymune placed).
    Mirrors :func:`precog.analysis.playing.policy.ymune_split`."""
    wanted = np.maximum(0, np.maximum(DOCTORS_AT_LEAST, contaminated) - doctors)
    to_bow = np.minimum(y, np.maximum(0, need - p0))
    free = y - to_bow
    to_infirmary = np.minimum(free, np.maximum(0, wanted - d0))
    return y + d0 + p0 - (d0 + to_infirmary)


def ignore_river(loss: np.ndarray, gain: np.ndarray, f: BoatArrays,
                 j: Judgement = JUDGEMENT) -> np.ndarray:
    """:func:`policy.ignore_river` for tile losses (..., 5) and gains (..., 7) (broadcast
    against the Boats ``f``).
    Mirrors :func:`precog.analysis.playing.policy.ignore_river`."""
    lost = (2 * np.minimum(loss[..., 0], f.food) + HH * np.minimum(loss[..., 1], f.healthy)
            + np.minimum(loss[..., 2], f.contaminated)
            + 3 * np.minimum(loss[..., 3], f.doctors)
            + 3 * np.minimum(loss[..., 4], f.protectors))
    spare = f.protectors - protectors_against(f.bane) > 0
    return lost - gains_points(gain, f, j) > np.where(spare, IGNORE_SPARE, IGNORE_ABOVE)
