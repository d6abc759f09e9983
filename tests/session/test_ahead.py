"""The bots' secret Keep/Give choices worked out while the human decides are the ones they
would make after the human's real choice: a bot never sees which card the human kept."""

from __future__ import annotations

import random

import pytest

from precog.analysis.playing.players import ask
from precog.engine import Phase, apply, legal_actions, new_game
from precog.session.ahead import BotsAhead
from precog.session.play import PlaySession
from precog.session.table import BotSeat, Human, Table
from precog.widgets.seats import make_bot


def _decision(seed: int, players: int = 3):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    state = new_game(players=players, seed=seed)
    while state.round < 3 or state.phase is not Phase.DECISION or state.to_move != 0:
        state = apply(state, rng.choice(legal_actions(state)))
    return state


@pytest.mark.parametrize("seed", [1, 2])
def test_a_bots_choice_is_the_same_whatever_the_human_chose(seed: int) -> None:
    state = _decision(seed)
    answers = set()
    for mine in legal_actions(state):
        bot = make_bot("Greedy", 7)
        answers.add(str(ask(bot, apply(state, mine), 1)))
    assert len(answers) == 1


def test_the_choices_worked_out_ahead_are_played_after_the_humans_click() -> None:
    state = _decision(3)
    table = Table(state)
    table.sit(0, Human())
    for s in (1, 2):
        table.sit(s, BotSeat(make_bot("Greedy", s), "Greedy"))
    ahead = BotsAhead(background=False)
    ahead.start(table, human=0)
    mine = legal_actions(state)[-1]
    expected = {}
    world = apply(state, mine)
    for s in (1, 2):
        expected[s] = ask(make_bot("Greedy", s), world, s)
        world = apply(world, expected[s])
    assert ahead.take(state) == expected
    assert ahead.take(state) == {}  # handed over once


def test_a_game_plays_the_same_with_the_bots_thinking_ahead() -> None:
    """Two sessions, the same seeds: one lets the bots think while you choose, one does not."""
    def game_actions(think_ahead: bool) -> list[str]:
        session = PlaySession(make_bot, background=False)
        if not think_ahead:
            session.ahead.start = lambda table, human: None  # type: ignore[method-assign]
        session.new(0, {1: "Greedy", 2: "Greedy"}, players=3, seed=9)
        rng = random.Random(4)
        while not session.state.is_over and session.state.round <= 3:
            session.play(rng.choice(legal_actions(session.state)))
        assert session.game is not None
        return [str(a) for a in session.game.actions]

    assert game_actions(True) == game_actions(False)


def _table_of_bots(state, bots):  # type: ignore[no-untyped-def]
    table = Table(state)
    table.sit(0, Human())
    for s, bot in bots.items():
        table.sit(s, BotSeat(bot, "Greedy"))
    return table


def test_a_look_ahead_started_again_hands_over_only_the_newest_positions_choices() -> None:
    first, second = _decision(3), _decision(4)
    ahead = BotsAhead(background=True)
    ahead.start(_table_of_bots(first, {1: make_bot("Greedy", 1), 2: make_bot("Greedy", 2)}), 0)
    ahead.start(_table_of_bots(second, {1: make_bot("Greedy", 1), 2: make_bot("Greedy", 2)}), 0)
    assert ahead.take(first) == {}  # superseded: never handed over
    ahead.start(_table_of_bots(second, {1: make_bot("Greedy", 1), 2: make_bot("Greedy", 2)}), 0)
    assert sorted(ahead.take(second)) == [1, 2]


class _Broken:
    def choose(self, observation, legal, sampler):  # type: ignore[no-untyped-def]
        raise ZeroDivisionError("a bot bug")


@pytest.mark.parametrize("background", [True, False])
def test_a_bot_that_fails_ahead_hands_nothing_over_and_raises_nothing(background: bool) -> None:
    state = _decision(3)
    ahead = BotsAhead(background=background)
    ahead.start(_table_of_bots(state, {1: make_bot("Greedy", 1), 2: _Broken()}), 0)
    assert ahead.take(state) == {}  # the table asks the bot again, in the foreground
