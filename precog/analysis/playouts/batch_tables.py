"""Component data as the batch's arrays: cards and River tiles by index, every pair of
cards' resolved Costs and gains, the Ymune splits, built once per component set and kept.

Worlds of a partly-known box share every known face; an unknown card or River tile gets one
row per face it has in some world (:func:`tables`), each game reading its own world's
(:meth:`Tables.cards_of`, :meth:`Tables.remaps`). What depends only on the component set is
kept by its fingerprint (never shared between two sets; at most ``CACHE_SETS`` sets).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from precog.analysis.playing.policy_points import X_GUESS
from precog.engine import CardType, GameState
from precog.engine.components import Components

TYPES = {CardType.FOOD: 0, CardType.HUMAN: 1, CardType.BATTERY: 2, CardType.YMUNE: 3}
TYPE_NAMES = {"Food": 0, "Human": 1, "Battery": 2, "Ymune": 3}
RECEIVED_NAMES = {**TYPE_NAMES, "any": 4, "Doctor": 5, "Protector": 6}
FOOD, HUMAN, BATTERY, YMUNE, DOCTOR, PROTECTOR, HEAL = range(7)
INT = np.int32  # the batch's arrays (half the memory traffic of int64)
MAXY = 8  # Ymune split tables cover up to 7 of each kind on offer
MAXC = 10  # resolved Costs 0..9 index the condition tables
CACHE_SETS = 32  # component sets whose tables are kept (each world of a box is a set)


def _split_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For (free, doctor, protector) Ymunes on offer: the engine's list of (D, P) splits, and
    the index of the split with ``w`` Protectors that places every Ymune."""
    lists = {}
    for y in range(MAXY):
        for d0 in range(MAXY):
            for p0 in range(MAXY):
                lists[y, d0, p0] = [(d, p) for d in range(d0 + y, -1, -1)
                                    for p in range(p0 + y, -1, -1)
                                    if max(0, d - d0) + max(0, p - p0) <= y]
    width = max(len(v) for v in lists.values())
    count = np.zeros((MAXY, MAXY, MAXY), dtype=np.int64)
    doc = np.zeros((MAXY, MAXY, MAXY, width), dtype=np.int64)
    pro = np.zeros_like(doc)
    full = np.zeros((MAXY, MAXY, MAXY, 3 * MAXY), dtype=np.int64)
    for (y, d0, p0), splits in lists.items():
        count[y, d0, p0] = len(splits)
        total = y + d0 + p0
        for i, (d, p) in enumerate(splits):
            doc[y, d0, p0, i], pro[y, d0, p0, i] = d, p
            if d + p == total:
                full[y, d0, p0, p] = i
    return count, doc, pro, full


SPLIT_COUNT, SPLIT_D, SPLIT_P, SPLIT_FULL = _split_tables()


@dataclass
class Tables:
    """Component data as arrays (cards by index, River tiles by index).
    Mirrors :class:`precog.engine.components.Components`."""

    card_ids: list[str]
    card_index: dict[str, int]
    ctype: np.ndarray
    cost: np.ndarray  # -1: X
    gain: np.ndarray  # -1: X
    bonus: np.ndarray  # (cards, 7)
    bane: np.ndarray
    tile_ids: list[str]
    tile_index: dict[str, int]
    tile_gain: np.ndarray  # (tiles, 7)
    tile_loss: np.ndarray  # (tiles, 5): food, healthy, contaminated, doctor, protector
    island: np.ndarray
    worlds: dict[str, tuple[dict[str, int], dict[str, int]]] | None = None
    _remaps: tuple[dict[str, int], np.ndarray, np.ndarray] | None = None
    _pairs: Pairs | None = None
    _facts: np.ndarray | None = None

    def cards_of(self, comps: Components) -> tuple[dict[str, int], dict[str, int]]:
        """(card id -> index, tile id -> index) in the world ``comps``.
        Mirrors :meth:`precog.engine.state.GameState.card`."""
        if self.worlds is None:
            return self.card_index, self.tile_index
        return self.worlds[comps.fingerprint]

    def pairs(self) -> Pairs:
        """What each card gives, costs and reads as a Machine condition paired with each
        other card (built once per tables: the Action phase looks pairs up).
        Mirrors :func:`precog.engine.machines.card_gains`."""
        if self._pairs is None:
            self._pairs = _pairs(self)
        return self._pairs

    def facts(self) -> np.ndarray:
        """Per card, as the sensible player weighs it (built once per tables): type, gain
        (an X as ``X_GUESS``), Cost (the same), Bane, and its bonus by kind (Food, Humans,
        Batteries, Ymunes, healing), one array (cards, 9) read with one lookup.
        Mirrors :func:`precog.analysis.playing.policy.card_worth`."""
        if self._facts is None:
            b = self.bonus
            self._facts = np.stack([
                self.ctype, np.where(self.gain < 0, X_GUESS, self.gain),
                np.where(self.cost < 0, X_GUESS, self.cost), self.bane, b[:, FOOD],
                b[:, HUMAN], b[:, BATTERY], b[:, YMUNE] + b[:, DOCTOR] + b[:, PROTECTOR],
                b[:, HEAL]], axis=1).astype(np.int64)
        return self._facts

    def remaps(self) -> tuple[dict[str, int], np.ndarray, np.ndarray]:
        """Per world (fingerprint -> row): the index each world gives to what the first world
        indexes as ``j``, for cards ``[row, j]`` and River tiles (built once per tables), so
        that a batch of several worlds is encoded with the first world's dicts and one
        lookup.
        Mirrors :func:`precog.engine.faces.draw_world`."""
        if self._remaps is None:
            worlds = self.worlds or {"": (self.card_index, self.tile_index)}
            order = {fp: w for w, fp in enumerate(worlds)}
            cards = np.tile(np.arange(len(self.card_ids), dtype=INT), (len(worlds), 1))
            tiles = np.tile(np.arange(len(self.tile_ids), dtype=INT), (len(worlds), 1))
            for fp, (card_index, tile_index) in worlds.items():
                w = order[fp]
                for ident, j in self.card_index.items():
                    cards[w, j] = card_index[ident]
                for ident, j in self.tile_index.items():
                    tiles[w, j] = tile_index[ident]
            self._remaps = (order, cards, tiles)
        return self._remaps


@dataclass(frozen=True)
class Pairs:
    """Per pair of cards ``[a, b]`` activated together: ``a``'s resolved Cost (an X Cost is
    the other card's, 0 if both are X), what ``a`` gives (an X gain is ``b``'s resolved Cost;
    the bonus when both are of one type) and the pair's key in the condition tables.
    Mirrors :func:`precog.engine.machines.resolved_costs`."""

    cost: np.ndarray  # (cards, cards)
    gains: np.ndarray  # (cards, cards, 7)
    cond_key: np.ndarray  # (cards, cards)


def _pairs(tables: Tables) -> Pairs:
    a = np.arange(len(tables.card_ids))[:, None]
    b = np.arange(len(tables.card_ids))[None, :]
    ca, cb = tables.cost[a], tables.cost[b]
    both_x = (ca < 0) & (cb < 0)
    cost = np.where(both_x, 0, np.where(ca < 0, cb, ca))
    gain = tables.gain[a]
    amount = np.where(gain < 0, cost.T, gain)  # b's resolved Cost when paired with a
    same = (tables.ctype[a] == tables.ctype[b]).astype(np.int64)
    kinds = np.arange(7)
    gains = (tables.ctype[a][..., None] == kinds) * amount[..., None] + \
        tables.bonus[a] * same[..., None]
    key = pair_key(tables.ctype[a], tables.ctype[b], (tables.bane[a] > 0).astype(np.int64),
                   (tables.bane[b] > 0).astype(np.int64), np.minimum(cost, MAXC - 1),
                   np.minimum(cost.T, MAXC - 1))
    return Pairs(cost.astype(INT), gains.astype(INT), np.asarray(key, np.int64))


def pair_key(ta: Any, tb: Any, ba: Any, bb: Any, ca: Any, cb: Any) -> Any:
    """Mirrors :class:`precog.engine.machines.Context`."""
    return ((((ta * 4 + tb) * 2 + ba) * 2 + bb) * MAXC + ca) * MAXC + cb


def given_key(gt: Any, gb: Any, gc: Any) -> Any:
    """Mirrors :class:`precog.engine.machines.Context`."""
    return (gt * 2 + gb) * MAXC + gc


_TABLES: dict[tuple[str, ...], Tables] = {}


def world_key(starts: Sequence[GameState]) -> tuple[str, ...]:
    """The worlds a batch's starts are played in: their component sets' fingerprints (one
    for the reference set or a whole box; one per sampled world of a partly-known box).
    Mirrors :class:`precog.engine.components.Components`."""
    return tuple(sorted({s.components.fingerprint for s in starts}))


def tables(comps: Components | Sequence[Components]) -> Tables:
    """The card and River tile arrays of one component set, or of several worlds of one box.

    Worlds of a partly-known box share every known face; an unknown card or tile gets one
    index per face it has in some world, so each game of the batch reads its own world's
    faces (:meth:`Tables.cards_of` gives each world's id -> index).
    Mirrors :class:`precog.engine.components.Components`."""
    worlds = [comps] if isinstance(comps, Components) else list(
        {c.fingerprint: c for c in comps}.values())
    key = tuple(sorted(c.fingerprint for c in worlds))
    found = _TABLES.get(key)
    if found is not None:
        return found
    made = _build_tables(worlds)
    if len(_TABLES) >= CACHE_SETS:
        _TABLES.clear()
    _TABLES[key] = made
    return made


def _build_tables(worlds: list[Components]) -> Tables:
    from precog.engine.faces import face_values

    first = worlds[0]
    unknown = first.unknown
    ids = sorted(first.cards)
    cards = [first.cards[i] for i in ids]
    known = {c: i for i, c in enumerate(ids)}
    variants: dict[tuple[str, object], int] = {}
    tiles: list[Any] = list(first.river) + list(first.islands)
    tile_known = {tile.id: j for j, tile in enumerate(tiles)}
    per_world: dict[str, tuple[dict[str, int], dict[str, int]]] = {}
    claimed: set[str] = set()  # unknown ids whose own slot holds some world's face
    for world in worlds:
        card_index, tile_index = dict(known), dict(tile_known)
        for ident in sorted(unknown):
            face: Any = world.cards.get(ident) or world.river_by_id.get(ident)
            if face is None:
                continue  # an Objective: the co-op arrays read it per world
            is_card = ident in known
            pool: list[Any] = cards if is_card else tiles
            slot = variants.get((ident, face_values(face)))
            if slot is None:
                if ident in claimed:
                    slot = len(pool)
                    pool.append(face)
                else:
                    slot = known[ident] if is_card else tile_known[ident]
                    pool[slot] = face
                    claimed.add(ident)
                variants[ident, face_values(face)] = slot
            (card_index if is_card else tile_index)[ident] = slot
        per_world[world.fingerprint] = (card_index, tile_index)
    tile_gain = np.zeros((len(tiles), 7), dtype=np.int64)
    tile_loss = np.zeros((len(tiles), 5), dtype=np.int64)
    island = np.zeros(len(tiles), bool)
    islands = {tile.id for tile in first.islands}
    for j, tile in enumerate(tiles):
        if tile.id in islands:
            island[j] = True
        else:
            tile_gain[j] = tile.gains.astuple()
            tile_loss[j] = tile.losses.astuple()
    return Tables(
        card_ids=[c.id for c in cards], card_index=per_world[first.fingerprint][0],
        ctype=np.array([TYPES[c.type] for c in cards], dtype=np.int16),
        cost=np.array([-1 if c.cost is None else c.cost for c in cards], dtype=np.int64),
        gain=np.array([-1 if c.gain is None else c.gain for c in cards], dtype=np.int64),
        bonus=np.array([c.bonus.astuple() for c in cards], dtype=np.int64).reshape(-1, 7),
        bane=np.array([c.bane for c in cards], dtype=np.int64),
        tile_ids=[tile.id for tile in tiles], tile_index=per_world[first.fingerprint][1],
        tile_gain=tile_gain, tile_loss=tile_loss, island=island, worlds=per_world)

