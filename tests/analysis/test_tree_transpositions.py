"""Searches share their lines once the seat's cards are played (transpositions by the Boats):
the tree's values are exactly those it finds without sharing."""

from __future__ import annotations

import dataclasses
import random

import pytest

from precog.analysis.playing.players import first_legal
from precog.analysis.playing.rounds import RoundPlayer, round_stage
from precog.analysis.search import tree
from precog.analysis.search.tree import build_tree, iter_nodes
from precog.engine import Phase, apply, legal_actions, new_game
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


def cooperative_maintenance(stop_round: int):
    """A 3-player cooperative position after the Action phase of ``stop_round`` (in its
    Maintenance or River phase), no tile revealed yet (every seat takes its first option
    and never reveals)."""
    for seed in range(20):
        state = new_game(players=3, mode="coop", seed=seed)
        while state.round <= stop_round and not state.is_over:
            if state.round == stop_round and state.phase in (Phase.MAINTENANCE, Phase.RIVER):
                assert state.objective_stacks[state.season - 1]
                return state
            state = apply(state, first_legal(state, state.to_move))
    raise AssertionError(f"no seat decides after the Action phase of round {stop_round}")


def with_other_face_down(state):
    """``state`` with another of the season's unrevealed tiles face down (as another
    sampled world may have it)."""
    season = state.season
    shown = {tile for tile, _ in state.objectives}
    stack = state.objective_stacks[season - 1]
    spare = [o.id for o in state.components.objectives
             if o.season == season and o.id not in shown and o.id not in stack]
    assert spare
    stacks = list(state.objective_stacks)
    stacks[season - 1] = (spare[0], *stack[1:])
    return dataclasses.replace(state, objective_stacks=tuple(stacks))


@pytest.mark.parametrize(("checked", "shared"), [(False, True), (True, False)])
def test_cooperative_worlds_with_other_face_down_tiles_share_their_lines_but_at_a_check(
        checked, shared):
    state = cooperative_maintenance(3)
    if checked:  # the same position in the season's last round, whose end checks the tiles
        state = dataclasses.replace(state, round=4)
    other = with_other_face_down(state)
    player = RoundPlayer(0, 3, lambda s: 0.0, transpose=True)
    revealed = state.round - 1
    assert (player.river_key(state, revealed) == player.river_key(other, revealed)) is shared
