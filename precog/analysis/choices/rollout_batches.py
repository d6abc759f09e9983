"""The rollouts with common random numbers, batch by batch under the time budget: every row
played in the same sampled worlds (:func:`rollout_rows`), the size of each batch
(:func:`batch_size`), the race that stops playing the choices clearly behind
(:func:`still_racing`), a batch's worlds (:class:`Worlds`) and their games, through the numpy
batch or the engine (:func:`_rollout_values`)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from precog.analysis.basics.budget import Budget
from precog.analysis.basics.edges import Stage
from precog.analysis.basics.intervals import mean_ci, standard_error
from precog.analysis.basics.seeds import worlds_rng
from precog.analysis.choices.copies import copies
from precog.analysis.choices.rows import RankingRow, left_behind_on_the_leaders_worlds
from precog.analysis.parallel import cores
from precog.analysis.playing.world import Knowledge, first_legal, give_of, until_seat
from precog.analysis.playouts.many_worlds import Dealer, dealer
from precog.analysis.playouts.rollouts import DEFAULT_POLICY, numpy_rng
from precog.analysis.search.models import make_model
from precog.engine import Action, GameState, WorldSampler, legal_actions

if TYPE_CHECKING:
    from precog.analysis.playouts.batch import Dealt

RACE_Z = 3.0
"""A choice stops getting rollouts once the leader's paired lead over it is this many standard
errors (about 99.7 % one-sided): the rest of the budget goes to the choices still in contention."""
RACE_MIN = 64
"""...and never before this many rollouts per choice."""
RACE_CI = 0.5
"""...and never while its own 95 % half-width is wider than this (Healthy Humans): every row of
the table keeps an interval a player can read before the rest goes to the contenders."""
FIRST_BATCH_TIMED = 32
"""The first batch of worlds under a time budget (it always completes; later batches are sized
to the time left)."""
BATCH_GAMES = 4096
"""The most games in one timed batch: over 30 of the benchmark's 1-second analyses, a
quarter more rollouts for the contenders than batches of 256 worlds, at a peak memory of
100 MB against 78 (8,192 games: no faster, 167 MB)."""
TIME_LEFT_SHARE = 0.5
"""A timed batch is sized to take at most this share of the time left at the last batch's
pace: on a loaded machine a batch can take twice as long as the last one's pace says and the
answer still comes back within its budget."""

Samples = dict[str, list[list[float]]]
"""Each row's rollout values (by its action), one list per card the right neighbour may Give
(one list in all unless the opponent model is "worst")."""


def rollout_rows(state: GameState, player: int, model: str, seed: int,
                 rows: list[RankingRow], budget: Budget, engine: str,
                 know: Knowledge, race: bool = True) -> int:
    """Value every row by rollouts in shared sampled worlds; returns the rollouts of the rows
    played longest. With ``race``, a row clearly behind the leader (:data:`RACE_Z`) stops
    getting rollouts (its value and interval are those of the rollouts it had). A row that
    Keeps and Gives the same cards as an earlier row (a copy from another deck,
    :mod:`precog.analysis.choices.copies`) plays alike: it is not played again, it takes that row's
    rollouts (loss 0 ± 0), and the time goes to the choices that differ."""
    batches = _WorldBatches(state, player, model, seed, engine, know)
    samples: Samples = {row.action: [[] for _ in know.incoming] for row in rows}
    target = budget.samples or 0
    twins = {rows[copy].action: rows[twin].action
             for copy, twin in copies([(row.keep, row.give) for row in rows], state).items()}
    racing = [row for row in rows if row.action not in twins]  # a copy is played as its twin
    done = 0
    per_row_s: float | None = None  # seconds a world costs for one row, from the last batch
    variants = len(know.incoming) if model == "worst" else 1  # games a world plays per row
    while done < target:
        if done >= 2 and budget.exhausted():
            break
        size = batch_size(target, done, budget, per_row_s, len(racing) * variants,
                          cores.parts())
        if size <= 0:
            break
        started = time.perf_counter()
        played_variants = batches.play(size, done, racing, samples)
        per_row_s = (time.perf_counter() - started) / (size * len(racing) * played_variants)
        done += size
        budget.spend(size)
        budget.report(done / target, Stage("rollouts", (("done", done), ("total", target))))
        if race and played_variants == 1:
            racing = still_racing(racing, samples)
    _value_rows(rows, samples, twins, model)
    left_behind_on_the_leaders_worlds(rows)
    return done


class _WorldBatches:
    """What every batch of one ranking's rollouts shares: the worlds' sources (the dealer into
    the batch's arrays, or the engine's sampler), the random streams and the opponent model."""

    def __init__(self, state: GameState, player: int, model: str, seed: int, engine: str,
                 know: Knowledge) -> None:
        self.state, self.player, self.model, self.seed = state, player, model, seed
        self.engine, self.know = engine, know
        self.order = [str(choice) for choice in know.choices]
        self.right = (player - 1) % state.config.players
        self.bot = make_model("bot", seed) if model == "bot" else None
        self.rng = random.Random(seed + 2)
        self.deal = dealer(state, player)  # None: a partly-known box, worlds drawn one at a time
        self.sample, self.generator = WorldSampler(state, player), worlds_rng(seed + 2)

    def play(self, size: int, done: int, racing: list[RankingRow], samples: Samples) -> int:
        """Play ``size`` new worlds (the worlds after the first ``done``) once for every
        row in ``racing`` (once per incoming card with the "worst" model), adding the values to
        ``samples``; returns the games a world played for each row."""
        players = self.state.config.players
        dealt = None if self.deal is None else self.deal(self.generator, size)
        worlds = Worlds(self.deal, dealt, size, lambda: self.sample(self.rng), self.engine)
        uniforms_of_worlds = numpy_rng(self.seed * 7 + done).random(size)
        gives = [None] if self.model == "uniform" else _gives(
            worlds.states, self.right, self.know.incoming, self.model, self.bot,
            uniforms_of_worlds)
        for which, forced_right in enumerate(gives):
            forced = np.full((len(racing) * size, players), -1, np.int64)
            for position, row in enumerate(racing):
                games = slice(position * size, (position + 1) * size)
                forced[games, self.player] = self.order.index(row.action)
                if forced_right is not None:
                    forced[games, self.right] = forced_right
            values = _rollout_values(worlds, len(racing), forced, self.player, self.seed + done)
            for position, row in enumerate(racing):
                samples[row.action][which].extend(values[position * size:(position + 1) * size])
        return len(gives)


def _value_rows(rows: list[RankingRow], samples: Samples, twins: dict[str, str],
                model: str) -> None:
    """Each row's value, interval and rollouts from its samples (a copy's from its twin's;
    with the "worst" model, from the incoming card it fares worst with)."""
    for row in rows:
        groups = [group for group in samples[twins.get(row.action, row.action)] if group]
        means = [float(np.mean(group)) for group in groups]
        pick = groups[int(np.argmin(means))] if model == "worst" else [
            value for group in groups for value in group]
        row.value, row.ci95 = mean_ci(pick)
        row.samples = len(pick)
        row.draws = tuple(pick)


def batch_size(target: int, done: int, budget: Budget, per_row_s: float | None,
               rows: int, parts: int = 1) -> int:
    """Worlds in the next batch. The same plan with a time budget or without, so that a
    timed ranking that plays its whole ``target`` gets the very values of an untimed one
    (the worlds and uniforms of a batch follow from where it starts: the explorer's table
    and a review or hint that had the time agree to the last digit): a first batch of
    :data:`FIRST_BATCH_TIMED` worlds, then batches that grow with the worlds played (at least
    256, then as many as played so far: numpy plays a batch of thousands of games faster per
    game than one of hundreds), at most :data:`BATCH_GAMES` games (a cancel is heard between
    batches). Under a time budget a planned batch that would take more than
    :data:`TIME_LEFT_SHARE` of the time left at the last batch's pace is cut to what fits
    (the last batch; 0: not even 16 worlds fit, stop). ``parts`` (the processes that play a
    batch, :mod:`~precog.analysis.parallel.cores`) is already in the pace measured, so it does not
    change the plan."""
    left = target - done
    if done == 0 or per_row_s is None:
        return min(max(2, FIRST_BATCH_TIMED), left)
    planned = min(max(256, done), left, max(16, BATCH_GAMES // max(1, rows)))
    if budget.seconds is None:
        return planned
    per_world = per_row_s * max(1, rows)
    fits = int(TIME_LEFT_SHARE * (budget.seconds - budget.elapsed()) / per_world)
    return 0 if fits < 16 else min(planned, fits)


def still_racing(racing: list[RankingRow], samples: Samples) -> list[RankingRow]:
    """The rows still in contention: the leader, every row whose paired deficit (same worlds,
    same uniforms) is not yet :data:`RACE_Z` standard errors, and every row whose own interval
    is still wider than :data:`RACE_CI`."""
    draws = {row.action: np.asarray(samples[row.action][0]) for row in racing}
    shared = min(len(values) for values in draws.values())
    if shared < RACE_MIN or len(racing) <= 2:
        return racing

    def shared_mean(row: RankingRow) -> float:
        return float(draws[row.action][:shared].mean())

    leader = max(racing, key=shared_mean)
    lead = draws[leader.action][:shared]
    keep = []
    for row in racing:
        difference = lead - draws[row.action][:shared]
        wide = mean_ci(draws[row.action])[1] > RACE_CI
        close = float(difference.mean()) <= RACE_Z * standard_error(difference)
        if row is leader or wide or close:
            keep.append(row)
    if len(keep) < 2:  # the leader and its nearest rival: their gap keeps narrowing
        rival = max((row for row in racing if row is not leader), key=shared_mean)
        keep = [row for row in racing if row is leader or row is rival]
    return keep


def _gives(worlds: list[GameState], right: int, incoming: tuple[str, ...], model: str,
           bot: Any, uniforms_of_worlds: np.ndarray) -> list[list[int] | None]:
    """Forced Decision indices of the right neighbour per world, one list per variant
    (uniform: none forced, the rollout policy chooses for it)."""
    if model == "uniform":
        return [None]
    variants: list[list[int] | None] = []
    if model == "worst":
        for card in incoming:
            variants.append([_give_index(world, right, card) for world in worlds])
        return variants
    probabilities = bot.give_probabilities(worlds[0], right, incoming)  # one, as the tree's
    picks = []
    for index, world in enumerate(worlds):
        cumulative, card = 0.0, incoming[-1]
        for candidate in incoming:
            cumulative += probabilities[candidate]
            if uniforms_of_worlds[index] < cumulative:
                card = candidate
                break
        picks.append(_give_index(world, right, card))
    return [picks]


def _give_index(world: GameState, seat: int, card: str) -> int:
    """Index in ``seat``'s legal Keep/Give list of the first choice that Gives ``card``."""
    at = until_seat(world, seat, first_legal)
    options = legal_actions(at)
    target = give_of(at, seat, card)
    return options.index(target)


class Worlds:
    """One batch's sampled worlds: dealt straight into the batch's arrays (``dealt``, from
    :class:`~precog.analysis.playouts.many_worlds.Dealer`) where the numpy batch plays them, as
    positions (``states``, made only when something reads them: the engine, or an opponent
    model) otherwise."""

    def __init__(self, deal: Dealer | None, dealt: Dealt | None, size: int,
                 draw: Callable[[], GameState], engine: str) -> None:
        self.deal, self.dealt, self.size = deal, dealt, size
        self.draw, self.engine = draw, engine
        self._states: list[GameState] | None = None

    @property
    def states(self) -> list[GameState]:
        if self._states is None:
            self._states = ([self.draw() for _ in range(self.size)] if self.deal is None
                            or self.dealt is None else self.deal.states(self.dealt))
        return self._states

    def batched(self) -> bool:
        """Whether the numpy batch plays these worlds from their arrays."""
        from precog.analysis.playouts import batch

        return self.dealt is not None and self.engine != "scalar" and batch.supports(
            [self.dealt.template])


def _rollout_values(worlds: Worlds, times: int, forced: np.ndarray, player: int,
                    seed: int) -> list[float]:
    """Rollout values of every world played ``times`` over (one choice after another), with
    ``forced`` Keep/Give indices (-1: the policy chooses); row ``i % size`` of the uniforms
    drives sample ``i`` of every choice."""
    from precog.analysis.playouts import batch
    from precog.analysis.playouts.rollouts import play_out, uniforms
    from precog.analysis.projection.evaluation import last_check_value

    policy = DEFAULT_POLICY
    if worlds.batched():
        assert worlds.dealt is not None
        return [float(value) for value in cores.play(worlds.dealt.games(times), seed, forced,
                                                     policy, player)]
    tiled = np.tile(uniforms(worlds.size, seed), (times, 1))
    starts = worlds.states * times
    if worlds.engine != "scalar" and batch.supports(starts):
        finals = batch.run(starts, tiled, policy, forced)
        return [float(value) for value in batch.seat_values(finals, starts[0], player)]
    values = []
    for game, start in enumerate(starts):
        at = {seat: _nth_choice(start, seat, int(index))
              for seat, index in enumerate(forced[game]) if index >= 0}
        values.append(last_check_value(play_out(start, policy, tiled[game], at), player))
    return values


def _nth_choice(world: GameState, seat: int, index: int) -> Action:
    """The ``index``-th of ``seat``'s legal Keep/Give choices in ``world``."""
    return legal_actions(until_seat(world, seat, first_legal))[index]
