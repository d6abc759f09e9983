"""Long fuzz runs over every surface a user or visitor can reach (tests/fuzzing.py).

    nice -n 10 .venv/bin/python scripts/fuzz.py --minutes 60 --seed 1 --json fuzz.json

Tries inputs drawn from ``--seed`` for ``--minutes`` (or ``--inputs`` of them) on ``--workers``
processes (default: every usable CPU). The run is cut into shares of 500 inputs
(tests/fuzz_shares.py): share ``j`` draws from the seed ``SEED + j * 2**32``, so the same
``--seed`` and ``--inputs`` try the same inputs on any number of workers. Each input is
bounded in CPU and wall time (tests/fuzzing.py's CPU_BOUND, WALL_BOUND) and each worker in
memory (``--memory-gb`` of address space more than at its start: an input that would take
more fails with MemoryError, counted, instead of swapping the machine). Writes one JSON
report (inputs tried and refused, failures by surface and kind, one example of each with its
share's seed, the workers) every thousand inputs and at the end, also when stopped by Ctrl-C
(the shares finished count; the workers are stopped). Exits 1 if any input failed. The
fixed-seed share in ``make test`` is tests/test_fuzz_surfaces.py.
"""

from __future__ import annotations

import contextlib
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from precog.analysis.parallel.cores import usable_cpus  # noqa: E402
from precog.analysis.parallel.jobs import stream_jobs  # noqa: E402
from precog.commands.tool_parser import (  # noqa: E402
    ToolParser,
    number_above_zero,
    positive_int,
    seed_number,
)
from tests.fuzz_shares import Table, run_share, shares  # noqa: E402
from tests.fuzzing import SURFACES, Tally  # noqa: E402

REPORT_EVERY = 1000  # inputs between two reports


def main(argv: list[str] | None = None) -> int:
    parser = ToolParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=number_above_zero, default=None, help="run this long")
    parser.add_argument("--inputs", type=positive_int, default=None, help="or this many inputs")
    parser.add_argument("--seed", type=seed_number, default=1)
    parser.add_argument("--surface", action="append", choices=sorted(SURFACES),
                        help="only these surfaces (repeatable; default: all)")
    parser.add_argument("--memory-gb", type=number_above_zero, default=1.0,
                        help="address space each worker may add (default 1 GB)")
    parser.add_argument("--workers", type=positive_int, default=None,
                        help="processes (default: every usable CPU)")
    parser.add_argument("--json", type=Path, default=None, help="write the report here")
    args = parser.parse_args(argv)
    if args.minutes is None and args.inputs is None:
        args.minutes = 1.0
    result = run(args.seed, inputs=args.inputs, minutes=args.minutes,
                 surfaces=tuple(args.surface or SURFACES), workers=args.workers,
                 memory_gb=args.memory_gb, json_path=args.json)
    print(json.dumps({k: result[k] for k in ("inputs", "failures", "tried",
                                               "failures_by_surface", "workers")}, indent=1))
    return 1 if result["failures"] else 0


def run(seed: int, inputs: int | None = None, minutes: float | None = None,
        surfaces: tuple[str, ...] = tuple(SURFACES), workers: int | None = None,
        memory_gb: float = 1.0, json_path: Path | None = None,
        table: Table | None = None) -> dict[str, Any]:
    """Try the run's shares on ``workers`` processes; the merged report (also written to
    ``json_path``). ``table``: other surfaces' functions (a test's)."""
    workers = max(1, min(workers or usable_cpus(), usable_cpus()))
    start = time.monotonic()
    until = None if minutes is None else time.time() + minutes * 60
    tally = Tally()
    reported = 0
    example_share: dict[str, int] = {}

    def report() -> dict[str, Any]:
        data = {"seed": seed, "elapsed_s": round(time.monotonic() - start, 1),
                **tally.to_json(), "workers": workers}
        data["inputs_per_s"] = round(data["inputs"] / max(data["elapsed_s"], 1e-9), 1)
        if json_path is not None:
            json_path.write_text(json.dumps(data, indent=1, ensure_ascii=False))
        print(f"{data['inputs']} inputs, {data['failures']} failures, "
              f"{data['elapsed_s']:.0f} s", file=sys.stderr, flush=True)
        return data

    plan = shares(seed, inputs, surfaces, until, memory_gb, table)
    try:
        with contextlib.closing(stream_jobs(run_share, plan, workers)) as finished:
            for share, part in finished:
                keep_earliest_examples(tally, part, share.index, example_share)
                if sum(tally.tried.values()) - reported >= REPORT_EVERY:
                    reported = sum(tally.tried.values())
                    report()
    except KeyboardInterrupt:
        print("stopped: the shares finished are reported", file=sys.stderr)
    return report()


def keep_earliest_examples(tally: Tally, part: Tally, index: int,
                           example_share: dict[str, int]) -> None:
    """Add share ``index``'s counts to ``tally``; of each kind of failure keep the example of
    the earliest share (the same report however the workers finished)."""
    tally.merge(part)
    for kind, example in part.examples.items():
        if example_share.setdefault(kind, index) >= index:
            example_share[kind] = index
            tally.examples[kind] = example


if __name__ == "__main__":
    raise SystemExit(main())
