"""scripts/fuzz.py on several workers: shares that depend on the seed alone, one merged report.

The runs here use a planted surface (cheap inputs, a known share of them failing) and two
workers; the real surfaces' fixed-seed share is tests/test_fuzz_surfaces.py.
"""

from __future__ import annotations

import json
import random
import runpy
from pathlib import Path
from typing import Any

from tests.fuzz_shares import SHARE, STRIDE, shares
from tests.fuzzing import Tally, fuzz, named

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "fuzz.py"
PLANTED = "planted"
INPUTS = SHARE + 150  # two shares: one whole, one cut


def planted(rng: random.Random) -> Any:
    """An input that fails (ValueError naming its value) when its value is a multiple of 7."""
    value = rng.randrange(1000)

    def case() -> None:
        if value % 7 == 0:
            raise ValueError(f"planted value {value}")

    return named(case, value)


TABLE = {PLANTED: planted}


def fuzz_run(tmp_path: Path, workers: int, seed: int = 5) -> tuple[dict[str, Any], dict[str, Any]]:
    """The report a run returns and the one it wrote."""
    run = runpy.run_path(str(SCRIPT))["run"]
    report = tmp_path / f"report-{workers}-{seed}.json"
    returned = run(seed, inputs=INPUTS, surfaces=(PLANTED,), workers=workers,
                   json_path=report, table=TABLE)
    return returned, json.loads(report.read_text())


def expected(seed: int) -> Tally:
    """The run's shares tried one after another in this process."""
    tally = Tally()
    for share in shares(seed, INPUTS, (PLANTED,)):
        tally.merge(fuzz(share.seed, count=share.count, surfaces=(PLANTED,), table=TABLE))
    return tally


def test_shares_depend_on_the_seed_and_inputs_alone():
    plan = list(shares(5, INPUTS, (PLANTED,)))
    assert [(s.seed, s.count) for s in plan] == [(5, SHARE), (5 + STRIDE, 150)]
    assert plan == list(shares(5, INPUTS, (PLANTED,)))


def test_the_merged_report_of_two_workers_counts_every_input_once(tmp_path):
    returned, written = fuzz_run(tmp_path, workers=2)
    alone = expected(5)
    assert written == returned
    assert written["workers"] == 2
    assert written["inputs"] == INPUTS == sum(alone.tried.values())
    assert written["failures"] == alone.to_json()["failures"] > 0
    assert set(written) == {"seed", "elapsed_s", "inputs", "tried", "refused", "failures",
                            "failures_by_surface", "examples", "inputs_per_s", "workers"}


def test_the_same_seed_and_workers_give_the_same_inputs(tmp_path):
    first, _ = fuzz_run(tmp_path, workers=2)
    again, _ = fuzz_run(tmp_path, workers=2)
    other, _ = fuzz_run(tmp_path, workers=2, seed=6)
    for key in ("tried", "failures_by_surface", "examples"):
        assert first[key] == again[key]
    assert first["examples"] != other["examples"]


def test_a_failure_found_in_a_worker_is_reported_with_its_example(tmp_path):
    report, _ = fuzz_run(tmp_path, workers=2)
    [kind] = report["failures_by_surface"][PLANTED]
    assert kind.startswith("ValueError at test_fuzz_workers.py:")
    example = report["examples"][f"{PLANTED}: {kind}"]
    first_share = next(s for s in shares(5, INPUTS, (PLANTED,))
                       if fuzz(s.seed, count=s.count, surfaces=(PLANTED,), table=TABLE).failures)
    alone = fuzz(first_share.seed, count=first_share.count, surfaces=(PLANTED,), table=TABLE)
    assert example == (f"share seed {first_share.seed}, fuzz(seed, count={first_share.count}):\n"
                       f"{alone.examples[f'{PLANTED}: {kind}']}")
    value = int(example.rsplit("ValueError: planted value ", 1)[1].split()[0])
    assert value % 7 == 0
