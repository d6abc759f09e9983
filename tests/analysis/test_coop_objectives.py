"""The cooperative evaluation: the team's value, weighed by the chance of meeting the Objectives."""

from __future__ import annotations

import dataclasses

from precog.analysis.projection.evaluation import evaluate, objective_risk, tile_risks
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


def test_the_lookahead_bot_mitigates_in_the_team_window_when_that_saves_the_season() -> None:
    # Round 4, every seat has placed its gains. O1a (one Boat holds 4 Food; mitigated: 2) and
    # O1g (mitigated: each Boat holds 1 Food) are revealed. After the feeding each seat keeps 3
    # Food: O1a fails on its full side and the game is lost. Seat 0 received 2 Food this round:
    # spending them flips O1a, which seat 1's 3 Food then meet.
    from precog.analysis.arena.bots import LookaheadBot
    from precog.engine import Step, determinize, legal_actions, observation
    from precog.engine.actions import Mitigate
    from precog.engine.components import Gains
    from tests.engine.positions import position, seat

    stacks = ((), ("O2a", "O2b"), ("O3a", "O3f"))
    state = position(players=2, mode="coop", round=4, phase=Phase.ACTION, step=Step.TEAM,
                     seats=[seat(food=11, healthy=8, doctors=0, activated="G",
                                 taken=Gains(food=2)),
                            seat(food=11, healthy=8, doctors=0, activated="G")],
                     objective_stacks=stacks, objectives=(("O1a", False), ("O1g", True)))
    legal = legal_actions(state)
    assert Mitigate("O1a") in legal
    bot = LookaheadBot(0)
    bot.sample_world = lambda rng: determinize(state, 0, rng)
    assert bot.choose(observation(state, 0), legal) == Mitigate("O1a")


def objective_steps(players: int, seeds: range) -> list[GameState]:
    """Every Objective step with a choice in cooperative games of the sensible player."""
    import random

    from precog.analysis.playouts.rollouts import DEFAULT_POLICY
    from precog.engine import Step, apply, legal_actions

    out = []
    for seed in seeds:
        state, rng = new_game(players=players, mode="coop", seed=seed), random.Random(seed)
        while not state.is_over:
            options = legal_actions(state)
            if state.step in (Step.COOP, Step.TEAM) and len(options) > 1:
                out.append(state)
            pick = DEFAULT_POLICY.index(state, rng.random(), options) if len(options) > 1 else 0
            state = apply(state, options[pick])
    return out


def test_the_look_ahead_reveals_and_mitigates_only_where_the_sensible_player_would() -> None:
    """Revealing costs Humans, so the tree's plan (and every seat in its rounds) takes the
    sensible player's Objective step, as the playouts that measure the value do; taking the
    first legal option would reveal at nearly every step where the sensible player ends its
    turn."""
    from precog.analysis.playing.plans import RoundSearch
    from precog.analysis.playing.policy import sensible_move
    from precog.analysis.playing.rounds import other_seat
    from precog.engine import legal_actions
    from precog.engine.actions import Reveal

    steps = objective_steps(3, range(4))
    first_reveals = [s for s in steps if isinstance(legal_actions(s)[0], Reveal)
                     and sensible_move(s, s.to_move) != legal_actions(s)[0]]
    assert len(first_reveals) > len(steps) // 2
    for state in steps[:40]:
        seat = state.to_move
        plan = RoundSearch(seat, [(None, 1.0)], lambda _: 0.0, narrow=True).run(state)
        assert plan.steps[0] == sensible_move(state, seat)
        assert other_seat(state, seat) == sensible_move(state, seat)
