"""Analysis speed: the look-ahead tree's first answer, the ranking's confidence in 1 s, and the
batched rollouts against the scalar engine.

Positions are mid-game 4-player positions, ``random_playout(rng, stop_round=6, players=4,
seed=k)``, analysed for seat 0. Measurements of the same kind are repeated on several positions
and medians reported; the batch and the scalar engine are timed in turn (order alternating) so
that other processes' load falls on both alike. Run ``python benchmarks/analysis.py --help``.
"""

from __future__ import annotations

import json
import os
import platform
import random
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from precog import __version__
from precog.analysis.choices.ranking import rank_options
from precog.analysis.parallel import cores
from precog.analysis.playouts import batch
from precog.analysis.playouts.rollouts import DEFAULT_POLICY, RandomPolicy, play_out, uniforms
from precog.analysis.search.tree import build_tree
from precog.commands import progress
from precog.commands.tool_parser import ToolParser, positive_int, seed_number
from precog.engine import GameState, apply, legal_actions, new_game
from precog.engine.playout import random_playout

sys.path.insert(0, str(Path(__file__).resolve().parent))  # runs, beside this file
from runs import save_run


def position(players: int, seed: int, round_: int = 6) -> GameState:
    return random_playout(random.Random(seed), players=players, seed=seed,
                          stop_round=round_).final


def tree_times(players: int, seeds: list[int], depth: int) -> list[float]:
    """Seconds to build the tree (depth 1: the first answer; depth 2: the full two rounds)."""
    out = []
    for seed in progress.steps(seeds, "positions"):  # a bar on a terminal only
        state = position(players, seed)
        start = time.perf_counter()
        root = build_tree(state, 0, depth_rounds=depth, seed=seed)
        out.append(time.perf_counter() - start)
        assert root.children
    return out


def ranking_at(players: int, seeds: list[int], budget: float) -> list[dict[str, float]]:
    """Rollout rankings with a time budget: samples reached, CI half-widths, the wall time
    from the call to the answer, when the first rollouts started and the load then."""
    out = []
    for seed in progress.steps(seeds, "positions"):
        state = position(players, seed)
        start = time.perf_counter()
        ranking = rank_options(state, 0, rollouts=1_000_000, budget_s=budget, seed=seed)
        wall = time.perf_counter() - start
        cis = [r.ci95 for r in ranking.rows if r.ci95 is not None]
        out.append({"samples": ranking.meta["samples"], "ci_max": max(cis),
                    "ci_median": statistics.median(cis),
                    # both rounded alike, so that the call's wall time never reads below
                    # the answer's own time
                    "elapsed_s": round(ranking.meta["elapsed_s"], 4), "wall_s": round(wall, 4),
                    "rollouts_from_s": round(ranking.meta.get("rollouts_from_s", -1.0), 4),
                    "load_1min": _load()[:1]})
    return out


def ranking_cost(players: int, seed: int, rollouts: list[int]) -> dict[str, float]:
    """Seconds for a ranking with N rollouts per choice (no time budget)."""
    state = position(players, seed)
    out = {}
    for n in rollouts:
        start = time.perf_counter()
        rank_options(state, 0, rollouts=n, seed=seed)
        out[str(n)] = round(time.perf_counter() - start, 3)
    return out


def batch_vs_scalar(players: int, games: int, rounds: int, seed: int,
                    policy: Any = DEFAULT_POLICY) -> dict[str, Any]:
    """Whole games from the setup: the batch (encoding included) against the scalar engine
    with the same policy (the rollouts' default, the sensible player) and uniforms, and
    against the engine's random-legal play."""
    batch_rates, scalar_rates, random_rates = [], [], []
    for r in progress.steps(range(rounds), "runs"):
        starts = [new_game(players=players, seed=seed + r * games + g) for g in range(games)]
        rows = uniforms(games, seed + r)
        timings = {}
        order = ["batch", "scalar"] if r % 2 == 0 else ["scalar", "batch"]
        for name in order:
            start = time.perf_counter()
            if name == "batch":
                batch.run(starts, rows, policy)
                timings[name] = games / (time.perf_counter() - start)
            else:
                k = max(8, games // 25)
                for g in range(k):
                    play_out(starts[g], policy, rows[g])
                timings[name] = k / (time.perf_counter() - start)
        batch_rates.append(timings["batch"])
        scalar_rates.append(timings["scalar"])
        rng = random.Random(seed + r)
        start = time.perf_counter()
        k = max(8, games // 25)
        for g in range(k):
            state = new_game(players=players, seed=seed + g)
            while not state.is_over:
                options = legal_actions(state)
                state = apply(state, options[rng.randrange(len(options))])
        random_rates.append(k / (time.perf_counter() - start))
    ratios = [b / s for b, s in zip(batch_rates, scalar_rates)]
    return {"batched_games_per_s": statistics.median(batch_rates),
            "scalar_games_per_s": statistics.median(scalar_rates),
            "scalar_random_legal_games_per_s": statistics.median(random_rates),
            "batched_vs_scalar_games_ratio": statistics.median(ratios),
            "batched_vs_random_legal_games_ratio": statistics.median(batch_rates)
            / statistics.median(random_rates),
            "batch_size": games}


def measure(positions: int, seed: int, quick: bool) -> dict[str, Any]:
    started = datetime.now(UTC)
    load_before = _load()
    seeds = [seed + k for k in range(positions)]
    processes = cores.warm()  # rankings play on every core (precog.analysis.parallel.cores)
    build_tree(position(4, seed), 0, depth_rounds=1)  # warm-up: imports, data, caches
    batch.run([new_game(players=4, seed=seed)], uniforms(1, seed), DEFAULT_POLICY)  # tables
    first = tree_times(4, seeds, 1)
    full = tree_times(4, seeds[:2 if quick else 3], 2)
    at_1s = ranking_at(4, seeds, 1.0)
    out: dict[str, Any] = {
        "tree_first_answer_s_median": statistics.median(first),
        "tree_first_answer_s": [round(t, 4) for t in first],
        "tree_two_rounds_s_median": statistics.median(full),
        "ranking_ci_halfwidth_at_1s": statistics.median(x["ci_max"] for x in at_1s),
        "ranking_ci_halfwidth_at_1s_detail": at_1s,
        "ranking_samples_per_choice_at_1s": statistics.median(x["samples"] for x in at_1s),
        # the player's second: from the call to the answer, the first rollouts at once
        "ranking_1s_wall_s_median": statistics.median(x["wall_s"] for x in at_1s),
        "ranking_1s_wall_s_max": max(x["wall_s"] for x in at_1s),
        "ranking_1s_rollouts_from_s_max": max(x["rollouts_from_s"] for x in at_1s),
        "ranking_1s_load_1min": [x["load_1min"][0] for x in at_1s if x["load_1min"]],
    }
    out.update(batch_vs_scalar(4, 1000 if quick else 2000, 3 if quick else 5, seed))
    random_baseline = batch_vs_scalar(4, 1000 if quick else 2000, 3 if quick else 5, seed,
                                      RandomPolicy())
    out["random_policy_batched_vs_scalar_games_ratio"] = random_baseline[
        "batched_vs_scalar_games_ratio"]
    out["random_policy_batched_games_per_s"] = random_baseline["batched_games_per_s"]
    out["cost_vs_rollouts_s"] = ranking_cost(4, seed, [64, 256, 1024] if quick
                                             else [64, 256, 1024, 4096])
    out["cost_vs_players"] = {
        str(n): {"tree_first_answer_s_median": statistics.median(tree_times(n, seeds[:3], 1)),
                 "ranking_256_rollouts_s": ranking_cost(n, seed, [256])["256"]}
        for n in (2, 3, 4)}
    out.update({
        "positions": positions, "position": "random_playout(stop_round=6, players=4), seat 0",
        "precog_version": __version__, "python": platform.python_version(),
        "machine": {"nproc": os.cpu_count(), "processes": processes,
                    "platform": platform.platform(), "load_average_before": load_before,
                    "load_average_after": _load()},
        "started_at": started.isoformat(timespec="seconds"),
        "finished_at": datetime.now(UTC).isoformat(timespec="seconds")})
    return out


def _load() -> list[float]:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return []


def table(r: dict[str, Any]) -> str:
    lines = [
        f"tree, first answer (1 round, 4 players): {r['tree_first_answer_s_median']:.3f} s "
        "median (target <= 0.1)",
        f"tree, two rounds complete:               {r['tree_two_rounds_s_median']:.2f} s median",
        f"1-second ranking, wall time:             {r['ranking_1s_wall_s_median']:.3f} s "
        f"median, {r['ranking_1s_wall_s_max']:.3f} s max (target <= 1.1; first rollouts "
        f"after {r['ranking_1s_rollouts_from_s_max']:.3f} s at most; 1-min load "
        f"{r['ranking_1s_load_1min']})",
        f"ranking 95% CI half-width after 1 s:     {r['ranking_ci_halfwidth_at_1s']:.2f} "
        f"Healthy Humans ({r['ranking_samples_per_choice_at_1s']:.0f} rollouts per choice; "
        "target <= 0.5)",
        f"batched rollouts: {r['batched_games_per_s']:,.0f} games/s; scalar engine, same "
        f"policy: {r['scalar_games_per_s']:,.1f} games/s; ratio "
        f"{r['batched_vs_scalar_games_ratio']:.1f}x (target >= 100; vs random-legal engine "
        f"play {r['batched_vs_random_legal_games_ratio']:.1f}x)",
        f"ranking cost by rollouts per choice: {r['cost_vs_rollouts_s']}",
        "by players: " + "; ".join(
            f"{n}p first answer {v['tree_first_answer_s_median']:.3f} s, 256 rollouts "
            f"{v['ranking_256_rollouts_s']:.2f} s" for n, v in r["cost_vs_players"].items()),
        f"{r['machine']['nproc']} cores ({r['machine'].get('processes', 1)} processes an "
        f"analysis), load {r['machine']['load_average_before']} -> "
        f"{r['machine']['load_average_after']}, Python {r['python']}, {r['started_at']}"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = ToolParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=positive_int, default=7,
                        help="mid-game positions per measurement (default 7)")
    parser.add_argument("--seed", type=seed_number, default=1, help="first position's seed")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--save", action="store_true",
                        help="also store the run under benchmarks/data/runs/ (for "
                             "scripts/performance_log.py)")
    args = parser.parse_args(argv)
    result = measure(args.positions, args.seed, args.quick)
    print(json.dumps(result, indent=2) if args.json else table(result))
    if args.save:
        print(f"stored in {save_run('analysis', result, argv)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
