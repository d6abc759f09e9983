"""Searches share their lines once the seat's cards are played (transpositions by the Boats):
the tree's values are exactly those it finds without sharing."""

from __future__ import annotations

import random

import pytest

from precog.analysis.playing.rounds import RoundPlayer, round_stage
from precog.analysis.search import tree
from precog.analysis.search.tree import build_tree, iter_nodes
from precog.engine import Phase, apply, legal_actions
from precog.engine.playout import random_playout


def values(root: tree.TreeNode) -> list[float]:
    return [n.value for n in iter_nodes(root)]


@pytest.mark.parametrize(("players", "mode", "setup", "seed", "stop"), [
    (2, "competitive", "standard", 2, 5), (3, "competitive", "advanced", 3, 9),
    (4, "team", "standard", 4, 5), (3, "coop", "advanced", 5, 3)])
def test_shared_lines_give_the_values_of_searches_without_sharing(
        monkeypatch, players, mode, setup, seed, stop):
    state = random_playout(random.Random(seed), players=players, mode=mode, setup=setup,
                           seed=seed, stop_round=stop).final
    assert not state.is_over
    shared = build_tree(state, 0, worlds=2, seed=seed)  # two worlds: shared across them too
    monkeypatch.setattr(tree, "shares_after_river", lambda evaluation, rollouts: False)
    plain = build_tree(state, 0, worlds=2, seed=seed)
    assert shared.meta["depth_used"] == plain.meta["depth_used"] == 2
    assert values(shared) == pytest.approx(values(plain), abs=1e-9)
    assert [c.label for c in shared.children] == [c.label for c in plain.children]


def test_lines_are_not_shared_when_leaves_are_valued_by_rollouts_or_a_callers_function():
    assert tree.shares_after_river(None, 0)
    assert not tree.shares_after_river(None, 8)
    assert not tree.shares_after_river(lambda s, seat: 0.0, 0)


def test_a_seat_whose_action_turn_is_still_to_come_shares_nothing():
    state = random_playout(random.Random(1), players=3, seed=1, stop_round=4).final
    while state.phase is not Phase.ACTION:
        state = apply(state, legal_actions(state)[0])
    assert state.to_move == 0
    player = RoundPlayer(2, 3, lambda s: 0.0, transpose=True)
    assert round_stage(state, 2) is None
    assert player.river_key(state, state.round - 1) is None
    assert round_stage(state, 0) is None  # its own Action turn: its cards still count
