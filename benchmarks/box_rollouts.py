"""Rollouts on your box: the numpy batch against the engine on a partly-known box's worlds.

A seat's determinizations of a position on a partly-known box are different worlds (each
unknown face drawn apart from the prior); the batch plays them in one go, each game reading its
own world's faces. This times the sensible player's rollouts from a round-``--round`` position
(``--games`` worlds; the engine plays ``--games // 25`` of them, at least 8) over ``--repeats``
runs, the two in turn, and reports the medians.

    nice -n 10 .venv/bin/python benchmarks/box_rollouts.py --json
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from precog.analysis.playouts import batch
from precog.analysis.playouts.rollouts import DEFAULT_POLICY, play_out, uniforms
from precog.commands import progress
from precog.commands.tool_parser import (
    ToolParser,
    at_most,
    existing_file,
    positive_int,
    seed_number,
    whole_number,
)
from precog.engine import determinize
from precog.engine.box import load_box
from precog.engine.playout import random_playout

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "my_box.toml"


def measure(box_file: Path, players: int, round_: int, games: int, repeats: int,
            seed: int) -> dict[str, Any]:
    box = load_box(box_file)
    start = random_playout(random.Random(seed), components=box, players=players, seed=seed,
                           stop_round=round_).final
    batch_rates, scalar_rates = [], []
    for r in progress.steps(range(repeats), "runs"):  # a bar on a terminal only
        rng = random.Random(seed + r)
        worlds = [determinize(start, 0, rng) for _ in range(games)]
        assert batch.supports(worlds)
        rows = uniforms(games, seed + r)
        k = max(8, games // 25)
        for name in (["batch", "scalar"] if r % 2 == 0 else ["scalar", "batch"]):
            began = time.perf_counter()
            if name == "batch":
                batch.run(worlds, rows, DEFAULT_POLICY)
                batch_rates.append(games / (time.perf_counter() - began))
            else:
                for g in range(k):
                    play_out(worlds[g], DEFAULT_POLICY, rows[g])
                scalar_rates.append(k / (time.perf_counter() - began))
    return {"box": box.name, "unknown_faces": len(box.unknown), "players": players,
            "round": round_, "worlds": games,
            "distinct_worlds": len({w.components.fingerprint for w in worlds}),
            "batched_games_per_s": statistics.median(batch_rates),
            "scalar_games_per_s": statistics.median(scalar_rates),
            "batched_vs_scalar_ratio": statistics.median(
                b / s for b, s in zip(batch_rates, scalar_rates)),
            "repeats": repeats}


def main(argv: list[str] | None = None) -> int:
    parser = ToolParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--box", type=existing_file, default=EXAMPLE, help="a box file")
    parser.add_argument("--players", type=whole_number, default=3, choices=(2, 3, 4))
    parser.add_argument("--round", type=at_most(int, 12), default=5)
    parser.add_argument("--games", type=positive_int, default=512, help="worlds per run")
    parser.add_argument("--repeats", type=positive_int, default=3)
    parser.add_argument("--seed", type=seed_number, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    result = measure(args.box, args.players, args.round, args.games, args.repeats, args.seed)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"{result['box']} ({result['unknown_faces']} unknown faces), "
              f"{result['distinct_worlds']} distinct worlds: batch "
              f"{result['batched_games_per_s']:,.0f} games/s, engine "
              f"{result['scalar_games_per_s']:,.0f} games/s, "
              f"{result['batched_vs_scalar_ratio']:.0f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
