"""How much the shared worlds help: the best two choices' rollouts, paired.

A ranking plays every choice in the same sampled worlds with the same rows of uniforms, so
the difference between two choices is measured with less noise than either value (the
paired loss interval of the explorer's table, the ranking's racing). How much less depends
on how long the two games stay alike. On positions of the decision-quality suite
(benchmarks/data/decision_quality.json: its positions only, not its reference answers), for
the best two choices of ``rank_options(state, seat, rollouts=N, race=False, seed=5)``:

- ``corr``: the correlation of their rollout values, world by world;
- ``var_ratio``: the variance of their difference over the sum of their variances (1: no
  help from the pairing, as if the worlds were independent; 0: the difference is exact);
- ``se_diff``: the standard error of the mean difference (Healthy Humans).

Per mode: the positions' medians of the correlation and of ``var_ratio`` (a ratio of 0.5
means the pairing is worth twice the rollouts when telling the two apart).
Positions whose two best choices end every game alike are left out.

    .venv/bin/python benchmarks/paired_rollouts.py --json
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))  # decision_quality, beside this file

from decision_quality import DATA, BenchmarkInputError, _load, decision_of, positions

from precog import __version__
from precog.analysis.basics.intervals import standard_error
from precog.analysis.choices.ranking import rank_options
from precog.commands import progress
from precog.commands.tool_parser import ToolParser, at_most

MODES = ("competitive", "team", "coop")


def rows_of(entries: list[dict[str, Any]], rollouts: int, per_mode: int) -> list[dict[str, Any]]:
    """The first ``per_mode`` positions of each mode whose best two choices have a spread."""
    out = []
    for mode in MODES:
        mine: list[dict[str, Any]] = []
        candidates = [e for e in entries if e["mode"] == mode]
        for entry in progress.steps(candidates, "positions"):  # a bar on a terminal only
            if len(mine) == per_mode:
                break
            if (row := pair(entry, rollouts)) is not None:
                mine.append(row)
        out += mine
    return out


def pair(entry: dict[str, Any], rollouts: int) -> dict[str, Any] | None:
    """The paired figures of the ranking's own best two choices (the reference's answers
    hold only for the component set they were built for; the positions hold for any)."""
    d = decision_of(entry)
    ranking = rank_options(d.state(), d.seat, rollouts=rollouts, seed=5, race=False,
                           with_give_values=False)
    if len(ranking.rows) < 2:
        return None
    first, second = sorted(ranking.rows, key=lambda r: -r.value)[:2]
    a, b = (np.asarray(r.draws, dtype=float) for r in (first, second))
    spread = float(a.var(ddof=1) + b.var(ddof=1))
    if spread == 0.0 or a.std() == 0.0 or b.std() == 0.0:
        return None
    diff = a - b
    return {"id": d.id, "mode": d.mode, "players": d.players, "round": d.round,
            "corr": round(float(np.corrcoef(a, b)[0, 1]), 4),
            "var_ratio": round(float(diff.var(ddof=1)) / spread, 4),
            "se_diff": round(standard_error(diff), 4)}


def measure(rollouts: int, per_mode: int, path: Path = DATA) -> dict[str, Any]:
    load_before = _load()
    rows = rows_of(positions(path), rollouts, per_mode)
    by_mode = {}
    for mode in MODES:
        mine = [r for r in rows if r["mode"] == mode]
        if mine:
            by_mode[mode] = {
                "positions": len(mine),
                "corr_median": round(statistics.median(r["corr"] for r in mine), 3),
                "var_ratio_median": round(statistics.median(r["var_ratio"] for r in mine), 3)}
    return {"rollouts": rollouts, "by_mode": by_mode, "positions": rows,
            "machine": {"load_before": load_before, "load_after": _load()},
            "precog_version": __version__}


def main(argv: list[str] | None = None) -> int:
    parser = ToolParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--rollouts", type=at_most(int, 100_000), default=512,
                        help="rollouts per choice (default 512)")
    parser.add_argument("--per-mode", type=at_most(int, 100), default=8,
                        help="positions of each mode (default 8)")
    parser.add_argument("--data", type=Path, default=DATA, help="the suite")
    args = parser.parse_args(argv)
    try:
        result = measure(args.rollouts, args.per_mode, args.data)
    except BenchmarkInputError as err:
        parser.refuse(err)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    for mode, row in result["by_mode"].items():
        print(f"{mode:<12} {row['positions']:>3} positions  correlation {row['corr_median']:.2f}"
              f"  variance of the difference / sum of variances {row['var_ratio_median']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
