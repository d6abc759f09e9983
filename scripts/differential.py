"""Long differential runs: the numpy batch against the engine, stage by stage.

    nice -n 10 .venv/bin/python scripts/differential.py --games 100000 --seed 1 --json diff.json

Plays ``--games`` random games (:func:`precog.analysis.playouts.differential.random_setting`:
every mode, player count, setup, difficulty, rule option and both mirrored policies, from
round 1 or a later round) through the batch and through the engine, in batches of
``--batch`` games of one setting, and compares them at every stage
(:mod:`precog.analysis.playouts.differential`). Batch ``i`` is the ``i``-th setting and seed
drawn from ``random.Random(SEED)``; the run counts the batches in that order until their
games reach ``--games`` (a batch's games that end before its start round are not played, and
the last batch may go past ``--games``): the same games on any number of ``--workers``
(default: every usable CPU). Writes one JSON report (games, stages compared, differences with
the first examples, games per second, the settings met, the workers) every ten batches and at
the end, also when ``--minutes`` is up or Ctrl-C stops the run (the batches counted so far;
the workers are stopped). Exits 1 if any stage differs. The fixed-seed share in ``make test``
is tests/analysis/test_batch_matches_engine_at_every_stage.py.
"""

from __future__ import annotations

import contextlib
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from precog.analysis.parallel.cores import usable_cpus  # noqa: E402
from precog.analysis.parallel.jobs import stream_jobs  # noqa: E402
from precog.analysis.playouts.differential import Setting, compare, random_setting  # noqa: E402
from precog.commands.tool_parser import (  # noqa: E402
    ToolParser,
    number_above_zero,
    positive_int,
    seed_number,
)

EXAMPLES = 20  # differences kept in the report


@dataclass(frozen=True)
class Batch:
    """One batch of a run: ``games`` games of ``setting`` from ``seed`` (the ``index``-th)."""

    index: int
    setting: Setting
    seed: int
    games: int


def batches(seed: int, size: int, until: float | None = None) -> Iterator[Batch]:
    """The run's batches in order, ``size`` games each: each a setting and a seed drawn from
    ``random.Random(seed)`` (the same on any number of workers), until ``until`` has passed."""
    rng = random.Random(seed)
    index = 0
    while until is None or time.time() < until:
        setting = random_setting(rng)
        yield Batch(index, setting, rng.randrange(1 << 30), size)
        index += 1


def compare_batch(batch: Batch) -> dict[str, Any]:
    """One batch compared here (a worker, or the single process): its totals, the label of
    its setting and its first differences."""
    result = compare(batch.setting, batch.seed, batch.games)
    return {"games": result.games, "stages": result.stages,
            "differences": len(result.differences), "label": batch.setting.label(),
            "examples": [d.as_dict() for d in result.differences[:EXAMPLES]]}


def main(argv: list[str] | None = None) -> int:
    parser = ToolParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=positive_int, default=1000, help="games to compare")
    parser.add_argument("--batch", type=positive_int, default=16,
                        help="games of one setting at once")
    parser.add_argument("--seed", type=seed_number, default=1)
    parser.add_argument("--minutes", type=number_above_zero, default=None,
                        help="stop after this long")
    parser.add_argument("--workers", type=positive_int, default=None,
                        help="processes (default: every usable CPU)")
    parser.add_argument("--json", type=Path, default=None, help="write the report here")
    args = parser.parse_args(argv)
    data = run(args.seed, args.games, args.batch, args.minutes, args.workers, args.json)
    return 1 if data["differences"] else 0


def run(seed: int, games: int, size: int = 16, minutes: float | None = None,
        workers: int | None = None, json_path: Path | None = None,
        job: Callable[[Batch], dict[str, Any]] = compare_batch) -> dict[str, Any]:
    """Compare the run's batches on ``workers`` processes; the merged report (also written
    to ``json_path``). ``job``: what compares a batch (a test's stand-in)."""
    workers = max(1, min(workers or usable_cpus(), usable_cpus()))
    start = time.monotonic()
    until = None if minutes is None else time.time() + 60 * minutes
    totals = Counter[str]()
    examples: dict[int, list[dict[str, object]]] = {}
    settings: Counter[str] = Counter()

    def count(index: int, result: dict[str, Any]) -> None:
        totals.update(games=result["games"], stages=result["stages"],
                      differences=result["differences"], batches=1)
        settings[result["label"]] += result["games"]
        if result["examples"]:
            examples[index] = result["examples"]

    def report() -> dict[str, Any]:
        elapsed = time.monotonic() - start
        kept = [e for index in sorted(examples) for e in examples[index]][:EXAMPLES]
        data = {"seed": seed, "games": totals["games"], "batches": totals["batches"],
                "stages": totals["stages"], "differences": totals["differences"],
                "examples": kept, "elapsed_s": round(elapsed, 1),
                "games_per_s": round(totals["games"] / max(elapsed, 1e-9), 2),
                "modes": dict(Counter(k.split(" ")[1] for k in settings.elements())),
                "settings": len(settings), "workers": workers}
        if json_path is not None:
            json_path.write_text(json.dumps(data, indent=1))
        print(f"{totals['games']} games, {totals['stages']} stages, "
              f"{totals['differences']} differences, {elapsed:.0f} s",
              file=sys.stderr, flush=True)
        return data

    finished: dict[int, dict[str, Any]] = {}  # compared, not yet counted (a gap before)
    plan = batches(seed, size, until)
    try:
        with contextlib.closing(stream_jobs(job, plan, workers)) as results:
            for batch, result in results:
                finished[batch.index] = result
                while totals["batches"] in finished and totals["games"] < games:
                    count(totals["batches"], finished.pop(totals["batches"]))
                    if totals["batches"] % 10 == 0:
                        report()
                if totals["games"] >= games:
                    break
    except KeyboardInterrupt:
        print("stopped: the batches finished are reported", file=sys.stderr)
    return report()


if __name__ == "__main__":
    sys.exit(main())
