"""The cooperative team's success rate with and without the cooperative River tiles' supplies.

A table of one bot at every seat (default ``lookahead``) plays the cooperative mode at normal
and Hard, with the rule option ``coop_supplies`` on (the project's choice) and off (the
rulebook's literal reading). Game ``i`` of every row has the same setup seed (common seeds,
:func:`precog.analysis.arena.tournament.play_one`), so the two readings are compared game by game.
Games are interleaved (game 0 of every row, then game 1, ...), so a run stopped at any time
holds about as many games of each row; every game is appended to ``--file`` as it ends (with
its CPU time and the load), and a run skips the games already there, so ``--games`` can grow
run after run::

    nice -n 10 .venv/bin/python scripts/coop_win_rates.py --players 2 --games 20 --seed 60
    .venv/bin/python scripts/coop_win_rates.py --summary            # figures of the stored games

Win rates with Wilson 95 % intervals; the paired difference (supplies minus none) over the
games both readings played, with a normal 95 % interval, the games only one reading won and
a two-sided sign test on them.
"""

from __future__ import annotations

import json
import math
import os
import shlex
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from precog.analysis.arena.tournament import game_seed, play_one
from precog.analysis.basics.intervals import mean_figure, share_figure
from precog.analysis.parallel.jobs import iter_jobs
from precog.commands.progress import steps
from precog.commands.tool_parser import ToolParser, listed, positive_int, seed_number
from precog.engine import PrecogError
from precog.engine.state import RuleOptions

DATA = Path(__file__).resolve().parents[1] / "benchmarks" / "data" / "coop_win_rates.jsonl"
READINGS = {"supplies": True, "none": False}


def row_key(bot: str, players: int, difficulty: str, reading: str) -> str:
    return f"{bot}/{players}p/{difficulty}/{reading}"


def jobs_for(bot: str, players: list[int], difficulties: list[str], games: int, seed: int,
             done: set[tuple[str, int]]) -> list[tuple[str, tuple[Any, ...]]]:
    """Every game still to play, game 0 of every row first."""
    jobs = []
    for i in range(games):
        for n in players:
            for difficulty in difficulties:
                for reading, supplies in READINGS.items():
                    key = row_key(bot, n, difficulty, reading)
                    if (key, i) in done:
                        continue
                    setup = {"mode": "coop", "setup": "standard", "difficulty": difficulty,
                             "options": RuleOptions(coop_supplies=supplies)}
                    jobs.append((key, (i, seed, (bot,) * n, setup)))
    return jobs


def _play(job: tuple[str, tuple[Any, ...]]) -> dict[str, Any]:
    """One game's record; a game a bot cannot finish (it raises) is stored with its error,
    so that the run goes on and the summary counts it apart."""
    key, args = job
    cpu = time.process_time()
    try:
        record = play_one(args)  # type: ignore[arg-type]
    except PrecogError as err:
        return {"row": key, "index": args[0], "seed": game_seed(args[1], args[0]),
                "error": f"{type(err).__name__}: {err}",
                "cpu_s": round(time.process_time() - cpu, 1)}
    return {"row": key, "index": record.index, "seed": record.seed,
            "won": bool(record.winners), "healthy": sum(record.healthy),
            "reason": record.reason, "rounds": record.rounds,
            "seconds": round(record.seconds, 1), "cpu_s": round(time.process_time() - cpu, 1),
            "load": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None}


def load(path: Path) -> list[dict[str, Any]]:
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]


def rate(wins: Sequence[bool]) -> dict[str, Any]:
    return share_figure(sum(wins), len(wins), count="games", digits=3)


def paired(differences: Sequence[float]) -> dict[str, Any]:
    return mean_figure(differences, count="games", digits=3)


def sign_test(differences: Sequence[float]) -> float | None:
    """Two-sided sign test over the games only one reading won (exact binomial, p = 1/2): the
    paired interval says nothing when every game goes one way."""
    ups = sum(1 for d in differences if d > 0)
    n = ups + sum(1 for d in differences if d < 0)
    if n == 0:
        return None
    tail = sum(math.comb(n, k) for k in range(min(ups, n - ups) + 1)) / 2 ** n
    return round(min(1.0, 2 * tail), 4)


def summary(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Per row: the win rate (and the games a bot could not finish, left out); per table and
    difficulty: supplies minus none, game by game."""
    won = {(r["row"], r["index"]): bool(r["won"]) for r in records if "error" not in r}
    out: dict[str, Any] = {}
    for key in sorted({r["row"] for r in records}):
        out[key] = {**rate([w for (k, _), w in won.items() if k == key]),
                    "failed": sum(1 for r in records if r["row"] == key and "error" in r)}
    for key in sorted({k.rsplit("/", 1)[0] for k in out}):
        on = {i: w for (k, i), w in won.items() if k == f"{key}/supplies"}
        off = {i: w for (k, i), w in won.items() if k == f"{key}/none"}
        both = sorted(set(on) & set(off))
        out[f"{key}/supplies-minus-none"] = {
            **paired([on[i] - off[i] for i in both]),
            "only_supplies_won": sum(1 for i in both if on[i] and not off[i]),
            "only_none_won": sum(1 for i in both if off[i] and not on[i]),
            "sign_test_p": sign_test([on[i] - off[i] for i in both])}
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = ToolParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bot", default="lookahead", help="the bot at every seat")
    ap.add_argument("--games", type=positive_int, default=20, help="games per row")
    ap.add_argument("--players", type=listed(("2", "3", "4")), default="2,3,4")
    ap.add_argument("--difficulties", type=listed(("normal", "hard", "apocalypse")),
                    default="normal,hard")
    ap.add_argument("--seed", type=seed_number, default=60)
    ap.add_argument("--workers", type=positive_int, default=None)
    ap.add_argument("--file", type=Path, default=DATA)
    ap.add_argument("--summary", action="store_true", help="only the stored games' figures")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    if not args.summary:
        done = {(r["row"], r["index"]) for r in load(args.file)}
        jobs = jobs_for(args.bot, [int(p) for p in args.players],
                        args.difficulties, args.games, args.seed, done)
        command = "nice -n 10 .venv/bin/python " + shlex.join(sys.argv)
        print(f"{len(jobs)} games to play", file=sys.stderr, flush=True)
        args.file.parent.mkdir(parents=True, exist_ok=True)
        for result in steps(iter_jobs(_play, jobs, args.workers), "games", len(jobs)):
            result["command"] = command
            with args.file.open("a", encoding="utf-8") as out:
                out.write(json.dumps(result) + "\n")
    figures = summary(load(args.file))
    if args.json:
        print(json.dumps(figures, indent=1))
    else:
        for key, entry in figures.items():
            print(key, json.dumps(entry))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
