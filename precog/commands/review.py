"""``precog review``: each decision of one seat in a saved game, against the best choice."""

from __future__ import annotations

import argparse
from typing import Any

from precog.commands.common import (
    UsageCode,
    UsageError,
    about,
    add_command,
    add_job_options,
    positive_seconds,
    print_json,
    seed_number,
)
from precog.commands.common import whole_number as int_type
from precog.engine.problems import Problem

NAME = "review"
MAX_GAMES = 10_000
EXAMPLES = """\
GAME is a saved game file (JSON with format "precog-game": Play's "Save game" writes one) or -
for standard input. For every decision of the seat, round by round (its Keep/Give, then the
Action phase, Protectors, losses and the River), the review shows the value of what was
played and of the best choice (the Healthy Humans the seat should expect at the end of the
game: for a Keep/Give the number the explorer's table shows, for the others the sensible
player's playouts after each option) and the loss between them, marked dubious (?!, at least
0.5), mistake (?, at least 1.2) or blunder (??, at least 2.5 Healthy Humans) when the loss
also exceeds its 95 % interval; then the seat's chance to win after each Keep/Give. Only
what the seat could see at each decision is used. Several games are reviewed as independent
jobs, on every core or on a Dask cluster (--scheduler), with the same results.

examples:
  precog review game.json --seat 1
  precog review game.json --seat 0 --budget 1 --json
  precog review game.json --keep-give-only
  precog review a.json b.json c.json --seat 0 --json --scheduler tcp://10.0.0.5:8786
"""


def register(subparsers: Any) -> None:
    parser = add_command(
        subparsers, NAME, "review a saved game: each decision against the best choice",
        "Review every decision of one seat in a saved game: the value of what was "
        "played, the best choice and its value, the loss, and a mark; then a summary.",
        EXAMPLES)
    parser.add_argument("games", metavar="GAME", nargs="+",
                        help="saved game file(s) (format precog-game) or - for standard input")
    parser.add_argument("--seat", type=int_type, default=0, metavar="N",
                        help="seat to review (default 0)")
    parser.add_argument("--budget", type=positive_seconds, default=2.0, metavar="SECONDS",
                        help="analysis time per decision (default 2)")
    parser.add_argument("--fixed", action="store_true",
                        help="no clock: every decision gets the explorer's fixed rollouts, so "
                             "the review is the same on every machine and on a cluster "
                             "(--budget is then ignored)")
    parser.add_argument("--seed", type=seed_number, default=0, metavar="S",
                        help="seed of the sampled worlds (default 0, as the explorer's)")
    parser.add_argument("--keep-give-only", action="store_true",
                        help="review the Keep/Give decisions only (quicker)")
    add_job_options(parser, "processes for several games (default: every core)",
                    "review on the Dask cluster at ADDRESS (default: $PRECOG_SCHEDULER if "
                    "set; needs precog-explorer[cluster])")
    parser.add_argument("--json", action="store_true", help="print JSON (a list for several "
                                                             "games)")
    parser.set_defaults(handler=run)


def load_game(arg: str, components: Any = None) -> Any:
    """A saved game from a file name or ``-`` (played on ``components``, default the reference
    set), checked; a UsageError names the input."""
    from precog.commands.show import read_input
    from precog.engine import PrecogError, read_position

    source, text = read_input(arg)
    try:
        loaded = read_position(text, components)
    except PrecogError as err:
        raise UsageError(about(source, err)) from None
    if loaded.game is None:
        raise UsageError(Problem.of(UsageCode.NOT_A_GAME, source=source))
    return loaded.game


def run(args: argparse.Namespace) -> int:
    from precog.analysis.basics.errors import AnalysisError
    from precog.analysis.game_review.review import MAX_BUDGET_S, review_game, review_many
    from precog.analysis.parallel.jobs import scheduler_address
    from precog.session.reports import review_text

    if len(args.games) > MAX_GAMES:
        raise UsageError(Problem.of(UsageCode.GAME_FILES, n=len(args.games), top=MAX_GAMES))
    if args.budget > MAX_BUDGET_S:
        raise UsageError(Problem.of(UsageCode.BUDGET_AT_MOST, got=args.budget, top=MAX_BUDGET_S))
    budget = None if args.fixed else args.budget  # None: the fixed rollouts, no clock
    box = getattr(args, "components", None)  # precog --box FILE review ...
    games = [load_game(g, box) for g in args.games]
    for name, game in zip(args.games, games, strict=True):
        n = game.start.config.players
        if not 0 <= args.seat < n:
            raise UsageError(Problem.of(UsageCode.SEAT_IN, seat=args.seat, top=n - 1, n=n,
                                        name=name))
    try:
        scheduler_address(args.scheduler)
        if len(games) > 1 or args.scheduler:
            from precog.analysis.parallel.jobs import on_dashboard
            from precog.commands.progress import announce_dashboard, progress_bar

            on_dashboard(announce_dashboard)
            with progress_bar(len(games), "games") as progress:
                reviews = review_many([g.to_json() for g in games], args.seat, budget,
                                      args.seed, args.workers, args.scheduler,
                                      actions=not args.keep_give_only,
                                      components=box, progress=progress)
            if args.json:
                print_json(reviews)
                return 0
            from precog.analysis.game_review.review import review_from_dict
            print("\n\n".join(review_text(review_from_dict(r), args.lang) for r in reviews))
            print(_provenance(games[0], args.lang))
            return 0
        from precog.commands.progress import count_bar

        with count_bar("decisions") as step:
            review = review_game(games[0], args.seat, budget, args.seed,
                                 actions=not args.keep_give_only,
                                 on_decision=lambda _d, done, total: step(done, total))
    except AnalysisError as err:
        raise UsageError(err.problem or str(err), input=err.input) from None
    if args.json:
        print_json(review.to_dict())
    else:
        print(review_text(review, args.lang))
        print(_provenance(games[0], args.lang))
    return 0


def _provenance(game: Any, lang: str) -> str:
    """Which component set and which evaluation fit the review rests on."""
    from precog.analysis.fitted.provenance import component_note
    from precog.session.provenance import provenance_text

    start = game.start
    return provenance_text(component_note(start.components, start.config.mode), lang, "cli")
