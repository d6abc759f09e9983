"""The cooperative mode in the numpy batch: Objective steps, the team window, the Islands'
checks, the supplies.

:class:`Coop` (its arrays: :class:`precog.analysis.playouts.batch_objectives.ObjectiveArrays`)
plays the sensible player's Objective steps
(:func:`precog.analysis.playing.policy.objective_step`) as the engine offers them: after a seat has
placed its gains (the engine offers reveal, mitigate and ``done``; the sensible player never
reveals, but a possible Reveal still counts among the options, as a choice draws a uniform)
and in the team window (seats in turn from seat 0, each action ending the turn, closed when
every seat has passed in a row). At an Island the season's tiles are checked; a game that
fails one is over, and its Boats are kept as they were then; at the last one each game's
chance counts its face-down tiles by their chance (:meth:`Coop.last_chance`). As a season
begins every Boat receives its cooperative River tile's supplies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from precog.analysis.playouts.batch_objectives import (
    LAST_SEASON,
    PRICE,
    REQUIREMENTS,
    ObjectiveArrays,
    _last_axis_sum,
    objective_tables,
)
from precog.engine.formulas import healed
from precog.engine.state import FEEDING_ROUNDS, ROUNDS

if TYPE_CHECKING:
    from precog.analysis.playouts.batch_state import BatchState

__all__ = ["FROZEN", "LAST_SEASON", "PRICE", "REQUIREMENTS", "Coop", "objective_tables"]

FROZEN = ("food", "healthy", "contaminated", "doctors", "protectors", "bane", "bat")


class Coop(ObjectiveArrays):
    """The co-op arrays of a batch and the steps that play them (see the module doc).
    Mirrors :func:`precog.engine.scoring.check_objectives`."""

    # -- the Objective steps -------------------------------------------------------------
    def options(self, b: BatchState, seats: np.ndarray, season: int,
                games: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For each of ``games``: how many legal actions (a possible Reveal among them) and
        its mitigable revealed slots (games, revealed so far) (what each seat can pay with,
        :meth:`purse`, is read only where a tile of this season waits to be mitigated).
        Mirrors :func:`precog.engine.action_phase.options`."""
        count = int(self.count[games].max(initial=0))
        shown, mitigated = self.shown[games, :count], self.mitigated[games, :count]
        mitigable = np.zeros((len(games), count), bool)
        purse: np.ndarray | None = None
        for j in range(count):
            tile = shown[:, j]
            ok = (tile >= 0) & ~mitigated[:, j] & (self.tile_season[np.maximum(tile, 0)]
                                                    == season)
            if ok.any():
                if purse is None:
                    purse = self.purse(b, seats, games)
                mitigable[:, j] = ok & self.can_pay(tile, purse)
        reveal = self.can_reveal(b, seats, season, games)
        return reveal.astype(np.int64) + _last_axis_sum(mitigable) + 1, mitigable

    def step(self, b: BatchState, seats: np.ndarray, season: int,
             live: np.ndarray) -> np.ndarray:
        """One Objective decision for each ``live`` game's seat; returns the games that
        revealed or mitigated (the others chose ``done`` or had nothing else). Only the live
        games are looked at: the others draw nothing, as in the engine.
        Mirrors :func:`precog.analysis.playing.policy.objective_step`."""
        acted = np.zeros(b.G, bool)
        games = np.flatnonzero(live)
        if not len(games):
            return acted
        k, mitigable = self.options(b, seats, season, games)
        choices = np.ones(b.G, np.int64)
        choices[games] = k
        b.draw(choices)  # one uniform per decision with a choice, as the engine
        if not mitigable.any():  # nothing to mitigate: every seat says done
            return acted
        deciding = k > 1
        ext = self.extremes(b, games)
        shown = self.shown[games, :mitigable.shape[1]]
        unmet = np.zeros_like(mitigable)
        for j in range(mitigable.shape[1]):
            if mitigable[:, j].any():
                unmet[:, j] = mitigable[:, j] & ~self.met(b, shown[:, j], 0, ext)
        has_mit = unmet.any(axis=1) & deciding
        slot = np.zeros(b.G, np.int64)
        if unmet.shape[1]:
            slot[games] = np.argmax(unmet, axis=1)
        self.mitigate(b, games[has_mit], slot, seats)
        acted[games] = has_mit  # the sensible player never reveals
        return acted

    def mitigate(self, b: BatchState, games: np.ndarray, slot: np.ndarray,
                 seats: np.ndarray) -> None:
        """Mirrors :func:`precog.engine.action_phase.play`."""
        if not len(games):
            return
        s, j = seats[games], slot[games]
        tile = self.shown[games, j]
        price = self.price[tile]
        b.food[games, s] -= price[:, 0].astype(b.food.dtype)
        from_contaminated = np.minimum(price[:, 1], b.contaminated[games, s])
        b.contaminated[games, s] -= from_contaminated.astype(b.contaminated.dtype)
        b.healthy[games, s] -= (price[:, 1] - from_contaminated).astype(b.healthy.dtype)
        b.doctors[games, s] -= price[:, 2].astype(b.doctors.dtype)
        b.protectors[games, s] -= price[:, 3].astype(b.protectors.dtype)
        self.taken[games, s] -= price
        self.mitigated[games, j] = True

    def seat_turn(self, b: BatchState, seat: int) -> None:
        """The seat's Objective steps after its gains, until it says ``done``.
        Mirrors :func:`precog.engine.action_phase.after_gains`."""
        seats = np.full(b.G, seat)
        season = b.season
        live = np.ones(b.G, bool)
        while live.any():
            live = self.step(b, seats, season, live) & live

    def team_window(self, b: BatchState) -> None:
        """Seats in turn from seat 0 reveal, mitigate or pass, until all pass in a row.
        Mirrors :func:`precog.engine.action_phase.play`."""
        seats = np.zeros(b.G, np.int64)
        passes = np.zeros(b.G, np.int64)
        season = b.season
        open_ = np.ones(b.G, bool)
        while open_.any():
            acted = self.step(b, seats, season, open_)
            passes = np.where(open_, np.where(acted, 0, passes + 1), passes)
            open_ &= passes < b.n
            seats = np.where(open_, (seats + 1) % b.n, seats)

    # -- seasons -----------------------------------------------------------------------
    def island(self, b: BatchState, at_island: np.ndarray) -> None:
        """After an Island's feeding: games failing one of the season's tiles are over; at
        the last one, each game's :attr:`chance` is set as the engine's
        :func:`~precog.analysis.projection.evaluation.last_check_chance` counts it.
        Mirrors :func:`precog.engine.scoring.check_objectives`."""
        season = b.season
        ext = self.extremes(b)
        fail = np.zeros(b.G, bool)
        for j in range(int(self.count.max(initial=0))):
            tile = self.shown[:, j]
            ours = (tile >= 0) & (self.tile_season[np.maximum(tile, 0)] == season)
            if ours.any():
                side = self.mitigated[:, j].astype(np.int64)
                fail |= ours & ~self.met(b, tile, side, ext)
        live = at_island & ~self.failed
        if b.round >= ROUNDS:
            self.chance[live] = self.last_chance(b, fail, ext)[live]
        for depth in range(self.stack.shape[2]):
            tile = self.stack[:, season - 1, depth]
            hidden = tile >= 0
            if hidden.any():
                fail |= hidden & ~self.met(b, tile, 0, ext)
        if b.round < ROUNDS:
            self.chance[fail & live] = 0.0
        self.freeze(b, fail & live)

    def last_chance(self, b: BatchState, revealed_fail: np.ndarray,
                    ext: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
        """Each game's chance at the last check: 0 if a revealed tile is unmet, else the
        chance that its face-down tiles, any of the season's unrevealed tiles alike, are all
        met (:func:`~precog.analysis.projection.evaluation.last_check_chance`).
        Mirrors :func:`precog.analysis.projection.evaluation.last_check_chance`."""
        season = b.season
        hidden = _last_axis_sum(self.stack[:, season - 1] >= 0)
        count = int(self.count.max(initial=0))
        shown = self.shown[:, :count]
        pool = np.zeros(b.G, np.int64)
        met = np.zeros(b.G, np.int64)
        for j in range(self.last_pool.shape[1]):
            tile = self.last_pool[:, j]
            free = (tile >= 0) & ~(shown == tile[:, None]).any(axis=1)
            pool += free
            met += free & self.met(b, tile, 0, ext)
        return np.where(revealed_fail, 0.0, self.comb[met, hidden] / self.comb[pool, hidden])

    def freeze(self, b: BatchState, games: np.ndarray) -> None:
        """Mirrors :func:`precog.engine.scoring.final_outcome`."""
        if not games.any():
            return
        for name in FROZEN:
            now = getattr(b, name)
            kept = self.frozen.setdefault(name, now.copy())
            kept[games] = now[games]
        self.frozen_ctr[games] = b.ctr[games]
        self.failed |= games

    def held(self, name: str, now: np.ndarray) -> np.ndarray:
        """``now`` with the failed games' Boats as they were when their game ended.
        Mirrors :func:`precog.engine.scoring.final_outcome`."""
        if name not in self.frozen:
            return now
        mask = self.failed.reshape((-1,) + (1,) * (now.ndim - 1))
        return np.where(mask, self.frozen[name], now)

    def new_round(self, b: BatchState) -> None:
        """Mirrors :func:`precog.engine.maintenance.coop_supplies`: as a season begins, its
        supplies arrive (what was taken is forgotten at the discard,
        :meth:`precog.analysis.playouts.batch.Batch.discard`)."""
        if b.round - 1 not in FEEDING_ROUNDS[:-1]:
            return
        g = self.supplies.get(b.season)
        if g is None or not any(g):
            return
        food, human, _battery, _ymune, doctor, protector, heal = g
        b.food += food
        b.contaminated += human
        b.doctors += doctor
        b.protectors += protector
        cured = healed(heal, b.contaminated)
        b.contaminated -= cured
        b.healthy += cured
