"""The supply figures: what all Boats hold at once, against the box's 50 / 40 / 48."""

from __future__ import annotations

from dataclasses import replace

import pytest

from precog.analysis.arena.tournament import run_tournament
from precog.analysis.basics.supply import BOX, Peaks, Supply, on_boats, supply_figures
from precog.commands.errors import UsageCode, UsageError
from precog.engine import new_game
from tests.codes import raises_code


def test_boats_count_healthy_and_contaminated_humans_doctors_and_protectors_and_placed_batteries():
    state = new_game(players=2, seed=4)
    a, b = state.players
    players = (replace(a, healthy=5, contaminated=2, doctors=1, protectors=3,
                       batteries=(1, 0, 2, 0, 0, 3)),
               replace(b, healthy=0, contaminated=4, doctors=2, protectors=0,
                       batteries=(0,) * 6))
    assert on_boats(replace(state, players=players)) == Supply(humans=11, ymunes=6, batteries=6)


def test_peaks_keep_each_resource_s_own_maximum_over_the_game():
    peaks = Peaks()
    for seen in (Supply(8, 2, 0), Supply(12, 1, 5), Supply(10, 6, 4), Supply(3, 0, 0)):
        peaks.see(seen)
    assert peaks.value == Supply(12, 6, 5)


def test_a_game_is_within_the_supply_only_if_its_peak_never_exceeds_the_box():
    peaks = [Supply(50, 40, 48), Supply(51, 40, 48), Supply(49, 41, 12), Supply(30, 10, 49)]
    humans, ymunes, batteries = supply_figures(peaks)
    assert (humans.within, ymunes.within, batteries.within) == (3, 3, 3)
    assert humans.share == pytest.approx(0.75) and humans.games == 4
    assert (humans.peak_max, ymunes.peak_max, batteries.peak_max) == (51, 41, 49)
    assert humans.peak_mean == pytest.approx(45.0)
    assert humans.low < 0.75 < humans.high
    assert (humans.cap, ymunes.cap, batteries.cap) == tuple(BOX) == (50, 40, 48)


def test_the_share_interval_is_wilson_and_stays_inside_0_and_1():
    all_within = supply_figures([Supply(1, 1, 1)] * 20)[0]
    assert all_within.share == 1.0 and all_within.high == 1.0
    assert all_within.low == pytest.approx(0.8389, abs=1e-3)  # Wilson, 20 of 20
    none_within = supply_figures([Supply(60, 1, 1)] * 20)[0]
    assert none_within.share == 0.0 and none_within.low == 0.0


def test_a_tournament_records_each_game_s_peaks_from_its_first_position_on():
    result = run_tournament(["random", "random"], games=2, seed=5, workers=1)
    start = on_boats(new_game(players=2, seed=5))
    for record in result.records:
        assert all(p >= s for p, s in zip(record.peaks, start, strict=True))
    assert [f.games for f in result.supply()] == [2, 2, 2]
    assert "within 50 at every moment" in result.table()


def _balance_report():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "scripts" / "balance_report.py"
    spec = importlib.util.spec_from_file_location("balance_report", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_balance_report_reads_mode_players_bots_and_a_difficulty_or_setup():
    report = _balance_report()
    assert report.parse_config("coop:3:lookahead:hard") == {
        "mode": "coop", "players": 3, "bots": ["lookahead"], "difficulty": "hard"}
    assert report.parse_config("competitive:4:lookahead,greedy:advanced") == {
        "mode": "competitive", "players": 4, "bots": ["lookahead", "greedy"],
        "setup": "advanced"}
    with raises_code(UsageError, UsageCode.CONFIG):
        report.parse_config("duel:2:lookahead")


def test_the_balance_report_counts_objective_losses_and_prints_the_supply_row():
    report = _balance_report()
    result = run_tournament(["random"], games=2, seed=2, players=2, mode="coop", workers=1)
    rows = report.rows("coop:2:random", result)
    lost = sum("Objectives not met" in r.reason for r in result.records)
    assert rows[-1] == f"| coop:2:random | lost on Objectives | {lost} of 2 | | |"
    assert any("humans ≤ 50" in row and "batteries ≤ 48" in row for row in rows)
