"""The strength ladder: the explorer's 1-second choice as a player, against stronger and weaker.

The explorer's own answer, played at the table (``rollout1s``: :class:`~precog.analysis.arena.bots.
RolloutBot`, the ranking by rollouts with 1 second per Keep/Give, its first choice played;
every other decision played as the explorer's rollouts assume the seat plays it, by the
sensible player) meets the look-ahead bot (``lookahead``), the greedy bot (``greedy``) and its
own 10-times budget (``rollout10s``):

* competitive, 2-4 players: one explorer seat against the opponent at every other seat; the
  line-up turns by one seat a game (so the explorer plays every seat), and game ``i`` has the
  same setup seed against every opponent (common seeds). The margin of a game is the explorer's
  Healthy Humans minus the opponents' mean; the figure is its mean over games with a 95 %
  interval (normal approximation, games paired by construction);
* team, 4 players: the explorer on one team, the opponent on the other, teams swapping sides
  every game; the margin is the teams' scores' difference;
* cooperative, 2-4 players, normal and Hard: a table of explorers and a table of opponents on
  the same seeds; win rates (Wilson 95 %) and the paired difference.

Every game is appended to ``benchmarks/data/strength.jsonl`` as it ends (with its CPU time and
the load), and a run skips the games already there, so ``--games`` can grow run after run::

    nice -n 10 .venv/bin/python benchmarks/strength.py --games 4 --players 2 --modes competitive
    .venv/bin/python benchmarks/strength.py --json --summary     # figures from the stored games

By default the explorer plays on a budget of work, not seconds (``--budget-rollouts N``, the bot
``rollout@N``: its 1-second ranking stopped at ``N`` rollouts a choice, where that second ends on
a quiet machine, :data:`DEFAULT_BUDGET_ROLLOUTS`; ``rollout10s`` is then ``rollout@10N``): a
figure is the same whatever the machine's load, only the wall time changes. ``--budget-rollouts
0`` plays the clock-stopped ``rollout1s`` and ``rollout10s`` instead (on a loaded machine they
play with fewer rollouts). Every game stores its explorer, its budget and the load.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from precog.analysis.arena.bots import (
    ONE_SECOND_ROLLOUTS,
    WORK_PREFIX,
    WORK_RANGE,
    is_work_budget,
)
from precog.analysis.arena.tournament import lineup, play_one
from precog.analysis.basics.intervals import mean_figure, share_figure
from precog.analysis.parallel.jobs import iter_jobs
from precog.analysis.playouts.rollouts import DEFAULT_POLICY
from precog.analysis.projection.evaluation import DEFAULT as EVALUATION
from precog.commands.errors import UsageCode
from precog.commands.progress import steps
from precog.commands.tool_parser import (
    ToolParser,
    existing_file,
    listed,
    positive_int,
    seed_number,
    whole_number,
)
from precog.engine.problems import Problem

sys.path.insert(0, str(Path(__file__).resolve().parent))  # runs, beside this file
from runs import command_line, save_run

DATA = Path(__file__).with_name("data") / "strength.jsonl"
EXPLORER = "rollout1s"
"""The clock-stopped explorer (``--budget-rollouts 0``), and the explorer of games stored
before the budget of work."""
OPPONENTS = ("lookahead", "greedy", "rollout10s")
DEFAULT_BUDGET_ROLLOUTS = ONE_SECOND_ROLLOUTS
"""Rollouts a choice the explorer's 1-second ranking reaches on a quiet machine."""


def explorer_of(budget_rollouts: int) -> tuple[str, str]:
    """The explorer's bot and its 10-times-budget self: on ``budget_rollouts`` rollouts a
    choice, or on the clock (1 and 10 seconds) with 0."""
    if budget_rollouts == 0:
        return EXPLORER, "rollout10s"
    return f"{WORK_PREFIX}{budget_rollouts}", f"{WORK_PREFIX}{10 * budget_rollouts}"


def budget_of(explorer: str) -> dict[str, float]:
    """What a game's explorer rested on, for the JSON: rollouts a choice or seconds."""
    if is_work_budget(explorer):
        return {"rollouts_per_choice": int(explorer[len(WORK_PREFIX):])}
    return {"seconds": 1.0}


def tables(mode: str, players: int, opponent: str,
           explorer: str = EXPLORER) -> list[tuple[str, list[str]]]:
    """(side, base line-up) of the games of one match: one line-up, or two for cooperative."""
    if mode == "coop":
        return [("explorer", [explorer] * players), ("opponent", [opponent] * players)]
    if mode == "team":
        return [("both", [explorer, explorer, opponent, opponent])]  # teams: seats 0+1, 2+3
    return [("both", [explorer] + [opponent] * (players - 1))]


def match_key(mode: str, difficulty: str, players: int, opponent: str,
              explorer: str = EXPLORER) -> str:
    """``mode/difficulty/Np/opponent``, and ``/explorer`` after it on a budget of work (the
    clock-stopped explorer's games keep the keys they were stored under)."""
    key = f"{mode}/{difficulty}/{players}p/{opponent}"
    return key if explorer == EXPLORER else f"{key}/{explorer}"


def jobs_for(mode: str, difficulty: str, players: int, opponent: str, games: int, seed: int,
             done: set[tuple[str, str, int]],
             explorer: str = EXPLORER) -> list[tuple[str, str, tuple[Any, ...]]]:
    key = match_key(mode, difficulty, players, opponent, explorer)
    setup = {"mode": mode, "setup": "standard", "difficulty": difficulty}
    out = []
    for i in range(games):
        for side, base in tables(mode, players, opponent, explorer):
            if (key, side, i) not in done:
                seats = lineup(base, players, i, mode)
                out.append((key, side, explorer, (i, seed, seats, setup)))
    return out


class Meter:
    """A seat's bot with the CPU time of this process spent in its choices (with
    ``PRECOG_CORES=1`` every rollout is played in this process, so that is all of it)."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.cpu_s = bot, 0.0

    def choose(self, observation: Any, legal: Any, sample_world: Any) -> Any:
        cpu = time.process_time()
        try:
            return self.bot.choose(observation, legal, sample_world)
        finally:
            self.cpu_s += time.process_time() - cpu


def _play(job: tuple[str, str, str, tuple[Any, ...]]) -> dict[str, Any]:
    key, side, explorer, args = job
    cpu = time.process_time()
    meters: list[Meter] = []

    def wrap(bot: Any) -> Meter:
        meters.append(Meter(bot))
        return meters[-1]

    record = play_one(args, wrap)  # type: ignore[arg-type]
    return {"match": key, "side": side, "explorer": explorer, "budget": budget_of(explorer),
            "index": record.index, "seed": record.seed,
            "lineup": list(record.lineup), "winners": list(record.winners),
            "healthy": list(record.healthy), "scores": list(record.scores),
            "seconds": round(record.seconds, 1), "cpu_s": round(time.process_time() - cpu, 1),
            "cpu_s_by_seat": [round(m.cpu_s, 1) for m in meters],
            "rollouts_by_seat": [getattr(m.bot, "samples", None) for m in meters],
            "cores": os.environ.get("PRECOG_CORES"), "policy": repr(DEFAULT_POLICY),
            "evaluation": repr(EVALUATION), "load": round(os.getloadavg()[0], 2)}


def load(path: Path) -> list[dict[str, Any]]:
    """The games stored in ``path`` that today's bots would play again (:func:`is_current`)."""
    if not path.is_file():
        return []
    return [record for line in path.read_text().splitlines() if line.strip()
            if is_current(record := json.loads(line))]


def is_current(record: dict[str, Any]) -> bool:
    """Whether a stored game still stands: one with a look-ahead bot at the table counts only
    if that bot judged with today's evaluation (its projection's weights), as a stronger
    opponent makes another match; the others do not read it."""
    return ("lookahead" not in record.get("lineup", ())
            or record.get("evaluation") == repr(EVALUATION))


def over_games(xs: Sequence[float]) -> dict[str, Any]:
    """A mean over games with its 95 % interval (a paired one when ``xs`` are differences)."""
    return mean_figure(xs, count="games", digits=3)


def explorer_in(record: dict[str, Any]) -> str:
    return str(record.get("explorer", EXPLORER))


def margin(record: dict[str, Any], mode: str) -> float:
    """The explorer's score minus the opponents' mean in one game."""
    score = record["scores"] if mode == "team" else record["healthy"]
    explorer = explorer_in(record)
    mine = [score[s] for s, b in enumerate(record["lineup"]) if b == explorer]
    theirs = [score[s] for s, b in enumerate(record["lineup"]) if b != explorer]
    return sum(mine) / len(mine) - sum(theirs) / len(theirs)


def summary(records: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in sorted({r["match"] for r in records}):
        mode = key.split("/")[0]
        rows = [r for r in records if r["match"] == key]
        if mode != "coop":
            out[key] = {"explorer_margin_hh": over_games([margin(r, mode) for r in rows])}
            continue
        by_side = {side: {r["index"]: bool(r["winners"]) for r in rows if r["side"] == side}
                   for side in ("explorer", "opponent")}
        both = sorted(set(by_side["explorer"]) & set(by_side["opponent"]))
        entry = {}
        for side, wins in by_side.items():
            entry[f"{side}_win_rate"] = share_figure(sum(wins.values()), len(wins),
                                                     count="games", digits=3)
        entry["explorer_minus_opponent_wins"] = over_games(
            [by_side["explorer"][i] - by_side["opponent"][i] for i in both])
        out[key] = entry
    return out


def versus(records: list[dict[str, Any]], other: list[dict[str, Any]]) -> dict[str, Any]:
    """Game by game, this file's margin minus ``other``'s (the same match, side and game
    index: the same seed and seats), for every competitive or team match both files hold."""
    out: dict[str, Any] = {}
    for key in sorted({r["match"] for r in records} & {r["match"] for r in other}):
        mode = key.split("/")[0]
        if mode == "coop":
            continue
        mine = {(r["side"], r["index"]): margin(r, mode) for r in records if r["match"] == key}
        theirs = {(r["side"], r["index"]): margin(r, mode) for r in other if r["match"] == key}
        both = sorted(set(mine) & set(theirs))
        out[key] = {"margin_hh": over_games([mine[g] for g in both]),
                    "versus_margin_hh": over_games([theirs[g] for g in both]),
                    "paired_difference_hh": over_games([mine[g] - theirs[g] for g in both])}
    return out


def explorer_effort(records: list[dict[str, Any]]) -> dict[str, Any]:
    """The explorer's CPU seconds a Keep/Give and its rollouts a choice (median over its
    Keep/Give), from the games that metered them (``PRECOG_CORES=1``: all of it)."""
    cpu, rollouts, loads = [], [], []
    for r in records:
        if "cpu_s_by_seat" not in r:
            continue
        for seat, bot in enumerate(r["lineup"]):
            if bot == explorer_in(r) and r["rollouts_by_seat"][seat]:
                cpu.append(r["cpu_s_by_seat"][seat] / len(r["rollouts_by_seat"][seat]))
                rollouts += r["rollouts_by_seat"][seat]
        loads.append(r["load"])
    return {"cpu_s_per_keep_give": over_games(cpu),
            "rollouts_per_choice_median": sorted(rollouts)[len(rollouts) // 2]
            if rollouts else None,
            "load_range": [min(loads), max(loads)] if loads else None}


def main(argv: Sequence[str] | None = None) -> int:
    ap = ToolParser(description=__doc__.split("\n")[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--summary", action="store_true", help="only the stored games' figures")
    ap.add_argument("--games", type=positive_int, default=100, help="games per match (target 100)")
    ap.add_argument("--players", type=listed(("2", "3", "4")), default="2,3,4")
    ap.add_argument("--modes", type=listed(("competitive", "team", "coop")),
                    default="competitive,team,coop")
    ap.add_argument("--difficulties", type=listed(("normal", "hard", "apocalypse")),
                    default="normal,hard", help="cooperative only")
    ap.add_argument("--opponents", default=",".join(OPPONENTS))
    ap.add_argument("--seed", type=seed_number, default=41)
    ap.add_argument("--budget-rollouts", type=whole_number, default=DEFAULT_BUDGET_ROLLOUTS,
                    help="the explorer's rollouts a choice (a budget of work: the same games "
                         "whatever the load; rollout10s plays 10 times as many); 0: 1 and 10 "
                         f"seconds on the clock (default {DEFAULT_BUDGET_ROLLOUTS})")
    ap.add_argument("--workers", type=positive_int, default=None)
    ap.add_argument("--file", type=Path, default=DATA)
    ap.add_argument("--versus", type=existing_file, default=None,
                    help="another games file (e.g. the same matches with other playouts): "
                         "the paired difference of the margins, game by game")
    ap.add_argument("--save", action="store_true",
                    help="store the figures in benchmarks/data/runs/ (docs/performance-log.md)")
    args = ap.parse_args(argv)
    if args.budget_rollouts != 0 and not is_work_budget(f"{WORK_PREFIX}{args.budget_rollouts}"):
        ap.refuse(Problem.of(UsageCode.ZERO_OR_COUNT, low=WORK_RANGE[0],
                             high=WORK_RANGE[1] // 10, got=args.budget_rollouts),
                  "--budget-rollouts")
    explorer, tenfold = explorer_of(args.budget_rollouts)
    if not args.summary:
        done = {(r["match"], r["side"], r["index"]) for r in load(args.file)}
        jobs = []
        for mode in args.modes:
            for players in (int(p) for p in args.players):
                if mode == "team" and players != 4:
                    continue
                for difficulty in (args.difficulties if mode == "coop"
                                   else ["normal"]):
                    for opponent in args.opponents.split(","):
                        opponent = tenfold if opponent == "rollout10s" else opponent
                        jobs += jobs_for(mode, difficulty, players, opponent, args.games,
                                         args.seed, done, explorer)
        jobs.sort(key=lambda j: j[3][0])  # game 0 of every match first: a share of each
        command = command_line()
        print(f"{len(jobs)} games to play", file=sys.stderr, flush=True)
        for result in steps(iter_jobs(_play, jobs, args.workers), "games", len(jobs)):
            result["command"] = command
            with args.file.open("a") as out:
                out.write(json.dumps(result) + "\n")
            print(json.dumps(result), file=sys.stderr, flush=True)
    records = load(args.file)
    figures: dict[str, Any] = {"explorer": explorer, "budget": budget_of(explorer),
                               "explorers_stored": sorted({explorer_in(r) for r in records}),
                               "matches": summary(records),
                               "effort": explorer_effort(records),
                               "load": os.getloadavg(), "file": str(args.file.name)}
    if args.versus is not None:
        other = load(args.versus)
        figures["versus"] = {"file": str(args.versus.name), "matches": versus(records, other),
                             "effort": explorer_effort(other)}
    if args.save:
        print(f"stored in {save_run('strength', figures, argv)}", file=sys.stderr)
    if args.json:
        print(json.dumps(figures, indent=1))
    else:
        for key, entry in figures["matches"].items():
            print(key, json.dumps(entry))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
