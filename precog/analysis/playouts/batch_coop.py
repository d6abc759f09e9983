"""The cooperative mode in the numpy batch: Objective tiles, the team window, the supplies.

:class:`Coop` holds a batch's Objective stacks, the revealed tiles and what each seat took this
round (mitigation is paid from it), and plays the sensible player's Objective steps
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

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from precog.engine import GameState
from precog.engine.components import Components, ObjectiveTile
from precog.engine.faces import face_values
from precog.engine.formulas import healed
from precog.engine.state import FEEDING_ROUNDS, REVEAL_COST, ROUNDS

if TYPE_CHECKING:
    from precog.analysis.playouts.batch import Batch, Dealt

REQUIREMENTS = ("food", "healthy", "contaminated", "humans", "doctor", "protector", "ymune",
                "battery")
PRICE = ("food", "human", "doctor", "protector")  # the mitigation price, in this order
LAST_SEASON = 3
FROZEN = ("food", "healthy", "contaminated", "doctors", "protectors", "bane", "bat")


def _rows_all(mask: np.ndarray) -> np.ndarray:
    """``mask.all(axis=1)`` for a (games, k) bool array: with k of 1, 2, 4 or 8 each row is
    read as one unsigned integer whose bytes must all be 1 (see ``extremes``)."""
    k = mask.shape[1]
    if k not in (1, 2, 4, 8):
        return np.asarray(mask.all(axis=1))
    rows = np.ascontiguousarray(mask).view(f"<u{k}")[:, 0]
    return np.asarray(rows == int.from_bytes(b"\x01" * k, "little"))


def _last_axis_sum(a: np.ndarray) -> np.ndarray:
    """``a.sum(axis=-1)`` as int64, column by column (a short last axis: see ``extremes``)."""
    out = np.zeros(a.shape[:-1], np.int64)
    for k in range(a.shape[-1]):
        out += a[..., k]
    return out


def _last_pools(worlds: Sequence[Components], index: dict[str, dict[str, int]]) -> np.ndarray:
    """(worlds, tiles): each world's Objective tiles of the last season, as indices of
    :func:`objective_tables` (-1 pads)."""
    by_print: dict[str, list[int]] = {}
    for w in worlds:
        if w.fingerprint not in by_print:
            by_print[w.fingerprint] = [index[w.fingerprint][o.id] for o in w.objectives
                                       if o.season == LAST_SEASON]
    pools = [by_print[w.fingerprint] for w in worlds]
    out = np.full((len(pools), max(1, max(map(len, pools)))), -1, np.int64)
    for g, p in enumerate(pools):
        out[g, :len(p)] = p
    return out


def objective_tables(worlds: Sequence[Components]) -> tuple[list[ObjectiveTile],
                                                             dict[str, dict[str, int]]]:
    """Every Objective face the worlds hold, and per world (fingerprint) id -> index: one
    index per face an unknown Objective has in some world of a partly-known box.
    Mirrors :class:`precog.engine.components.ObjectiveTile`."""
    first = worlds[0]
    tiles = list(first.objectives)
    known = {tile.id: i for i, tile in enumerate(tiles)}
    unknown = sorted(first.unknown & set(known))
    slots: dict[tuple[str, object], int] = {}
    claimed: set[str] = set()
    out: dict[str, dict[str, int]] = {}
    for world in worlds:
        if world.fingerprint in out:  # the same box: the same faces
            continue
        at = dict(known)
        for ident in unknown:
            face = world.objective_by_id[ident]
            key = (ident, face_values(face))
            if key not in slots:
                if ident in claimed:
                    slots[key] = len(tiles)
                    tiles.append(face)
                else:
                    slots[key] = known[ident]
                    tiles[known[ident]] = face
                    claimed.add(ident)
            at[ident] = slots[key]
        out[world.fingerprint] = at
    return tiles, out


class Coop:
    """The co-op arrays of a batch (see the module doc).
    Mirrors :func:`precog.engine.scoring.check_objectives`."""

    def __init__(self, b: Batch, starts: Sequence[GameState], dealt: Dealt | None = None
                 ) -> None:
        comps = starts[0].components
        tiles, index = objective_tables([s.components for s in starts])
        # need[tile, side, scope, resource]: side 0 full, 1 mitigated; scope 0 "each" (the
        # least any seat holds must reach it), 1 "one" (the most one seat holds); 0: no need
        self.need = np.zeros((len(tiles), 2, 2, len(REQUIREMENTS)), np.int64)
        for i, tile in enumerate(tiles):
            for s, side in enumerate((tile.full, tile.mitigated)):
                for req in side:
                    cell = (i, s, 0 if req.scope == "each" else 1,
                            REQUIREMENTS.index(req.resource))
                    self.need[cell] = max(self.need[cell], req.amount)
        self.price = np.array([[getattr(t.mitigate_cost, k) for k in PRICE] for t in tiles],
                              np.int64).reshape(-1, 4)
        self.tile_season = np.array([t.season for t in tiles], np.int64)
        supplies = ({t.season: t.supplies.astuple() for t in comps.coop_river}
                    if starts[0].config.options.coop_supplies else {})
        self.supplies = {s: supplies.get(s) for s in (1, 2, 3)}
        G, n = b.G, b.n
        by_id = {id(s): s for s in starts}  # the ranking gives each world once per choice
        worlds = list(by_id.values())
        depth = max(1, max(len(st) for s in worlds for st in s.objective_stacks))
        most = 3 * depth + max(len(s.objectives) for s in worlds)
        pool = _last_pools([s.components for s in worlds], index)
        row = {key: r for r, key in enumerate(by_id)}
        which = np.fromiter((row[id(s)] for s in starts), np.intp, len(starts))
        S = len(by_id)
        stack = np.full((S, 3, depth), -1, np.int64)
        shown = np.full((S, most), -1, np.int64)  # revealed tiles, in reveal order
        mitigated = np.zeros((S, most), bool)
        count = np.zeros(S, np.int64)
        taken = np.zeros((S, n, 4), np.int64)  # this round: food, human, doctor, protector
        public: dict[tuple[object, ...], tuple[list[int], list[bool], list[list[int]]]] = {}
        for g, start in enumerate(worlds):
            at = index[start.components.fingerprint]
            for season, tiles_left in enumerate(start.objective_stacks):
                if tiles_left:
                    stack[g, season, :len(tiles_left)] = [at[t] for t in tiles_left]
            # what every world of one position shares (the revealed tiles, what each seat
            # took this round), worked out once
            key = (start.components.fingerprint, start.objectives,
                   tuple(p.taken for p in start.players))
            if key not in public:
                public[key] = ([at[t] for t, _ in start.objectives],
                               [m for _, m in start.objectives],
                               [[getattr(p.taken, k) for k in PRICE] for p in start.players])
            ids, flags, took = public[key]
            if ids:
                shown[g, :len(ids)], mitigated[g, :len(ids)] = ids, flags
            count[g] = len(ids)
            taken[g] = took
        if dealt is not None:  # one position's worlds: the stacks dealt, the rest its own
            which = np.zeros(G, np.intp)
        # one row per game (indexing copies: each game's arrays are its own)
        self.stack = stack[which] if dealt is None else dealt.stack[dealt.which]
        self.shown, self.mitigated = shown[which], mitigated[which]
        self.count, self.taken = count[which], taken[which]
        self.failed = np.zeros(G, bool)
        # the last check's chance (evaluation.last_check_chance): 1 until then, 0 once lost
        self.chance = np.ones(G)
        self.last_pool = pool[which]
        size = pool.shape[1] + 1  # C(a, k) for a, k up to the largest pool
        self.comb = np.array([[math.comb(a, k) for k in range(size)] for a in range(size)],
                             dtype=float)
        self.frozen: dict[str, np.ndarray] = {}
        self.frozen_ctr = np.zeros(G, np.int64)

    # -- what the players hold ---------------------------------------------------------
    # numpy's reductions over a short axis (seats, requirements, prices) cost ten times an
    # elementwise pass per column, so these run column by column.
    def extremes(self, b: Batch, games: np.ndarray | None = None
                  ) -> tuple[np.ndarray, np.ndarray]:
        """(games, 8) twice: the least and the most of each Objective resource a seat holds
        now (a requirement for each seat reads the least, one for some seat the most); of
        ``games`` only, if given.
        Mirrors :func:`precog.engine.scoring.holding`."""
        food, healthy, contaminated, doctors, protectors, bat = (
            (b.food, b.healthy, b.contaminated, b.doctors, b.protectors, b.bat)
            if games is None else
            (b.food[games], b.healthy[games], b.contaminated[games], b.doctors[games],
             b.protectors[games], b.bat[games]))
        columns = (food, healthy, contaminated, healthy + contaminated, doctors, protectors,
                   doctors + protectors, _last_axis_sum(bat))
        least = np.empty((len(food), len(columns)), np.int64)
        most = np.empty_like(least)
        for k, held in enumerate(columns):
            low, high = held[:, 0].astype(np.int64), held[:, 0].astype(np.int64)
            for seat in range(1, b.n):
                np.minimum(low, held[:, seat], out=low)
                np.maximum(high, held[:, seat], out=high)
            least[:, k], most[:, k] = low, high
        return least, most

    def met(self, b: Batch, tiles: np.ndarray, side: np.ndarray | int = 0,
            ext: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
        """Whether each game's tile (games,) side is met now (a tile of -1: met); ``ext``:
        :meth:`extremes`, if the caller has them.
        Mirrors :func:`precog.engine.scoring.requirement_met`."""
        least, most = self.extremes(b) if ext is None else ext
        need = self.need[np.maximum(tiles, 0), side]  # (games, scope, resource)
        return _rows_all((least >= need[:, 0]) & (most >= need[:, 1])) | (tiles < 0)

    def stack_top(self, season: int, games: np.ndarray | None = None) -> np.ndarray:
        """Each game's next face-down tile of ``season`` (-1: none left; nothing is revealed
        in a batch, so it is the stack's first); of ``games`` only, if given.
        Mirrors :func:`precog.engine.action_phase.options`."""
        top = self.stack[:, season - 1, 0]
        return top if games is None else top[games]

    def purse(self, b: Batch, seats: np.ndarray, games: np.ndarray) -> np.ndarray:
        """(games, 4): what each of ``games``' seat can pay a mitigation with, by price kind:
        the least of what it took this round and what it holds (the engine wants both).
        Mirrors :func:`precog.engine.action_phase.why_illegal`."""
        s = seats[games]
        held = np.stack([b.food[games, s], b.healthy[games, s] + b.contaminated[games, s],
                         b.doctors[games, s], b.protectors[games, s]], axis=1)
        return np.minimum(self.taken[games, s], held)

    def can_pay(self, tiles: np.ndarray, purse: np.ndarray) -> np.ndarray:
        """The engine's mitigation test for each game's tile, paid from :meth:`purse`.
        Mirrors :func:`precog.engine.action_phase.why_illegal`."""
        return _rows_all(purse >= self.price[np.maximum(tiles, 0)]) & (tiles >= 0)

    def can_reveal(self, b: Batch, seats: np.ndarray, season: int,
                   games: np.ndarray) -> np.ndarray:
        """Mirrors :func:`precog.engine.action_phase.why_illegal`."""
        return ((self.stack_top(season, games) >= 0)
                & (b.healthy[games, seats[games]] >= REVEAL_COST[season]))

    # -- the Objective steps -------------------------------------------------------------
    def options(self, b: Batch, seats: np.ndarray, season: int,
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

    def step(self, b: Batch, seats: np.ndarray, season: int,
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

    def mitigate(self, b: Batch, games: np.ndarray, slot: np.ndarray,
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

    def seat_turn(self, b: Batch, seat: int) -> None:
        """The seat's Objective steps after its gains, until it says ``done``.
        Mirrors :func:`precog.engine.action_phase.after_gains`."""
        seats = np.full(b.G, seat)
        season = b.season
        live = np.ones(b.G, bool)
        while live.any():
            live = self.step(b, seats, season, live) & live

    def team_window(self, b: Batch) -> None:
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
    def island(self, b: Batch, at_island: np.ndarray) -> None:
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

    def last_chance(self, b: Batch, revealed_fail: np.ndarray,
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

    def freeze(self, b: Batch, games: np.ndarray) -> None:
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

    def new_round(self, b: Batch) -> None:
        """Mirrors :func:`precog.engine.maintenance.coop_supplies`: as a season begins, its
        supplies arrive (what was taken is forgotten at the discard, :meth:`Batch.discard`)."""
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
