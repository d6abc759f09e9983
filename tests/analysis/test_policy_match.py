"""A sensible player's game against the look-ahead bot (the self-play search's and the
distillation's check): seeded, paired across players, the player's seat turned."""

from __future__ import annotations

from dataclasses import replace

from precog.analysis.arena.policy_match import margin_against_lookahead
from precog.analysis.arena.tournament import game_seed
from precog.analysis.playing.policy import SensiblePolicy


def test_a_policy_game_is_a_pure_function_of_its_seed_and_index():
    first = margin_against_lookahead(SensiblePolicy(), 2, "competitive", 1, seed=5)
    assert first == margin_against_lookahead(SensiblePolicy(), 2, "competitive", 1, seed=5)
    assert first[0] == game_seed(5, 1)


def test_two_players_are_measured_on_the_same_game():
    greedy = replace(SensiblePolicy(), temperature=0.0, keep=9)
    margins = [margin_against_lookahead(p, 2, "competitive", i, seed=6)
               for i in range(3) for p in (SensiblePolicy(), greedy)]
    assert [m[0] for m in margins[0::2]] == [m[0] for m in margins[1::2]]
    assert [m[1] for m in margins[0::2]] != [m[1] for m in margins[1::2]]


def test_a_competitive_margin_is_a_difference_of_healthy_humans():
    for index in range(2):
        _, margin = margin_against_lookahead(SensiblePolicy(), 2, "competitive", index, seed=7)
        assert margin == int(margin) and -40 < margin < 40
