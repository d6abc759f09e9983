"""The session table: seats (human, bots, stand-ins, lesson scripts), one play-until, one
undo/redo, all on the engine's Game."""

from __future__ import annotations

from precog.analysis.arena.bots import GreedyBot, RandomBot, play_game
from precog.analysis.playing.players import first_legal
from precog.engine import Game, Phase, Step, legal_actions, new_game
from precog.session import BotSeat, Human, Scripted, StandIn, Table, TableError
from precog.session.errors import SessionCode
from tests.codes import raises_code


def _table(players: int = 3, seed: int = 5, human: int = 0) -> Table:
    seats = {s: BotSeat(RandomBot(seed * 10 + s)) for s in range(players) if s != human}
    return Table(new_game(players=players, seed=seed), {human: Human(), **seats})


def test_play_until_stops_when_a_human_seat_is_to_move() -> None:
    table = _table(human=2)
    state = table.play_until()
    assert state.to_move == 2 and not state.is_over
    assert [table.mover(i) for i in range(len(table.game.actions))] == [0, 1]


def test_play_until_a_seat_stops_at_that_seats_turn() -> None:
    table = Table(new_game(players=3, seed=2), default=StandIn(first_legal))
    for _ in range(6):
        assert table.play_until(1).to_move == 1
        table.game.play(first_legal(table.state, 1))
    assert len(table.game.actions) > 6


def test_play_until_a_step_or_a_phase_stops_at_the_first_position_there() -> None:
    table = Table(new_game(players=2, seed=3), default=StandIn(first_legal))
    state = table.play_until(Phase.MAINTENANCE)
    assert state.phase is Phase.MAINTENANCE
    assert all(s.phase is not Phase.MAINTENANCE for s in table.game.states[:-1])
    later = state.round + 1
    assert table.play_until(lambda s: s.round == later).round == later
    assert table.play_until(Step.ACTIVATE).step is Step.ACTIVATE


def test_a_table_of_bots_plays_the_same_game_as_play_game() -> None:
    bots = [GreedyBot(1), RandomBot(2)]
    expected = play_game([GreedyBot(1), RandomBot(2)], seed=8, players=2)
    table = Table(new_game(players=2, seed=8), [BotSeat(b) for b in bots])
    assert table.play_until() == expected and expected.is_over


def test_a_human_move_is_refused_when_another_seat_is_to_move() -> None:
    table = Table(new_game(players=2, seed=1), {0: BotSeat(RandomBot(0)), 1: Human()})
    table.play_until()
    assert table.state.to_move == 1
    with raises_code(TableError, SessionCode.TABLE_NOT_HUMAN):
        Table(new_game(players=2, seed=1), {1: Human()}).play(
            legal_actions(new_game(players=2, seed=1))[0])


def test_undo_takes_back_the_humans_move_and_the_bot_moves_after_it_redo_replays_them() -> None:
    table = _table(players=3, human=1)
    table.play_until()
    before = (table.state, len(table.game.actions))
    table.play(table.legal()[0])
    after = table.state
    assert len(table.game.actions) > before[1] + 1  # the bots answered
    assert table.undo(1)
    assert (table.state, len(table.game.actions)) == before
    assert table.redo(1)
    assert table.state == after


def test_undo_without_a_move_of_that_seat_changes_nothing() -> None:
    table = _table(players=3, human=2)
    table.play_until()
    count = len(table.game.actions)
    assert not table.can_undo(2) and not table.undo(2)
    assert len(table.game.actions) == count


def test_undo_stops_at_the_floor() -> None:
    table = _table(players=2, human=0)
    table.play(table.legal()[0])
    floor = len(table.game.actions)
    assert table.can_undo(0) and not table.can_undo(0, floor=floor)
    assert not table.undo(0, floor=floor) and len(table.game.actions) == floor


def test_a_scripted_seat_plays_its_moves_in_order_then_its_policy() -> None:
    start = new_game(players=2, seed=4)
    assert start.to_move == 0
    script = (str(legal_actions(start)[-1]),)
    table = Table(start, {0: Scripted(script), 1: StandIn(first_legal)})
    table.play_until(lambda s: s.round == 2)
    game = table.game
    mine = [i for i in range(len(game.actions)) if table.mover(i) == 0]
    assert len(mine) > 1 and str(game.actions[mine[0]]) == script[0]
    assert all(game.actions[i] == first_legal(game.states[i], 0) for i in mine[1:])


def test_a_seat_not_given_is_a_stand_in_playing_the_first_legal_action() -> None:
    table = Table(new_game(players=2, seed=4), {1: Human()})
    assert table.seat(0) == StandIn()
    table.play_until()
    assert table.game.actions[0] == first_legal(table.game.states[0], 0)


def test_a_scripted_seat_after_undo_plays_its_script_again() -> None:
    start = new_game(players=2, seed=4)
    choice = str(legal_actions(start)[-1])
    table = Table(start, {0: Scripted((choice,)), 1: Human()})
    table.play_until()
    assert str(table.game.actions[0]) == choice and table.state.to_move == 1
    table.play(table.legal()[0])
    table.undo(1)
    table.game.undo()
    assert len(table.game.actions) == 0
    table.play_until()
    assert str(table.game.actions[0]) == choice


def test_the_table_keeps_the_games_history_for_saving() -> None:
    table = _table(players=2, human=0)
    table.play(table.legal()[0])
    saved = Game.from_json(table.game.to_json())
    assert saved.state == table.state and saved.actions == table.game.actions
