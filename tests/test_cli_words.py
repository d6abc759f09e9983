"""The command line in Russian: every command's help, argparse's own words and the usage
errors come from the words files; a help text missing in a language fails here."""

from __future__ import annotations

import argparse

import pytest

from precog.cli import build_parser, main
from precog.commands.cli_words import argparse_words, language_of, missing_words
from precog.engine.wording import DEFAULT_LANGUAGE, languages

OTHER_LANGUAGES = [lang for lang in languages() if lang != DEFAULT_LANGUAGE]


def _english_helps() -> dict[str, list[str]]:
    """Each command's English help texts (description and arguments), "" for ``precog``."""
    parser = build_parser()
    out = {"": [parser.description or ""]}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                out[name] = [sub.description or ""] + [a.help for a in sub._actions if a.help]
        elif action.help:
            out[""].append(action.help)
    return out


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_every_command_and_argument_has_help_in_each_language(lang: str) -> None:
    with argparse_words(lang):
        assert missing_words(build_parser(lang), lang) == []


@pytest.mark.parametrize("command", sorted(_english_helps()))
def test_russian_help_holds_no_english_help_text(
        command: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--lang", "ru", *([command] if command else []), "--help"]
    assert main(argv) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert said.startswith("использование: precog")
    assert "параметры:" in said and "options:" not in said
    for text in _english_helps()[command]:
        assert " ".join(text.split())[:40] not in said


def test_english_help_is_unchanged_by_a_russian_run(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--lang", "ru", "show", "--help"])
    capsys.readouterr()
    assert main(["show", "--help"]) == 0
    said = capsys.readouterr().out
    assert said.startswith("usage: precog show") and "show this help message and exit" in said


def test_a_usage_error_is_said_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang=ru", "simulate", "--players", "7"]) == 2
    said = capsys.readouterr().err
    assert said.startswith("precog simulate: ошибка: аргумент --players: неверный выбор: 7")


@pytest.mark.parametrize(("argv", "lang"), [
    (["--lang", "ru", "show", "x"], "ru"), (["--lang=ru"], "ru"), (["show", "x"], "en"),
    (["--lang", "xx"], "en"), (["--", "--lang", "ru"], "en"),
])
def test_the_language_is_read_before_parsing(argv: list[str], lang: str) -> None:
    assert language_of(argv) == lang


def test_a_russian_run_leaves_the_callers_language_as_it_was(
        capsys: pytest.CaptureFixture[str]) -> None:
    from precog.commands.common import language

    before = language()
    main(["--lang", "ru", "simulate", "--players", "7"])
    capsys.readouterr()
    assert language() == before
