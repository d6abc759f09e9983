"""Reviewing a game: losses and marks per decision, honest to the reviewed seat."""

from __future__ import annotations

import doctest
import importlib
import random
from typing import Any

import numpy as np
import pytest

from precog.analysis.arena.bots import RolloutBot, make_bot
from precog.analysis.basics.errors import AnalysisCode, AnalysisError
from precog.analysis.choices.ranking import Ranking, RankingRow, paired_loss, rank_options
from precog.analysis.game_review.review import (
    MARKS,
    decision_points,
    mark_for,
    recorded_game,
    review_decision,
    review_from_dict,
    review_game,
    review_many,
)
from precog.analysis.game_review.review_actions import (
    action_points,
    by_round,
    round_decisions,
    value_round,
)
from precog.analysis.game_review.review_odds import outlook, winners
from precog.analysis.playing.players import as_policy
from precog.engine import Game, determinize, new_game
from precog.engine.actions import Choose
from precog.engine.problems import ErrorCode
from tests.codes import raises_code


@pytest.fixture(scope="module")
def greedy_game() -> Game:
    return recorded_game(["greedy"], seed=4, players=2)


def test_marks_follow_the_documented_thresholds():
    blunder, mistake, dubious = (t for _, t in MARKS)
    assert blunder > mistake > dubious > 0
    assert mark_for(blunder) == "blunder"
    assert mark_for(mistake) == "mistake"
    assert mark_for((mistake + dubious) / 2) == "dubious"
    assert mark_for(dubious / 2) is None


def test_a_loss_within_its_own_interval_earns_no_mark():
    blunder = MARKS[0][1]
    assert mark_for(blunder + 1, ci95=0.5) == "blunder"
    assert mark_for(blunder + 1, ci95=blunder + 1) is None
    assert mark_for(blunder + 1, ci95=blunder + 2) is None


def test_every_keep_give_of_the_seat_is_reviewed_in_game_order(greedy_game):
    points = decision_points(greedy_game, 1)
    assert len(points) == 12
    assert points == sorted(points)
    assert [greedy_game.states[i].round for i in points] == list(range(1, 13))


def replayed_with(base: Game, index: int, bad: object) -> Game:
    """``base`` replayed up to its decision ``index``, ``bad`` played there instead, and the
    rest of the game played by greedy bots."""
    game = Game(base.start)
    for action in base.actions[:index]:
        game.play(action)
    game.play(bad)
    game.advance(as_policy([make_bot("greedy", 1), make_bot("greedy", 2)]))
    return game


def test_a_deliberately_bad_keep_give_is_marked_a_blunder_where_it_was_played():
    seat = 0
    found = None
    for seed in range(4, 10):  # the greedy games of a few seeds, until one has such a choice
        base = recorded_game(["greedy"], seed=seed, players=2)
        for i in decision_points(base, seat)[:-1]:
            ranking = rank_options(base.states[i], seat, depth_rounds=1,
                                   with_give_values=False)
            worst = ranking.rows[-1]
            if worst.loss >= MARKS[0][1] + 0.5 and review_decision(
                    base.states[i], seat, worst.choice, i, budget_s=None,
                    depth_rounds=1).mark == "blunder":
                found = i, worst.choice
                break
        if found is not None:
            break
    assert found is not None, "no decision in rounds 1-11 with a choice losing 2.5+"
    index, bad = found
    game = replayed_with(base, index, bad)
    review = review_game(game, seat, budget_s=None, depth_rounds=1)
    marked = {d.index: d for d in review.decisions}
    assert marked[index].mark == "blunder"
    assert marked[index].played == str(bad)
    assert marked[index].loss >= MARKS[0][1]


def test_the_review_uses_only_what_the_seat_could_see(greedy_game):
    seat = 1
    i = decision_points(greedy_game, seat)[4]
    state, played = greedy_game.states[i], greedy_game.actions[i]
    other = determinize(state, seat, random.Random(99))
    assert other != state  # another seat's hand or the River order differs
    a = review_decision(state, seat, played, i, budget_s=None, depth_rounds=1)
    b = review_decision(other, seat, played, i, budget_s=None, depth_rounds=1)
    assert a == b
    assert outlook(state, seat, played, 64, 3) == outlook(other, seat, played, 64, 3)


def test_the_other_decisions_use_only_what_the_seat_could_see(greedy_game):
    seat = 1
    points = action_points(greedy_game, seat)[5:8]
    real = [(i, greedy_game.states[i], greedy_game.actions[i]) for i in points]
    rng = random.Random(7)
    seen = [(i, determinize(s, seat, rng), a) for i, s, a in real]
    assert any(s != t for (_, s, _), (_, t, _) in zip(real, seen, strict=True))
    assert value_round(real, seat, 12, 2) == value_round(seen, seat, 12, 2)


def test_a_whole_review_has_curves_for_every_seat_and_a_summary(greedy_game):
    review = review_game(greedy_game, 0, budget_s=None, depth_rounds=1)
    total = len(decision_points(greedy_game, 0)) + len(action_points(greedy_game, 0))
    assert len(review.decisions) == total > 12 and review.complete
    assert set(review.curves) == set(review.wins) == {0, 1}
    assert [r for r, _ in review.curves[0]] == list(range(1, 13))
    assert [r for r, _, _ in review.wins[1]] == list(range(1, 13))
    for d in review.decisions:
        assert d.alternatives[0].action == d.best
        if d.kind == "keep_give":
            assert d.loss == pytest.approx(max(0.0, d.best_value - d.played_value))
        else:  # measured on paired playouts: the mean difference is the difference of means
            assert d.loss == pytest.approx(max(0.0, d.best_value - d.played_value), abs=1e-9)
            assert d.loss_ci95 is not None
    summary = review.summary()
    assert summary["decisions"] == total
    assert sum(summary["marks"].values()) == sum(d.mark is not None for d in review.decisions)
    assert review_from_dict(review.to_dict()).to_dict() == review.to_dict()


def test_the_decisions_come_round_by_round_the_keep_give_first(greedy_game):
    review = review_game(greedy_game, 1, budget_s=0.3, depth_rounds=1)
    rounds = [d.round for d in review.decisions]
    assert rounds == sorted(rounds)
    kinds = {d.kind for d in review.decisions}
    assert {"keep_give", "activate", "gains"} <= kinds
    for r in range(1, 13):
        first = next(d for d in review.decisions if d.round == r)
        assert first.kind == "keep_give"


def costly_action_choice(seat: int) -> tuple[Game, int, object] | None:
    """A greedy game, an Action decision of ``seat`` in rounds 1-10 and an option of it that
    loses 3.5+ Healthy Humans against the best (the first such, over a few seeded games)."""
    for seed in range(5, 11):
        base = recorded_game(["greedy"], seed=seed, players=2)
        for i in action_points(base, seat):
            if base.states[i].round >= 11:
                break
            valued = value_round([(i, base.states[i], base.actions[i])], seat, 24, 0)[0]
            worst = valued.options[-1]
            if valued.options[0].value - worst.value >= MARKS[0][1] + 1.5:
                return base, i, worst.action
    return None


def test_a_deliberately_bad_action_phase_choice_is_marked_a_blunder_where_it_was_played():
    seat = 0
    found = costly_action_choice(seat)
    assert found is not None, "no Action decision in rounds 1-10 with an option losing 3.5+"
    base, index, bad = found
    game = replayed_with(base, index, bad)
    review = review_game(game, seat, budget_s=0.3, depth_rounds=1)
    marked = {d.index: d for d in review.decisions}
    assert marked[index].played == bad
    assert marked[index].mark == "blunder"


def test_who_wins_follows_the_rules_order():
    healthy = np.array([[5, 7, 7], [6, 6, 2], [4, 4, 4]])
    contaminated = np.array([[9, 1, 0], [1, 1, 0], [0, 0, 0]])
    won = winners(healthy, contaminated, "competitive")
    assert won.tolist() == [[False, True, False],  # most Healthy, then most Humans
                            [True, True, False],  # still tied: the victory is shared
                            [True, True, True]]
    # teams: seats 0 and 1 against seats 2 and 3 (neighbours are teammates)
    team = winners(np.array([[3, 2, 2, 3], [3, 2, 2, 3]]),
                   np.array([[1, 0, 2, 0], [0, 1, 1, 0]]), "team")
    assert team[0].tolist() == [False, False, True, True]  # tie on Healthy: most Contaminated
    assert team[1].tolist() == [True, True, True, True]  # tied on both: shared
    coop = winners(np.ones((2, 3), dtype=int), np.zeros((2, 3), dtype=int), "coop",
                   np.array([True, False]))
    assert coop.tolist() == [[False] * 3, [True] * 3]


def test_each_seats_chance_to_win_is_a_share_and_someone_wins(greedy_game):
    i = decision_points(greedy_game, 0)[6]
    point = outlook(greedy_game.states[i], 0, greedy_game.actions[i], 128, 0)
    assert all(0.0 <= p <= 1.0 and 0.0 < ci < 0.5 for p, ci in point.wins.values())
    assert sum(p for p, _ in point.wins.values()) >= 1.0 - 1e-9


def test_a_cancelled_review_keeps_what_was_done(greedy_game):
    calls = []
    review = review_game(greedy_game, 0, budget_s=None, depth_rounds=1,
                         cancel=lambda: len(calls) >= 3,
                         on_decision=lambda d, k, n: calls.append(k))
    assert len(review.decisions) == 3 and not review.complete


def test_many_games_reviewed_on_a_pool_equal_the_one_by_one_reviews(greedy_game):
    other = recorded_game(["greedy"], seed=6, players=2)
    pooled = review_many([greedy_game.to_json(), other.to_json()], 1, budget_s=None, workers=2,
                         depth_rounds=1)
    single = [review_game(g, 1, budget_s=None, depth_rounds=1).to_dict()
              for g in (greedy_game, other)]
    assert pooled == single


@pytest.mark.parametrize("budget", [0, -1, float("nan"), float("inf"), 1e9])
def test_an_absurd_budget_is_refused(greedy_game, budget):
    with raises_code(AnalysisError, AnalysisCode.REVIEW_BUDGET):
        review_game(greedy_game, 0, budget_s=budget)


@pytest.mark.parametrize("seat", [-1, 2, True, "0"])
def test_a_seat_outside_the_game_is_refused(greedy_game, seat):
    with raises_code(AnalysisError, AnalysisCode.REVIEW_SEAT):
        review_game(greedy_game, seat)


@pytest.mark.parametrize("name", ["precog.analysis.game_review.review",
                                  "precog.analysis.game_review.review_actions",
                                  "precog.analysis.game_review.review_odds",
                                  "precog.session.review"])
def test_the_review_modules_examples_run(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0


def _my_box():
    from pathlib import Path

    from precog.engine.box import load_box_text

    return load_box_text(Path("docs/examples/my_box.toml").read_text(encoding="utf-8"),
                         "my_box.toml")


def _box_game(seed: int) -> Game:
    return recorded_game(["greedy"], seed=seed, players=2, components=_my_box())


def test_many_games_on_a_box_are_reviewed_on_that_box():
    games = [_box_game(3), _box_game(5)]
    assert games[0].start.components.unknown  # a partly entered box: worlds of it
    pooled = review_many([g.to_json() for g in games], 0, budget_s=None, workers=1,
                         depth_rounds=1, components=_my_box())
    single = [review_game(g, 0, budget_s=None, depth_rounds=1).to_dict() for g in games]
    assert pooled == single


def test_many_games_on_a_box_without_their_box_are_refused_naming_the_set():
    from precog.engine import PositionError

    with raises_code(PositionError, ErrorCode.POSITION_COMPONENTS):
        review_many([_box_game(3).to_json()], 0, budget_s=None, workers=1, depth_rounds=1)


def test_the_loss_of_a_choice_left_behind_is_paired_on_the_worlds_both_were_played_in():
    best = RankingRow(choice=Choose(keep="A", give="B"), value=5.0,
                      draws=(6.0, 4.0, 7.0, 3.0, 5.0, 5.0), samples=6)
    behind = RankingRow(choice=Choose(keep="C", give="B"), value=3.0,
                        draws=(5.0, 2.0, 6.0, -2.0), samples=4)
    loss, ci = paired_loss(best, behind)
    diffs = [1.0, 2.0, 1.0, 5.0]  # the first four worlds only
    assert loss == pytest.approx(2.0)
    spread = float(np.std(diffs, ddof=1))
    assert ci == pytest.approx(1.96 * spread / 2.0)


def losses_against_a_random_choice(game: Game, seat: int) -> dict[str, Any]:
    """By kind (Keep/Give, the other decisions): the mean loss the review gives what was
    played, and the mean loss of a uniformly random legal option on the same positions (the
    mean over every option of the best's value minus its own); and the marks of the Keep/Give."""
    played, random_choice, marks = [], [], []
    rankings: dict[int, Ranking] = {}
    for i in decision_points(game, seat):
        decision = review_decision(game.states[i], seat, game.actions[i], i, budget_s=None,
                                   on_ranking=rankings.__setitem__)
        played.append(decision.loss)
        marks.append(decision.mark)
        random_choice.append(float(np.mean([row.loss for row in rankings[i].rows])))
    result = {"keep_give": (float(np.mean(played)), float(np.mean(random_choice))),
              "keep_give_marks": marks}
    played, random_choice = [], []
    for group in by_round(game, action_points(game, seat)).values():
        for valued in value_round(round_decisions(game, group), seat, 24, 0):
            best = valued.options[0].value
            played.append(valued.loss)
            random_choice.append(float(np.mean([best - option.value for option in valued.options])))
    result["action"] = (float(np.mean(played)), float(np.mean(random_choice)))
    return result


@pytest.mark.parametrize("seed", [5, 6])
def test_the_strong_bots_decisions_cost_less_than_random_choices_on_the_same_positions(seed):
    # position for position, so a game's luck (a lost Boat leaves nothing to lose) cancels:
    # a review in the wrong seat's terms, or one whose values are noise, rates the strong
    # bot's choices like random ones. The calibration's bot (rollout1s) without its clock: 256
    # playouts per Keep/Give, the same game on any machine; how many marks its Action
    # decisions get depends on the game (benchmarks/review_marks.py measures the rates)
    bots = [RolloutBot(s, rollouts=256) for s in (11, 12)]
    game = Game(new_game(players=2, seed=seed))
    game.advance(as_policy(bots))
    losses = losses_against_a_random_choice(game, 0)
    played, random_choice = losses["keep_give"]
    assert random_choice > 0.25  # the positions are not flat: a Keep/Give matters
    assert played <= 0.25 * random_choice
    assert not any(losses["keep_give_marks"])
    played, random_choice = losses["action"]
    assert played < random_choice
