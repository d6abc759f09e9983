"""Tournaments: seeded, the same figures on one worker as on several."""

from __future__ import annotations

from dataclasses import replace

from precog.analysis.arena.tournament import lineup, run_tournament


def _plain(result):
    return [replace(r, seconds=0.0) for r in result.records]


def test_a_parallel_tournament_gives_the_serial_results():
    serial = run_tournament(["greedy", "random"], games=4, seed=3, workers=1)
    parallel = run_tournament(["greedy", "random"], games=4, seed=3, workers=2)
    assert _plain(serial) == _plain(parallel)
    assert serial.standings == parallel.standings


def test_the_line_up_turns_each_game_and_teams_swap_sides():
    assert [lineup(["a", "b"], 2, i, "competitive") for i in range(3)] == [
        ("a", "b"), ("b", "a"), ("a", "b")]
    assert lineup(["a", "a", "b", "b"], 4, 1, "team") == ("b", "b", "a", "a")


def test_standings_give_win_rates_and_healthy_humans_with_intervals():
    result = run_tournament(["greedy", "random"], games=4, seed=1, workers=1)
    names = {s.bot for s in result.standings}
    assert names == {"greedy", "random"}
    for s in result.standings:
        assert 0 <= s.win_rate <= 1 and s.games == 4 and s.healthy_ci95 >= 0
    assert "greedy" in result.table() and result.margins
