"""The phases and steps as module constants (``PHASE_X`` is ``Phase.X``, ``STEP_X`` is
``Step.X``), defined once in :mod:`precog.engine.state` and imported by the hot modules."""

from __future__ import annotations

import importlib
import random

import pytest

from precog.engine import apply, legal_actions, new_game
from precog.engine import state as state_module
from precog.engine.state import Phase, Step, revealed_count

MODULES = (
    "precog.engine.action_phase", "precog.engine.decision", "precog.engine.gains",
    "precog.engine.maintenance", "precog.engine.observation", "precog.engine.playout",
    "precog.engine.rules",
    "precog.analysis.projection.evaluation", "precog.analysis.playing.rounds",
    "precog.analysis.playing.plans", "precog.analysis.playing.world",
    "precog.analysis.playing.players", "precog.analysis.search.second_round",
    "precog.analysis.search.models", "precog.analysis.search.leaf_playouts",
)
PREFIXES = (("PHASE_", Phase), ("STEP_", Step))


def test_every_member_has_its_constant() -> None:
    for prefix, enum in PREFIXES:
        for member in enum:
            assert getattr(state_module, prefix + member.name) is member


@pytest.mark.parametrize("name", MODULES)
def test_modules_read_the_engine_constants(name: str) -> None:
    """Each hot module holds the engine's constants as its own globals, and no copy of its own
    (a ``_PHASE_X`` or ``_STEP_X``)."""
    module = importlib.import_module(name)
    found = 0
    for attribute, value in vars(module).items():
        for prefix, enum in PREFIXES:
            own_copy = attribute.startswith("_" + prefix) and isinstance(value, enum)
            assert not own_copy, (name, attribute)
            if attribute.startswith(prefix):
                assert value is enum[attribute[len(prefix):]], (name, attribute)
                assert value is getattr(state_module, attribute)
                found += 1
    assert found, name


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
