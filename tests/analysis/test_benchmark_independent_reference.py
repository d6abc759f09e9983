"""benchmarks/independent_reference.py's machinery: the suite, the race, the keys (not its
speed, and no playout of a whole position: that takes minutes)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "independent_reference.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("precog_benchmark_independent", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_suite_covers_every_mode_difficulty_player_count_and_setup():
    bench = load()
    configs = {bench.CONFIGS[i % len(bench.CONFIGS)] for i in range(150)}
    assert {(p, m) for p, m, _, _ in configs} >= {(2, "competitive"), (3, "competitive"),
                                                  (4, "competitive"), (4, "team"),
                                                  (2, "coop"), (3, "coop"), (4, "coop")}
    assert {d for _, m, d, _ in configs if m == "coop"} == {"normal", "hard"}
    assert {s for *_, s in configs} == {"standard", "advanced"}
    assert {1 + i % 12 for i in range(150)} == set(range(1, 13))


def test_a_position_is_the_seats_keep_give_at_the_start_of_its_round():
    bench = load()
    from precog.engine import Phase

    position = bench.make_position(0, 41)  # 2 players, round 1: greedy play, no game yet
    state = position.state()
    assert (state.round, state.phase, position.players) == (1, Phase.DECISION, 2)
    assert len(bench.choices_of(state, position.seat)) > 1


def test_the_race_drops_a_choice_clearly_behind_and_keeps_one_within_its_interval():
    bench = load()
    values = {0: [5.0, 6.0, 7.0, 5.0, 6.0, 7.0, 5.0, 6.0] * 2,
              1: [3.0, 4.0, 5.0, 3.0, 4.0, 5.0, 3.0, 4.0] * 2,   # 2 behind every game
              2: [6.0, 5.0, 7.0, 4.0, 7.0, 6.0, 5.0, 6.0] * 2}   # as often ahead as behind
    assert bench.race(values, {0, 1, 2}, min_playouts=16) == {0, 2}
    assert bench.race(values, {0, 1, 2}, min_playouts=17) == {0, 1, 2}  # too few yet


def test_eight_equal_paired_differences_do_not_decide_a_position():
    bench = load()
    assert bench.MIN_DECIDED == 16
    eight = {0: [5.0] * 8, 1: [4.0] * 8}  # 1 behind in every playout: an interval of width 0
    assert bench.race(eight, {0, 1}, min_playouts=8) == {0, 1}
    sixteen = {0: [5.0] * 16, 1: [4.0] * 16}
    assert bench.race(sixteen, {0, 1}, min_playouts=8) == {0}


def test_a_position_built_on_other_components_policy_evaluation_or_floor_is_not_current():
    bench = load()
    record = {"id": "r001", **bench.STAMP, "min_decided": bench.MIN_DECIDED}
    assert bench.current([record]) == [record]
    assert bench.current([{**record, "policy": "SensiblePolicy(temperature=0.5)"}]) == []
    assert bench.current([{**record, "components": "0" * 12}]) == []
    assert bench.current([{**record, "evaluation": "Weights(bane_ahead=0.0)"}]) == []
    assert bench.current([{**record, "min_decided": 8}]) == []
    assert bench.current([{"id": "r001"}]) == []  # stored before the stamp
    newer = {**record, "best": "k"}
    assert bench.current([record, newer]) == [newer]  # a rebuilt position replaces the old


def test_other_cooperative_weights_leave_the_competitive_and_team_positions_current():
    bench = load()
    head, cooperative = bench.STAMP["policy"].split(bench.COOPERATIVE_FIELDS)
    other = head + bench.COOPERATIVE_FIELDS + "9" + cooperative
    stored = [{"id": f"r00{i}", **bench.STAMP, "policy": other, "mode": mode,
               "min_decided": bench.MIN_DECIDED}
              for i, mode in enumerate(("competitive", "team", "coop"))]
    assert [r["mode"] for r in bench.current(stored)] == ["competitive", "team"]
    competitive_changed = [{**r, "policy": "SensiblePolicy(temperature=0.5"
                            + bench.COOPERATIVE_FIELDS + cooperative} for r in stored]
    assert bench.current(competitive_changed) == []


def test_agreement_counts_decided_positions_and_loss_every_position():
    bench = load()
    rows = [{"mode": "competitive", "difficulty": "normal", "players": 2, "season": 1,
             "decided": True, "agrees": True, "loss": 0.0},
            {"mode": "competitive", "difficulty": "normal", "players": 2, "season": 3,
             "decided": True, "agrees": False, "loss": 1.5},
            {"mode": "coop", "difficulty": "hard", "players": 3, "season": 3,
             "decided": False, "agrees": False, "loss": 0.0}]
    keys = bench.keys(rows)
    assert keys["independent_agreement"]["value"] == 0.5
    assert keys["independent_agreement"]["n"] == 2
    assert keys["independent_mean_loss_hh"]["value"] == 0.5
    assert keys["independent_mean_loss_hh"]["n"] == 3
    assert keys["by_mode"]["coop-hard"]["independent_agreement"]["n"] == 0
    assert keys["by_season"]["3"]["independent_mean_loss_hh"]["value"] == 0.75


def test_a_loss_is_counted_in_healthy_humans_a_boat_in_every_mode():
    bench = load()
    choices = [{"choice": "a", "loss": 0.0}, {"choice": "b", "loss": 6.0}]
    for mode, players, boats in (("competitive", 3, 1), ("team", 4, 2), ("coop", 3, 3),
                                 ("coop", 2, 2)):
        record = {"mode": mode, "players": players, "choices": choices, "tied": ["a"]}
        assert bench.loss_of(record, "b") == 6.0
        assert bench.loss_per_boat(record, "b") == 6.0 / boats
        assert bench.loss_per_boat(record, "a") == 0.0
    rows = [{"mode": "coop", "difficulty": "normal", "players": 3, "season": 3,
             "decided": True, "agrees": False, "loss": 2.0, "loss_score": 6.0}]
    keys = bench.keys(rows)
    assert keys["independent_mean_loss_hh"]["value"] == 2.0
    assert keys["independent_mean_loss_score"]["value"] == 6.0
    assert keys["by_mode"]["coop"]["independent_mean_loss_score"]["value"] == 6.0


def test_the_analysis_under_test_answers_on_a_budget_of_rollouts_the_same_every_time():
    bench = load()
    from precog.engine import to_position

    position = bench.make_position(0, 41)
    record = {"id": "r000", "position": to_position(position.state()), "seat": position.seat}
    first = bench.answer(record, {"rollouts_per_choice": 64}, 41)
    again = bench.answer(record, {"rollouts_per_choice": 64}, 41)
    assert first[2] == again[2] == 64  # rollouts a choice
    assert first[0] == again[0]  # the same choice, whatever the time it took


def test_the_held_out_set_has_its_own_seed_and_file_and_is_named_in_the_scores(tmp_path):
    bench = load()
    assert bench.HELD_OUT != bench.DATA and bench.HELD_OUT_SEED != 41
    assert bench.reference_set(bench.DATA) == "suite"
    assert bench.reference_set(bench.HELD_OUT) == "held out"
    assert bench.reference_set(tmp_path / "other.jsonl") == "other.jsonl"
    result = bench.score(tmp_path / "empty.jsonl", {"rollouts_per_choice": 64}, 1)
    assert result["reference_set"] == "empty.jsonl" and result["positions"] == 0


def _record(values_by_choice: dict[str, list[float]], best: str) -> dict:
    return {"id": "r007", "best": best,
            "choices": [{"choice": name, "values": values}
                        for name, values in values_by_choice.items()]}


def test_a_best_ahead_in_every_paired_playout_is_stable_and_an_equal_one_is_half():
    bench = load()
    ahead = _record({"a": [2.0 + k % 3 for k in range(16)], "b": [1.0 + k % 3 for k in range(16)]},
                    "a")
    assert bench.best_stability(ahead) == 1.0
    same = [float(k % 4) for k in range(16)]
    equal = _record({"a": same, "b": list(same)}, "a")
    assert bench.best_stability(equal) == 0.5


def test_a_best_ahead_on_a_few_playouts_is_found_again_only_in_part_of_the_draws():
    bench = load()
    record = _record({"a": [3.0, 0.0] * 8, "b": [1.0, 1.0] * 8}, "a")  # a +0.5 on average
    stability = bench.best_stability(record)
    assert 0.5 < stability < 0.95
    assert bench.best_stability(record) == stability  # the draws are seeded by the position


def test_the_stability_is_read_over_the_playouts_every_choice_has():
    bench = load()
    record = _record({"a": [2.0] * 16 + [0.0] * 24, "b": [1.0] * 16}, "a")
    assert bench.best_stability(record) == 1.0


def test_the_scores_give_the_reference_s_stability_over_decided_positions():
    bench = load()
    rows = [{"mode": "competitive", "difficulty": "normal", "players": 2, "season": 1,
             "decided": True, "agrees": True, "loss": 0.0, "reference_stability": 1.0},
            {"mode": "competitive", "difficulty": "normal", "players": 2, "season": 1,
             "decided": True, "agrees": False, "loss": 1.0, "reference_stability": 0.5},
            {"mode": "competitive", "difficulty": "normal", "players": 2, "season": 1,
             "decided": False, "agrees": False, "loss": 0.0, "reference_stability": 0.0}]
    figure = bench.keys(rows)["reference_best_stability"]
    assert figure["value"] == 0.75
    assert figure["n"] == 2


def test_the_look_ahead_bot_s_own_answer_is_one_of_the_seat_s_choices_every_time():
    bench = load()
    from precog.engine import to_position

    position = bench.make_position(0, 41)
    record = {"id": "r000", "position": to_position(position.state()), "seat": position.seat}
    names = {str(c) for c in bench.choices_of(position.state(), position.seat)}
    first = bench.lookahead_answer(record, 41)
    assert first[0] in names
    assert first[2:] == (0, {})  # no rollouts, no values
    assert bench.lookahead_answer(record, 41)[0] == first[0]


def test_a_position_whose_seat_plays_on_as_the_sensible_player_is_a_diagnosis_not_the_reference():
    bench = load()
    record = {"id": "r001", **bench.STAMP, "min_decided": bench.MIN_DECIDED}
    diagnosis = {**record, "seat_plays_on": "policy"}
    assert bench.current([record, diagnosis]) == [record]
    assert bench.current([record, diagnosis], "policy") == [diagnosis]
    assert bench.current([{**record, "seat_plays_on": "lookahead"}]) != []


def test_the_seat_plays_on_as_the_sensible_player_only_when_the_playout_asks(monkeypatch):
    bench = load()
    from precog.engine import to_position

    position = bench.make_position(11, 41)  # round 12: one round to play out
    assert position.round == 12
    asked: list[tuple[str, int]] = []
    real = bench.make_bot

    def recording(name: str, seed: int) -> object:
        asked.append((name, seed))
        return real(name, seed)

    monkeypatch.setattr(bench, "make_bot", recording)
    text = to_position(position.state())
    k_seed = bench.playout_seed(41, 11, 0)
    reference = bench.playout((text, position.seat, 0, k_seed, 0))
    assert asked == []
    diagnosis = bench.playout((text, position.seat, 0, k_seed, 1))
    assert asked == [("policy", k_seed * 8 + position.seat)]
    assert isinstance(reference, float) and isinstance(diagnosis, float)
