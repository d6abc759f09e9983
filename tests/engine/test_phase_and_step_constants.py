"""The phases and steps that hot modules read once as module constants are the very enum
members they are named after (a ``_PHASE_X`` is ``Phase.X``, a ``_STEP_X`` is ``Step.X``)."""

from __future__ import annotations

import importlib
import random

import pytest

from precog.engine import apply, legal_actions, new_game
from precog.engine.state import Phase, Step, revealed_count

MODULES = (
    "precog.engine.action_phase", "precog.engine.decision", "precog.engine.gains",
    "precog.engine.maintenance", "precog.engine.observation", "precog.engine.playout",
    "precog.engine.rules", "precog.engine.state",
    "precog.analysis.projection.evaluation", "precog.analysis.playing.rounds",
    "precog.analysis.playing.plans", "precog.analysis.playing.world",
    "precog.analysis.playing.players", "precog.analysis.search.second_round",
    "precog.analysis.search.models", "precog.analysis.search.leaf_playouts",
)


@pytest.mark.parametrize("name", MODULES)
def test_module_constants_are_the_members_they_name(name: str) -> None:
    module = importlib.import_module(name)
    found = 0
    for attribute, value in vars(module).items():
        for prefix, enum in (("_PHASE_", Phase), ("_STEP_", Step)):
            if attribute.startswith(prefix) and isinstance(value, (Phase, Step)):
                assert value is enum[attribute[len(prefix):]], (name, attribute)
                found += 1
    assert found or name == "precog.engine.rules"
    if name == "precog.engine.rules":
        assert module._GAINS is Step.GAINS and module._OVER is Phase.OVER


def test_is_over_and_revealed_count_read_the_phase_as_before() -> None:
    """On every position of a few random games: ``is_over`` is ``phase is Phase.OVER`` and
    the River tiles shown are as many as the round says."""
    positions = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(players=2 + seed % 3, seed=seed,
                         mode="coop" if seed % 2 else "competitive")
        while True:
            positions += 1
            assert state.is_over is (state.phase is Phase.OVER)
            shown = state.round if state.phase in (Phase.RIVER, Phase.OVER) else state.round - 1
            assert revealed_count(state) == shown
            if state.is_over:
                break
            options = legal_actions(state)
            state = apply(state, options[rng.randrange(len(options))])
    assert positions > 600
