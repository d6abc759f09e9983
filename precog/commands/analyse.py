"""``precog analyse``: rank a player's Keep/Give choices (and show the look-ahead tree)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from precog.commands.common import (
    UsageCode,
    UsageError,
    about,
    add_command,
    positive_int,
    positive_seconds,
    print_json,
    seed_number,
)
from precog.commands.common import whole_number as int_type
from precog.engine.problems import Problem

NAME = "analyse"
MAX_ROLLOUTS = 100_000  # per choice, as precog.analysis.basics.checks.MAX_ROLLOUTS (a test checks)
EXAMPLES = """\
POSITION is a position string (pg1.<data>.<check>), a JSON position or saved game file, or -
for standard input. The position must be in a Decision phase where PLAYER has not chosen yet.
Each value is the Healthy Humans to expect at the end of the game after the choice (the
mode's score), everyone then playing like the sensible player, with a 95 % half-width: the
two-round look-ahead's fitted value (its error measured on held-out positions), a one-round
look-ahead's leaves each played out 32 times (--depth 1), or, with --rollouts, the mean final
score of rollouts to the end. Only what PLAYER may see is used.

examples:
  precog analyse "$(precog random-position --players 4 --round 6 --seed 1)" --player 0
  precog analyse position.json --player 2 --model worst --tree
  precog analyse game.json --rollouts 400 --seed 3 --json
  precog analyse position.json --box my_box.toml --fit my_fit.toml
"""


def register(subparsers: Any) -> None:
    parser = add_command(
        subparsers, NAME, "rank a player's Keep/Give choices with the look-ahead",
        "Rank every (Keep, Give) choice of a player: value, loss against the best, "
        "confidence interval (with rollouts), the principal line, the chance each "
        "passed card comes back and what the Give is worth to the left neighbour.",
        EXAMPLES)
    parser.add_argument("position", metavar="POSITION",
                        help="position string, JSON file (position or saved game) or -")
    parser.add_argument("--player", type=int_type, default=None, metavar="P",
                        help="seat to analyse (default: the seat to move)")
    parser.add_argument("--model", choices=("uniform", "worst", "bot"), default="uniform",
                        help="opponent model: uniform (the Give a sensible neighbour would "
                        "make, as the rollouts play it), worst or bot (default uniform)")
    parser.add_argument("--rollouts", type=int_type, default=0, metavar="N",
                        help="rollouts per choice to the end of the game, at most "
                             f"{MAX_ROLLOUTS:,} (default 0: the look-ahead tree's values)")
    parser.add_argument("--depth", type=positive_int, default=None, choices=(1, 2),
                        metavar="D", help="rounds of look-ahead: 1 or 2 (default 2, or 1 "
                                          "with --rollouts)")
    parser.add_argument("--seed", type=seed_number, default=0, metavar="S",
                        help="seed of the sampled worlds (default 0)")
    parser.add_argument("--budget", type=positive_seconds, default=None, metavar="SECONDS",
                        help="stop the analysis after this many seconds")
    parser.add_argument("--box", default=argparse.SUPPRESS, metavar="FILE",
                        help="your box file (as precog --box FILE): the position's cards")
    parser.add_argument("--fit", default=argparse.SUPPRESS, metavar="FILE",
                        help="your evaluation fit made on that box (as precog --fit FILE)")
    parser.add_argument("--tree", action="store_true", help="also print the look-ahead tree")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from precog.analysis.choices.ranking import rank_options
    from precog.analysis.playing.world import AnalysisError
    from precog.commands.show import parse_position, read_input
    from precog.session.reports import ranking_text, tree_text

    source, text = read_input(args.position)
    state = parse_position(source, text, getattr(args, "components", None))
    n = state.config.players
    player = state.to_move if args.player is None else args.player
    if not 0 <= player < n:
        raise UsageError(Problem.of(UsageCode.SEAT, option="--player", seat=player, top=n - 1, n=n))
    if not 0 <= args.rollouts <= MAX_ROLLOUTS:
        raise UsageError(Problem.of(UsageCode.RANGE, option="--rollouts", got=args.rollouts,
                                    top=MAX_ROLLOUTS))
    if args.budget is not None and args.budget <= 0:
        raise UsageError(Problem.of(UsageCode.BUDGET, got=args.budget))
    try:
        ranking = rank_options(state, player, model=args.model, rollouts=args.rollouts,
                               seed=args.seed, budget_s=args.budget, depth_rounds=args.depth)
    except AnalysisError as err:
        raise UsageError(about(source, err)) from None
    if args.json:
        out = ranking.to_dict()
        if args.tree and ranking.tree is not None:
            out["tree"] = ranking.tree.to_dict(max_depth=6)
        print_json(out)
        return 0
    print(ranking_text(ranking, args.lang))
    if args.tree and ranking.tree is not None:
        print()
        print(tree_text(ranking.tree, args.lang, player))
    sys.stdout.flush()
    return 0
