"""``precog simulate``: play seeded random-legal games and summarise how they went."""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from statistics import fmean
from typing import Any

from precog.analysis.parallel.cores import usable_cpus
from precog.commands.common import (
    UsageCode,
    UsageError,
    add_command,
    add_game_options,
    game_options,
    positive_int,
    print_json,
)
from precog.commands.common import seed_number as seed_type
from precog.engine import GameState, Outcome
from precog.engine.playout import InvariantError, random_playout
from precog.engine.problems import Problem
from precog.engine.state import BANE_MAX
from precog.session.words import words

NAME = "simulate"
EXAMPLES = """\
Game i uses seed S+i, both for the setup shuffle and for the random moves, so the same
command always plays the same games.

examples:
  precog simulate --players 4 --games 200 --seed 1
  precog simulate --players 3 --mode coop --difficulty hard --games 50 --check
  precog simulate --players 4 --mode team --setup advanced --games 20 --json
  precog simulate --check-invariants --games 2600 --seed 0

With --check-invariants, game i plays configuration i mod 26 (every mode, setup, player count
and difficulty; --players, --mode, --difficulty and --setup are ignored) with seed S+i on
every core, checks card conservation, resource ranges and round order after every step (every
--full-every'th game: every invariant after every step) and reports games, steps, violations
(each with its configuration and seed) and wall time; exit status 1 if any invariant failed.
"""
END_CHECKS = 2  # card conservation and resource ranges, on every final position
TEAMS = {"0+1": (0, 1), "2+3": (2, 3)}


def register(subparsers: Any) -> None:
    parser = add_command(
        subparsers, NAME, "play seeded random-legal games and summarise them",
        "Play G games with uniformly random legal moves and print Healthy Humans "
        "per seat, coop success rate or win shares, game length and how many "
        "invariant checks passed.",
        EXAMPLES)
    add_game_options(parser)
    parser.add_argument("--games", type=positive_int, default=100, metavar="G",
                        help="number of games (default 100)")
    parser.add_argument("--seed", type=seed_type, default=0, metavar="S",
                        help="seed of the first game (default 0)")
    parser.add_argument("--check", action="store_true",
                        help="check every invariant at every step (slower); without it only "
                             "card conservation and resource ranges are checked at the end")
    parser.add_argument("--check-invariants", action="store_true",
                        help="play every configuration on every core, checking invariants at "
                             "every step (see below)")
    parser.add_argument("--full-every", type=positive_int, default=100, metavar="K",
                        help="with --check-invariants: fully check every K-th game (default 100)")
    parser.add_argument("--workers", type=positive_int, default=None, metavar="W",
                        help="with --check-invariants: processes (default: every core)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=run)


MAX_GAMES = 100_000  # a summary keeps every final position: about 0.5 GB at most
MAX_CHECKED_GAMES = 10_000_000  # the checked run keeps only totals (days of work already)


def run(args: argparse.Namespace) -> int:
    top = MAX_CHECKED_GAMES if args.check_invariants else MAX_GAMES
    if args.games > top:
        code = UsageCode.GAMES if args.check_invariants else UsageCode.GAMES_SEEDS
        raise UsageError(Problem.of(code, got=args.games, top=top))
    if args.check_invariants:
        return run_invariants(args)
    try:
        summary = simulate(games=args.games, seed=args.seed, check=args.check,
                           **game_options(args))
    except InvariantError as err:  # an engine bug, not bad input
        print(f"precog simulate: invariant failed: {err}", file=sys.stderr)
        return 1
    if args.json:
        print_json(summary.to_json())
    else:
        print(summary.text(args.lang))
    return 0


def run_invariants(args: argparse.Namespace) -> int:
    from precog.engine.checked_run import run_checked

    # never more processes than the CPUs this process may use (a huge --workers would ask the
    # operating system for a pool it cannot make)
    workers = min(args.workers, usable_cpus()) if args.workers else None
    checked = run_checked(args.games, args.seed, full_every=args.full_every,
                          workers=workers, progress=not args.json)
    if args.json:
        print_json(checked.to_json())
    else:
        print(checked.text())
    return 1 if checked.violations else 0


@dataclass
class Summary:
    """What ``precog simulate`` reports about a batch of games."""

    setup: dict[str, Any]
    seed: int
    check: bool
    finals: list[GameState] = field(default_factory=list)
    steps: list[int] = field(default_factory=list)
    checks: int = 0
    elapsed: float = 0.0

    @property
    def coop(self) -> bool:
        return bool(self.setup["mode"] == "coop")

    def healthy(self) -> list[dict[str, float]]:
        per_seat = zip(*(tuple(p.healthy for p in s.players) for s in self.finals))
        return [{"seat": seat, **_spread(values)} for seat, values in enumerate(per_seat)]

    def coop_success_rate(self) -> float:
        return sum(1 for s in self.finals if _outcome(s).winners) / len(self.finals)

    def win_shares(self) -> list[float]:
        """Share of games won per seat; a shared win is split equally between the winners."""
        shares = [0.0] * self.setup["players"]
        for s in self.finals:
            winners = _outcome(s).winners
            for seat in winners:
                shares[seat] += 1 / len(winners) / len(self.finals)
        return shares

    def to_json(self) -> dict[str, Any]:
        setup = {k: v for k, v in self.setup.items() if k != "components"}
        box = self.setup.get("components")
        if box is not None:  # `precog --box FILE`: the set named, not its whole content
            setup["components"] = {"name": box.name, "fingerprint": box.box_id}
        out: dict[str, Any] = {"command": NAME, **setup, "games": len(self.finals),
                               "seeds": [self.seed, self.seed + len(self.finals) - 1],
                               "check_every_step": self.check, "healthy": self.healthy()}
        if self.coop:
            out["coop_success_rate"] = self.coop_success_rate()
        else:
            shares = self.win_shares()
            out["win_shares"] = shares
            out["shared_wins"] = sum(1 for s in self.finals if len(_outcome(s).winners) > 1)
            if self.setup["mode"] == "team":
                out["team_win_shares"] = {k: sum(shares[i] for i in t) for k, t in TEAMS.items()}
        out["rounds"] = _spread([s.round for s in self.finals])
        out["steps"] = _spread(self.steps)
        out["invariant_checks_passed"] = self.checks
        out["elapsed_seconds"] = round(self.elapsed, 3)
        return out

    def text(self, lang: str = "en") -> str:
        """The summary for a reader, in ``lang`` (``[cli]`` of ``precog/data/words``)."""
        w, data = words(lang), self.to_json()
        level = w.say(f"text.difficulty_{data['difficulty']}")
        difficulty = f" ({level})" if self.coop else ""
        lines = [w.say("cli.sim_head", games=data["games"], players=data["players"],
                       mode=w.say(f"text.mode_{data['mode']}"), difficulty=difficulty,
                       setup=w.say(f"text.setup_{data['setup']}"), first=data["seeds"][0],
                       last=data["seeds"][1]),
                 w.say("cli.sim_healthy"), w.say("cli.sim_columns")]
        lines += [w.say("cli.sim_seat_row", seat=h["seat"], mean=h["mean"], min=h["min"],
                        max=h["max"]) for h in data["healthy"]]
        if self.coop:
            lines.append(w.say("cli.sim_coop", rate=data["coop_success_rate"]))
        else:
            lines.append(w.say("cli.sim_shares", shared=data["shared_wins"]))
            lines += [w.say("cli.sim_seat_share", seat=seat, share=share)
                      for seat, share in enumerate(data["win_shares"])]
            for team, share in data.get("team_win_shares", {}).items():
                lines.append(w.say("cli.sim_team_share", team=team, share=share))
        r, st = data["rounds"], data["steps"]
        lines.append(w.say("cli.sim_length", mean=r["mean"], min=r["min"], max=r["max"],
                           steps=st["mean"], steps_min=st["min"], steps_max=st["max"]))
        what = w.say("cli.sim_checks_every" if self.check else "cli.sim_checks_end")
        lines.append(w.say("cli.sim_checks", n=self.checks, what=what))
        lines.append(w.say("cli.sim_elapsed", seconds=data["elapsed_seconds"]))
        return "\n".join(lines)


def simulate(games: int, seed: int, check: bool = False, **setup: Any) -> Summary:
    """Play ``games`` random-legal games; game i uses seed ``seed + i`` (shuffle and moves);
    a progress bar on a terminal."""
    from precog.commands.progress import count_bar

    summary = Summary(setup=dict(setup), seed=seed, check=check)
    start = time.perf_counter()
    with count_bar("games") as step:
        for i in range(games):
            _play_one(summary, i, seed, check, setup)
            step(i + 1, games)
    summary.elapsed = time.perf_counter() - start
    return summary


def _play_one(summary: Summary, i: int, seed: int, check: bool, setup: dict[str, Any]) -> None:
    """Game ``i`` of :func:`simulate`, added to ``summary``."""
    game_seed = seed + i
    try:
        result = random_playout(random.Random(game_seed), check=check, seed=game_seed,
                                **setup)
        summary.checks += result.checks + end_of_game_check(result.final)
    except InvariantError as err:
        raise InvariantError(f"game {i + 1} (seed {game_seed}): {err}") from err
    summary.finals.append(result.final)
    summary.steps.append(result.steps)


def end_of_game_check(state: GameState) -> int:
    """The cheap checks run on every final position; returns how many passed."""
    owned = Counter(c.id for code in state.config.decks for c in state.components.decks[code])
    seen: Counter[str] = Counter()
    for p in state.players:
        seen.update(p.deck + p.hand + p.decision_zone + p.action_zone + p.discard)
    if seen != owned:
        raise InvariantError(f"cards not conserved: extra {sorted((seen - owned).elements())}, "
                             f"missing {sorted((owned - seen).elements())}")
    for seat, p in enumerate(state.players):
        values = p.boat
        if min(values) < 0 or p.bane > BANE_MAX:
            raise InvariantError(f"seat {seat} resource out of range (food, healthy, "
                                 f"contaminated, doctors, protectors, bane) = {values}")
    return END_CHECKS


def _outcome(state: GameState) -> Outcome:
    if state.outcome is None:
        raise InvariantError(f"a playout stopped in round {state.round} without an outcome")
    return state.outcome


def _spread(values: Any) -> dict[str, Any]:
    values = list(values)
    return {"mean": fmean(values), "min": min(values), "max": max(values)}
