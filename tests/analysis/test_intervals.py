"""The project's one definition of a 95 % interval (precog.analysis.basics.intervals): every
benchmark, script and analysis reads its means and shares through it."""

from __future__ import annotations

import math

import numpy as np
import pytest

from precog.analysis.basics.intervals import mean_ci, mean_figure, share_figure, wilson


def test_a_mean_s_half_width_is_1_96_standard_errors_of_the_sample():
    values = [4.0, -1.0, 2.5, 0.0, 3.0, 7.0]
    mean, half = mean_ci(values)
    assert mean == pytest.approx(np.mean(values))
    assert half == pytest.approx(1.96 * np.std(values, ddof=1) / math.sqrt(len(values)))


def test_one_value_has_an_unbounded_interval_and_none_has_no_mean():
    assert mean_ci([2.5]) == (2.5, math.inf)
    assert all(math.isnan(x) for x in mean_ci([]))
    assert mean_figure([], count="games") == {"value": None, "ci95": None, "games": 0}


def test_a_paired_interval_is_the_interval_of_the_differences_game_by_game():
    mine, theirs = [5.0, 7.0, 6.0, 9.0], [4.0, 6.0, 5.0, 8.0]  # one ahead in every game
    differences = [a - b for a, b in zip(mine, theirs, strict=True)]
    figure = mean_figure(differences, count="games", digits=3)
    assert figure == {"value": 1.0, "ci95": [1.0, 1.0], "games": 4}
    assert mean_ci(mine)[1] > 0  # each side alone varies from game to game


def test_the_share_interval_is_wilson_s_inside_0_and_1_even_when_every_trial_goes_one_way():
    low, high = wilson(0.0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)  # Wilson, 0 of 10
    low, high = wilson(1.0, 20)
    assert high == 1.0 and low == pytest.approx(0.8389, abs=1e-4)  # Wilson, 20 of 20
    assert all(math.isnan(x) for x in wilson(0.0, 0))
    figure = share_figure(3, 4)
    assert figure["value"] == 0.75 and figure["n"] == 4
    assert figure["ci95"][0] < 0.75 < figure["ci95"][1]
    assert share_figure(0, 0)["ci95"] is None
