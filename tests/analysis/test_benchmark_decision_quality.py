"""benchmarks/decision_quality.py's machinery on two positions (its figures, not its speed)."""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.analysis.conftest import mid_game

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "decision_quality.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("precog_benchmark_quality", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def stored_positions(bench: ModuleType) -> dict[str, dict]:
    """The stored suite's positions by id, without their reference answers."""
    return {e["id"]: e for e in bench.positions(bench.DATA)}


def made_here(bench: ModuleType, mode: str, count: int, choices: range = range(3, 1000),
              rounds: range = range(3, 11), first: int = 0) -> list[dict]:
    """``count`` positions of ``mode`` (3 players, rounds and number of choices in range; ids
    from ``first``) as a reference built now would store them, made by this test for the
    shipped component set: seeded games dealt to a Decision (the stored suite's positions
    name the set they were made with, which the engine refuses for another), each choice the
    ranking offers now (in its order after 2 rollouts), its value written here, a full
    Healthy Human apart from the next, each +-0.05 (the reference decides), as first built
    (no rollouts per choice), 4 rollouts at the budget, the value mark of today's analysis
    where the mode has one."""
    from precog.engine import to_position
    from precog.engine.errors import PrecogError
    from precog.session.explore import deal

    out: list[dict] = []
    for seed in range(100):
        if len(out) == count:
            break
        round_ = rounds[seed % len(rounds)]
        try:
            state = deal(round_, seed, players=3, mode=mode)
        except PrecogError:  # the game ended before that round
            continue
        decision = bench.Decision(f"q{first + len(out):03d}", to_position(state),
                                  state.to_move, 3, mode, "standard", round_)
        rows = bench.reference(decision, 2, seed=0).rows
        if len(rows) not in choices:
            continue
        reference = {r.action: {"value": 5.0 - i, "ci95": 0.05} for i, r in enumerate(rows)}
        mark = {"value_mark": bench.VALUE_MARKS[mode]} if mode in bench.VALUE_MARKS else {}
        out.append({**decision.__dict__, **mark, "samples_at_budget": 4,
                    "reference_rollouts": 120, "reference": reference,
                    "at_budget": {"choice": rows[0].action, "ci95_max": 0.5,
                                  "values": {a: v["value"] for a, v in reference.items()}}})
    assert len(out) == count, f"fewer than {count} such {mode} positions dealt"
    return out


def reference_file(bench: ModuleType, path: Path, positions: list[dict]) -> Path:
    """``positions`` written as a reference file for the shipped component set."""
    meta = {"format": bench.FORMAT, "seed": 0, "count": len(positions), "budget_s": 1.0,
            "factor": 30, "components": bench.components_fingerprint()}
    path.write_text(json.dumps({"meta": meta, "suite": [], "positions": positions}))
    return path


def test_the_suite_covers_every_player_count_mode_setup_and_round():
    bench = load()
    plan = bench.suite_plan(120)
    assert {r for r, _ in plan} == set(range(1, 13))
    assert {c for _, c in plan} == set(bench.CONFIGS)
    assert {(p, m) for p, m, _ in bench.CONFIGS} >= {(2, "coop"), (4, "team"), (3, "competitive")}
    assert {s for _, _, s in bench.CONFIGS} == {"standard", "advanced"}


def test_a_reference_built_on_two_positions_gives_every_key(tmp_path, monkeypatch):
    bench = load()
    from precog.engine import to_position

    suite = [bench.Decision(f"q{i:03d}", to_position(mid_game(players=2, seed=s, round=r)),
                            0, 2, "competitive", "standard", r)
             for i, (s, r) in enumerate([(3, 3), (5, 11)])]
    monkeypatch.setattr(bench, "build_suite", lambda count, seed, log=None: suite[:count])
    path = tmp_path / "quality.json"
    data = bench.build_reference(2, 0, 0.05, 1, path, log=lambda _: None)
    assert [p["id"] for p in data["positions"]] == ["q000", "q001"]
    for entry in data["positions"]:
        assert entry["reference_rollouts"] >= entry["samples_at_budget"] >= 2
        assert entry["at_budget"]["choice"] in entry["reference"]
    again = bench.build_reference(2, 0, 0.05, 1, path, log=lambda _: None)  # resumes: no work
    assert again["positions"] == json.loads(path.read_text())["positions"]
    result = bench.measure(path, 0.05, None, 1, trees=True)
    assert result["positions"] == 2
    assert 0.0 <= result["top_choice_agreement"]["rate"] <= 1.0
    assert (result["top_choice_agreement_within_reference_ci"]["rate"]
            >= result["top_choice_agreement"]["rate"])
    decided = result["top_choice_agreement_where_reference_decides"]
    assert decided["n"] == sum(bench.reference_decides(p["reference"])
                               for p in data["positions"])
    assert decided["rate"] is None if decided["n"] == 0 else 0.0 <= decided["rate"] <= 1.0
    assert [d["id"] for d in result["disagreements"]] == [
        w["id"] for w in sorted(result["worst"], key=lambda w: w["id"])]
    assert 0 < result["elapsed_s_median"] <= result["elapsed_s_max"]
    assert result["mean_loss_hh"]["mean"] >= 0.0
    assert math.isfinite(result["calibration_mae_hh"]["mean"])
    assert result["tree_full_s_max"] > 0 and result["ci_halfwidth_at_1s_hh"]["mean"] > 0
    for leaves in ("fit", "playouts"):
        monkeypatch.setitem(bench.LEAVES, "leaf_values", leaves)
        trees = bench.calibration(path, None, 1)
        assert trees["leaves"]["leaf_values"] == leaves and trees["positions"] == 2
        assert 0.0 <= trees["tree_top_choice_agreement"]["rate"] <= 1.0
        assert trees["tree_mean_loss_hh"]["mean"] >= 0.0
        assert math.isfinite(trees["calibration_bias_hh"]["mean"])
    summary = bench.summary(path)
    assert summary["positions"] == 2 and summary["mean_loss_hh"]["mean"] >= 0.0
    _calibration_over_seeds_averages_each_position_first(bench, path)


def test_a_built_reference_races_at_the_factor_and_counts_todays_cooperative_value(
        tmp_path, monkeypatch):
    """A build analyses each position as the benchmark does (1 second, raced), then the same
    analysis raced at ``factor`` times its contenders' rollouts: stamped as deepened against
    today's 1-second analysis, a choice the race stopped early left behind, and a cooperative
    position marked with the value counted now, so the file it writes is accepted."""
    bench = load()
    from precog.engine import to_position
    from precog.session.explore import deal

    state = deal(5, 1, players=3, mode="coop")
    suite = [bench.Decision("q000", to_position(state), state.to_move, 3, "coop", "standard",
                            5)]
    monkeypatch.setattr(bench, "build_suite", lambda count, seed, log=None: suite[:count])
    path = tmp_path / "quality.json"
    entry = bench.build_reference(1, 0, 0.05, 2, path, log=lambda _: None)["positions"][0]
    assert entry["value_mark"] == bench.COOP_VALUE
    most = max(r["rollouts"] for r in entry["reference"].values())
    assert most == entry["reference_rollouts"] == entry["deepened"]["rollouts"]
    assert most == 2 * entry["deepened"]["at_1s"]
    assert entry["deepened"]["analysis"] == bench.analysis_mark()
    for r in entry["reference"].values():
        assert "loss_ci95" in r and r.get("left_behind", False) == (r["rollouts"] < most)
    assert [e["id"] for e in bench.load(path)] == ["q000"]


def _calibration_over_seeds_averages_each_position_first(bench: ModuleType, path: Path) -> None:
    """--calibration --seeds 2: each seed's keys as one seed's run gives them; pooled, a
    position's error is the mean of its seeds' (one tree's expected error), so the means are
    the seeds' means and the intervals are over the positions, not over position-seed pairs."""
    both = bench.calibration(path, None, 1, seeds=2)
    one, two = (bench.calibration(path, None, s) for s in (1, 2))
    assert [r["calibration_mae_hh"] for r in both["per_seed"]] == [
        one["calibration_mae_hh"], two["calibration_mae_hh"]]
    pooled = both["over_seeds"]
    assert pooled["seeds"] == 2 and pooled["calibration_mae_hh"]["n"] == 2
    for key in ("calibration_mae_hh", "calibration_bias_hh"):
        assert pooled[key]["mean"] == pytest.approx(
            (one[key]["mean"] + two[key]["mean"]) / 2, abs=1e-3)


def test_refining_analyses_again_only_the_positions_the_reference_leaves_undecided(tmp_path):
    bench = load()
    undecided, decided = made_here(bench, "competitive", 2)  # 30 x 4 rollouts: quick
    for i, row in enumerate(undecided["reference"].values()):
        row.update(value=5.0 - 0.01 * i, ci95=0.5)  # its top two not told apart
    assert not bench.reference_decides(undecided["reference"])
    assert bench.reference_decides(decided["reference"])
    path = reference_file(bench, tmp_path / "quality.json", [undecided, decided])
    refined = bench.refine_reference(path, 0, 30, log=lambda _: None)["positions"]
    assert refined[1] == decided  # decided: left as it was
    again = refined[0]
    assert again["first_reference"] == undecided["reference"] and again["refined"]["race"]
    assert set(again["reference"]) == set(undecided["reference"])
    rows = again["reference"].values()
    assert max(r["rollouts"] for r in rows) == 120 == again["reference_rollouts"]
    best = max(rows, key=lambda r: r["value"])
    assert best["loss_ci95"] == 0.0
    assert all(r["loss_ci95"] > 0 for r in rows if r is not best and r["value"] < best["value"])
    assert bench.refine_reference(path, 0, 30, log=lambda _: None)["positions"] == refined


def test_deepening_brings_each_reference_to_the_factor_times_the_one_second_rollouts(tmp_path):
    bench = load()
    thin, ample = made_here(bench, "competitive", 2)
    for action in thin["reference"]:
        thin["reference"][action]["rollouts"] = 2  # a reference of 2 rollouts a choice
    for action in ample["reference"]:
        ample["reference"][action]["rollouts"] = 10**7  # more than any deepening asks
    tie = json.loads(json.dumps(thin))
    tie["id"] = "q999"
    values = sorted(tie["reference"].values(), key=lambda v: -v["value"])
    values[0]["loss_ci95"] = 0.0
    values[1].update(value=values[0]["value"], loss_ci95=0.0)  # every game alike
    path = reference_file(bench, tmp_path / "quality.json", [thin, ample, tie])
    deepened = bench.deepen_reference(path, 0, 30, budget_s=0.02, log=lambda _: None)
    deep, kept, tied = deepened["positions"]
    assert kept["reference"] == ample["reference"] and kept["deepened"]["kept"]
    assert tied == tie  # its best two cannot be separated: not analysed
    at_1s = deep["deepened"]["at_1s"]
    assert at_1s >= 2 and deep["deepened"]["rollouts"] == 30 * at_1s
    assert set(deep["reference"]) == set(thin["reference"])
    assert bench.contender_rollouts(deep) == 30 * at_1s
    longest = [r for r in deep["reference"].values() if r["rollouts"] == 30 * at_1s]
    assert len(longest) >= 2 and all("loss_ci95" in r for r in longest)
    best = max(deep["reference"].values(), key=lambda r: r["value"])
    assert best["loss_ci95"] == 0.0
    assert bench.deepen_reference(path, 0, 30, budget_s=0.02,
                                  log=lambda _: None)["positions"] == deepened["positions"]


def test_a_changed_one_second_analysis_brings_every_deepened_reference_up_again(
        tmp_path, monkeypatch):
    """Deepened against one 1-second analysis, a reference is measured again once the timed
    ranking's batches change (they decide how many rollouts 1 second gives), and deepened
    again where it falls short; the reference before the first deepening is kept."""
    bench = load()
    thin = made_here(bench, "competitive", 1)[0]
    for action in thin["reference"]:
        thin["reference"][action]["rollouts"] = 2
    path = reference_file(bench, tmp_path / "quality.json", [thin])
    once = bench.deepen_reference(path, 0, 30, budget_s=0.02, log=lambda _: None)
    assert once["positions"][0]["deepened"]["analysis"] == bench.analysis_mark()
    from precog.analysis.choices import ranking

    monkeypatch.setattr(ranking, "BATCH_GAMES", ranking.BATCH_GAMES // 2)
    assert bench.deepen_order(once["positions"]) == once["positions"]  # measured again
    twice = bench.deepen_reference(path, 0, 300, budget_s=0.02, log=lambda _: None)
    again = twice["positions"][0]
    assert again["deepened"]["analysis"] == bench.analysis_mark()
    assert again["deepened"]["rollouts"] == 300 * again["deepened"]["at_1s"]
    assert bench.contender_rollouts(again) == 300 * again["deepened"]["at_1s"]
    assert again["before_deepening"] == thin["reference"]
    assert bench.deepen_order(twice["positions"]) == []


def test_deepening_again_measures_every_position_and_a_part_takes_its_share(tmp_path):
    """``again``: a speed-up the mark does not record (the worlds dealt straight into the
    batch's arrays) still measures every position against today's 1-second analysis; ``part``
    of ``parts`` takes every ``parts``-th position of the order, so two processes on copies of
    the file share the work without overlap."""
    bench = load()
    thin = made_here(bench, "competitive", 3)
    for e in thin:
        for action in e["reference"]:
            e["reference"][action]["rollouts"] = 2
    path = reference_file(bench, tmp_path / "quality.json", thin)
    once = bench.deepen_reference(path, 0, 30, budget_s=0.02, log=lambda _: None)
    assert bench.deepen_order(once["positions"]) == []  # all measured against today's mark
    assert len(bench.deepen_order(once["positions"], again=True)) == 3
    order = [e["id"] for e in bench.deepen_order(once["positions"], again=True)]
    seen: list[str] = []
    for part in (0, 1):
        copy = tmp_path / f"part{part}.json"
        copy.write_text(path.read_text())
        before = {e["id"]: e for e in json.loads(copy.read_text())["positions"]}
        after = bench.deepen_reference(copy, 1, 30, budget_s=0.02, log=lambda _: None,
                                       again=True, part=part, parts=2)
        changed = [e["id"] for e in after["positions"] if e != before[e["id"]]]
        assert set(changed) == set(order[part::2])  # measured again, kept or deepened
        seen += changed
    assert sorted(seen) == sorted(order)


def test_a_choice_the_deeper_analysis_left_behind_keeps_its_longer_estimate():
    bench = load()
    from precog.analysis.choices.ranking import RankingRow
    from precog.engine.actions import Choose

    entry = {"reference_rollouts": 5000,
             "reference": {"keep A give B": {"value": 5.0, "ci95": 0.05},
                           "keep C give B": {"value": 3.0, "ci95": 0.05}}}

    def row(action: str, value: float, samples: int, loss_ci: float) -> RankingRow:
        return RankingRow(Choose(action.split()[1], "B"), value, ci95=0.01, samples=samples,
                          loss_ci95=loss_ci)

    deep = bench.Ranking(rows=[row("keep A give B", 5.1, 60000, 0.0),
                               row("keep C give B", 2.9, 200, 0.3)], meta={})
    merged = bench.merge_reference(entry, deep)
    assert merged["keep A give B"] == {"value": 5.1, "ci95": 0.01, "loss_ci95": 0.0,
                                       "rollouts": 60000}
    assert merged["keep C give B"] == {"value": 3.0, "ci95": 0.05, "rollouts": 5000,
                                       "left_behind": True}
    # a raced refinement left C behind on 150 rollouts; the first build played it on 30 x 200
    refined = {"samples_at_budget": 200, "reference_rollouts": 9000,
               "first_reference": {"keep A give B": {"value": 5.2, "ci95": 0.04},
                                   "keep C give B": {"value": 2.8, "ci95": 0.04}},
               "reference": {"keep A give B": {"value": 5.0, "ci95": 0.03, "rollouts": 9000},
                             "keep C give B": {"value": 3.3, "ci95": 0.4, "rollouts": 150}}}
    merged = bench.merge_reference(refined, deep)
    assert merged["keep C give B"] == {"value": 2.8, "ci95": 0.04, "rollouts": 6000,
                                       "left_behind": True}


def test_a_choice_the_deeper_analysis_left_behind_is_never_the_references_best():
    """Its value comes from an earlier analysis (other games) and may read higher than the
    deeper analysis' best, which found it clearly behind on the same games."""
    bench = load()
    reference = {"keep A give B": {"value": 4.69, "ci95": 0.05, "loss_ci95": 0.0},
                 "keep C give B": {"value": 4.63, "ci95": 0.05, "loss_ci95": 0.03},
                 "keep D give B": {"value": 4.71, "ci95": 0.2, "left_behind": True}}
    assert bench.reference_best(reference) == "keep A give B"
    assert bench.agrees(reference, "keep A give B")
    assert not bench.agrees(reference, "keep D give B")
    assert not bench.within_reference_ci(reference, "keep D give B")
    assert bench.loss(reference, "keep C give B") == pytest.approx(0.06)
    assert bench.reference_decides(reference)  # 0.06 apart, paired ±0.03


def test_the_reference_factor_leaves_out_positions_whose_best_two_end_every_game_alike():
    bench = load()
    tie = {"reference": {"a": {"value": 2.0, "ci95": 0.1, "loss_ci95": 0.0},
                         "b": {"value": 2.0, "ci95": 0.1, "loss_ci95": 0.0}}}
    apart = {"reference": {"a": {"value": 2.0, "ci95": 0.1, "loss_ci95": 0.0},
                           "b": {"value": 1.0, "ci95": 0.1, "loss_ci95": 0.1}}}
    factor = bench.reference_factor([tie, apart, apart],
                                    [{"reference_factor": 1.0}, {"reference_factor": 40.0},
                                     {"reference_factor": 31.0}])
    assert factor == {"min": 31.0, "median": 35.5, "below_30": 0, "n": 2}


def test_a_refined_reference_decides_and_judges_by_the_paired_loss_interval():
    bench = load()
    reference = {"keep A give B": {"value": 5.00, "ci95": 0.06, "loss_ci95": 0.0},
                 "keep C give B": {"value": 4.95, "ci95": 0.06, "loss_ci95": 0.02},
                 "keep D give B": {"value": 4.80, "ci95": 0.06, "loss_ci95": 0.25}}
    assert bench.reference_decides(reference)  # 0.05 apart, paired: ±0.02
    assert not bench.within_reference_ci(reference, "keep C give B")
    assert bench.within_reference_ci(reference, "keep D give B")  # 0.20 behind, ±0.25


def test_a_choice_the_reference_cannot_tell_from_its_best_counts_as_agreeing_within_its_ci():
    within = load().within_reference_ci
    reference = {"keep A give B": {"value": 5.00, "ci95": 0.06},
                 "keep C give B": {"value": 4.95, "ci95": 0.06},
                 "keep D give B": {"value": 4.80, "ci95": 0.06}}
    assert within(reference, "keep A give B")
    assert within(reference, "keep C give B")  # 0.05 apart, 0.085 combined half-width
    assert not within(reference, "keep D give B")


def test_agreement_is_also_counted_over_the_positions_whose_top_two_the_reference_separates():
    bench = load()
    apart = {"keep A give B": {"value": 5.00, "ci95": 0.06},
             "keep C give B": {"value": 4.80, "ci95": 0.06}}
    close = {"keep A give B": {"value": 5.00, "ci95": 0.06},
             "keep C give B": {"value": 4.95, "ci95": 0.06}}
    assert bench.reference_decides(apart) and not bench.reference_decides(close)
    positions = [{"reference": apart}, {"reference": close}, {"reference": apart}]
    rows = [{"agrees": True}, {"agrees": False}, {"agrees": False}]
    assert bench.decided_agreement(positions, rows)["rate"] == 0.5  # the close one left out
    assert bench.decided_agreement(positions, rows)["n"] == 2
    assert bench.decided_agreement([{"reference": close}], rows[:1])["rate"] is None


@pytest.mark.parametrize("argv", [["--budget", "0"], ["--budget", "nan"], ["--budget", "-1"],
                                  ["--budget", "inf"], ["--count", "1000000000"],
                                  ["--limit", "0"], ["--build-reference", "--factor", "2"],
                                  ["--refine-reference", "--factor", "29"],
                                  ["--deepen-reference", "--factor", "29"],
                                  ["--rebuild-reference", "--factor", "29"],
                                  ["--rebuild-reference", "--part", "0/2"],
                                  ["--rebuild-reference", "--part", "3/2"],
                                  ["--rebuild-reference", "--part", "half"],
                                  ["--rebuild-reference", "--mode", "team"],
                                  ["--leaf-playouts", "1"], ["--leaf-playouts", "0"],
                                  ["--leaf-playouts", "100000"], ["--seeds", "0"],
                                  ["--seeds", "1000"], ["--seeds", "2"]])
def test_bad_arguments_are_refused_with_a_message(argv, capsys):
    bench = load()
    with pytest.raises(SystemExit) as exit_:
        bench.main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "expected" in err or "at least 30" in err or "invalid choice" in err


def test_a_missing_reference_file_is_a_clear_error(tmp_path):
    bench = load()
    with pytest.raises(bench.BenchmarkInputError, match="--build-reference"):
        bench.measure(tmp_path / "none.json", 1.0, None, 0)


def test_a_missing_reference_file_on_the_command_line_is_one_line_and_status_2(tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        load().main(["--data", str(tmp_path / "none.json"), "--no-trees"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "none.json: not found" in err and "Traceback" not in err


@pytest.mark.parametrize("built_for", ["000000000000", None])
def test_a_reference_file_built_for_another_component_set_is_refused(tmp_path, built_for):
    bench = load()
    meta = {"format": bench.FORMAT, "seed": 0, "count": 1, "budget_s": 1.0, "factor": 30}
    if built_for is not None:
        meta["components"] = built_for
    path = tmp_path / "quality.json"
    path.write_text(json.dumps({"meta": meta, "suite": [], "positions": [{"id": "q000"}]}))
    for run in (lambda: bench.measure(path, 1.0, None, 0), lambda: bench.summary(path)):
        with pytest.raises(bench.BenchmarkInputError, match=r"component set .*--build-reference"):
            run()


def test_the_expected_agreement_is_the_chance_paired_rollouts_rank_the_references_best_first():
    bench = load()
    best = {"value": 5.0, "ci95": 0.01, "loss_ci95": 0.0, "rollouts": 10_000}

    def rival(value: float, loss_ci: float, **more: object) -> dict:
        return {"value": value, "ci95": 0.01, "loss_ci95": loss_ci, "rollouts": 10_000, **more}

    clear = {"A": best, "B": rival(4.0, 0.01)}
    assert bench.agree_chance(clear, 100, 0) == pytest.approx((1.0, 1.0))
    coin = {"A": best, "B": rival(5.0, 0.05)}  # no gap: a coin toss at any budget
    assert bench.agree_chance(coin, 100, 0) == pytest.approx((0.5, 0.5))
    two = {"A": best, "B": rival(5.0, 0.05), "C": rival(5.0, 0.05)}
    assert bench.agree_chance(two, 100, 0) == pytest.approx((0.25, 0.5))
    tie = {"A": best, "B": rival(5.0, 0.0)}  # every game alike: either choice agrees
    assert bench.agree_chance(tie, 100, 0) == (1.0, 1.0)
    behind = {"A": best, "B": rival(5.2, 0.05, left_behind=True), "C": rival(4.0, 0.01)}
    assert bench.agree_chance(behind, 100, 0) == pytest.approx((1.0, 1.0))
    # a gap of one paired standard error at the reference's rollouts (1.96 x 0.1 / 1.96):
    # as many rollouts again read it with sqrt(2) standard errors, its own and theirs
    close = {"A": best, "B": rival(4.9, 0.196)}
    assert bench.agree_chance(close, 10_000, 0)[0] == pytest.approx(0.7602, abs=1e-4)
    at_100, at_400, endless = (bench.agree_chance(close, n, 0)[0] for n in (100, 400, 10**12))
    assert 0.5 < at_100 < at_400 < 0.7602 < endless  # more rollouts, more often right
    assert endless == pytest.approx(0.8413, abs=1e-4)  # but no surer than the reference
    positions = [{"reference": clear, "reference_rollouts": 1},
                 {"reference": coin, "reference_rollouts": 1}]
    rows = [{"at_1s": 100}, {"at_1s": 100}]
    expected = bench.expected_agreement(positions, rows)
    assert expected["at_1x"] == {"low": 0.75, "high": 0.75}
    assert list(expected) == [f"at_{k}x" for k in bench.AGREEMENT_MULTIPLES]


def _summary_file(bench: ModuleType, path: Path) -> Path:
    """A reference file made here (:func:`made_here`): two cooperative positions and one
    competitive; the second cooperative's stored 1-second answer is its reference's second
    choice, a full Healthy Human behind (the other two answer the best)."""
    coop = made_here(bench, "coop", 2)
    second = list(coop[1]["reference"])[1]
    coop[1]["at_budget"]["choice"] = second
    return reference_file(bench, path, [*coop, *made_here(bench, "competitive", 1, first=2)])


def test_the_summary_of_the_stored_answers_prints_as_a_table(capsys, tmp_path):
    """``--summary`` scores the build's stored 1-second answers: no run, so no
    ``reference_factor`` of its own to print."""
    bench = load()
    path = _summary_file(bench, tmp_path / "quality.json")
    assert bench.main(["--summary", "--data", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("3 positions") and "top_choice_agreement   0.667 [" in out
    assert "reference_factor" not in out


def test_agreement_per_mode_players_season_and_setup_comes_with_its_wilson_interval():
    """``by_group`` shows where the misses are: each group's agreement, its 95 % Wilson
    interval and mean loss, every position counted once in each of its four groups."""
    bench = load()
    positions = [{"mode": "coop", "players": 4, "round": 2, "setup": "standard"},
                 {"mode": "coop", "players": 4, "round": 9, "setup": "advanced"},
                 {"mode": "competitive", "players": 2, "round": 5, "setup": "standard"}]
    rows = [{"agrees": False, "loss": 0.3}, {"agrees": True, "loss": 0.0},
            {"agrees": True, "loss": 0.0}]
    groups = bench.by_group(positions, rows)
    assert set(groups) == {"coop", "competitive", "4p", "2p", "season 1", "season 2",
                           "season 3", "standard", "advanced"}
    coop = groups["coop"]
    low, high = bench.wilson(0.5, 2)
    assert (coop["n"], coop["agreement"], coop["mean_loss_hh"]) == (2, 0.5, 0.15)
    assert (coop["agreement_low"], coop["agreement_high"]) == (round(low, 4), round(high, 4))
    assert groups["competitive"]["agreement"] == 1.0 and groups["competitive"]["agreement_low"] < 1
    assert sum(groups[k]["n"] for k in ("coop", "competitive")) == len(positions)


def test_the_summary_table_prints_each_groups_agreement(capsys, tmp_path):
    bench = load()
    path = _summary_file(bench, tmp_path / "quality.json")
    assert bench.main(["--summary", "--data", str(path)]) == 0
    lines = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert ["coop", "0.500"] in [words[:2] for words in lines]
    assert ["competitive", "1.000"] in [words[:2] for words in lines]
    assert any(words[:2] == ["coop", "0.500"] and "2," in words for words in lines)


def test_each_groups_expected_agreement_says_how_much_of_its_misses_noise_explains():
    """With a run's own rollouts, each group also carries what an analysis without bias
    could expect to agree there: a group of clear-cut positions expects 1, a group of coin
    tosses 0.5; without the rollouts (the stored answers of ``--summary``) there is none."""
    bench = load()
    best = {"value": 5.0, "ci95": 0.01, "loss_ci95": 0.0, "rollouts": 10_000}
    clear = {"A": best, "B": {"value": 4.0, "ci95": 0.01, "loss_ci95": 0.01,
                              "rollouts": 10_000}}
    coin = {"A": best, "B": {"value": 5.0, "ci95": 0.01, "loss_ci95": 0.05,
                             "rollouts": 10_000}}
    positions = [{"mode": "competitive", "players": 2, "round": 5, "setup": "standard",
                  "reference": clear, "reference_rollouts": 1},
                 {"mode": "coop", "players": 2, "round": 5, "setup": "standard",
                  "reference": coin, "reference_rollouts": 1}]
    rows = [{"agrees": True, "loss": 0.0, "at_1s": 100},
            {"agrees": False, "loss": 0.0, "at_1s": 100}]
    groups = bench.by_group(positions, rows)
    assert groups["competitive"]["agreement_expected"] == 1.0
    assert groups["coop"]["agreement_expected"] == 0.5
    assert groups["2p"]["agreement_expected"] == 0.75
    stored = bench.by_group(positions, [{k: v for k, v in r.items() if k != "at_1s"}
                                        for r in rows])
    assert all("agreement_expected" not in g for g in stored.values())


def _coop_entry(bench: ModuleType) -> dict:
    """One cooperative position of a few choices, its reference made here for the shipped
    component set (:func:`made_here`), its value mark taken away (as a reference made before
    the value changed)."""
    entry = made_here(bench, "coop", 1, choices=range(3, 9))[0]
    del entry["value_mark"]
    return entry


def test_a_reference_made_with_another_cooperative_value_is_refused(tmp_path):
    bench = load()
    entry = _coop_entry(bench)
    path = reference_file(bench, tmp_path / "quality.json", [entry])
    for run in (lambda: bench.measure(path, 1.0, None, 0), lambda: bench.summary(path)):
        with pytest.raises(bench.BenchmarkInputError,
                           match=rf"{entry['id']} .*no longer counts.*--rebuild-reference"):
            run()


def test_every_stored_cooperative_reference_counts_the_value_the_analysis_counts_now():
    bench = load()
    positions = bench.load(bench.DATA)  # refuses any position without today's mark
    coop = [e for e in positions if e["mode"] == "coop"]
    assert coop and all(e["value_mark"] == bench.COOP_VALUE for e in coop)
    for e in coop:  # built from nothing kept: no estimate of the old value merged in
        assert "first_reference" not in e
        assert e["deepened"]["rollouts"] == e["reference_rollouts"]
        if "before_rebuild" not in e:  # built with today's value (and marked so by the build):
            assert "refined" not in e  # no estimate from a build of before the mark
            continue
        # deepened since the rebuild: a choice the deeper race left behind keeps an estimate
        # made since the rebuild (the rebuilt one, or a later deepening's on at least as many
        # rollouts), never one from before the rebuild
        rebuilt = e.get("before_deepening", e["reference"])
        assert rebuilt != e["before_rebuild"]
        for action, r in e["reference"].items():
            if r.get("left_behind"):
                old = e["before_rebuild"][action]
                assert (r["value"], r.get("rollouts")) != (old["value"], old.get("rollouts"))
                assert (r["value"] == rebuilt[action]["value"]
                        or r["rollouts"] >= rebuilt[action]["rollouts"])


def test_rebuilding_a_modes_references_keeps_none_of_their_old_estimates(tmp_path):
    bench = load()
    entry = _coop_entry(bench)
    entry["first_reference"] = {a: {"value": 99.0, "ci95": 0.0} for a in entry["reference"]}
    competitive = made_here(bench, "competitive", 1, first=1)[0]
    path = reference_file(bench, tmp_path / "quality.json", [entry, competitive])
    data = bench.rebuild_reference(path, 0, 3, "coop", budget_s=0.05, log=lambda _: None)
    rebuilt, untouched = data["positions"]
    assert untouched == competitive
    assert rebuilt["value_mark"] == bench.COOP_VALUE
    assert rebuilt["before_rebuild"] == entry["reference"]
    assert "first_reference" not in rebuilt
    assert set(rebuilt["reference"]) == set(entry["reference"])
    assert all(r["value"] != 99.0 for r in rebuilt["reference"].values())
    most = max(r["rollouts"] for r in rebuilt["reference"].values())
    assert most == rebuilt["reference_rollouts"] == 3 * rebuilt["deepened"]["at_1s"]
    for r in rebuilt["reference"].values():
        assert "loss_ci95" in r and r.get("left_behind", False) == (r["rollouts"] < most)
    assert bench.load(path)  # now accepted
    again = bench.rebuild_reference(path, 0, 3, "coop", budget_s=0.05, log=lambda _: None)
    assert again["positions"] == data["positions"]  # nothing left to rebuild


def test_the_json_names_agreement_with_the_same_method_convergence(capsys, tmp_path):
    """The reference is the same method run longer: its agreement and loss are printed as
    ``convergence_*``, never as the quality keys of the independent reference."""
    bench = load()
    path = _summary_file(bench, tmp_path / "quality.json")
    assert bench.main(["--summary", "--json", "--data", str(path)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert {"convergence_top_choice_agreement", "convergence_mean_loss_hh",
            "convergence_top_choice_agreement_where_reference_decides"} <= set(result)
    assert "top_choice_agreement" not in result and "mean_loss_hh" not in result
