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


def test_a_cooperative_table_measures_the_analysis_value_of_the_whole_table():
    from precog.analysis.playouts.batch import run_seats, seat_values

    table = search.make_table("3h", 6, seed=5)
    assert table.groups == [(0, 1, 2)] and table.starts[0].config.difficulty == "hard"
    shipped = run_seats(table.starts, table.rows, [SensiblePolicy()] * 3)
    assert (table.baseline[0] == seat_values(shipped, table.starts[0], 1)).all()
    hoarder = replace(SensiblePolicy(), coop_judgement=replace(
        SensiblePolicy().coop_judgement, food_spare=MAX_WEIGHT, human=0))
    assert (search.gains(hoarder, [table]) != 0).any()
    assert (search.gains(SensiblePolicy(), [table]) == 0).all()


def test_the_cooperative_search_moves_only_the_cooperative_weights():
    shipped = SensiblePolicy()
    steps = search.neighbours(shipped, frozenset({"coop"}))
    assert steps and all(name.startswith("coop_") for name, _ in steps)
    for name, policy in steps:
        assert (policy.keep, policy.judgement, policy.temperature) == (
            shipped.keep, shipped.judgement, shipped.temperature), name
        assert search.policy_of(parse_policy_weights(search.policy_text(policy))) == policy
    mixed = {name for name, _ in search.neighbours(shipped, frozenset({"coop", "team"}))}
    assert "keep+1" in mixed and "coop_keep+1" in mixed
    assert "coop_keep+1" not in {name for name, _ in search.neighbours(shipped)}


def test_games_may_start_at_a_later_round_played_there_by_the_shipped_player():
    tables = search.make_tables(["2o"], 4, seed=6, rounds=(1, 7))
    assert [t.starts[0].round for t in tables] == [1, 7]
    later = tables[1].starts
    assert all(s.round == 7 and s.phase.name == "DECISION" and not s.is_over for s in later)
    from precog.engine import to_position

    again = search.start_of("2o", (6 * 13 + 6) * 100_003, 7)  # the round-7 table's first
    assert to_position(again) == to_position(later[0])
    assert (search.gains(SensiblePolicy(), tables) == 0).all()
