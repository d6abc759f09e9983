"""``precog random-position``: a position reached by seeded random-legal moves."""

from __future__ import annotations

import argparse
import random
from typing import Any

from precog.commands.common import (
    UsageCode,
    UsageError,
    add_command,
    add_game_options,
    game_options,
    print_json,
)
from precog.commands.common import seed_number as seed_type
from precog.engine import GameState, Phase, to_json, to_position
from precog.engine.playout import random_playout
from precog.engine.problems import Problem
from precog.engine.state import ROUNDS

NAME = "random-position"
EXAMPLES = """\
The position is taken at the start of round R's Decision phase, before anyone has chosen.
The seed sets both the setup shuffle and the random moves.

examples:
  precog random-position --players 4 --round 6 --seed 3
  precog random-position --players 2 --mode coop --difficulty hard --round 9 --seed 1 --json
  precog show "$(precog random-position --players 3 --round 5 --seed 7)"
"""


def round_number(text: str) -> int:
    """An argparse type: a round 1..12."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= ROUNDS:
        raise argparse.ArgumentTypeError(f"expected a round 1..{ROUNDS}, got {text!r}")
    return value


def register(subparsers: Any) -> None:
    parser = add_command(
        subparsers, NAME, "print a position reached by seeded random-legal moves",
        "Play seeded random-legal moves up to the start of round R's Decision "
        "phase and print that position as a position string (or JSON).",
        EXAMPLES)
    add_game_options(parser)
    parser.add_argument("--round", type=round_number, required=True, metavar="R",
                        help=f"the round to stop at, 1..{ROUNDS}")
    parser.add_argument("--seed", type=seed_type, default=0, metavar="S",
                        help="seed of the game and of the moves (default 0)")
    parser.add_argument("--json", action="store_true",
                        help="print the JSON position instead of the position string")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    state = random_position(args.round, args.seed, **game_options(args))
    if args.json:
        print_json(to_json(state))
    else:
        print(to_position(state))
    return 0


def random_position(round_: int, seed: int, **setup: Any) -> GameState:
    """The position at the start of round ``round_``'s Decision phase, or :class:`UsageError`
    when the game with that seed ends before (a cooperative loss)."""
    state = random_playout(random.Random(seed), stop_round=round_, seed=seed, **setup).final
    if state.round != round_ or state.phase is not Phase.DECISION:
        raise UsageError(Problem.of(UsageCode.SEED_ENDED, seed=seed, ended=state.round,
                                    round=round_))
    return state
