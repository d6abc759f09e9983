"""A Boat's projection is computed once and remembered in the team and cooperative modes:
what is remembered is exactly what a fresh computation gives, never for other weights or
another component set, in a bounded table; and the cooperative Objective step's searches
share their lines with the same values."""

from __future__ import annotations

import dataclasses
import random

import pytest

from precog.analysis.arena.bots import LookaheadBot
from precog.analysis.projection import evaluation, remembered
from precog.analysis.projection.evaluation import DEFAULT, Weights, evaluate, tile_risks
from precog.engine import GameState, Phase, determinize, legal_actions, new_game, observation
from precog.engine.playout import play_on
from tests.analysis.test_coop_objectives import objective_steps


def positions(players: int, mode: str, seed: int) -> list[GameState]:
    """Every position of a random game (each Boat is met again in later rounds and phases)."""
    out: list[GameState] = []
    rng = random.Random(seed)
    play_on(new_game(players=players, mode=mode, seed=seed),
            lambda s, _seat: rng.choice(legal_actions(s)),
            on_move=lambda before, _action, _after: out.append(before))
    return out


def fresh(monkeypatch: pytest.MonkeyPatch, state: GameState, seat: int,
          weights: Weights = DEFAULT) -> float:
    with monkeypatch.context() as patched:
        patched.setattr(remembered.Remembered, "get", lambda *_args: None)
        return evaluate(state, seat, weights)


@pytest.mark.parametrize(("players", "mode", "seed"),
                         [(3, "coop", 1), (4, "team", 2), (2, "competitive", 3)])
def test_a_remembered_projection_is_the_one_computed_afresh(monkeypatch, players, mode, seed):
    evaluation.PROJECTIONS.clear()
    evaluation.OBJECTIVES.clear()
    states = positions(players, mode, seed)
    remembered_values = [evaluate(s, seat) for s in states for seat in range(players)]
    assert (len(evaluation.PROJECTIONS.values) > 0) is (mode != "competitive")  # one Boat
    again = [evaluate(s, seat) for s in states for seat in range(players)]
    computed = [fresh(monkeypatch, s, seat) for s in states for seat in range(players)]
    assert remembered_values == again == computed


def variants(state: GameState) -> list[GameState]:
    """``state`` with the same Boats in other rounds, phases, setups and Objectives."""
    advanced = dataclasses.replace(state.config, setup="advanced")
    out = [dataclasses.replace(state, round=r) for r in (state.round, 1, 3, 4, 7, 8, 11, 12)]
    out += [dataclasses.replace(state, phase=phase) for phase in
            (Phase.DECISION, Phase.ACTION, Phase.MAINTENANCE, Phase.RIVER)]
    out.append(dataclasses.replace(state, config=advanced))
    if state.objectives:  # the riskiest tile not shown; then also one more tile face down
        risks = dict(tile_risks(state))
        riskiest = max(state.objectives, key=lambda tile: risks.get(tile[0], 0.0))
        fewer = dataclasses.replace(state, objectives=tuple(
            tile for tile in state.objectives if tile != riskiest))
        stacks = list(state.objective_stacks)
        stacks[state.season - 1] += (riskiest[0],)
        out += [fewer, dataclasses.replace(fewer, objective_stacks=tuple(stacks))]
    return out


@pytest.mark.parametrize("mode", ["coop", "team", "competitive"])
def test_the_same_boats_elsewhere_are_projected_afresh(monkeypatch, mode):
    evaluation.PROJECTIONS.clear()
    evaluation.OBJECTIVES.clear()
    state = positions(4, mode, 5)[20]
    states = variants(state)
    remembered_values = [evaluate(s, seat) for s in states for seat in range(4)]
    computed = [fresh(monkeypatch, s, seat) for s in states for seat in range(4)]
    assert remembered_values == computed
    assert len(set(computed)) > 4


def test_a_projection_is_not_given_for_other_weights_or_another_component_set(monkeypatch):
    state = positions(3, "coop", 4)[60]
    generous = Weights(heal=2.0, food_income=3.0, objective=1.5)
    first = evaluate(state, 0)
    other = evaluate(state, 0, generous)
    assert other == fresh(monkeypatch, state, 0, generous) != first
    table = remembered.Remembered()
    key = ("the same key",)
    table.put(key, state.components, DEFAULT, 1.0)
    assert table.get(key, state.components, DEFAULT) == 1.0
    assert table.get(key, state.components, generous) is None
    assert table.get(key, object(), DEFAULT) is None


def test_a_full_table_is_emptied_before_it_takes_more():
    table = remembered.Remembered(limit=2)
    for k in range(5):
        table.put(k, None, None, float(k))
        assert len(table.values) <= 2
    assert table.get(4, None, None) == 4.0
    assert table.get(0, None, None) is None


class NotSharing(LookaheadBot):
    transpose = False


def test_the_objective_step_values_its_options_alike_with_lines_shared():
    steps = [s for s in objective_steps(3, range(2))][:3]
    assert len(steps) == 3
    for state in steps:
        seat, legal = state.to_move, legal_actions(state)
        values = []
        for bot in (LookaheadBot(5), NotSharing(5)):
            bot.sample_world = lambda rng, s=state, seat=seat: determinize(s, seat, rng)
            values.append(bot.objective_values(observation(state, seat), legal))
        shared, plain = values
        assert list(shared) == list(plain) == legal
        assert list(shared.values()) == pytest.approx(list(plain.values()), abs=1e-9)


def test_the_look_ahead_bot_restores_the_collector_only_once_its_tree_is_gone(monkeypatch):
    import gc

    from precog.analysis.arena import bots
    from precog.engine.collector import YOUNG_OBJECTS

    seen = []
    build = bots.build_tree

    def watched(*args, **kwargs):
        seen.append(gc.get_threshold()[0])
        return build(*args, **kwargs)

    monkeypatch.setattr(bots, "build_tree", watched)
    before = gc.get_threshold()
    gc.set_threshold(700, *before[1:])
    try:
        state = new_game(players=3, seed=8)
        bot = LookaheadBot(3)
        bot.sample_world = lambda rng: determinize(state, 0, rng)
        action = bot.choose(observation(state, 0), legal_actions(state))
        assert action in legal_actions(state)
        assert seen == [YOUNG_OBJECTS]
        assert gc.get_threshold()[0] == 700
    finally:
        gc.set_threshold(*before)
