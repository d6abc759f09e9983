"""``precog review``: a saved game reviewed as text or JSON; bad game files are clear errors."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from precog import cli
from precog.analysis.game_review.review import recorded_game, reviewed_count
from precog.commands.common import UsageCode
from precog.engine.problems import ErrorCode, Problem
from tests.codes import codes_in, problems_in, refusals


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture(scope="module")
def game_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("games") / "game.json"
    path.write_text(json.dumps(recorded_game(["greedy"], seed=4, players=2).to_json()))
    return path


def test_review_prints_each_decision_with_its_loss_a_summary_and_the_chance_to_win(
        capsys, game_file):
    code, out, _ = run(capsys, "review", str(game_file), "--seat", "1", "--budget", "0.3")
    assert code == 0
    lines = out.splitlines()
    n = reviewed_count(recorded_game(["greedy"], seed=4, players=2), 1)
    assert lines[0].startswith(f"Review of seat 1 (2 players, competitive): {n} decisions")
    assert len(lines) == 2 + n + 2
    assert lines[-2].startswith("Chance to win of seat 1") and lines[-2].count(" % ± ") == 12
    assert lines[-1].startswith("component set: the reference set")  # and which fit


def test_a_game_played_on_a_box_is_reviewed_with_that_box_and_says_so(capsys, tmp_path):
    from tests.engine.test_partly_known import HALF_BOX, half_box

    box = tmp_path / "half.toml"
    box.write_text(HALF_BOX, encoding="utf-8")
    game = tmp_path / "game.json"
    game.write_text(json.dumps(recorded_game(["greedy"], seed=4, players=2,
                                             components=half_box()).to_json()))
    with refusals() as refused:
        code, _, err = run(capsys, "review", str(game), "--budget", "0.2")
    assert code == 2 and ErrorCode.POSITION_COMPONENTS in codes_in(refused[0])  # needs its box
    code, out, err = run(capsys, "--box", str(box), "review", str(game), "--budget", "0.2")
    assert code == 0, err
    assert "'half box', not the reference set" in out.splitlines()[-1]


def test_review_of_the_keep_give_only(capsys, game_file):
    code, out, _ = run(capsys, "review", str(game_file), "--budget", "0.3", "--keep-give-only")
    assert code == 0
    assert out.splitlines()[0].startswith("Review of seat 0 (2 players, competitive): 12 ")


def test_review_json_lists_decisions_curves_and_summary(capsys, game_file):
    code, out, _ = run(capsys, "review", str(game_file), "--budget", "0.3", "--json")
    data = json.loads(out)
    n = reviewed_count(recorded_game(["greedy"], seed=4, players=2), 0)
    assert code == 0 and data["format"] == "precog-review" and data["seat"] == 0
    assert len(data["decisions"]) == n and set(data["curves"]) == {"0", "1"}
    assert set(data["wins"]) == {"0", "1"} and len(data["wins"]["0"]) == 12
    assert data["summary"]["decisions"] == n
    assert {d["kind"] for d in data["decisions"]} >= {"keep_give", "activate", "gains"}


def test_review_in_russian_has_no_english_head(capsys, game_file):
    code, out, _ = run(capsys, "--lang", "ru", "review", str(game_file), "--budget", "0.3")
    assert code == 0 and out.startswith("Разбор места 0")


@pytest.mark.parametrize(("content", "expected"), [
    ("not json", ErrorCode.POSITION_EXPECTED),
    ('{"format": "precog-game", "actions": 5}', ErrorCode.POSITION_GAME_ACTIONS),
    ('{"format": "something"}', ErrorCode.POSITION_FORMAT),
    ('[1, 2, 3]', ErrorCode.POSITION_EXPECTED),
])
def test_a_bad_game_file_is_a_clear_error_naming_the_file(capsys, tmp_path, content, expected):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with refusals() as refused:
        code, _, err = run(capsys, "review", str(path))
    assert code == 2 and str(path) in err
    problems = problems_in(refused[0])
    assert problems[1] == Problem.of(UsageCode.FILE, path=str(path))
    assert expected in [problem.code for problem in problems]


def test_a_position_instead_of_a_game_is_refused(capsys, tmp_path, game_file):
    data = json.loads(game_file.read_text())
    path = tmp_path / "position.json"
    path.write_text(json.dumps(data["start"]))
    with refusals() as refused:
        code, _, _ = run(capsys, "review", str(path))
    assert code == 2 and codes_in(refused[0]) == [UsageCode.NOT_A_GAME, UsageCode.FILE]


def test_an_action_that_is_not_legal_names_its_number(capsys, tmp_path, game_file):
    data = json.loads(game_file.read_text())
    data["actions"][3] = "keep Z99 give Z98"
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    with refusals() as refused:
        code, _, _ = run(capsys, "review", str(path))
    assert code == 2
    [wrong] = [p for p in problems_in(refused[0]) if p.code == ErrorCode.POSITION_GAME_ACTION]
    assert wrong.values["n"] == 4


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a FIFO")
def test_a_fifo_is_refused_without_blocking(capsys, tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with refusals() as refused:
        code, _, _ = run(capsys, "review", str(fifo))
    assert code == 2 and ErrorCode.FILE_NOT_REGULAR in codes_in(refused[0])


@pytest.mark.parametrize("argv", [["--seat", "5"], ["--budget", "0"], ["--budget", "nan"],
                                  ["--budget", "100000"], ["--scheduler", "nowhere"]])
def test_bad_arguments_are_refused_before_any_work(capsys, game_file, argv):
    code, _, err = run(capsys, "review", str(game_file), *argv)
    assert code == 2 and argv[0] in err


def test_an_analysis_error_during_the_review_keeps_its_code_and_language(
        capsys, game_file, monkeypatch):
    from precog.analysis.basics.errors import AnalysisCode, AnalysisError
    from precog.analysis.game_review import review
    from precog.engine.problems import Problem

    def refuse(*_args, **_kwargs):
        raise AnalysisError(Problem.of(AnalysisCode.PLAYED_NOT_RANKED, choice="keep D01"))

    monkeypatch.setattr(review, "review_game", refuse)
    code, _, err = run(capsys, "--lang", "ru", "review", str(game_file))
    assert code == 2 and "нет среди оценённых выборов" in err
