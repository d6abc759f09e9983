"""Invariant checks for random-legal games, step by step, over every game configuration.

Used by the test suite (tests/engine/test_playouts.py) and by
``precog simulate --check-invariants``. Each check raises :class:`InvariantError` (an engine
bug, never bad input) with a message naming what broke.

- cheap checks, after every step: card conservation, resource ranges, round order;
- :func:`check_invariants` (in :mod:`precog.engine.playout`): the position's own checks, JSON and
  position-string round trips, and every enumerated action applies;
- the notation of each action played reads back as the same action;
- the end of the game: 12 rounds (or a cooperative loss at a season's end) and proper winners.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from precog.engine.actions import Action
from precog.engine.playout import InvariantError, check_invariants
from precog.engine.rules import apply, legal_actions, parse_action
from precog.engine.setup import new_game
from precog.engine.state import BANE_MAX, FEEDING_ROUNDS, ROUNDS, GameState

CONFIGS: list[dict[str, Any]] = (
    [{"mode": "competitive", "players": n, "setup": s}
     for n in (2, 3, 4) for s in ("standard", "advanced")]
    + [{"mode": "team", "players": 4, "setup": s} for s in ("standard", "advanced")]
    + [{"mode": "coop", "players": n, "setup": s, "difficulty": d}
       for n in (2, 3, 4) for d in ("normal", "hard", "apocalypse")
       for s in ("standard", "advanced")])
MAX_STEPS = 2_000  # far above any real game (about 100 to 300 choices)

StepCheck = Callable[[GameState, "GameState | None", "Action | None"], None]


def config_id(cfg: dict[str, Any]) -> str:
    """A short name such as ``coop3-hard-advanced``."""
    level = f"-{cfg['difficulty']}" if "difficulty" in cfg else ""
    return f"{cfg['mode']}{cfg['players']}{level}-{cfg['setup']}"


def _fail(message: str) -> None:
    raise InvariantError(message)


def check_cards_conserved(state: GameState) -> None:
    """Every card of the decks in play is in exactly one zone of exactly one player."""
    comps = state.components
    owned_ids = sorted([c.id for code in state.config.decks for c in comps.decks[code]])
    seen_ids = sorted([card for p in state.players
                       for card in p.deck + p.hand + p.decision_zone + p.action_zone + p.discard])
    if seen_ids != owned_ids:  # sorted lists: the same multiset, at C speed (Counter's == is not)
        owned, seen = Counter(owned_ids), Counter(seen_ids)
        _fail(f"cards not conserved: extra {sorted((seen - owned).elements())}, "
              f"missing {sorted((owned - seen).elements())}")


def check_ranges(state: GameState) -> None:
    """Round 1..12, a seat to move, no negative resource, Bane 0..12, Batteries not negative."""
    if not 1 <= state.round <= ROUNDS:
        _fail(f"round {state.round}")
    if not (state.is_over or 0 <= state.to_move < state.n):
        _fail(f"to_move {state.to_move}")
    for seat, p in enumerate(state.players):
        values = {"food": p.food, "healthy": p.healthy, "contaminated": p.contaminated,
                  "doctors": p.doctors, "protectors": p.protectors, "bane": p.bane}
        negative = {k: v for k, v in values.items() if v < 0}
        if negative:
            _fail(f"seat {seat} has negative resources {negative}")
        if not 0 <= p.bane <= BANE_MAX:
            _fail(f"seat {seat} Bane {p.bane} outside 0..{BANE_MAX}")
        if min(p.batteries) < 0:
            _fail(f"seat {seat} batteries {p.batteries}")


def check_round_order(before: GameState, after: GameState) -> None:
    if after.round not in (before.round, before.round + 1):
        _fail(f"round went from {before.round} to {after.round} in one step")


def check_cheap(state: GameState, before: GameState | None, action: Action | None) -> None:
    """Card conservation, resource ranges and round order (fast enough for every step)."""
    check_cards_conserved(state)
    check_ranges(state)
    if before is not None:
        check_round_order(before, state)


def check_everything(state: GameState, before: GameState | None, action: Action | None) -> None:
    """The cheap checks, :func:`check_invariants` and the action's notation read back."""
    check_cheap(state, before, action)
    check_invariants(state)
    if before is not None and action is not None:
        read = parse_action(before, str(action))
        if read != action:
            _fail(f"notation {str(action)!r} reads back as {read!r}")


def check_game_end(state: GameState) -> None:
    """12 rounds, or a cooperative loss at the end of season 1 or 2; winners are seats."""
    if not state.is_over or state.outcome is None:
        _fail("game did not end")
        return
    winners = state.outcome.winners
    if not set(winners) <= set(range(state.n)):
        _fail(f"winners {winners}")
    if len(state.outcome.scores) != state.n:
        _fail(f"{len(state.outcome.scores)} scores for {state.n} seats")
    if state.config.coop and winners not in ((), tuple(range(state.n))):
        _fail(f"coop winners {winners}")
    if not state.config.coop and not winners:
        _fail("a competitive or team game always has a winner")
    if state.round != ROUNDS:
        if not state.config.coop or winners:
            _fail(f"game ended in round {state.round} without a cooperative loss")
        if state.round not in FEEDING_ROUNDS:
            _fail(f"coop loss in round {state.round}, not at a season's end")


def play(cfg: dict[str, Any], seed: int, check: StepCheck,
         record: list[Action] | None = None) -> tuple[GameState, int]:
    """One seeded random-legal game with ``check`` after every step: (final state, steps).

    ``new_game(seed=seed, **cfg)`` with ``random.Random(seed)`` choosing among
    ``legal_actions`` replays it.
    """
    rng = random.Random(seed)
    state = new_game(seed=seed, **cfg)
    check(state, None, None)
    steps = 0
    while not state.is_over:
        if steps >= MAX_STEPS:
            _fail(f"game still running after {MAX_STEPS} steps")
        options = legal_actions(state)
        if not options:
            _fail("no legal action in an unfinished game")
        action = options[rng.randrange(len(options))]
        if record is not None:
            record.append(action)
        before, state = state, apply(state, action)
        steps += 1
        check(state, before, action)
    check_game_end(state)
    return state, steps
