"""The projection's spare Protectors: kept for the Bane the rounds left are expected to bring."""

from __future__ import annotations

import math

from precog.analysis.projection.evaluation import (
    DEFAULT,
    explain,
    protectors_ahead,
    season_bane,
)
from precog.engine import new_game
from precog.engine.fastcopy import replace


def test_the_protectors_needed_ahead_follow_each_season_s_average_bane():
    components = new_game(players=2, seed=1).components
    bane = season_bane(components)
    assert bane[1] == 0.0 and bane[3] > bane[2] > 0.0  # season 3's cards bring the most
    assert protectors_ahead(components, 0) == 0
    # the last 4 rounds: two cards a round, each Protector returning 2 Bane
    assert protectors_ahead(components, 4) == math.ceil(4 * bane[3] - 1e-9)
    needs = [protectors_ahead(components, left) for left in range(13)]
    assert needs == sorted(needs)


def test_a_spare_protector_counts_only_while_the_bane_to_come_needs_it():
    state = new_game(players=2, seed=1)
    need = protectors_ahead(state.components, 12)

    def spare_term(protectors: int) -> float:
        boat = replace(state.players[0], protectors=protectors, bane=0)
        players = (boat, *state.players[1:])
        return explain(replace(state, players=players), 0)["spare Protectors"]

    assert spare_term(need) == DEFAULT.spare_protector * need
    assert spare_term(need + 3) == spare_term(need)
    assert spare_term(need - 1) < spare_term(need)
