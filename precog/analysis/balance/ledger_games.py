"""Seeded games with a :class:`~precog.analysis.balance.ledger.Ledger`, and the balance targets'
figures.

Game ``i`` is the tournament's game ``i`` (:mod:`precog.analysis.arena.tournament`): the same setup
seed, seats' order and bot seeds, so a ledger run of ``lookahead`` games is the same games as
``precog tournament`` with that seed. Figures are per game the mean over a bot's seats, then a
mean over games with its 95 % half-width (or a Wilson interval for a share).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from precog.analysis.arena.tournament import game_seed, lineup
from precog.analysis.balance.ledger import SEASONS, Ledger, SeatLedger, starting_food_lasts
from precog.analysis.balance.variants import make_player
from precog.analysis.basics.intervals import mean_ci, wilson
from precog.analysis.parallel.jobs import Progress, run_jobs
from precog.analysis.playing.players import as_policy
from precog.engine import new_game
from precog.engine.components import CardType, Components
from precog.engine.playout import play_on
from precog.engine.state import PlayerState


@dataclass(frozen=True)
class LedgerGame:
    index: int
    seed: int
    lineup: tuple[str, ...]
    healthy: tuple[int, ...]  # final Healthy Humans per seat
    river: tuple[str, ...]
    seats: tuple[SeatLedger, ...]


def play_ledger_game(args: tuple[int, int, tuple[str, ...], dict[str, Any]]) -> LedgerGame:
    """Play game ``index`` of a seeded run with a ledger (a pure function of its arguments)."""
    index, seed, seats, setup = args
    gseed = game_seed(seed, index)
    players = [make_player(spec, gseed * 8 + seat) for seat, spec in enumerate(seats)]
    state = new_game(players=len(seats), seed=gseed, **setup)
    ledger = Ledger(len(seats))
    final = play_on(state, as_policy(players), on_move=ledger, limit=1 << 30)
    return LedgerGame(index, gseed, seats, tuple(p.healthy for p in final.players), state.river,
                      tuple(ledger.seats))


def run_ledger(bots: Sequence[str], games: int, seed: int, players: int, mode: str = "competitive",
               workers: int | None = 1, progress: Progress | None = None) -> list[LedgerGame]:
    jobs = [(i, seed, lineup(bots, players, i, mode), {"mode": mode}) for i in range(games)]
    return run_jobs(play_ledger_game, jobs, workers, progress=progress)


# -- figures -----------------------------------------------------------------------------

SeatFigure = Callable[[SeatLedger, int], float]  # (a seat's ledger, its final Healthy) -> x


def per_game(games: Sequence[LedgerGame], bot: str, figure: SeatFigure) -> list[float]:
    """Per game, the mean of ``figure`` over the seats ``bot`` played."""
    out = []
    for g in games:
        values = [figure(s, h) for b, s, h in zip(g.lineup, g.seats, g.healthy, strict=True)
                  if b == bot]
        if values:
            out.append(sum(values) / len(values))
    return out


def per_game_ratio(games: Sequence[LedgerGame], bot: str, top: SeatFigure,
                   bottom: SeatFigure) -> list[float]:
    """Per game, ``top`` summed over ``bot``'s seats over ``bottom`` summed over them (games
    where the bottom is 0 are left out)."""
    out = []
    for g in games:
        seats = [(s, h) for b, s, h in zip(g.lineup, g.seats, g.healthy, strict=True) if b == bot]
        low = sum(bottom(s, h) for s, h in seats)
        if seats and low:
            out.append(sum(top(s, h) for s, h in seats) / low)
    return out


def mean_text(values: Sequence[float], digits: int = 2) -> str:
    mean, half = mean_ci(values)
    return f"{mean:.{digits}f} ± {half:.{digits}f}"


def share_text(hits: int, n: int) -> str:
    low, high = wilson(hits / n, n) if n else (float("nan"), float("nan"))
    return f"{hits}/{n}, {hits / n:.0%} [{low:.0%}, {high:.0%}]" if n else "0/0"


def battery_price(components: Components) -> list[float]:
    """Per season, the card income a Battery costs: what a card of another type gives (its
    resources and bonus) less the bonus of a Battery card, per Battery a Battery card gives.
    Cards with an X gain are left out."""
    prices = []
    for season in range(1, SEASONS + 1):
        cards = [c for c in components.cards.values() if c.season == season and c.gain is not None]
        batt = [c for c in cards if c.type is CardType.BATTERY]
        other = [c for c in cards if c.type is not CardType.BATTERY]
        other_income = sum((c.gain or 0) + c.bonus.total() for c in other) / len(other)
        batt_bonus = sum(c.bonus.total() for c in batt) / len(batt)
        batteries = sum(c.gain or 0 for c in batt) / len(batt)
        prices.append((other_income - batt_bonus) / batteries)
    return prices


def machine_net(price: Sequence[float]) -> SeatFigure:
    """Resources taken from Machines less the card income the Batteries placed cost."""
    return lambda s, _h: s.machine_resources() - sum(
        p * n for p, n in zip(price, s.batteries_placed, strict=True))


def islands_fed_by_start(components: Components, food: int | None = None,
                         eaters: int | None = None, river: bool = True) -> dict[int, float]:
    """Islands the starting Food feeds the starting Humans when no Food is gained, over every
    River a game can lay out (3 of each season's 4 tiles, equally likely), Food-taking tiles
    applied and never ignored (``river=False``: no River tile takes Food): {Islands fed in
    full: share of Rivers}."""
    start = PlayerState()
    food = start.food if food is None else food
    eaters = start.healthy if eaters is None else eaters
    by_season = [[t for t in components.river if t.season == s] for s in range(1, SEASONS + 1)]
    layouts = list(itertools.product(*(itertools.combinations(ts, 3) for ts in by_season)))
    counts: dict[int, int] = {}
    for layout in layouts:
        hold, fed = food, SEASONS
        for k, tiles in enumerate(layout):
            hold = max(0, hold - sum(t.losses.food for t in tiles if river))
            if hold < eaters:
                fed = k
                break
            hold -= eaters
        counts[fed] = counts.get(fed, 0) + 1
    return {k: n / len(layouts) for k, n in sorted(counts.items())}


def start_alone_lasts(s: SeatLedger, _h: int) -> float:
    """Islands the starting 8 Food would have fed of this seat's actual eaters."""
    eaters = [f + st for f, st in zip(s.fed, s.starved, strict=True)]
    return starting_food_lasts(PlayerState().food, eaters)
