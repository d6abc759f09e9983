"""Long commands show a progress bar on a terminal, and nothing where their output is piped
(tests, scripts): the bar never changes what a command prints."""

from __future__ import annotations

import io
import json
import sys

import pytest

from precog import cli
from precog.commands import progress


def test_a_bar_follows_the_fraction_done_and_stays_off_a_pipe(
        capsys: pytest.CaptureFixture[str]) -> None:
    with progress.progress_bar(8, "games") as update:
        for done in range(1, 9):
            update(done / 8, f"{done} of 8")
    with progress.count_bar("decisions") as step:
        step(3, 5)
    assert capsys.readouterr().err == ""


def test_a_tournament_with_its_bar_prints_only_its_result(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "--bots", "greedy,random", "--games", "2", "--players", "2",
            "--workers", "1", "--json"]
    assert cli.main(argv) == 0
    printed = capsys.readouterr()
    assert json.loads(printed.out)["standings"] and printed.err == ""


def test_the_progress_words_exist_in_every_language() -> None:
    from precog.commands.cli_words import cli_words

    russian = cli_words("ru")["progress"]
    assert set(russian) == set(progress.ENGLISH)
    assert "{link}" in russian["dashboard"]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_one_bar_over_several_runs_counts_each_run_in_its_share(
        monkeypatch: pytest.MonkeyPatch) -> None:
    screen = _Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    with progress.overall_bar(12, "games") as part:
        first, second = part(4), part(8)
        first(1.0, "4 of 4")
        second(0.5, "4 of 8")
        assert " 8/12 " in screen.getvalue().rsplit("\r", 1)[-1]
        second(1.0, "8 of 8")
        assert " 12/12 " in screen.getvalue().rsplit("\r", 1)[-1]


def test_counted_steps_yield_every_item_and_draw_only_on_a_terminal(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert list(progress.steps(range(5), "positions")) == [0, 1, 2, 3, 4]
    assert capsys.readouterr().err == ""
    screen = _Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    assert list(progress.steps(["a", "b"], "runs")) == ["a", "b"]
    assert "/2 [" in screen.getvalue()  # drawn (and cleared at the end)
