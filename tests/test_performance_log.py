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
