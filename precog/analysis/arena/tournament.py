"""Seeded games between bots, on every core, with results identical to a serial run.

Game ``i`` is a pure function of ``(seed, i)``: its setup seed, the seats' order (the line-up
turns by one seat per game, by two in the team mode so that teams swap sides) and every bot's
seed. Games are spread over a process pool, or a Dask cluster given its scheduler address (see
:mod:`precog.analysis.parallel.jobs`), and collected in game order, so the figures do not depend on
the number of workers or where they ran.

>>> result = run_tournament(["random", "random"], games=2, seed=1, workers=1)
>>> [s.bot for s in result.standings]
['random']
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from precog.analysis.arena.bots import make_bot, play_game
from precog.analysis.basics.display import forest_html
from precog.analysis.basics.errors import AnalysisCode
from precog.analysis.basics.intervals import mean_ci, wilson
from precog.analysis.basics.supply import BOX, Peaks, Supply, supply_figures
from precog.analysis.parallel.jobs import run_jobs
from precog.analysis.playing.world import AnalysisError
from precog.engine import new_game
from precog.engine.problems import Problem
from precog.engine.state import RuleOptions


@dataclass(frozen=True)
class GameRecord:
    index: int
    seed: int
    lineup: tuple[str, ...]
    winners: tuple[int, ...]
    healthy: tuple[int, ...]
    scores: tuple[int, ...]
    seconds: float
    rounds: int = 12
    reason: str = ""
    peaks: tuple[int, int, int] = (0, 0, 0)  # most Humans, Ymunes, Batteries on all Boats


@dataclass
class Standing:
    """One bot's figures: per game, the mean over the seats it played."""

    bot: str
    games: int
    win_rate: float
    win_ci95: float  # half-width of the Wilson score interval
    healthy: float
    healthy_ci95: float
    win_low: float = 0.0
    win_high: float = 0.0


@dataclass
class Margin:
    """Bot ``a`` minus bot ``b`` in games where both played (paired by game)."""

    a: str
    b: str
    games: int
    healthy_diff: float
    healthy_diff_ci95: float
    win_diff: float
    win_diff_ci95: float

    @property
    def significant(self) -> bool:
        return abs(self.healthy_diff) > self.healthy_diff_ci95 and self.games > 1


@dataclass
class TournamentResult:
    config: dict[str, Any]
    records: list[GameRecord] = field(default_factory=list)
    standings: list[Standing] = field(default_factory=list)
    margins: list[Margin] = field(default_factory=list)
    elapsed_s: float = 0.0

    def title(self) -> str:
        c = self.config
        return (f"{c.get('games')} games, {c.get('players')} players, {c.get('mode')}, "
                f"seed {c.get('seed')}")

    def __repr__(self) -> str:
        best = max(self.standings, key=lambda s: s.win_rate, default=None)
        top = "" if best is None else (
            f"; best {best.bot} {best.win_rate:.1%} [{best.win_low:.1%}, {best.win_high:.1%}]")
        return f"<TournamentResult {self.title()}{top}>"

    def _repr_html_(self) -> str:
        """Forest plots: each bot's win rate and the paired margins, with 95 % intervals."""
        wins = [(s.bot, s.win_rate, s.win_low, s.win_high) for s in self.standings]
        margins = [(f"{m.a} − {m.b}", m.healthy_diff, m.healthy_diff - m.healthy_diff_ci95,
                    m.healthy_diff + m.healthy_diff_ci95) for m in self.margins]
        return (forest_html(f"{self.title()}: win rate", wins, 0.0, 1.0, percent=True)
                + (forest_html("paired margin, final Healthy Humans", margins)
                   if margins else ""))

    def supply(self) -> list[Any]:
        """Per resource: the share of games within the box's supply at every moment."""
        return supply_figures([Supply(*r.peaks) for r in self.records], BOX)

    def to_dict(self) -> dict[str, Any]:
        return {"config": self.config, "elapsed_s": round(self.elapsed_s, 2),
                "standings": [asdict(s) for s in self.standings],
                "supply": [asdict(f) for f in self.supply()],
                "margins": [asdict(m) | {"significant": m.significant} for m in self.margins],
                "games": [asdict(r) for r in self.records]}

    def table(self) -> str:
        c = self.config
        lines = [f"{c['games']} games, {c['players']} players, {c['mode']}"
                 f"{' (' + c['difficulty'] + ')' if c['mode'] == 'coop' else ''}, "
                 f"{c['setup']} setup, seed {c['seed']} ({self.elapsed_s:.1f} s)",
                 f"{'bot':<12} {'games':>5} {'win rate (95% CI)':>24} {'final Healthy':>16}"]
        for s in self.standings:
            lines.append(f"{s.bot:<12} {s.games:>5} {s.win_rate:>7.1%} "
                         f"[{s.win_low:>5.1%}, {s.win_high:>5.1%}] "
                         f"{s.healthy:>8.2f} ±{s.healthy_ci95:>5.2f}")
        for m in self.margins:
            sig = "significant" if m.significant else "not significant"
            lines.append(f"{m.a} - {m.b}: {m.healthy_diff:+.2f} ±{m.healthy_diff_ci95:.2f} "
                         f"Healthy, {m.win_diff:+.1%} ±{m.win_diff_ci95:.1%} wins "
                         f"({m.games} games, {sig} at 95 %)")
        for f in self.supply():
            lines.append(f"{f.resource} within {f.cap} at every moment: {f.within}/{f.games} "
                         f"= {f.share:.1%} [{f.low:.1%}, {f.high:.1%}], most {f.peak_max}, "
                         f"mean peak {f.peak_mean:.1f}")
        return "\n".join(lines)


def lineup(bots: Sequence[str], players: int, index: int, mode: str) -> tuple[str, ...]:
    """The seats' bots in game ``index`` (the given line-up, turned)."""
    base = [bots[i % len(bots)] for i in range(players)]
    step = 2 if mode == "team" else 1
    turn = (index * step) % players
    return tuple(base[turn:] + base[:turn])


def game_seed(seed: int, index: int) -> int:
    return seed * 1_000_003 + index


def play_one(args: tuple[int, int, tuple[str, ...], dict[str, Any]],
             wrap: Callable[[Any], Any] | None = None) -> GameRecord:
    """Play game ``index`` (a pure function of its arguments); ``wrap``, if given, is applied
    to every seat's bot before the game (a benchmark's meter around it)."""
    index, seed, seats, setup = args
    start = time.perf_counter()
    gseed = game_seed(seed, index)
    bots = [make_bot(spec, gseed * 8 + seat) for seat, spec in enumerate(seats)]
    if wrap is not None:
        bots = [wrap(bot) for bot in bots]
    peaks = Peaks()
    final = play_game(bots, seed=gseed, players=len(seats), observe=peaks, **setup)
    assert final.outcome is not None
    return GameRecord(index=index, seed=gseed, lineup=seats, winners=final.outcome.winners,
                      healthy=tuple(p.healthy for p in final.players),
                      scores=final.outcome.scores, seconds=time.perf_counter() - start,
                      rounds=final.round, reason=final.outcome.reason,
                      peaks=(peaks.value.humans, peaks.value.ymunes, peaks.value.batteries))


def run_tournament(bots: Sequence[str], games: int, seed: int = 0, players: int | None = None,
                   mode: str = "competitive", setup: str = "standard",
                   difficulty: str = "normal", workers: int | None = None,
                   progress: Callable[[float, str], None] | None = None,
                   scheduler: str | None = None,
                   rooms: Sequence[Sequence[str]] | None = None,
                   options: RuleOptions | None = None) -> TournamentResult:
    """Play ``games`` seeded games; ``workers`` processes (default: every core; 1: serial), or
    on the Dask cluster at ``scheduler`` (default: ``$PRECOG_SCHEDULER`` if set). ``rooms``:
    each seat's Machine Rooms in every game (default: dealt at random). ``options``: the rule
    options of every game (default: the defaults)."""
    players = players or len(bots)
    if not bots:
        raise AnalysisError(Problem.of(AnalysisCode.NO_BOTS), input=bots)
    for spec in set(bots):
        make_bot(spec, 0)  # refuses an unknown name before any game starts
    config = {"bots": list(bots), "games": games, "seed": seed, "players": players,
              "mode": mode, "setup": setup, "difficulty": difficulty}
    extra: dict[str, Any] = {"mode": mode, "setup": setup, "difficulty": difficulty}
    if options is not None and options != RuleOptions():
        config["options"] = asdict(options)
        extra["options"] = options
    if rooms is not None:
        extra["rooms"] = config["rooms"] = tuple(tuple(seat) for seat in rooms)
        new_game(players=players, seed=seed, **extra)  # refuses rooms that do not fit first
    jobs = [(i, seed, lineup(bots, players, i, mode), extra) for i in range(games)]
    start = time.perf_counter()
    records: list[GameRecord] = run_jobs(play_one, jobs, workers, scheduler, _games(progress))
    result = TournamentResult(config=config, records=records,
                              elapsed_s=time.perf_counter() - start)
    result.standings, result.margins = summarise(records, mode)
    return result


def _games(progress: Callable[[float, str], None] | None
           ) -> Callable[[float, str], None] | None:
    if progress is None:
        return None
    return lambda share, done: progress(share, f"game {done}")


def _per_game(record: GameRecord, bot: str, mode: str) -> tuple[float, float] | None:
    seats = [s for s, b in enumerate(record.lineup) if b == bot]
    if not seats:
        return None
    score = record.scores if mode in ("team", "coop") else record.healthy
    wins = sum(1.0 for s in seats if s in record.winners) / len(seats)
    return wins, sum(score[s] for s in seats) / len(seats)


def summarise(records: Sequence[GameRecord], mode: str) -> tuple[list[Standing], list[Margin]]:
    names = sorted({b for r in records for b in r.lineup})
    standings = []
    per: dict[str, dict[int, tuple[float, float]]] = {}
    for bot in names:
        rows = {r.index: x for r in records if (x := _per_game(r, bot, mode)) is not None}
        per[bot] = rows
        win, _ = mean_ci([w for w, _ in rows.values()])
        low, high = wilson(win, len(rows))
        healthy, healthy_ci = mean_ci([h for _, h in rows.values()])
        standings.append(Standing(bot, len(rows), win, (high - low) / 2, healthy, healthy_ci,
                                  low, high))
    standings.sort(key=lambda s: (-s.win_rate, -s.healthy))
    margins = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            both = sorted(set(per[a]) & set(per[b]))
            if not both:
                continue
            dh = [per[a][g][1] - per[b][g][1] for g in both]
            dw = [per[a][g][0] - per[b][g][0] for g in both]
            h, h_ci = mean_ci(dh)
            w, w_ci = mean_ci(dw)
            if h < 0:
                a2, b2, h, w = b, a, -h, -w
            else:
                a2, b2 = a, b
            margins.append(Margin(a2, b2, len(both), h, h_ci, w, w_ci))
    return standings, margins
