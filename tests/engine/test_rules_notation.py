"""Action notation, refusals, saved games, undo/redo and replay (the engine's own rules of play:
every action prints and parses back; bad input is refused with a message and loses nothing)."""

from __future__ import annotations

import random
import typing

import pytest

from precog.engine import (
    ActionParseError,
    Game,
    GameState,
    IllegalActionError,
    Phase,
    PositionError,
    RefusalCode,
    Step,
    apply,
    from_json,
    from_position,
    legal_actions,
    new_game,
    parse_action,
    parse_action_text,
    to_json,
    to_position,
    why_illegal,
)
from precog.engine.actions import (
    Action,
    Activate,
    Choose,
    ChooseRooms,
    EndActions,
    Heal,
    IgnoreRiver,
    LoseHumans,
    Mitigate,
    PassCards,
    PlaceBattery,
    PlaceYmunes,
    Reveal,
    SpendProtectors,
    TakeFood,
    TakeHumans,
)
from precog.engine.components import Gains
from precog.engine.problems import ErrorCode, Problem
from tests.codes import raises_code
from tests.engine.positions import position, seat

ONE_OF_EACH: list[Action] = [
    ChooseRooms(("R03", "R07")), PassCards(("D02", "D05")), Choose("D03", "T07"),
    Activate("both"), Activate("G"), Activate("R"), TakeFood(3), TakeHumans(2),
    PlaceYmunes(1, 2), Heal(2), PlaceBattery(3), PlaceBattery(None), Reveal(), Mitigate("O12"),
    EndActions(), SpendProtectors(2), LoseHumans(2, 1), IgnoreRiver(True), IgnoreRiver(False)]


def test_the_examples_cover_every_kind_of_action() -> None:
    assert {type(a) for a in ONE_OF_EACH} == set(typing.get_args(Action))


@pytest.mark.parametrize("action", ONE_OF_EACH, ids=str)
def test_every_action_kind_prints_and_parses_back(action: Action) -> None:
    assert parse_action_text(str(action)) == action


def test_ids_are_matched_to_the_position_without_regard_to_case() -> None:
    # without a position, ids keep the case they were typed in; a position maps them to its ids
    assert parse_action_text("mitigate o1A") == Mitigate("o1A")
    taken = Gains(food=9)
    state = position(players=2, mode="coop", phase=Phase.ACTION, step=Step.COOP, seats=[
        seat(taken=taken, card_gains=taken)], objectives=[("O1a", False)],
        objective_stacks=(("O1b",), ("O2a", "O2b"), ("O3a", "O3b")))
    assert parse_action(state, str(Mitigate("O1a"))) == Mitigate("O1a")
    assert parse_action(state, "MITIGATE o1A") == Mitigate("O1a")


def test_notation_ignores_case_and_extra_spaces() -> None:
    assert parse_action_text("  KEEP D03   Give T07 ") == Choose("D03", "T07")
    assert parse_action_text("Activate g") == Activate("G")
    assert parse_action_text("BATTERY M4") == PlaceBattery(3)


@pytest.mark.parametrize("text", ["", "keep", "keep D03", "activate all", "food -1", "food x",
                                  "battery m7", "lose 2 1", "ymunes 1 2", "hello world",
                                  "river maybe"])
def test_parse_refuses_garbage_with_action_parse_error(text: str) -> None:
    with raises_code(ActionParseError, ErrorCode.ACTION_UNREADABLE) as err:
        parse_action_text(text)
    assert err.value.problem.values == {"text": text,
                                          "help": Problem.of(ErrorCode.ACTION_NOTATION)}


def test_parse_refuses_text_that_is_not_a_string() -> None:
    with raises_code(ActionParseError, ErrorCode.ACTION_TEXT_TYPE):
        parse_action_text(42)  # type: ignore[arg-type]


def test_parse_refuses_an_illegal_action_naming_it_and_the_reason() -> None:
    state = position(players=2, phase=Phase.ACTION, seats=[
        seat(healthy=0, action_zone=("D02", "T04"))])
    with pytest.raises(IllegalActionError) as err:
        parse_action(state, "ACTIVATE BOTH")
    assert err.value.action == Activate("both")
    assert err.value.refusal == why_illegal(state, Activate("both"))
    assert err.value.refusal.code is RefusalCode.BOTH_UNAFFORDABLE
    assert err.value.refusal.values == {"cost": 3, "cabins": 0}
    assert err.value.state is state
    assert err.value.reason == str(err.value.refusal)
    assert str(err.value) == f"activate both: {err.value.reason}"


def test_apply_refuses_an_illegal_action_and_changes_nothing() -> None:
    state = new_game(players=2, seed=4)
    before = to_json(state)
    with raises_code(IllegalActionError, RefusalCode.GIVE_NOT_IN_DECISION_ZONE):
        apply(state, Choose(state.players[0].hand[0], state.players[0].hand[1]))
    assert to_json(state) == before


def test_a_finished_game_refuses_every_action() -> None:
    state = _random_game(seed=3)
    assert state.is_over and legal_actions(state) == []
    refusal = why_illegal(state, EndActions())
    assert refusal is not None and refusal.code is RefusalCode.GAME_OVER
    assert str(refusal) == "the game is over"


def _random_game(seed: int, **setup: object) -> GameState:
    rng, state = random.Random(seed), new_game(seed=seed, **setup)  # type: ignore[arg-type]
    while not state.is_over:
        acts = legal_actions(state)
        state = apply(state, acts[rng.randrange(len(acts))])
    return state


@pytest.mark.parametrize("setup", [{"players": 3}, {"players": 2, "setup": "advanced"},
                                   {"players": 2, "mode": "coop"}])
def test_every_legal_action_prints_parses_and_is_accepted(setup: dict[str, object]) -> None:
    rng, state = random.Random(11), new_game(seed=11, **setup)  # type: ignore[arg-type]
    while not state.is_over:
        acts = legal_actions(state)
        for act in acts:
            assert parse_action(state, str(act)) == act
            assert why_illegal(state, act) is None
        state = apply(state, acts[rng.randrange(len(acts))])


# ---------------------------------------------------------------- Game: undo, redo, replay

def _played(n: int, seed: int = 5) -> Game:
    rng, game = random.Random(seed), Game(new_game(players=3, seed=seed))
    for _ in range(n):
        acts = legal_actions(game.state)
        game.play(str(acts[rng.randrange(len(acts))]))
    return game


def test_undo_restores_the_previous_position() -> None:
    game = _played(12)
    states, actions = game.states, game.actions
    assert game.undo() == actions[-1]
    assert game.state == states[-2] and game.actions == actions[:-1]
    while game.can_undo():
        game.undo()
    assert game.state == states[0] and game.undo() is None


def test_redo_replays_what_was_undone() -> None:
    game = _played(12)
    states = game.states
    game.undo()
    game.undo()
    assert game.redo() is not None and game.redo() is not None
    assert game.states == states and game.redo() is None


def test_playing_after_an_undo_drops_the_redo_history() -> None:
    game = _played(12)
    game.undo()
    game.play(legal_actions(game.state)[-1])
    assert not game.can_redo()


def test_a_refused_action_loses_nothing_in_a_game() -> None:
    game = _played(6)
    game.undo()
    states, actions = game.states, game.actions
    for bad in ("nonsense", "river ignore"):
        with pytest.raises((ActionParseError, IllegalActionError)):
            game.play(bad)
    assert game.states == states and game.actions == actions and game.can_redo()


def test_replay_from_seed_and_actions_reproduces_every_position() -> None:
    game = _played(60, seed=9)
    again = Game.from_json(game.to_json())
    assert again.states == game.states
    from precog.engine import replay

    replayed = replay([str(a) for a in game.actions], players=3, seed=9)
    assert replayed.states == game.states


def test_the_same_seed_and_actions_give_the_same_game_to_the_end() -> None:
    assert _random_game(seed=21, players=4) == _random_game(seed=21, players=4)


def test_a_saved_game_with_a_refused_action_names_it() -> None:
    data = _played(3).to_json()
    data["actions"][1] = "activate both"
    with raises_code(PositionError, ErrorCode.POSITION_GAME_ACTION):
        Game.from_json(data)


# ---------------------------------------------------------------- positions

def test_positions_round_trip_through_json_and_the_position_string() -> None:
    for state in _played(40, seed=2).states[::7]:
        assert from_json(to_json(state)) == state
        assert from_position(to_position(state)) == state


def test_a_literal_json_position_is_read_and_checked() -> None:
    data = to_json(new_game(players=2, seed=1))
    data["players"][0]["food"] = 3
    data["players"][1]["protectors"] = 2
    state = from_json(data)
    assert (state.players[0].food, state.players[1].protectors) == (3, 2)
    data["players"][0]["food"] = -1
    with raises_code(PositionError, ErrorCode.CHECK_BOAT_FIELD):
        from_json(data)


def test_an_altered_position_string_is_refused() -> None:
    text = to_position(new_game(players=2, seed=1))
    broken = text[:-3] + ("000" if not text.endswith("000") else "111")
    with raises_code(PositionError, ErrorCode.POSITION_CHECK):
        from_position(broken)
