"""``precog simulate --check-invariants``: seeded games over every configuration, on every core,
with the invariants of :mod:`precog.engine.invariants` checked at every step.

Game ``i`` plays configuration ``CONFIGS[i % 26]`` (every mode, setup, player count and
difficulty) with seed ``S + i``; every ``full_every``-th game is fully checked (JSON and
position-string round trips, every enumerated action applied, notation read back), the others
get the cheap checks (card conservation, resource ranges, round order) after every step. Every
game's end is checked too. A violation is recorded with its configuration and seed (it replays
with ``new_game(seed=seed, **config)`` and ``random.Random(seed)`` choosing among the legal
actions) and the run goes on.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from precog.engine.invariants import CONFIGS, check_cheap, check_everything, config_id, play

CHUNK = 52  # games per task: two of each configuration


@dataclass
class CheckedRun:
    """Totals of a run: games, steps, fully checked games, violations, wall time."""

    seed: int
    full_every: int
    workers: int
    games: int = 0
    steps: int = 0
    fully_checked: int = 0
    violations: list[str] = field(default_factory=list)
    elapsed: float = 0.0

    def add(self, part: tuple[int, int, int, list[str]]) -> None:
        self.games += part[0]
        self.steps += part[1]
        self.fully_checked += part[2]
        self.violations.extend(part[3])

    def to_json(self) -> dict[str, Any]:
        return {"command": "simulate --check-invariants", "games": self.games,
                "steps": self.steps, "fully_checked_games": self.fully_checked,
                "configurations": len(CONFIGS), "seeds": [self.seed, self.seed + self.games - 1],
                "violations": len(self.violations), "violation_list": self.violations[:50],
                "workers": self.workers, "elapsed_seconds": round(self.elapsed, 1)}

    def text(self) -> str:
        lines = [f"precog simulate --check-invariants: {self.games} games over "
                 f"{len(CONFIGS)} configurations, seeds {self.seed}..{self.seed + self.games - 1}",
                 f"Steps checked: {self.steps} (cheap checks after every step; "
                 f"{self.fully_checked} games fully checked after every step)",
                 f"Violations: {len(self.violations)}"]
        lines += [f"  {v}" for v in self.violations[:20]]
        lines.append(f"Wall time: {self.elapsed:.1f} s on {self.workers} worker(s)")
        return "\n".join(lines)


def play_games(first: int, count: int, seed: int, full_every: int) -> tuple[int, int, int,
                                                                             list[str]]:
    """Games ``first .. first+count-1``: (games, steps, fully checked, violations)."""
    steps = fully = 0
    violations: list[str] = []
    for i in range(first, first + count):
        cfg = CONFIGS[i % len(CONFIGS)]
        full = full_every > 0 and i % full_every == 0
        try:
            _, n = play(cfg, seed + i, check_everything if full else check_cheap)
            steps += n
        except Exception as err:  # an engine bug of any kind is a violation
            violations.append(f"{config_id(cfg)} seed {seed + i}: {type(err).__name__}: {err}")
        fully += full
    return count, steps, fully, violations


def run_checked(games: int, seed: int, full_every: int = 100, workers: int | None = None,
                progress: bool = False) -> CheckedRun:
    """Play ``games`` checked games on ``workers`` processes (default: every core)."""
    workers = workers or os.cpu_count() or 1
    run = CheckedRun(seed=seed, full_every=full_every, workers=workers)
    start = time.perf_counter()
    tasks = [(first, min(CHUNK, games - first)) for first in range(0, games, CHUNK)]
    if workers == 1:
        for first, count in tasks:
            run.add(play_games(first, count, seed, full_every))
            _report(run, games, start, progress)
    else:
        # spawn: fresh processes on every system, never a fork of a kernel and its threads.
        with ProcessPoolExecutor(
                workers, mp_context=multiprocessing.get_context("spawn")) as pool:
            futures = [pool.submit(play_games, first, count, seed, full_every)
                       for first, count in tasks]
            for future in futures:
                run.add(future.result())
                _report(run, games, start, progress)
    run.elapsed = time.perf_counter() - start
    return run


def _report(run: CheckedRun, total: int, start: float, progress: bool) -> None:
    if progress and (run.games % (CHUNK * 20) == 0 or run.games == total):
        print(f"{run.games}/{total} games, {run.steps} steps, {len(run.violations)} "
              f"violations, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
