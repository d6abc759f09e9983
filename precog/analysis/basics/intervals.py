"""95 % intervals, one definition for the whole project: of a mean (normal approximation) and
of a share (Wilson's score interval). Every interval in precog, its benchmarks and scripts comes
from here: a mean's (:func:`mean_ci`), a share's (:func:`wilson`), and one made of standard errors
(:func:`half_width`: a regression estimate's, a tree node's, a prediction plus its sampling).

A *paired* interval (two players, two choices or two readings compared game by game on the
same seeds) is the interval of the mean of the differences: pass the differences to
:func:`mean_ci`.

>>> mean, half = mean_ci([1.0, 2.0, 3.0]); mean, round(half, 4)
(2.0, 1.1316)
>>> mean_figure([3.0, 2.0], count="games")
{'value': 2.5, 'ci95': [1.52, 3.48], 'games': 2}
>>> round(half_width(0.3, 0.4), 4)
0.98
>>> [round(x, 4) for x in wilson(0.0, 10)]
[0.0, 0.2775]
>>> share_figure(3, 4)
{'value': 0.75, 'ci95': [0.3006, 0.9544], 'n': 4}
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

Z95 = 1.96
"""The normal quantile of a two-sided 95 % interval."""


def mean_ci(values: Sequence[float] | np.ndarray) -> tuple[float, float]:
    """The mean of ``values`` and its 95 % half-width (normal approximation, the sample's
    standard deviation): ``(nan, nan)`` without values, an infinite half-width with one."""
    arr = np.asarray(values, dtype=float)
    if len(arr) == 0:
        return math.nan, math.nan
    mean = float(arr.mean())
    if len(arr) == 1:
        return mean, math.inf
    return mean, Z95 * float(arr.std(ddof=1)) / math.sqrt(len(arr))


def standard_error(values: Sequence[float] | np.ndarray) -> float:
    """The standard error of the mean of ``values`` (the sample's standard deviation over the
    square root of their number): nan without values, infinite with one."""
    arr = np.asarray(values, dtype=float)
    if len(arr) == 0:
        return math.nan
    if len(arr) == 1:
        return math.inf
    return float(arr.std(ddof=1)) / math.sqrt(len(arr))


def half_width(*standard_errors: float) -> float:
    """The 95 % half-width of a sum of independent errors, each given as its standard error
    (one error: :data:`Z95` of them)."""
    return Z95 * math.sqrt(sum(error * error for error in standard_errors))


def standard_error_of(half: float) -> float:
    """The standard error behind a 95 % half-width (one read from a stored figure)."""
    return half / Z95


def wilson(p: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion ``p`` over ``n`` trials (a win rate, a
    share of agreeing positions); ``(nan, nan)`` without trials. It stays inside [0, 1] and
    is not empty when every trial goes one way."""
    if n == 0:
        return math.nan, math.nan
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_figure(values: Sequence[float], count: str = "n", digits: int = 4) -> dict[str, Any]:
    """A benchmark's figure for a mean: ``{"value", "ci95": [low, high], count: n}`` rounded
    to ``digits``; ``value`` and ``ci95`` are None without values, ``ci95`` None with one (no
    spread to measure: JSON has no infinity)."""
    n = len(values)
    if n == 0:
        return {"value": None, "ci95": None, count: 0}
    mean, half = mean_ci(values)
    if not math.isfinite(half):
        return {"value": round(mean, digits), "ci95": None, count: n}
    return {"value": round(mean, digits),
            "ci95": [round(mean - half, digits), round(mean + half, digits)], count: n}


def share_figure(hits: int, n: int, count: str = "n", digits: int = 4) -> dict[str, Any]:
    """A benchmark's figure for a share ``hits / n`` with its Wilson interval, in the form of
    :func:`mean_figure`."""
    if n == 0:
        return {"value": None, "ci95": None, count: 0}
    low, high = wilson(hits / n, n)
    return {"value": round(hits / n, digits), "ci95": [round(low, digits), round(high, digits)],
            count: n}
