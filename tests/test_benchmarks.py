"""benchmarks/engine.py runs and reports its figures (a smoke test with a tiny budget, untimed)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
from pathlib import Path
from types import ModuleType

import pytest

from precog.commands.errors import UsageCode, UsageError
from tests.codes import codes_in

BENCHMARK = Path(__file__).resolve().parent.parent / "benchmarks" / "engine.py"


def load_benchmark(file: str = "engine.py") -> ModuleType:
    """A benchmark script of benchmarks/ as a module (they are scripts, not a package)."""
    path = BENCHMARK.parent / file
    name = "precog_benchmark_" + path.stem
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_engine_benchmark_json_reports_positive_precog_figures(
        capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_benchmark()
    assert bench.main(["--json", "--seconds", "0.01", "--rounds", "2", "--players", "2"]) == 0
    result = json.loads(capsys.readouterr().out)
    for key in ("precog_steps_per_s", "precog_games_per_s", "precog_steps_per_game"):
        assert result[key] > 0
    assert result["players"] == 2 and result["rounds"] == 2
    assert result["machine"]["nproc"] >= 1
    assert result["python"].startswith("3.")
    assert result["started_at"] <= result["finished_at"]


def test_engine_benchmark_compares_with_openspiel_python_tic_tac_toe() -> None:
    pytest.importorskip("pyspiel")
    result = load_benchmark().measure(seconds=0.01, rounds=1, players=2)
    assert result["openspiel_python_steps_per_s"] > 0
    assert result["openspiel_python_games_per_s"] > 0
    assert result["ratio_vs_openspiel_python"] == pytest.approx(
        result["precog_steps_per_s"] / result["openspiel_python_steps_per_s"])


def test_engine_benchmark_runs_an_earlier_revision_beside_this_checkout() -> None:
    result = load_benchmark().measure(seconds=0.01, rounds=1, players=2, baseline="HEAD")
    row = result["by_players"]["2"]
    assert result["baseline_revision"] and row["baseline_steps_per_s"] > 0
    assert row["steps_ratio_vs_baseline"] == pytest.approx(
        row["steps_per_s"] / row["baseline_steps_per_s"])


def test_engine_benchmark_finds_the_bots_and_the_tree_of_the_release_issue_42_names() -> None:
    """b8619de (the release the faster-engine issue was measured against) kept its bots,
    players and tree in other modules: its helper process still finds each and plays."""
    known = subprocess.run(["git", "cat-file", "-e", "b8619de^{commit}"], cwd=BENCHMARK.parent,
                           capture_output=True, check=False)
    if known.returncode:
        pytest.skip("b8619de is not in this clone's history")
    bench = load_benchmark()
    old = bench.Baseline("b8619de")
    try:
        names = old.call("names")
        played = old.call("bot", seconds=0.05, seed=0)
        coop = old.call("bot", seconds=0.05, seed=0, mode="coop")
    finally:
        old.close()
    assert set(names) == set(bench.ANALYSIS_HOMES)
    assert all(not module.startswith(("precog.analysis.arena", "precog.analysis.search",
                                      "precog.analysis.playing")) for module in names.values())
    assert played["decisions"] > 0 and coop["decisions"] > 0
    assert len(played["moves"]) == played["decisions"]


def test_the_engine_benchmark_calls_two_engines_alike_only_where_their_bots_made_the_same_moves(
) -> None:
    bench = load_benchmark()
    mine = bench.bot_decisions(0.2, seed=1, players=3, mode="coop")
    assert mine["decisions"] == len(mine["moves"]) > 0
    assert bench.same_moves(mine["moves"], mine["moves"][:3])  # as far as both went
    changed = [*mine["moves"][:-1], "another move"]
    assert not bench.same_moves(mine["moves"], changed)
    assert not bench.same_moves([], mine["moves"])
    again = bench.bot_decisions(1e6, seed=1, players=3, mode="coop",
                                decisions=mine["decisions"])  # the same work, not the clock
    assert again["moves"] == mine["moves"]


def test_engine_benchmark_table_names_both_engines() -> None:
    bench = load_benchmark()
    result = bench.measure(seconds=0.01, rounds=1, players=3)
    text = bench.table(result)
    assert "3-player Precognition" in text and "steps/s" in text
    assert ("python_tic_tac_toe" in text) == ("openspiel_python_steps_per_s" in result)


def test_review_benchmark_reports_the_time_of_a_whole_review(
        capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_benchmark("review.py")
    assert bench.main(["--json", "--games", "1", "--players", "2", "--budget", "0.05"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["review_game_s_median"] > 0
    assert result["keep_give_per_game"] == [12]
    assert result["decisions_per_game"][0] > 12  # the other decisions too
    assert len(result["load_average_start"]) == 3


@pytest.mark.parametrize("argv", [["--budget", "0"], ["--budget", "nan"], ["--games", "-1"]])
def test_review_benchmark_refuses_bad_arguments(argv: list[str]) -> None:
    bench = load_benchmark("review.py")
    with pytest.raises(SystemExit) as done:
        bench.main(argv)
    assert done.value.code == 2


def test_review_marks_calibration_reports_mark_rates_with_intervals(
        capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_benchmark("review_marks.py")
    assert bench.main(["--json", "--bot", "greedy", "--games", "1", "--players", "2"]) == 0
    result = json.loads(capsys.readouterr().out)
    every = result["all"]
    assert every["decisions"] == result["keep_give"]["decisions"] + result["other"]["decisions"]
    assert result["keep_give"]["decisions"] == 24  # both seats' 12 Keep/Give
    for name in ("blunder", "mistake", "dubious"):
        lo, hi = every[name]["ci95"]
        assert 0 <= lo <= every[name]["rate"] <= hi <= 1


def test_the_app_pages_benchmark_measures_every_page_of_the_app() -> None:
    bench = load_benchmark("app_pages.py")
    repo = BENCHMARK.parent.parent
    notebooks = {f"{p.parent.name}/{p.name}" for folder in ("notebooks", "tutorials")
                 for p in (repo / folder).glob("*.ipynb")}
    assert {row[1] for row in bench.PAGES} == notebooks
    assert [row[0] for row in bench.chosen("review, play")] == ["play", "review"]
    with pytest.raises(UsageError) as refused:
        bench.chosen("play,nowhere")
    assert codes_in(refused.value) == [UsageCode.LIST_OF]
    assert bench.chosen("") == bench.PAGES


def test_the_app_pages_benchmark_visits_the_pages_its_command_line_names() -> None:
    bench = load_benchmark("app_pages.py")
    assert bench.parse_arguments([]).pages == bench.PAGES
    named = bench.parse_arguments(["--pages", "review,play"]).pages
    assert [row[0] for row in named] == ["play", "review"]


def suite_made_here(path: Path, *modes: str, choices: range = range(3, 1000)) -> Path:
    """A decision-quality suite of one position per mode, made here for the shipped
    component set (the stored suite's positions name the set they were made with:
    ``made_here`` in tests/analysis/test_benchmark_decision_quality.py)."""
    from tests.analysis.test_benchmark_decision_quality import load, made_here, reference_file

    quality = load()
    return reference_file(quality, path, [made_here(quality, mode, 1, choices, first=i)[0]
                                          for i, mode in enumerate(modes)])


def test_ranking_cpu_benchmark_reports_cpu_for_fixed_rollouts_and_rollouts_per_second(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_benchmark("ranking_cpu.py")
    suite = suite_made_here(tmp_path / "quality.json", "coop", choices=range(6, 7))
    assert bench.main(["--json", "--ids", "q000", "--rollouts", "8", "--repeat", "2",
                       "--modes", "coop", "--limit", "1", "--data", str(suite)]) == 0
    result = json.loads(capsys.readouterr().out)
    row = result["cpu_s"]["q000"]
    assert row["mode"] == "coop" and len(row["runs_s"]) == 2
    assert row["min_s"] == min(row["runs_s"]) > 0
    assert len(row["values"]) == 6  # one value per (Keep, Give) choice
    assert result["per_second"]["coop"]["positions"] == 1
    assert result["per_second"]["coop"]["median"] >= 2


def test_ranking_cpu_benchmark_refuses_an_id_not_in_the_suite(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    suite = suite_made_here(tmp_path / "quality.json", "coop")
    with pytest.raises(SystemExit) as stop:
        load_benchmark("ranking_cpu.py").main(["--ids", "q000,x999", "--limit", "1",
                                               "--data", str(suite)])
    assert stop.value.code == 2
    assert "--ids x999: not in the suite" in capsys.readouterr().err


def test_paired_rollouts_benchmark_reports_how_alike_the_best_two_choices_games_stay(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_benchmark("paired_rollouts.py")
    suite = suite_made_here(tmp_path / "quality.json", "competitive", "coop")
    assert bench.main(["--json", "--rollouts", "16", "--per-mode", "1",
                       "--data", str(suite)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result["by_mode"]) <= {"competitive", "coop"} and result["positions"]
    for row in result["positions"]:
        assert -1.0 <= row["corr"] <= 1.0 and row["var_ratio"] >= 0 and row["se_diff"] >= 0
        # the variance of a difference: var a + var b - 2 cov, so the ratio is 1 - corr
        # scaled by the two spreads (exactly 1 - corr when they are equal)
        assert row["var_ratio"] <= 1.0 + abs(row["corr"]) + 1e-9


def test_paired_rollouts_benchmark_refuses_a_count_out_of_range_and_a_missing_suite(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        load_benchmark("paired_rollouts.py").main(["--rollouts", "0"])
    with pytest.raises(SystemExit) as stop:
        load_benchmark("paired_rollouts.py").main(["--data", str(tmp_path / "none.json")])
    assert stop.value.code == 2
    assert "none.json: not found" in capsys.readouterr().err
