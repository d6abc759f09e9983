"""The cooperative mode in the numpy batch: Objective steps, the team window, the Islands'
checks, the supplies.

:class:`Coop` (its arrays: :class:`precog.analysis.playouts.batch_objectives.ObjectiveArrays`)
plays the sensible player's Objective steps
(:func:`precog.analysis.playing.policy.objective_step`) as the engine offers them: after a seat has
placed its gains (the engine offers reveal, mitigate and ``done``; the sensible player mitigates
an unmet tile, or a met one whose mitigation frees Protectors against this round's Bane; with
``reveals`` on, in a season's last round it reveals the next tile when one it may be is unmet
and mitigable)
and in the team window (seats in turn from seat 0, each action ending the turn, closed when
every seat has passed in a row). At an Island the season's tiles are checked; a game that
fails one is over, and its Boats are kept as they were then; at the last one each game's
chance counts its face-down tiles by their chance (:meth:`Coop.last_chance`). As a season
begins every Boat receives its cooperative River tile's supplies.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import numpy as np

from precog.analysis.playing.policy import MITIGATE_YMUNE
from precog.analysis.playing.policy_points import HH
from precog.analysis.playouts.batch_objectives import (
    LAST_SEASON,
    PRICE,
    REQUIREMENTS,
    ObjectiveArrays,
    _last_axis_sum,
    objective_tables,
)
from precog.engine.formulas import healed, islands_from
from precog.engine.state import BANE_MAX, FEEDING_ROUNDS, REVEAL_COST, ROUNDS

if TYPE_CHECKING:
    from precog.analysis.playouts.batch_state import BatchState

__all__ = ["FROZEN", "LAST_SEASON", "PRICE", "REQUIREMENTS", "Coop", "objective_tables"]

FROZEN = ("food", "healthy", "contaminated", "doctors", "protectors", "bane", "batteries")


class Coop(ObjectiveArrays):
    """The co-op arrays of a batch and the steps that play them (see the module doc).
    Mirrors :func:`precog.engine.scoring.check_objectives`."""

    # -- the Objective steps -------------------------------------------------------------
    def options(self, batch: BatchState, seats: np.ndarray, season: int,
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
                    purse = self.purse(batch, seats, games)
                mitigable[:, j] = ok & self.can_pay(tile, purse)
        reveal = self.can_reveal(batch, seats, season, games)
        return reveal.astype(np.int64) + _last_axis_sum(mitigable) + 1, mitigable

    def step(self, batch: BatchState, seats: np.ndarray, season: int,
             live: np.ndarray) -> np.ndarray:
        """One Objective decision for each ``live`` game's seat; returns the games that
        revealed or mitigated (the others chose ``done`` or had nothing else). Only the live
        games are looked at: the others draw nothing, as in the engine.
        Mirrors :func:`precog.analysis.playing.policy.objective_step`."""
        acted = np.zeros(batch.game_count, bool)
        games = np.flatnonzero(live)
        if not len(games):
            return acted
        count, mitigable = self.options(batch, seats, season, games)
        choices = np.ones(batch.game_count, np.int64)
        choices[games] = count
        batch.draw(choices)  # one uniform per decision with a choice, as the engine
        deciding = count > 1
        will_mitigate = np.zeros(len(games), bool)
        if mitigable.any():
            holdings = self.extremes(batch, games)
            shown = self.shown[games, :mitigable.shape[1]]
            unmet = np.zeros_like(mitigable)
            for j in range(mitigable.shape[1]):
                if mitigable[:, j].any():
                    unmet[:, j] = mitigable[:, j] & ~self.met(batch, shown[:, j], 0, holdings)
            will_mitigate = unmet.any(axis=1) & deciding
            frees = self.frees_protectors(batch, seats, games, mitigable & ~unmet,
                                          deciding & ~will_mitigate)
            slot = np.zeros(batch.game_count, np.int64)
            slot[games] = np.where(will_mitigate, np.argmax(unmet, axis=1),
                                   np.argmax(frees, axis=1))
            will_mitigate |= frees.any(axis=1)
            self.mitigate(batch, games[will_mitigate], slot, seats)
        will_reveal = deciding & ~will_mitigate
        reveals = batch.sensible is not None and batch.sensible.reveals
        if reveals and batch.round in FEEDING_ROUNDS and will_reveal.any():
            will_reveal &= self.reveal_pays(batch, seats, season, games)
            self.reveal(batch, games[will_reveal], seats, season)
        else:
            will_reveal[:] = False
        acted[games] = will_mitigate | will_reveal
        return acted

    def reveal_pays(self, batch: BatchState, seats: np.ndarray, season: int,
                    games: np.ndarray) -> np.ndarray:
        """Whether each of ``games``' seat reveals the next face-down tile (its Cost
        payable): every revealed tile of the season met, and one of the season's tiles not
        revealed yet unmet now and mitigable from what the seat took.
        Mirrors :func:`precog.analysis.playing.policy.reveal_pays`."""
        pays = self.can_reveal(batch, seats, season, games)
        if not pays.any():
            return pays
        holdings = self.extremes(batch, games)
        count = int(self.count[games].max(initial=0))
        shown = self.shown[games, :count]
        for j in range(count):
            tile = shown[:, j]
            ours = (tile >= 0) & (self.tile_season[np.maximum(tile, 0)] == season)
            if ours.any():
                side = self.mitigated[games, j].astype(np.int64)
                pays &= ~ours | self.met(batch, tile, side, holdings)
        purse = self.purse(batch, seats, games)
        pool = self.pools[games, season - 1]
        saveable = np.zeros(len(games), bool)
        for j in range(pool.shape[1]):
            tile = pool[:, j]
            free = (tile >= 0) & ~(shown == tile[:, None]).any(axis=1)
            saveable |= (free & self.can_pay(tile, purse)
                         & ~self.met(batch, tile, 0, holdings))
        return pays & saveable

    def reveal(self, batch: BatchState, games: np.ndarray, seats: np.ndarray,
               season: int) -> None:
        """Each of ``games``' seat reveals its season's next face-down tile, moving the
        Cost's Healthy Humans to the Contaminated.
        Mirrors :func:`precog.engine.action_phase.play`."""
        if not len(games):
            return
        seat, cost = seats[games], REVEAL_COST[season]
        batch.healthy[games, seat] -= cost
        batch.contaminated[games, seat] += cost
        stack = self.stack[games, season - 1]
        at = self.count[games]
        self.shown[games, at] = stack[:, 0]
        self.mitigated[games, at] = False
        self.count[games] = at + 1
        self.stack[games, season - 1, :-1] = stack[:, 1:]
        self.stack[games, season - 1, -1] = -1

    def frees_protectors(self, batch: BatchState, seats: np.ndarray, games: np.ndarray,
                         met: np.ndarray, choosing: np.ndarray) -> np.ndarray:
        """(games, revealed so far): for each of ``games`` still ``choosing``, which of its
        ``met`` mitigable tiles it mitigates to return the Protectors kept for them against
        this round's Bane.
        Mirrors :func:`precog.analysis.playing.policy.frees_protectors`."""
        frees = np.zeros_like(met)
        met = met & choosing[:, None]
        if not met.any():
            return frees
        held_now = self.held_by(batch, seats, games)
        seat = seats[games]
        boat = {name: getattr(batch, name)[games, seat].astype(np.int64)
                for name in ("food", "healthy", "contaminated", "protectors", "bane")}
        coming = boat["bane"].copy()
        for k in (0, 1):
            card = batch.action_zone[games, seat, k]
            coming += np.where(card >= 0, batch.tables.bane[np.maximum(card, 0)], 0)
        short = np.maximum(0, boat["healthy"] * islands_from(batch.round) - boat["food"])
        # each seat's own cooperative judgement prices the Food (policy.price_points)
        food_short, food_spare = (
            np.array([getattr(policy.coop_judgement, name) for policy in batch.seat_policies],
                     np.int64)[seat] for name in ("food_short", "food_spare"))
        for j in range(met.shape[1]):
            if not (met[:, j] & (held_now > 0)).any():
                continue
            held_after = self.held_by(batch, seats, games, mitigating=j)
            price = self.price[np.maximum(self.shown[games, j], 0)].astype(np.int64)
            food, human, doctor, protector = (price[:, k] for k in range(4))
            humans = boat["healthy"] + boat["contaminated"] - human
            protectors = boat["protectors"] - protector
            saved = (_bane_lost(coming, humans, protectors, held_now)
                     - _bane_lost(coming, humans, protectors, held_after))
            fed = np.minimum(food, short)
            from_contaminated = np.minimum(human, boat["contaminated"])
            cost = (food_short * fed + food_spare * (food - fed)
                    + from_contaminated
                    + HH * (human - from_contaminated) + MITIGATE_YMUNE * (doctor + protector))
            frees[:, j] = met[:, j] & (held_after < held_now) & (HH * saved > cost)
        return frees

    def held_by(self, batch: BatchState, seats: np.ndarray, games: np.ndarray,
                mitigating: int | None = None) -> np.ndarray:
        """:meth:`protectors_held` of each of ``games``' seat (``seats``, by game), the
        revealed tile at slot ``mitigating`` counted on its mitigated side.
        Mirrors :func:`precog.analysis.playing.policy.protectors_held`."""
        season = batch.season
        seat = seats[games]
        have = batch.protectors[games, seat].astype(np.int64)
        doctors = batch.doctors[games, seat].astype(np.int64)
        held = np.zeros(len(games), np.int64)
        protector, ymune = REQUIREMENTS.index("protector"), REQUIREMENTS.index("ymune")
        for j in range(int(self.count[games].max(initial=0))):
            tile = self.shown[games, j]
            ours = (tile >= 0) & (self.tile_season[np.maximum(tile, 0)] == season)
            if not ours.any():
                continue
            side = self.mitigated[games, j] | (j == mitigating)
            need = self.need[np.maximum(tile, 0), side.astype(np.int64)]
            for scope in (0, 1):
                for n in (need[:, scope, protector], need[:, scope, ymune] - doctors):
                    keep = ours & (n > 0) & (n <= have)
                    held = np.where(keep, np.maximum(held, n), held)
        return held

    def mitigate(self, batch: BatchState, games: np.ndarray, slot: np.ndarray,
                 seats: np.ndarray) -> None:
        """Each of ``games``' seat mitigates its revealed tile at ``slot``, paying its price
        (Humans from the Contaminated first).
        Mirrors :func:`precog.engine.action_phase.play`."""
        if not len(games):
            return
        seat, revealed = seats[games], slot[games]
        tile = self.shown[games, revealed]
        price = self.price[tile]
        batch.food[games, seat] -= price[:, 0].astype(batch.food.dtype)
        from_contaminated = np.minimum(price[:, 1], batch.contaminated[games, seat])
        batch.contaminated[games, seat] -= from_contaminated.astype(batch.contaminated.dtype)
        batch.healthy[games, seat] -= (price[:, 1] - from_contaminated).astype(
            batch.healthy.dtype)
        batch.doctors[games, seat] -= price[:, 2].astype(batch.doctors.dtype)
        batch.protectors[games, seat] -= price[:, 3].astype(batch.protectors.dtype)
        self.taken[games, seat] -= price
        self.mitigated[games, revealed] = True

    def seat_turn(self, batch: BatchState, seat: int) -> None:
        """The seat's Objective steps after its gains, until it says ``done``.
        Mirrors :func:`precog.engine.action_phase.after_gains`."""
        seats = np.full(batch.game_count, seat)
        season = batch.season
        live = np.ones(batch.game_count, bool)
        while live.any():
            live = self.step(batch, seats, season, live) & live

    def team_window(self, batch: BatchState) -> None:
        """Seats in turn from seat 0 reveal, mitigate or pass, until all pass in a row.
        Mirrors :func:`precog.engine.action_phase.play`."""
        seats = np.zeros(batch.game_count, np.int64)
        passes = np.zeros(batch.game_count, np.int64)
        season = batch.season
        window_open = np.ones(batch.game_count, bool)
        while window_open.any():
            acted = self.step(batch, seats, season, window_open)
            passes = np.where(window_open, np.where(acted, 0, passes + 1), passes)
            window_open &= passes < batch.seat_count
            seats = np.where(window_open, (seats + 1) % batch.seat_count, seats)

    def _season_shown(self, season: int) -> Iterator[tuple[np.ndarray, np.ndarray]]:
        """For each revealed slot holding a tile of ``season`` in some game: the games where it
        does (games,) and what its shown side needs there (games, scope, resource)."""
        for j in range(int(self.count.max(initial=0))):
            tile = self.shown[:, j]
            ours = (tile >= 0) & (self.tile_season[np.maximum(tile, 0)] == season)
            if ours.any():
                yield ours, self.need[np.maximum(tile, 0), self.mitigated[:, j].astype(np.int64)]

    def check_needs(self, batch: BatchState) -> tuple[np.ndarray, np.ndarray]:
        """Each game's Food and Healthy Humans that this season's revealed tiles (on their
        shown side) ask of every Boat at the check (the caller asks in an Island round).
        Mirrors :func:`precog.analysis.playing.policy.check_needs`."""
        food = np.zeros(batch.game_count, np.int64)
        healthy = np.zeros(batch.game_count, np.int64)
        each, food_at, healthy_at = 0, REQUIREMENTS.index("food"), REQUIREMENTS.index("healthy")
        for ours, need in self._season_shown(batch.season):
            food = np.where(ours, np.maximum(food, need[:, each, food_at]), food)
            healthy = np.where(ours, np.maximum(healthy, need[:, each, healthy_at]), healthy)
        return food, healthy

    def protectors_held(self, batch: BatchState, seat: int) -> np.ndarray:
        """Each game's Protectors ``seat`` keeps for this season's check: the most a revealed
        tile of the season needs on its shown side (Protectors, or Ymunes beyond the seat's
        Doctors) when the seat holds that many.
        Mirrors :func:`precog.analysis.playing.policy.protectors_held`."""
        have = batch.protectors[:, seat].astype(np.int64)
        doctors = batch.doctors[:, seat].astype(np.int64)
        held = np.zeros(batch.game_count, np.int64)
        protector, ymune = REQUIREMENTS.index("protector"), REQUIREMENTS.index("ymune")
        for ours, need in self._season_shown(batch.season):
            for scope in (0, 1):
                for n in (need[:, scope, protector], need[:, scope, ymune] - doctors):
                    keep = ours & (n > 0) & (n <= have)
                    held = np.where(keep, np.maximum(held, n), held)
        return held

    # -- seasons -----------------------------------------------------------------------
    def island(self, batch: BatchState, at_island: np.ndarray) -> None:
        """After an Island's feeding: games failing one of the season's tiles are over; at
        the last one, each game's :attr:`chance` is set as the engine's
        :func:`~precog.analysis.projection.evaluation.last_check_chance` counts it.
        Mirrors :func:`precog.engine.scoring.check_objectives`."""
        season = batch.season
        holdings = self.extremes(batch)
        fail = np.zeros(batch.game_count, bool)
        for j in range(int(self.count.max(initial=0))):
            tile = self.shown[:, j]
            ours = (tile >= 0) & (self.tile_season[np.maximum(tile, 0)] == season)
            if ours.any():
                side = self.mitigated[:, j].astype(np.int64)
                fail |= ours & ~self.met(batch, tile, side, holdings)
        live = at_island & ~self.failed
        if batch.round >= ROUNDS:
            self.chance[live] = self.last_chance(batch, fail, holdings)[live]
        for depth in range(self.stack.shape[2]):
            tile = self.stack[:, season - 1, depth]
            hidden = tile >= 0
            if hidden.any():
                fail |= hidden & ~self.met(batch, tile, 0, holdings)
        if batch.round < ROUNDS:
            self.chance[fail & live] = 0.0
        self.freeze(batch, fail & live)

    def last_chance(self, batch: BatchState, revealed_fail: np.ndarray,
                    holdings: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
        """Each game's chance at the last check: 0 if a revealed tile is unmet, else the
        chance that its face-down tiles, any of the season's unrevealed tiles alike, are all
        met (:func:`~precog.analysis.projection.evaluation.last_check_chance`).
        Mirrors :func:`precog.analysis.projection.evaluation.last_check_chance`."""
        season = batch.season
        hidden = _last_axis_sum(self.stack[:, season - 1] >= 0)
        count = int(self.count.max(initial=0))
        shown = self.shown[:, :count]
        pool = np.zeros(batch.game_count, np.int64)
        met = np.zeros(batch.game_count, np.int64)
        for j in range(self.last_pool.shape[1]):
            tile = self.last_pool[:, j]
            free = (tile >= 0) & ~(shown == tile[:, None]).any(axis=1)
            pool += free
            met += free & self.met(batch, tile, 0, holdings)
        return np.where(revealed_fail, 0.0, self.comb[met, hidden] / self.comb[pool, hidden])

    def freeze(self, batch: BatchState, games: np.ndarray) -> None:
        """Mirrors :func:`precog.engine.scoring.final_outcome`."""
        if not games.any():
            return
        for name in FROZEN:
            now = getattr(batch, name)
            kept = self.frozen.setdefault(name, now.copy())
            kept[games] = now[games]
        self.frozen_used[games] = batch.used[games]
        self.failed |= games

    def held(self, name: str, now: np.ndarray) -> np.ndarray:
        """``now`` with the failed games' Boats as they were when their game ended.
        Mirrors :func:`precog.engine.scoring.final_outcome`."""
        if name not in self.frozen:
            return now
        mask = self.failed.reshape((-1,) + (1,) * (now.ndim - 1))
        return np.where(mask, self.frozen[name], now)

    def new_round(self, batch: BatchState) -> None:
        """Mirrors :func:`precog.engine.maintenance.coop_supplies`: as a season begins, its
        supplies arrive (what was taken is forgotten at the discard,
        :meth:`precog.analysis.playouts.batch.Batch.discard`)."""
        if batch.round - 1 not in FEEDING_ROUNDS[:-1]:
            return
        g = self.supplies.get(batch.season)
        if g is None or not any(g):
            return
        food, human, _battery, _ymune, doctor, protector, heal = g
        batch.food += food
        batch.contaminated += human
        batch.doctors += doctor
        batch.protectors += protector
        cured = healed(heal, batch.contaminated)
        batch.contaminated -= cured
        batch.healthy += cured


def _bane_lost(coming: np.ndarray, humans: np.ndarray, protectors: np.ndarray,
               held: np.ndarray) -> np.ndarray:
    """Mirrors :func:`precog.analysis.playing.policy.bane_saved`'s Humans lost."""
    return np.minimum(humans, np.maximum(
        0, np.minimum(BANE_MAX, coming) - 2 * np.maximum(0, protectors - held)))
