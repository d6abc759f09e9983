"""scripts/differential.py on several workers: batches drawn from the seed alone, counted in
their order, one merged report."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "differential.py"
SCRIPT_RUN = runpy.run_path(str(SCRIPT))
KEYS = {"seed", "games", "batches", "stages", "differences", "examples", "elapsed_s",
        "games_per_s", "modes", "settings", "workers"}


def compared(report: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in report.items() if k not in ("elapsed_s", "games_per_s", "workers")}


def planted_job(batch: Any) -> dict[str, Any]:
    """A stand-in comparison: every batch's games compared in one stage each; batch 2 differs."""
    differs = batch.index == 2
    return {"games": batch.games, "stages": batch.games, "differences": int(differs),
            "label": f"{batch.setting.players}p {batch.setting.mode}",
            "examples": [{"batch": batch.index, "seed": batch.seed}] if differs else []}


def test_the_batches_depend_on_the_seed_alone():
    batches = SCRIPT_RUN["batches"]
    first = [(b.index, b.setting, b.seed, b.games) for _, b in zip(range(5), batches(4, 3))]
    again = [(b.index, b.setting, b.seed, b.games) for _, b in zip(range(5), batches(4, 3))]
    assert first == again and [b[0] for b in first] == [0, 1, 2, 3, 4]
    assert len({b[2] for b in first}) == 5


def test_the_merged_report_of_two_workers_counts_every_game_once(tmp_path):
    run = SCRIPT_RUN["run"]
    two = run(4, games=12, size=3, workers=2, json_path=tmp_path / "two.json")
    one = run(4, games=12, size=3, workers=1)
    assert set(two) == KEYS and two["workers"] == 2 and one["workers"] == 1
    assert compared(two) == compared(one)
    assert 12 <= two["games"] < 12 + 3 and two["differences"] == 0
    assert two["stages"] > two["games"]


def test_the_same_seed_and_workers_give_the_same_games(tmp_path):
    run = SCRIPT_RUN["run"]
    first = run(9, games=40, size=4, workers=2, job=planted_job)
    again = run(9, games=40, size=4, workers=2, job=planted_job)
    other = run(10, games=40, size=4, workers=2, job=planted_job)
    assert compared(first) == compared(again)
    assert first["examples"] != other["examples"]
    assert (first["games"], first["batches"], first["stages"]) == (40, 10, 40)


def test_a_difference_found_in_a_worker_is_reported_with_its_example(tmp_path):
    run = SCRIPT_RUN["run"]
    batches = SCRIPT_RUN["batches"]
    report = run(9, games=40, size=4, workers=2, job=planted_job)
    third = next(b for b in batches(9, 4) if b.index == 2)
    assert report["differences"] == 1
    assert report["examples"] == [{"batch": 2, "seed": third.seed}]
