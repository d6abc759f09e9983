"""benchmarks/strength.py's comparison of two sets of the same games (no game is played here)
and its row in docs/performance-log.md."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def _load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


strength = _load(ROOT / "benchmarks" / "strength.py", "precog_benchmark_strength")
log = _load(ROOT / "scripts" / "performance_log.py", "performance_log_strength")
KEY = "competitive/normal/2p/lookahead"


def game(index: int, healthy: list[int], explorer_seat: int = 0) -> dict:
    lineup = ["lookahead", "lookahead"]
    lineup[explorer_seat] = "rollout1s"
    return {"match": KEY, "side": "both", "index": index, "lineup": lineup,
            "healthy": healthy, "scores": healthy, "winners": [0],
            "cpu_s_by_seat": [2.4 if b == "rollout1s" else 0.5 for b in lineup],
            "rollouts_by_seat": [[10, 20, 30] if b == "rollout1s" else None for b in lineup],
            "load": 3.0}


def test_the_paired_difference_compares_the_same_game_index_only():
    mine = [game(0, [9, 7]), game(1, [5, 8], explorer_seat=1), game(2, [4, 4])]
    theirs = [game(0, [6, 7]), game(1, [5, 6], explorer_seat=1)]  # game 2 not played there
    entry = strength.versus(mine, theirs)[KEY]
    assert entry["margin_hh"]["value"] == 2.5  # +2 and +3
    assert entry["versus_margin_hh"]["value"] == 0.0  # -1 and +1
    assert entry["paired_difference_hh"]["value"] == 2.5  # +3 and +2
    assert entry["paired_difference_hh"]["games"] == 2


def test_the_explorer_s_effort_is_its_cpu_a_keep_give_and_its_rollouts():
    effort = strength.explorer_effort([game(0, [9, 7]), game(1, [5, 8], explorer_seat=1)])
    assert effort["cpu_s_per_keep_give"]["value"] == 0.8  # 2.4 s over 3 Keep/Give
    assert effort["rollouts_per_choice_median"] == 20


def test_a_strength_run_shows_its_margin_and_paired_difference_in_the_log():
    figures = {"matches": strength.summary([game(0, [9, 7]), game(1, [5, 9], 1)]),
               "effort": strength.explorer_effort([game(0, [9, 7])]),
               "versus": {"matches": strength.versus([game(0, [9, 7]), game(1, [5, 9], 1)],
                                                     [game(0, [6, 7]), game(1, [5, 5], 1)])}}
    run = {"benchmark": "strength", "when": "2026-12-06T10:00:00+00:00", "command": "c",
           "load": [3.0], "cores": 2, "figures": figures}
    row = next(line for line in log.generated_section([run]).splitlines()
               if line.startswith("| 2026"))
    assert f"{KEY}: +3.00 [+1.04, +4.96] (2)" in row  # +2 and +4
    assert f"{KEY}: +3.50 [+2.52, +4.48] (2)" in row  # +3 and +4 against -1 and +0
    assert "0.80 s, 20 rollouts (games at load 3.0-3.0)" in row


def test_on_a_budget_of_work_the_explorer_and_its_tenfold_self_are_rollout_at_n():
    assert strength.explorer_of(0) == ("rollout1s", "rollout10s")  # on the clock
    explorer, tenfold = strength.explorer_of(500)
    assert (explorer, tenfold) == ("rollout@500", "rollout@5000")
    assert strength.budget_of(explorer) == {"rollouts_per_choice": 500}
    jobs = strength.jobs_for("competitive", "normal", 2, "lookahead", 2, 41, set(), explorer)
    assert {key for key, *_ in jobs} == {f"{KEY}/rollout@500"}  # apart from the clock's games
    assert all(explorer in args[2] for *_, args in jobs)


def test_a_game_on_a_budget_of_work_measures_the_margin_of_its_own_explorer_seats():
    record = {**game(0, [9, 7]), "explorer": "rollout@500",
              "lineup": ["lookahead", "rollout@500"]}
    assert strength.margin(record, "competitive") == -2  # seat 1 is the explorer
    assert strength.margin(game(0, [9, 7]), "competitive") == 2  # stored before: rollout1s


def test_a_game_against_a_look_ahead_bot_of_another_evaluation_is_not_counted(tmp_path):
    today = repr(strength.EVALUATION)
    stored = [{**game(0, [9, 7]), "evaluation": today},
              {**game(1, [5, 8]), "evaluation": "Weights(bane_ahead=0.0)"},
              {**game(2, [4, 4])},  # stored before the stamp
              {**game(3, [6, 2]), "lineup": ["rollout1s", "greedy"]}]  # no look-ahead bot
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(strength.json.dumps(r) for r in stored) + "\n")
    assert [r["index"] for r in strength.load(path)] == [0, 3]
