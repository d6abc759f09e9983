"""benchmarks/analysis.py's measurements run and report their figures (tiny sizes, untimed)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "analysis.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("precog_benchmark_analysis", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_benchmark_reports_tree_ranking_and_batch_figures():
    bench = load()
    assert all(t > 0 for t in bench.tree_times(2, [1], 1))
    ranking = bench.ranking_at(2, [1], 0.2)[0]
    assert ranking["samples"] >= 2 and ranking["ci_max"] >= ranking["ci_median"] >= 0
    assert ranking["wall_s"] >= ranking["elapsed_s"] > 0  # the answer's time, call to return
    assert 0 <= ranking["rollouts_from_s"] < ranking["elapsed_s"]  # the rollouts come first
    speed = bench.batch_vs_scalar(players=2, games=16, rounds=1, seed=1)
    for key in ("batched_games_per_s", "scalar_games_per_s", "batched_vs_scalar_games_ratio"):
        assert speed[key] > 0
