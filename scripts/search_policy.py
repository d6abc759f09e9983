"""The sensible player's weights searched by self-play in the batch, then checked against the
look-ahead bot.

**Search** (``--sweeps``): a candidate sensible player (its Keep/Give weights, softmax
temperature and :class:`~precog.analysis.playing.policy_data.Judgement`, all as in
``precog/data/policy.toml``) plays at one seat (competitive; turned through every seat) or on
one team (team; both sides) against the shipped player at every other seat, in the numpy batch
(:func:`precog.analysis.playouts.batch.run_seats`). Every game is played again with the shipped
player at every seat on the same start and row of uniforms (common random numbers): a
candidate's gain is the mean over the tables of the paired difference of its seat's margin
(its Healthy Humans less the others' mean; a team's total less the other team's). At a
cooperative table (``2o``-``4o`` normal, ``2h``-``4h`` Hard) the candidate plays every seat
and its gain is the paired difference of the table's value as the analysis counts it (the
Boats' total times the chance the last check's Objectives are met); there the search moves
only the cooperative weights (``[cooperative]``). A coordinate
search moves one weight a step at a time and keeps a move whose paired gain over the current
candidate clears ``--z`` standard errors. The result is then measured on fresh seeds (held out).

**Check** (``--check N``): the candidate and the shipped player each as
:class:`~precog.analysis.arena.bots.PolicyBot` against the look-ahead bot, ``N`` games a table,
seats turned, on the same seeds (paired): the margin of each and their paired difference, with
95 % intervals. (The look-ahead's later rounds play the shipped player: run the check before
a candidate is shipped.)

    nice -n 5 .venv/bin/python scripts/search_policy.py --sweeps 3 --games 400 --seed 8 \\
        --write /tmp/candidate.toml --json
    nice -n 5 .venv/bin/python scripts/search_policy.py --sweeps 0 \\
        --candidate /tmp/candidate.toml --check 120 --check-tables 2c --json
    nice -n 5 .venv/bin/python scripts/search_policy.py --sweeps 3 --games 1000 --seed 8 \\
        --tables 2o,3o,4o,2h,3h,4h --write /tmp/cooperative.toml --json
"""

from __future__ import annotations

import json
import os
import random
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from precog.analysis.arena.policy_match import margin_against_lookahead
from precog.analysis.basics.intervals import mean_ci, standard_error
from precog.analysis.parallel.jobs import iter_jobs
from precog.analysis.playing.policy import SENSIBLE, SensiblePolicy
from precog.analysis.playing.policy_data import MAX_WEIGHT, Judgement, parse_policy_weights
from precog.analysis.playouts.batch import run_seats, seat_values
from precog.analysis.playouts.rollouts import uniforms
from precog.commands.progress import steps
from precog.commands.tool_parser import (
    ToolParser,
    existing_file,
    listed,
    number_above_zero,
    positive_int,
    seed_number,
    whole_number,
)
from precog.engine import GameState, legal_actions, new_game
from precog.engine.playout import decision_begins, play_on
from precog.engine.scoring import TEAMS

TABLES = {"2c": (2, "competitive", "normal"), "3c": (3, "competitive", "normal"),
          "4c": (4, "competitive", "normal"), "4t": (4, "team", "normal"),
          "2o": (2, "coop", "normal"), "3o": (3, "coop", "normal"), "4o": (4, "coop", "normal"),
          "2h": (2, "coop", "hard"), "3h": (3, "coop", "hard"), "4h": (4, "coop", "hard")}
"""Each table: players, mode and difficulty. The cooperative tables ("o" normal, "h" Hard)
search the cooperative weights (``[cooperative]`` in policy.toml), the others the rest."""
CHECK_TABLES = ("2c", "3c", "4c", "4t")  # the check seats one player against look-ahead bots
TEMPERATURES = (0.0, 0.02, 0.05, 0.1, 0.2, 0.5)  # the temperature's steps (Healthy Humans)
WEIGHTS = ("keep", "give_rival", "give_friend")


@dataclass
class Table:
    """One table's games: starts, rows of uniforms, the candidate's seat groups, and the
    shipped player's margins for each group (the paired baseline)."""

    players: int
    mode: str
    starts: list[Any]
    rows: np.ndarray
    groups: list[tuple[int, ...]]
    baseline: np.ndarray  # (groups, games)


def margins(finals: Any, group: tuple[int, ...], template: GameState) -> np.ndarray:
    """Per game, the margin of the seats ``group`` (games,); cooperative (the whole table one
    group), the table's value as the analysis counts it: the Boats' total times the chance the
    last check's Objectives are met (:func:`~precog.analysis.playouts.batch.seat_values`)."""
    mode, healthy = template.config.mode, finals.healthy
    if mode == "coop":
        return np.asarray(seat_values(finals, template, 0), dtype=float)
    if mode == "team":
        other = TEAMS[1] if group == TEAMS[0] else TEAMS[0]
        return (healthy[:, list(group)].sum(axis=1) - healthy[:, list(other)].sum(axis=1)
                ).astype(float)
    others = [s for s in range(healthy.shape[1]) if s not in group]
    return healthy[:, group[0]] - healthy[:, others].mean(axis=1)


def start_of(name: str, seed: int, round_: int) -> GameState:
    """A game of table ``name`` at the start of round ``round_``'s Decision phase, played
    there by the shipped player (a new game for round 1); another seed when the game ended
    before that round (a cooperative game lost on an Objective)."""
    players, mode, difficulty = TABLES[name]
    for attempt in range(50):
        state = new_game(players=players, mode=mode, difficulty=difficulty,
                         seed=seed * 64 + attempt)
        if round_ == 1:
            return state
        rng = random.Random(seed * 64 + attempt)

        def move(s: GameState, _seat: int, rng: random.Random = rng) -> Any:
            options = legal_actions(s)
            return options[SENSIBLE.index(s, rng.random(), options)]

        state = play_on(state, move, lambda s: s.round == round_ and decision_begins(s))
        if not state.is_over:
            return state
    raise RuntimeError(f"table {name}: every game of seed {seed} ended before round {round_}")


def make_tables(names: Sequence[str], games: int, seed: int,
                rounds: Sequence[int] = (1,)) -> list[Table]:
    """A table of ``games`` games for each name and start round (the batch plays games that
    start at one round together)."""
    return [make_table(name, games, seed * 13 + round_ - 1 if round_ > 1 else seed, round_)
            for name in names for round_ in rounds]


def make_table(name: str, games: int, seed: int, round_: int = 1) -> Table:
    players, mode, _ = TABLES[name]
    starts = [start_of(name, seed * 100_003 + g, round_) for g in range(games)]
    rows = uniforms(games, seed=seed)
    groups: list[tuple[int, ...]] = (
        [tuple(t) for t in TEAMS] if mode == "team" else [tuple(range(players))]
        if mode == "coop" else [(s,) for s in range(players)])
    shipped = run_seats(starts, rows, [SensiblePolicy()] * players)
    baseline = np.stack([margins(shipped, g, starts[0]) for g in groups])
    return Table(players, mode, starts, rows, groups, baseline)


def gains(candidate: SensiblePolicy, tables: Sequence[Table]) -> np.ndarray:
    """The candidate's paired gain over the shipped player, per game of every table (each
    table's games weighted alike: the flat array has one entry per group and game, scaled)."""
    out = []
    for t in tables:
        per = []
        for group, base in zip(t.groups, t.baseline, strict=True):
            seats = [candidate if s in group else SensiblePolicy() for s in range(t.players)]
            finals = run_seats(t.starts, t.rows, seats)
            per.append(margins(finals, group, t.starts[0]) - base)
        out.append(np.mean(per, axis=0))  # (games,): the mean over the seat groups
    return np.mean(out, axis=0)  # (games,): the mean over the tables (same game count)


def neighbours(policy: SensiblePolicy, modes: frozenset[str] = frozenset({"competitive"})
               ) -> list[tuple[str, SensiblePolicy]]:
    """Every candidate one step from ``policy``: a weight or a judgement value up or down by
    one (within 0..MAX_WEIGHT, Keep at least 1), the temperature one step along its ladder;
    the cooperative Keep and judgement (only those) when ``modes`` holds "coop"."""
    out = coop_neighbours(policy) if "coop" in modes else []
    if not modes - {"coop"}:
        return out
    for name in WEIGHTS:
        value = getattr(policy, name)
        for step in (-1, 1):
            if (1 if name == "keep" else 0) <= value + step <= MAX_WEIGHT:
                out.append((f"{name}{step:+d}", replace(policy, **{name: value + step})))
    out += judgement_steps(policy, "judgement")
    ladder = list(TEMPERATURES)
    if policy.temperature in ladder:
        i = ladder.index(policy.temperature)
        for j in (i - 1, i + 1):
            if 0 <= j < len(ladder):
                out.append((f"temperature={ladder[j]}", replace(policy, temperature=ladder[j])))
    return out


def coop_neighbours(policy: SensiblePolicy) -> list[tuple[str, SensiblePolicy]]:
    """The cooperative Keep weight and judgement values one step up or down."""
    out = []
    for step in (-1, 1):
        if 1 <= policy.coop_keep + step <= MAX_WEIGHT:
            out.append((f"coop_keep{step:+d}", replace(policy, coop_keep=policy.coop_keep + step)))
    return out + judgement_steps(policy, "coop_judgement")


def judgement_steps(policy: SensiblePolicy, field: str) -> list[tuple[str, SensiblePolicy]]:
    """Each value of the policy's ``field`` judgement ("judgement" or "coop_judgement") one
    step up or down within 0..MAX_WEIGHT; the cooperative steps' names start with "coop_"."""
    judgement, prefix = getattr(policy, field), "coop_" if field == "coop_judgement" else ""
    out = []
    for name in Judgement.names():
        value = getattr(judgement, name)
        for step in (-1, 1):
            if 0 <= value + step <= MAX_WEIGHT:
                judged = replace(judgement, **{name: value + step})
                out.append((f"{prefix}{name}{step:+d}", replace(policy, **{field: judged})))
    return out


def search(start: SensiblePolicy, tables: Sequence[Table], sweeps: int, z: float
           ) -> tuple[SensiblePolicy, list[dict[str, Any]]]:
    """Coordinate search from ``start`` (see the module doc); the path of accepted moves."""
    best, best_gain = start, gains(start, tables)
    modes = frozenset(t.mode for t in tables)
    path: list[dict[str, Any]] = []
    for sweep in range(sweeps):
        moved = False
        for name, _ in steps(neighbours(best, modes), "runs"):
            candidate = dict(neighbours(best, modes)).get(name)
            if candidate is None:
                continue
            gain = gains(candidate, tables)
            diff = gain - best_gain
            mean = float(diff.mean())
            if mean - z * standard_error(diff) > 0:
                best, best_gain, moved = candidate, gain, True
                path.append({"sweep": sweep, "move": name, "gain_over_previous": round(mean, 4),
                             "gain_over_shipped": round(float(gain.mean()), 4)})
        if not moved:
            break
    return best, path


def check_game(job: tuple[str, str, int, int, str]) -> dict[str, Any]:
    """Game ``index`` of a table: the cell's player (``shipped`` or ``candidate``) at one seat
    (competitive; turned by one seat a game) or one team (team), the look-ahead bot at every
    other; the same game seed and bot seeds for both cells (paired)."""
    table, cell, index, seed, candidate_text = job
    players, mode, _ = TABLES[table]
    policy = (SensiblePolicy() if cell == "shipped"
              else policy_of(parse_policy_weights(candidate_text)))
    gseed, margin = margin_against_lookahead(policy, players, mode, index, seed)
    return {"table": table, "cell": cell, "index": index, "seed": gseed,
            "margin": margin, "load": round(os.getloadavg()[0], 2)}


def run_check(tables: Sequence[str], games: int, seed: int, candidate_text: str, out: Path,
              workers: int) -> dict[str, Any]:
    """Play the check's missing games (appended to ``out`` as they end, so a run resumes)
    and summarise it per table."""
    done = set()
    if out.is_file():
        done = {(r["table"], r["cell"], r["index"]) for r in map(json.loads, out.open())}
    jobs = [(t, c, i, seed, candidate_text) for t in tables for i in range(games)
            for c in ("shipped", "candidate") if (t, c, i) not in done]
    with out.open("a") as sink:
        for row in steps(iter_jobs(check_game, jobs, workers=workers), "games", len(jobs)):
            sink.write(json.dumps(row) + "\n")
            sink.flush()
    rows = [json.loads(line) for line in out.open()]
    summary: dict[str, Any] = {}
    for t in tables:
        by = {c: {r["index"]: r["margin"] for r in rows if r["table"] == t and r["cell"] == c}
              for c in ("shipped", "candidate")}
        common = sorted(set(by["shipped"]) & set(by["candidate"]))
        loads = [r["load"] for r in rows if r["table"] == t]
        summary[t] = {"games": len(common), "load_1min": [min(loads), max(loads)],
                      "shipped_margin_hh": _ci([by["shipped"][i] for i in common]),
                      "candidate_margin_hh": _ci([by["candidate"][i] for i in common]),
                      "candidate_minus_shipped_hh": _ci([by["candidate"][i] - by["shipped"][i]
                                                         for i in common])}
    return summary


def policy_of(weights: Any) -> SensiblePolicy:
    return SensiblePolicy(weights.temperature, weights.keep, weights.give_rival,
                          weights.give_friend, weights.judgement, weights.coop_keep,
                          weights.coop_judgement)


def policy_text(policy: SensiblePolicy) -> str:
    """``policy`` as the ``[keep_give]``, ``[judgement]`` and ``[cooperative]`` tables of
    ``policy.toml``."""
    lines = ["[keep_give]"] + [f"{n} = {getattr(policy, n)}" for n in WEIGHTS]
    lines += [f"temperature = {policy.temperature}", "", "[judgement]"]
    lines += [f"{n} = {v}" for n, v in asdict(policy.judgement).items()]
    lines += ["", "[cooperative]", f"keep = {policy.coop_keep}"]
    lines += [f"{n} = {v}" for n, v in asdict(policy.coop_judgement).items()]
    return "\n".join(lines) + "\n"


def listed_rounds(text: str) -> tuple[int, ...]:
    """``--from-rounds``: comma-separated rounds 1-12."""
    rounds = tuple(listed(tuple(str(r) for r in range(1, 13)))(text))
    return tuple(int(r) for r in rounds)


def _ci(xs: Sequence[float]) -> list[float]:
    mean, half = mean_ci(list(xs))
    return [round(mean, 3), round(mean - half, 3), round(mean + half, 3)]


def main(argv: Sequence[str] | None = None) -> int:
    ap = ToolParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sweeps", type=whole_number, default=2, help="coordinate-search sweeps")
    ap.add_argument("--games", type=positive_int, default=400,
                    help="games a table and seat (and start round)")
    ap.add_argument("--tables", type=listed(tuple(TABLES)), default="2c,3c,4c,4t")
    ap.add_argument("--z", type=number_above_zero, default=2.5,
                    help="standard errors a move must clear")
    ap.add_argument("--seed", type=seed_number, default=8)
    ap.add_argument("--from-rounds", type=listed_rounds, default="1",
                    help="the rounds the games start at, in turn (comma-separated, 1-12; the "
                         "shipped player plays the rounds before): 1 = new games")
    ap.add_argument("--candidate", type=existing_file, default=None,
                    help="start from (or, with --sweeps 0, check) this policy.toml")
    ap.add_argument("--write", default="", help="write the candidate's policy.toml here")
    ap.add_argument("--check", type=whole_number, default=0,
                    help="games a table against the look-ahead bot (0: no check)")
    ap.add_argument("--check-tables", type=listed(CHECK_TABLES), default="2c")
    ap.add_argument("--out", default="benchmarks/data/policy_search_check.jsonl")
    ap.add_argument("--workers", type=positive_int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    start = (policy_of(parse_policy_weights(args.candidate.read_text()))
             if args.candidate else SensiblePolicy())
    result: dict[str, Any] = {"seed": args.seed, "load_1min": round(os.getloadavg()[0], 2),
                              "command": "nice -n 5 .venv/bin/python " + " ".join(sys.argv)}
    best = start
    if args.sweeps:
        train = make_tables(args.tables, args.games, args.seed, args.from_rounds)
        best, path = search(start, train, args.sweeps, args.z)
        result["path"] = path
    held_out = make_tables(args.tables, args.games, args.seed + 1, args.from_rounds)
    result["held_out_gain_over_shipped_hh"] = _ci(gains(best, held_out))
    result["held_out_by_table"] = {
        f"{t}@{r}" if len(args.from_rounds) > 1 else t: _ci(gains(best, [table]))
        for (t, r), table in zip([(t, r) for t in args.tables for r in args.from_rounds],
                                 held_out, strict=True)}
    result["candidate"] = policy_text(best)
    if args.write:
        Path(args.write).write_text(policy_text(best))
    if args.check:
        result["check"] = run_check(args.check_tables, args.check, args.seed, policy_text(best),
                                    Path(args.out), args.workers)
    print(json.dumps(result, indent=1) if args.json else result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
