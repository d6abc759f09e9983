"""scripts/search_policy.py: a candidate's gain is paired with the shipped player's own games,
and its steps stay within the weights policy.toml accepts."""

from __future__ import annotations

from dataclasses import replace

from precog.analysis.playing.policy import SensiblePolicy
from precog.analysis.playing.policy_data import MAX_WEIGHT, parse_policy_weights
from tests.test_tool_arguments import _main

search = _main("scripts/search_policy.py")


def test_the_shipped_player_gains_exactly_nothing_over_itself():
    tables = [search.make_table(name, 6, seed=3) for name in ("2c", "4t")]
    gains = search.gains(SensiblePolicy(), tables)
    assert gains.shape == (6,) and (gains == 0).all()


def test_another_player_s_gain_is_measured_on_the_same_games():
    tables = [search.make_table("3c", 8, seed=4)]
    greedy = replace(SensiblePolicy(), temperature=0.0, keep=9)
    assert (search.gains(greedy, tables) != 0).any()


def test_every_step_is_a_policy_the_data_file_accepts():
    for name, policy in search.neighbours(SensiblePolicy()):
        weights = parse_policy_weights(search.policy_text(policy))
        assert search.policy_of(weights) == policy, name
        assert 1 <= policy.keep <= MAX_WEIGHT
