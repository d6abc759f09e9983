"""The box's supply as a measure of scale: how many pawns and tokens the Boats hold at once.

The box holds 50 Human pawns, 40 Ymune pawns and 48 Battery tokens (the cooperative mode adds
20 tokens worth 5 Humans or Ymunes). A game stays *within the supply* for a resource when the
Boats together never hold more than the box has: Humans (Healthy and Contaminated), Ymunes
(Doctors and Protectors) and Batteries on Machines, counted after every action.

>>> from precog.engine import new_game
>>> on_boats(new_game(players=2, seed=1))
Supply(humans=8, ymunes=2, batteries=0)
>>> peaks = Peaks()
>>> peaks.see(Supply(9, 2, 3)); peaks.see(Supply(7, 4, 1)); peaks.value
Supply(humans=9, ymunes=4, batteries=3)
>>> [f.share for f in supply_figures([Supply(50, 41, 1), Supply(51, 3, 48)])]
[0.5, 0.5, 1.0]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from precog.analysis.basics.intervals import wilson
from precog.engine.state import GameState


class Supply(NamedTuple):
    humans: int
    ymunes: int
    batteries: int


BOX = Supply(humans=50, ymunes=40, batteries=48)
"""The box's Human pawns, Ymune pawns and Battery tokens (without the cooperative extras)."""


def on_boats(state: GameState) -> Supply:
    """What all Boats hold together: Humans, Ymunes and Batteries placed on Machines."""
    return Supply(sum(p.healthy + p.contaminated for p in state.players),
                  sum(p.doctors + p.protectors for p in state.players),
                  sum(sum(p.batteries) for p in state.players))


class Peaks:
    """The most each resource reached over the states it was shown (an observer for a game)."""

    def __init__(self) -> None:
        self.value = Supply(0, 0, 0)

    def see(self, supply: Supply) -> None:
        self.value = Supply(*(max(a, b) for a, b in zip(self.value, supply, strict=True)))

    def __call__(self, state: GameState) -> None:
        self.see(on_boats(state))


@dataclass(frozen=True)
class SupplyFigure:
    """For one resource over games: the share of games whose peak stayed within the box."""

    resource: str
    cap: int
    games: int
    within: int  # games whose peak never exceeded ``cap``
    share: float
    low: float  # 95 % Wilson interval of ``share``
    high: float
    peak_mean: float
    peak_max: int


def supply_figures(peaks: Sequence[Supply], caps: Supply = BOX) -> list[SupplyFigure]:
    """One figure per resource from each game's peaks."""
    figures = []
    n = len(peaks)
    for k, name in enumerate(Supply._fields):
        values = [p[k] for p in peaks]
        within = sum(1 for v in values if v <= caps[k])
        share = within / n if n else math.nan
        low, high = wilson(share, n)
        figures.append(SupplyFigure(name, caps[k], n, within, share, low, high,
                                    sum(values) / n if n else math.nan,
                                    max(values, default=0)))
    return figures
