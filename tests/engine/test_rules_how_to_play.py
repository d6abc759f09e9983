"""Rulebook: Principle of the Game, How to Play (12 rounds of 3 phases), Goal of the Game."""

from __future__ import annotations

import random

from precog.engine import GameState, Phase, apply, legal_actions, new_game
from precog.engine.state import ROUNDS


def play_out(seed: int, **setup: object) -> list[GameState]:
    rng, state = random.Random(seed), new_game(seed=seed, **setup)  # type: ignore[arg-type]
    states = [state]
    while not state.is_over:
        acts = legal_actions(state)
        state = apply(state, acts[rng.randrange(len(acts))])
        states.append(state)
    return states


def test_a_game_lasts_12_rounds() -> None:
    assert ROUNDS == 12
    states = play_out(seed=3, players=3)
    assert [r for r in range(1, 13) if any(s.round == r for s in states)] == list(range(1, 13))
    assert states[-1].round == ROUNDS and states[-1].is_over


def test_each_round_runs_decision_then_action_then_maintenance() -> None:
    order = [Phase.DECISION, Phase.ACTION, Phase.MAINTENANCE, Phase.RIVER]
    states = play_out(seed=5, players=2)
    for r in range(1, 13):
        phases = [s.phase for s in states if s.round == r and s.phase is not Phase.OVER]
        seen = list(dict.fromkeys(phases))  # first appearance of each phase, in order
        assert seen == [p for p in order if p in seen] and seen[:2] == order[:2]


def test_each_player_activates_from_at_most_24_cards() -> None:
    # 2 Action Zone cards a round for 12 rounds: each discard pile ends with 24 cards
    final = play_out(seed=8, players=4)[-1]
    assert all(len(p.discard) == 2 * ROUNDS for p in final.players)
    assert all(p.deck == () and p.hand == () and p.decision_zone == () for p in final.players)
