"""docs/performance-log.md's first part is generated from the stored benchmark runs
(scripts/performance_log.py); the hand-written history stays below it."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


log = _load(ROOT / "scripts" / "performance_log.py", "performance_log")
runs = _load(ROOT / "benchmarks" / "runs.py", "benchmark_runs")


def test_the_generated_part_of_the_log_is_current() -> None:
    assert log.main(["--check"]) == 0


def test_the_hand_written_history_stays_below_the_generated_part() -> None:
    page = log.PAGE.read_text(encoding="utf-8")
    assert page.index(log.END) < page.index("## History written by hand")
    assert "## Speed" in page.partition(log.END)[2]


def test_a_saved_run_becomes_the_first_row_of_its_benchmark_table(tmp_path: Path) -> None:
    older = runs.save_run("engine", {"precog_steps_per_s": 50_000.0, "precog_games_per_s": 250.0,
                                     "players": 4}, ["--json", "--save"], folder=tmp_path)
    data = json.loads(older.read_text())
    data["when"] = "2026-01-01T00:00:00+00:00"
    older.write_text(json.dumps(data))
    runs.save_run("engine", {"precog_steps_per_s": 61_234.0, "precog_games_per_s": 290.5,
                             "players": 4}, ["--json", "--save"], folder=tmp_path)
    section = log.generated_section(log.load_runs(tmp_path))
    rows = [line for line in section.splitlines() if line.startswith("| 20")]
    assert len(rows) == 2
    assert "61,234" in rows[0] and "290.5" in rows[0] and "50,000" in rows[1]
    assert "`.venv/bin/python benchmarks/engine.py --json --save`" in rows[0]


def test_the_page_keeps_its_text_when_the_part_is_replaced() -> None:
    page = "# Log\n\nIntro.\n\n## History\n\nOld entry.\n"
    first = log.with_section(page, log.generated_section([]))
    assert first.startswith("# Log\n\nIntro.\n\n" + log.BEGIN)
    assert first.endswith("## History\n\nOld entry.\n")
    assert log.with_section(first, log.generated_section([])) == first


def test_a_file_that_is_not_a_run_is_named(tmp_path: Path) -> None:
    (tmp_path / "broken.json").write_text('{"figures": {}}')
    with pytest.raises(SystemExit, match=r"broken\.json"):
        log.load_runs(tmp_path)


def test_a_decision_quality_run_shows_its_figures_with_their_intervals(tmp_path: Path) -> None:
    # decision_quality.py writes {rate|mean, low, high}; independent_reference.py writes
    # {value, ci95: [low, high]}: both become "value [low, high]" in their tables
    runs.save_run("decision_quality", {
        "positions": 120, "budget_s": 1.0, "samples_per_choice_median": 410,
        "convergence_top_choice_agreement": {"rate": 0.8917, "low": 0.8225, "high": 0.9363},
        "convergence_mean_loss_hh": {"mean": 0.0412, "low": 0.0216, "high": 0.0609}},
        ["--json", "--save"], folder=tmp_path)
    runs.save_run("independent_reference", {
        "positions": 150, "decided": 61,
        "independent_agreement": {"value": 0.6721, "ci95": [0.5474, 0.7766], "n": 61},
        "independent_mean_loss_hh": {"value": 0.3, "ci95": None, "n": 0}},
        ["--score", "--save"], folder=tmp_path)
    section = log.generated_section(log.load_runs(tmp_path))
    quality, independent = (line for line in section.splitlines() if line.startswith("| 20"))
    assert "| 0.892 [0.823, 0.936] | 0.041 [0.022, 0.061] | 410 |" in quality
    assert "| 150 | 61 | 0.672 [0.547, 0.777] | — |" in independent
