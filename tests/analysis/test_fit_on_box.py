"""scripts/fit_evaluation.py --box: the refit command the analysis names for a user's box."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from precog.analysis.fitted.value import parse_fit, shipped_fit
from precog.commands.errors import UsageCode
from precog.engine import new_game
from tests.codes import codes_in

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "my_box.toml"


def script():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("fit_evaluation",
                                                  ROOT / "scripts" / "fit_evaluation.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["fit_evaluation"] = module
    spec.loader.exec_module(module)
    return module


def test_fit_on_a_box_is_written_to_out_and_names_the_box(tmp_path, capsys):
    out = tmp_path / "my_fit.toml"
    shipped = (ROOT / "precog" / "data" / "evaluation_fit.toml").read_text(encoding="utf-8")
    fit_evaluation = script()
    assert fit_evaluation.main(["--box", str(EXAMPLE), "--out", str(out),
                                "--positions", "6", "--playouts", "2"]) == 0
    printed = capsys.readouterr().out
    assert "box: my box" in printed and "MAE" in printed
    fit = parse_fit(out.read_text(encoding="utf-8"))
    assert fit.info["component_set"] == "my box"
    assert fit.info["box"].startswith("box-")
    # too few positions per mode: every mode keeps the shipped coefficients, and says so
    assert fit.info["kept"] == ["competitive", "team", "coop"]
    assert all((fit.coefficients[m] == shipped_fit().coefficients[m]).all()
               for m in fit.coefficients)
    # the analysis loads it for that box (precog --fit, the explorer's and Play's box tab)
    from precog.analysis.fitted import value
    from precog.analysis.fitted.fits import apply_fit, load_fit
    from precog.engine.box import load_box

    try:
        own = apply_fit(load_fit(out), load_box(EXAMPLE))
        assert value.fit_for(new_game(players=2, seed=0, components=load_box(EXAMPLE))) is own
        from precog.analysis.fitted.provenance import component_note
        from precog.session.provenance import provenance_text

        note = component_note(load_box(EXAMPLE))  # its coefficients are the shipped ones
        assert note["fit"]["own"] is True and note["fit"]["kept"] is True
        assert "coefficients were kept" in provenance_text(note, "en")
    finally:
        value._USER_FITS.clear()
    # the package's own fit (the reference set's) is untouched
    assert (ROOT / "precog" / "data" / "evaluation_fit.toml").read_text(
        encoding="utf-8") == shipped


def test_fit_on_a_box_needs_out():
    with pytest.raises(SystemExit) as stop:
        script().main(["--box", str(EXAMPLE), "--positions", "6", "--playouts", "2"])
    assert stop.value.code == 2
    assert codes_in(stop.value.__cause__) == [UsageCode.NEEDS]


def test_fit_on_a_bad_box_names_the_file(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('format = "precog-box"\nversion = "one"\n', encoding="utf-8")
    with pytest.raises(SystemExit):
        script().main(["--box", str(bad), "--out", str(tmp_path / "f.toml"),
                       "--positions", "6", "--playouts", "2"])
    assert "bad.toml" in capsys.readouterr().err


def test_fit_positions_come_from_the_sensible_player_s_and_the_greedy_bots_games():
    from precog.engine import Phase

    fit_evaluation = script()
    pairs = fit_evaluation.positions(6, seed=2, per_game=1, styles=("greedy",))
    assert len(pairs) == 6
    for state, seat in pairs:  # each at the start of a Decision phase, nobody has chosen yet
        assert state.phase is Phase.DECISION and all(c is None for c in state.choices)
        assert 0 <= seat < state.config.players
    mixed = fit_evaluation.positions(6, seed=2, per_game=1)
    sensible = fit_evaluation.positions(6, seed=2, per_game=1, styles=("sensible",))
    assert [s.key() for s, _ in mixed] == [s.key() for s, _ in sensible]  # sensible games first


def test_an_unknown_game_style_is_refused(capsys):
    with pytest.raises(SystemExit) as stop:
        script().main(["--check", "--styles", "sensible,bold", "--positions", "14"])
    assert codes_in(stop.value.__cause__) == [UsageCode.ABOUT, UsageCode.LIST_OF]
    assert "--styles" in capsys.readouterr().err


def test_cross_validation_needs_two_to_twenty_folds():
    with pytest.raises(SystemExit) as stop:
        script().main(["--cv", "1", "--positions", "14"])
    assert codes_in(stop.value.__cause__) == [UsageCode.ABOUT, UsageCode.COUNT]
    assert stop.value.__cause__.problem.values["problem"].values == {"low": 2, "high": 20,
                                                                      "got": 1}


def test_a_cached_refit_keeps_its_targets_in_a_file_named_after_its_inputs(tmp_path, capsys):
    fit_evaluation = script()
    arguments = ["--box", str(EXAMPLE), "--out", str(tmp_path / "f.toml"), "--positions", "6",
                 "--playouts", "2", "--seed", "5", "--cache", str(tmp_path / "cache"),
                 "--styles", "sensible,greedy"]
    assert fit_evaluation.main(arguments) == 0
    kept = sorted(path.name for path in (tmp_path / "cache").iterdir())
    assert kept == ["held_out-6-2-5-sensible+greedy.jsonl", "train-6-2-5-sensible+greedy.jsonl"]
    first = (tmp_path / "f.toml").read_text(encoding="utf-8")
    assert fit_evaluation.main(arguments) == 0  # the second run reads the targets back
    assert (tmp_path / "f.toml").read_text(encoding="utf-8").split("[modes")[1:] == \
        first.split("[modes")[1:]
