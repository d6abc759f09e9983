"""The look-ahead bot's Keep/Give distilled into the sensible player's two weights.

The sensible player (:mod:`precog.analysis.playing.policy`) scores a (Keep, Give) as
``KEEP_WEIGHT * worth(Keep) + sign * worth(Give)`` (sign +1 when the left neighbour is a
friend, -1 otherwise) and draws by a softmax. This script records the look-ahead bot's
Keep/Give in seeded games (every seat the look-ahead bot), fits the conditional-logit weights
of the same two features (a Give weight for friends and one for rivals) by maximum likelihood
on half the decisions, and reports on the other half how often each rule's best-scored choice
is the look-ahead bot's, next to the shipped weights. With ``--check N`` it then plays ``N``
seeded 2-player games of each rule (as :class:`~precog.analysis.arena.bots.PolicyBot`) against the
look-ahead bot, on the same seeds, and gives the paired difference of their margins.

    nice -n 10 .venv/bin/python scripts/distill_keep_give.py --games 24 --check 100 --json
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from scipy.optimize import minimize

from precog.analysis.arena.bots import LookaheadBot, play_game
from precog.analysis.arena.policy_match import margin_against_lookahead
from precog.analysis.basics.intervals import mean_ci
from precog.analysis.parallel.jobs import iter_jobs, run_jobs
from precog.analysis.playing.policy import (
    SensiblePolicy,
    card_worth,
    facts,
    gives_to_friend,
)
from precog.commands.tool_parser import ToolParser, listed, positive_int, seed_number, whole_number
from precog.engine import Action, GameState, Phase
from precog.engine.actions import Choose

TABLES = ((2, "competitive"), (3, "competitive"), (4, "team"), (4, "competitive"))


def option_features(state: GameState, seat: int, options: Sequence[Action]) -> list[list[int]]:
    f = facts(state, seat)
    out = []
    for a in options:
        assert isinstance(a, Choose)
        out.append([card_worth(state.card(a.keep), f), card_worth(state.card(a.give), f)])
    return out


class Recorder:
    """The look-ahead bot, writing down each Keep/Give it makes with the options' features."""

    def __init__(self, seed: int, log: list[dict[str, Any]]) -> None:
        self.bot, self.log = LookaheadBot(seed), log

    def choose(self, observation: Any, legal: Sequence[Action], sample_world: Any) -> Action:
        action = self.bot.choose(observation, legal, sample_world)
        if len(legal) > 1 and isinstance(legal[0], Choose):
            world = sample_world(random.Random(0))  # own hand and Boat: the same in every world
            if world.phase is Phase.DECISION:
                seat = observation.player
                self.log.append({"features": option_features(world, seat, legal),
                                 "friend": gives_to_friend(world, seat),
                                 "chosen": list(legal).index(action),
                                 "round": world.round, "mode": world.config.mode})
        return action


def collect(job: tuple[int, int, str]) -> list[dict[str, Any]]:
    seed, players, mode = job
    log: list[dict[str, Any]] = []
    play_game([Recorder(seed * 8 + s, log) for s in range(players)], seed=seed,
              players=players, mode=mode)
    return log


def neg_log_likelihood(w: np.ndarray, data: list[dict[str, Any]]) -> float:
    total = 0.0
    for d in data:
        x = np.asarray(d["features"], dtype=float)
        s = w[0] * x[:, 0] + (w[2] if d["friend"] else w[1]) * x[:, 1]
        s -= s.max()
        total -= s[d["chosen"]] - math.log(np.exp(s).sum())
    return total


def agreement(w: Sequence[float], data: list[dict[str, Any]]) -> float:
    hits = 0.0
    for d in data:
        x = np.asarray(d["features"], dtype=float)
        s = w[0] * x[:, 0] + (w[2] if d["friend"] else w[1]) * x[:, 1]
        best = np.flatnonzero(s == s.max())
        hits += (d["chosen"] in best) / len(best)  # a tie counts as its share
    return hits / len(data)


CELLS = {  # the 2 x 2 of the tournament: Keep/Give weights x softmax temperature
    "shipped": SensiblePolicy(0.5, 3, 1, 1),
    "shipped_cold": SensiblePolicy(0.05, 3, 1, 1),
    "fitted_warm": SensiblePolicy(0.5, 12, 1, 2),
    "fitted_cold": SensiblePolicy(0.05, 12, 1, 2),
}
MATCHES = {"2c": (2, "competitive"), "4c": (4, "competitive"), "4t": (4, "team")}


def whole_weights(w: Sequence[float]) -> tuple[int, int, int]:
    """The fitted logit weights as the sensible player's whole numbers: Keep 12, the Gives
    rounded on that scale (the rival's Give counted against)."""
    keep = 12
    return keep, max(0, round(-w[1] / w[0] * keep)), max(0, round(w[2] / w[0] * keep))


def tournament_game(job: tuple[str, str, int, int]) -> dict[str, Any]:
    """Game ``index`` of one match: the cell's policy at one seat (competitive; turned by one
    seat a game) or one team (team; teams swap sides every game), the look-ahead bot at every
    other; the same game seed and bot seeds for every cell (paired)."""
    match_name, cell, index, seed = job
    players, mode = MATCHES[match_name]
    gseed, margin = margin_against_lookahead(CELLS[cell], players, mode, index, seed)
    return {"match": match_name, "cell": cell, "index": index, "seed": gseed,
            "margin": margin, "load": round(os.getloadavg()[0], 2)}


def run_tournament(matches: Sequence[str], games: int, seed: int, out: Path,
                   cells: Sequence[str] = tuple(CELLS)) -> None:
    """Play the missing games of every cell, appending each to ``out`` as it ends."""
    done = set()
    if out.is_file():
        done = {(r["match"], r["cell"], r["index"]) for r in map(json.loads, out.open())}
    jobs = [(m, c, i, seed) for m in matches for i in range(games) for c in cells
            if (m, c, i) not in done]
    with out.open("a") as sink:
        for row in iter_jobs(tournament_game, jobs):
            sink.write(json.dumps(row) + "\n")
            sink.flush()


def tournament_summary(out: Path) -> dict[str, Any]:
    """Per match: each cell's margin against the look-ahead, and the paired differences that
    separate the two changes (on the games every cell played)."""
    rows = [json.loads(line) for line in out.open()]
    summary: dict[str, Any] = {}
    for m in sorted({r["match"] for r in rows}):
        by = {c: {r["index"]: r["margin"] for r in rows if r["match"] == m and r["cell"] == c}
              for c in CELLS if any(r["match"] == m and r["cell"] == c for r in rows)}
        common = sorted(set.intersection(*(set(v) for v in by.values())))
        loads = [r["load"] for r in rows if r["match"] == m]
        entry: dict[str, Any] = {"games": len(common),
                                 "load_1min": [min(loads), max(loads)]}
        for c in by:
            entry[f"{c}_margin_hh"] = _mean_ci([by[c][i] for i in common])
        for name, a, b in (("cold_minus_warm_shipped", "shipped_cold", "shipped"),
                           ("cold_minus_warm_fitted", "fitted_cold", "fitted_warm"),
                           ("fitted_minus_shipped_warm", "fitted_warm", "shipped"),
                           ("fitted_minus_shipped_cold", "fitted_cold", "shipped_cold"),
                           ("fitted_cold_minus_shipped", "fitted_cold", "shipped")):
            if a in by and b in by:
                entry[name] = _mean_ci([by[a][i] - by[b][i] for i in common])
        summary[m] = entry
    return summary


def main(argv: Sequence[str] | None = None) -> int:
    ap = ToolParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=positive_int, default=24,
                    help="games of look-ahead bots recorded")
    ap.add_argument("--tournament", type=whole_number, default=0,
                    help="games a cell and match against the look-ahead (0: fit only)")
    ap.add_argument("--matches", type=listed(tuple(MATCHES)), default="2c,4c,4t",
                    help="of 2c, 4c (competitive), 4t (team)")
    ap.add_argument("--cells", type=listed(tuple(CELLS)), default=",".join(CELLS),
                    help="of " + ", ".join(CELLS))
    ap.add_argument("--out", default="benchmarks/data/keep_give_tournament.jsonl")
    ap.add_argument("--seed", type=seed_number, default=41)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--cache", default="", help="a file keeping the recorded decisions")
    args = ap.parse_args(argv)
    command = "nice -n 10 .venv/bin/python " + " ".join(sys.argv)
    if args.tournament:
        out = Path(args.out)
        run_tournament(args.matches, args.tournament, args.seed, out, args.cells)
        result = {"tournament": tournament_summary(out), "seed": args.seed,
                  "cells": {c: repr(p) for c, p in CELLS.items()}, "command": command}
        print(json.dumps(result, indent=1) if args.json else result)
        return 0
    out_fit = fit_look_ahead(args)
    out_fit["command"] = command
    print(json.dumps(out_fit, indent=1) if args.json else out_fit)
    return 0


def fit_look_ahead(args: argparse.Namespace) -> dict[str, Any]:
    """Record the look-ahead bot's Keep/Give and fit the two Give weights (see the module doc)."""
    jobs = [(args.seed * 1000 + i, *TABLES[i % len(TABLES)]) for i in range(args.games)]
    cache = Path(args.cache) if args.cache else None
    if cache is not None and cache.is_file():
        logs = json.loads(cache.read_text())[:args.games]
    else:
        logs = run_jobs(collect, jobs)
        if cache is not None:
            cache.write_text(json.dumps(logs))
    train = [d for i, log in enumerate(logs) if i % 2 == 0 for d in log]
    test = [d for i, log in enumerate(logs) if i % 2 == 1 for d in log]
    # the shipped rule in logit units: a softmax over half points at its temperature
    policy = SensiblePolicy()
    unit = 2 * 4 * policy.keep * policy.temperature
    shipped = np.array([policy.keep, -policy.give_rival, policy.give_friend]) / unit
    w = minimize(neg_log_likelihood, shipped, args=(train,), method="BFGS").x
    return {
        "decisions": {"train": len(train), "test": len(test)}, "games": args.games,
        "seed": args.seed, "load": os.getloadavg(),
        "shipped_weights": [round(v, 4) for v in shipped],
        "fitted_weights": [round(float(v), 4) for v in w],
        "fitted_give_per_keep": {"rival": round(float(w[1] / w[0]), 3),
                                 "friend": round(float(w[2] / w[0]), 3)},
        "fitted_whole_weights": whole_weights(w),
        "test_agreement_with_lookahead": {"shipped": round(agreement(shipped, test), 3),
                                          "fitted": round(agreement(w, test), 3)},
        "test_nll_per_decision": {
            "shipped": round(neg_log_likelihood(shipped, test) / max(1, len(test)), 4),
            "fitted": round(neg_log_likelihood(w, test) / max(1, len(test)), 4)}}


def _mean_ci(xs: list[float]) -> list[float]:
    mean, half = mean_ci(xs)
    return [round(mean, 3), round(mean - half, 3), round(mean + half, 3)]


if __name__ == "__main__":
    raise SystemExit(main())
