"""Analysis results display compactly in a notebook: a short text repr and a small HTML table
(each value ± its 95 % interval as a dot and whisker)."""

from __future__ import annotations

import random

import pytest

from precog.analysis.display import MOST_ROWS, interval_text
from precog.analysis.ranking import Ranking, rank_options
from precog.engine.playout import random_playout


@pytest.fixture(scope="module")
def ranking() -> Ranking:
    state = random_playout(random.Random(1), stop_round=6, players=4, seed=1).final
    return rank_options(state, 0, rollouts=256, seed=1)


def test_a_ranking_prints_one_short_line_naming_its_best_choice(ranking: Ranking) -> None:
    text = repr(ranking)
    assert len(text) < 200 and "\n" not in text
    best = ranking.rows[0]
    assert best.action in text and interval_text(best.value, best.ci95) in text


def test_a_ranking_row_s_repr_leaves_out_its_rollout_values(ranking: Ranking) -> None:
    row = ranking.rows[0]
    assert len(row.draws) >= 256
    assert len(repr(row)) < 600


def test_a_ranking_shows_as_a_small_table_of_values_and_their_intervals(
        ranking: Ranking) -> None:
    page = ranking._repr_html_()
    assert len(page) < 8_000
    shown = ranking.rows[:MOST_ROWS]
    assert page.count("<circle") == len(shown)
    assert page.count("<line") == sum(r.ci95 is not None for r in shown)
    for row in shown:
        assert interval_text(row.value, row.ci95) in page
