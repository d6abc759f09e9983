"""The cooperative mode's Objective tiles as the batch's arrays, and what the players hold
against them.

:class:`ObjectiveArrays` holds a batch's Objective stacks, the revealed tiles and whether each
was mitigated, what each seat took this round (mitigation is paid from it), every tile's
requirements (full and mitigated side) and mitigation price, the seasons' supplies; it answers
whether a tile is met now and what a seat can pay. :mod:`precog.analysis.playouts.batch_coop`
plays the Objective steps and checks with them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from precog.engine import GameState
from precog.engine.components import Components, ObjectiveTile
from precog.engine.faces import face_values
from precog.engine.state import REVEAL_COST

if TYPE_CHECKING:
    from precog.analysis.playouts.batch_state import BatchState, Dealt

REQUIREMENTS = ("food", "healthy", "contaminated", "humans", "doctor", "protector", "ymune",
                "battery")
PRICE = ("food", "human", "doctor", "protector")  # the mitigation price, in this order
LAST_SEASON = 3


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


def _season_pools(worlds: Sequence[Components], index: dict[str, dict[str, int]]
                  ) -> np.ndarray:
    """(worlds, seasons, tiles): each world's Objective tiles of each season, as indices of
    :func:`objective_tables` (-1 pads)."""
    by_print: dict[str, list[list[int]]] = {}
    for w in worlds:
        if w.fingerprint not in by_print:
            by_print[w.fingerprint] = [[index[w.fingerprint][o.id] for o in w.objectives
                                        if o.season == season] for season in (1, 2, 3)]
    pools = [by_print[w.fingerprint] for w in worlds]
    widest = max([1] + [len(tiles) for p in pools for tiles in p])
    out = np.full((len(pools), 3, widest), -1, np.int64)
    for g, p in enumerate(pools):
        for season, tiles in enumerate(p):
            out[g, season, :len(tiles)] = tiles
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


def _requirement_arrays(tiles: list[ObjectiveTile]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(need, price, season) of every tile: need[tile, side, scope, resource], side 0 full,
    1 mitigated; scope 0 "each" (the least any seat holds must reach it), 1 "one" (the most
    one seat holds); 0: no need. The price by :data:`PRICE`, and the tile's season."""
    need = np.zeros((len(tiles), 2, 2, len(REQUIREMENTS)), np.int64)
    for i, tile in enumerate(tiles):
        for s, side in enumerate((tile.full, tile.mitigated)):
            for req in side:
                cell = (i, s, 0 if req.scope == "each" else 1, REQUIREMENTS.index(req.resource))
                need[cell] = max(need[cell], req.amount)
    price = np.array([[getattr(t.mitigate_cost, k) for k in PRICE] for t in tiles],
                     np.int64).reshape(-1, 4)
    return need, price, np.array([t.season for t in tiles], np.int64)


def _position_arrays(worlds: list[GameState], index: dict[str, dict[str, int]], seats: int
                     ) -> tuple[np.ndarray, ...]:
    """Per start given once: (stacks, revealed tiles, mitigated flags, revealed count, what
    each seat took this round), what every world of one position shares worked out once."""
    depth = max(1, max(len(st) for s in worlds for st in s.objective_stacks))
    most = 3 * depth + max(len(s.objectives) for s in worlds)
    count = len(worlds)
    stack = np.full((count, 3, depth), -1, np.int64)
    shown = np.full((count, most), -1, np.int64)  # revealed tiles, in reveal order
    mitigated = np.zeros((count, most), bool)
    revealed = np.zeros(count, np.int64)
    taken = np.zeros((count, seats, 4), np.int64)  # this round: food, human, doctor, protector
    public: dict[tuple[object, ...], tuple[list[int], list[bool], list[list[int]]]] = {}
    for g, start in enumerate(worlds):
        at = index[start.components.fingerprint]
        for season, tiles_left in enumerate(start.objective_stacks):
            if tiles_left:
                stack[g, season, :len(tiles_left)] = [at[t] for t in tiles_left]
        key = (start.components.fingerprint, start.objectives,
               tuple(p.taken for p in start.players))
        if key not in public:
            public[key] = ([at[t] for t, _ in start.objectives],
                           [m for _, m in start.objectives],
                           [[getattr(p.taken, k) for k in PRICE] for p in start.players])
        ids, flags, took = public[key]
        if ids:
            shown[g, :len(ids)], mitigated[g, :len(ids)] = ids, flags
        revealed[g] = len(ids)
        taken[g] = took
    return stack, shown, mitigated, revealed, taken


class ObjectiveArrays:
    """The co-op arrays of a batch (see the module doc): one row per game, each its own.
    Mirrors :class:`precog.engine.components.ObjectiveTile`."""

    def __init__(self, batch: BatchState, starts: Sequence[GameState],
                 dealt: Dealt | None = None) -> None:
        tiles, index = objective_tables([s.components for s in starts])
        self.need, self.price, self.tile_season = _requirement_arrays(tiles)
        supplies = ({t.season: t.supplies.astuple() for t in starts[0].components.coop_river}
                    if starts[0].config.options.coop_supplies else {})
        self.supplies = {s: supplies.get(s) for s in (1, 2, 3)}
        by_id = {id(s): s for s in starts}  # the ranking gives each world once per choice
        worlds = list(by_id.values())
        stack, shown, mitigated, count, taken = _position_arrays(worlds, index, batch.seat_count)
        pool = _last_pools([s.components for s in worlds], index)
        pools = _season_pools([s.components for s in worlds], index)
        row = {key: r for r, key in enumerate(by_id)}
        which = np.fromiter((row[id(s)] for s in starts), np.intp, len(starts))
        if dealt is not None:  # one position's worlds: the stacks dealt, the rest its own
            which = np.zeros(batch.game_count, np.intp)
        # one row per game (indexing copies: each game's arrays are its own)
        self.stack = stack[which] if dealt is None else dealt.stack[dealt.which]
        self.shown, self.mitigated = shown[which], mitigated[which]
        self.count, self.taken = count[which], taken[which]
        self.failed = np.zeros(batch.game_count, bool)
        # the last check's chance (evaluation.last_check_chance): 1 until then, 0 once lost
        self.chance = np.ones(batch.game_count)
        self.last_pool = pool[which]
        self.pools = pools[which]  # (games, seasons, tiles): every tile a season may show
        size = pool.shape[1] + 1  # C(a, k) for a, k up to the largest pool
        self.comb = np.array([[math.comb(a, k) for k in range(size)] for a in range(size)],
                             dtype=float)
        self.frozen: dict[str, np.ndarray] = {}
        self.frozen_used = np.zeros(batch.game_count, np.int64)

    # -- what the players hold ---------------------------------------------------------
    # numpy's reductions over a short axis (seats, requirements, prices) cost ten times an
    # elementwise pass per column, so these run column by column.
    def extremes(self, batch: BatchState, games: np.ndarray | None = None
                  ) -> tuple[np.ndarray, np.ndarray]:
        """(games, 8) twice: the least and the most of each Objective resource a seat holds
        now (a requirement for each seat reads the least, one for some seat the most); of
        ``games`` only, if given.
        Mirrors :func:`precog.engine.scoring.holding`."""
        arrays = (batch.food, batch.healthy, batch.contaminated, batch.doctors, batch.protectors,
                  batch.batteries)
        food, healthy, contaminated, doctors, protectors, batteries = (
            arrays if games is None else tuple(held[games] for held in arrays))
        columns = (food, healthy, contaminated, healthy + contaminated, doctors, protectors,
                   doctors + protectors, _last_axis_sum(batteries))
        least = np.empty((len(food), len(columns)), np.int64)
        most = np.empty_like(least)
        for k, held in enumerate(columns):
            low, high = held[:, 0].astype(np.int64), held[:, 0].astype(np.int64)
            for seat in range(1, batch.seat_count):
                np.minimum(low, held[:, seat], out=low)
                np.maximum(high, held[:, seat], out=high)
            least[:, k], most[:, k] = low, high
        return least, most

    def met(self, batch: BatchState, tiles: np.ndarray, side: np.ndarray | int = 0,
            holdings: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
        """Whether each game's tile (games,) side is met now (a tile of -1: met); ``holdings``:
        :meth:`extremes`, if the caller has them.
        Mirrors :func:`precog.engine.scoring.requirement_met`."""
        least, most = self.extremes(batch) if holdings is None else holdings
        need = self.need[np.maximum(tiles, 0), side]  # (games, scope, resource)
        return _rows_all((least >= need[:, 0]) & (most >= need[:, 1])) | (tiles < 0)

    def stack_top(self, season: int, games: np.ndarray | None = None) -> np.ndarray:
        """Each game's next face-down tile of ``season`` (-1: none left; the stack's first, a
        reveal shifting the rest up); of ``games`` only, if given.
        Mirrors :func:`precog.engine.action_phase.options`."""
        top = self.stack[:, season - 1, 0]
        return top if games is None else top[games]

    def purse(self, batch: BatchState, seats: np.ndarray, games: np.ndarray) -> np.ndarray:
        """(games, 4): what each of ``games``' seat can pay a mitigation with, by price kind:
        the least of what it took this round and what it holds (the engine wants both).
        Mirrors :func:`precog.engine.action_phase.why_illegal`."""
        seat = seats[games]
        held = np.stack([batch.food[games, seat],
                         batch.healthy[games, seat] + batch.contaminated[games, seat],
                         batch.doctors[games, seat], batch.protectors[games, seat]], axis=1)
        return np.minimum(self.taken[games, seat], held)

    def can_pay(self, tiles: np.ndarray, purse: np.ndarray) -> np.ndarray:
        """The engine's mitigation test for each game's tile, paid from :meth:`purse`.
        Mirrors :func:`precog.engine.action_phase.why_illegal`."""
        return _rows_all(purse >= self.price[np.maximum(tiles, 0)]) & (tiles >= 0)

    def can_reveal(self, batch: BatchState, seats: np.ndarray, season: int,
                   games: np.ndarray) -> np.ndarray:
        """Mirrors :func:`precog.engine.action_phase.why_illegal`."""
        return ((self.stack_top(season, games) >= 0)
                & (batch.healthy[games, seats[games]] >= REVEAL_COST[season]))

