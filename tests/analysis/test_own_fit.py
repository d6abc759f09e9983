"""Your own evaluation fit: made on your box, loaded by the analysis, said where it is used.

``scripts/fit_evaluation.py --box B --out F`` writes a fit; ``precog --fit F`` (or ``precog
analyse --box B --fit F``), the explorer and Play load it for that box only. A hostile fit file
is a DataError naming it within a second."""

from __future__ import annotations

import json
import os
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from precog import cli
from precog.analysis.basics.errors import AnalysisCode
from precog.analysis.choices.ranking import rank_options
from precog.analysis.fitted import value
from precog.analysis.fitted.fits import apply_fit, fit_from_text, load_fit
from precog.engine.data_loading import reference_components
from precog.engine.errors import DataError
from precog.engine.playout import random_playout
from precog.engine.problems import ErrorCode
from precog.session.provenance import provenance_text
from precog.session.reports import ranking_text
from tests.codes import problems_in, raises_code, refusals
from tests.engine.test_partly_known import HALF_BOX, half_box

SHIPPED = (Path(value.__file__).resolve().parents[2] / "data" / value.FIT_FILE).read_text(
    encoding="utf-8")


@pytest.fixture(autouse=True)
def no_fit_in_use() -> Iterator[None]:
    value._USER_FITS.clear()
    yield
    value._USER_FITS.clear()


def fit_text(box: str, shift: float = 5.0) -> str:
    """The shipped fit re-labelled as made on ``box``, its constants raised by ``shift``."""
    out = []
    for line in SHIPPED.splitlines():
        if line.startswith("date = "):
            continue  # the shipped fit's own date: the re-labelled fit gets its own below
        if line.startswith("coefficients = ["):
            first, rest = line[len("coefficients = ["):].split(",", 1)
            line = f"coefficients = [{float(first) + shift:.6g},{rest}"
        out.append(line)
        if line == "[fit]":
            out += [f'box = "{box}"', 'date = "2026-12-01"']
    return "\n".join(out) + "\n"


def box_position():  # type: ignore[no-untyped-def]
    return random_playout(random.Random(2), components=half_box(), players=3, seed=2,
                          stop_round=5).final


def test_a_fit_made_on_the_box_values_that_box_s_positions_and_no_other() -> None:
    state = box_position()
    reference = random_playout(random.Random(2), players=3, seed=2, stop_round=5).final
    before = value.expected_final(state, 0), value.expected_final(reference, 0)
    fit = apply_fit(fit_from_text(fit_text(half_box().fingerprint)), state.components)
    assert value.fit_for(state) is fit
    assert value.expected_final(state, 0) == pytest.approx(before[0] + 5.0)
    assert value.expected_final(reference, 0) == before[1]  # the reference set: shipped fit


def test_the_analysis_says_it_uses_your_fit_with_its_error() -> None:
    state = box_position()
    apply_fit(fit_from_text(fit_text(half_box().fingerprint)), state.components)
    ranking = rank_options(state, 0, depth_rounds=1)
    note = ranking.meta["components"]
    assert note["fit"]["own"] is True and note["calibration"] == "fitted on this box (your fit)"
    assert "refit" not in note
    assert note["fit"]["error"] == round(value.shipped_fit().error("competitive", 0, 0), 2)
    for lang in ("en", "ru"):
        line = provenance_text(note, lang, "cli")
        assert line in ranking_text(ranking, lang) and note["fit"]["date"] in line
    assert provenance_text(note, "en", "cli") != provenance_text(
        {**note, "fit": {**note["fit"], "own": False}}, "en", "cli")


def test_the_reference_set_and_its_fit_are_named_too() -> None:
    state = random_playout(random.Random(2), players=3, seed=2, stop_round=5).final
    ranking = rank_options(state, 0, depth_rounds=1)
    fit = value.shipped_fit()
    text = ranking_text(ranking, "en")
    assert "component set: the reference set" in text
    assert f"evaluation fitted on it ({fit.info['date']}, {fit.info['positions']} positions" \
        in text


def test_a_fit_made_on_another_box_is_refused_naming_both() -> None:
    fit = fit_from_text(fit_text(half_box().fingerprint), "my_fit.toml")
    with raises_code(DataError, AnalysisCode.FIT_OTHER_BOX):
        apply_fit(fit, reference_components(), "my_fit.toml")
    assert not value._USER_FITS


def _first(pattern: str, repl: str) -> str:
    """The shipped fit with the first match of ``pattern`` replaced (the fit's own numbers
    change with every refit; the malformed field is what matters)."""
    out, n = re.subn(pattern, repl, SHIPPED, count=1, flags=re.MULTILINE)
    assert n == 1, pattern
    return out


@pytest.mark.parametrize(("text", "field"), [
    ("not toml [", "not a fit file"),
    ('[fit]\ndate = "x"\n', "'fit.box'"),
    (_first(r'^components = "[0-9a-f]+"', "components = 7"), "'fit.box'"),
    (SHIPPED.replace('"projection", "projection x left"', '"projection"'),
     "modes.competitive.features"),
    (_first(r"^coefficients = \[[-0-9.e]+", "coefficients = [1e9"),
     "modes.competitive.coefficients"),
    (_first(r"^coefficients = \[[-0-9.e]+", 'coefficients = ["one"'),
     "modes.competitive.coefficients"),
    (_first(r'^"all" = [0-9.]+', '"all" = -1'), "modes.competitive.residual"),
    (_first(r'^"all" = [0-9.]+', '"all" = nan'), "modes.competitive.residual"),
    (SHIPPED.split("[modes.team]")[0], "modes.team"),
    ("x = '" + "a" * 70_000 + "'", "more than the 65536"),
])
def test_a_malformed_fit_file_is_a_data_error_naming_the_field(text: str, field: str) -> None:
    start = time.perf_counter()
    with pytest.raises(DataError) as err:
        fit_from_text(text, "bad_fit.toml")
    assert time.perf_counter() - start < 1.0
    assert "bad_fit.toml" in str(err.value) and field in str(err.value)


def test_a_fit_path_that_is_not_a_regular_file_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path in ("/dev/zero", str(fifo), str(tmp_path)):
        start = time.perf_counter()
        with raises_code(DataError, ErrorCode.DATA_AT_FILE):
            load_fit(path)
        assert time.perf_counter() - start < 1.0


def test_precog_analyse_with_box_and_fit_uses_the_fit(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    box = tmp_path / "half.toml"
    box.write_text(HALF_BOX, encoding="utf-8")
    fit = tmp_path / "my_fit.toml"
    fit.write_text(fit_text(half_box().fingerprint), encoding="utf-8")
    assert cli.main(["--box", str(box), "random-position", "--players", "3", "--round", "5",
                     "--seed", "7"]) == 0
    position = capsys.readouterr().out.strip()
    for argv in (["--box", str(box), "--fit", str(fit), "analyse", position, "--depth", "1"],
                 ["analyse", position, "--box", str(box), "--fit", str(fit), "--depth", "1"]):
        value._USER_FITS.clear()
        assert cli.main([*argv, "--json"]) == 0, capsys.readouterr().err
        note = json.loads(capsys.readouterr().out)["meta"]["components"]
        assert (note["name"], note["reference"], note["fit"]["own"]) == ("half box", False, True)
        assert "refit" not in note


def test_precog_refuses_a_fit_for_another_box(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path) -> None:
    fit = tmp_path / "my_fit.toml"
    fit.write_text(fit_text(half_box().fingerprint), encoding="utf-8")
    with refusals() as refused:
        assert cli.main(["--fit", str(fit), "random-position", "--round", "3"]) == 2
    [problem] = problems_in(refused[0])[:1]
    assert problem.code == AnalysisCode.FIT_OTHER_BOX and problem.values["file"] == str(fit)


def test_the_play_hint_says_which_set_and_which_fit() -> None:
    from precog.engine.view import view_of
    from precog.session.hint import HintRun
    from precog.widgets.hint import hint_html

    state = box_position()
    seat = state.to_move
    answers: list = []
    HintRun(background=False).start(view_of(state, seat), answers.append)
    assert "'half box'" not in answers[-1].provenance  # the page says the name as it is
    assert "half box, not the reference set" in answers[-1].provenance
    # a page names no shell command: it offers the fit file to load
    assert "fit_evaluation.py" not in answers[-1].provenance
    assert "Your fit file" in answers[-1].provenance
    apply_fit(fit_from_text(fit_text(half_box().fingerprint)), state.components)
    answers.clear()
    HintRun(background=False).start(view_of(state, seat), answers.append)
    assert "your own fit made on this box" in answers[-1].provenance
    assert "pc-hint-note" in hint_html(answers[-1], state, "explorer.ipynb")
