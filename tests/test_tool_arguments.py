"""Bad command-line input to a benchmark or a script is a UsageError whose code names the input
and what was expected: one line on standard error, exit status 2
(precog.commands.tool_parser)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from precog.commands.errors import UsageCode, UsageError
from precog.engine.wording import error_text
from tests.codes import codes_in

REPO = Path(__file__).resolve().parent.parent
U = UsageCode
SEED = [U.ABOUT, U.WHOLE_NUMBER]  # --seed x
WORKERS = [U.ABOUT, U.AT_LEAST_ONE]  # --workers 0
CASES = [
    ("benchmarks/decision_quality.py", ["--seed", "x"], SEED),
    ("benchmarks/decision_quality.py", ["--budget", "0"], [U.ABOUT, U.NUMBER]),
    ("benchmarks/decision_quality.py", ["--budget", "601"], [U.ABOUT, U.NUMBER_AT_MOST]),
    ("benchmarks/decision_quality.py", ["--limit", "-1"], [U.ABOUT, U.COUNT]),
    ("benchmarks/decision_quality.py", ["--rebuild-reference", "--part", "3/2"],
     [U.ABOUT, U.PART]),
    ("benchmarks/decision_quality.py", ["--build-reference", "--factor", "2"], [U.ABOUT, U.COUNT]),
    ("benchmarks/decision_quality.py", ["--seeds", "2"], [U.ONLY_WITH]),
    ("benchmarks/decision_quality.py", ["--depth", "3"], [U.ARGUMENT]),
    ("benchmarks/decision_quality.py", ["--data", "{missing}", "--no-trees"],
     [U.REFERENCE_MISSING]),
    ("benchmarks/decision_quality.py", ["--no-such-option"], [U.COMMAND_LINE]),
    ("benchmarks/paired_rollouts.py", ["--rollouts", "0"], [U.ABOUT, U.COUNT]),
    ("benchmarks/paired_rollouts.py", ["--data", "{missing}"], [U.REFERENCE_MISSING]),
    ("benchmarks/ranking_cpu.py", ["--modes", "chess"], [U.ABOUT, U.LIST_OF]),
    ("benchmarks/ranking_cpu.py", ["--ids", ","], [U.ABOUT, U.NAMES]),
    ("benchmarks/analysis.py", ["--positions", "0"], WORKERS),
    ("benchmarks/analysis.py", ["--seed", "1.5"], SEED),
    ("benchmarks/engine.py", ["--seconds", "-1"], [U.ABOUT, U.POSITIVE_SECONDS]),
    ("benchmarks/engine.py", ["--rounds", "0"], WORKERS),
    ("benchmarks/box_rollouts.py", ["--box", "{missing}"], [U.ABOUT, U.NO_FILE]),
    ("benchmarks/box_rollouts.py", ["--round", "13"], [U.ABOUT, U.COUNT]),
    ("benchmarks/independent_reference.py", ["--workers", "0"], WORKERS),
    ("benchmarks/independent_reference.py", ["--seed", "x"], SEED),
    ("benchmarks/independent_reference.py", ["--part", "0/2"], [U.ABOUT, U.PART]),
    ("benchmarks/independent_reference.py", ["--budget-rollouts", "1"], [U.ABOUT, U.COUNT]),
    ("benchmarks/independent_reference.py", ["--analysis", "x"], [U.ARGUMENT]),
    ("benchmarks/independent_reference.py", ["--seat-plays-on", "x"], [U.ARGUMENT]),
    ("benchmarks/review.py", ["--games", "-1"], [U.ABOUT, U.COUNT]),
    ("benchmarks/review.py", ["--budget", "nan"], [U.ABOUT, U.NUMBER]),
    ("benchmarks/review_marks.py", ["--workers", "0"], WORKERS),
    ("benchmarks/review_marks.py", ["--from-raw", "{missing}"], [U.ABOUT, U.NO_FILE]),
    ("benchmarks/strength.py", ["--workers", "-2"], WORKERS),
    ("benchmarks/strength.py", ["--seed", ""], SEED),
    ("benchmarks/strength.py", ["--games", "0"], WORKERS),
    ("benchmarks/strength.py", ["--versus", "{missing}"], [U.ABOUT, U.NO_FILE]),
    ("benchmarks/strength.py", ["--budget-rollouts", "1"], [U.ABOUT, U.ZERO_OR_COUNT]),
    ("benchmarks/strength.py", ["--players", "2,x"], [U.ABOUT, U.LIST_OF]),
    ("scripts/coop_win_rates.py", ["--difficulties", "easy"], [U.ABOUT, U.LIST_OF]),
    ("scripts/distill_keep_give.py", ["--matches", "3c"], [U.ABOUT, U.LIST_OF]),
    ("scripts/balance_ledger.py", [], [U.ONE_OF_OPTIONS]),
    ("scripts/balance_ledger.py", ["--config", "chess:2:random"], [U.ABOUT, U.CONFIG]),
    ("scripts/balance_report.py", ["--workers", "0", "--config", "coop:2:random"], WORKERS),
    ("scripts/coop_win_rates.py", ["--seed", "x"], SEED),
    ("scripts/differential.py", ["--games", "0"], WORKERS),
    ("scripts/differential.py", ["--minutes", "-5"], [U.ABOUT, U.NUMBER]),
    ("scripts/fit_evaluation.py", ["--box", "{missing}", "--out", "fit.toml"],
     [U.ABOUT, U.NO_FILE]),
    ("scripts/fit_evaluation.py", ["--styles", "sensible,chess"], [U.ABOUT, U.LIST_OF]),
    ("scripts/fit_evaluation.py", ["--playouts", "1"], [U.ABOUT, U.COUNT]),
    ("scripts/fuzz.py", ["--workers", "0"], WORKERS),
    ("scripts/fuzz.py", ["--memory-gb", "0"], [U.ABOUT, U.NUMBER]),
    ("scripts/monkey.py", ["--minutes", "2000"], [U.ABOUT, U.NUMBER_AT_MOST]),
    ("scripts/playout_report.py", ["--rollouts", "1"], [U.ABOUT, U.COUNT]),
    ("scripts/search_policy.py", ["--tables", "5c"], [U.ABOUT, U.LIST_OF]),
    ("scripts/search_policy.py", ["--candidate", "{missing}"], [U.ABOUT, U.NO_FILE]),
    ("scripts/search_policy.py", ["--z", "0"], [U.ABOUT, U.NUMBER]),
    ("scripts/search_policy.py", ["--from-rounds", "13"], [U.ABOUT, U.LIST_OF]),
    ("scripts/search_policy.py", ["--check-tables", "2o"], [U.ABOUT, U.LIST_OF]),
    ("scripts/write_balance.py", ["--workers", "0"], WORKERS),
]


def _main(script: str) -> ModuleType:
    path = REPO / script
    spec = importlib.util.spec_from_file_location("precog_tool_" + path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("script", "argv", "codes"), CASES,
                         ids=[f"{Path(s).stem}{' '.join(a)}" for s, a, _ in CASES])
def test_bad_command_line_input_is_refused_with_its_code_on_one_line_and_status_2(
        script: str, argv: list[str], codes: list[UsageCode], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = [a.replace("{missing}", str(tmp_path / "none.json")) for a in argv]
    with pytest.raises(SystemExit) as stop:
        _main(script).main(argv)
    assert stop.value.code == 2
    error = stop.value.__cause__
    assert isinstance(error, UsageError)
    assert codes_in(error) == codes
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and "Traceback" not in said[0]


def test_a_refusal_names_the_option_and_reads_in_russian() -> None:
    with pytest.raises(SystemExit) as stop:
        _main("benchmarks/strength.py").main(["--workers", "0"])
    error = stop.value.__cause__
    assert isinstance(error, UsageError)
    english, russian = error_text(error, "en"), error_text(error, "ru")
    assert english.startswith("--workers: ") and russian.startswith("--workers: ")
    assert english != russian
