"""``precog tournament``: seeded games between bots, with win rates and confidence intervals."""

from __future__ import annotations

import argparse
from typing import Any

from precog.commands.common import (
    UsageCode,
    UsageError,
    add_command,
    add_game_options,
    add_job_options,
    game_options,
    positive_int,
    print_json,
)
from precog.commands.common import seed_number as seed_type
from precog.engine.problems import Problem

NAME = "tournament"
MAX_GAMES = 1_000_000
EXAMPLES = """\
BOTS is a comma-separated line-up, one bot per seat (repeated to fill the table): random,
greedy, policy (the rollouts' sensible player), lookahead, lookahead2 (two rounds), rollout,
rollout1s (rollouts for 1 s per Keep/Give), and with OpenSpiel installed ismcts,
ismcts-eval and mcts-eval (OpenSpiel's search bots). The line-up turns by one seat each game
(two in the team mode). Game i is fixed by the seed and i, so any number of workers gives the
same figures (not with rollout1s: its rollouts stop on the clock). Intervals are 95 %
(normal approximation over games).

examples:
  precog tournament --bots lookahead,greedy --players 2 --games 40 --seed 1
  precog tournament --bots lookahead,random,greedy,greedy --players 4 --games 20
  precog tournament --bots lookahead,lookahead,greedy,greedy --mode team --games 20 --json
"""


def register(subparsers: Any) -> None:
    parser = add_command(
        subparsers, NAME, "play seeded games between bots and compare them",
        "Play G seeded games between bots on every core and print each bot's win "
        "rate and mean final Healthy Humans with 95 % confidence intervals, and the "
        "paired margin between each two bots.",
        EXAMPLES)
    add_game_options(parser)
    parser.add_argument("--bots", default="lookahead,greedy", metavar="BOTS",
                        help="line-up, e.g. lookahead,greedy (default)")
    parser.add_argument("--games", type=positive_int, default=20, metavar="G",
                        help="number of games (default 20)")
    parser.add_argument("--seed", type=seed_type, default=0, metavar="S",
                        help="tournament seed (default 0)")
    add_job_options(parser, "processes (default: every core; 1 plays serially)",
                    "play on the Dask cluster at ADDRESS, e.g. tcp://10.0.0.5:8786 "
                    "(default: $PRECOG_SCHEDULER if set; needs precog-explorer[cluster])")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from precog.analysis.arena.bots import bot_names, is_work_budget
    from precog.analysis.arena.tournament import run_tournament
    from precog.session.reports import tournament_text

    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    known = set(bot_names())
    bad = [b for b in names if b not in known and not is_work_budget(b)]
    if not names or bad:
        raise UsageError(Problem.of(UsageCode.BOTS, got=args.bots, known=tuple(sorted(known))))
    if args.games > MAX_GAMES:
        raise UsageError(Problem.of(UsageCode.GAMES, got=args.games, top=MAX_GAMES))
    if len(names) > args.players:
        raise UsageError(Problem.of(UsageCode.BOTS_SEATS, n=len(names), players=args.players))
    options = game_options(args)
    if options.pop("components", None) is not None:
        raise UsageError(Problem.of(UsageCode.REFERENCE_ONLY))
    from precog.analysis.parallel.jobs import on_dashboard
    from precog.commands.progress import announce_dashboard, progress_bar

    on_dashboard(announce_dashboard)
    with progress_bar(args.games, "games") as progress:
        result = run_tournament(names, args.games, seed=args.seed, workers=args.workers,
                                scheduler=args.scheduler, progress=progress, **options)
    if args.json:
        print_json(result.to_dict())
    else:
        print(tournament_text(result, args.lang))
    return 0
