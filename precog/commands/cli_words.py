"""The command line in the user's language: every command's help and argparse's own words.

English is written where each command is defined (``precog/commands/<name>.py``); another
language's words are in ``precog/data/words/<lang>/cli.toml``: ``[precog]`` for the command
itself, ``[command.<name>]`` for a subcommand (``summary``, ``description``, ``epilog`` and one
key per argument, its ``dest``), ``[options]`` for the game options several commands share and
``[argparse]`` for argparse's own messages, keyed by argparse's English text (as a gettext
catalogue would be). ``tests/test_cli_words.py`` fails while an argument has no words.
"""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from precog.engine.wording import DEFAULT_LANGUAGE, fill, languages, load_words


def language_of(argv: Sequence[str]) -> str:
    """The ``--lang`` given in ``argv`` when precog has words for it, else English (argparse
    then reports a bad value itself)."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        value = (argv[i + 1] if arg == "--lang" and i + 1 < len(argv)
                 else arg.removeprefix("--lang=") if arg.startswith("--lang=") else None)
        if value is not None:
            return value if value in languages() else DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def cli_words(lang: str) -> dict[str, Any]:
    """``lang``'s ``cli.toml`` (empty for English, whose words are in the code)."""
    return {} if lang == DEFAULT_LANGUAGE else load_words(lang, "cli")


@contextmanager
def argparse_words(lang: str) -> Iterator[None]:
    """While inside, argparse says its own words (``usage:``, ``options``, its errors) in
    ``lang``: argparse looks its messages up through its module's ``_`` and ``ngettext``
    (gettext), which this replaces by ``[argparse]`` of ``cli.toml`` and then restores."""
    table = cli_words(lang).get("argparse", {})
    if not table:
        yield
        return
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]

    def gettext(message: str) -> str:
        return str(table.get(message, message))

    def ngettext(singular: str, plural: str, n: int) -> str:
        return gettext(singular if n == 1 else plural)

    _set(gettext, ngettext)
    try:
        yield
    finally:
        _set(*saved)


def _set(gettext: Callable[[str], str], ngettext: Callable[[str, str, int], str]) -> None:
    setattr(argparse, "_", gettext)  # noqa: B010 (argparse reads its module global)
    setattr(argparse, "ngettext", ngettext)  # noqa: B010


def translate_parser(parser: argparse.ArgumentParser, lang: str) -> None:
    """Put ``lang``'s words on ``parser`` and its subcommands (English: nothing to do)."""
    words = cli_words(lang)
    if not words:
        return
    top = words.get("precog", {})
    parser.description = top.get("description", parser.description)
    parser.epilog = top.get("epilog", parser.epilog)
    values = {"languages": ", ".join(languages()), "default": DEFAULT_LANGUAGE}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            _translate_commands(action, words)
        elif action.dest in top:
            action.help = fill(lang, top[action.dest], values)


def _translate_commands(action: argparse._SubParsersAction[Any], words: dict[str, Any]) -> None:
    commands = words.get("command", {})
    shared = words.get("options", {})
    for choice in action._choices_actions:
        choice.help = commands.get(choice.dest, {}).get("summary", choice.help)
    for name, sub in action.choices.items():
        own = commands.get(name, {})
        if "description" in own:
            sub.description = textwrap.fill(own["description"], 79)
        sub.epilog = own.get("epilog", sub.epilog)
        for arg in sub._actions:
            text = own.get(arg.dest, shared.get(arg.dest))
            if text is not None:
                arg.help = text


def missing_words(parser: argparse.ArgumentParser, lang: str) -> list[str]:
    """Every help text of ``parser`` that ``lang``'s ``cli.toml`` does not give, as
    ``command.dest`` (for the test that keeps each language complete)."""
    words = cli_words(lang)
    top, commands, shared = (words.get("precog", {}), words.get("command", {}),
                             words.get("options", {}))
    missing = [f"precog.{key}" for key in ("description", "epilog") if key not in top]
    for action in parser._actions:
        if not isinstance(action, argparse._SubParsersAction):
            if action.dest not in top:
                missing.append(f"precog.{action.dest}")
            continue
        for name, sub in action.choices.items():
            own = commands.get(name, {})
            missing += [f"command.{name}.{key}" for key in ("summary", "description", "epilog")
                        if key not in own]
            missing += [f"command.{name}.{arg.dest}" for arg in sub._actions
                        if arg.help and arg.dest not in own and arg.dest not in shared]
    return missing
