"""Analysis results display compactly in a notebook: a short text repr and a small HTML table
(each value ± its 95 % interval as a dot and whisker): a ranking, the look-ahead tree, a
tournament (a forest plot), a review; a game prints its length and where it stands."""

from __future__ import annotations

import random

import pytest

from precog.analysis.arena.tournament import TournamentResult, run_tournament
from precog.analysis.basics.display import MOST_ROWS, interval_text
from precog.analysis.choices.ranking import Ranking, rank_options
from precog.analysis.game_review.review import recorded_game, review_game
from precog.analysis.search.tree import TreeNode, build_tree
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


# -- the look-ahead tree, a tournament, a review, a game --------------------------------------


@pytest.fixture(scope="module")
def tree() -> TreeNode:
    state = random_playout(random.Random(1), stop_round=6, players=3, seed=1).final
    return build_tree(state, 0, depth_rounds=1, seed=1)


def test_a_tree_node_prints_one_line_with_its_value_and_children(tree: TreeNode) -> None:
    text = repr(tree)
    assert len(text) < 200 and "\n" not in text
    assert interval_text(tree.value, tree.ci95) in text
    assert f"{len(tree.children)} children" in text


def test_a_tree_shows_its_children_with_intervals_two_levels_deep(tree: TreeNode) -> None:
    page = tree._repr_html_()
    assert len(page) < 60_000
    shown = tree.children[:MOST_ROWS]
    for child in shown:
        assert interval_text(child.value, child.ci95) in page
    grandchildren = [g for c in shown for g in c.children[:MOST_ROWS]]
    assert page.count("<circle") == len(shown) + len(grandchildren)
    assert page.count("<details>") == sum(bool(c.children) for c in shown)


@pytest.fixture(scope="module")
def tournament() -> TournamentResult:
    return run_tournament(["greedy", "random"], games=6, seed=5, workers=1)


def test_a_tournament_prints_one_line_naming_its_best_bot(
        tournament: TournamentResult) -> None:
    text = repr(tournament)
    best = max(tournament.standings, key=lambda s: s.win_rate)
    assert len(text) < 200 and "\n" not in text and best.bot in text
    assert f"{best.win_rate:.1%}" in text


def test_a_tournament_shows_a_forest_plot_of_win_rates_and_margins(
        tournament: TournamentResult) -> None:
    page = tournament._repr_html_()
    assert len(page) < 8_000
    rows = len(tournament.standings) + len(tournament.margins)
    assert page.count("<circle") == rows and rows >= 3
    for s in tournament.standings:
        assert f"{s.win_rate:.1%} [{s.win_low:.1%}, {s.win_high:.1%}]" in page


def test_a_review_prints_its_decisions_and_shows_the_costliest_first() -> None:
    game = recorded_game(["greedy"], seed=6, players=2)
    review = review_game(game, 1, budget_s=None, depth_rounds=1, actions=False)
    text = repr(review)
    assert len(text) < 200 and "\n" not in text
    assert f"{len(review.decisions)} decisions" in text
    page = review._repr_html_()
    assert len(page) < 12_000
    costly = sorted(review.decisions, key=lambda d: -d.loss)[:MOST_ROWS]
    assert page.count("<circle") == len(costly)
    first = page.index(f"<code>{costly[0].played}</code>")
    assert all(first <= page.index(f"<code>{d.played}</code>") for d in costly)


def test_a_game_prints_its_moves_and_where_it_stands() -> None:
    game = recorded_game(["greedy"], seed=6, players=2)
    assert repr(game) == (f"<Game {len(game.actions)} moves, over (2 players, "
                          f"{game.state.config.mode})>")
