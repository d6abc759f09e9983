"""Decision quality: how good is the choice the analysis gives in 1 second?

A fixed, seeded suite of Keep/Give decisions of one seat (2, 3 and 4 players; competitive, team
and cooperative; standard and advanced setup; every round 1-12), each with a reference answer:
the same analysis (the ranking by rollouts, :func:`precog.analysis.choices.ranking.rank_options`) at
at least 30 times the budget, with other random numbers. The suite and the reference answers
are stored in ``benchmarks/data/decision_quality.json``, so a run only does the 1-second
analyses and the trees. ``--build-reference`` regenerates the file (seeded, resumable; each
position's 1-second analysis, then the same analysis raced at 30 times its contenders'
rollouts), ``--refine-reference`` and ``--deepen-reference`` analyse again the positions the
reference leaves undecided or gives fewer than 30 times the rollouts 1 second reaches now. See
benchmarks/README.md for what each key means.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from precog import __version__
from precog.analysis.arena.bots import GreedyBot, play_game
from precog.analysis.basics.intervals import mean_ci, standard_error_of, wilson
from precog.analysis.choices import ranking as ranking_module
from precog.analysis.choices.ranking import Ranking, RankingRow, leaf_choice, rank_options
from precog.analysis.parallel import cores
from precog.analysis.projection.evaluation import COOP_VALUE
from precog.analysis.search.tree import build_tree, choice_of
from precog.commands.errors import UsageCode, UsageError
from precog.commands.progress import steps
from precog.commands.tool_parser import (
    ToolParser,
    at_most,
    part,
    seed_number,
    whole_number,
)
from precog.engine import (
    GameState,
    from_position,
    reference_components,
    to_position,
)
from precog.engine.formulas import season_of
from precog.engine.playout import decision_begins
from precog.engine.problems import Problem

sys.path.insert(0, str(Path(__file__).resolve().parent))  # runs, beside this file
from runs import save_run

DATA = Path(__file__).with_name("data") / "decision_quality.json"
FORMAT = 1
CONFIGS: tuple[tuple[int, str, str], ...] = tuple(
    (players, mode, setup)
    for setup in ("standard", "advanced")
    for players, mode in ((2, "competitive"), (3, "competitive"), (4, "competitive"),
                          (4, "team"), (2, "coop"), (3, "coop"), (4, "coop")))
ROUNDS = tuple(range(1, 13))
REFERENCE_FACTOR = 30  # the reference's rollouts per choice: at least this many times the 1 s's
MAX_POSITIONS = 1000
MAX_BUDGET_S = 600.0
MAX_REFERENCE_ROLLOUTS = 100_000  # the ranking's own ceiling without a time budget
RANKING_CAP = 2_000_000  # the 1-second ranking asks for this many rollouts and stops on time


class BenchmarkInputError(UsageError):
    """A benchmark argument or data file out of range (its code names which and what was
    expected; on the command line: one line, exit status 2)."""


# -- the suite -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Decision:
    """One position of the suite: ``seat`` chooses its Keep and Give in ``position``."""

    id: str
    position: str
    seat: int
    players: int
    mode: str
    setup: str
    round: int

    def state(self) -> GameState:
        return from_position(self.position)


def suite_plan(count: int) -> list[tuple[int, tuple[int, str, str]]]:
    """(round, configuration) of each position: rounds cycle 1..12, configurations cycle
    through the 14 (player count, mode, setup) pairs, so every prefix of 84 covers each pair
    in 6 rounds and every round in 7 pairs."""
    return [(ROUNDS[i % len(ROUNDS)], CONFIGS[i % len(CONFIGS)]) for i in range(count)]


def snapshots(players: int, mode: str, setup: str, seed: int) -> dict[int, GameState]:
    """The position at the start of each round's Decision phase of one game played by
    greedy bots (each plans its round for the best immediate outcome), seeded."""
    seen: dict[int, GameState] = {}

    def observe(state: GameState) -> None:
        if state.round not in seen and decision_begins(state):
            seen[state.round] = state

    bots = [GreedyBot(seed * 8 + s) for s in range(players)]
    play_game(bots, seed=seed, players=players, mode=mode, setup=setup, observe=observe)
    return seen


def build_suite(count: int, seed: int,
                log: Callable[[str], None] = lambda _: None) -> list[Decision]:
    """``count`` decision positions (see :func:`suite_plan`), from seeded bot games: each
    configuration's games are played once and give positions at several rounds; the seat is
    drawn from a seeded generator."""
    rng = random.Random(seed)
    games: dict[tuple[tuple[int, str, str], int], dict[int, GameState]] = {}
    out: list[Decision] = []
    for i, (round_, config) in enumerate(suite_plan(count)):
        players, mode, setup = config
        attempt = 0
        while True:  # a cooperative game can end before this round: play another
            key = (config, i // (len(CONFIGS) * 3) * 50 + attempt)
            if key not in games:
                games[key] = snapshots(players, mode, setup, seed * 10_007 + len(games))
                log(f"suite: game {len(games)} ({players}p {mode} {setup}) played")
            state = games[key].get(round_)
            if state is not None:
                break
            attempt += 1
        seat = rng.randrange(players)
        out.append(Decision(id=f"q{i:03d}", position=to_position(state), seat=seat,
                            players=players, mode=mode, setup=setup, round=round_))
    return out


# -- the analyses ----------------------------------------------------------------------------

def ranking_values(ranking: Ranking) -> dict[str, float]:
    return {r.action: r.value for r in ranking.rows}


def analyse(decision: Decision, budget_s: float, seed: int, race: bool = True) -> Ranking:
    """The analysis a player gets in ``budget_s`` seconds: rollouts until the time is up (a
    choice clearly behind stops early; ``race=False``: every choice to the end)."""
    return rank_options(decision.state(), decision.seat, rollouts=RANKING_CAP,
                        budget_s=budget_s, seed=seed, with_give_values=False, race=race)


def reference(decision: Decision, rollouts: int, seed: int) -> Ranking:
    """The same analysis with a fixed number of rollouts for every choice (none stops
    early) and no time limit."""
    return rank_options(decision.state(), decision.seat, rollouts=rollouts, seed=seed,
                        with_give_values=False, race=False)


LEAVES = {"leaf_values": "auto", "leaf_playouts": 8}  # how the trees value their leaves
DEPTH = {"depth_rounds": 2}  # the trees' rounds (--depth: 1 for a comparison only)


def full_tree_seconds(decision: Decision, seed: int) -> tuple[float, float, dict[str, float]]:
    """CPU and wall seconds to build the explorer's full two-round tree (the default
    ``build_tree``: 3 to 12 sampled worlds, ``default_worlds``, no time limit; its leaves
    valued as ``LEAVES`` says, ``--leaves``), and its value of each choice.
    Each position's tree gets its own seed (``seed`` plus the position's number, as its
    1-second analysis): with one seed for all, every tree's leaves were played with the same
    few rows of random numbers, whose luck then moved every position's error alike and the
    bias's interval did not hold."""
    cpu, wall = time.process_time(), time.perf_counter()
    depth = DEPTH["depth_rounds"]
    state = decision.state()
    leaves = {**LEAVES, "leaf_values": LEAVES["leaf_values"] if LEAVES["leaf_values"] != "auto"
              else leaf_choice(timed_rollouts=False)}
    root = build_tree(state, decision.seat, depth_rounds=depth,
                      seed=seed + int(decision.id[1:]), **leaves)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    if root.meta["depth_used"] != depth:
        raise BenchmarkInputError(Problem.of(UsageCode.TREE_STOPPED, id=decision.id))
    values = {str(choice_of(c)): c.value for c in root.children}
    return cpu, wall, values


def tree_times(path: Path, limit: int | None, seed: int) -> dict[str, Any]:
    """Full-tree times over the suite only (no analyses, no references needed)."""
    data = json.loads(path.read_text()) if path.is_file() else {}
    suite = [decision_of(e) for e in data.get("suite") or load(path)][:limit]
    rows = []
    for d in suite:
        cpu, wall, _ = full_tree_seconds(d, seed)
        rows.append({"id": d.id, "round": d.round, "players": d.players, "mode": d.mode,
                     "cpu_s": round(cpu, 3), "wall_s": round(wall, 3)})
        print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
    slow = sorted(rows, key=lambda r: -r["cpu_s"])[:5]
    return {"positions": len(rows), "tree_full_s_max": max(r["cpu_s"] for r in rows),
            "tree_full_s_median": statistics.median(r["cpu_s"] for r in rows),
            "tree_full_wall_s_max": max(r["wall_s"] for r in rows),
            "slowest": slow, "machine": {"load": _load()}}


# -- the reference file ----------------------------------------------------------------------

def build_reference(count: int, seed: int, budget_s: float, factor: int, path: Path,
                    log: Callable[[str], None] = print,
                    min_rollouts: int = 0) -> dict[str, Any]:
    """The suite and its reference answers, written to ``path`` after every position (an
    interrupted build resumes where it stopped when run again with the same arguments).

    Each position is first analysed once as the benchmark does, with ``budget_s`` seconds and
    racing (:func:`one_second_rollouts`), which gives the rollouts the budget reaches for its
    contenders on this machine now; the reference is then the same analysis raced at
    ``factor`` times as many rollouts for its contenders (and at least ``min_rollouts``: on a
    loaded machine 1 second may end on its first batch), with other random numbers and no time
    limit (:func:`raced_reference`): each choice's value with its paired loss interval, a choice
    the race stopped early marked ``left_behind``. So a build lands where a build, a refinement
    and a deepening used to, stamped as deepened against today's 1-second analysis, and a
    position of a mode with a value mark (:data:`VALUE_MARKS`) carries today's. The budgeted
    analysis' answer is stored too (``at_budget``): ``--summary`` reads the figures off it."""
    meta = {"format": FORMAT, "seed": seed, "count": count, "budget_s": budget_s,
            "factor": factor, "components": components_fingerprint()}
    if min_rollouts:
        meta["min_rollouts"] = min_rollouts
    data: dict[str, Any] = {"meta": meta, "suite": [], "positions": []}
    if path.exists():
        old = json.loads(path.read_text())
        if {k: old.get("meta", {}).get(k) for k in meta} == meta:
            data = old
    if not data["suite"]:
        data["suite"] = [d.__dict__ for d in build_suite(count, seed, log)]
        _write(path, data)
    done = {p["id"] for p in data["positions"]}
    if len(done) < len(data["suite"]):
        cores.warm()  # the 1-second analyses play on every core from the first position
    for d in (Decision(**e) for e in data["suite"]):
        if d.id in done:
            continue
        data["positions"].append(built_entry(d, seed, budget_s, factor, min_rollouts))
        data["meta"].update(built_at=datetime.now(UTC).isoformat(timespec="seconds"),
                            precog_version=__version__)
        _write(path, data)
        entry = data["positions"][-1]
        log(f"{d.id} {d.players}p {d.mode} {d.setup} round {d.round}: 1 s gave "
            f"{entry['deepened']['at_1s']}, the reference {entry['reference_rollouts']} for "
            f"the contenders, decided {reference_decides(entry['reference'])}, "
            f"{entry['cpu_s']} s CPU, {entry['wall_s']} s")
    return data


def built_entry(d: Decision, seed: int, budget_s: float, factor: int,
                min_rollouts: int = 0) -> dict[str, Any]:
    """One position's reference as :func:`build_reference` stores it."""
    start, wall = time.process_time(), time.perf_counter()
    quick, at_1s = one_second_rollouts(d, seed, budget_s)
    rollouts = min(RANKING_CAP, max(factor * at_1s, min_rollouts))
    deep = raced_reference(d, rollouts, ref_seed(seed, d, 1))
    most = most_rollouts(deep)
    mark = {"value_mark": VALUE_MARKS[d.mode]} if d.mode in VALUE_MARKS else {}
    return {**d.__dict__, **mark, "samples_at_budget": max(2, quick.meta["samples"]),
            "reference_rollouts": deep.meta["samples"],
            "reference": {r.action: paired_row(r) | (
                {"left_behind": True} if r.samples < most else {})
                for r in sorted(deep.rows, key=lambda r: r.action)},
            "at_budget": budget_answer(quick),
            "deepened": stamp(start, at_1s=at_1s, factor=factor,
                              rollouts=deep.meta["samples"], analysis=analysis_mark()),
            "cpu_s": round(time.process_time() - start, 2),
            "wall_s": round(time.perf_counter() - wall, 2), "load": _load()}


def refine_reference(path: Path, seed: int, factor: int,
                     log: Callable[[str], None] = print) -> dict[str, Any]:
    """Analyse again, at ``factor`` times the budget's rollouts, every position whose top two
    the reference does not separate (:func:`reference_decides`), with the ranking's racing (a
    choice clearly behind stops; the contenders get every rollout) and each choice's loss
    stated with its interval on the same rollouts as the best (``loss_ci95``: the same worlds
    and the same Keep/Give draws, far narrower than the values' own). The first reference is
    kept beside it (``first_reference``). Written after every position; a second run skips
    the positions already refined."""
    load(path)  # the file's format and component set
    data = json.loads(path.read_text())
    for entry in steps(data["positions"], "positions"):
        if entry.get("refined") or reference_decides(entry["reference"]):
            continue
        d = decision_of(entry)
        start = time.process_time()
        rollouts = min(MAX_REFERENCE_ROLLOUTS, factor * int(entry["samples_at_budget"]))
        ref = rank_options(d.state(), d.seat, rollouts=rollouts, seed=ref_seed(seed, d, 2),
                           with_give_values=False, race=True)
        entry["first_reference"] = entry["reference"]
        entry["reference"] = {r.action: paired_row(r)
                              for r in sorted(ref.rows, key=lambda r: r.action)}
        entry["reference_rollouts"] = ref.meta["samples"]
        entry["refined"] = stamp(start, factor=factor, race=True)
        _write(path, data)
        log(f"{d.id} {d.players}p {d.mode} round {d.round}: {ref.meta['samples']} rollouts for "
            f"the contenders, decided {reference_decides(entry['reference'])}, "
            f"{entry['refined']['cpu_s']} s CPU")
    return data


DEEP_BUDGET_S = 3600.0  # a deepened reference's time ceiling (its rollouts end it first)


def contender_rollouts(entry: dict[str, Any]) -> int:
    """The rollouts the reference gave its contenders, the choices it played longest (a
    reference that raced gave them more than the rest; it keeps at least two)."""
    return max(int(r.get("rollouts", entry["reference_rollouts"]))
               for r in entry["reference"].values())


def most_rollouts(ranking: Ranking) -> int:
    """The rollouts an analysis gave its contenders (the choices it played longest)."""
    return max(r.samples for r in ranking.rows)


def exact_tie(entry: dict[str, Any]) -> bool:
    """Whether the reference's best two ended every one of its games alike (no deeper
    analysis can separate them; either counts as agreeing)."""
    best, second = top_two(entry["reference"])
    return best["value"] == second["value"] and second.get("loss_ci95") == 0.0


def analysis_mark() -> dict[str, float]:
    """What decides how many rollouts 1 second gives the contenders, besides the machine:
    the timed ranking's batch schedule and racing (a deepening stamped with another mark was
    measured against another 1-second analysis, and is measured again)."""
    r = ranking_module
    return {"first_batch": r.FIRST_BATCH_TIMED, "batch_games": r.BATCH_GAMES,
            "time_left_share": r.TIME_LEFT_SHARE, "rollout_share": r.ROLLOUT_SHARE,
            "race_z": r.RACE_Z, "race_min": r.RACE_MIN,
            "race_ci": r.RACE_CI, "processes": cores.parts()}


def deepen_order(positions: list[dict[str, Any]], again: bool = False) -> list[dict[str, Any]]:
    """The positions to deepen: those not yet measured against today's 1-second analysis
    (:func:`analysis_mark`; ``again``: every one, for a speed-up the mark cannot see),
    undecided first, then by how narrowly the reference decides (its gap over the second's
    interval)."""
    def margin(e: dict[str, Any]) -> float:
        best, second = top_two(e["reference"])
        width = second.get("loss_ci95") or math.hypot(best["ci95"], second["ci95"])
        return (best["value"] - second["value"]) / max(width, 1e-9)
    mark = analysis_mark()
    return sorted((e for e in positions if (again or e.get("deepened", {}).get("analysis")
                                            != mark) and not exact_tie(e)), key=margin)


def deepen_reference(path: Path, seed: int, factor: int, budget_s: float = 1.0,
                     log: Callable[[str], None] = print, again: bool = False,
                     part: int = 0, parts: int = 1) -> dict[str, Any]:
    """Bring every reference to ``factor`` times the rollouts the 1-second analysis gives its
    contenders on this machine now (measured first, with the benchmark's own seed): the
    analysis got faster after the references were built, so a reference built at 30 times the
    rollouts of its day can be only a few times today's. Every position's 1-second analysis is
    measured before any deep run (the helpers warm, :mod:`precog.analysis.parallel.cores`), so that
    nothing the deep runs or the machine do later changes what the second was found to give.
    The deeper analysis races (a choice clearly behind stops) with its own random numbers
    (``ref_seed(..., 3)``); each choice keeps whichever of its two estimates rests on more
    rollouts (the contenders take the deeper one, with its paired loss interval; the reference
    before the first deepening is kept as ``before_deepening``). Undecided positions come
    first; a position whose reference already has the rollouts, or whose best two end every
    game alike, is left, and
    so is one already measured against today's 1-second analysis (its stamp's
    :func:`analysis_mark`): a run that stops resumes, and a change to the timed ranking's
    batches or racing brings every position up again; ``again`` measures every position
    again (the analysis got faster in a way the mark does not record, as when its worlds
    began to be dealt straight into the batch's arrays). ``part`` of ``parts``: every
    ``parts``-th position of that order from the ``part``-th (two processes on two copies of
    the file, merged after). Written after every position."""
    load(path)
    data = json.loads(path.read_text())
    cores.warm()
    todo = deepen_order(data["positions"], again)[part::parts]
    measured = {e["id"]: one_second_rollouts(decision_of(e), seed, budget_s)[1] for e in todo}
    for entry in todo:
        d = decision_of(entry)
        start = time.process_time()
        at_1s = measured[d.id]
        rollouts = min(RANKING_CAP, factor * at_1s)
        if contender_rollouts(entry) >= rollouts:
            entry["deepened"] = {**entry.get("deepened", {}), "at_1s": at_1s, "kept": True,
                                 "analysis": analysis_mark()}
            _write(path, data)
            continue
        deep = raced_reference(d, rollouts, ref_seed(seed, d, 3))
        entry.setdefault("before_deepening", entry["reference"])
        entry["reference"] = merge_reference(entry, deep, data["meta"]["factor"])
        entry["reference_rollouts"] = deep.meta["samples"]
        entry["deepened"] = stamp(start, at_1s=at_1s, factor=factor,
                                  rollouts=deep.meta["samples"], analysis=analysis_mark())
        _write(path, data)
        log(f"{d.id} {d.players}p {d.mode} round {d.round}: 1 s gave {at_1s}, the reference "
            f"{deep.meta['samples']} for the contenders, decided "
            f"{reference_decides(entry['reference'])}, {entry['deepened']['cpu_s']} s CPU")
    return data


def rebuild_reference(path: Path, seed: int, factor: int, mode: str, part: int = 0,
                      parts: int = 1, budget_s: float = 1.0,
                      log: Callable[[str], None] = print) -> dict[str, Any]:
    """Build again, keeping none of their old estimates, the references of ``mode``'s
    positions that lack its :data:`VALUE_MARKS` mark: what the value counts changed (2026-12-05:
    the cooperative sensible player stopped revealing tiles and a playout counts every
    face-down tile by its chance; 2026-12-07: its cooperative weights found by self-play), so
    no earlier estimate may be merged in. As a deepening:
    the 1-second analysis measured first, then a raced analysis at ``factor`` times its
    rollouts (its own random numbers, ``ref_seed(..., 4)``); a choice the race stopped early
    is marked ``left_behind``. The old reference is kept as ``before_rebuild``. ``part`` of
    ``parts``: every ``parts``-th such position from the ``part``-th (two processes on two
    copies of the file, merged after). Written after every position."""
    load(path, marks=False)  # the file's format and component set
    data = json.loads(path.read_text())
    mark = VALUE_MARKS[mode]
    todo = [e for e in data["positions"] if e["mode"] == mode and e.get("value_mark") != mark]
    for entry in todo[part::parts]:
        d = decision_of(entry)
        start = time.process_time()
        quick, at_1s = one_second_rollouts(d, seed, budget_s)
        deep = raced_reference(d, min(RANKING_CAP, factor * at_1s), ref_seed(seed, d, 4))
        most = max(r.samples for r in deep.rows)
        entry["before_rebuild"] = entry["reference"]
        for old in ("first_reference", "before_deepening", "refined"):
            entry.pop(old, None)
        entry["reference"] = {r.action: paired_row(r) | (
            {"left_behind": True} if r.samples < most else {})
            for r in sorted(deep.rows, key=lambda r: r.action)}
        entry["reference_rollouts"] = deep.meta["samples"]
        entry["at_budget"] = budget_answer(quick)
        entry["deepened"] = stamp(start, at_1s=at_1s, factor=factor,
                                  rollouts=deep.meta["samples"], analysis=analysis_mark())
        entry["value_mark"] = mark
        _write(path, data)
        log(f"{d.id} {d.players}p {d.mode} round {d.round}: rebuilt, 1 s gave {at_1s}, the "
            f"reference {deep.meta['samples']} for the contenders, decided "
            f"{reference_decides(entry['reference'])}, {entry['deepened']['cpu_s']} s CPU")
    return data


def one_second_rollouts(d: Decision, seed: int, budget_s: float) -> tuple[Ranking, int]:
    """The benchmark's own 1-second analysis of ``d`` (seed ``seed`` plus its number) and the
    rollouts it gave its contenders: what a deepened or rebuilt reference is measured against."""
    quick = analyse(d, budget_s, seed=seed + int(d.id[1:]))
    return quick, most_rollouts(quick)


def raced_reference(d: Decision, rollouts: int, seed: int) -> Ranking:
    """A reference's deeper analysis: raced (a choice clearly behind stops), ``rollouts`` for
    the contenders, no time limit short of :data:`DEEP_BUDGET_S`."""
    return rank_options(d.state(), d.seat, rollouts=rollouts, budget_s=DEEP_BUDGET_S,
                        seed=seed, with_give_values=False, race=True)


def budget_answer(quick: Ranking) -> dict[str, Any]:
    """What a budgeted analysis answered (``at_budget``: ``--summary`` reads it)."""
    return {"choice": quick.rows[0].action,
            "ci95_max": round(max(r.ci95 or 0.0 for r in quick.rows), 5),
            "values": {r.action: round(r.value, 5) for r in quick.rows}}


def merge_reference(entry: dict[str, Any], deep: Ranking,
                    build_factor: int = REFERENCE_FACTOR) -> dict[str, dict[str, float]]:
    """Each choice's estimate on the most rollouts: the deeper analysis' for the choices it
    played longest (with its paired loss interval against its best), a stored one for a choice
    it left behind early (the first build's, which played every choice to the end, or the
    refinement's; without a paired interval: they came from other games), marked
    ``left_behind``: the deeper analysis found it clearly behind its best on the same games,
    so it is not a contender for the reference's first place (:func:`contenders`)."""
    stored = stored_estimates(entry, build_factor)
    out: dict[str, dict[str, float]] = {}
    for r in sorted(deep.rows, key=lambda r: r.action):
        before = stored[r.action]
        if r.samples >= before["rollouts"]:
            out[r.action] = paired_row(r)
        else:
            out[r.action] = before | {"left_behind": True}
    return out


def stored_estimates(entry: dict[str, Any],
                     build_factor: int = REFERENCE_FACTOR) -> dict[str, dict[str, float]]:
    """Each choice's stored estimate on the most rollouts (no paired interval): the current
    reference's, or the first build's (every choice played ``reference_rollouts`` of the
    build, which a raced refinement may have left behind with fewer)."""
    sources = [(entry["reference"], int(entry["reference_rollouts"]))]
    if "first_reference" in entry:
        sources.append((entry["first_reference"], min(
            MAX_REFERENCE_ROLLOUTS, build_factor * int(entry["samples_at_budget"]))))
    out: dict[str, dict[str, float]] = {}
    for action in entry["reference"]:
        options = [{"value": src[action]["value"], "ci95": src[action]["ci95"],
                    "rollouts": int(src[action].get("rollouts", default))}
                   for src, default in sources]
        out[action] = max(options, key=lambda o: o["rollouts"])
    return out


def paired_row(r: RankingRow) -> dict[str, float]:
    """A raced reference's row: its value, interval, paired loss interval and rollouts."""
    return {"value": round(r.value, 5), "ci95": round(r.ci95 or 0.0, 5),
            "loss_ci95": round(r.loss_ci95 or 0.0, 5), "rollouts": r.samples}


def stamp(start: float, **what: Any) -> dict[str, Any]:
    """What a reference's analysis was, when it ran, its CPU since ``start`` and the load."""
    return {**what, "at": datetime.now(UTC).isoformat(timespec="seconds"),
            "cpu_s": round(time.process_time() - start, 2), "load": _load()}


def _write(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n")
    tmp.replace(path)


def ref_seed(seed: int, d: Decision, which: int) -> int:
    """Seeds of the reference's analyses (``which`` 1), kept apart from the benchmark's."""
    return (seed * 1000 + int(d.id[1:])) * 4 + which + 2


def decision_of(entry: dict[str, Any]) -> Decision:
    return Decision(**{k: entry[k] for k in Decision.__dataclass_fields__})


def components_fingerprint() -> str:
    """The fingerprint of the shipped component set: the suite's positions and the reference
    answers hold only for the cards, rooms and tiles they were built with."""
    return reference_components().fingerprint


def _read(path: Path) -> dict[str, Any]:
    """The reference file's data; refused when missing or built for another component set."""
    if not path.is_file():
        raise BenchmarkInputError(Problem.of(UsageCode.REFERENCE_MISSING, path=str(path)))
    data = json.loads(path.read_text())
    built_for = data.get("meta", {}).get("components") if isinstance(data, dict) else None
    if built_for != components_fingerprint():
        raise BenchmarkInputError(Problem.of(UsageCode.REFERENCE_COMPONENTS, path=str(path),
                                             got=built_for, expected=components_fingerprint()))
    return data


def positions(path: Path) -> list[dict[str, Any]]:
    """The suite's positions (id, position, seat, players, mode, setup, round), without
    their reference answers (never checked for a value mark): what a benchmark that only
    plays from the positions reads. Refused (:class:`BenchmarkInputError`) for another
    component set, as :func:`load` refuses it: a position string names the set it was made
    with, and the engine refuses it for another."""
    data = _read(path)
    found = data.get("positions") if isinstance(data, dict) else None
    if not isinstance(found, list) or not found or not all(
            isinstance(e, dict) and set(Decision.__dataclass_fields__) <= set(e) for e in found):
        raise BenchmarkInputError(Problem.of(UsageCode.REFERENCE_POSITIONS, path=str(path),
                                             fields=tuple(Decision.__dataclass_fields__)))
    return [{k: e[k] for k in Decision.__dataclass_fields__} for e in found]


def load(path: Path, marks: bool = True) -> list[dict[str, Any]]:
    """The suite's positions with their references; refused (:class:`BenchmarkInputError`)
    for another component set and, with ``marks``, for a position whose value is not the one
    the analysis counts now (:data:`VALUE_MARKS`)."""
    data = _read(path)
    positions = data.get("positions")
    if not isinstance(positions, list) or not positions:
        raise BenchmarkInputError(Problem.of(UsageCode.REFERENCE_POSITIONS, path=str(path),
                                             fields=("id", "position", "seat")))
    stale = [] if not marks else [e for e in positions if isinstance(e, dict)
             and VALUE_MARKS.get(e.get("mode", "")) not in (None, e.get("value_mark"))]
    if stale:
        ids = ", ".join(str(e.get("id")) for e in stale[:5]) + (" ..." if len(stale) > 5 else "")
        mode = stale[0]["mode"]
        raise BenchmarkInputError(Problem.of(UsageCode.REFERENCE_STALE, path=str(path), ids=ids,
                                             mark=VALUE_MARKS[mode], mode=mode))
    return positions


VALUE_MARKS = {"coop": COOP_VALUE}
"""Per mode, what a reference's value must count (:data:`precog.analysis.projection.evaluation.
COOP_VALUE`): a position of a mode listed here is refused without its mark."""


# -- the measures ----------------------------------------------------------------------------

def mean_interval(values: Sequence[float]) -> dict[str, float]:
    """Mean with a 95 % normal interval."""
    mean, half = mean_ci(values)
    return {"mean": round(mean, 4), "low": round(mean - half, 4), "high": round(mean + half, 4),
            "n": len(values)}


def rate_interval(hits: int, n: int) -> dict[str, float | None]:
    """A rate with its 95 % Wilson interval (no positions: no rate, the interval [0, 1])."""
    if n == 0:
        return {"rate": None, "low": 0.0, "high": 1.0, "n": 0}
    low, high = wilson(hits / n, n)
    return {"rate": round(hits / n, 4), "low": round(low, 4), "high": round(high, 4), "n": n}


def measure_one(entry: dict[str, Any], budget_s: float, seed: int,
                trees: bool, rankings: bool = True) -> dict[str, Any]:
    d = decision_of(entry)
    ref = {a: v["value"] for a, v in entry["reference"].items()}
    out: dict[str, Any] = {"id": d.id, "mode": d.mode, "players": d.players}
    if rankings:
        quick = analyse(d, budget_s, seed=seed + int(d.id[1:]))
        chosen, at_1s = quick.rows[0].action, most_rollouts(quick)
        out.update(chosen=chosen, loss=loss(entry["reference"], chosen),
                   agrees=agrees(entry["reference"], chosen),
                   within_reference_ci=within_reference_ci(entry["reference"], chosen),
                   ci95_max=max(r.ci95 or 0.0 for r in quick.rows),
                   ci95_top_two=max(r.ci95 or 0.0 for r in quick.rows[:2]),
                   samples=quick.meta["samples"], elapsed_s=quick.meta["elapsed_s"],
                   reference_factor=contender_rollouts(entry) / at_1s, at_1s=at_1s)
    if trees:
        seconds, wall, values = full_tree_seconds(d, seed)
        out["tree_s"], out["tree_wall_s"] = seconds, wall
        errors = [values[a] - ref[a] for a in ref if a in values]
        out["calibration_error"] = statistics.fmean(errors)
        out["calibration_abs_error"] = statistics.fmean(abs(e) for e in errors)
        tree_choice = max(values, key=lambda a: (values[a], a))
        out["tree_loss"] = loss(entry["reference"], tree_choice)
        out["tree_agrees"] = agrees(entry["reference"], tree_choice)
    return out


def tree_keys(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The full trees' keys: calibration against the reference, the tree's own choice scored
    by the reference, CPU time."""
    n = len(rows)
    times = [r["tree_s"] for r in rows]
    slowest = max(rows, key=lambda r: r["tree_s"])
    return {
        "leaves": dict(LEAVES), **DEPTH,
        "calibration_mae_hh": mean_interval([r["calibration_abs_error"] for r in rows]),
        "calibration_bias_hh": mean_interval([r["calibration_error"] for r in rows]),
        "tree_top_choice_agreement": rate_interval(
            sum(1 for r in rows if r["tree_agrees"]), n),
        "tree_mean_loss_hh": mean_interval([r["tree_loss"] for r in rows]),
        "tree_full_s_max": round(max(times), 3),
        "tree_full_s_median": round(statistics.median(times), 3),
        "tree_full_wall_s_max": round(max(r["tree_wall_s"] for r in rows), 3),
        "tree_full_slowest": slowest["id"],
        "calibration_by_group": calibration_groups(rows)}


def calibration_groups(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Calibration MAE and bias (95 % intervals) by mode and by player count (the issue's
    target is set for 4 players)."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        groups.setdefault(r["mode"], []).append(r)
        groups.setdefault(f"{r['players']} players", []).append(r)
    return {g: {"calibration_mae_hh": mean_interval([r["calibration_abs_error"] for r in rr]),
                "calibration_bias_hh": mean_interval([r["calibration_error"] for r in rr])}
            for g, rr in sorted(groups.items())}


def calibration(path: Path, limit: int | None, seed: int, seeds: int = 1) -> dict[str, Any]:
    """The full trees against the references only (no 1-second analyses). With ``seeds``
    above 1 the trees are built again with seeds ``seed + 1``, ... (other sampled worlds and
    playouts, the same references): each seed's keys (``per_seed``), and ``over_seeds``, the
    calibration of every position averaged over the seeds first, so that its intervals are
    over positions (the seeds of one position share its reference and its systematic part)."""
    positions = load(path)[:limit]
    load_before = _load()
    runs = []
    for s in range(seed, seed + seeds):
        rows = []
        for e in steps(positions, "positions"):  # a bar on a terminal only
            rows.append({**measure_one(e, 1.0, s, trees=True, rankings=False), "seed": s})
            print(json.dumps({k: round(v, 3) if isinstance(v, float) else v
                              for k, v in rows[-1].items()}), file=sys.stderr, flush=True)
        runs.append(rows)
    out = {"positions": len(runs[0]), **tree_keys(runs[0])}
    if seeds > 1:
        out["per_seed"] = [{"seed": rows[0]["seed"], **tree_keys(rows)} for rows in runs]
        out["over_seeds"] = over_seeds(runs)
    return {**out, "machine": {"nproc": os.cpu_count(), "load_before": load_before,
                               "load_after": _load()}}


def over_seeds(runs: list[list[dict[str, Any]]]) -> dict[str, Any]:
    """Calibration over several seeds' trees: each position's error averaged over the seeds,
    then the mean over positions with its 95 % interval (overall, by mode and player count)."""
    rows = []
    for same in zip(*runs, strict=True):  # one position's rows, a seed each
        assert len({r["id"] for r in same}) == 1
        rows.append({"mode": same[0]["mode"], "players": same[0]["players"],
                     "calibration_abs_error": statistics.fmean(
                         r["calibration_abs_error"] for r in same),
                     "calibration_error": statistics.fmean(r["calibration_error"] for r in same)})
    return {"seeds": len(runs),
            "calibration_mae_hh": mean_interval([r["calibration_abs_error"] for r in rows]),
            "calibration_bias_hh": mean_interval([r["calibration_error"] for r in rows]),
            "calibration_by_group": calibration_groups(rows),
            "tree_full_s_max": round(max(r["tree_s"] for rows in runs for r in rows), 3)}


def measure(path: Path, budget_s: float, limit: int | None, seed: int,
            trees: bool = True) -> dict[str, Any]:
    positions = load(path)[:limit]
    started = datetime.now(UTC).isoformat(timespec="seconds")
    processes = cores.warm()  # the analysis plays on every core from the first position
    load_before = _load()
    rows = [measure_one(e, budget_s, seed, trees) for e in steps(positions, "positions")]
    n = len(rows)
    agree = sum(1 for r in rows if r["agrees"])
    elapsed = [r["elapsed_s"] for r in rows]
    result: dict[str, Any] = {
        "positions": n, "budget_s": budget_s,
        "top_choice_agreement": rate_interval(agree, n),
        "top_choice_agreement_within_reference_ci": rate_interval(
            sum(1 for r in rows if r["within_reference_ci"]), n),
        "top_choice_agreement_where_reference_decides": decided_agreement(positions, rows),
        "mean_loss_hh": mean_interval([r["loss"] for r in rows]),
        "ci_halfwidth_at_1s_hh": mean_interval([r["ci95_max"] for r in rows]),
        "ci_halfwidth_top_two_at_1s_hh": mean_interval([r["ci95_top_two"] for r in rows]),
        "samples_per_choice_median": statistics.median(r["samples"] for r in rows),
        "reference_factor": reference_factor(positions, rows),
        "top_choice_agreement_expected": expected_agreement(positions, rows),
        "elapsed_s_median": round(statistics.median(elapsed), 3),
        "elapsed_s_max": round(max(elapsed), 3),
    }
    if trees:
        result.update(tree_keys(rows))
    result["by_group"] = by_group(positions, rows)
    result["worst"] = sorted(({"id": r["id"], "loss": round(r["loss"], 3)} for r in rows
                              if not r["agrees"]), key=lambda x: -x["loss"])[:10]
    result["disagreements"] = disagreements(positions, rows)
    result.update(machine={"nproc": os.cpu_count(), "processes": processes,
                           "platform": platform.platform(),
                           "load_before": load_before, "load_after": _load()},
                  python=sys.version.split()[0], precog_version=__version__,
                  started_at=started,
                  finished_at=datetime.now(UTC).isoformat(timespec="seconds"))
    return result


def reference_factor(positions: list[dict[str, Any]],
                     rows: list[dict[str, Any]]) -> dict[str, float]:
    """How many times the 1-second analysis' rollouts of its contenders the reference gave its
    own contenders, over the positions whose best two do not end every game alike."""
    factors = [r["reference_factor"] for e, r in zip(positions, rows, strict=True)
               if not exact_tie(e)]
    if not factors:
        return {"min": math.nan, "median": math.nan, "below_30": 0, "n": 0}
    return {"min": round(min(factors), 1), "median": round(statistics.median(factors), 1),
            "below_30": sum(f < REFERENCE_FACTOR for f in factors), "n": len(factors)}


AGREEMENT_MULTIPLES = (1, 2, 4, 10)  # rollouts of the expected agreement, times this run's


def expected_agreement(positions: list[dict[str, Any]],
                       rows: list[dict[str, Any]]) -> dict[str, Any]:
    """How often an analysis with no bias at all could expect to agree with the reference,
    given this run's rollouts: for each position, the chance that the means of ``n`` paired
    rollouts (this run's contender rollouts, and multiples of them) put the reference's best
    above every other contender, if the reference's values were the truth up to its own
    noise and its paired spreads the rollouts' (:func:`agree_chance`). Averaged over the
    suite, ``low`` (the rivals' deficits taken as independent) and ``high`` (the nearest
    rival alone). A model, and an optimistic one (it leaves out the choices the reference's
    race left behind, which a short analysis may still put first): it says how much of the
    strict agreement's shortfall the suite's near ties explain at this many rollouts, and
    what more rollouts a second would bring."""
    out: dict[str, Any] = {}
    for k in AGREEMENT_MULTIPLES:
        bounds = [agree_chance(e["reference"], k * r["at_1s"], e["reference_rollouts"])
                  for e, r in zip(positions, rows, strict=True)]
        out[f"at_{k}x"] = {"low": round(statistics.fmean(b[0] for b in bounds), 4),
                           "high": round(statistics.fmean(b[1] for b in bounds), 4)}
    return out


def agree_chance(reference: dict[str, dict[str, Any]], n: int,
                 built: int) -> tuple[float, float]:
    """The chance that ``n`` rollouts of each contender, paired, rank the reference's best
    first (see :func:`expected_agreement`), as the product over the rivals of P(its deficit
    reads above 0) and as the least of them. A rival's deficit is read with the spread of
    ``n`` rollouts plus the reference's own (the true gap is known only to within it), so
    even endless rollouts agree with an undecided reference only by the chance its gap
    gives. A rival that ends every game like the best counts as agreeing; one without a
    paired interval is given the two values' combined spread; ``built``: the rollouts of a
    choice that does not state its own."""
    best = reference_best(reference)
    top = reference[best]
    chances = []
    for action, rival in contenders(reference).items():
        gap = top["value"] - rival["value"]
        if action == best or (gap == 0 and rival.get("loss_ci95") == 0):
            continue
        n_ref = int(rival.get("rollouts", built))
        both_spreads = math.sqrt(n_ref / max(1, n) + 1)
        se = standard_error_of(resolution(top, rival)) * both_spreads
        chances.append(1.0 if se == 0 else statistics.NormalDist().cdf(gap / se))
    return (math.prod(chances), min(chances)) if chances else (1.0, 1.0)


def contenders(reference: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The choices in contention for the reference's first place: all but those a deepened
    reference's analysis left behind (``left_behind``: clearly behind its best on the same
    games, their value taken from an earlier analysis on more rollouts)."""
    return {a: v for a, v in reference.items() if not v.get("left_behind")}


def top_two(reference: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The reference's two highest contenders, best first."""
    return sorted(contenders(reference).values(), key=lambda v: -v["value"])[:2]


def reference_best(reference: dict[str, dict[str, Any]]) -> str:
    """The reference's best choice: the contender of the highest value."""
    rivals = contenders(reference)
    return max(sorted(rivals), key=lambda a: rivals[a]["value"])


def loss(reference: dict[str, dict[str, Any]], chosen: str) -> float:
    """The Healthy Humans ``chosen`` loses against the reference's best (at least 0)."""
    return max(0.0, reference[reference_best(reference)]["value"] - reference[chosen]["value"])


def agrees(reference: dict[str, dict[str, Any]], chosen: str) -> bool:
    """Whether ``chosen`` is a best choice of the reference: a contender worth its best's
    value (two choices that end every game alike are both best)."""
    return not reference[chosen].get("left_behind") and loss(reference, chosen) <= 1e-9


def within_reference_ci(reference: dict[str, dict[str, Any]], chosen: str) -> bool:
    """Whether the reference cannot tell ``chosen`` from its best choice: the gap is within
    the loss's paired interval (a refined reference) or the two values' combined 95 %
    half-widths (the reference's own resolution). A choice a deepened reference left behind
    is told apart (its race did it on the same games)."""
    if reference[chosen].get("left_behind"):
        return False
    best = reference[reference_best(reference)]
    return best["value"] - reference[chosen]["value"] <= resolution(best, reference[chosen])


def reference_decides(reference: dict[str, dict[str, Any]]) -> bool:
    """Whether the reference separates its best choice from its second contender: their gap
    is more than the second's paired loss interval (a refined reference), or than the two
    values' combined 95 % half-widths. Where it does not, no analysis can be expected to agree
    with the reference's first place more often than a coin toss."""
    best, second = top_two(reference)
    return best["value"] - second["value"] > resolution(best, second)


def resolution(best: dict[str, Any], rival: dict[str, Any]) -> float:
    """How far apart the reference can tell ``rival`` from ``best``: the rival's paired loss
    interval (a refined or deepened reference), else the two values' combined 95 %
    half-widths."""
    if "loss_ci95" in rival:
        return float(rival["loss_ci95"])
    return math.hypot(best["ci95"], rival["ci95"])


def decided_agreement(positions: list[dict[str, Any]],
                      rows: list[dict[str, Any]]) -> dict[str, float | None]:
    """The top-choice agreement over the positions the reference decides."""
    decided = [r for e, r in zip(positions, rows) if reference_decides(e["reference"])]
    return rate_interval(sum(r["agrees"] for r in decided), len(decided))


def disagreements(positions: list[dict[str, Any]],
                  rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every position whose 1-second choice is not a best choice of the reference: its mode,
    round, the choice, its loss and whether the reference decides the position."""
    return [{"id": e["id"], "mode": e["mode"], "players": e["players"], "round": e["round"],
             "chosen": r["chosen"], "loss": round(r["loss"], 3),
             "reference_decides": reference_decides(e["reference"])}
            for e, r in zip(positions, rows) if not r["agrees"]]


def summary(path: Path) -> dict[str, Any]:
    """The keys read off the budgeted analyses the reference build ran and stored
    (``at_budget``: their own seeds, independent of the reference's), without the trees."""
    positions = load(path)
    rows = []
    for e in positions:
        chosen = e["at_budget"]["choice"]
        rows.append({"id": e["id"], "loss": loss(e["reference"], chosen),
                     "agrees": agrees(e["reference"], chosen),
                     "within_reference_ci": within_reference_ci(e["reference"], chosen),
                     "ci95_max": e["at_budget"]["ci95_max"],
                     "samples": e["samples_at_budget"]})
    n = len(rows)
    return {"positions": n, "budget_s": json.loads(path.read_text())["meta"]["budget_s"],
            "source": "the reference build's own budgeted analyses",
            "top_choice_agreement": rate_interval(sum(r["agrees"] for r in rows), n),
            "top_choice_agreement_within_reference_ci": rate_interval(
                sum(r["within_reference_ci"] for r in rows), n),
            "top_choice_agreement_where_reference_decides": decided_agreement(positions, rows),
            "mean_loss_hh": mean_interval([r["loss"] for r in rows]),
            "ci_halfwidth_at_1s_hh": mean_interval([r["ci95_max"] for r in rows]),
            "samples_per_choice_median": statistics.median(r["samples"] for r in rows),
            "by_group": by_group(positions, rows),
            "worst": sorted(({"id": r["id"], "loss": round(r["loss"], 3)} for r in rows
                             if not r["agrees"]), key=lambda x: -x["loss"])[:10]}


def by_group(positions: list[dict[str, Any]], rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Agreement (with its 95 % Wilson interval) and mean loss per mode, per player count,
    per season and per setup: where the misses are. With a run's own rollouts (``at_1s``),
    also what an analysis without bias could expect there (``agreement_expected``, the
    ``low`` bound of :func:`expected_agreement` at this run's rollouts): a group whose
    agreement is near it misses by noise, not by judgement."""
    if len(rows) != len(positions):
        raise ValueError(f"{len(rows)} results for {len(positions)} positions")
    expected = ([agree_chance(e["reference"], r["at_1s"], e["reference_rollouts"])[0]
                 for e, r in zip(positions, rows, strict=True)]
                if all("at_1s" in r for r in rows) else None)
    groups: dict[str, list[int]] = {}
    for i, e in enumerate(positions):
        season = season_of(e["round"])
        for key in (e["mode"], f"{e['players']}p", f"season {season}", e["setup"]):
            groups.setdefault(key, []).append(i)
    out = {}
    for k, members in sorted(groups.items()):
        n, hits = len(members), sum(1 for i in members if rows[i]["agrees"])
        rate = rate_interval(hits, n)
        out[k] = {"n": n, "agreement": round(hits / n, 3),
                  "agreement_low": rate["low"], "agreement_high": rate["high"],
                  "mean_loss_hh": round(statistics.fmean(rows[i]["loss"] for i in members), 3)}
        if expected is not None:
            out[k]["agreement_expected"] = round(
                statistics.fmean(expected[i] for i in members), 3)
    return out


def _load() -> list[float]:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return []


CONVERGENCE_KEYS = ("top_choice_agreement", "top_choice_agreement_within_reference_ci",
                    "top_choice_agreement_where_reference_decides",
                    "top_choice_agreement_expected", "mean_loss_hh")


def convergence_names(result: dict[str, Any]) -> dict[str, Any]:
    """The keys under their honest names: the reference is the same method run longer, so
    agreement with it measures convergence (``convergence_*``), not quality; quality against
    stronger play is ``benchmarks/independent_reference.py``'s ``independent_*``."""
    return {("convergence_" + k if k in CONVERGENCE_KEYS else k): v for k, v in result.items()}


def table(r: dict[str, Any]) -> str:
    def iv(x: dict[str, Any], key: str = "mean") -> str:
        if x[key] is None:
            return "none (no positions)"
        return f"{x[key]:.3f} [{x['low']:.3f}, {x['high']:.3f}]"

    lines = [f"{r['positions']} positions, {r['budget_s']} s per analysis "
             f"(median {r['samples_per_choice_median']} rollouts per choice)",
             "convergence: agreement with the same method at 30 times the budget "
             "(quality against stronger play: benchmarks/independent_reference.py)",
             f"top_choice_agreement   {iv(r['top_choice_agreement'], 'rate')}   target >= 0.95",
             f"  within reference CI  "
             f"{iv(r['top_choice_agreement_within_reference_ci'], 'rate')}",
             f"  where reference decides "
             f"{iv(r['top_choice_agreement_where_reference_decides'], 'rate')} "
             f"({r['top_choice_agreement_where_reference_decides']['n']} positions)",
             f"mean_loss_hh           {iv(r['mean_loss_hh'])}   target <= 0.1",
             f"ci_halfwidth_at_1s_hh  {iv(r['ci_halfwidth_at_1s_hh'])}   target <= 0.5"]
    if "reference_factor" in r:  # a run's own (--summary scores the build's stored answers)
        lines.append(f"reference_factor       min {r['reference_factor']['min']}, median "
                     f"{r['reference_factor']['median']}   (the reference's rollouts of its "
                     "contenders, times the 1 s analysis')")
    if "by_group" in r:
        lines += [f"  {g:<20} {c['agreement']:.3f} [{c['agreement_low']:.3f}, "
                  f"{c['agreement_high']:.3f}] of {c['n']}, mean loss {c['mean_loss_hh']:.3f}"
                  + (f", expected without bias {c['agreement_expected']:.3f}"
                     if "agreement_expected" in c else "")
                  for g, c in r["by_group"].items()]
    if "top_choice_agreement_expected" in r:
        lines.append("  expected, no bias     " + ", ".join(
            f"{k[3:]} rollouts {v['low']:.3f}-{v['high']:.3f}"
            for k, v in r["top_choice_agreement_expected"].items()))
    if "tree_full_s_max" in r:
        lines += [f"calibration_mae_hh     {iv(r['calibration_mae_hh'])}",
                  f"calibration_bias_hh    {iv(r['calibration_bias_hh'])}",
                  *(f"  {g:<20} MAE {iv(c['calibration_mae_hh'])}, bias "
                    f"{iv(c['calibration_bias_hh'])}"
                    for g, c in r["calibration_by_group"].items()),
                  f"tree_full_s_max        {r['tree_full_s_max']:.2f} s (median "
                  f"{r['tree_full_s_median']:.2f} s)   target <= 2 s",
                  f"tree_top_choice_agreement  {iv(r['tree_top_choice_agreement'], 'rate')}"]
    return "\n".join(lines)


# -- the command line ------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    parser = ToolParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--save", action="store_true",
                        help="also store the run's figures in benchmarks/data/runs/ (for "
                             "docs/performance-log.md, scripts/performance_log.py)")
    parser.add_argument("--budget", type=at_most(float, MAX_BUDGET_S), default=1.0,
                        help="seconds per analysis (default 1)")
    parser.add_argument("--limit", type=at_most(int, MAX_POSITIONS), default=None,
                        help="only the first N positions of the suite")
    parser.add_argument("--seed", type=seed_number, default=0, help="seed of the 1-second analyses")
    parser.add_argument("--no-trees", action="store_true",
                        help="skip the full trees (no calibration or tree time)")
    parser.add_argument("--data", type=Path, default=DATA, help="the suite and references")
    parser.add_argument("--trees-only", action="store_true",
                        help="only the full trees' times over the suite")
    parser.add_argument("--calibration", action="store_true",
                        help="only the full trees against the references (calibration, the "
                             "tree's own choice, times; no 1-second analyses)")
    parser.add_argument("--seeds", type=at_most(int, 100), default=1,
                        help="with --calibration: build the trees with this many seeds "
                             "(--seed, --seed + 1, ...) and report each, and every "
                             "position's error averaged over them (default 1)")
    parser.add_argument("--leaves", choices=("auto", "fit", "playouts"), default="auto",
                        help="how the full trees value their leaves (default auto, the "
                             "explorer's: played out, 8 games a leaf)")
    parser.add_argument("--depth", type=whole_number, choices=(1, 2), default=2,
                        help="rounds of the trees measured with --calibration (default 2, "
                             "the full tree; 1 for a comparison)")
    parser.add_argument("--leaf-playouts", type=at_most(int, 1024),
                        default=8, help="playouts per leaf with --leaves playouts (default 8)")
    parser.add_argument("--summary", action="store_true",
                        help="the keys from the budgeted analyses stored by the reference build")
    parser.add_argument("--build-reference", action="store_true",
                        help="(re)build the suite and its reference answers into --data")
    parser.add_argument("--refine-reference", action="store_true",
                        help="analyse again, with racing and paired loss intervals, the "
                             "positions whose top two the reference does not separate")
    parser.add_argument("--deepen-reference", action="store_true",
                        help="analyse again every position whose reference has fewer than "
                             "--factor times the rollouts the 1 s analysis reaches now (one "
                             "already measured against today's 1 s analysis is skipped)")
    parser.add_argument("--rebuild-reference", action="store_true",
                        help="build again, keeping no old estimate, the references of the "
                             "--mode positions analysed with a value the analysis no longer "
                             "counts")
    parser.add_argument("--again", action="store_true",
                        help="with --deepen-reference: measure every position against "
                             "today's 1 s analysis again, even one stamped as measured")
    parser.add_argument("--mode", choices=sorted(VALUE_MARKS), default="coop",
                        help="with --rebuild-reference: the mode (default coop)")
    parser.add_argument("--part", type=part, default="1/1",
                        help="with --deepen-reference or --rebuild-reference: K/N, every "
                             "N-th position from the K-th "
                             "(two processes on copies of the file)")
    parser.add_argument("--count", type=at_most(int, MAX_POSITIONS), default=120,
                        help="positions in a built suite (default 120)")
    parser.add_argument("--min-rollouts", type=at_most(int, RANKING_CAP),
                        default=None,
                        help="with --build-reference: at least this many reference rollouts "
                             "for the contenders, whatever 1 s gives (a loaded machine)")
    parser.add_argument("--factor", type=at_most(int, 10_000),
                        default=REFERENCE_FACTOR,
                        help="reference rollouts per choice, times the 1 s analysis' (30)")
    args = parser.parse_args(argv)
    if args.leaf_playouts < 2:  # a leaf's interval needs a spread
        parser.refuse(Problem.of(UsageCode.COUNT, low=2, high=1024, got=args.leaf_playouts),
                      "--leaf-playouts")
    if args.seeds > 1 and not args.calibration:
        parser.refuse(Problem.of(UsageCode.ONLY_WITH, option="--seeds", got=args.seeds,
                                 needed="--calibration"))
    LEAVES.update(leaf_values=args.leaves, leaf_playouts=args.leaf_playouts)
    DEPTH.update(depth_rounds=args.depth)
    try:
        return run(args, parser)
    except BenchmarkInputError as err:
        parser.refuse(err)


def run(args: argparse.Namespace, parser: ToolParser) -> int:
    """What the arguments ask for (a bad data file: :class:`BenchmarkInputError`)."""
    builds = (args.build_reference or args.refine_reference or args.deepen_reference
              or args.rebuild_reference)
    if builds and args.factor < REFERENCE_FACTOR:
        parser.refuse(Problem.of(UsageCode.COUNT, low=REFERENCE_FACTOR, high=10_000,
                                 got=args.factor), "--factor")  # the reference's least factor
    if args.build_reference:
        build_reference(args.count, args.seed, args.budget, args.factor, args.data,
                        log=lambda m: print(m, file=sys.stderr, flush=True),
                        min_rollouts=args.min_rollouts or 0)
        return 0
    if args.refine_reference:
        refine_reference(args.data, args.seed, args.factor,
                         log=lambda m: print(m, file=sys.stderr, flush=True))
        return 0
    if args.deepen_reference:
        part, parts = args.part
        deepen_reference(args.data, args.seed, args.factor, args.budget,
                         log=lambda m: print(m, file=sys.stderr, flush=True),
                         again=args.again, part=part, parts=parts)
        return 0
    if args.rebuild_reference:
        part, parts = args.part
        rebuild_reference(args.data, args.seed, args.factor, args.mode, part, parts,
                          args.budget, log=lambda m: print(m, file=sys.stderr, flush=True))
        return 0
    if args.trees_only:
        print(json.dumps(tree_times(args.data, args.limit, args.seed), indent=2))
        return 0
    if args.calibration:
        print(json.dumps(calibration(args.data, args.limit, args.seed, args.seeds), indent=2))
        return 0
    if args.summary:
        result = summary(args.data)
        print(json.dumps(convergence_names(result), indent=2) if args.json else table(result))
        return 0
    result = measure(args.data, args.budget, args.limit, args.seed, trees=not args.no_trees)
    print(json.dumps(convergence_names(result), indent=2) if args.json else table(result))
    if args.save:
        path = save_run("decision_quality", convergence_names(result), sys.argv[1:])
        print(f"stored in {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
