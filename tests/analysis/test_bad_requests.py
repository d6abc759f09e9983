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


def _action_phase(players: int = 3, seed: int = 2):
    """The first position past the Decision phase (a seat to move at its Action step)."""
    from precog.engine import Phase, apply, legal_actions, new_game

    state = new_game(players=players, seed=seed)
    while state.phase is Phase.DECISION:
        state = apply(state, legal_actions(state)[0])
    return state


@pytest.mark.parametrize("kwargs,name", [
    ({"worlds": 0}, "worlds"), ({"worlds": 10**6}, "worlds"), ({"worlds": 2.5}, "worlds"),
    ({"repeats": 0}, "repeats"), ({"repeats": 10**4}, "repeats"), ({"seed": "7"}, "seed")])
def test_rank_step_refuses_a_bad_count_by_name(kwargs, name):
    from precog.analysis.game_review.step_ranking import rank_step

    state = _action_phase()
    with pytest.raises(AnalysisInputError) as caught:
        rank_step(state, state.to_move, **kwargs)
    assert _named(caught.value) == name


def test_rank_step_refuses_a_seat_not_to_move_and_a_position_without_a_step():
    """A step's options are ranked for the seat to move, in the Action, Maintenance or River
    phase: another seat, a Keep/Give and a finished game are refused with their codes."""
    import random

    from precog.analysis.basics.errors import AnalysisError
    from precog.analysis.game_review.step_ranking import rank_step
    from precog.engine.playout import random_playout

    state = _action_phase()
    with raises_code(AnalysisError, AnalysisCode.STEP_NOT_TO_MOVE):
        rank_step(state, (state.to_move + 1) % state.config.players, worlds=2, repeats=1)
    with raises_code(AnalysisInputError, AnalysisCode.PLAYER):
        rank_step(state, 3, worlds=2, repeats=1)
    with raises_code(AnalysisError, AnalysisCode.STEP_PHASE):
        rank_step(starving_position(), 0, worlds=2, repeats=1)
    over = random_playout(random.Random(1), players=2, seed=1).final
    assert over.is_over
    with raises_code(AnalysisError, AnalysisCode.STEP_PHASE):
        rank_step(over, 0, worlds=2, repeats=1)


@pytest.mark.parametrize("kwargs,name", [
    ({"action_worlds": 0}, "action_worlds"), ({"action_worlds": 10**6}, "action_worlds"),
    ({"outlook_samples": 0}, "outlook_samples"), ({"outlook_samples": "8"}, "outlook_samples")])
def test_a_review_refuses_a_bad_count_by_name_before_any_work(kwargs, name):
    from precog.analysis.game_review.review import iter_review, recorded_game

    game = recorded_game(["greedy", "greedy"], seed=5, players=2)
    with pytest.raises(AnalysisInputError) as caught:
        next(iter_review(game, 0, **kwargs))
    assert _named(caught.value) == name
