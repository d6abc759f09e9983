"""``precog show``: print a position as text (or JSON), optionally as one seat sees it."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from precog.commands.common import UsageCode, UsageError, about, add_command, print_json
from precog.commands.common import whole_number as seat_type
from precog.engine import (
    GameState,
    PositionError,
    observation,
    read_position,
    to_json,
)
from precog.engine.files import clip_path, read_regular_file
from precog.engine.problems import Problem
from precog.engine.serialize import MAX_POSITION_BYTES
from precog.session.describe import position_text

_EXPECTED = Problem.of(UsageCode.EXPECTED_INPUT)

NAME = "show"
MAX_PATH = 4096  # longer is no file name on any system we run on
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
    state = parse_position(source, text, getattr(args, "components", None))
    if args.seat is not None and not 0 <= args.seat < state.config.players:
        raise UsageError(Problem.of(UsageCode.SEAT, option="--for", seat=args.seat,
                                    top=state.config.players - 1, n=state.config.players))
    if args.json:
        print_json(to_json(state) if args.seat is None
                   else observation(state, args.seat).to_json())
    else:
        print(position_text(state, args.lang, hidden_for=args.seat))
    return 0


def read_input(arg: str) -> tuple[Problem | str, str | bytes]:
    """(a name for the input, its text) from a position string, a file path or ``-``."""
    if arg == "-":
        return Problem.of(UsageCode.STDIN), sys.stdin.read(2 * MAX_POSITION_BYTES + 1)
    if arg.strip().startswith(("pg1.", "{")):
        return "POSITION", arg
    if len(arg) > MAX_PATH or "\0" in arg or not arg.strip():
        raise UsageError(Problem.of(UsageCode.NOT_POSITION, got=_clip(arg), expected=_EXPECTED))
    try:
        return Problem.of(UsageCode.FILE, path=clip_path(arg)), read_regular_file(arg,
                                                                                  MAX_POSITION_BYTES,
                                                                PositionError)
    except PositionError as err:
        raise UsageError(Problem.of(UsageCode.POSITION_FILE, got=_clip(arg), reason=_bare(err),
                                    expected=_EXPECTED)) from None


def parse_position(source: Problem | str, text: str | bytes,
                   components: Any = None) -> GameState:
    """A position from a position string, a JSON position or a saved game (its last state);
    ``components``: the set it was made with (``precog --box FILE``; default the reference)."""
    try:
        return read_position(text, components).state
    except PositionError as err:
        raise UsageError(about(source, err)) from None


def _bare(err: PositionError) -> Problem | str:
    """A file error without the file's name (the message names the input already)."""
    if err.problem is not None and isinstance(err.problem.values.get("what"), Problem):
        return err.problem.values["what"]  # type: ignore[return-value]
    return str(err)


def _clip(text: str) -> str:
    return text if len(text) < 60 else text[:57] + "..."
