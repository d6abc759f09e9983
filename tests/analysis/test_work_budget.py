"""The explorer on a budget of work (``rollout@N``): the benchmarks' stand-in for its 1-second
ranking, the same choice whatever the machine's load."""

from __future__ import annotations

import pytest

from precog.analysis.arena.bots import PolicyBot, RolloutBot, is_work_budget, make_bot
from precog.analysis.basics.errors import AnalysisCode
from precog.analysis.choices.ranking import rank_options
from precog.analysis.playing.players import ask
from precog.analysis.playing.world import AnalysisError
from precog.engine import GameState, Phase, apply, legal_actions, new_game
from precog.engine.actions import Choose, ChooseRooms, PassCards
from precog.engine.playout import random_playout


def decision(seed: int) -> GameState:
    """A 2-player Keep/Give at the start of round 8."""
    import random

    final = random_playout(random.Random(seed), players=2, seed=seed, stop_round=8).final
    assert final.phase is Phase.DECISION and not final.is_over
    return final


def test_a_budget_of_work_ranks_as_the_clock_does_when_the_clock_reaches_it():
    state = decision(3)
    work = rank_options(state, 0, rollouts=300, seed=5, with_give_values=False, race=True,
                        leaf_values="fit")
    clocked = rank_options(state, 0, rollouts=300, seed=5, with_give_values=False,
                           budget_s=120.0)  # ample: it plays its whole 300
    assert clocked.meta["samples"] == work.meta["samples"] == 300
    assert [(r.action, r.value, r.samples) for r in work.rows] == \
        [(r.action, r.value, r.samples) for r in clocked.rows]


def test_the_rollout_at_n_bot_rests_every_keep_give_on_n_rollouts_a_choice_and_no_clock():
    bot = make_bot("rollout@300", 7)
    assert isinstance(bot, RolloutBot) and bot.budget_s is None and bot.rollouts == 300
    state = decision(4)
    first = ask(bot, state, state.to_move)
    again = ask(make_bot("rollout@300", 7), state, state.to_move)
    assert bot.samples == [300] and first == again


@pytest.mark.parametrize("name", ["rollout@1", "rollout@", "rollout@x", "rollout@99999999999"])
def test_a_work_budget_outside_its_range_is_not_a_bot(name: str):
    assert not is_work_budget(name)
    with pytest.raises(AnalysisError) as caught:
        make_bot(name, 1)
    assert caught.value.problem is not None
    assert caught.value.problem.code == AnalysisCode.ONE_OF



@pytest.mark.parametrize("name", ["rollout@64", "rollout1s", "rollout10s"])
def test_the_explorer_s_player_makes_every_other_decision_as_the_sensible_player(name: str):
    """The player who follows the explorer: outside Keep/Give it plays what the explorer's
    rollouts assume, the sensible player's move (the same seed, the same move)."""
    import random

    rng = random.Random(9)
    state = new_game(players=3, seed=9)
    compared = 0
    while not state.is_over and compared < 40:
        legal = legal_actions(state)
        if len(legal) > 1 and not isinstance(legal[0], Choose | ChooseRooms | PassCards):
            seat = state.to_move
            assert ask(make_bot(name, 5), state, seat) == ask(PolicyBot(5), state, seat)
            compared += 1
        state = apply(state, rng.choice(legal))
    assert compared == 40


def test_the_plain_rollout_bot_plans_its_other_decisions_as_the_look_ahead_bot():
    bot = make_bot("rollout", 5)
    assert isinstance(bot, RolloutBot) and bot.plays_on is None
