"""Balance targets measured from a ledger of seeded games: Machines, starting Food, Bane.

For each configuration (``MODE:PLAYERS:BOTS``, as in balance_report.py) it plays ``--games``
seeded games (game ``i`` is ``precog tournament``'s game ``i`` of the same seed and line-up),
records every seat's flows with :class:`precog.analysis.balance.ledger.Ledger` and prints, per bot,
with 95 % intervals (per game the mean over the bot's seats):

* Machines: Batteries placed, Machine triggers, resources taken from Machines, resources per
  Battery, and the net payback (resources less the card income the Batteries cost);
* Food: the hold at each Island, Humans lost for want of Food, the Food taken per season, how
  many Islands the starting Food alone would have fed of the seat's Healthy Humans;
* Bane: the Action Zone's Bane, Protectors returned and Humans lost to Bane per season.

Before the games it prints what the rules and the data say alone: the card income a Battery
costs per season, and the Islands the starting Food feeds the 4 starting Humans over every
River layout. Variant bots ``lookahead-nomachines`` and ``lookahead-nobane``
(:mod:`precog.analysis.balance.variants`) may join a line-up; with two bots the paired margin of
final Healthy Humans is printed.

    nice -n 10 .venv/bin/python scripts/balance_ledger.py --config competitive:2:lookahead \\
        --games 40 --seed 1200
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import asdict

from precog.analysis.balance.ledger import SEASONS, SeatLedger
from precog.analysis.balance.ledger_games import (
    LedgerGame,
    battery_price,
    islands_fed_by_start,
    machine_net,
    mean_text,
    per_game,
    per_game_ratio,
    run_ledger,
    share_text,
    start_alone_lasts,
)
from precog.analysis.basics.intervals import mean_ci
from precog.analysis.parallel.jobs import Progress
from precog.commands.errors import UsageCode, UsageError
from precog.commands.progress import overall_bar
from precog.commands.tool_parser import ToolParser, positive_int, seed_number
from precog.engine import reference_components
from precog.engine.problems import Problem

MODES = ("competitive", "team")


def parse_config(text: str) -> tuple[str, int, list[str]]:
    parts = text.split(":")
    if len(parts) != 3 or parts[0] not in MODES or not parts[1].isdigit():
        raise UsageError(Problem.of(UsageCode.CONFIG, extra="", modes=MODES,
                                    example="competitive:2:lookahead,random", got=text))
    return parts[0], int(parts[1]), [b for b in parts[2].split(",") if b]


def rules_lines(price: Sequence[float]) -> list[str]:
    comps = reference_components()
    fed = islands_fed_by_start(comps)
    shares = ", ".join(f"{k} Island{'s' if k != 1 else ''}: {v:.0%}" for k, v in fed.items())
    return [f"Card income a Battery costs, seasons 1-3: "
            f"{', '.join(f'{p:.2f}' for p in price)} resources",
            "Starting Food, 4 Healthy Humans eating, no Food gained: "
            f"without the River {islands_fed_by_start(comps, river=False)}, "
            f"with the River's Food losses over every layout: {shares}"]


def bot_rows(label: str, games: Sequence[LedgerGame], bot: str,
             price: Sequence[float]) -> list[str]:
    def f(figure: object, digits: int = 2) -> str:
        return mean_text(per_game(games, bot, figure), digits)  # type: ignore[arg-type]

    def seasons(name: str) -> str:
        return " / ".join(f(lambda s, _h, k=k: getattr(s, name)[k], 2) for k in range(SEASONS))

    seats = [(s, h) for g in games for b, s, h in zip(g.lineup, g.seats, g.healthy, strict=True)
             if b == bot]
    placed = sum(sum(s.batteries_placed) for s, _ in seats)
    made = sum(s.machine_resources() for s, _ in seats)
    lasts = [start_alone_lasts(s, h) for s, h in seats]
    starved = sum(1 for s, _ in seats if sum(s.starved))
    return [
        f"#### {label}: {bot} ({len(per_game(games, bot, lambda s, h: h))} games, "
        f"{len(seats)} seats)",
        f"- final Healthy Humans: {f(lambda s, h: h)}",
        f"- Machines: Batteries placed {f(lambda s, h: sum(s.batteries_placed))} "
        f"(seasons 1/2/3: {seasons('batteries_placed')}); triggers "
        f"{f(lambda s, h: sum(s.machine_triggers))}; resources taken from Machines "
        f"{f(lambda s, h: s.machine_resources())} "
        f"({', '.join(f'{k} {v}' for k, v in _taken_kinds(seats))}); "
        f"resources per Battery placed {_per_battery(games, bot)} "
        f"({made / placed if placed else float('nan'):.2f} pooled); net of the Batteries' "
        f"card income "
        f"{f(machine_net(price))}",
        f"- Food: hold at Islands 1/2/3 {seasons('food_at_island')}; fed "
        f"{seasons('fed')}; lost for want of Food {seasons('starved')} "
        f"(seats that lost any: {share_text(starved, len(seats))}); Food taken per season "
        f"{seasons('food_taken')}; Islands the starting Food alone would have fed of the "
        f"seat's Healthy Humans: "
        + ", ".join(f"{k}: {share_text(lasts.count(k), len(lasts))}" for k in range(SEASONS + 1)
                    if lasts.count(k)),
        f"- Bane: added by the Action Zone per season {seasons('bane_added')}; Protectors "
        f"returned {seasons('protectors_on_bane')}; Humans lost to Bane "
        f"{seasons('lost_to_bane')} (game {f(lambda s, h: sum(s.lost_to_bane))})",
    ]


def _per_battery(games: Sequence[LedgerGame], bot: str) -> str:
    ratios = per_game_ratio(games, bot, lambda s, _h: s.machine_resources(),
                            lambda s, _h: sum(s.batteries_placed))
    return f"{mean_text(ratios)} ({len(ratios)} games)" if ratios else "none placed"


def _taken_kinds(seats: Sequence[tuple[SeatLedger, int]]) -> list[tuple[str, int]]:
    totals: dict[str, int] = {}
    for s, _ in seats:
        for g in s.machine_taken:
            for k, n in g.items():
                totals[k] = totals.get(k, 0) + n
    return sorted(totals.items())


def margin_line(games: Sequence[LedgerGame], a: str, b: str) -> str:
    diffs = []
    for g in games:
        ha = [h for x, h in zip(g.lineup, g.healthy, strict=True) if x == a]
        hb = [h for x, h in zip(g.lineup, g.healthy, strict=True) if x == b]
        if ha and hb:
            diffs.append(sum(ha) / len(ha) - sum(hb) / len(hb))
    mean, half = mean_ci(diffs)
    sig = "significant" if abs(mean) > half else "not significant"
    return f"- paired margin {a} − {b}: {mean:+.2f} ± {half:.2f} Healthy Humans ({len(diffs)} " \
           f"games, {sig} at 95 %)"


def main(argv: Sequence[str] | None = None) -> int:
    parser = ToolParser(description=__doc__.split("\n")[0])
    parser.add_argument("--config", action="append", default=[], metavar="MODE:PLAYERS:BOTS")
    parser.add_argument("--games", type=positive_int, default=20)
    parser.add_argument("--seed", type=seed_number, default=0)
    parser.add_argument("--workers", type=positive_int, default=1)
    parser.add_argument("--json", metavar="FILE", help="also write every game's ledger")
    args = parser.parse_args(argv)
    if not args.config:
        parser.refuse(Problem.of(UsageCode.ONE_OF_OPTIONS, options=("--config",)))
    for label in args.config:
        try:
            parse_config(label)
        except UsageError as err:
            parser.refuse(err, "--config")
    price = battery_price(reference_components())
    print("\n".join(rules_lines(price)), flush=True)
    dump = []
    with overall_bar(args.games * len(args.config), "games") as part:  # on a terminal only
        for k, label in enumerate(args.config):
            dump.append(_one_config(args, k, label, price, part(args.games)))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(dump, handle, indent=1)
    return 0


def _one_config(args: argparse.Namespace, k: int, label: str, price: Sequence[float],
                progress: Progress) -> dict[str, object]:
    """Play one configuration's games, print its rows; its games for the JSON dump."""
    mode, players, bots = parse_config(label)
    games = run_ledger(bots, args.games, args.seed + k, players, mode, args.workers,
                       progress)
    print(f"\n### {label}, {args.games} games, seed {args.seed + k}")
    for bot in sorted(set(bots)):
        print("\n".join(bot_rows(label, games, bot, price)))
    names = sorted(set(bots))
    if len(names) == 2:
        print(margin_line(games, names[0], names[1]))
    print(flush=True)
    return {"label": label, "seed": args.seed + k, "games": [asdict(g) for g in games]}


if __name__ == "__main__":
    raise SystemExit(main())
