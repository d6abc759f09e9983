"""Review speed: a whole 4-player, 12-round game reviewed for one seat.

The games are played by the greedy bot (``precog.analysis.game_review.review.recorded_game``,
seeded), and each is reviewed for seat 0 with ``review_game(game, 0, budget_s=B)``: every Keep/Give
valued by the explorer's analysis (256 playouts per choice) under a time budget of B seconds per
decision (default 2), each round's graph point (every seat's expected score and chance to win, 256
playouts), and every other decision of the seat (Action phase, Protectors, losses, River) on
24 paired worlds per option, two playouts each (``--keep-give-only``: the Keep/Give only). The
figure is the wall time per game (median over ``--games`` games; target ≤ 30 s on a 2-core
machine), with the machine's load average (``os.getloadavg``, as ``uptime`` shows it) at the
start and end. Run ``python benchmarks/review.py --help``.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import sys
import time
from datetime import UTC, datetime
from typing import Any

from precog import __version__
from precog.analysis.game_review.review import KEEP_GIVE, recorded_game, review_game
from precog.commands import progress
from precog.commands.tool_parser import ToolParser, at_most, seed_number, whole_number


def measure(games: int = 2, players: int = 4, budget: float = 2.0, seed: int = 1,
            actions: bool = True) -> dict[str, Any]:
    started = datetime.now(UTC).isoformat(timespec="seconds")
    load_start = _load()
    times, decisions, keep_give, marks = [], [], [], []
    for k in progress.steps(range(games), "games"):  # a bar on a terminal only
        game = recorded_game(["greedy"], seed=seed + k, players=players)
        start = time.perf_counter()
        review = review_game(game, 0, budget_s=budget, actions=actions)
        times.append(time.perf_counter() - start)
        decisions.append(len(review.decisions))
        keep_give.append(sum(d.kind == KEEP_GIVE for d in review.decisions))
        marks.append(sum(review.summary()["marks"].values()))
    return {"review_game_s_median": round(statistics.median(times), 2),
            "review_game_s_max": round(max(times), 2), "games": games, "players": players,
            "budget_s_per_decision": budget, "other_decisions": actions,
            "decisions_per_game": decisions, "keep_give_per_game": keep_give,
            "marks_per_game": marks, "precog": __version__,
            "python": platform.python_version(), "machine": {"nproc": os.cpu_count()},
            "load_average_start": load_start, "load_average_end": _load(),
            "started_at": started,
            "finished_at": datetime.now(UTC).isoformat(timespec="seconds")}


def _load() -> list[float]:
    """The 1, 5 and 15-minute load averages (as ``uptime`` prints them)."""
    return [round(x, 2) for x in os.getloadavg()]


def main(argv: list[str] | None = None) -> int:
    parser = ToolParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=at_most(int, 100), default=2)
    parser.add_argument("--players", type=whole_number, choices=(2, 3, 4), default=4)
    parser.add_argument("--budget", type=at_most(float, 60), default=2.0,
                        help="seconds per decision (default 2)")
    parser.add_argument("--seed", type=seed_number, default=1)
    parser.add_argument("--keep-give-only", action="store_true",
                        help="review the Keep/Give decisions only")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = measure(args.games, args.players, args.budget, args.seed,
                     not args.keep_give_only)
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        print(f"review of a {args.players}-player game for one seat: median "
              f"{result['review_game_s_median']} s, max {result['review_game_s_max']} s "
              f"({args.games} games, {args.budget} s per Keep/Give, "
              f"{result['decisions_per_game']} decisions; load {result['load_average_start']} "
              f"→ {result['load_average_end']})")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
