"""The look-ahead bot's Keep/Give distilled into the sensible player's two weights.

The sensible player (:mod:`precog.analysis.policy`) scores a (Keep, Give) as
``KEEP_WEIGHT * worth(Keep) + sign * worth(Give)`` (sign +1 when the left neighbour is a
friend, -1 otherwise) and draws by a softmax. This script records the look-ahead bot's
Keep/Give in seeded games (every seat the look-ahead bot), fits the conditional-logit weights
of the same two features (a Give weight for friends and one for rivals) by maximum likelihood
on half the decisions, and reports on the other half how often each rule's best-scored choice
is the look-ahead bot's, next to the shipped weights. With ``--check N`` it then plays ``N``
seeded 2-player games of each rule (as :class:`~precog.analysis.bots.PolicyBot`) against the
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

from precog.analysis.bots import LookaheadBot, PolicyBot, play_game
from precog.analysis.jobs import run_jobs
from precog.analysis.policy import (
    KEEP_WEIGHT,
    SensiblePolicy,
    card_worth,
    facts,
    gives_to_friend,
)
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


class WeightedPolicy:
    """The sensible player with other Keep/Give weights (its scale: half points); every other
    decision as the sensible player's."""

    def __init__(self, keep: float, rival: float, friend: float) -> None:
        self.keep, self.rival, self.friend = keep, rival, friend
        self.sensible = SensiblePolicy()

    def index(self, state: GameState, u: float, options: list[Action]) -> int:
        if len(options) > 1 and state.phase is Phase.DECISION:
            return self.keep_give(state, u, options)
        return self.sensible.index(state, u, options)

    def keep_give(self, state: GameState, u: float, options: list[Action]) -> int:
        x = np.asarray(option_features(state, state.to_move, options), dtype=float)
        give = self.friend if gives_to_friend(state, state.to_move) else self.rival
        s = self.keep * x[:, 0] + give * x[:, 1]
        p = np.exp(s - s.max())
        return int(min(len(options) - 1, np.searchsorted(np.cumsum(p / p.sum()), u)))


def match(job: tuple[int, str, tuple[float, float, float] | None]) -> dict[str, Any]:
    index, side, weights = job
    seed = 4100 + index
    policy = None if weights is None else WeightedPolicy(*weights)
    seats = [PolicyBot(seed * 8, policy), LookaheadBot(seed * 8 + 1)]
    if index % 2:  # seats swap every game
        seats.reverse()
    final = play_game(seats, seed=seed, players=2)
    mine = index % 2  # the policy's seat (the look-ahead has the other)
    return {"index": index, "side": side,
            "margin": final.players[mine].healthy - final.players[1 - mine].healthy}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=24, help="games of look-ahead bots recorded")
    ap.add_argument("--check", type=int, default=0, help="games a rule against the look-ahead")
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--cache", default="", help="a file keeping the recorded decisions")
    args = ap.parse_args(argv)
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
    # the shipped rule in logit units: a softmax over half points at temperature 0.5 HH
    unit = 2 * 4 * KEEP_WEIGHT * 0.5
    shipped = np.array([KEEP_WEIGHT, -1.0, 1.0]) / unit
    fit = minimize(neg_log_likelihood, shipped, args=(train,), method="BFGS")
    w = fit.x
    out: dict[str, Any] = {
        "decisions": {"train": len(train), "test": len(test)}, "games": args.games,
        "seed": args.seed, "load": os.getloadavg(),
        "shipped_weights": [round(v, 4) for v in shipped],
        "fitted_weights": [round(float(v), 4) for v in w],
        "fitted_give_per_keep": {"rival": round(float(w[1] / w[0]), 3),
                                 "friend": round(float(w[2] / w[0]), 3)},
        "test_agreement_with_lookahead": {"shipped": round(agreement(shipped, test), 3),
                                          "fitted": round(agreement(w, test), 3)},
        "test_nll_per_decision": {
            "shipped": round(neg_log_likelihood(shipped, test) / max(1, len(test)), 4),
            "fitted": round(neg_log_likelihood(w, test) / max(1, len(test)), 4)},
        "command": "nice -n 10 .venv/bin/python " + " ".join(sys.argv)}
    if args.check:
        scale = KEEP_WEIGHT / float(w[0])  # the fitted rule on the shipped rule's scale
        weights = (KEEP_WEIGHT, float(w[1]) * scale, float(w[2]) * scale)
        rows = run_jobs(match, [(i, side, ws) for i in range(args.check)
                                for side, ws in (("shipped", None), ("fitted", weights))])
        by = {side: {r["index"]: r["margin"] for r in rows if r["side"] == side}
              for side in ("shipped", "fitted")}
        diffs = [by["fitted"][i] - by["shipped"][i] for i in range(args.check)]
        out["check"] = {"games": args.check, "opponent": "lookahead", "players": 2,
                        **{f"{s}_margin_hh": _mean_ci(list(by[s].values())) for s in by},
                        "fitted_minus_shipped_hh": _mean_ci(diffs)}
    print(json.dumps(out, indent=1) if args.json else out)
    return 0


def _mean_ci(xs: list[float]) -> list[float]:
    n = len(xs)
    mean = sum(xs) / n
    half = 1.96 * math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1) / n) if n > 1 else 0.0
    return [round(mean, 3), round(mean - half, 3), round(mean + half, 3)]


if __name__ == "__main__":
    raise SystemExit(main())
