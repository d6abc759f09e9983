"""What several commands share: game options, argument types, the usage error, JSON output."""

from __future__ import annotations

import argparse
import json
import math
import textwrap
from typing import Any

from precog.commands.errors import UsageCode, UsageError
from precog.engine.errors import PrecogError
from precog.engine.problems import Problem
from precog.engine.serialize import MAX_INT
from precog.engine.wording import DEFAULT_LANGUAGE, render_problem

PLAYERS = (2, 3, 4)
MODES = ("competitive", "team", "coop")
SETUPS = ("standard", "advanced")
DIFFICULTIES = ("normal", "hard", "apocalypse")


_LANGUAGE = [DEFAULT_LANGUAGE]  # the --lang of this run (set by precog.cli before parsing)


class ArgumentProblem(UsageError, argparse.ArgumentTypeError):
    """An argument type's refusal: argparse says it as this run's sentence, and a parser that
    wants the code (:class:`~precog.commands.tool_parser.ToolParser`) finds its problem."""

    def __str__(self) -> str:
        return say(self.problem) if self.problem is not None else super().__str__()


def set_language(lang: str) -> None:
    """Say argument errors in ``lang`` from now on (the CLI's ``--lang``)."""
    _LANGUAGE[0] = lang


def language() -> str:
    return _LANGUAGE[0]


def say(problem: Problem | str) -> str:
    """``problem`` in this run's language (a text without a code as it is)."""
    return render_problem(problem, language()) if isinstance(problem, Problem) else problem


def about(source: Problem | str, err: Exception) -> Problem:
    """``err`` said about its input ``source`` (``file game.json: ...``)."""
    inner = err.problem if isinstance(err, PrecogError) and err.problem else str(err)
    return Problem.of(UsageCode.ABOUT, source=source, problem=inner)


def add_command(subparsers: Any, name: str, summary: str, description: str,
                examples: str) -> argparse.ArgumentParser:
    """A command's parser: one-line ``summary`` for ``precog --help``, the description and the
    examples (kept as written) for ``precog NAME --help``."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        name, help=summary, description=textwrap.fill(description, 79), epilog=examples,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    return parser


def add_job_options(parser: argparse.ArgumentParser, workers: str, scheduler: str) -> None:
    """``--workers`` and ``--scheduler``: where independent jobs run (a process pool of W
    processes, or the Dask cluster at ADDRESS; see :mod:`precog.analysis.parallel.jobs`)."""
    parser.add_argument("--workers", type=positive_int, default=None, metavar="W", help=workers)
    parser.add_argument("--scheduler", default=None, metavar="ADDRESS", help=scheduler)


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    value = _whole_number(text)
    if value < 1:
        raise ArgumentProblem(Problem.of(UsageCode.AT_LEAST_ONE, got=value))
    return value


def finite_above_zero(text: str, not_a_number: UsageCode, not_above_zero: UsageCode) -> float:
    """``text`` as a finite number above 0 (not nan or inf), else the usage problem whose code
    says which it was not."""
    try:
        value = float(text)
    except ValueError:
        raise ArgumentProblem(Problem.of(not_a_number, got=text)) from None
    if not math.isfinite(value) or value <= 0:
        raise ArgumentProblem(Problem.of(not_above_zero, got=text))
    return value


def positive_seconds(text: str) -> float:
    """An argparse type: a finite number of seconds above 0 (not nan or inf)."""
    return finite_above_zero(text, UsageCode.SECONDS, UsageCode.POSITIVE_SECONDS)


def whole_number(text: str) -> int:
    """An argparse type: any whole number (seeds may be negative)."""
    return _whole_number(text)


SEED_LIMIT = MAX_INT - 2**32  # seed S+i of every game of a run stays a seed a saved game may hold


def seed_number(text: str) -> int:
    """An argparse type: a seed, a whole number whose games (seeds S, S+1, ...) can all be saved
    and loaded again (a saved game holds its seed as a number below 2**63)."""
    value = _whole_number(text)
    if not -SEED_LIMIT < value < SEED_LIMIT:
        raise ArgumentProblem(Problem.of(
            UsageCode.SEED, got=text, low=-SEED_LIMIT + 1, high=SEED_LIMIT - 1))
    return value


def _whole_number(text: str) -> int:
    digits = text.strip().removeprefix("-").removeprefix("+")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 40:
        raise ArgumentProblem(Problem.of(UsageCode.WHOLE_NUMBER, got=text))
    return int(text)


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """--players, --mode, --difficulty and --setup, as ``new_game`` takes them."""
    parser.add_argument("--players", type=whole_number, choices=PLAYERS, default=4,
                        metavar="N", help="number of players: 2, 3 or 4 (default 4)")
    parser.add_argument("--mode", choices=MODES, default="competitive", metavar="MODE",
                        help="competitive, team (4 players: seats 0+1 vs 2+3) or coop "
                             "(default competitive)")
    parser.add_argument("--difficulty", choices=DIFFICULTIES, default="normal", metavar="LEVEL",
                        help="coop difficulty: normal, hard or apocalypse (default normal)")
    parser.add_argument("--setup", choices=SETUPS, default="standard", metavar="SETUP",
                        help="standard or advanced (choose Machine Rooms, pass cards) "
                             "(default standard)")
    parser.add_argument("--rooms", type=room_choice, default=None, metavar="ROOMS",
                        help="each seat's Machine Rooms, seats separated by commas, e.g. "
                             "'R01 R05, R02 R07' (3 per seat in the advanced setup; "
                             "default: dealt at random)")
    parser.add_argument("--no-coop-supplies", action="store_true", dest="no_coop_supplies",
                        help="coop: the cooperative River tiles bring nothing, as printed in "
                             "the rulebook (default: the project's supplies at rounds 1, 5 "
                             "and 9; see docs/rules-decisions.md)")


def room_choice(text: str) -> tuple[tuple[str, ...], ...] | None:
    """An argparse type: seats separated by commas, each seat's room ids by spaces."""
    from precog.engine.errors import OptionError
    from precog.engine.setup import parse_rooms

    try:
        return parse_rooms(text)
    except OptionError as err:
        raise argparse.ArgumentTypeError(say(err.problem or str(err))) from None


def game_options(args: argparse.Namespace) -> dict[str, Any]:
    """The ``new_game`` keyword arguments chosen on the command line (seed excepted)."""
    out = {"players": args.players, "mode": args.mode, "difficulty": args.difficulty,
           "setup": args.setup}
    if getattr(args, "rooms", None) is not None:
        out["rooms"] = args.rooms
    if getattr(args, "no_coop_supplies", False):
        from precog.engine.state import RuleOptions

        out["options"] = RuleOptions(coop_supplies=False)
    if getattr(args, "components", None) is not None:  # precog --box FILE
        out["components"] = args.components
    return out


def print_json(data: Any) -> None:
    print(json.dumps(data, indent=2))
