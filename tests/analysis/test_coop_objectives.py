"""The cooperative evaluation: the team's value, weighed by the chance of meeting the Objectives."""

from __future__ import annotations

import dataclasses

from precog.analysis.evaluation import evaluate, objective_risk, tile_risks
from precog.engine import GameState, Phase, new_game


def season_1_check(doctors: int) -> GameState:
    """Round 4 after its gains (nothing more to take before the check), O1c (Doctors, one
    Boat) revealed on its full side, no tile left face down."""
    state = new_game(players=2, mode="coop", seed=3)
    players = tuple(dataclasses.replace(p, doctors=doctors if seat == 0 else 0)
                    for seat, p in enumerate(state.players))
    stacks = ((),) + tuple(state.objective_stacks[1:])
    return dataclasses.replace(state, round=4, phase=Phase.MAINTENANCE, players=players,
                               objective_stacks=stacks, objectives=(("O1c", False),))


def test_an_objective_short_with_no_gains_left_is_a_certain_miss() -> None:
    need = season_1_check(0).components.objective_by_id["O1c"].full[0].amount
    assert objective_risk(season_1_check(need - 1)) == 1.0
    assert objective_risk(season_1_check(need)) == 0.0


def test_a_face_down_objective_is_weighed_before_it_is_revealed() -> None:
    state = new_game(players=2, mode="coop", seed=3)
    risks = tile_risks(state)
    assert [t for t, _ in risks] == ["face-down"] * len(state.objective_stacks[0])
    assert all(0.0 <= r <= 1.0 for _, r in risks)


def test_the_cooperative_value_is_the_team_s_and_nothing_when_a_miss_is_certain() -> None:
    state = season_1_check(1)
    assert evaluate(state, 0) == evaluate(state, 1)
    assert sum(p.healthy for p in state.players) > 0
    assert evaluate(season_1_check(0), 0) <= 0.0
