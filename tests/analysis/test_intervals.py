"""The project's one definition of a 95 % interval (precog.analysis.basics.intervals): every
benchmark, script and analysis reads its means and shares through it."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import numpy as np
import pytest

from precog.analysis.basics.intervals import (
    Z95,
    half_width,
    mean_ci,
    mean_figure,
    share_figure,
    standard_error,
    standard_error_of,
    wilson,
)


def test_a_mean_s_half_width_is_1_96_standard_errors_of_the_sample():
    values = [4.0, -1.0, 2.5, 0.0, 3.0, 7.0]
    mean, half = mean_ci(values)
    assert mean == pytest.approx(np.mean(values))
    assert half == pytest.approx(1.96 * np.std(values, ddof=1) / math.sqrt(len(values)))


def test_one_value_has_an_unbounded_interval_and_none_has_no_mean():
    assert mean_ci([2.5]) == (2.5, math.inf)
    assert all(math.isnan(x) for x in mean_ci([]))
    assert mean_figure([], count="games") == {"value": None, "ci95": None, "games": 0}


def test_a_figure_of_one_value_has_no_interval_so_its_json_stays_standard():
    figure = mean_figure([3.5], count="games")
    assert figure == {"value": 3.5, "ci95": None, "games": 1}
    json.loads(json.dumps(figure, allow_nan=False))


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


def test_a_ranking_s_value_and_interval_are_mean_ci_of_its_own_rollouts():
    from precog.analysis.choices.ranking import rank_options
    from tests.analysis.conftest import mid_game

    ranking = rank_options(mid_game(players=3, seed=2), 0, rollouts=32, seed=3, race=False,
                           with_give_values=False)
    assert len(ranking.rows) > 1
    for row in ranking.rows:
        assert row.samples == len(row.draws) == 32
        assert (row.value, row.ci95) == mean_ci(row.draws)  # identical, not approximately


def test_an_interval_made_of_standard_errors_is_z95_of_their_root_sum_of_squares():
    samples = [4.0, -1.0, 2.5, 0.0, 3.0, 7.0]
    assert half_width(standard_error(samples)) == mean_ci(samples)[1]
    assert half_width(0.3, 0.4) == Z95 * 0.5
    assert standard_error_of(half_width(0.25)) == pytest.approx(0.25)
    assert standard_error([1.0]) == math.inf and math.isnan(standard_error([]))


def test_no_interval_is_computed_outside_the_interval_module():
    # one estimator: the normal quantile of a 95 % interval is written once, in intervals.py
    root = Path(__file__).resolve().parents[2]
    found = [f"{path.relative_to(root)}:{number}"
             for folder in ("precog", "benchmarks", "scripts")
             for path in sorted((root / folder).rglob("*.py"))
             if path.name != "intervals.py"
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"(?<![\d.])1\.96(?!\d)|1\.959", line)]
    assert found == []
