"""Long differential runs: the numpy batch against the engine, stage by stage.

    nice -n 10 .venv/bin/python scripts/differential.py --games 100000 --seed 1 --json diff.json

Plays ``--games`` random games (:func:`precog.analysis.playouts.differential.random_setting`: every
mode, player count, setup, difficulty, rule option and both mirrored policies, from round 1
or a later round) through the batch and through the engine, in batches of ``--batch`` games
of one setting, and compares them at every stage (:mod:`precog.analysis.playouts.differential`).
Writes a JSON report every batch and at the end (games, stages compared, differences with
the first examples, games per second, the settings met). Exits 1 if any stage differs. The
fixed-seed share in ``make test`` is tests/analysis/test_batch_matches_engine_at_every_stage.py.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from precog.analysis.playouts.differential import compare, random_setting  # noqa: E402

EXAMPLES = 20  # differences kept in the report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games to compare")
    parser.add_argument("--batch", type=int, default=16, help="games of one setting at once")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=None, help="stop after this long")
    parser.add_argument("--json", type=Path, default=None, help="write the report here")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    start = time.monotonic()
    games = stages = differing = batches = 0
    examples: list[dict[str, object]] = []
    settings: Counter[str] = Counter()

    def report() -> None:
        elapsed = time.monotonic() - start
        data = {"seed": args.seed, "games": games, "batches": batches, "stages": stages,
                "differences": differing, "examples": examples,
                "elapsed_s": round(elapsed, 1),
                "games_per_s": round(games / max(elapsed, 1e-9), 2),
                "modes": dict(Counter(k.split(" ")[1] for k in settings.elements())),
                "settings": len(settings)}
        if args.json is not None:
            args.json.write_text(json.dumps(data, indent=1))
        print(f"{games} games, {stages} stages, {differing} differences, {elapsed:.0f} s",
              file=sys.stderr, flush=True)

    while games < args.games:
        if args.minutes is not None and time.monotonic() - start > 60 * args.minutes:
            break
        setting = random_setting(rng)
        seed = rng.randrange(1 << 30)
        result = compare(setting, seed, min(args.batch, args.games - games))
        games += result.games
        stages += result.stages
        differing += len(result.differences)
        examples.extend(d.as_dict() for d in result.differences[:EXAMPLES - len(examples)])
        settings[setting.label()] += result.games
        batches += 1
        if batches % 10 == 0:
            report()
    report()
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
