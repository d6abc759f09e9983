"""`precog --box FILE ...`: the commands play and analyse on your box."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from precog import cli
from precog.engine.problems import ErrorCode
from tests.codes import codes_in, problems_in, refusals
from tests.engine.test_partly_known import HALF_BOX


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def box_file(tmp_path: Path) -> str:
    path = tmp_path / "half.toml"
    path.write_text(HALF_BOX, encoding="utf-8")
    return str(path)


def test_a_position_made_on_a_box_is_analysed_on_it_and_flagged(
        capsys: pytest.CaptureFixture[str], box_file: str) -> None:
    status, position, _ = run(capsys, "--box", box_file, "random-position", "--players", "3",
                              "--round", "5", "--seed", "7")
    assert status == 0
    status, out, _ = run(capsys, "--box", box_file, "analyse", position.strip(), "--depth", "1")
    assert status == 0 and "'half box', not the reference set" in out
    assert "scripts/fit_evaluation.py --box" in out
    status, out, _ = run(capsys, "--box", box_file, "analyse", position.strip(), "--depth", "1",
                         "--json")
    assert json.loads(out)["meta"]["components"]["reference"] is False


def test_a_box_position_without_its_box_is_refused(capsys: pytest.CaptureFixture[str],
                                                    box_file: str) -> None:
    _, position, _ = run(capsys, "--box", box_file, "random-position", "--round", "3")
    with refusals() as refused:
        status, _, _ = run(capsys, "show", position.strip())
    assert status == 2 and ErrorCode.POSITION_COMPONENTS in codes_in(refused[0])


def test_simulate_runs_on_a_box(capsys: pytest.CaptureFixture[str], box_file: str) -> None:
    status, out, _ = run(capsys, "--box", box_file, "simulate", "--games", "2", "--players", "2")
    assert status == 0 and "2 games" in out


@pytest.mark.parametrize("path,code", [("/dev/zero", ErrorCode.FILE_NOT_REGULAR),
                                       ("/no/such/box.toml", ErrorCode.FILE_UNREADABLE)])
def test_a_bad_box_file_exits_2_naming_it(capsys: pytest.CaptureFixture[str], path: str,
                                          code: ErrorCode) -> None:
    with refusals() as refused:
        status, _, err = run(capsys, "--box", path, "simulate", "--games", "1")
    assert status == 2 and path in err
    assert codes_in(refused[0])[:2] == [ErrorCode.DATA_AT_FILE, code]
    assert problems_in(refused[0])[0].values["file"] == path


def test_a_malformed_box_names_the_field(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('[[deck]]\ncode = "D"\n[[deck.card]]\nid = "D01"\ntype = "Food"\n'
                    'season = 1\ncost = 1000000000\ngain = 1\n', encoding="utf-8")
    status, _, err = run(capsys, "--box", str(path), "simulate", "--games", "1")
    assert status == 2 and "card D01" in err and "'cost'" in err
