"""The ``precog`` command: play, inspect and serve Precognition positions (unofficial)."""

from __future__ import annotations

import argparse
import errno
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import NoReturn

from precog import __version__
from precog.commands import analyse, app, random_position, review, show, simulate, tournament
from precog.commands.cli_words import argparse_words, cli_words, language_of, translate_parser
from precog.commands.common import UsageCode, UsageError, language, set_language
from precog.engine import PrecogError
from precog.engine.files import os_reason
from precog.engine.problems import Problem
from precog.engine.wording import error_text, fill
from precog.session.words import DEFAULT_LANGUAGE, languages

# One module per command, in the order `precog --help` lists them. To add a command (for
# example `analyse` or `tournament`), write precog/commands/<name>.py with
# `register(subparsers)` (its parser, help with examples, and `set_defaults(handler=...)`)
# and add the module to this list; nothing else here needs to change.
COMMANDS: list[ModuleType] = [simulate, random_position, show, analyse, review, tournament, app]

EXAMPLES = """\
examples:
  precog simulate --players 4 --games 100 --seed 1
  precog random-position --players 3 --round 5 --seed 7
  precog show "$(precog random-position --round 5 --seed 7)" --for 0
  precog review game.json --seat 1
  precog app --port 8866
  precog --lang ru show "$(precog random-position --round 5 --seed 7)"

`precog COMMAND --help` explains each command. Bad input exits with status 2.
"""


class Parser(argparse.ArgumentParser):
    """Reports a usage error on one line (exit status 2) instead of usage text + error."""

    def error(self, message: str) -> NoReturn:
        line = cli_words(language()).get("precog", {}).get(
            "error_line", "{prog}: error: {message} (see '{prog} --help')")
        self.exit(2, fill(language(), line, {"prog": self.prog, "message": message}) + "\n")


def build_parser(lang: str = DEFAULT_LANGUAGE) -> Parser:
    """The ``precog`` parser with its help in ``lang`` (build and use it inside
    :func:`~precog.commands.cli_words.argparse_words` for argparse's own words)."""
    parser = Parser(prog="precog", description=__doc__, epilog=EXAMPLES,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"precog {__version__}")
    parser.add_argument("--lang", choices=languages(), default=DEFAULT_LANGUAGE, metavar="LANG",
                        help=f"language of the human-readable output: {', '.join(languages())} "
                             f"(default {DEFAULT_LANGUAGE}); JSON output is the same in all")
    parser.add_argument("--box", default=None, metavar="FILE",
                        help="your box file (TOML, docs/components.md): play and analyse with "
                             "your cards; what it leaves out is unknown (default: the "
                             "reference set)")
    parser.add_argument("--fit", default=None, metavar="FILE",
                        help="your own evaluation fit, made on your box by "
                             "scripts/fit_evaluation.py --box BOX --out FILE (default: the "
                             "shipped fit, made on the reference set)")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in COMMANDS:
        module.register(subparsers)
    translate_parser(parser, lang)
    return parser


# Failures to write the output (stdout on a full disk, a device that refuses): said, not raised.
_OUTPUT_ERRORS = (errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EFBIG, errno.EBADF)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``precog`` with ``argv`` (default: the process arguments); returns the exit status."""
    argv = sys.argv[1:] if argv is None else list(argv)
    lang, before = language_of(argv), language()
    set_language(lang)
    try:
        return _run(argv, lang)
    finally:  # a caller in the same process (a notebook, a test) keeps its own language
        set_language(before)


def _run(argv: list[str], lang: str) -> int:
    try:
        with argparse_words(lang):
            args = build_parser(lang).parse_args(argv)
    except SystemExit as done:  # --help, --version or a usage error already printed
        return done.code if isinstance(done.code, int) else 2
    try:
        args.components = _box(args.box)
        _fit(args.fit, args.components)
        status: int = args.handler(args)
        sys.stdout.flush()  # a full disk or a closed pipe is reported here, not at exit
    except BrokenPipeError:  # the reader (`| head`) stopped early: not an error of ours
        _silence_stdout()
        return 0
    except OSError as err:
        if err.errno not in _OUTPUT_ERRORS:
            raise
        _silence_stdout()
        return _refuse(args.command, UsageError(Problem.of(UsageCode.OUTPUT,
                                                           detail=os_reason(err))), lang)
    except (UsageError, PrecogError) as err:
        return _refuse(args.command, err, lang)
    except KeyboardInterrupt:
        return 130
    return status


def _refuse(command: str, err: PrecogError, lang: str) -> int:
    """Say ``err`` on one line of standard error; exit status 2."""
    message = " ".join(error_text(err, lang).split())
    line = cli_words(lang).get("precog", {}).get("error_command",
                                                 "precog {command}: error: {message}")
    print(fill(lang, line, {"command": command, "message": message}), file=sys.stderr)
    return 2


def _box(path: str | None) -> object:
    """The component set of ``--box FILE`` (None: the reference set)."""
    if path is None:
        return None
    from precog.engine.box import load_box

    return load_box(path)


def _fit(path: str | None, components: object) -> None:
    """Put ``--fit FILE`` in use for the box in play (refused if made on another set)."""
    if path is None:
        return
    from precog.analysis.fitted.fits import apply_fit, load_fit
    from precog.engine.data_loading import reference_components
    from precog.engine.files import clip_path

    apply_fit(load_fit(path), components or reference_components(),  # type: ignore[arg-type]
              clip_path(path))


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that the flush at exit does not fail again."""
    import os

    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


if __name__ == "__main__":
    raise SystemExit(main())
