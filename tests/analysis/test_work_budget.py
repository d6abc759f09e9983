"""The explorer on a budget of work (``rollout@N``): the benchmarks' stand-in for its 1-second
ranking, the same choice whatever the machine's load."""

from __future__ import annotations

import pytest

from precog.analysis.arena.bots import RolloutBot, is_work_budget, make_bot
from precog.analysis.basics.errors import AnalysisCode
from precog.analysis.choices.ranking import rank_options
from precog.analysis.playing.players import ask
from precog.analysis.playing.world import AnalysisError
from precog.engine import GameState, Phase
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

