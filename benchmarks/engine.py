"""Engine speed: random-legal steps/s and full games/s, next to OpenSpiel's Python tic-tac-toe.

Both loops are driven the way a user drives each library: ask for the legal actions, pick one
with a seeded ``random.Random``, apply it. The two measurements are interleaved in rounds (the
order alternating) so that load from other processes falls on both alike; medians are
reported. Run ``python benchmarks/engine.py --help``; see benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from precog import __version__
from precog.engine import apply, legal_actions, new_game


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
        start = time.perf_counter()
        while True:
            rng = random.Random(seed + games)
            state = new_game(players=players, seed=seed + games)
            while not state.is_over:
                options = legal_actions(state)
                state = apply(state, options[rng.randrange(len(options))])
                steps += 1
            games += 1
            elapsed = time.perf_counter() - start
            if elapsed >= budget:
                return Tally(steps, games, elapsed)

    return run


def openspiel_loop() -> Loop | None:
    """The same loop over OpenSpiel's Python tic-tac-toe, or None without open_spiel."""
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers the game)
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")

    def run(budget: float, seed: int) -> Tally:
        rng = random.Random(seed)
        steps = games = 0
        start = time.perf_counter()
        while True:
            state = game.new_initial_state()
            while not state.is_terminal():
                options = state.legal_actions()
                state.apply_action(options[rng.randrange(len(options))])
                steps += 1
            games += 1
            elapsed = time.perf_counter() - start
            if elapsed >= budget:
                return Tally(steps, games, elapsed)

    return run


def measure(seconds: float = 2.0, rounds: int = 5, players: int = 4,
            seed: int = 0) -> dict[str, Any]:
    """Interleave the loops for ``rounds`` rounds of ``seconds`` each; the figures as JSON."""
    started = datetime.now(UTC)
    load_before = _load()
    loops: dict[str, Loop] = {"precog": precog_loop(players)}
    spiel = openspiel_loop()
    if spiel is not None:
        loops["openspiel_python"] = spiel
    for loop in loops.values():  # warm-up: imports, component data, caches
        loop(min(0.2, seconds), seed)
    tallies: dict[str, list[Tally]] = {name: [] for name in loops}
    for r in range(rounds):
        order = list(loops) if r % 2 == 0 else list(reversed(loops))
        for name in order:
            tallies[name].append(loops[name](seconds, seed + 10_000 * r))
    return _report(tallies, started, load_before, seconds, rounds, players)


def _report(tallies: dict[str, list[Tally]], started: datetime, load_before: list[float],
            seconds: float, rounds: int, players: int) -> dict[str, Any]:
    mine = tallies["precog"]
    out: dict[str, Any] = {
        "precog_steps_per_s": _median(t.steps_per_s for t in mine),
        "precog_games_per_s": _median(t.games_per_s for t in mine),
        "precog_steps_per_game": sum(t.steps for t in mine) / sum(t.games for t in mine),
        "players": players,
    }
    theirs = tallies.get("openspiel_python")
    if theirs:
        out["openspiel_python_steps_per_s"] = _median(t.steps_per_s for t in theirs)
        out["openspiel_python_games_per_s"] = _median(t.games_per_s for t in theirs)
        # paired by round: both loops of one round ran under the same machine load
        out["ratio_vs_openspiel_python"] = _median(
            a.steps_per_s / b.steps_per_s for a, b in zip(mine, theirs))
    else:
        out["openspiel_python"] = "not measured: open_spiel is not importable"
    out.update({
        "rounds": rounds, "seconds_per_measurement": seconds,
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


def _median(values: Any) -> float:
    return float(statistics.median(values))


def _load() -> list[float]:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return []


def _first(load: list[float]) -> str:
    return f"{load[0]:.2f}" if load else "?"


def table(result: dict[str, Any]) -> str:
    """The figures as a small text table."""
    rows = [("precog", f"{result['players']}-player Precognition",
             result["precog_steps_per_s"], result["precog_games_per_s"])]
    if "openspiel_python_steps_per_s" in result:
        rows.append(("OpenSpiel", "python_tic_tac_toe", result["openspiel_python_steps_per_s"],
                     result["openspiel_python_games_per_s"]))
    lines = [f"{'engine':<10} {'game':<26} {'steps/s':>10} {'games/s':>10}"]
    lines += [f"{a:<10} {b:<26} {c:>10,.0f} {d:>10,.1f}" for a, b, c, d in rows]
    if "ratio_vs_openspiel_python" in result:
        lines.append(f"precog steps/s / OpenSpiel Python steps/s: "
                     f"{result['ratio_vs_openspiel_python']:.2f} (median of paired rounds)")
    else:
        lines.append(f"OpenSpiel: {result['openspiel_python']}")
    m = result["machine"]
    lines.append(f"{result['precog_steps_per_game']:.0f} steps per precog game; "
                 f"{result['rounds']} rounds x {result['seconds_per_measurement']} s each; "
                 f"Python {result['python']}, {m['nproc']} cores, load average "
                 f"{_first(m['load_average_before'])} -> {_first(m['load_average_after'])}; "
                 f"{result['started_at']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="length of each measurement (default 2)")
    parser.add_argument("--rounds", type=int, default=5,
                        help="interleaved rounds; medians are reported (default 5)")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=4,
                        help="players per precog game (default 4)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1:
        parser.error("--seconds must be positive and --rounds at least 1")
    result = measure(args.seconds, args.rounds, args.players)
    print(json.dumps(result, indent=2) if args.json else table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
