"""Golden playthrough transcripts: whole seeded games must play exactly as recorded.

scripts/make_golden.py writes one transcript per case to tests/golden/ (actions with seats, the
position at the start of every round, the outcome); here each is played again in memory and
compared line by line, so a change in any rule, forced move or rendering shows up as a diff.
"""

from __future__ import annotations

import difflib
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[2]
HINT = "rules changed? run python scripts/make_golden.py and review the diff"
MAX_DIFF_LINES = 120


def _load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_golden", REPO / "scripts" /
                                                  "make_golden.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MAKE_GOLDEN = _load_script()
CASES: dict[str, tuple[dict[str, object], int]] = MAKE_GOLDEN.CASES
GOLDEN_DIR: Path = MAKE_GOLDEN.GOLDEN_DIR


def diff_message(name: str, expected: str, actual: str) -> str:
    diff = list(difflib.unified_diff(expected.splitlines(), actual.splitlines(),
                                     f"tests/golden/{name}.txt", f"{name} played now",
                                     lineterm=""))
    shown = diff[:MAX_DIFF_LINES]
    if len(diff) > MAX_DIFF_LINES:
        shown.append(f"... {len(diff) - MAX_DIFF_LINES} more diff lines")
    return f"{name}: the game no longer plays as recorded ({HINT})\n" + "\n".join(shown)


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_seeded_game_plays_exactly_as_its_golden_transcript(name: str) -> None:
    path = GOLDEN_DIR / f"{name}.txt"
    assert path.exists(), f"{path} is missing ({HINT})"
    setup, seed = CASES[name]
    expected = path.read_text(encoding="utf-8")
    actual = MAKE_GOLDEN.transcript(setup, seed)
    if actual != expected:
        pytest.fail(diff_message(name, expected, actual), pytrace=False)


def test_every_golden_file_belongs_to_a_case() -> None:
    stale = sorted(p.stem for p in GOLDEN_DIR.glob("*.txt") if p.stem not in CASES)
    assert not stale, f"golden files without a case in scripts/make_golden.py: {stale}"


def test_a_changed_transcript_is_reported_as_a_diff_with_the_regenerate_hint() -> None:
    name = sorted(CASES)[0]
    expected = (GOLDEN_DIR / f"{name}.txt").read_text(encoding="utf-8")
    changed = expected.replace("seat 0: ", "seat 9: ", 1)
    message = diff_message(name, expected, changed)
    assert HINT in message
    assert f"--- tests/golden/{name}.txt" in message
    assert "\n-seat 0: " in message and "\n+seat 9: " in message
