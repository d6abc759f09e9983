"""Resource trajectories per root choice, and the figures drawn from them."""

from __future__ import annotations

import pytest

from precog.analysis.basics.errors import AnalysisCode, AnalysisInputError
from precog.analysis.choices.trajectories import trajectories
from precog.analysis.playing.world import AnalysisError
from precog.analysis.projection.evaluation import RESOURCES
from tests.analysis.conftest import mid_game
from tests.codes import raises_code


def test_two_round_trajectories_start_from_the_boat_as_it_is_now():
    state = mid_game(players=3, seed=2, round=7)
    data = trajectories(state, 0, rollouts=8, seed=1)
    assert data["rounds"] == [6, 7, 8] and data["feeding_rounds"] == [8]
    me = state.players[0]
    for series in data["choices"].values():
        assert set(series) == {"score", "value", *RESOURCES}
        assert series["healthy"]["mean"][0] == me.healthy
        assert series["score"]["mean"][0] == me.healthy  # competitive: the seat's own
        for res in ("score", *RESOURCES):
            s = series[res]
            assert all(lo <= m <= hi for lo, m, hi in zip(s["p10"], s["mean"], s["p90"]))


def test_trajectories_to_the_end_cover_every_round_left_and_mark_the_islands():
    state = mid_game(players=4, seed=1, round=6)
    data = trajectories(state, 1, choices=None, rollouts=8, seed=2, to_end=True)
    assert data["rounds"] == list(range(5, 13)) and data["feeding_rounds"] == [8, 12]
    assert len(data["choices"]) == 6


def test_an_illegal_choice_is_refused_by_name():
    with raises_code(AnalysisError, AnalysisCode.CHOICES):
        trajectories(mid_game(players=2, seed=1, round=3), 0, choices=["keep X99 give Y99"])


def test_the_figure_has_a_band_and_a_mean_per_choice_and_resource():
    from precog.analysis.choices.plots import trajectory_figure

    data = trajectories(mid_game(players=2, seed=3, round=5), 0, rollouts=4, to_end=True)
    fig = trajectory_figure(data, ["healthy", "bane"])
    assert len(fig.data) == 2 * 2 * len(data["choices"])
    with raises_code(AnalysisInputError, AnalysisCode.ONE_OF) as caught:
        trajectory_figure(data, ["gold"])
    assert caught.value.problem.values["got"] == ["gold"]


def test_the_score_panel_ends_on_each_choice_s_value_with_its_interval():
    from precog.analysis.choices.plots import trajectory_figure

    data = trajectories(mid_game(players=3, seed=2, round=7), 0, rollouts=6, seed=1)
    fig = trajectory_figure(data, ["score"])
    markers = [t for t in fig.data if t.marker.symbol == "diamond"]
    assert len(markers) == len(data["choices"])
    values = sorted((v["value"]["mean"], v["value"]["ci95"]) for v in data["choices"].values())
    drawn = sorted((m.y[0], m.error_y.array[0]) for m in markers)
    assert drawn == [pytest.approx(v) for v in values]
    assert all(m.x[0] == 12 for m in markers)


def test_trajectories_to_the_end_value_each_choice_by_its_final_score():
    data = trajectories(mid_game(players=2, seed=3, round=9), 1, rollouts=8, seed=4,
                        to_end=True)
    for series in data["choices"].values():
        value = series["value"]
        assert value["at_end"] and value["samples"] == 8
        assert value["mean"] == pytest.approx(series["score"]["mean"][-1], abs=1e-3)
