"""The review's number for a Keep/Give is the number the explorer shows for that decision.

The explorer is opened as the review's link opens it (the seat's view string, ``pv1.…``) and
analyses with its own default controls; the review values the same decision. With the
explorer's seed the two are the very same number; with another seed (other sampled worlds
and playouts) they agree within their 95 % intervals.
"""

from __future__ import annotations

import math

import pytest

from precog.analysis.game_review.review import decision_points, recorded_game, review_decision
from precog.engine.view import from_view_position, to_view_position
from precog.session.explore import Exploration
from precog.widgets.explorer_bars import Controls


@pytest.fixture(scope="module")
def decision():
    game = recorded_game(["greedy"], seed=3, players=3)
    seat = 1
    i = decision_points(game, seat)[5]
    return game, seat, i


def explorer_row(game, seat, i):
    """The explorer's row of the played choice, opened on the seat's view at decision i."""
    view = from_view_position(to_view_position(game.states[i], seat))
    params = Controls(lambda: None, lambda: None).params()
    ex = Exploration(background=False)
    ex.with_trajectories = False
    ex.start(view.world(), view.seat, params, to_end=True)
    assert ex.ranking is not None
    played = str(game.actions[i])
    return next(r for r in ex.ranking.rows if r.action == played), params


def test_the_review_shows_the_explorers_number_for_the_same_decision(decision):
    game, seat, i = decision
    row, params = explorer_row(game, seat, i)
    reviewed = review_decision(game.states[i], seat, game.actions[i], i, budget_s=None,
                               seed=params["seed"])
    assert reviewed.played_value == pytest.approx(row.value, abs=1e-9)
    assert reviewed.ci95 == pytest.approx(row.ci95, abs=1e-9)
    assert reviewed.samples == row.samples == params["rollouts"]


def test_with_other_playouts_the_review_and_the_explorer_agree_within_their_intervals(decision):
    game, seat, i = decision
    row, params = explorer_row(game, seat, i)
    reviewed = review_decision(game.states[i], seat, game.actions[i], i, budget_s=None,
                               seed=params["seed"] + 17)
    assert reviewed.played_value != row.value  # other worlds and playouts
    assert reviewed.ci95 is not None and row.ci95 is not None
    # two independent estimates: their difference lies within the combined 95 % interval
    assert abs(reviewed.played_value - row.value) <= math.hypot(reviewed.ci95, row.ci95)
