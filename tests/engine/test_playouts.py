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
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from precog.engine import (
    Action,
    GameState,
    apply,
    legal_actions,
    new_game,
    parse_action,
    replay,
)
from precog.engine.playout import check_invariants
from precog.engine.state import BANE_MAX, FEEDING_ROUNDS, ROUNDS

CONFIGS: list[dict[str, Any]] = (
    [{"mode": "competitive", "players": n, "setup": s}
     for n in (2, 3, 4) for s in ("standard", "advanced")]
    + [{"mode": "team", "players": 4, "setup": s} for s in ("standard", "advanced")]
    + [{"mode": "coop", "players": n, "setup": s, "difficulty": d}
       for n in (2, 3, 4) for d in ("normal", "hard", "apocalypse")
       for s in ("standard", "advanced")])
CI_GAMES = 1_040  # in all, spread evenly over the configurations
MANY_GAMES = 100_000
FULLY_CHECKED_CI = 5  # per configuration, on top of the cheap games
FULLY_CHECKED_MANY = 20
FULL_SEEDS = 1_000_000  # fully checked games use seeds from here, apart from the cheap ones
MAX_STEPS = 2_000  # far above any real game (about 100 to 300 choices)

StepCheck = Callable[[GameState, GameState | None, Action | None], None]


def config_id(cfg: dict[str, Any]) -> str:
    level = f"-{cfg['difficulty']}" if "difficulty" in cfg else ""
    return f"{cfg['mode']}{cfg['players']}{level}-{cfg['setup']}"


def games_per_config(request: pytest.FixtureRequest) -> int:
    total = MANY_GAMES if request.config.getoption("--many") else CI_GAMES
    return math.ceil(total / len(CONFIGS))


# ---------------------------------------------------------------- checks

def check_cards_conserved(state: GameState) -> None:
    """Every card of the decks in play is in exactly one zone of exactly one player."""
    comps = state.components
    owned = Counter(c.id for code in state.config.decks for c in comps.decks[code])
    seen: Counter[str] = Counter()
    for p in state.players:
        seen.update(p.deck + p.hand + p.decision_zone + p.action_zone + p.discard)
    assert seen == owned, (f"cards not conserved: extra {sorted((seen - owned).elements())}, "
                           f"missing {sorted((owned - seen).elements())}")


def check_ranges(state: GameState) -> None:
    assert 1 <= state.round <= ROUNDS, f"round {state.round}"
    assert state.is_over or 0 <= state.to_move < state.n, f"to_move {state.to_move}"
    for seat, p in enumerate(state.players):
        values = {"food": p.food, "healthy": p.healthy, "contaminated": p.contaminated,
                  "doctors": p.doctors, "protectors": p.protectors, "bane": p.bane}
        negative = {k: v for k, v in values.items() if v < 0}
        assert not negative, f"seat {seat} has negative resources {negative}"
        assert 0 <= p.bane <= BANE_MAX, f"seat {seat} Bane {p.bane} outside 0..{BANE_MAX}"
        assert min(p.batteries) >= 0, f"seat {seat} batteries {p.batteries}"


def check_round_order(before: GameState, after: GameState) -> None:
    assert after.round in (before.round, before.round + 1), (
        f"round went from {before.round} to {after.round} in one step")


def check_cheap(state: GameState, before: GameState | None, action: Action | None) -> None:
    check_cards_conserved(state)
    check_ranges(state)
    if before is not None:
        check_round_order(before, state)


def check_everything(state: GameState, before: GameState | None, action: Action | None) -> None:
    check_cheap(state, before, action)
    check_invariants(state)
    if before is not None and action is not None:
        read = parse_action(before, str(action))
        assert read == action, f"notation {str(action)!r} reads back as {read!r}"


def check_game_end(state: GameState) -> None:
    """12 rounds, or a cooperative loss at the end of season 1 or 2; winners are seats."""
    assert state.is_over and state.outcome is not None, "game did not end"
    winners = state.outcome.winners
    assert set(winners) <= set(range(state.n)), f"winners {winners}"
    assert len(state.outcome.scores) == state.n
    if state.config.coop:
        assert winners in ((), tuple(range(state.n))), f"coop winners {winners}"
    else:
        assert winners, "a competitive or team game always has a winner"
    if state.round != ROUNDS:
        assert state.config.coop and not winners, (
            f"game ended in round {state.round} without a cooperative loss")
        assert state.round in FEEDING_ROUNDS, f"coop loss in round {state.round}, not at a " \
                                              "season's end"


# ---------------------------------------------------------------- playing

def play(cfg: dict[str, Any], seed: int, check: StepCheck,
         record: list[Action] | None = None) -> GameState:
    """One seeded random-legal game with ``check`` after every step."""
    rng = random.Random(seed)
    state = new_game(seed=seed, **cfg)
    check(state, None, None)
    for _ in range(MAX_STEPS):
        if state.is_over:
            break
        options = legal_actions(state)
        assert options, "no legal action in an unfinished game"
        action = options[rng.randrange(len(options))]
        if record is not None:
            record.append(action)
        before, state = state, apply(state, action)
        check(state, before, action)
    check_game_end(state)
    return state


def play_checked(cfg: dict[str, Any], seed: int, check: StepCheck) -> GameState:
    try:
        return play(cfg, seed, check)
    except AssertionError as err:
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
    end = play(cfg, 7, check_cheap, record=first)
    assert play(cfg, 7, check_cheap, record=second) == end
    assert first == second
    assert replay([str(a) for a in first], seed=7, **cfg).state == end


def test_the_configurations_cover_every_mode_setup_player_count_and_difficulty() -> None:
    seen = {(c["mode"], c["players"], c["setup"], c.get("difficulty", "normal"))
            for c in CONFIGS}
    assert len(seen) == len(CONFIGS) == 26
    assert {c["mode"] for c in CONFIGS} == {"competitive", "team", "coop"}
    assert len(CONFIGS) * (math.ceil(CI_GAMES / len(CONFIGS)) + FULLY_CHECKED_CI) >= 1_000
