"""The River's chances read from a position are those every seat's observation gives."""

from __future__ import annotations

import random

from precog.engine import (
    apply,
    chance_outcomes,
    legal_actions,
    observation,
    river_chances,
)
from precog.engine.playout import random_playout


def test_the_river_chances_of_a_position_are_those_every_seat_observes() -> None:
    for players, mode in ((2, "competitive"), (3, "coop"), (4, "team")):
        for stop in range(1, 13):
            state = random_playout(random.Random(stop), players=players, mode=mode,
                                   seed=players, stop_round=stop).final
            for _ in range(20):  # on into the round: Action, Maintenance and River phases
                chances = river_chances(state)
                assert all(chance_outcomes(observation(state, seat)) == chances
                           for seat in range(players))
                if state.is_over:
                    break
                state = apply(state, legal_actions(state)[-1])
