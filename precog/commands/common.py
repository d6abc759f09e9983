"""What several commands share: game options, argument types, the usage error, JSON output."""

from __future__ import annotations

import argparse
import json
import math
import textwrap
from typing import Any

PLAYERS = (2, 3, 4)
MODES = ("competitive", "team", "coop")
SETUPS = ("standard", "advanced")
DIFFICULTIES = ("normal", "hard", "apocalypse")


class UsageError(ValueError):
    """Bad input to a command; the message names the input and what was expected."""


def add_command(subparsers: Any, name: str, summary: str, description: str,
                examples: str) -> argparse.ArgumentParser:
    """A command's parser: one-line ``summary`` for ``precog --help``, the description and the
    examples (kept as written) for ``precog NAME --help``."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        name, help=summary, description=textwrap.fill(description, 79), epilog=examples,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    return parser


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    value = _whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {value}")
    return value


def positive_seconds(text: str) -> float:
    """An argparse type: a finite number of seconds above 0 (not nan or inf)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r:.40}") \
            from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive finite number of seconds, "
                                         f"got {text!r:.40}")
    return value


def whole_number(text: str) -> int:
    """An argparse type: any whole number (seeds may be negative)."""
    return _whole_number(text)


def _whole_number(text: str) -> int:
    digits = text.strip().removeprefix("-").removeprefix("+")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 40:
        raise argparse.ArgumentTypeError(f"expected a whole number (ASCII digits, at most 40), "
                                         f"got {text!r:.40}")
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


def room_choice(text: str) -> tuple[tuple[str, ...], ...] | None:
    """An argparse type: seats separated by commas, each seat's room ids by spaces."""
    from precog.engine.errors import OptionError
    from precog.engine.setup import parse_rooms

    try:
        return parse_rooms(text)
    except OptionError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def game_options(args: argparse.Namespace) -> dict[str, Any]:
    """The ``new_game`` keyword arguments chosen on the command line (seed excepted)."""
    out = {"players": args.players, "mode": args.mode, "difficulty": args.difficulty,
           "setup": args.setup}
    if getattr(args, "rooms", None) is not None:
        out["rooms"] = args.rooms
    if getattr(args, "components", None) is not None:  # precog --box FILE
        out["components"] = args.components
    return out


def print_json(data: Any) -> None:
    print(json.dumps(data, indent=2))
