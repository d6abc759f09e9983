"""The look-ahead tree: its shape follows the Dual Select System and what the seat knows."""

from __future__ import annotations

import random
import threading

import pytest

from precog.analysis.basics.errors import AnalysisCode
from precog.analysis.playing.world import AnalysisError, passed_pair
from precog.analysis.search.tree import build_tree, expand, iter_nodes, render_tree_text
from precog.engine import Phase, apply, legal_actions
from precog.engine.actions import Choose
from precog.engine.playout import random_playout
from tests.analysis.conftest import mid_game
from tests.codes import raises_code
from tests.engine.positions import position, seat


def test_four_distinct_cards_give_exactly_six_keep_give_choices(mid_game_3p):
    root = build_tree(mid_game_3p, 0, depth_rounds=1)
    labels = [c.label for c in root.children]
    assert len(labels) == 6 and len(set(labels)) == 6
    assert all(c.kind == "opponent" for c in root.children)


def test_round_twelve_offers_two_choices_from_the_decision_zone():
    state = position(players=3, round=12, phase=Phase.DECISION, seats=[
        seat(decision_zone=("T20", "T21"))])
    root = build_tree(state, 0, depth_rounds=2)
    assert sorted(c.label for c in root.children) == ["keep T20 give T21", "keep T21 give T20"]
    assert all(n.state is None or n.state.round == 12 for n in iter_nodes(root))


def test_the_right_neighbour_can_only_give_one_of_its_two_face_up_cards(mid_game_3p):
    root = build_tree(mid_game_3p, 1, depth_rounds=1)
    incoming = set(mid_game_3p.players[0].decision_zone)
    for opp in root.children:
        assert {plan.label.split()[0] for plan in opp.children} == incoming


def test_the_card_that_comes_back_is_one_of_the_pair_passed_right():
    state = mid_game(players=2, seed=4, round=3)
    root = build_tree(state, 0, depth_rounds=2, worlds=2)
    me = state.players[0]
    checked = 0
    for opp in root.children:
        words = opp.label.split()
        passed = set(passed_pair(me.hand, me.decision_zone, Choose(words[1], words[3])))
        assert set(opp.meta["passed"]) == passed
        for node in iter_nodes(opp):
            if node.kind == "opponent" and node is not opp:
                assert {c.label.split()[0] for c in node.children} == passed
                checked += 1
    assert checked > 0


def test_chance_and_opponent_probabilities_sum_to_one():
    root = build_tree(mid_game(players=3, seed=5, round=2), 2, depth_rounds=2, worlds=3)
    kinds = set()
    for node in iter_nodes(root):
        if node.kind in ("chance", "opponent") and node.children:
            kinds.add(node.kind)
            assert sum(c.probability for c in node.children) == pytest.approx(1.0)
    assert kinds == {"chance", "opponent"}


def test_river_chance_lists_every_unseen_tile_of_the_season_equally(mid_game_3p):
    root = build_tree(mid_game_3p, 0, depth_rounds=1)
    river = root.children[0].children[0].children[0]
    seen = set(mid_game_3p.river[:mid_game_3p.round - 1])
    season_tiles = {t.id for t in mid_game_3p.components.river if t.season == 2} - seen
    assert {leaf.label.split()[1] for leaf in river.children} == season_tiles
    assert {round(leaf.probability, 9) for leaf in river.children} == {
        round(1 / len(season_tiles), 9)}


def test_an_island_round_has_a_single_certain_river_outcome():
    state = mid_game(players=2, seed=3, round=4)
    river = build_tree(state, 0, depth_rounds=1).children[0].children[0].children[0]
    assert [(leaf.label.split()[1], leaf.probability) for leaf in river.children] == [
        ("I1", 1.0)]


def test_values_are_reproducible_for_a_fixed_seed():
    state = mid_game(players=3, seed=7, round=3)
    a = build_tree(state, 1, depth_rounds=2, seed=11, worlds=2).to_dict()
    b = build_tree(state, 1, depth_rounds=2, seed=11, worlds=2).to_dict()
    assert a == b


def test_the_tree_depends_only_on_what_the_player_observes(mid_game_3p):
    import random

    from precog.engine import determinize

    twin = determinize(mid_game_3p, 0, random.Random(99))  # other hidden cards, same view
    assert twin.players[1].hand != mid_game_3p.players[1].hand or twin.river != \
        mid_game_3p.river
    a = build_tree(mid_game_3p, 0, depth_rounds=1, seed=3).to_dict()
    b = build_tree(twin, 0, depth_rounds=1, seed=3).to_dict()
    assert a == b


def test_plan_alternatives_are_built_on_demand_and_never_beat_the_listed_best(mid_game_3p):
    root = build_tree(mid_game_3p, 0, depth_rounds=1)
    plan = root.children[0].children[0]
    assert plan.kind == "plan" and plan.expandable and len(plan.children) == 1
    expand(plan)
    assert not plan.expandable and len(plan.children) >= 2
    assert max(c.value for c in plan.children) == pytest.approx(plan.value)
    texts = [c.label for c in plan.children]
    assert len(texts) == len(set(texts))


def test_root_value_is_the_best_choice_and_marks_it_principal(mid_game_3p):
    root = build_tree(mid_game_3p, 0, depth_rounds=1)
    best = max(root.children, key=lambda c: c.value)
    assert root.value == best.value and best.principal
    assert sum(c.principal for c in root.children) == 1
    text = render_tree_text(root, max_depth=2)
    assert best.label in text and text.count("\n") >= 6


def test_worst_case_model_values_each_choice_at_its_worse_incoming_card(mid_game_3p):
    root = build_tree(mid_game_3p, 0, model="worst", depth_rounds=1)
    for opp in root.children:
        assert opp.value == min(p.value for p in opp.children)
        assert sorted(p.probability for p in opp.children) == [0.0, 1.0]


def test_a_cancelled_build_returns_the_first_answer_marked_incomplete(mid_game_3p):
    stop = threading.Event()
    seen: list[float] = []

    def progress(fraction: float, message: str) -> None:
        seen.append(fraction)
        if fraction >= 0.5:
            stop.set()

    root = build_tree(mid_game_3p, 0, depth_rounds=2, progress=progress, cancel=stop)
    assert len(root.children) == 6
    assert root.meta["complete"] is False and root.meta["stopped"] == "cancelled"
    assert seen == sorted(seen) and all(0 <= f <= 1 for f in seen)
    first = build_tree(mid_game_3p, 0, depth_rounds=1)
    assert [c.value for c in root.children] == [c.value for c in first.children]
    assert root.meta["depth_used"] == 1


def test_a_position_where_the_player_has_no_choice_is_refused(mid_game_3p):
    chosen = apply(mid_game_3p, legal_actions(mid_game_3p)[0])
    with raises_code(AnalysisError, AnalysisCode.CHOSEN):
        build_tree(chosen, 0)
    with raises_code(AnalysisError, AnalysisCode.PLAYER):
        build_tree(mid_game_3p, 5)


def test_the_bot_model_weighs_incoming_cards_by_the_bot_s_prediction(mid_game_3p):
    root = build_tree(mid_game_3p, 0, model="bot", depth_rounds=1)
    assert root.meta["model"] == "bot"
    for opp in root.children:
        probs = [p.probability for p in opp.children]
        assert sum(probs) == pytest.approx(1.0)
        assert opp.value == pytest.approx(sum(p.probability * p.value for p in opp.children))


def test_a_plan_replayed_in_a_world_with_other_gains_is_followed_as_closely_as_it_allows():
    # issue 10's crash: a plan found in one sampled world asked for "food 4" where another
    # world's Machines offered 2; the replay takes what is on offer instead of refusing
    from precog.analysis.playing.rounds import play_steps
    from precog.engine.actions import Activate, TakeFood

    state = mid_game(players=2, seed=3, round=4)
    while state.phase is Phase.DECISION:
        state = apply(state, legal_actions(state)[0])
    assert state.to_move == 0
    end = play_steps(state, 0, [Activate("G"), TakeFood(99), TakeFood(99)])
    assert end.round == 5 or end.is_over


@pytest.mark.parametrize(("players", "mode", "setup", "difficulty"), [
    (2, "competitive", "standard", "normal"), (3, "competitive", "advanced", "normal"),
    (4, "competitive", "standard", "normal"), (4, "team", "advanced", "normal"),
    (4, "team", "standard", "normal"), (2, "coop", "advanced", "hard"),
    (3, "coop", "standard", "normal"), (4, "coop", "advanced", "apocalypse")])
def test_trees_build_on_random_reachable_positions_of_every_mode_and_setup(
        players, mode, setup, difficulty):
    import random

    from precog.engine.playout import random_playout

    built = 0
    for seed in range(3):
        rng = random.Random(seed)
        stop = rng.choice([2, 5, 8, 10, 11, 12])
        state = random_playout(rng, players=players, mode=mode, setup=setup,
                               difficulty=difficulty, seed=seed, stop_round=stop).final
        if state.is_over:
            continue  # a cooperative game lost before that round
        seat = rng.randrange(players)
        for depth in (1, 2):
            root = build_tree(state, seat, depth_rounds=depth, worlds=1, budget_s=0.6,
                              seed=seed, leaves=depth == 2)
            assert root.children and all(c.value == c.value for c in root.children)  # no NaN
            built += 1
    assert built >= 2


def _second_round_plans(root):
    """(state after the Keep/Give, plan node) of every second-round plan of the tree."""
    for node in iter_nodes(root):
        if node.kind == "plan" and node.state is not None and node.state.round > root.state.round:
            yield node


def test_the_second_round_is_played_by_the_sensible_player():
    from precog.analysis.playing.players import first_legal
    from precog.analysis.playouts.rollouts import DEFAULT_POLICY

    state = mid_game(players=3, seed=5, round=2)
    root = build_tree(state, 1, depth_rounds=2, seed=3, worlds=2)
    assert root.meta["second_round"] == "sensible"
    plans = list(_second_round_plans(root))
    assert plans
    for node in plans[:12]:
        s, steps = node.state, []
        while not (s.is_over or s.round > node.state.round):
            options = legal_actions(s)
            if s.to_move == 1:
                action = options[DEFAULT_POLICY.index(s, 0.5, options)]
                steps.append(action)
            else:
                action = first_legal(s, s.to_move)
            s = apply(s, action)
        (river,) = node.children
        assert list(river.meta["line"].steps) == steps


def _second_round_decisions(root):
    return [n for n in iter_nodes(root)
            if n.kind == "decision" and n is not root and n.state is not None]


def _playout_keep_give(state, seat):
    """The (Keep, Give) a playout's sensible player takes at ``state`` with the middle draw:
    the seats before it choose first (their choices are secret: they change nothing of its)."""
    from precog.analysis.playouts.rollouts import DEFAULT_POLICY

    s = state
    while s.to_move != seat:
        s = apply(s, legal_actions(s)[0])
    options = legal_actions(s)
    return options[DEFAULT_POLICY.index(s, 0.5, options)]


@pytest.mark.parametrize("mode, players", [("competitive", 3), ("team", 4), ("coop", 3)])
def test_the_second_round_keep_give_is_the_sensible_players_and_counts_alone(mode, players):
    state = random_playout(random.Random(6), players=players, seed=6, stop_round=4,
                           mode=mode).final
    root = build_tree(state, 1, depth_rounds=2, seed=2, worlds=2)
    decisions = _second_round_decisions(root)
    assert decisions
    for node in decisions[:8]:
        (chosen,) = node.children
        assert chosen.edge.choice == _playout_keep_give(node.state, 1)
        assert chosen.meta["sensible"] and chosen.principal
        assert node.value == chosen.value and node.expandable


def test_the_other_second_round_choices_are_grown_on_demand_and_leave_the_value_alone():
    state = mid_game(players=3, seed=6, round=4)
    root = build_tree(state, 1, depth_rounds=2, seed=2, worlds=2)
    before = root.value
    node = _second_round_decisions(root)[0]
    value = node.value
    expand(node)
    choices = {c.edge.choice for c in node.children}
    assert choices == {a for a in legal_actions(_until(node.state, 1)) if isinstance(a, Choose)}
    assert len(node.children) >= 2 and node.value == value and root.value == before
    (counted,) = [c for c in node.children if c.principal]
    assert counted.meta["sensible"] and counted.value == value
    assert all(c.meta["sensible"] is False for c in node.children if c is not counted)


def _until(state, seat):
    while state.to_move != seat:
        state = apply(state, legal_actions(state)[0])
    return state


def test_the_searched_second_round_counts_its_best_keep_give(mid_game_3p):
    root = build_tree(mid_game_3p, 0, depth_rounds=2, seed=2, worlds=1, second_round="search")
    decisions = _second_round_decisions(root)
    assert decisions
    for node in decisions:
        assert len(node.children) >= 2 and not node.expandable
        assert node.value == max(c.value for c in node.children)


def test_the_second_round_can_still_be_searched(mid_game_3p):
    root = build_tree(mid_game_3p, 0, depth_rounds=2, seed=2, worlds=1, second_round="search")
    assert root.meta["second_round"] == "search" and root.meta["depth_used"] == 2
    plans = list(_second_round_plans(root))
    assert plans and all(p.children[0].meta["search"].rivers != [(None, 1.0)] for p in plans)


def test_an_unknown_second_round_mode_is_refused(mid_game_3p):
    with raises_code(AnalysisError, AnalysisCode.ONE_OF):
        build_tree(mid_game_3p, 0, depth_rounds=2, second_round="bold")


def test_the_next_cards_are_one_outcome_whatever_the_order_of_my_two_draws():
    # round 3 of this deal: seat 0's deck holds two season-1 cards, drawn in either order
    state = random_playout(random.Random(1), stop_round=3, seed=1, players=3).final
    root = build_tree(state, 0, depth_rounds=2, seed=0, worlds=12, leaves=False)
    draws = 0
    for n in iter_nodes(root):
        outcomes = [c for c in n.children if type(c.edge).__name__ == "Draw"]
        if not outcomes:
            continue
        keys = [(tuple(sorted(c.edge.hand)), c.edge.passed, c.edge.deal) for c in outcomes]
        assert len(keys) == len(set(keys)), keys
        positions = [c.state.key() for c in outcomes]
        assert len(positions) == len(set(positions))
        assert sum(c.probability for c in outcomes) == pytest.approx(1.0)
        assert all(c.edge.hand == c.state.players[0].hand for c in outcomes)
        draws += len(outcomes)
    assert draws > 0


def test_worlds_that_bring_the_same_cards_but_deal_the_hidden_ones_otherwise_each_count():
    # round 11 of a cooperative game: the seat's last draws are known, the other hands and
    # the face-down Objectives are not; every sampled world must weigh in the value
    state = random_playout(random.Random(11), stop_round=11, seed=11, players=4,
                           mode="coop").final
    assert state.round == 11 and not state.is_over
    root = build_tree(state, 0, depth_rounds=2, seed=0, worlds=4)
    chances = [n for n in iter_nodes(root) if n is not root and n.meta.get("worlds") == 4]
    assert chances
    dealt_otherwise = 0
    for n in chances:
        draws = [c for c in n.children if type(c.edge).__name__ == "Draw"]
        assert len(draws) == len(n.children)
        assert all(c.kind in ("decision", "leaf") and c.state.round == 12 for c in draws)
        assert sum(c.probability for c in draws) == pytest.approx(1.0)
        assert n.value == pytest.approx(sum(c.probability * c.value for c in draws))
        same: dict[object, list[int]] = {}
        for c in draws:  # the same cards as I see them: by name, whatever deck they came from
            names = [sorted(state.card(i).name for i in ids) for ids in (c.edge.hand,
                                                                          c.edge.passed)]
            same.setdefault(str(names), []).append(c.edge.deal)
        for deals in same.values():
            assert sorted(deals) == (list(range(1, len(deals) + 1)) if len(deals) > 1 else [0])
            dealt_otherwise += len(deals) > 1
    assert dealt_otherwise > 0  # worlds that bring the same cards, dealt otherwise, were met


def test_the_tree_samples_more_worlds_where_it_plays_the_game_to_its_end():
    from precog.analysis.search.tree import LAST_ROUND_WORLDS, WORLDS
    late = random_playout(random.Random(2), stop_round=11, seed=2, players=3).final
    early = random_playout(random.Random(2), stop_round=10, seed=2, players=3).final
    assert build_tree(late, 0, depth_rounds=2).meta["worlds"] == LAST_ROUND_WORLDS
    assert build_tree(early, 0, depth_rounds=2).meta["worlds"] == WORLDS < LAST_ROUND_WORLDS
    assert build_tree(early, 0, depth_rounds=2, worlds=5).meta["worlds"] == 5


@pytest.mark.parametrize("stop_round", [1, 3, 4, 7, 8])
def test_the_tree_samples_more_worlds_where_it_has_fewer_first_round_ends_to_play_on(
        stop_round):
    # the second round is built for every (choice, incoming card, River tile) in every world:
    # where the River has fewer tiles left to show, the same work buys more worlds
    from precog.analysis.search.tree import DEEPENING, MOST_WORLDS, WORLDS
    state = random_playout(random.Random(stop_round), stop_round=stop_round, seed=stop_round,
                           players=3).final
    root = build_tree(state, 0, depth_rounds=2)
    deepened = [n for n in iter_nodes(root) if n is not root and n.meta.get("worlds")]
    assert deepened and all(n.meta["worlds"] == root.meta["worlds"] for n in deepened)
    worlds = root.meta["worlds"]
    assert worlds == min(MOST_WORLDS, max(WORLDS, DEEPENING // len(deepened)))
    assert len(deepened) * worlds <= max(DEEPENING, len(deepened) * WORLDS)
    if len(deepened) <= 12:  # the season's last River tile: many more worlds than 3
        assert worlds >= 3 * WORLDS


def test_a_sensible_plan_plays_the_sensible_players_every_move_and_forks_on_the_river():
    from precog.analysis.playing.policy import sensible_move
    from precog.analysis.playing.rounds import RoundPlayer, other_seat
    from precog.analysis.playing.world import (
        determinize,
        knowledge,
        resolve_decision,
        with_river_tile,
    )

    state = mid_game(players=3, seed=5, round=6)
    seat = state.to_move
    know = knowledge(state, seat)
    world = determinize(state, seat, random.Random(1))
    after = resolve_decision(world, seat, know.choices[0], {}, other_seat)
    player = RoundPlayer(seat, 3, lambda s: 0.0)
    search, line, _ = player.search(after, sensible=True)
    assert len(line.forks) == len(search.rivers) > 1
    for _, tile, _ in line.forks:
        s, steps = after, []
        while not (s.is_over or s.round > after.round):
            if tile is not None and s.phase is Phase.RIVER and s.river[s.round - 1] != tile:
                s = with_river_tile(s, tile)
            action = sensible_move(s, seat) if s.to_move == seat else other_seat(s, s.to_move)
            if s.to_move == seat:
                steps.append(action)
            s = apply(s, action)
        assert search.steps_for(line, tile) == steps



def test_the_default_model_weighs_the_right_neighbours_give_by_the_playouts_chances(
        mid_game_3p):
    """The rollouts let the right neighbour's sensible player choose its Give; the tree's
    default model weighs each card by that player's chance of Giving it, averaged over hands
    the analysing seat cannot tell apart, so the tree and the table are on one scale."""
    from precog.analysis.playing.policy import give_chances
    from precog.analysis.playing.world import first_legal, until_seat
    from precog.analysis.search.models import OpponentModel

    root = build_tree(mid_game_3p, 0, depth_rounds=1, seed=4)
    probs = [tuple(c.probability for c in opp.children) for opp in root.children]
    assert all(sum(p) == pytest.approx(1.0) for p in probs)
    assert any(abs(p[0] - 0.5) > 0.05 for p in probs)
    right = 2
    model = OpponentModel(seed=1)
    incoming = mid_game_3p.players[right].decision_zone
    weighed = model.give_probabilities(mid_game_3p, right, incoming)
    own = give_chances(until_seat(mid_game_3p, right, first_legal), right)
    assert weighed != pytest.approx(own)  # other hands than the real one count too
    assert sum(weighed.values()) == pytest.approx(1.0)


def _continues(end, world):
    """Whether ``end`` is ``world`` played on: every seat's deck is what is left of the
    world's (the next hands are drawn from its top) and the River still to come is the
    world's."""
    decks = all(w.deck[len(w.deck) - len(e.deck):] == e.deck
                for w, e in zip(world.players, end.players))
    return decks and end.river[world.round:] == world.river[world.round:]


def test_a_second_round_plan_found_in_another_world_is_played_out_in_its_own():
    # plans of the second round are shared between worlds where my Boat is the same; the
    # playouts that value one must start from its own world's next cards and River
    from precog.analysis.search.leaf_playouts import leaf_states

    state = random_playout(random.Random(5), stop_round=4, seed=5, players=3).final
    root = build_tree(state, 0, depth_rounds=2, seed=0, leaf_values="playouts")
    collapsed = [n for n in iter_nodes(root)
                 if n.kind == "chance" and not n.children and "line" in n.meta
                 and n.state.round > state.round]
    shared = [n for n in collapsed if "ends" in n.meta]
    assert shared
    foreign = 0
    for n in collapsed:
        world = n.meta["after"]
        assert all(_continues(end, world) for _, end in leaf_states(n))
        foreign += any(not _continues(end, world) for _, _, end, _ in n.meta["line"].ends())
    assert foreign > 0  # the line's own ends belong to another world
