"""scripts/coop_win_rates.py: the cooperative success rate with and without the cooperative
River tiles' supplies, on common seeds, resumable from its file."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


rates = _load(ROOT / "scripts" / "coop_win_rates.py", "coop_win_rates")


def test_every_row_plays_game_i_on_the_same_seed_with_its_own_supplies_reading(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    stored = tmp_path / "games.jsonl"
    argv = ["--bot", "random", "--players", "2", "--games", "2", "--workers", "1",
            "--file", str(stored), "--json"]
    assert rates.main(argv) == 0
    games = rates.load(stored)
    assert sorted((g["row"], g["index"]) for g in games) == sorted(
        (f"random/2p/{level}/{reading}", i) for i in range(2)
        for level in ("normal", "hard") for reading in ("supplies", "none"))
    assert [g["row"] for g in games[:4]] == [  # interleaved: game 0 of every row first
        "random/2p/normal/supplies", "random/2p/normal/none",
        "random/2p/hard/supplies", "random/2p/hard/none"]
    assert len({g["seed"] for g in games if g["index"] == 0}) == 1
    figures = json.loads(capsys.readouterr().out)
    assert figures["random/2p/normal/supplies"]["games"] == 2
    assert rates.main(argv) == 0  # a second run finds every game played
    assert len(rates.load(stored)) == len(games)


def test_the_paired_difference_counts_only_games_both_readings_played() -> None:
    games = [{"row": "b/2p/normal/supplies", "index": i, "won": won}
             for i, won in enumerate([True, True, False, True])]
    games += [{"row": "b/2p/normal/none", "index": i, "won": won}
              for i, won in enumerate([False, True, False])]
    figures = rates.summary(games)
    assert figures["b/2p/normal/supplies"]["value"] == 0.75
    assert figures["b/2p/normal/none"]["games"] == 3
    difference = figures["b/2p/normal/supplies-minus-none"]
    assert difference["games"] == 3 and difference["value"] == round(1 / 3, 3)
    low, high = difference["ci95"]
    assert low < 1 / 3 < high
    assert (difference["only_supplies_won"], difference["only_none_won"]) == (1, 0)
    assert difference["sign_test_p"] == 1.0  # one game one way: no evidence
    assert rates.sign_test([1] * 8) == round(2 / 2 ** 8, 4)
