"""Positions shared by the analysis tests (built with the engine tests' scenario helper)."""

from __future__ import annotations

import random

import pytest

from precog.engine import GameState, Phase
from precog.engine.playout import random_playout
from tests.engine.positions import need, position, seat


def mid_game(players: int = 4, seed: int = 1, round: int = 6) -> GameState:
    """A seeded random-legal game stopped at the start of ``round``'s Decision phase."""
    return random_playout(random.Random(seed), players=players, seed=seed,
                          stop_round=round).final


@pytest.fixture(scope="session")
def mid_game_3p() -> GameState:
    return mid_game(players=3, seed=2, round=5)


def starving_position() -> GameState:
    """Round 4, two players: seat 0 has 6 Healthy Humans and no Food, and the Island feeds
    at the end of this round. Its hand holds D02 (Food +3) and D04 (Humans); its Decision
    Zone and the right neighbour's hold only Battery cards. Its 6 Doctors heal any Human
    moved to the Contaminated deck before the Island and its Machines are all powered (a
    Battery has nowhere to go), so only Food saves Humans: keeping D02 saves 3 of them."""
    need("D02", type="Food")
    for card_id in ("D04", "T07", "T08", "D06", "D07"):
        assert need(card_id).type.value != "Food"

    def build(batteries: tuple[int, ...]) -> GameState:
        return position(players=2, round=4, phase=Phase.DECISION, seats=[
            seat(food=0, healthy=6, doctors=6, hand=("D02", "D04"),
                 decision_zone=("T07", "T08"), batteries=batteries),
            seat(decision_zone=("D06", "D07")),
        ])

    first = build((0,) * 6)
    rooms = first.players[0].rooms
    full = tuple(m.batteries for r in rooms for m in first.components.room_by_id[r].standard)
    return build(full)
