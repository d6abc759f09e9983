"""Calibration of the review's marks: how often the strong bot earns each mark against itself.

Plays ``--games`` games of ``--bot`` (default ``rollout1s``: the explorer's analysis for 1 s
per Keep/Give) against itself, ``--players`` seats, seeds ``--seed``, ``--seed + 1``, ...;
reviews every seat of every game (``review_game(game, seat, budget_s=None)``: the explorer's
full 256 playouts per Keep/Give, the other decisions on their paired playouts) and reports,
over all reviewed decisions, the share that earns each mark with its 95 % interval (Wilson),
overall and for the Keep/Give and the other decisions apart, and the losses' upper quantiles
(the losses that exceed their own interval); ``--raw FILE`` keeps every reviewed decision and
``--from-raw FILE...`` rates kept decisions again (no games played). The thresholds (``MARKS`` in
precog/analysis/game_review/review.py) are chosen so that the strong bot's blunders are rare; see
docs/analysis.md. Run ``python benchmarks/review_marks.py --help``.
"""

from __future__ import annotations

import json
import math
import platform
import sys
import time
from datetime import UTC, datetime
from typing import Any

from precog import __version__
from precog.analysis.basics.intervals import wilson
from precog.analysis.game_review.review import (
    KEEP_GIVE,
    MARKS,
    mark_for,
    recorded_game,
    review_game,
)
from precog.analysis.parallel.jobs import run_jobs
from precog.commands.progress import progress_bar
from precog.commands.tool_parser import (
    ToolParser,
    at_most,
    existing_file,
    positive_int,
    seed_number,
    whole_number,
)


def review_all_seats(job: tuple[str, int, int]) -> list[dict[str, Any]]:
    """Every reviewed decision of every seat of one self-play game (kind, loss, its ci)."""
    bot, seed, players = job
    game = recorded_game([bot], seed=seed, players=players)
    out = []
    for seat in range(players):
        for d in review_game(game, seat, budget_s=None).decisions:
            out.append({"seed": seed, "seat": seat, "round": d.round, "kind": d.kind,
                        "loss": d.loss, "loss_ci95": d.loss_ci95, "mark": d.mark})
    return out


def rates(decisions: list[dict[str, Any]]) -> dict[str, Any]:
    """Share of decisions with each mark (and with a mark at least as bad), 95 % Wilson."""
    n = len(decisions)
    out: dict[str, Any] = {"decisions": n}
    for name, _ in MARKS:
        k = sum(d["mark"] == name for d in decisions)
        lo, hi = wilson(k / n, n) if n else (math.nan, math.nan)
        out[name] = {"count": k, "rate": round(k / n, 4) if n else math.nan,
                     "ci95": [round(lo, 4), round(hi, 4)]}
    significant = sorted(d["loss"] for d in decisions
                         if d["loss_ci95"] is None or d["loss"] > d["loss_ci95"])
    out["significant_losses"] = len(significant)
    for q in (0.90, 0.95, 0.99):
        at = [d["loss"] if d["loss_ci95"] is None or d["loss"] > d["loss_ci95"] else 0.0
              for d in decisions]
        at.sort()
        out[f"loss_q{int(q * 100)}"] = round(at[min(n - 1, int(q * n))], 3) if n else None
    return out


def summarise(decisions: list[dict[str, Any]]) -> dict[str, Any]:
    """Mark rates of reviewed decisions, marked again with today's ``MARKS``."""
    for d in decisions:
        d["mark"] = mark_for(d["loss"], d["loss_ci95"])
    return {"thresholds": dict(MARKS), "all": rates(decisions),
            "keep_give": rates([d for d in decisions if d["kind"] == KEEP_GIVE]),
            "other": rates([d for d in decisions if d["kind"] != KEEP_GIVE])}


def text(result: dict[str, Any]) -> str:
    lines = []
    for part in ("all", "keep_give", "other"):
        r = result[part]
        marks = ", ".join(f"{name} {100 * r[name]['rate']:.1f} % "
                          f"[{100 * r[name]['ci95'][0]:.1f}, {100 * r[name]['ci95'][1]:.1f}]"
                          for name, _ in MARKS)
        lines.append(f"{part}: {r['decisions']} decisions; {marks}; significant-loss "
                     f"quantiles 90/95/99 %: {r['loss_q90']}, {r['loss_q95']}, {r['loss_q99']}")
    return "\n".join(lines)


def measure(bot: str, games: int, players: int, seed: int, workers: int | None
            ) -> dict[str, Any]:
    started = datetime.now(UTC).isoformat(timespec="seconds")
    t0 = time.perf_counter()
    jobs = [(bot, seed + k, players) for k in range(games)]
    with progress_bar(len(jobs), "games") as progress:  # on a terminal only
        reviewed = run_jobs(review_all_seats, jobs, workers, progress=progress)
    decisions = [d for game in reviewed for d in game]
    return {"decisions": decisions, "bot": bot, "games": games, "players": players, "seed": seed,
            **summarise(decisions),
            "seconds": round(time.perf_counter() - t0, 1), "precog": __version__,
            "python": platform.python_version(), "started_at": started,
            "finished_at": datetime.now(UTC).isoformat(timespec="seconds")}


def main(argv: list[str] | None = None) -> int:
    parser = ToolParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bot", default="rollout1s")
    parser.add_argument("--games", type=at_most(int, 1000), default=6)
    parser.add_argument("--players", type=whole_number, choices=(2, 3, 4), default=2)
    parser.add_argument("--seed", type=seed_number, default=1)
    parser.add_argument("--workers", type=positive_int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--raw", metavar="FILE", help="also write every reviewed decision "
                                                      "(kind, loss, its interval) as JSON")
    parser.add_argument("--from-raw", metavar="FILE", nargs="+", type=existing_file,
                        help="rate decisions written by --raw again with today's thresholds "
                             "(no games played)")
    args = parser.parse_args(argv)
    if args.from_raw:
        decisions = []
        for name in args.from_raw:
            with open(name, encoding="utf-8") as f:
                decisions.extend(json.load(f))
        result = summarise(decisions)
        print(json.dumps(result, indent=1) if args.json else text(result))
        return 0
    result = measure(args.bot, args.games, args.players, args.seed, args.workers)
    decisions = result.pop("decisions")
    if args.raw:
        with open(args.raw, "w", encoding="utf-8") as f:
            json.dump(decisions, f)
    print(json.dumps(result, indent=1) if args.json else text(result))
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
