"""Long fuzz runs over every surface a user or visitor can reach (tests/fuzzing.py).

    nice -n 10 .venv/bin/python scripts/fuzz.py --minutes 60 --seed 1 --json fuzz.json

Tries inputs drawn from ``--seed`` for ``--minutes`` (or ``--inputs`` of them), each bounded
in CPU and wall time (tests/fuzzing.py's CPU_BOUND, WALL_BOUND) and the whole run in memory
(``--memory-gb`` of address space more than at the start: an input that would take more
fails with MemoryError, counted, instead of swapping the machine). Writes a JSON report every
thousand inputs and at the end: inputs tried and refused, failures by surface and kind, one
example of each. Exits 1 if any input failed. The fixed-seed share in ``make test`` is
tests/test_fuzz_surfaces.py.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.fuzzing import SURFACES, Tally, fuzz, seeds  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=None, help="run this long")
    parser.add_argument("--inputs", type=int, default=None, help="or this many inputs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--surface", action="append", choices=sorted(SURFACES),
                        help="only these surfaces (repeatable; default: all)")
    parser.add_argument("--memory-gb", type=float, default=1.0,
                        help="address space the run may add (default 1 GB)")
    parser.add_argument("--json", type=Path, default=None, help="write the report here")
    args = parser.parse_args(argv)
    if args.minutes is None and args.inputs is None:
        args.minutes = 1.0
    seeds()  # the real inputs the mutations start from, built before the memory bound
    with open("/proc/self/status") as status:
        used = next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmSize"))
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (used + int(args.memory_gb * 2**30), hard))
    start = time.monotonic()
    tally = Tally()

    def report(current: Tally) -> None:
        data = {"seed": args.seed, "elapsed_s": round(time.monotonic() - start, 1),
                **current.to_json()}
        data["inputs_per_s"] = round(data["inputs"] / max(data["elapsed_s"], 1e-9), 1)
        if args.json is not None:
            args.json.write_text(json.dumps(data, indent=1, ensure_ascii=False))
        print(f"{data['inputs']} inputs, {data['failures']} failures, "
              f"{data['elapsed_s']:.0f} s", file=sys.stderr, flush=True)

    fuzz(args.seed, count=args.inputs,
         seconds=None if args.minutes is None else args.minutes * 60,
         surfaces=tuple(args.surface or SURFACES), tally=tally, report=report)
    report(tally)
    result = tally.to_json()
    print(json.dumps({k: result[k] for k in ("inputs", "failures", "tried",
                                               "failures_by_surface")}, indent=1))
    return 1 if result["failures"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
