"""Many sampled worlds drawn at once (numpy) mean what one sampled world means."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from precog.analysis.playouts.many_worlds import draw_worlds
from precog.engine import GameState, apply, legal_actions, new_game, observation
from precog.engine.fastcopy import replace


def _positions(players: int, mode: str, seed: int) -> list[GameState]:
    """Every position of one random game where no other seat has a secret choice pending."""
    rng = random.Random(seed)
    state = new_game(players=players, seed=seed, mode=mode)
    out = []
    while not state.is_over:
        if all(c is None for c in state.choices[1:]):
            out.append(state)
        acts = legal_actions(state)
        state = apply(state, acts[rng.randrange(len(acts))])
    return out


@pytest.mark.parametrize("players,mode", [(2, "competitive"), (4, "team"), (3, "coop")])
def test_worlds_drawn_together_look_the_same_to_the_seat(players: int, mode: str) -> None:
    positions = _positions(players, mode, seed=players)
    assert len(positions) > 30
    for k, state in enumerate(positions[::3]):
        for world in draw_worlds(state, 0, 4, seed=k):
            assert observation(world, 0) == observation(state, 0)


def test_worlds_drawn_together_keep_every_seats_cards_and_their_seasons() -> None:
    state = new_game(players=4, seed=2)
    for world in draw_worlds(state, 2, 20, seed=1):
        assert world.players[2].hand == state.players[2].hand
        for p, q in zip(state.players, world.players, strict=True):
            assert sorted(p.hand + p.deck) == sorted(q.hand + q.deck)
            assert ([state.card(c).season for c in p.deck]
                    == [state.card(c).season for c in q.deck])


def hidden_twin() -> tuple[GameState, GameState]:
    """A new 3-player game and its twin that seat 0 cannot tell from it: seat 1's first two
    deck cards (of one season) swapped."""
    state = new_game(players=3, seed=5)
    p = state.players[1]
    deck = list(p.deck)
    assert state.card(deck[0]).season == state.card(deck[1]).season
    deck[0], deck[1] = deck[1], deck[0]
    twin = replace(state, players=(state.players[0], replace(p, deck=tuple(deck)),
                                   state.players[2]))
    assert twin != state and observation(twin, 0) == observation(state, 0)
    return state, twin


def test_worlds_drawn_together_depend_only_on_what_the_seat_sees() -> None:
    state, twin = hidden_twin()
    assert draw_worlds(twin, 0, 8, seed=9) == draw_worlds(state, 0, 8, seed=9)


def test_worlds_drawn_together_deal_each_hidden_card_alike() -> None:
    # the top card of another seat's deck: every season-1 card it hides about equally often
    state = new_game(players=3, seed=7)
    p = state.players[1]
    season = state.card(p.deck[0]).season
    hidden = [c for c in p.hand + p.deck if state.card(c).season == season]
    draws = 3000
    tops = Counter(w.players[1].deck[0] for w in draw_worlds(state, 0, draws, seed=3))
    assert set(tops) == set(hidden)
    expected = draws / len(hidden)
    spread = (expected * (1 - 1 / len(hidden))) ** 0.5
    for c in hidden:
        assert abs(tops[c] - expected) < 5 * spread, (c, tops[c], expected)


def test_a_negative_seed_draws_worlds_of_its_own() -> None:
    state = new_game(players=3, seed=5)
    negative = draw_worlds(state, 0, 6, seed=-3)
    assert negative != draw_worlds(state, 0, 6, seed=3)
    assert negative == draw_worlds(state, 0, 6, seed=-3)
    assert all(observation(w, 0) == observation(state, 0) for w in negative)


def test_the_worlds_deal_is_not_read_from_the_playouts_uniforms_of_the_same_seed() -> None:
    # a playout from world g reads row g of uniforms(count, seed); had the worlds been dealt
    # from that same stream, world 0's hidden cards would sit in the order of row 0's numbers
    from precog.analysis.playouts.rollouts import uniforms

    state = new_game(players=3, seed=5)
    deck = state.players[0].deck  # seat 0's own deck: hidden from it too, dealt first
    season = min(state.card(c).season for c in deck)
    pile = sorted(c for c in deck if state.card(c).season == season)
    assert len(pile) >= 3
    same = 0
    for seed in range(40):
        w = draw_worlds(state, 0, 4, seed)[0].players[0]
        dealt = [pile.index(c) for c in w.deck if state.card(c).season == season]
        read = [int(i) for i in np.argsort(uniforms(4, seed)[0, :len(pile)])]
        same += dealt == read
    assert same <= 8
