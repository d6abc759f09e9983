"""Bots choose only legal actions, from their own observation."""

from __future__ import annotations

import random

import pytest

from precog.analysis.arena.bots import (
    Bot,
    GreedyBot,
    LookaheadBot,
    RandomBot,
    RolloutBot,
    make_bot,
    play_game,
)
from precog.analysis.basics.errors import AnalysisCode
from precog.analysis.playing.players import ask
from precog.analysis.playing.world import AnalysisError
from precog.engine import GameState, apply, legal_actions, new_game, observation
from precog.engine.actions import EndActions, Mitigate
from precog.engine.observation import chance_outcomes
from precog.engine.state import FEEDING_ROUNDS, RuleOptions
from tests.codes import raises_code


class Checking(Bot):
    """Wraps a bot and records that every choice was among the legal actions."""

    def __init__(self, inner: Bot) -> None:
        super().__init__(inner.seed)
        self.inner, self.choices = inner, 0

    def choose(self, obs, legal, sample_world=None):
        action = self.inner.choose(obs, legal, sample_world)
        assert action in legal
        self.choices += 1
        return action


@pytest.mark.parametrize("seed", range(12))
def test_random_and_greedy_bots_play_legal_games_in_every_mode(seed):
    setups = [dict(players=2), dict(players=3, setup="advanced"), dict(players=4, mode="team"),
              dict(players=2, mode="coop", difficulty="hard")]
    setup = setups[seed % len(setups)]
    n = setup["players"]
    bots = [Checking(RandomBot(seed) if s % 2 else GreedyBot(seed)) for s in range(n)]
    final = play_game(bots, seed=seed, **setup)
    assert final.is_over and all(b.choices > 0 for b in bots)


@pytest.mark.parametrize("seed", range(2))
def test_lookahead_and_rollout_bots_play_legal_games(seed):
    bots = [Checking(LookaheadBot(seed)), Checking(RolloutBot(seed, rollouts=8))]
    assert play_game(bots, seed=seed, players=2, setup="advanced" if seed else "standard"
                     ).is_over


def test_a_bot_that_simulates_needs_a_world_sampler():
    state = new_game(players=2, seed=1)
    with raises_code(AnalysisError, AnalysisCode.NEEDS_SAMPLER):
        GreedyBot(0).choose(observation(state, 0), legal_actions(state))


def test_a_player_answering_an_illegal_action_is_named_with_its_code():
    class Cheater:
        def choose(self, observation, legal_actions, sample_world=None):
            return EndActions()

    state = new_game(players=2, seed=1)
    assert EndActions() not in legal_actions(state)
    with raises_code(AnalysisError, AnalysisCode.PLAYER_ILLEGAL) as caught:
        ask(Cheater(), state)
    assert caught.value.problem.values["action"] == str(EndActions())


def test_an_unknown_bot_name_is_refused_with_the_known_names():
    with raises_code(AnalysisError, AnalysisCode.ONE_OF):
        make_bot("clever", 0)


def test_lookahead_bots_play_a_legal_complete_cooperative_game():
    # the cooperative steps: reveal before activating, reveal/mitigate after the gains, and
    # the team window once every seat has placed its gains
    bots = [Checking(LookaheadBot(s, worlds=1)) for s in range(2)]
    final = play_game(bots, seed=5, players=2, mode="coop")
    assert final.is_over and all(b.choices > 0 for b in bots)


def test_the_ten_second_explorer_is_the_one_second_bot_with_ten_times_the_time():
    from precog.analysis.arena.bots import RolloutBot, bot_names, make_bot

    one, ten = make_bot("rollout1s", 3), make_bot("rollout10s", 3)
    assert isinstance(ten, RolloutBot) and "rollout10s" in bot_names()
    assert (ten.budget_s, ten.rollouts) == (10 * one.budget_s, one.rollouts)



def _plays_past_the_river(state: GameState) -> bool:
    """A team window where mitigating or passing lets the table play on past this round's
    River tile (two or more possible) into the next round."""
    legal = legal_actions(state)
    return (any(isinstance(a, Mitigate) for a in legal) and state.round not in FEEDING_ROUNDS
            and len(chance_outcomes(observation(state, state.to_move))) >= 2
            and any(apply(state, a).round != state.round
                    for a in legal if isinstance(a, Mitigate | EndActions)))


def test_lookahead_values_a_team_window_action_that_plays_past_the_river_with_the_next_tile(
        ) -> None:
    # the bot values such an action with the next round's River outcomes (with this round's,
    # a tile already turned over raised "River tile ... was revealed already", ending the game)
    rng = random.Random(3)
    state = new_game(players=2, mode="coop", seed=3, options=RuleOptions(coop_supplies=False))
    while not _plays_past_the_river(state):
        legal = legal_actions(state)
        state = apply(state, legal[rng.randrange(len(legal))])
    assert ask(LookaheadBot(1), state) in legal_actions(state)
