"""The numpy batch plays exactly the games the engine plays (same seeds, same policy): the
sensible player (the default) and the random baseline."""

from __future__ import annotations

import random

import numpy as np
import pytest

from precog.analysis.basics.errors import AnalysisCode, AnalysisError
from precog.analysis.playing.policy import SensiblePolicy
from precog.analysis.playing.world import first_legal, until_seat
from precog.analysis.playouts import batch
from precog.analysis.playouts.rollouts import RandomPolicy, play_out, uniforms
from precog.analysis.projection.evaluation import last_check_value
from precog.engine import legal_actions, new_game
from precog.engine.playout import random_playout
from tests.codes import raises_code


def boat(state, seat):
    p = state.players[seat]
    return (p.food, p.healthy, p.contaminated, p.doctors, p.protectors, p.bane,
            tuple(p.batteries))


@pytest.mark.parametrize(("players", "mode", "setup"), [
    (2, "competitive", "standard"), (3, "competitive", "advanced"),
    (4, "competitive", "standard"), (4, "team", "standard"), (4, "team", "advanced")])
@pytest.mark.parametrize("policy", [RandomPolicy(0.0), RandomPolicy(0.15), RandomPolicy(1.0),
                                    SensiblePolicy(), SensiblePolicy(0.0), SensiblePolicy(2.0)],
                         ids=repr)
def test_batch_rollouts_end_in_the_engine_s_final_positions(players, mode, setup, policy):
    if setup == "advanced":
        starts = [random_playout(random.Random(g), players=players, mode=mode, setup=setup,
                                 seed=g, stop_round=1).final for g in range(12)]
    else:
        starts = [new_game(players=players, mode=mode, seed=g) for g in range(12)]
    rows = uniforms(len(starts), seed=players)
    finals = batch.run(starts, rows, policy)
    for g, start in enumerate(starts):
        final = play_out(start, policy, rows[g])
        assert final.is_over
        for s in range(players):
            assert finals.seat(g, s) == boat(final, s), (g, s)


@pytest.mark.parametrize("round", [5, 8, 11, 12])
@pytest.mark.parametrize("policy", [RandomPolicy(0.5), SensiblePolicy()], ids=repr)
def test_batch_rollouts_from_mid_game_with_a_forced_first_choice_match_the_engine(round, policy):
    starts = [random_playout(random.Random(g), players=3, seed=g, stop_round=round).final
              for g in range(10)]
    rows = uniforms(len(starts), seed=round)
    forced = np.full((len(starts), 3), -1)
    forced[:, 1] = 1
    finals = batch.run(starts, rows, policy, forced)
    for g, start in enumerate(starts):
        seat_1_options = legal_actions(until_seat(start, 1, first_legal))
        final = play_out(start, policy, rows[g], {1: seat_1_options[1]})
        assert [finals.seat(g, s) for s in range(3)] == [boat(final, s) for s in range(3)]


@pytest.mark.parametrize(("players", "setup", "difficulty"), [
    (2, "standard", "normal"), (3, "advanced", "normal"), (4, "standard", "hard"),
    (3, "standard", "apocalypse"), (4, "advanced", "normal")])
def test_batch_plays_cooperative_games_as_the_engine_does(players, setup, difficulty):
    # Objective reveals and mitigations, the team window, the supplies as a season begins and
    # games lost on an Objective at an Island (their Boats as they were then)
    if setup == "advanced":
        starts = [random_playout(random.Random(g), players=players, mode="coop", setup=setup,
                                 difficulty=difficulty, seed=g, stop_round=1).final
                  for g in range(12)]
    else:
        starts = [new_game(players=players, mode="coop", difficulty=difficulty, seed=g)
                  for g in range(12)]
    rows = uniforms(len(starts), seed=players)
    policy = SensiblePolicy()
    finals = batch.run(starts, rows, policy)
    assert finals.failed.any()  # the seeds include games lost on an Objective
    for g, start in enumerate(starts):
        final = play_out(start, policy, rows[g])
        lost = final.outcome.code == "coop_objectives_failed"
        assert bool(finals.failed[g]) == lost, g
        for s in range(players):
            assert finals.seat(g, s) == boat(final, s), (g, s)
        # the value a playout counts: the score, the last check's unseen tiles by their chance
        assert batch.seat_values(finals, start, 0)[g] == pytest.approx(
            last_check_value(final, 0), abs=1e-9)
        if lost and final.round < 12:
            assert batch.seat_values(finals, start, 0)[g] == 0.0


@pytest.mark.parametrize("round", [3, 5, 9])
def test_batch_plays_cooperative_games_from_mid_game_as_the_engine_does(round):
    starts = [random_playout(random.Random(g), players=3, mode="coop", seed=g,
                             stop_round=round).final for g in range(10)]
    starts = [s for s in starts if not s.is_over]
    rows = uniforms(len(starts), seed=round)
    policy = SensiblePolicy()
    finals = batch.run(starts, rows, policy)
    for g, start in enumerate(starts):
        final = play_out(start, policy, rows[g])
        assert [finals.seat(g, s) for s in range(3)] == [boat(final, s) for s in range(3)]


def test_the_batch_refuses_mid_phase_positions_and_plays_the_random_co_op_through_the_engine():
    from precog.engine import apply

    started = new_game(players=2, seed=1)
    assert not batch.supports([apply(started, legal_actions(started)[0])])
    with raises_code(AnalysisError, AnalysisCode.BATCH_STARTS) as caught:
        batch.run([apply(started, legal_actions(started)[0])], uniforms(1, 0), RandomPolicy())
    assert caught.value.problem.values["count"] == 1
    coop = [new_game(players=2, mode="coop", seed=g) for g in range(3)]
    rows = uniforms(3, 0)
    finals = batch.run(coop, rows, RandomPolicy())
    for g, start in enumerate(coop):
        final = play_out(start, RandomPolicy(), rows[g])
        assert [finals.seat(g, s) for s in range(2)] == [boat(final, s) for s in range(2)]


@pytest.mark.parametrize("offered", [False, True])
@pytest.mark.parametrize("policy", [RandomPolicy(0.6), SensiblePolicy()], ids=repr)
def test_batch_counts_line_1_received_resources_as_the_engine_does(offered, policy):
    # advanced faces with random declines: what was taken (or, with the rule option, what the
    # cards offered) decides line-1 Machines in both the batch and the engine
    from precog.engine import RuleOptions

    options = RuleOptions(received_means_offered=offered)
    starts = [random_playout(random.Random(g), players=3, setup="advanced", seed=g,
                             options=options, stop_round=3).final for g in range(12)]
    rows = uniforms(len(starts), seed=7)
    finals = batch.run(starts, rows, policy)
    for g, start in enumerate(starts):
        final = play_out(start, policy, rows[g])
        for s in range(3):
            assert finals.seat(g, s) == boat(final, s), (g, s)


def test_a_start_given_more_than_once_is_played_by_each_of_its_rows():
    # the ranking gives every world once per choice; the batch encodes it once
    worlds = [new_game(players=3, seed=g) for g in range(4)]
    starts = [worlds[g % 4] for g in range(12)]
    rows = uniforms(len(starts), seed=9)
    policy = SensiblePolicy()
    finals = batch.run(starts, rows, policy)
    for g, start in enumerate(starts):
        final = play_out(start, policy, rows[g])
        assert [finals.seat(g, s) for s in range(3)] == [boat(final, s) for s in range(3)]


@pytest.mark.parametrize(("players", "mode", "round"), [
    (3, "competitive", 1), (4, "competitive", 6), (4, "team", 4), (3, "coop", 1),
    (2, "coop", 5)])
def test_the_batch_plays_the_sampled_worlds_of_a_partly_known_box_as_the_engine_does(
        players, mode, round):
    # a box that is not the reference set, with unknown card, River and Objective faces: the
    # analysing seat's determinizations are different worlds (each unknown face drawn apart),
    # played in one batch, each game reading its own world's faces
    from precog.engine import determinize
    from tests.engine.test_partly_known import half_box

    box = half_box()
    start = random_playout(random.Random(round), components=box, players=players, mode=mode,
                           seed=round, stop_round=round).final
    assert not start.is_over
    worlds = [determinize(start, 0, random.Random(g)) for g in range(12)]
    assert len({w.components.fingerprint for w in worlds}) == 12
    assert batch.supports(worlds)
    rows = uniforms(len(worlds), seed=players + round)
    policy = SensiblePolicy()
    finals = batch.run(worlds, rows, policy)
    for g, world in enumerate(worlds):
        final = play_out(world, policy, rows[g])
        assert [finals.seat(g, s) for s in range(players)] == \
            [boat(final, s) for s in range(players)], g
        if mode == "coop":
            lost = final.outcome.code == "coop_objectives_failed"
            assert bool(finals.failed[g]) == lost, g
            # the last check's chance from each world's own Objective faces
            assert batch.seat_values(finals, world, 0)[g] == pytest.approx(
                last_check_value(final, 0), abs=1e-9), g


def test_a_whole_box_of_other_faces_is_played_by_the_batch_as_by_the_engine():
    # a complete box (no unknown face) whose cards are not the reference set's
    from precog.engine.faces import draw_world
    from tests.engine.test_partly_known import half_box

    whole = draw_world(half_box(), random.Random(5))
    from dataclasses import replace as _replace

    whole = _replace(whole, unknown=frozenset(), box_fingerprint="", prior="")
    starts = [new_game(players=3, seed=g, components=whole) for g in range(8)]
    assert starts[0].components.box_id != new_game(players=3, seed=0).components.box_id
    rows = uniforms(len(starts), seed=5)
    finals = batch.run(starts, rows, SensiblePolicy())
    for g, start in enumerate(starts):
        final = play_out(start, SensiblePolicy(), rows[g])
        assert [finals.seat(g, s) for s in range(3)] == [boat(final, s) for s in range(3)]


@pytest.mark.parametrize("players,round_", [(3, 4), (4, 8)])
def test_a_co_op_ranking_s_rollouts_give_the_engine_s_values_each_world_shared_by_choices(
        players, round_):
    # the ranking plays each sampled world once per choice: the batch encodes it once and
    # must still give every game its own arrays, hence the engine's values choice by choice
    from precog.analysis.choices.ranking import rank_options

    state = random_playout(random.Random(players), players=players, mode="coop",
                           seed=players, stop_round=round_).final
    scalar = rank_options(state, 0, rollouts=8, seed=3, engine="scalar")
    fast = rank_options(state, 0, rollouts=8, seed=3, engine="batch")
    assert [(r.action, r.value, r.draws) for r in fast.rows] == \
        [(r.action, r.value, r.draws) for r in scalar.rows]
