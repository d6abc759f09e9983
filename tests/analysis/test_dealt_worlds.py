"""Worlds dealt straight into the batch's arrays mean what one sampled world means, and the
batch plays them as it plays the same worlds given as positions."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from precog.analysis.playing.world import canonical_world
from precog.analysis.playouts import batch
from precog.analysis.playouts.many_worlds import Dealer, dealer
from precog.analysis.playouts.rollouts import DEFAULT_POLICY, uniforms
from precog.engine import GameState, apply, legal_actions, new_game, observation
from precog.engine.observation import WorldSampler
from precog.engine.playout import random_playout
from tests.analysis.test_many_worlds import hidden_twin


def _decisions(players: int, mode: str, seed: int) -> list[GameState]:
    """Every start of a Decision phase of one random game (no choice made yet)."""
    rng = random.Random(seed)
    state = new_game(players=players, seed=seed, mode=mode)
    out = []
    while not state.is_over:
        if batch.supports([state]):
            out.append(state)
        acts = legal_actions(state)
        state = apply(state, acts[rng.randrange(len(acts))])
    return out


def _dealt(state: GameState, seat: int, count: int, seed: int) -> tuple[Dealer, batch.Dealt]:
    deal = Dealer(state, seat)
    return deal, deal(np.random.default_rng(seed), count)


@pytest.mark.parametrize("players,mode", [(2, "competitive"), (4, "team"), (3, "coop"),
                                          (4, "coop")])
def test_dealt_worlds_look_the_same_to_the_seat(players: int, mode: str) -> None:
    positions = _decisions(players, mode, seed=players)
    assert len(positions) >= 6
    for k, state in enumerate(positions):
        deal, dealt = _dealt(state, 0, 4, seed=k)
        for world in deal.states(dealt):
            assert observation(world, 0) == observation(state, 0)


@pytest.mark.parametrize("mode", ["competitive", "coop"])
def test_dealt_worlds_keep_every_seats_cards_their_seasons_and_the_unseen_tiles(
        mode: str) -> None:
    for state in _decisions(3, mode, seed=11)[::2]:
        deal, dealt = _dealt(state, 1, 12, seed=4)
        sampler = WorldSampler(state, 1)
        for world in deal.states(dealt):
            assert world.players[1].hand == state.players[1].hand
            for p, q in zip(state.players, world.players, strict=True):
                assert sorted(p.hand + p.deck) == sorted(q.hand + q.deck)
                assert ([state.card(c).season for c in p.deck]
                        == [state.card(c).season for c in q.deck])
            for slots, pool in sampler.river_pools:
                dealt_tiles = [world.river[i] for i in slots]
                assert set(dealt_tiles) <= set(pool) and len(set(dealt_tiles)) == len(slots)
            for stack, (pool, size) in zip(world.objective_stacks, sampler.objective_pools,
                                           strict=True):
                assert len(stack) == size and len(set(stack)) == size
                assert set(stack) <= set(pool)


def test_dealt_worlds_depend_only_on_what_the_seat_sees() -> None:
    state, twin = hidden_twin()  # seat 1's deck in another order seat 0 cannot see
    _, a = _dealt(state, 0, 8, seed=9)
    _, b = _dealt(twin, 0, 8, seed=9)
    for field in ("deck", "hand", "river", "stack"):
        assert np.array_equal(getattr(a, field), getattr(b, field))


def test_dealt_worlds_deal_each_hidden_card_and_objective_alike() -> None:
    # the top card of another seat's deck and the top face-down Objective of the first
    # season: every one they may hide about equally often
    state = next(s for s in _decisions(3, "coop", seed=7) if s.objective_stacks[0])
    deal, dealt = _dealt(state, 0, 3000, seed=3)
    worlds = deal.states(dealt)
    p = state.players[1]
    season = state.card(p.deck[0]).season
    hidden = [c for c in p.hand + p.deck if state.card(c).season == season]
    pool, _ = WorldSampler(state, 0).objective_pools[0]
    for seen, possible in ((Counter(w.players[1].deck[0] for w in worlds), hidden),
                           (Counter(w.objective_stacks[0][0] for w in worlds), pool)):
        assert set(seen) == set(possible)
        expected = len(worlds) / len(possible)
        spread = (expected * (1 - 1 / len(possible))) ** 0.5
        for c in possible:
            assert abs(seen[c] - expected) < 5 * spread, (c, seen[c], expected)


@pytest.mark.parametrize("players,mode,round_", [(3, "coop", 4), (4, "coop", 8),
                                                 (2, "competitive", 6), (4, "team", 2),
                                                 (3, "competitive", 10)])
def test_the_batch_plays_dealt_worlds_as_it_plays_them_given_as_positions(
        players: int, mode: str, round_: int) -> None:
    # the ranking's games: every world once per forced Keep/Give; arrays or positions, the
    # same final Boats game by game
    state = random_playout(random.Random(players), players=players, mode=mode,
                           seed=players, stop_round=round_).final
    state = canonical_world(state, 0)
    deal = dealer(state, 0)
    assert deal is not None
    dealt = deal(np.random.default_rng(5), 16)
    worlds = deal.states(dealt)
    rows = np.tile(uniforms(16, 9), (3, 1))
    forced = np.full((48, players), -1, np.int64)
    forced[:, 0] = np.repeat([0, 1, 2], 16)
    given = batch.run(worlds * 3, rows, DEFAULT_POLICY, forced)
    arrays = batch.run_dealt(dealt.games(3), rows, DEFAULT_POLICY, forced)
    for g in range(48):
        assert [arrays.seat(g, s) for s in range(players)] == \
            [given.seat(g, s) for s in range(players)]
    assert np.array_equal(batch.seat_values(arrays, state, 0),
                          batch.seat_values(given, state, 0))


def test_a_partly_known_box_is_not_dealt_as_arrays_but_drawn_world_by_world() -> None:
    # every world of a partly-known box also draws its unknown faces (the sampler's own draw)
    from tests.engine.test_partly_known import half_box

    state = random_playout(random.Random(3), components=half_box(), players=3, seed=3,
                           stop_round=4).final
    assert dealer(state, 0) is None
    assert dealer(random_playout(random.Random(3), players=3, seed=3, stop_round=4).final,
                  0) is not None
