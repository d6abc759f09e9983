"""The look-ahead tree's leaves valued by playouts of the sensible player, in one batch.

With ``build_tree(..., leaf_values="playouts")`` each leaf is worth the mean final score of
its playouts (the same worlds and random numbers as ``rollout_value`` with the leaf's own
seed, ``leaf_seed``),
its interval comes from their spread, and the values are backed up as the tree combines them.
"""

from __future__ import annotations

import numpy as np
import pytest

from precog.analysis.basics.errors import AnalysisInputError
from precog.analysis.playing.world import AnalysisError
from precog.analysis.playouts.rollouts import (
    DEFAULT_POLICY,
    play_out,
    rollout_value,
    sample_starts,
    uniforms,
)
from precog.analysis.projection.evaluation import terminal_value
from precog.analysis.search.leaf_playouts import leaf_seed, leaf_states
from precog.analysis.search.tree import build_tree, expand, iter_nodes
from precog.engine import GameState, Phase
from tests.analysis.conftest import mid_game


def valued(root):
    """Every node whose value is its own playouts' (a leaf, or a plan with its River
    outcomes collapsed), once each."""
    return [n for n in iter_nodes(root) if leaf_states(n)]


def greedy_game(players: int, mode: str) -> dict[int, GameState]:
    """The start of each round's Decision phase in a seeded game between greedy bots (their
    Boats keep Healthy Humans, unlike a random game's, so playouts differ)."""
    from precog.analysis.arena.bots import play_game
    from precog.analysis.playing.basic_bots import GreedyBot

    seen: dict[int, GameState] = {}

    def observe(s: GameState) -> None:
        if s.phase is Phase.DECISION and s.round not in seen and not any(s.choices or ()):
            seen[s.round] = s

    play_game([GreedyBot(s) for s in range(players)], seed=1, players=players, mode=mode,
              observe=observe)
    return seen


@pytest.fixture(scope="module")
def late():
    """Round 10 of a 3-player game: playouts are three rounds long (cheap through the
    engine)."""
    return greedy_game(3, "competitive")[10]


def test_a_leaf_is_worth_the_mean_of_its_playouts_through_the_engine(late):
    root = build_tree(late, 0, depth_rounds=1, seed=5, leaf_values="playouts",
                      leaf_playouts=4)
    leaves = [n for n in iter_nodes(root) if n.kind == "leaf" and not n.state.is_over]
    assert leaves
    assert any(leaf.value > 0 for leaf in leaves)
    for leaf in leaves[:3]:
        own = leaf_seed(5, leaf.state)
        rows = uniforms(4, own)
        games = [play_out(w, DEFAULT_POLICY, rows[i])
                 for i, w in enumerate(sample_starts(leaf.state, 0, 4, own))]
        mean = np.mean([terminal_value(g, 0) for g in games])
        assert leaf.value == pytest.approx(mean, abs=1e-9)


@pytest.mark.parametrize("mode,players,round_", [("competitive", 3, 9), ("team", 4, 10),
                                                 ("coop", 3, 6)])
def test_batched_leaves_agree_with_one_at_a_time_rollouts_on_the_same_seed(mode, players,
                                                                          round_):
    state = greedy_game(players, mode)[round_]
    seat = 0
    root = build_tree(state, seat, depth_rounds=1, seed=3, leaf_values="playouts",
                      leaf_playouts=6)
    nodes = valued(root)
    assert nodes and any(n.meta["se"] > 0 for n in nodes)
    for node in nodes:
        alone = sum(p * rollout_value(s, seat, 6, leaf_seed(3, s))
                    for p, s in leaf_states(node))
        assert node.value == pytest.approx(alone, abs=1e-9)


def test_playout_values_are_backed_up_as_the_tree_combines_them(late):
    root = build_tree(late, 0, depth_rounds=2, seed=1, leaf_values="playouts",
                      leaf_playouts=4)
    assert root.meta["evaluation"] == "playouts" and root.meta["leaves_played"] > 0
    assert root.value == max(c.value for c in root.children)
    for node in iter_nodes(root):
        if not node.children:
            continue
        values = [c.value for c in node.children]
        if node.kind == "chance":
            probs = [c.probability for c in node.children]
            assert node.value == pytest.approx(float(np.dot(probs, values)))
        elif node.meta.get("follows") == "sensible":  # a second-round Decision
            counted = next(c for c in node.children if c.meta["sensible"])
            assert counted.principal and node.value == counted.value
        elif node.kind in ("decision", "plan"):
            assert node.value == max(values)
            assert next(c for c in node.children if c.principal).value == node.value
        else:  # the default model: each card by its chance
            assert node.value == pytest.approx(sum(c.probability * c.value
                                                   for c in node.children))


def test_leaf_intervals_shrink_with_more_playouts(late):
    def mean_half_width(count):
        root = build_tree(late, 0, depth_rounds=1, seed=2, leaf_values="playouts",
                          leaf_playouts=count)
        widths = [n.ci95 for n in valued(root) if n.meta["se"] > 0]
        assert widths and all(w is not None for w in widths)
        return float(np.mean(widths))

    assert mean_half_width(32) < 0.7 * mean_half_width(4)


def test_the_same_seed_gives_the_same_tree_values(late):
    def values(seed):
        root = build_tree(late, 1, depth_rounds=1, seed=seed, leaf_values="playouts",
                          leaf_playouts=4)
        return [n.value for n in iter_nodes(root)]

    assert values(7) == values(7)


def test_every_leaf_draws_worlds_of_its_own(monkeypatch):
    """The leaves do not share one set of draws (whose luck would move the whole tree): each
    distinct leaf position draws its worlds with its own seed, the tree's seed and the
    position together, and a cooperative tree's leaves see different orders of the
    face-down Objectives."""
    import precog.analysis.search.leaf_playouts as lp

    state = greedy_game(3, "coop")[6]
    drawn: dict[object, tuple[int, list[GameState]]] = {}
    real = lp.sample_starts

    def recording(leaf, seat, count, seed):
        worlds = real(leaf, seat, count, seed)
        drawn[leaf.key()] = (seed, worlds)
        return worlds

    monkeypatch.setattr(lp, "sample_starts", recording)
    root = build_tree(state, 0, depth_rounds=1, seed=9, leaf_values="playouts",
                      leaf_playouts=4)
    leaves = {n.state.key(): n.state for n in iter_nodes(root)
              if n.kind == "leaf" and not n.state.is_over}
    assert len(leaves) >= 3 and set(leaves) <= set(drawn)
    seeds = [drawn[k][0] for k in leaves]
    assert seeds == [leaf_seed(9, s) for s in leaves.values()]
    assert len(set(seeds)) == len(seeds)
    stacks = {tuple(w.objective_stacks for w in drawn[k][1]) for k in leaves}
    assert len(stacks) > 1


def test_nodes_built_by_an_expansion_are_valued_by_playouts_too(late):
    root = build_tree(late, 0, depth_rounds=1, seed=4, leaf_values="playouts",
                      leaf_playouts=4)
    plan = next(n for n in iter_nodes(root) if n.kind == "plan" and n.expandable)
    expand(plan)
    assert len(plan.children) >= 1
    assert plan.value == max(c.value for c in plan.children)
    for river in plan.children:
        for node in [river, *river.children]:
            found = leaf_states(node)
            if found:
                alone = sum(p * rollout_value(s, 0, 4, leaf_seed(4, s)) for p, s in found)
                assert node.value == pytest.approx(alone, abs=1e-9)
                assert node.ci95 is not None


def test_a_second_round_decision_expanded_under_playouts_keeps_its_sensible_value(late):
    root = build_tree(late, 0, depth_rounds=2, seed=1, leaf_values="playouts",
                      leaf_playouts=4)
    node = next(n for n in iter_nodes(root)
                if n.meta.get("follows") == "sensible" and n.expandable)
    value, before = node.value, root.value
    expand(node)
    assert len(node.children) >= 2
    assert node.value == value and root.value == before
    for other in node.children:
        if not other.meta["sensible"]:  # its leaves were played out as the others were
            assert all(n.meta.get("se") is not None for n in valued(other))


def test_the_fitted_leaves_stay_the_default():
    state = mid_game(players=2, seed=3, round=11)
    root = build_tree(state, 0, depth_rounds=1, seed=0)
    assert root.meta["evaluation"] == "fitted value"
    assert all("se" not in n.meta for n in iter_nodes(root))


@pytest.mark.parametrize("kwargs,error", [({"leaf_values": "guess"}, AnalysisError),
                                          ({"leaf_playouts": 1}, AnalysisInputError),
                                          ({"leaf_playouts": 10**6}, AnalysisInputError),
                                          ({"leaf_playouts": 2.5}, AnalysisInputError)])
def test_bad_leaf_valuations_are_refused(late, kwargs, error):
    with pytest.raises(error):
        build_tree(late, 0, depth_rounds=1, **kwargs)


def test_a_build_stopped_in_its_second_round_values_its_first_rounds_ends_by_playouts(late):
    root = build_tree(late, 0, depth_rounds=2, seed=1, budget_s=1e-6, leaf_values="playouts",
                      leaf_playouts=4)
    assert root.meta["depth_used"] == 1 and not root.meta["complete"]
    assert root.children  # the root's own "worlds" is the build's setting, not a River's
    assert not any(n.children for n in iter_nodes(root)
                   if n is not root and n.meta.get("worlds"))
    for node in valued(root):
        alone = sum(p * rollout_value(s, 0, 4, leaf_seed(1, s)) for p, s in leaf_states(node))
        assert node.value == pytest.approx(alone, abs=1e-9)


def test_a_two_round_tree_with_playout_leaves_cancelled_at_once_still_values_every_choice():
    """A build stopped before its second round ranks on the first round alone, with or without
    playout leaves (the root's own "worlds" setting once made the playouts cut every choice)."""
    import threading

    state = mid_game(players=3, seed=2, round=3)
    stop = threading.Event()
    stop.set()
    fit = build_tree(state, state.to_move, depth_rounds=2, cancel=stop, leaf_values="fit")
    played = build_tree(state, state.to_move, depth_rounds=2, cancel=stop,
                        leaf_values="playouts")
    assert played.meta["stopped"] and played.meta["depth_used"] == 1
    assert [c.label for c in played.children] == [c.label for c in fit.children]
    assert len(played.children) >= 2


def _every_node(root):
    """Every node object once (a transposition's twin keeps its original's id)."""
    stack, seen = [root], set()
    while stack:
        n = stack.pop()
        if id(n) not in seen:
            seen.add(id(n))
            yield n
            stack.extend(n.children)


def test_every_leaf_of_a_played_out_tree_is_played_out_even_below_a_deepened_twin():
    """A cooperative round-10 position (2 players, dealt with seed 3) where two River tiles of
    a first-round plan end in the same position, so the second is a twin of the first (same
    id) and is deepened on its own. Every leaf below both twins is valued by its playouts (it
    carries their standard error), none keeps the value it had while the tree was built.
    (It was the decision-quality suite's q033 until the suite was rebuilt for the component
    set of 2026-12-06, whose q033 has no twins.)"""
    from precog.session.explore import deal

    state = deal(10, 3, players=2, mode="coop")
    root = build_tree(state, state.to_move, depth_rounds=2, seed=33, leaf_values="playouts")
    ids: dict[str, int] = {}
    for n in _every_node(root):
        ids[n.id] = ids.get(n.id, 0) + 1
    assert any(k > 1 for k in ids.values())  # the position has twins
    leaves = [n for n in _every_node(root) if not n.children and leaf_states(n)]
    assert leaves
    assert all("se" in n.meta for n in leaves), [n.id for n in leaves if "se" not in n.meta]


def test_a_played_out_tree_does_not_play_its_second_rounds_last_round_while_building(
        monkeypatch):
    """A round-10 tree's second round ends in the last round, which the one value plays out
    (two games a position); with leaves played out anyway, the build gives those ends the
    fitted value meanwhile: no last round is played while building, and every value of the
    finished tree is the same as when they were played."""
    import precog.analysis.search.tree as tree_module
    from precog.analysis.choices.ranking import choice_of
    from precog.analysis.fitted import value
    from tests.analysis.test_benchmark_decision_quality import load, stored_positions

    bench = load()
    entry = stored_positions(bench)["q033"]  # its position only, no reference value
    decision = bench.decision_of(entry)
    played = []
    real = value.last_round_value
    monkeypatch.setattr(value, "last_round_value",
                        lambda s, seat, *a: played.append(s) or real(s, seat, *a))

    def values() -> dict[str, float]:
        root = build_tree(decision.state(), decision.seat, depth_rounds=2, seed=33,
                          leaf_values="playouts")
        return {str(choice_of(c)): c.value for c in root.children}

    quick = values()
    assert not played
    monkeypatch.setattr(tree_module, "fitted_value", value.expected_final)
    slow = values()
    assert played
    assert quick == pytest.approx(slow, abs=1e-9)
