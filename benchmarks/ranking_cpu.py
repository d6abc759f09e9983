"""What a ranking by rollouts costs: CPU for a fixed number of rollouts, and rollouts per second.

Two measures on positions of the decision-quality suite (benchmarks/data/decision_quality.json):

- ``cpu_s``: CPU seconds of ``rank_options(state, seat, rollouts=N, race=False)`` on the
  positions named by ``--ids``, each run ``--repeat`` times (the smallest counts: other load
  only ever adds). A fixed number of rollouts plays the same games whatever the code's speed,
  so two versions of the code can be compared on equal work (``values`` shows the games are the
  same).
- ``per_second``: rollouts per choice that a 1-second analysis without racing reaches
  (``rank_options(..., budget_s=1.0, race=False)``), per mode, over the suite's positions of
  that mode (``--modes``; the median and the mean).

Both on one core (``PRECOG_CORES=1``, set here): the CPU seconds are this process's own, and a
helper process's (:mod:`precog.analysis.parallel.cores`) would not be counted.

    .venv/bin/python benchmarks/ranking_cpu.py --json
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # decision_quality, beside this file
os.environ["PRECOG_CORES"] = "1"  # one process: its CPU is all the work (see the doc above)

from decision_quality import (
    DATA,
    RANKING_CAP,
    BenchmarkInputError,
    _load,
    decision_of,
    positions,
)

from precog import __version__
from precog.analysis.choices.ranking import rank_options
from precog.commands import progress
from precog.commands.errors import UsageCode
from precog.commands.tool_parser import ToolParser, at_most, listed
from precog.engine.problems import Problem

DEFAULT_IDS = ("q013", "q110", "q016")  # co-op 4p round 2, co-op 3p round 3, competitive 4p
MODES = ("competitive", "team", "coop")


def cpu_seconds(entries: dict[str, dict[str, Any]], ids: list[str], rollouts: int,
                repeat: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for ident in progress.steps(ids, "positions"):  # a bar on a terminal only
        d = decision_of(entries[ident])
        state, runs, values = d.state(), [], []
        for _ in range(repeat):
            start = time.process_time()
            ranking = rank_options(state, d.seat, rollouts=rollouts, seed=1,
                                   with_give_values=False, race=False)
            runs.append(round(time.process_time() - start, 3))
            values = [round(r.value, 4) for r in ranking.rows]
        out[ident] = {"mode": d.mode, "players": d.players, "round": d.round,
                      "min_s": min(runs), "runs_s": runs, "values": values}
    return out


def per_second(entries: dict[str, dict[str, Any]], modes: list[str],
               limit: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for mode in modes:
        chosen = [e for e in entries.values() if e["mode"] == mode][:limit]
        counts = []
        for e in progress.steps(chosen, "positions"):
            d = decision_of(e)
            ranking = rank_options(d.state(), d.seat, rollouts=RANKING_CAP, budget_s=1.0,
                                   seed=int(d.id[1:]), with_give_values=False, race=False)
            counts.append(ranking.meta["samples"])
        if counts:
            out[mode] = {"positions": len(counts), "median": statistics.median(counts),
                         "mean": round(statistics.fmean(counts), 1)}
    return out


def measure(ids: list[str], rollouts: int, repeat: int, modes: list[str],
            limit: int | None, path: Path = DATA) -> dict[str, Any]:
    entries = {e["id"]: e for e in positions(path)}
    unknown = [i for i in ids if i not in entries]
    if unknown:
        raise BenchmarkInputError(Problem.of(UsageCode.UNKNOWN_IDS, got=",".join(unknown),
                                             known=tuple(sorted(entries)[:3])))
    started = datetime.now(UTC).isoformat(timespec="seconds")
    load_before = _load()
    result = {"rollouts": rollouts, "repeat": repeat,
              "cpu_s": cpu_seconds(entries, ids, rollouts, repeat),
              "per_second": per_second(entries, modes, limit)}
    result.update(machine={"nproc": os.cpu_count(), "load_before": load_before,
                           "load_after": _load()},
                  python=sys.version.split()[0], precog_version=__version__,
                  started_at=started,
                  finished_at=datetime.now(UTC).isoformat(timespec="seconds"))
    return result


def main(argv: list[str] | None = None) -> int:
    parser = ToolParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--ids", type=listed(None), default=list(DEFAULT_IDS),
                        help=f"suite positions for cpu_s (default {','.join(DEFAULT_IDS)})")
    parser.add_argument("--rollouts", type=at_most(int, 100_000), default=1024,
                        help="rollouts per choice for cpu_s (default 1024)")
    parser.add_argument("--repeat", type=at_most(int, 20), default=3,
                        help="runs per position for cpu_s (default 3)")
    parser.add_argument("--modes", type=listed(MODES), default=list(MODES),
                        help="modes for per_second (default all)")
    parser.add_argument("--limit", type=at_most(int, 1000), default=None,
                        help="per_second on the first N positions of each mode only")
    parser.add_argument("--data", type=Path, default=DATA, help="the suite")
    args = parser.parse_args(argv)
    try:
        result = measure(args.ids, args.rollouts, args.repeat, args.modes, args.limit,
                         args.data)
    except BenchmarkInputError as err:
        parser.refuse(err)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    for ident, row in result["cpu_s"].items():
        print(f"{ident} ({row['players']}p {row['mode']}, round {row['round']}): "
              f"{row['min_s']:.2f} s CPU for {args.rollouts} rollouts per choice")
    for mode, row in result["per_second"].items():
        print(f"{mode}: {row['median']} rollouts per choice in 1 s (median of "
              f"{row['positions']} positions)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
