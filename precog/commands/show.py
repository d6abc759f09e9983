"""``precog show``: print a position as text (or JSON), optionally as one seat sees it."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from precog.commands.common import UsageError, add_command, print_json
from precog.commands.common import whole_number as seat_type
from precog.engine import (
    Game,
    GameState,
    PositionError,
    from_json,
    from_position,
    observation,
    to_json,
)
from precog.session.describe import position_text

NAME = "show"
EXPECTED = ("a position string 'pg1.<data>.<check>', a JSON position or saved game file, "
            "or '-' for standard input")
EXAMPLES = """\
POSITION is a position string (pg1.<data>.<check>), the path of a JSON position or saved
game (for a saved game, its current position is shown), or - to read either from stdin.

examples:
  precog show "$(precog random-position --round 3 --seed 2)"
  precog show saved-game.json --for 2
  precog random-position --players 3 --round 4 --seed 1 | precog show -
  precog show position.json --json
"""


def register(subparsers: Any) -> None:
    parser = add_command(
        subparsers, NAME, "print a position as text",
        "Print a position as readable text: round, phase, River, and each "
        "seat's Boat, Machines, hand, Decision Zone and Action Zone.",
        EXAMPLES)
    parser.add_argument("position", metavar="POSITION",
                        help="position string, JSON file (position or saved game) or -")
    parser.add_argument("--for", dest="seat", type=seat_type, default=None, metavar="SEAT",
                        help="show only what SEAT may see (other players' hands hidden)")
    parser.add_argument("--json", action="store_true",
                        help="print the JSON position (with --for: SEAT's observation)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    source, text = read_input(args.position)
    state = parse_position(source, text)
    if args.seat is not None and not 0 <= args.seat < state.config.players:
        raise UsageError(f"--for {args.seat}: expected a seat 0..{state.config.players - 1} "
                         f"of this {state.config.players}-player game")
    if args.json:
        print_json(to_json(state) if args.seat is None
                   else observation(state, args.seat).to_json())
    else:
        print(position_text(state, args.lang, hidden_for=args.seat))
    return 0


def read_input(arg: str) -> tuple[str, str]:
    """(a name for the input, its text) from a position string, a file path or ``-``."""
    if arg == "-":
        return "standard input", sys.stdin.read()
    if arg.strip().startswith("pg1.") or arg.strip().startswith("{"):
        return "POSITION", arg
    path = Path(arg)
    if not path.is_file():
        what = "no such file" if not path.exists() else "not a file"
        raise UsageError(f"POSITION {_clip(arg)!r}: {what}; expected {EXPECTED}")
    try:
        return f"file {arg}", path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise UsageError(f"file {arg}: cannot be read as text ({err}); "
                         f"expected {EXPECTED}") from None


def parse_position(source: str, text: str) -> GameState:
    """A position from a position string, a JSON position or a saved game (its last state)."""
    text = text.strip()
    if not text:
        raise UsageError(f"{source} is empty; expected {EXPECTED}")
    try:
        if not text.startswith("{"):
            return from_position(text)
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise PositionError(f"not valid JSON ({err})") from None
        if isinstance(data, dict) and data.get("format") == "precog-game":
            return Game.from_json(data).state
        return from_json(data)
    except PositionError as err:
        raise UsageError(f"{source}: {err}") from None


def _clip(text: str) -> str:
    return text if len(text) < 60 else text[:57] + "..."
