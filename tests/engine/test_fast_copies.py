"""The engine's fast copies and shared values behave as the frozen dataclasses they stand for."""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest

from precog.engine import apply, legal_actions, new_game
from precog.engine.actions import Choose, TakeFood, shared
from precog.engine.components import CardType, Gains, make_gains
from precog.engine.fastcopy import maker, replace, updater
from precog.engine.setup import shuffle
from precog.engine.state import GameState, Phase, PlayerState, Step


def test_a_copy_equals_dataclasses_replace_and_stays_frozen() -> None:
    p = new_game(players=3, seed=5).players[1]
    fast = replace(p, food=2, healthy=7)
    assert type(fast) is PlayerState  # not the draft class it was filled as
    assert fast == dataclasses.replace(p, food=2, healthy=7)
    assert hash(fast) == hash(dataclasses.replace(p, food=2, healthy=7))
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.food = 3  # type: ignore[misc]


def test_a_copy_refuses_a_field_the_class_does_not_have() -> None:
    with pytest.raises(TypeError):
        replace(PlayerState(), fuel=1)
    with pytest.raises(TypeError):
        updater(PlayerState, "fuel")


def test_an_updater_changes_only_its_fields_and_resets_the_caches() -> None:
    p = PlayerState(food=3)
    hash(p)  # fills the cached hash
    set_food = updater(PlayerState, "food")
    q = set_food(p, 5)
    assert q == dataclasses.replace(p, food=5) and q._hash is None
    assert hash(q) == hash(PlayerState(food=5))
    state = new_game(players=2, seed=1)
    assert legal_actions(state) and state._legal is not None
    assert updater(GameState, "passes")(state, 0)._legal is None


def test_gains_built_fast_equal_gains_built_by_init() -> None:
    assert make_gains(1, 2, 3, 4, 5, 6, 7) == Gains(1, 2, 3, 4, 5, 6, 7)
    assert hash(maker(Gains)(0, 1, 0, 0, 0, 0, 0)) == hash(Gains(human=1))
    assert Gains(3, 1) - Gains(1, 1) == Gains(2)
    assert Gains(heal=2).total() == 2 and Gains().is_empty() and not Gains(heal=1).is_empty()


def test_shared_actions_are_one_object_per_value_and_equal_to_new_ones() -> None:
    choose = shared(Choose)
    assert choose("D01", "T02") is choose("D01", "T02")
    assert choose("D01", "T02") == Choose("D01", "T02")
    assert shared(TakeFood)(2) == TakeFood(2)


def test_an_equal_action_built_by_the_caller_is_applied_like_the_listed_one() -> None:
    state = new_game(players=2, seed=8)
    listed = legal_actions(state)[3]
    assert isinstance(listed, Choose)
    mine = Choose(listed.keep, listed.give)
    assert mine is not listed
    assert apply(state, mine).key() == apply(state, listed).key()


def test_the_engine_shuffle_gives_random_shuffles_order_and_leaves_the_generator_alike() -> None:
    for size in (*range(40), 63, 64, 65, 130):
        for seed in range(10):
            mine, theirs = [str(i) for i in range(size)], [str(i) for i in range(size)]
            ours, python = random.Random(seed), random.Random(seed)
            shuffle(ours, mine)
            python.shuffle(theirs)
            assert mine == theirs
            assert ours.random() == python.random()


def test_a_generator_of_another_kind_shuffles_by_its_own_method() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list[str]) -> None:  # type: ignore[override]
            x.reverse()

    items = ["a", "b", "c"]
    shuffle(Reversing(1), items)
    assert items == ["c", "b", "a"]


def test_phases_steps_and_card_types_are_read_from_their_class_as_the_members() -> None:
    assert Phase.__dict__["OVER"] is Phase.OVER is Phase("over")
    assert Step.__dict__["GAINS"] is Step.GAINS and [m.name for m in Step] == list(Step.__members__)
    assert pickle.loads(pickle.dumps(CardType.FOOD)) is CardType.FOOD
    assert (Phase.RIVER.value, Phase.RIVER.name, CardType.FOOD.letter) == ("river", "RIVER", "F")


def test_a_mitigation_price_is_listed_by_the_tile_cost_object_and_by_value_alike() -> None:
    from precog.engine import action_phase
    from precog.engine.components import GAIN_KINDS, Gains
    from precog.engine.data_loading import reference_components

    for tile in reference_components().objectives:
        cost = tile.mitigate_cost
        listed = tuple((k, n) for k, n in zip(GAIN_KINDS, cost.astuple(), strict=True) if n)
        assert action_phase._price(cost) == action_phase._price(cost) == listed
        twin = Gains(*cost.astuple())  # the same value, another object
        assert twin is not cost and action_phase._price(twin) == listed


def test_is_over_follows_the_phase_in_every_kind_of_copy() -> None:
    state = new_game(players=2, seed=4)
    assert not state.is_over
    assert replace(state, phase=Phase.OVER).is_over
    assert updater(GameState, "phase", "step")(state, Phase.OVER, Step.NONE).is_over
    assert dataclasses.replace(state, phase=Phase.OVER).is_over
    over = replace(state, phase=Phase.OVER)
    assert replace(over, round=3).is_over and not replace(over, phase=Phase.RIVER).is_over
    with pytest.raises(TypeError):
        replace(state, is_over=True)
    with pytest.raises(TypeError):
        updater(GameState, "is_over")
