"""A seat's view string (pv1): only what the seat observes, read back into a position the
analysis can start from, and nothing more."""

from __future__ import annotations

import json
import random
import re

import pytest

from precog.engine import (
    GameState,
    PositionError,
    apply,
    determinize,
    legal_actions,
    new_game,
    observation,
    to_position,
)
from precog.engine.observation import revealed_count
from precog.engine.playout import random_playout
from precog.engine.problems import ErrorCode
from precog.engine.serialize import pack, unpack
from precog.engine.view import PREFIX, from_view_position, to_view_position
from tests.codes import raises_code


def positions() -> list[tuple[GameState, int]]:
    """Positions of every mode and player count at several points of a game, with a seat."""
    out = []
    for i, (players, mode, setup) in enumerate([(2, "competitive", "standard"),
                                                (3, "competitive", "advanced"),
                                                (4, "team", "standard"),
                                                (3, "coop", "standard")]):
        for stop in (1, 4, 7, 10):
            rng = random.Random(100 * i + stop)
            state = new_game(players=players, mode=mode, setup=setup, seed=i * 10 + stop)
            states = []
            while not state.is_over and state.round <= stop:
                states.append(state)
                state = apply(state, rng.choice(legal_actions(state)))
            for state in rng.sample(states[-30:], min(4, len(states))):
                out.append((state, rng.randrange(players)))
    return out


def hidden_ids(state: GameState, seat: int) -> set[str]:
    """Ids ``seat`` must not learn: other seats' hands, River tiles still face down."""
    hands = {c for s, p in enumerate(state.players) if s != seat for c in p.hand}
    islands = {i.id for i in state.components.islands}
    river = {t for t in state.river[revealed_count(state):] if t not in islands}
    return hands | river


def found(text: str, ids: set[str]) -> list[str]:
    return [i for i in ids if re.search(rf"(?<![A-Za-z0-9]){re.escape(i)}(?![A-Za-z0-9])",
                                        text)]


@pytest.mark.parametrize("state,seat", positions())
def test_a_view_string_holds_no_other_hand_and_no_face_down_river_tile(
        state: GameState, seat: int) -> None:
    data = unpack(to_view_position(state, seat), PREFIX, "view string")
    text = json.dumps(data)
    assert found(text, hidden_ids(state, seat)) == []
    assert "seed" not in data["config"]


@pytest.mark.parametrize("state,seat", positions())
def test_reading_a_view_back_gives_the_seats_observation_exactly(
        state: GameState, seat: int) -> None:
    view = from_view_position(to_view_position(state, seat))
    assert view.seat == seat and view.observation == observation(state, seat)
    world = view.world()
    assert world.config.seed == 0
    mine = observation(world, seat)
    assert mine.seats[seat] == observation(state, seat).seats[seat]
    assert mine.river_revealed == state.river[:revealed_count(state)]
    if not any(c is not None for s, c in enumerate(state.choices) if s != seat):
        assert mine == observation(state, seat)


@pytest.mark.parametrize("state,seat", positions()[::3])
def test_positions_that_look_the_same_to_the_seat_give_the_same_view_string(
        state: GameState, seat: int) -> None:
    """Made from the observation alone: other hidden cards, another seed, the same string."""
    if any(c is not None for s, c in enumerate(state.choices) if s != seat):
        state = determinize(state, seat, random.Random(0))  # their choices stay secret anyway
    other = determinize(state, seat, random.Random(7))
    from dataclasses import replace

    other = replace(other, config=replace(other.config, seed=other.config.seed + 99))
    assert observation(other, seat) == observation(state, seat)
    assert to_view_position(other, seat) == to_view_position(state, seat)
    assert to_position(other) != to_position(state)


def _forged(state: GameState, seat: int, change: dict[str, object]) -> str:
    data = unpack(to_view_position(state, seat), PREFIX, "view string")
    data.update(change)
    return pack(data, PREFIX)


def test_a_damaged_or_foreign_view_string_is_refused_saying_what_was_expected() -> None:
    state, seat = positions()[0]
    text = to_view_position(state, seat)
    with raises_code(PositionError, ErrorCode.VIEW_STRING_FORM):
        from_view_position(to_position(state))
    with raises_code(PositionError, ErrorCode.VIEW_CHECK):
        from_view_position(text[:-3] + ("000" if not text.endswith("000") else "111"))
    with raises_code(PositionError, ErrorCode.VIEW_STRING_TYPE):
        from_view_position(12)  # type: ignore[arg-type]


def test_a_view_showing_another_seats_hand_is_refused() -> None:
    state, seat = next((s, k) for s, k in positions() if s.players[(k + 1) % s.n].hand)
    data = unpack(to_view_position(state, seat), PREFIX, "view string")
    other = (seat + 1) % state.n
    data["seats"][other]["hand"] = list(state.players[other].hand)
    with raises_code(PositionError, ErrorCode.VIEW_SEAT_ORDER):
        from_view_position(pack(data, PREFIX))


def test_a_view_whose_deck_does_not_match_its_cards_is_refused() -> None:
    state, seat = positions()[0]
    data = unpack(to_view_position(state, seat), PREFIX, "view string")
    data["seats"][seat]["deck_size"] += 3
    with raises_code(PositionError, ErrorCode.VIEW_ABOUT):
        from_view_position(pack(data, PREFIX))


def test_a_finished_game_has_no_view_string() -> None:
    final = random_playout(random.Random(1), players=2, seed=1).final
    with raises_code(PositionError, ErrorCode.VIEW_FINISHED):
        to_view_position(final, 0)
