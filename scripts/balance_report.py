"""Balance figures of the reference set: seeded games between bots, one row per configuration.

Each configuration is played with ``run_tournament`` (game ``i`` fixed by the seed and ``i``,
spread over its process pool, the same figures on any number of workers) and reported with
95 % intervals: per bot the win rate (Wilson) and the mean final Healthy Humans (± half-width),
for the cooperative mode the team's success rate, and the supply figures: the share of games in
which all Boats together stayed within the box's 50 Humans / 40 Ymunes / 48 Batteries at every
moment (Wilson), the mean and the largest peak.

    nice -n 10 .venv/bin/python scripts/balance_report.py --suite supply --games 40 --seed 1
    nice -n 10 .venv/bin/python scripts/balance_report.py --suite coop --games 90 --seed 2
    nice -n 10 .venv/bin/python scripts/balance_report.py \\
        --config "competitive:4:lookahead,greedy,lookahead,greedy" --games 20 --seed 3

A configuration is ``MODE:PLAYERS:BOTS`` with optional ``:DIFFICULTY`` (co-op) or
``:advanced`` (setup). ``--json FILE`` also writes every result as JSON.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

from precog.analysis.arena.tournament import TournamentResult, run_tournament
from precog.analysis.parallel.jobs import on_dashboard
from precog.commands.errors import UsageCode, UsageError
from precog.commands.progress import announce_dashboard, overall_bar
from precog.commands.tool_parser import ToolParser, positive_int, seed_number
from precog.engine.problems import Problem

SUITES: dict[str, list[str]] = {
    "supply": ["competitive:2:lookahead", "competitive:3:lookahead", "competitive:4:lookahead",
               "team:4:lookahead", "competitive:4:lookahead:advanced"],
    "versus": ["competitive:2:lookahead,random", "competitive:2:lookahead,greedy",
               "competitive:4:lookahead,greedy,lookahead,greedy"],
    "coop": ["coop:2:lookahead", "coop:3:lookahead", "coop:4:lookahead"],
    "coop-hard": ["coop:2:lookahead:hard", "coop:3:lookahead:hard", "coop:4:lookahead:hard"],
    "coop-random": ["coop:2:random", "coop:2:greedy"],
    "coop-policy": ["coop:2:policy", "coop:3:policy", "coop:4:policy"],
}


def parse_config(text: str) -> dict[str, Any]:
    """``MODE:PLAYERS:BOTS[:DIFFICULTY|:advanced]`` as ``run_tournament`` arguments."""
    parts = text.split(":")
    if len(parts) not in (3, 4) or parts[0] not in ("competitive", "team", "coop") \
            or not parts[1].isdigit():
        raise UsageError(Problem.of(UsageCode.CONFIG, extra="[:EXTRA]",
                                    modes=("competitive", "team", "coop"),
                                    example="coop:3:lookahead:hard", got=text))
    config: dict[str, Any] = {"mode": parts[0], "players": int(parts[1]),
                              "bots": [b for b in parts[2].split(",") if b]}
    if len(parts) == 4:
        if parts[3] == "advanced":
            config["setup"] = "advanced"
        else:
            config["difficulty"] = parts[3]
    return config


def rows(label: str, result: TournamentResult) -> list[str]:
    """Markdown rows: one per bot, then the supply and the co-op figures."""
    c = result.config
    out = []
    for s in result.standings:
        out.append(f"| {label} | {s.bot} | {s.games} | {s.win_rate:.0%} "
                   f"[{s.win_low:.0%}, {s.win_high:.0%}] | "
                   f"{s.healthy:.2f} ± {s.healthy_ci95:.2f} |")
    supply = "; ".join(f"{f.resource} ≤ {f.cap}: {f.share:.0%} [{f.low:.0%}, {f.high:.0%}], "
                       f"peak {f.peak_mean:.1f} (max {f.peak_max})" for f in result.supply())
    out.append(f"| {label} | supply | {len(result.records)} | {supply} | |")
    if c["mode"] == "coop":
        lost_obj = sum("Objectives not met" in r.reason for r in result.records)
        out.append(f"| {label} | lost on Objectives | {lost_obj} of {len(result.records)} | | |")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = ToolParser(description=__doc__.split("\n")[0])
    parser.add_argument("--suite", action="append", default=[], choices=sorted(SUITES))
    parser.add_argument("--config", action="append", default=[], metavar="MODE:PLAYERS:BOTS")
    parser.add_argument("--games", type=positive_int, default=20)
    parser.add_argument("--seed", type=seed_number, default=0)
    parser.add_argument("--workers", type=positive_int, default=None)
    parser.add_argument("--scheduler", default=None,
                        help="a Dask scheduler address (default: $PRECOG_SCHEDULER)")
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args(argv)
    labels = [c for s in args.suite for c in SUITES[s]] + list(args.config)
    if not labels:
        parser.refuse(Problem.of(UsageCode.ONE_OF_OPTIONS, options=("--suite", "--config")))
    for label in args.config:
        try:
            parse_config(label)
        except UsageError as err:
            parser.refuse(err, "--config")
    print("| configuration | bot | games | win rate [95 % CI] | final Healthy Humans ± 95 % |")
    print("| --- | --- | --- | --- | --- |")
    results = []
    on_dashboard(announce_dashboard)  # with --scheduler: where to watch the workers
    with overall_bar(args.games * len(labels), "games") as part:  # on a terminal only
        for k, label in enumerate(labels):
            config = parse_config(label)
            result = run_tournament(config.pop("bots"), args.games, seed=args.seed + k,
                                    workers=args.workers, progress=part(args.games),
                                    scheduler=args.scheduler, **config)
            results.append({"label": label, "seed": args.seed + k} | result.to_dict())
            print("\n".join(rows(label, result)), flush=True)
            print(f"<!-- {label}: seed {args.seed + k}, {result.elapsed_s:.0f} s -->",
                  file=sys.stderr, flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(results, handle, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
