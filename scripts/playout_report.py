"""How playouts end, by playout policy: the share that leave the analysed seat with 0 Healthy
Humans and the mean final value, from the explorer's mid-game positions.

Positions are the explorer's deals (``precog.session.explore.deal``: a new game played at
random to the Decision of ``--rounds``, seeds ``--seed`` on), analysed for seat 0; from each,
``--rollouts`` worlds the seat cannot tell apart are played to the end with each policy (the
same worlds and uniforms for both). Shares come with 95 % Wilson intervals over all playouts,
means with a 95 % half-width over positions (playouts of one position are not independent).

    nice -n 10 .venv/bin/python scripts/playout_report.py --players 3 4 --rounds 3 6 \\
        --positions 12 --rollouts 64 --seed 1
"""

from __future__ import annotations

import json
import sys
from typing import Any

import numpy as np

from precog.analysis.basics.intervals import mean_ci, wilson
from precog.analysis.playouts.rollouts import (
    DEFAULT_POLICY,
    RandomPolicy,
    final_states,
    sample_starts,
)
from precog.commands.errors import UsageCode
from precog.commands.progress import steps
from precog.commands.tool_parser import (
    ToolParser,
    at_most,
    positive_int,
    seed_number,
    whole_number,
)
from precog.engine import PrecogError
from precog.engine.problems import Problem
from precog.session.explore import deal

POLICIES = {"sensible": DEFAULT_POLICY, "random": RandomPolicy()}


def report(players: int, round_: int, positions: int, rollouts: int,
           seed: int) -> dict[str, Any]:
    """Per policy: share of playouts ending at 0 Healthy Humans for seat 0, mean final."""
    out: dict[str, Any] = {"players": players, "round": round_}
    zeros = {name: 0 for name in POLICIES}
    means: dict[str, list[float]] = {name: [] for name in POLICIES}
    found, k = 0, seed
    while found < positions:
        try:
            state = deal(round_, k, players=players)
        except PrecogError:
            k += 1
            continue
        starts = sample_starts(state, 0, rollouts, k)
        for name, policy in POLICIES.items():
            finals = final_states(starts, k, policy)
            healthy = (np.array([f.players[0].healthy for f in finals])
                       if isinstance(finals, list) else np.asarray(finals.healthy[:, 0]))
            zeros[name] += int((healthy == 0).sum())
            means[name].append(float(healthy.mean()))
        found += 1
        k += 1
    total = positions * rollouts
    for name in POLICIES:
        low, high = wilson(zeros[name] / total, total)
        mean, half = mean_ci(means[name])
        out[name] = {"zero_share": round(zeros[name] / total, 4),
                     "zero_share_ci95": [round(low, 4), round(high, 4)],
                     "mean_final_healthy": round(mean, 3), "mean_ci95": round(half, 3)}
    out.update(positions=positions, rollouts=rollouts, seed=seed)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = ToolParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=whole_number, nargs="+", default=[3, 4],
                        choices=[2, 3, 4])
    parser.add_argument("--rounds", type=at_most(int, 12), nargs="+", default=[3, 6])
    parser.add_argument("--positions", type=at_most(int, 1000), default=12)
    parser.add_argument("--rollouts", type=positive_int, default=64)
    parser.add_argument("--seed", type=seed_number, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if not 2 <= args.rollouts <= 100_000:
        parser.refuse(Problem.of(UsageCode.COUNT, low=2, high=100_000, got=args.rollouts),
                      "--rollouts")
    tables = [(p, r) for p in args.players for r in args.rounds]
    rows = [report(p, r, args.positions, args.rollouts, args.seed)
            for p, r in steps(tables, "runs")]  # a bar on a terminal only
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    for row in rows:
        for name in POLICIES:
            x = row[name]
            print(f"{row['players']}p round {row['round']:2d} {name:9s} 0 Healthy in "
                  f"{100 * x['zero_share']:5.1f}% [{100 * x['zero_share_ci95'][0]:.1f}, "
                  f"{100 * x['zero_share_ci95'][1]:.1f}] of playouts, mean final "
                  f"{x['mean_final_healthy']:.2f} ± {x['mean_ci95']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
