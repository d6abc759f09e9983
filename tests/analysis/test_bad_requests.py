"""Bad arguments to the analysis entry points and to `precog analyse` are refused at once, with
an error naming the argument and the range expected (never an unbounded run)."""

from __future__ import annotations

import json
import math

import pytest

from precog.analysis.basics.checks import MAX_ROLLOUTS
from precog.analysis.basics.errors import AnalysisCode, AnalysisInputError
from precog.analysis.choices.ranking import rank_options
from precog.analysis.choices.trajectories import trajectories
from precog.analysis.playouts.rollouts import rollout_value
from precog.analysis.search.tree import build_tree
from precog.cli import main
from precog.commands.analyse import MAX_ROLLOUTS as CLI_MAX_ROLLOUTS
from precog.engine import PrecogError, to_position
from tests.analysis.conftest import mid_game, starving_position
from tests.codes import raises_code

BAD_RANKING = [
    ({"budget_s": 0}, "budget_s"), ({"budget_s": -1.0}, "budget_s"),
    ({"budget_s": math.nan}, "budget_s"), ({"budget_s": math.inf}, "budget_s"),
    ({"budget_s": "1"}, "budget_s"), ({"rollouts": 10**9}, "rollouts"),
    ({"rollouts": -1}, "rollouts"), ({"rollouts": 2.5}, "rollouts"),
    ({"rollouts": True}, "rollouts"), ({"depth_rounds": 3}, "depth_rounds"),
    ({"depth_rounds": 0}, "depth_rounds"), ({"model": "psychic"}, "model"),
    ({"seed": 1.5}, "seed"), ({"engine": "gpu"}, "engine"),
]


def _named(error: AnalysisInputError) -> object:
    """The argument a refusal names (its problem's ``name``), with a code of its own."""
    assert error.problem is not None and error.problem.code in AnalysisCode
    return error.problem.values.get("name")


@pytest.mark.parametrize("kwargs,name", BAD_RANKING, ids=[str(k) for k, _ in BAD_RANKING])
def test_rank_options_refuses_a_bad_argument_by_name(kwargs, name):
    with pytest.raises(AnalysisInputError) as caught:
        rank_options(starving_position(), 0, **kwargs)
    assert _named(caught.value) == name


def test_a_huge_rollout_count_is_allowed_only_as_the_ceiling_of_a_time_budget():
    with raises_code(AnalysisInputError, AnalysisCode.COUNT):
        rank_options(starving_position(), 0, rollouts=MAX_ROLLOUTS + 1)
    with raises_code(AnalysisInputError, AnalysisCode.COUNT):
        rank_options(starving_position(), 0, rollouts=10**9, budget_s=1.0)


@pytest.mark.parametrize("kwargs,name", [
    ({"depth_rounds": 5}, "depth_rounds"), ({"worlds": 0}, "worlds"),
    ({"worlds": 10**6}, "worlds"), ({"rollouts": 10**6}, "rollouts"),
    ({"budget_s": -2}, "budget_s"), ({"budget_s": math.nan}, "budget_s")])
def test_build_tree_refuses_a_bad_argument_by_name(kwargs, name):
    with pytest.raises(AnalysisInputError) as caught:
        build_tree(starving_position(), 0, **kwargs)
    assert _named(caught.value) == name


@pytest.mark.parametrize("kwargs,name", [
    ({"rollouts": 0}, "rollouts"), ({"rollouts": 10**9}, "rollouts"),
    ({"model": "x"}, "model"), ({"seed": "7"}, "seed")])
def test_trajectories_refuse_a_bad_argument_by_name(kwargs, name):
    with pytest.raises(AnalysisInputError) as caught:
        trajectories(starving_position(), 0, **kwargs)
    assert _named(caught.value) == name


def test_a_seat_outside_the_game_is_refused_everywhere():
    state = mid_game(players=2, seed=1, round=3)
    for call in (lambda: rank_options(state, 2), lambda: build_tree(state, -1),
                 lambda: trajectories(state, 5), lambda: rollout_value(state, 3, 4, 0)):
        with raises_code(AnalysisInputError, AnalysisCode.PLAYER):
            call()


def test_the_input_error_is_a_precog_error():
    assert issubclass(AnalysisInputError, PrecogError)


def test_the_command_line_and_the_library_share_the_rollout_limit():
    assert CLI_MAX_ROLLOUTS == MAX_ROLLOUTS


@pytest.mark.parametrize("args,name", [
    (["--budget", "0"], "--budget"), (["--budget", "nan"], "--budget"),
    (["--budget", "inf"], "--budget"), (["--budget", "-3"], "--budget"),
    (["--rollouts", "1000000000"], "--rollouts"), (["--rollouts", "-5"], "--rollouts"),
    (["--depth", "3"], "--depth")])
def test_analyse_refuses_bad_input_with_status_2_naming_the_option(capsys, args, name):
    with pytest.raises(SystemExit) as stop:  # argparse's own refusals exit with status 2
        status = main(["analyse", to_position(starving_position()), *args])
        raise SystemExit(status)
    assert stop.value.code == 2
    assert name in capsys.readouterr().err


def test_analyse_json_shows_the_one_value_with_its_interval(capsys):
    position = to_position(starving_position())
    assert main(["analyse", position, "--depth", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "expected final Healthy Humans" in data["meta"]["value"]
    library = rank_options(starving_position(), 0, depth_rounds=1)
    for row, mine in zip(data["rows"], library.rows):  # the same function, the same numbers
        assert row["action"] == mine.action
        assert row["value"] == pytest.approx(mine.value, abs=1e-4)
        assert row["ci95"] is not None and row["ci95"] > 0
