"""Engine speed: random-legal steps/s, next to OpenSpiel's games and an earlier precog.

Every loop is driven the way a user drives each library: ask for the legal actions, pick one
with a seeded ``random.Random``, apply it, a new game when one ends. The loops are interleaved
in rounds (the order alternating) so that load from other processes falls on all alike;
medians are reported. ``--baseline REV`` also runs the same loops (and, with ``--buys``, the
same look-ahead work) on precog as it was at git revision ``REV``, in a helper process, so
that the gain is a ratio from one run. Run ``python benchmarks/engine.py --help``; see
benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import precog
from precog import __version__
from precog.engine import apply, legal_actions, new_game

try:  # this file also runs inside a baseline revision's tree, which may have no bars
    from precog.commands.progress import steps as progress_steps
except ImportError:
    def progress_steps(items: Any, unit: str) -> Any:  # type: ignore[misc]
        return items

sys.path.insert(0, str(Path(__file__).resolve().parent))  # runs, beside this file
from runs import save_run

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = (2, 3, 4)
SPIEL_GAMES = {  # key -> (OpenSpiel game, written in)
    "openspiel_python": ("python_tic_tac_toe", "Python"),
    "openspiel_leduc": ("leduc_poker", "C++"),
    "openspiel_goofspiel": ("goofspiel", "C++"),
}


class Tally:
    """Steps and whole games played in ``seconds`` of wall-clock time."""

    def __init__(self, steps: int, games: int, seconds: float) -> None:
        self.steps, self.games, self.seconds = steps, games, seconds

    @property
    def steps_per_s(self) -> float:
        return self.steps / self.seconds

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds


Loop = Callable[[float, int], Tally]


def precog_loop(players: int) -> Loop:
    """Whole ``players``-player games of random-legal play for at least ``budget`` seconds."""

    def run(budget: float, seed: int) -> Tally:
        steps = games = 0
        start = time.process_time()
        while True:
            rng = random.Random(seed + games)
            state = new_game(players=players, seed=seed + games)
            while not state.is_over:
                options = legal_actions(state)
                state = apply(state, options[rng.randrange(len(options))])
                steps += 1
            games += 1
            elapsed = time.process_time() - start
            if elapsed >= budget:
                return Tally(steps, games, elapsed)

    return run


def openspiel_loop(name: str = "python_tic_tac_toe") -> Loop | None:
    """The same loop over an OpenSpiel game, or None without open_spiel. Chance outcomes
    are picked like actions (uniformly); simultaneous moves are played one seat at a time."""
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers the game)
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    if game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
        game = pyspiel.load_game_as_turn_based(name)

    def run(budget: float, seed: int) -> Tally:
        rng = random.Random(seed)
        steps = games = 0
        start = time.process_time()
        while True:
            state = game.new_initial_state()
            while not state.is_terminal():
                options = state.legal_actions()
                state.apply_action(options[rng.randrange(len(options))])
                steps += 1
            games += 1
            elapsed = time.process_time() - start
            if elapsed >= budget:
                return Tally(steps, games, elapsed)

    return run


# -- what the speed buys: the look-ahead bot and the tree ---------------------------------

# Where each analysis name lives, today's module first: a baseline revision's helper process
# imports from its own tree, whose modules may have other names (b8619de, the release issue 42
# was filed against, had precog.analysis.bots, .players and .tree).
ANALYSIS_HOMES = {
    "LookaheadBot": ("precog.analysis.arena.bots", "precog.analysis.bots"),
    "GreedyBot": ("precog.analysis.arena.bots", "precog.analysis.bots"),
    "play_game": ("precog.analysis.arena.bots", "precog.analysis.bots"),
    "as_policy": ("precog.analysis.playing.players", "precog.analysis.players"),
    "build_tree": ("precog.analysis.search.tree", "precog.analysis.tree"),
    "choice_of": ("precog.analysis.search.tree", "precog.analysis.tree"),
}


def analysis_name(name: str) -> Any:
    """``name`` from the first of its homes that the imported precog has."""
    import importlib

    for home in ANALYSIS_HOMES[name]:
        try:
            module = importlib.import_module(home)
        except ImportError:
            continue
        if hasattr(module, name):
            return getattr(module, name)
    raise ImportError(f"{name} is in none of {', '.join(ANALYSIS_HOMES[name])}")


def bot_decisions(seconds: float, seed: int, players: int = 4, mode: str = "competitive",
                  decisions: int | None = None) -> dict[str, Any]:
    """Decisions a second of look-ahead bots (one round, the projection) playing seeded
    ``players``-player games of ``mode`` against each other, for about ``seconds`` of CPU
    time, or for exactly ``decisions`` decisions (the same work as another engine's run:
    a game's decisions grow dearer as it goes on); with the moves they made (two engines
    that play alike make the same moves)."""
    from precog.engine.playout import play_on

    lookahead_bot, as_policy = analysis_name("LookaheadBot"), analysis_name("as_policy")

    decisions_made = [0]
    moves: list[str] = []

    def counting(ask: Callable[[Any, int], Any]) -> Callable[[Any, int], Any]:
        def counted(state: Any, seat: int) -> Any:
            decisions_made[0] += 1
            action = ask(state, seat)
            moves.append(str(action))
            return action

        return counted

    def done(_state: Any = None) -> bool:
        if decisions is not None:
            return decisions_made[0] >= decisions
        return time.process_time() - cpu >= seconds

    new_game(players=players, mode=mode, seed=seed)  # data loaded before the clock starts
    cpu = time.process_time()
    game = 0
    while not done():
        bots = [lookahead_bot(seed * 8 + game * 4 + s) for s in range(players)]
        play_on(new_game(players=players, mode=mode, seed=seed + game),
                counting(as_policy(bots)), until=done, limit=1 << 30)
        game += 1
    return {"decisions": decisions_made[0], "cpu_s": time.process_time() - cpu, "moves": moves}


def same_moves(a: list[str], b: list[str]) -> bool:
    """Whether two runs of the bots made the same moves as far as both went."""
    common = min(len(a), len(b))
    return common > 0 and a[:common] == b[:common]


def tree_positions(players: int, mode: str, seed: int) -> dict[int, Any]:
    """The position at the start of each round's Decision (rounds 1-12) of seeded games of
    greedy bots (a cooperative game that ends early: the next seed's game for later rounds)."""
    from precog.engine import Phase

    greedy_bot, play_game = analysis_name("GreedyBot"), analysis_name("play_game")

    seen: dict[int, Any] = {}

    def observe(state: Any) -> None:
        if state.phase is Phase.DECISION and state.round not in seen \
                and not any(state.choices or ()):
            seen[state.round] = state

    for game in range(20):
        if len(seen) == 12:
            break
        play_game([greedy_bot(seed * 8 + game * 4 + s) for s in range(players)],
                  seed=seed + game, players=players, mode=mode, observe=observe)
    return seen


def trees(players: int, mode: str, seed: int) -> list[dict[str, Any]]:
    """CPU seconds of the full two-round tree (``build_tree`` with its defaults) and of the
    first answer (one round) at each round's Decision, seat ``round % players``, and the
    two-round tree's value of each choice (the same in every version of a faster engine)."""
    build_tree, choice_of = analysis_name("build_tree"), analysis_name("choice_of")
    out = []
    for round_, state in sorted(tree_positions(players, mode, seed).items()):
        seat = round_ % players
        cpu = time.process_time()
        first = build_tree(state, seat, depth_rounds=1, seed=seed)
        first_s = time.process_time() - cpu
        cpu = time.process_time()
        root = build_tree(state, seat, depth_rounds=2, seed=seed)
        full_s = time.process_time() - cpu
        values = {str(choice_of(c)): round(c.value, 9) for c in root.children}
        out.append({"round": round_, "players": players, "mode": mode, "seat": seat,
                    "first_cpu_s": round(first_s, 4), "full_cpu_s": round(full_s, 4),
                    "values": values, "first_values": {
                        str(choice_of(c)): round(c.value, 9) for c in first.children}})
    return out


TASKS: dict[str, Callable[..., Any]] = {
    "steps": lambda players, seconds, seed: vars(precog_loop(players)(seconds, seed)),
    "bot": bot_decisions,
    "trees": trees,
    "where": lambda: {"precog": str(Path(precog.__file__).parent), "version": __version__},
    "names": lambda: {name: analysis_name(name).__module__ for name in ANALYSIS_HOMES},
}


def worker() -> int:
    """Serve tasks read as JSON lines on stdin (a baseline engine's helper process)."""
    for line in sys.stdin:
        request = json.loads(line)
        result = TASKS[request.pop("task")](**request)
        print(json.dumps(result), flush=True)
    return 0


class Baseline:
    """precog at git revision ``rev``, extracted into a temporary folder and run in a helper
    process that imports it (never this checkout's precog)."""

    def __init__(self, rev: str | None, repo: Path = ROOT) -> None:
        """``rev`` None: this checkout as it is (a helper like the baseline's, so that both
        engines play in a process of the same size)."""
        self.folder: tempfile.TemporaryDirectory[str] | None = None
        if rev is None:
            self.rev, home = "checkout", str(repo)
        else:
            self.rev = subprocess.run(["git", "rev-parse", "--short", rev], cwd=repo,
                                      check=True, capture_output=True, text=True).stdout.strip()
            self.folder = tempfile.TemporaryDirectory(prefix="precog-baseline-")
            home = self.folder.name
            archive = subprocess.run(["git", "archive", "--format=tar", self.rev, "precog"],
                                     cwd=repo, check=True, capture_output=True).stdout
            tar_path = Path(home) / "precog.tar"
            tar_path.write_bytes(archive)
            with tarfile.open(tar_path) as tar:
                tar.extractall(home, filter="data")
        env = dict(os.environ, PYTHONPATH=home)
        self.process = subprocess.Popen([sys.executable, __file__, "--worker"], env=env,
                                        cwd=home, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)
        where = self.call("where")
        if not where["precog"].startswith(home):
            raise RuntimeError(f"the helper of {self.rev} imported {where['precog']}")

    def call(self, task: str, **args: Any) -> Any:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps({"task": task, **args}) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def loop(self, players: int) -> Loop:
        def run(budget: float, seed: int) -> Tally:
            t = self.call("steps", players=players, seconds=budget, seed=seed)
            return Tally(t["steps"], t["games"], t["seconds"])

        return run

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=60)
        if self.folder is not None:
            self.folder.cleanup()


# -- measuring ---------------------------------------------------------------------------

def measure(seconds: float = 1.0, rounds: int = 5, players: int = 4, seed: int = 0,
            baseline: str | None = None, buys: bool = False, all_players: bool = False,
            buys_seconds: float = 10.0, repo: Path = ROOT) -> dict[str, Any]:
    """Interleave the loops for ``rounds`` rounds of ``seconds`` each; the figures as JSON."""
    started = datetime.now(UTC)
    load_before = _load()
    old = Baseline(baseline, repo) if baseline else None
    try:
        counts = PLAYERS if all_players else (players,)
        loops: dict[str, Loop] = {f"precog_{n}p": precog_loop(n) for n in counts}
        if old is not None:
            loops.update({f"baseline_{n}p": old.loop(n) for n in counts})
        for key, (name, _) in SPIEL_GAMES.items():
            spiel = openspiel_loop(name)
            if spiel is not None:
                loops[key] = spiel
        for loop in loops.values():  # warm-up: imports, component data, caches
            loop(min(0.2, seconds), seed)
        tallies: dict[str, list[Tally]] = {name: [] for name in loops}
        for r in progress_steps(range(rounds), "runs"):  # a bar on a terminal only
            order = list(loops) if r % 2 == 0 else list(reversed(loops))
            for name in order:
                tallies[name].append(loops[name](seconds, seed + 10_000 * r))
        out = _report(tallies, players, counts)
        if buys:
            out["buys"] = what_it_buys(old, buys_seconds, seed)
    finally:
        if old is not None:
            old.close()
    out.update({
        "rounds": rounds, "seconds_per_measurement": seconds,
        "baseline_revision": old.rev if old is not None else None,
        "per_round_steps_per_s": {name: [round(t.steps_per_s) for t in ts]
                                  for name, ts in tallies.items()},
        "precog_version": __version__,
        "python": platform.python_version(),
        "python_implementation": platform.python_implementation(),
        "machine": {"nproc": os.cpu_count(), "platform": platform.platform(),
                    "load_average_before": load_before, "load_average_after": _load()},
        "started_at": started.isoformat(timespec="seconds"),
        "finished_at": datetime.now(UTC).isoformat(timespec="seconds"),
    })
    return out


def _paired(mine: list[Tally], theirs: list[Tally]) -> float:
    """The median of the rounds' ratios (both loops of one round ran under the same load)."""
    return _median(a.steps_per_s / b.steps_per_s for a, b in zip(mine, theirs, strict=True))


def _report(tallies: dict[str, list[Tally]], players: int,
            counts: tuple[int, ...]) -> dict[str, Any]:
    mine = tallies[f"precog_{players if players in counts else counts[0]}p"]
    out: dict[str, Any] = {
        "precog_steps_per_s": _median(t.steps_per_s for t in mine),
        "precog_games_per_s": _median(t.games_per_s for t in mine),
        "precog_steps_per_game": sum(t.steps for t in mine) / sum(t.games for t in mine),
        "players": players,
    }
    by_players: dict[str, dict[str, float]] = {}
    for n in counts:
        own = tallies[f"precog_{n}p"]
        row = {"steps_per_s": _median(t.steps_per_s for t in own),
               "games_per_s": _median(t.games_per_s for t in own)}
        if f"baseline_{n}p" in tallies:
            row["baseline_steps_per_s"] = _median(
                t.steps_per_s for t in tallies[f"baseline_{n}p"])
            row["steps_ratio_vs_baseline"] = _paired(own, tallies[f"baseline_{n}p"])
        for key in SPIEL_GAMES:
            if key in tallies:
                row[f"steps_ratio_vs_{key}"] = _paired(own, tallies[key])
        by_players[str(n)] = row
    out["by_players"] = by_players
    own = by_players[str(players) if players in counts else str(counts[0])]
    for key, value in own.items():
        if key.startswith("steps_ratio_vs_") or key == "baseline_steps_per_s":
            out[key] = value
    for key, (name, _) in SPIEL_GAMES.items():
        if key in tallies:
            out[f"{key}_steps_per_s"] = _median(t.steps_per_s for t in tallies[key])
            out[f"{key}_games_per_s"] = _median(t.games_per_s for t in tallies[key])
        else:
            out[key] = f"not measured: open_spiel is not importable ({name})"
    if "steps_ratio_vs_openspiel_python" in out:
        out["ratio_vs_openspiel_python"] = out["steps_ratio_vs_openspiel_python"]
    return out


def what_it_buys(old: Baseline | None, seconds: float, seed: int) -> dict[str, Any]:
    """The look-ahead bot's decisions a second and the trees' CPU times, this checkout's
    engine and (with a baseline) the earlier one, taken in turn."""
    if old is None:
        return _buys({"precog": lambda task, **a: TASKS[task](**a)}, old, seconds, seed)
    here = Baseline(None)  # both engines in helpers of the same size (a bigger heap collects
    try:  # its garbage more slowly: this process holds the steps' runs)
        return _buys({"precog": here.call, "baseline": old.call}, old, seconds, seed)
    finally:
        here.close()


def _buys(runs: dict[str, Callable[..., Any]], old: Baseline | None, seconds: float,
          seed: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    bots: dict[str, list[float]] = {name: [] for name in runs}
    coop_bots: dict[str, list[float]] = {name: [] for name in runs}
    moves: dict[str, list[list[str]]] = {name: [] for name in runs}
    grids: dict[str, list[dict[str, Any]]] = {name: [] for name in runs}
    for r in range(2):  # the first engine plays on the clock, the other as many decisions
        made: dict[str, int] = {}
        for name in (list(runs) if r % 2 == 0 else list(reversed(runs))):
            b = runs[name]("bot", seconds=seconds / 2, seed=seed + r,
                           decisions=made.get("competitive"))
            c = runs[name]("bot", seconds=2 * seconds, seed=seed + r, mode="coop",
                           decisions=made.get("coop"))
            made = {"competitive": b["decisions"], "coop": c["decisions"]}
            bots[name].append(b["decisions"] / b["cpu_s"])
            coop_bots[name].append(c["decisions"] / c["cpu_s"])
            moves[name] += [b.get("moves", []), c.get("moves", [])]
    configs = [(n, mode) for mode in ("competitive", "coop") for n in PLAYERS]
    for i, (n, mode) in enumerate(progress_steps(configs, "positions")):
        for name in (list(runs) if i % 2 == 0 else list(reversed(runs))):
            grids[name] += runs[name]("trees", players=n, mode=mode, seed=seed)
    for name in runs:
        rows = grids[name]
        slowest = max(rows, key=lambda x: x["full_cpu_s"])
        coop4 = [x["first_cpu_s"] for x in rows if x["mode"] == "coop" and x["players"] == 4]
        out[name] = {
            "lookahead_bot_decisions_per_cpu_s": _median(bots[name]),
            "lookahead_bot_coop_decisions_per_cpu_s": _median(coop_bots[name]),
            "tree_two_rounds_cpu_s_max": slowest["full_cpu_s"],
            "tree_two_rounds_slowest": {k: slowest[k] for k in ("round", "players", "mode")},
            "tree_two_rounds_cpu_s_median": _median(x["full_cpu_s"] for x in rows),
            "tree_first_answer_coop_4p_cpu_s_median": _median(coop4),
            "tree_positions": len(rows)}
    if old is not None:
        new, base = out["precog"], out["baseline"]
        out["lookahead_bot_ratio_vs_baseline"] = (new["lookahead_bot_decisions_per_cpu_s"]
                                                  / base["lookahead_bot_decisions_per_cpu_s"])
        out["lookahead_bot_coop_ratio_vs_baseline"] = (
            new["lookahead_bot_coop_decisions_per_cpu_s"]
            / base["lookahead_bot_coop_decisions_per_cpu_s"])
        out["lookahead_bot_moves_identical_to_baseline"] = all(
            same_moves(a, b) for a, b in zip(moves["precog"], moves["baseline"], strict=True))
        out["tree_values_identical_to_baseline"] = all(
            (a["values"], a["first_values"]) == (b["values"], b["first_values"])
            for a, b in zip(grids["precog"], grids["baseline"], strict=True))
        if not out["tree_values_identical_to_baseline"]:
            out["tree_values_note"] = ("each revision values the choices with its own analysis "
                                       "(evaluation, plans, second round): the values agree "
                                       "only where that analysis is unchanged between them")
    return out


def _median(values: Any) -> float:
    return float(statistics.median(values))


def _load() -> list[float]:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return []


def _first(load: list[float]) -> str:
    return f"{load[0]:.2f}" if load else "?"


def _coop_bot(buys: dict[str, Any]) -> str:
    value = buys.get("lookahead_bot_coop_decisions_per_cpu_s")
    return "not measured" if value is None else f"{value:.1f}"


def table(result: dict[str, Any]) -> str:
    """The figures as a small text table."""
    rows = [("precog", f"{result['players']}-player Precognition",
             result["precog_steps_per_s"], result["precog_games_per_s"])]
    for key, (name, language) in SPIEL_GAMES.items():
        if f"{key}_steps_per_s" in result:
            rows.append((f"OpenSpiel ({language})", name, result[f"{key}_steps_per_s"],
                         result[f"{key}_games_per_s"]))
    lines = [f"{'engine':<16} {'game':<26} {'steps/s':>10} {'games/s':>10}"]
    lines += [f"{a:<16} {b:<26} {c:>10,.0f} {d:>10,.1f}" for a, b, c, d in rows]
    for n, row in result["by_players"].items():
        ratios = ", ".join(f"{k.removeprefix('steps_ratio_vs_')} {v:.2f}"
                           for k, v in row.items() if k.startswith("steps_ratio_vs_"))
        lines.append(f"{n} players: {row['steps_per_s']:,.0f} steps/s"
                     + (f"; steps/s ratio vs {ratios}" if ratios else ""))
    if "openspiel_python_steps_per_s" not in result:
        lines.append(f"OpenSpiel: {result['openspiel_python']}")
    buys = result.get("buys")
    if buys:
        for name in ("precog", "baseline"):
            if name in buys:
                b = buys[name]
                lines.append(
                    f"{name}: look-ahead bot {b['lookahead_bot_decisions_per_cpu_s']:.1f} "
                    f"decisions/CPU s ({_coop_bot(b)} cooperative); two-round tree max "
                    f"{b['tree_two_rounds_cpu_s_max']:.2f} "
                    f"CPU s (median {b['tree_two_rounds_cpu_s_median']:.2f}); cooperative "
                    f"4-player first answer {b['tree_first_answer_coop_4p_cpu_s_median']:.3f} s")
    m = result["machine"]
    lines.append(f"{result['precog_steps_per_game']:.0f} steps per precog game; "
                 f"{result['rounds']} rounds x {result['seconds_per_measurement']} s each; "
                 f"Python {result['python']}, {m['nproc']} cores, load average "
                 f"{_first(m['load_average_before'])} -> {_first(m['load_average_after'])}; "
                 f"{result['started_at']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    if (sys.argv[1:] if argv is None else argv) == ["--worker"]:
        return worker()  # inside a baseline revision's tree, which may have no ToolParser
    from precog.commands.tool_parser import (
        ToolParser,
        positive_int,
        positive_seconds,
        whole_number,
    )

    parser = ToolParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=positive_seconds, default=1.0,
                        help="length of each measurement (default 1)")
    parser.add_argument("--rounds", type=positive_int, default=5,
                        help="interleaved rounds; medians are reported (default 5)")
    parser.add_argument("--players", type=whole_number, choices=PLAYERS, default=4,
                        help="players per precog game of the headline keys (default 4)")
    parser.add_argument("--all-players", action="store_true",
                        help="measure 2, 3 and 4 players (by_players)")
    parser.add_argument("--baseline", metavar="REV",
                        help="also measure precog at this git revision, in a helper process")
    parser.add_argument("--repo", type=Path, default=ROOT,
                        help="the git repository --baseline's revision is taken from (default: "
                             "the checkout holding this script)")
    parser.add_argument("--buys", action="store_true",
                        help="also time the look-ahead bot and the trees (rounds 1-12, 2-4 "
                             "players, competitive and cooperative)")
    parser.add_argument("--buys-seconds", type=positive_seconds, default=10.0,
                        help="CPU seconds of look-ahead bot play per engine (default 10)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--save", action="store_true",
                        help="also store the run under benchmarks/data/runs/ (for "
                             "scripts/performance_log.py)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker()
    result = measure(args.seconds, args.rounds, args.players, baseline=args.baseline,
                     buys=args.buys, all_players=args.all_players,
                     buys_seconds=args.buys_seconds, repo=args.repo)
    print(json.dumps(result, indent=2) if args.json else table(result))
    if args.save:
        print(f"stored in {save_run('engine', result, argv)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
