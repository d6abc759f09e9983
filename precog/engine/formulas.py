"""The rules' arithmetic, written once: the season of a round, the Islands still to come, the
Protectors against a Bane level, feeding at an Island, healing by Doctors.

Every layer imports these (the engine's phases, the numpy batch, the evaluation, the pages):
no copy of a formula lives elsewhere. Each is written with operators only, so that it takes
whole numbers or numpy arrays of them alike (the batch passes arrays of games; the engine
does not import numpy).

>>> season_of(1), season_of(4), season_of(5), season_of(12)
(1, 1, 2, 3)
>>> islands_from(1), islands_from(5), islands_from(12)
(3, 2, 1)
>>> protectors_against(0), protectors_against(3), protectors_against(4)
(0, 2, 2)
>>> feeding(food=5, healthy=3), feeding(food=2, healthy=3)
((2, 3), (0, 2))
>>> healed(healers=1, contaminated=3), healed(healers=4, contaminated=3)
(1, 3)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    import numpy as np

ROUNDS = 12
ROUNDS_PER_SEASON = 4

Count = TypeVar("Count", int, float, "np.ndarray[Any, Any]")
"""A whole number, or a numpy array of them (one per game of a batch)."""


def least(a: Count, b: Count) -> Count:
    """The smaller of ``a`` and ``b`` (element by element for arrays; exact for floats)."""
    smaller: Count = a * (a <= b) + b * (a > b)
    return smaller


def season_of(round_: Count) -> Count:
    """The season (1-3) of a round (1-12): rounds 1-4, 5-8 and 9-12 (a round past the last
    counts in the last season)."""
    last = round_ - (round_ - ROUNDS) * (round_ > ROUNDS)
    season: Count = (last - 1) // ROUNDS_PER_SEASON + 1
    return season


def islands_from(round_: Count) -> Count:
    """The Islands (feedings) from a round (1-12) on, its own included: one ends each
    season; none after the last round."""
    islands: Count = (ROUNDS - round_) // ROUNDS_PER_SEASON + 1
    return islands


def protectors_against(bane: Count) -> Count:
    """The Protectors that bring a Bane level to 0 (each returned lowers it by 2)."""
    return (bane + 1) // 2


def feeding(food: Count, healthy: Count) -> tuple[Count, Count]:
    """(Food, Healthy Humans) after an Island: each Healthy Human eats one Food; those who
    cannot be fed are lost."""
    fed = least(healthy, food)
    return food - fed, fed


def healed(healers: Count, contaminated: Count) -> Count:
    """Contaminated Humans healed by ``healers`` (the Doctors in Maintenance, or the heals a
    card, Machine, River tile or supply gives): one each, up to all of them."""
    return least(healers, contaminated)
