"""Decision quality against stronger play: is the explorer's 1-second choice the right one?

`decision_quality.py` scores the 1-second ranking against the same method run longer (the
sensible player at every seat, the same value, the same world sampler): that measures
convergence (its keys are ``convergence_*``). This benchmark scores it against an independent
reference: every Keep/Give choice of a position is forced, then the game is played to its end
by the look-ahead bot (:class:`~precog.analysis.arena.bots.LookaheadBot`) at every seat, each seat
deciding from its own observation (:func:`~precog.analysis.playing.players.ask`), in a world sampled
per playout from the analysing seat's observation. Playout ``k`` uses the same world and the same
bots' seeds for every choice (common random numbers), so two choices are compared game by game.

Playouts go in steps (``--step`` per live choice); a choice whose paired deficit to the best
has its 95 % interval above 0 stops, but never before 16 playouts (``MIN_DECIDED``: eight
playouts can all differ by the same amount, an interval of width 0, by chance); a position is
*decided* when one choice is left, and a *tie* (its live choices) when ``--max-playouts`` are
reached first. Each position stores the component set and the sensible player it was built on
(the suite's games depend on both); ``--build`` rebuilds, and ``--score`` skips, a position
built on others or under a lower floor. Neither the analysis under
test nor the sensible player bare plays any seat.

The suite (``--positions``, pure function of ``--seed`` and the position's number): 20
configurations (2, 3, 4 players competitive; 4 players team; 2, 3, 4 players cooperative at
normal and Hard difficulty; each in the standard and advanced setup) cycled, rounds 1-12 cycled,
from games of greedy, look-ahead, rollout or mixed tables played up to that round.

    nice -n 10 .venv/bin/python benchmarks/independent_reference.py --build --positions 150
    nice -n 10 .venv/bin/python benchmarks/independent_reference.py --build --part 1/3
    .venv/bin/python benchmarks/independent_reference.py --score --json
    nice -n 10 .venv/bin/python benchmarks/independent_reference.py --build --held-out --late-first
    .venv/bin/python benchmarks/independent_reference.py --score --json --held-out

``--held-out`` builds and scores a second suite of its own seed (:data:`HELD_OUT_SEED`,
stored in ``benchmarks/data/independent_reference_held_out.jsonl``): the project scores the
explorer on it but never tunes on it.

``--build`` appends every finished position to ``benchmarks/data/independent_reference.jsonl``
(one JSON object a line, with its CPU and wall time, the load and the command) and skips the
positions already there, so it resumes and several ``--part K/N`` can run one after another.
``--score`` runs the analysis under test (the 1-second ranking) on every stored position and
prints ``independent_agreement`` (decided positions) and ``independent_mean_loss_hh`` (all
positions), with 95 % intervals, by mode, players and season. The loss is in Healthy Humans a
Boat, the one scale of every mode (:func:`loss_per_boat`: the mode's score, divided by the
Boats it adds up); ``independent_mean_loss_score`` keeps it in the mode's own score.
``reference_best_stability`` says how far the reference itself can be trusted: over the decided
positions, how often the stored best is still the best when the position's paired playouts are
drawn again with replacement (:func:`best_stability`), so the agreement even a player who
always finds the true best could expect (at most: the draws start from the winner's own
playouts). ``--analysis lookahead`` scores the look-ahead bot's own choice instead of the
explorer's, for comparison (not an independent check: the reference is played by that bot;
stored beside the explorer's scores as ``*.lookahead.json``). The
1-second ranking is played on a budget of work (``--budget-rollouts N``, default
:data:`DEFAULT_BUDGET_ROLLOUTS`: the rollouts a choice that second reaches on a quiet machine;
the ranking stopped there, as a timed one that reached them would be), so the scores are the
same whatever the machine's load; ``--budget S`` stops it on the clock after ``S`` seconds
instead. The reference is deterministic in work too (the look-ahead bot has no clock). The
scores store the budget.

``--seat-plays-on policy`` builds (and scores) a diagnosis beside a set, not a reference: the
same positions and playouts, but the analysing seat plays on after its Keep/Give as the
sensible player, the explorer's own assumption about it, while every other seat is still the
look-ahead bot. Stored as ``*_seat_policy.jsonl``; where the explorer agrees with it and not
with the reference, the miss comes from how the seat is assumed to play on.
"""

from __future__ import annotations

import json
import math
import os
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from precog.analysis.arena.bots import ONE_SECOND_ROLLOUTS, WORK_RANGE, LookaheadBot, make_bot
from precog.analysis.basics.intervals import mean_ci, mean_figure, share_figure
from precog.analysis.choices.ranking import rank_options
from precog.analysis.parallel.jobs import run_jobs
from precog.analysis.playing.players import (
    SECRET_PHASES,
    as_policy,
    ask,
    first_legal,
    until_seat,
    world_sampler,
)
from precog.analysis.playing.world import canonical_world
from precog.analysis.playouts.rollouts import DEFAULT_POLICY
from precog.analysis.projection.evaluation import DEFAULT, last_check_value
from precog.commands.errors import UsageCode
from precog.commands.progress import count_bar
from precog.commands.tool_parser import (
    ToolParser,
    listed,
    number_above_zero,
    part,
    positive_int,
    seed_number,
    whole_number,
)
from precog.engine import (
    GameState,
    determinize,
    from_position,
    legal_actions,
    new_game,
    observation,
    reference_components,
    to_position,
)
from precog.engine.playout import decision_begins, play_on
from precog.engine.problems import Problem

sys.path.insert(0, str(Path(__file__).resolve().parent))  # runs, beside this file
from runs import command_line, save_run

DATA = Path(__file__).with_name("data") / "independent_reference.jsonl"
SCORES = Path(__file__).with_name("data") / "independent_reference_scores.json"
HELD_OUT = Path(__file__).with_name("data") / "independent_reference_held_out.jsonl"
HELD_OUT_SEED = 4242
"""The held-out set (``--held-out``): positions of their own seed, which the project scores
but never tunes on."""
CONFIGS: tuple[tuple[int, str, str, str], ...] = tuple(
    (players, mode, difficulty, setup)
    for setup in ("standard", "advanced")
    for players, mode, difficulty in (
        (2, "competitive", "normal"), (3, "competitive", "normal"),
        (4, "competitive", "normal"), (4, "team", "normal"),
        (2, "coop", "normal"), (3, "coop", "normal"), (4, "coop", "normal"),
        (2, "coop", "hard"), (3, "coop", "hard"), (4, "coop", "hard")))
TABLES = ("greedy", "lookahead", "rollout", "mixed")
MIXED = ("greedy", "lookahead", "rollout", "policy")
SEASONS = ((1, 4), (5, 8), (9, 12))
STAMP = {"components": reference_components().fingerprint, "policy": repr(DEFAULT_POLICY),
         "evaluation": repr(DEFAULT)}
"""What a stored position was built on: the suite's games depend on the component set, on
the sensible player (the policy and rollout tables) and on the look-ahead bot's evaluation
(its projection's weights); a position built on others is rebuilt."""
DEFAULT_BUDGET_ROLLOUTS = ONE_SECOND_ROLLOUTS
"""The rollouts a choice of the analysis under test: those of the 1-second ranking on a quiet
machine."""
MIN_DECIDED = 16
"""Playouts a choice needs before the race may drop it, so before a position counts as
decided: a few playouts can all differ by the same amount (a zero-width interval) by chance."""


@dataclass(frozen=True)
class Position:
    id: str
    position: str
    seat: int
    players: int
    mode: str
    difficulty: str
    setup: str
    round: int
    table: str

    def state(self) -> GameState:
        return from_position(self.position)


def season(round_: int) -> int:
    return next(i + 1 for i, (lo, hi) in enumerate(SEASONS) if lo <= round_ <= hi)


# -- the suite -----------------------------------------------------------------------------

def table_bots(table: str, players: int, seed: int) -> list[Any]:
    names = [table] * players if table != "mixed" else \
        [MIXED[(seed + s) % len(MIXED)] for s in range(players)]
    return [make_bot(name, seed * 8 + s) for s, name in enumerate(names)]


def make_position(index: int, seed: int) -> Position:
    """Position ``index``: its configuration and round cycle, its table and seat are drawn from
    a generator seeded by ``(seed, index)``; a game that ends before the round is replaced."""
    players, mode, difficulty, setup = CONFIGS[index % len(CONFIGS)]
    round_ = 1 + index % 12
    rng = random.Random(seed * 1_000_003 + index)
    table = TABLES[(index // len(CONFIGS) + index) % len(TABLES)]
    seat = rng.randrange(players)
    for attempt in range(50):
        game_seed = seed * 1_000_003 + index * 64 + attempt
        state = new_game(players=players, mode=mode, setup=setup, difficulty=difficulty,
                         seed=game_seed)

        def reached(s: GameState) -> bool:
            return s.is_over or (s.round == round_ and decision_begins(s))

        state = play_on(state, as_policy(table_bots(table, players, game_seed)), reached,
                        limit=1 << 30)
        if not state.is_over:
            return Position(f"r{index:03d}", to_position(state), seat, players, mode,
                            difficulty, setup, round_, table)
    raise RuntimeError(f"position {index}: every game ended before round {round_}")


def choices_of(state: GameState, seat: int) -> list[Any]:
    """The seat's Keep/Give choices (its own hand: the same in every world it may sample)."""
    world = until_seat(canonical_world(state, seat), seat, first_legal)
    return list(legal_actions(world))


# -- the playouts --------------------------------------------------------------------------

def playout_seed(seed: int, index: int, k: int) -> int:
    return (seed * 1_000_003 + index) * 10_007 + k


SEAT_PLAYS_ON = ("lookahead", "policy")
"""Who plays the analysing seat's later decisions in a playout (``--seat-plays-on``): the
look-ahead bot like every other seat (the reference), or the sensible player, the explorer's
own assumption (a diagnosis: how much of a miss comes from how the seat plays on)."""


def playout(job: tuple[str, int, int, int, int]) -> float:
    """The value for ``seat`` of playout ``k`` of the position with its choice ``choice``
    forced: a world sampled from the seat's observation, the look-ahead bot at every seat
    (seeds common to every choice; the seat itself the sensible player when the job's last
    field is 1, :data:`SEAT_PLAYS_ON`), played to the end."""
    text, seat, choice_index, k_seed, seat_plays_on = job
    state = from_position(text)
    choice = choices_of(state, seat)[choice_index]
    world = determinize(state, seat, random.Random(k_seed))
    bots: dict[int, Any] = {s: LookaheadBot(k_seed * 8 + s)
                            for s in range(state.config.players)}
    if SEAT_PLAYS_ON[seat_plays_on] == "policy":
        bots[seat] = make_bot("policy", k_seed * 8 + seat)
    start = state.round

    def move(w: GameState, mover: int) -> Any:
        if mover == seat and w.round == start and w.phase in SECRET_PHASES:
            return choice
        return ask(bots[mover], w, mover)

    final = play_on(world, move, limit=1 << 30)
    return float(last_check_value(final, seat))


def paired(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """Mean of ``a - b`` over their common playouts and its 95 % half-width."""
    return mean_ci([x - y for x, y in zip(a, b, strict=False)])


def race(values: dict[int, list[float]], live: set[int], min_playouts: int) -> set[int]:
    """The live choices after dropping those clearly behind the best (paired interval); none
    is dropped before ``min_playouts`` playouts each, nor ever before :data:`MIN_DECIDED`."""
    n = min(len(values[c]) for c in live)
    if n < max(min_playouts, MIN_DECIDED):
        return live
    best = max(live, key=lambda c: sum(values[c][:n]) / n)
    keep = {best}
    for c in live - {best}:
        gap, half = paired(values[best][:n], values[c][:n])
        if gap - half <= 0:
            keep.add(c)
    return keep


def build_positions(positions: list[Position], seed: int, step: int, max_playouts: int,
                    min_playouts: int, workers: int | None,
                    seat_plays_on: str = "lookahead") -> list[dict[str, Any]]:
    """The reference of each position (several at once, so that every core stays busy)."""
    state = {}
    for p in positions:
        names = [str(c) for c in choices_of(p.state(), p.seat)]
        state[p.id] = {"names": names, "values": {c: [] for c in range(len(names))},
                       "live": set(range(len(names))), "cpu": 0.0,
                       "t0": time.perf_counter(), "wall": 0.0}
    index_of = {p.id: int(p.id[1:]) for p in positions}
    open_ = [p for p in positions if len(state[p.id]["live"]) > 1]
    with count_bar("positions") as settled:  # a bar on a terminal only
        while open_:
            jobs, owners = [], []
            for p in open_:
                s = state[p.id]
                n = min(len(s["values"][c]) for c in s["live"])
                for c in sorted(s["live"]):
                    for k in range(n, n + step):
                        jobs.append((p.position, p.seat, c,
                                     playout_seed(seed, index_of[p.id], k),
                                     SEAT_PLAYS_ON.index(seat_plays_on)))
                        owners.append((p.id, c))
            t_cpu = time.process_time()
            results = run_jobs(_timed_playout, jobs, workers)
            for (pid, c), (value, cpu) in zip(owners, results, strict=True):
                state[pid]["values"][c].append(value)
                state[pid]["cpu"] += cpu
            here = time.process_time() - t_cpu  # this process: the playouts too when serial
            if workers == 1:
                here = max(0.0, here - sum(cpu for _, cpu in results))
            for p in open_:
                state[p.id]["cpu"] += here / len(open_)
            still = []
            for p in open_:
                s = state[p.id]
                s["live"] = race(s["values"], s["live"], min_playouts)
                n = min(len(s["values"][c]) for c in s["live"])
                if len(s["live"]) > 1 and n < max_playouts:
                    still.append(p)
                else:
                    s["wall"] = time.perf_counter() - s["t0"]
            open_ = still
            settled(len(positions) - len(open_), len(positions))
    return [_record(p, state[p.id], seed) | {"seat_plays_on": seat_plays_on}
            for p in positions]


def _timed_playout(job: tuple[str, int, int, int, int]) -> tuple[float, float]:
    cpu = time.process_time()
    value = playout(job)
    return value, time.process_time() - cpu


def _record(p: Position, s: dict[str, Any], seed: int) -> dict[str, Any]:
    names, values = s["names"], s["values"]
    means = {c: sum(v) / len(v) if v else math.nan for c, v in values.items()}
    live = sorted(s["live"])
    best = max(live, key=lambda c: means[c])
    choices = []
    for c, name in enumerate(names):
        gap, half = paired(values[best], values[c]) if c != best else (0.0, 0.0)
        choices.append({"choice": name, "mean": round(means[c], 4),
                        "playouts": len(values[c]), "live": c in s["live"],
                        "loss": round(gap, 4), "loss_ci95": round(half, 4),
                        "values": [round(v, 3) for v in values[c]]})
    return {"id": p.id, "position": p.position, "seat": p.seat, "players": p.players,
            "mode": p.mode, "difficulty": p.difficulty, "setup": p.setup, "round": p.round,
            "season": season(p.round), "table": p.table,
            "decided": len(live) == 1, "best": names[best],
            "tied": [names[c] for c in live], "choices": choices,
            "cpu_s": round(s["cpu"], 1), "wall_s": round(s["wall"], 1),
            "load": os.getloadavg()[0], "seed": seed, **STAMP, "min_decided": MIN_DECIDED,
            "command": command_line()}


def load(path: Path) -> list[dict[str, Any]]:
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def policy_in_play(policy: str, mode: str) -> str:
    """The part of a sensible player's ``repr`` that the games of ``mode`` play: only the
    cooperative mode reads the cooperative Keep weight and judgement (``SensiblePolicy.in_mode``;
    its Objective steps too, which no other mode has), so changing those leaves the
    competitive and team positions current."""
    if mode != "coop":
        return policy.split(COOPERATIVE_FIELDS, 1)[0]
    return policy


COOPERATIVE_FIELDS = ", coop_keep="
"""Where the cooperative fields begin in a :class:`SensiblePolicy`'s ``repr``."""


def is_current(record: dict[str, Any], seat_plays_on: str = "lookahead") -> bool:
    """Whether a stored position was built on today's components and the sensible player as
    its mode plays it (:func:`policy_in_play`), under the floor of :data:`MIN_DECIDED`
    playouts, with the seat played on by ``seat_plays_on`` (:data:`SEAT_PLAYS_ON`)."""
    mode = record.get("mode", "")
    return (record.get("seat_plays_on", "lookahead") == seat_plays_on
            and record.get("components") == STAMP["components"]
            and record.get("evaluation") == STAMP["evaluation"]
            and policy_in_play(str(record.get("policy")), mode)
            == policy_in_play(STAMP["policy"], mode)
            and record.get("min_decided", 0) >= MIN_DECIDED)


def current(records: list[dict[str, Any]],
            seat_plays_on: str = "lookahead") -> list[dict[str, Any]]:
    """The current records, the last one of each position."""
    last = {r["id"]: r for r in records if is_current(r, seat_plays_on)}
    return sorted(last.values(), key=lambda r: r["id"])


def build(count: int, part: tuple[int, int], seed: int, step: int, max_playouts: int,
          min_playouts: int, together: int, workers: int | None, path: Path,
          modes: set[str] | None = None, late_first: bool = False,
          seat_plays_on: str = "lookahead") -> None:
    done = {r["id"] for r in current(load(path), seat_plays_on)}
    k, n = part
    todo = [i for i in range(count) if i % n == k - 1 and f"r{i:03d}" not in done
            and (modes is None or CONFIGS[i % len(CONFIGS)][1] in modes)]
    if late_first:  # the cheapest positions first (fewer rounds to play out)
        todo.sort(key=lambda i: (-(i % 12), i))
    print(f"{len(todo)} positions to build ({len(done)} stored)", file=sys.stderr, flush=True)
    for start in range(0, len(todo), together):
        t = time.perf_counter()
        group = [make_position(i, seed) for i in todo[start:start + together]]
        made = time.perf_counter() - t
        for record in build_positions(group, seed, step, max_playouts, min_playouts,
                                      workers, seat_plays_on):
            record["suite_s"] = round(made / len(group), 1)
            with path.open("a") as out:
                out.write(json.dumps(record) + "\n")
            print(f"{record['id']} {record['players']}p {record['mode']} "
                  f"{record['difficulty']} r{record['round']}: "
                  f"{'decided' if record['decided'] else 'tie'} {record['best']} "
                  f"({len(record['choices'])} choices, cpu {record['cpu_s']} s, "
                  f"wall {record['wall_s']} s)", file=sys.stderr, flush=True)


# -- scoring the analysis under test -------------------------------------------------------

def answer(record: dict[str, Any], budget: dict[str, float],
           seed: int) -> tuple[str, float, int, dict[str, dict[str, float | None]]]:
    """The analysis under test's first choice, its seconds and rollouts a choice, and each
    choice's value and loss as it ranked them (with their 95 % half-widths): the
    explorer's ranking on ``budget`` (``{"rollouts_per_choice": N}``: stopped after ``N``
    rollouts a choice, the choices racing and the tree's leaves fitted as under the clock;
    ``{"seconds": S}``: stopped on the clock)."""
    state = from_position(record["position"])
    seed = seed + int(record["id"][1:])
    if "seconds" in budget:
        ranking = rank_options(state, record["seat"], rollouts=2_000_000,
                               budget_s=budget["seconds"], seed=seed, with_give_values=False)
    else:
        ranking = rank_options(state, record["seat"],
                               rollouts=int(budget["rollouts_per_choice"]), seed=seed,
                               with_give_values=False, race=True, leaf_values="fit")
    ranked = {row.action: {"value": round(row.value, 3), "ci95": _rounded(row.ci95),
                           "loss": round(row.loss, 3), "loss_ci95": _rounded(row.loss_ci95)}
              for row in ranking.rows}
    return ranking.rows[0].action, ranking.meta["elapsed_s"], ranking.meta["samples"], ranked


LOOKAHEAD_VOTES = 3
"""Seeds of the look-ahead bot whose majority is its answer under ``--analysis lookahead``."""


def lookahead_answer(record: dict[str, Any],
                     seed: int) -> tuple[str, float, int, dict[str, dict[str, float | None]]]:
    """The look-ahead bot's own Keep/Give in the position, as :func:`answer` gives the
    explorer's: the choice most of :data:`LOOKAHEAD_VOTES` seeded bots take (the first of
    them on a split), with no values. A comparison, not an independent check: the reference
    is played by this bot."""
    state = from_position(record["position"])
    seat = record["seat"]
    choices = choices_of(state, seat)
    start = time.perf_counter()
    votes: dict[str, int] = {}
    for k in range(LOOKAHEAD_VOTES):
        bot = LookaheadBot(seed + int(record["id"][1:]) * LOOKAHEAD_VOTES + k)
        chosen = str(bot.choose(observation(state, seat), choices, world_sampler(state, seat)))
        votes[chosen] = votes.get(chosen, 0) + 1
    return max(votes, key=lambda c: votes[c]), time.perf_counter() - start, 0, {}


def _rounded(x: float | None) -> float | None:
    return None if x is None else round(x, 3)


def boats_counted(mode: str, players: int) -> int:
    """The Boats a mode's score adds up: the seat's own (competitive), its team's two, or
    every Boat (cooperative)."""
    return {"competitive": 1, "team": 2}.get(mode, players)


def loss_of(record: dict[str, Any], chosen: str) -> float:
    """The reference's loss of ``chosen``, in the mode's score (0 for a tied choice)."""
    for c in record["choices"]:
        if c["choice"] == chosen:
            return max(0.0, c["loss"]) if chosen not in record["tied"] else 0.0
    raise KeyError(chosen)


def loss_per_boat(record: dict[str, Any], chosen: str) -> float:
    """:func:`loss_of` in Healthy Humans a Boat, the scale common to every mode: the mode's
    score divided by the Boats it adds up (:func:`boats_counted`). In the cooperative mode
    that score is every Boat's Healthy Humans times the chance of meeting the last
    Objectives (0 for a game lost on one); the win threshold is not in it."""
    return loss_of(record, chosen) / boats_counted(record["mode"], record["players"])


STABILITY_RESAMPLES = 400
"""Resamples of a position's playouts behind :func:`best_stability`."""


def best_stability(record: dict[str, Any], resamples: int = STABILITY_RESAMPLES) -> float:
    """How often the stored best is still the best when the position's playouts are drawn
    again with replacement (the same draw for every choice: the playouts are paired), over
    the playouts every choice has (the race stops the others at :data:`MIN_DECIDED`): the
    agreement a player who always finds the true best could expect with this reference, as
    far as the reference's own sampling shows (a tie counts as its share)."""
    count = min(len(c["values"]) for c in record["choices"])
    values = np.array([c["values"][:count] for c in record["choices"]])
    best = [c["choice"] for c in record["choices"]].index(record["best"])
    draws = np.random.default_rng(int(record["id"][1:])).integers(0, count, (resamples, count))
    means = values[:, draws].mean(axis=2)  # (choices, resamples)
    top = means.max(axis=0)
    ties = (means >= top - 1e-9).sum(axis=0)
    return float(np.mean(np.where(means[best] >= top - 1e-9, 1.0 / ties, 0.0)))


def keys(rows: list[dict[str, Any]]) -> dict[str, Any]:
    decided = [r for r in rows if r["decided"]]
    out = {"independent_agreement": share_figure(sum(r["agrees"] for r in decided), len(decided)),
           "reference_best_stability": mean_figure([r["reference_stability"] for r in decided
                                                    if "reference_stability" in r]),
           "independent_mean_loss_hh": mean_figure([r["loss"] for r in rows]),
           "independent_mean_loss_score": mean_figure([_score_loss(r) for r in rows]),
           "loss_scale": LOSS_SCALE, "positions": len(rows), "decided": len(decided)}
    for name, key in (("mode", lambda r: r["mode"] + ("-hard" if r["difficulty"] == "hard"
                                                      else "")),
                      ("players", lambda r: str(r["players"])),
                      ("season", lambda r: str(r["season"]))):
        groups: dict[str, list[dict[str, Any]]] = {}
        for r in rows:
            groups.setdefault(key(r), []).append(r)
        out[f"by_{name}"] = {g: {"independent_agreement": share_figure(
            sum(r["agrees"] for r in rs if r["decided"]), sum(r["decided"] for r in rs)),
            "independent_mean_loss_hh": mean_figure([r["loss"] for r in rs]),
            "independent_mean_loss_score": mean_figure([_score_loss(r) for r in rs])}
            for g, rs in sorted(groups.items())}
    return out


LOSS_SCALE = ("independent_mean_loss_hh: Healthy Humans a Boat (the mode's score divided by "
              "the Boats it adds up: 1 competitive, 2 team, every Boat cooperative, where a game "
              "lost on an Objective scores 0); independent_mean_loss_score: the mode's own score")


def _score_loss(row: dict[str, Any]) -> float:
    return float(row.get("loss_score", row["loss"]))


def reference_set(path: Path) -> str:
    """``suite`` for the project's own reference (:data:`DATA`), ``held out`` for the set
    built with :data:`HELD_OUT_SEED` that the project does not tune on, else the file's name."""
    if path.resolve() == DATA.resolve():
        return "suite"
    if path.resolve() == HELD_OUT.resolve():
        return "held out"
    return path.name


def score(path: Path, budget: dict[str, float], seed: int,
          analysis: str = "explorer", seat_plays_on: str = "lookahead") -> dict[str, Any]:
    rows = []
    load_before = os.getloadavg()
    stored = load(path)
    for record in current(stored, seat_plays_on):
        chosen, elapsed, samples, ranked = (answer(record, budget, seed)
                                            if analysis == "explorer"
                                            else lookahead_answer(record, seed))
        mine = next(c for c in record["choices"] if c["choice"] == chosen)
        rows.append({"id": record["id"], "mode": record["mode"],
                     "difficulty": record["difficulty"], "players": record["players"],
                     "season": record["season"], "decided": record["decided"],
                     "chosen": chosen, "best": record["best"],
                     "agrees": chosen == record["best"],
                     "loss": round(loss_per_boat(record, chosen), 4),
                     "loss_score": loss_of(record, chosen),
                     "reference_loss_ci95": mine["loss_ci95"],
                     "reference_stability": round(best_stability(record), 3),
                     "explorer": {"chosen": ranked.get(chosen),
                                  "best": ranked.get(record["best"])},
                     "elapsed_s": round(elapsed, 3), "samples": samples})
        print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
    ref = current(stored, seat_plays_on)
    how = (f"{budget['seconds']} s" if "seconds" in budget
           else f"{budget['rollouts_per_choice']} rollouts a choice")
    what = (f"rank_options, budget {how}" if analysis == "explorer"
            else f"the look-ahead bot's own choice, the majority of {LOOKAHEAD_VOTES} seeds")
    return {"analysis": f"{what}, seed {seed} + position", "answer_of": analysis,
            "budget": budget, "seat_plays_on": seat_plays_on,
            "reference_set": reference_set(path), **keys(rows), **STAMP,
            "min_decided": MIN_DECIDED,
            "stored_records_not_scored": len(stored) - len(ref),
            "reference_cpu_s_per_position": mean_figure([r["cpu_s"] for r in ref]),
            "reference_wall_s_per_position": mean_figure([r["wall_s"] for r in ref]),
            "load_before": load_before, "load_after": os.getloadavg(), "rows": rows,
            "command": command_line()}


def main(argv: Sequence[str] | None = None) -> int:
    ap = ToolParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", action="store_true")
    ap.add_argument("--score", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--save", action="store_true",
                    help="with --score: also store the figures (without the rows) in "
                         "benchmarks/data/runs/ for docs/performance-log.md")
    ap.add_argument("--positions", type=positive_int, default=150)
    ap.add_argument("--part", type=part, default="1/1", help="K/N: positions i with i mod N = K-1")
    ap.add_argument("--seed", type=seed_number, default=41)
    ap.add_argument("--step", type=positive_int, default=8, help="playouts per live choice a step")
    ap.add_argument("--min-playouts", type=positive_int, default=MIN_DECIDED,
                    help=f"playouts a choice before the race may drop it (at least "
                         f"{MIN_DECIDED})")
    ap.add_argument("--max-playouts", type=positive_int, default=48)
    ap.add_argument("--together", type=positive_int, default=2, help="positions built at once")
    ap.add_argument("--workers", type=positive_int, default=None)
    ap.add_argument("--budget-rollouts", type=whole_number, default=DEFAULT_BUDGET_ROLLOUTS,
                    help="with --score: the ranking's rollouts a choice (a budget of work: the "
                         "same scores whatever the load; default "
                         f"{DEFAULT_BUDGET_ROLLOUTS})")
    ap.add_argument("--budget", type=number_above_zero, default=None,
                    help="with --score: seconds on the clock instead of --budget-rollouts")
    ap.add_argument("--file", type=Path, default=DATA)
    ap.add_argument("--late-first", action="store_true",
                    help="build the positions of the latest rounds first (the cheapest)")
    ap.add_argument("--modes", type=listed(("competitive", "team", "coop")), default=None,
                    help="only these modes, comma-separated (competitive,team,coop)")
    ap.add_argument("--analysis", choices=("explorer", "lookahead"), default="explorer",
                    help="with --score: the explorer's ranking (the analysis under test) or, "
                         "for comparison, the look-ahead bot's own choice")
    ap.add_argument("--held-out", action="store_true",
                    help=f"the held-out set: seed {HELD_OUT_SEED}, stored in "
                         f"benchmarks/data/{HELD_OUT.name} (instead of --seed and --file)")
    ap.add_argument("--seat-plays-on", choices=SEAT_PLAYS_ON, default="lookahead",
                    help="who plays the analysing seat after its Keep/Give: the look-ahead bot "
                         "(the reference) or the sensible player (a diagnosis, stored beside "
                         "the set as *_seat_policy.jsonl)")
    args = ap.parse_args(argv)
    if args.held_out:
        args.file, args.seed = HELD_OUT, HELD_OUT_SEED
    if args.seat_plays_on != "lookahead":
        args.file = args.file.with_name(f"{args.file.stem}_seat_{args.seat_plays_on}.jsonl")
    k, n = args.part[0] + 1, args.part[1]
    if args.build:
        build(args.positions, (k, n), args.seed, args.step, args.max_playouts,
              args.min_playouts, args.together, args.workers, args.file,
              None if args.modes is None else set(args.modes), args.late_first,
              args.seat_plays_on)
    if not WORK_RANGE[0] <= args.budget_rollouts <= WORK_RANGE[1]:
        ap.refuse(Problem.of(UsageCode.COUNT, low=WORK_RANGE[0], high=WORK_RANGE[1],
                             got=args.budget_rollouts), "--budget-rollouts")
    if args.score:
        budget = ({"seconds": args.budget} if args.budget is not None
                  else {"rollouts_per_choice": args.budget_rollouts})
        result = score(args.file, budget, args.seed, args.analysis, args.seat_plays_on)
        scores = SCORES if args.file == DATA else args.file.with_suffix(".scores.json")
        if args.analysis != "explorer":
            scores = scores.with_name(scores.name.replace(".json", f".{args.analysis}.json"))
        scores.write_text(json.dumps(result, indent=1) + "\n")
        shown = {key: v for key, v in result.items() if key != "rows"}
        print(json.dumps(shown, indent=1) if args.json else
              f"agreement {shown['independent_agreement']}, "
              f"loss {shown['independent_mean_loss_hh']}")
        if args.save:
            stored = save_run("independent_reference", shown,
                              None if argv is None else list(argv))
            print(f"stored in {stored}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
