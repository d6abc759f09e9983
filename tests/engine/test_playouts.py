"""Seeded random-legal playouts over every mode, setup, player count and difficulty.

Every configuration plays many cheap games (card conservation, resource ranges, round order and
the end of the game checked after every step) and a few fully checked ones
(:func:`precog.engine.playout.check_invariants` after every step: JSON and position-string round
trips, every enumerated action applies, plus the notation of each action read back).
CI plays a little over 1,000 games; ``pytest --many`` plays 100,000.
A failure names the configuration and the seed: ``new_game(seed=seed, **config)`` with
``random.Random(seed)`` choosing among ``legal_actions`` replays it.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from precog.engine import Action, replay
from precog.engine.invariants import (
    CONFIGS,
    check_cheap,
    check_everything,
    config_id,
    play,
)
from precog.engine.playout import InvariantError

CI_GAMES = 1_040  # in all, spread evenly over the configurations
MANY_GAMES = 100_000
FULLY_CHECKED_CI = 5  # per configuration, on top of the cheap games
FULLY_CHECKED_MANY = 20
FULL_SEEDS = 1_000_000  # fully checked games use seeds from here, apart from the cheap ones


def games_per_config(request: pytest.FixtureRequest) -> int:
    total = MANY_GAMES if request.config.getoption("--many") else CI_GAMES
    return math.ceil(total / len(CONFIGS))


def play_checked(cfg: dict[str, Any], seed: int, check: Any) -> None:
    try:
        play(cfg, seed, check)
    except InvariantError as err:
        err.add_note(f"replay: new_game(seed={seed}, **{cfg}) choosing with "
                     f"random.Random({seed})")
        raise


# ---------------------------------------------------------------- tests

@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_random_games_conserve_cards_keep_resources_in_range_and_end_properly(
        cfg: dict[str, Any], request: pytest.FixtureRequest) -> None:
    for seed in range(games_per_config(request)):
        play_checked(cfg, seed, check_cheap)


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_random_games_pass_every_invariant_after_every_step(
        cfg: dict[str, Any], request: pytest.FixtureRequest) -> None:
    count = FULLY_CHECKED_MANY if request.config.getoption("--many") else FULLY_CHECKED_CI
    for seed in range(FULL_SEEDS, FULL_SEEDS + count):
        play_checked(cfg, seed, check_everything)


@pytest.mark.parametrize("cfg", CONFIGS[::5], ids=config_id)
def test_same_seed_plays_the_same_game_and_its_actions_replay_to_the_same_end(
        cfg: dict[str, Any]) -> None:
    first: list[Action] = []
    second: list[Action] = []
    end, _ = play(cfg, 7, check_cheap, record=first)
    assert play(cfg, 7, check_cheap, record=second)[0] == end
    assert first == second
    assert replay([str(a) for a in first], seed=7, **cfg).state == end


def test_the_configurations_cover_every_mode_setup_player_count_and_difficulty() -> None:
    seen = {(c["mode"], c["players"], c["setup"], c.get("difficulty", "normal"))
            for c in CONFIGS}
    assert len(seen) == len(CONFIGS) == 26
    assert {c["mode"] for c in CONFIGS} == {"competitive", "team", "coop"}
    assert len(CONFIGS) * (math.ceil(CI_GAMES / len(CONFIGS)) + FULLY_CHECKED_CI) >= 1_000
