"""The Machines in the batch: every Machine condition of a component set as lookup tables, and
each pair of Machine Rooms a batch meets as rows of stacked arrays (battery slots, effects by
set of powered Machines, conditions met by pair of cards), kept per box (the worlds of a box
share its Machine Rooms).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from precog.analysis.playouts.batch_tables import (
    CACHE_SETS,
    INT,
    MAXC,
    RECEIVED_NAMES,
    TYPES,
    given_key,
    pair_key,
)
from precog.engine.components import Components

MACHINE_BITS = 1 << np.arange(6)  # a set of a Boat's six Machines as a number 0..63


@dataclass
class Conditions:
    """Every Machine condition of a component set as lookup tables, built by asking the
    engine's own ``condition_met`` about every situation a condition can look at.
    Mirrors :func:`precog.engine.machines.condition_met`."""

    index: dict[object, int]
    scope: np.ndarray  # 0 pair, 1 given, 2 received
    pair: np.ndarray  # (conditions, 4*4*2*2*MAXC*MAXC): kept/received types, Banes, Costs
    given: np.ndarray  # (conditions, 4*2*MAXC): given card's type, Bane, resolved Cost
    received_n: np.ndarray  # received: at least n ...
    received_what: np.ndarray  # ... of Food 0, Human 1, Battery 2, Ymune 3, anything 4,
    #                             Doctor 5, Protector 6



def _conditions(comps: Components) -> Conditions:
    from precog.engine.components import Card, Gains
    from precog.engine.machines import Context, condition_met

    types = list(TYPES)
    found = sorted({m.condition for r in comps.rooms for face in (r.standard, r.advanced)
                    for m in face}, key=lambda c: c.text)
    index: dict[object, int] = {c: i + 1 for i, c in enumerate(found)}  # 0: never met
    n = len(found) + 1
    scope = np.zeros(n, np.int8)
    pair = np.zeros((n, 4 * 4 * 2 * 2 * MAXC * MAXC), bool)
    given = np.zeros((n, 4 * 2 * MAXC), bool)
    rec_n = np.full(n, 99, np.int64)
    rec_what = np.zeros(n, np.int64)

    cards = {(kind, b, c): Card(id="?", deck="?", type=types[kind], cost=c, gain=0,
                                bonus=Gains(), bane=b, season=2)
             for kind in range(4) for b in range(2) for c in range(MAXC)}
    blank = cards[0, 0, 0]
    pairs = [(pair_key(ta, tb, ba, bb, ca, cb),
              Context(kept=cards[ta, ba, ca], received_card=cards[tb, bb, cb], given=None,
                      given_cost=0, received=Gains()))
             for ta in range(4) for tb in range(4) for ba in range(2) for bb in range(2)
             for ca in range(MAXC) for cb in range(MAXC)]
    gives = [(given_key(gt, gb, gc),
              Context(kept=blank, received_card=blank, given=cards[gt, gb, gc], given_cost=gc,
                      received=Gains()))
             for gt in range(4) for gb in range(2) for gc in range(MAXC)]
    for cond in found:
        i = index[cond]
        if cond.scope == "pair":
            for key, ctx in pairs:
                pair[i, key] = condition_met(cond, ctx)
        elif cond.scope == "given":
            scope[i] = 1
            for key, ctx in gives:
                given[i, key] = condition_met(cond, ctx)
        else:
            scope[i] = 2
            what = str(cond.args[1])
            rec_n[i] = int(cond.args[0])
            rec_what[i] = RECEIVED_NAMES[what]
    return Conditions(index, scope, pair, given, rec_n, rec_what)


_CONDITIONS: dict[str, Conditions] = {}


def conditions(comps: Components) -> Conditions:
    """Mirrors :func:`precog.engine.machines.condition_met`."""
    found = _CONDITIONS.get(comps.box_id)  # the worlds of a box share its Machine Rooms
    if found is None:
        if len(_CONDITIONS) >= CACHE_SETS:
            _CONDITIONS.clear()
        found = _CONDITIONS[comps.box_id] = _conditions(comps)
    return found


class _RoomTable:
    """Each pair of Machine Rooms met so far, as rows of stacked arrays: battery slots (6,),
    effects (6, 7), condition ids (6,)."""

    _tables: dict[tuple[str, bool], _RoomTable] = {}

    def __init__(self, comps: Components, advanced: bool) -> None:
        self.comps, self.advanced = comps, advanced
        self.rows: dict[tuple[str, ...], int] = {}
        self.caps: list[list[int]] = []
        self.effects: list[list[tuple[int, ...]]] = []
        self.conditions: list[list[int]] = []
        self._arrays: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None = None
        self._bits: tuple[np.ndarray, np.ndarray] | None = None

    @classmethod
    def get(cls, comps: Components, advanced: bool) -> _RoomTable:
        key = (comps.box_id, advanced)  # the worlds of a box share its Machine Rooms
        found = cls._tables.get(key)
        if found is None:
            if len(cls._tables) >= CACHE_SETS:
                cls._tables.clear()
            found = cls._tables[key] = cls(comps, advanced)
        return found

    def id(self, rooms: tuple[str, ...]) -> int:
        found = self.rows.get(rooms)
        if found is None:
            face = [m for r in rooms[:2] for m in self.comps.room_by_id[r].face(self.advanced)]
            index = conditions(self.comps).index
            self.caps.append([m.batteries for m in face])
            self.effects.append([m.effect.astuple() for m in face])
            self.conditions.append([index[m.condition] for m in face])
            found = self.rows[rooms] = len(self.caps) - 1
            self._arrays = self._bits = None
        return found

    def ids(self, rooms: Iterable[tuple[str, ...]]) -> list[int]:
        """:meth:`id` of each pair of rooms (the rows met before found by one lookup)."""
        rooms = list(rooms)
        rows = list(map(self.rows.get, rooms))
        if None in rows:
            return [self.id(r) for r in rooms]
        return rows  # type: ignore[return-value]  # no None left

    def pair_bits(self) -> tuple[np.ndarray, np.ndarray]:
        """Per row and per pair key (:func:`pair_key`), which of its six Machines' conditions
        on the pair are met (a bit each); and per row, whether a condition looks at
        something else (the card given left, what the cards gave)."""
        if self._bits is None or len(self._bits[0]) != len(self.conditions):
            table = conditions(self.comps)
            ids = np.array(self.conditions, np.int64).reshape(-1, 6)
            on_pair = (table.scope[ids] == 0)[..., None] & table.pair[ids]
            bits = np.einsum("rmk,m->rk", on_pair.astype(np.int64), MACHINE_BITS)
            self._bits = (bits.astype(np.int64), (table.scope[ids] != 0).any(axis=1))
        return self._bits

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(battery slots, effects, condition ids, effect sums): the effect sums are, per row
        and per set of its six Machines (a bit each), what those Machines give together."""
        if self._arrays is None:
            effects = np.array(self.effects, INT)
            bits = (np.arange(64)[:, None] >> np.arange(6)) & 1  # (64 sets, 6 Machines)
            sums = np.einsum("sm,rmk->rsk", bits, effects).astype(INT)
            self._arrays = (np.array(self.caps, INT), effects,
                            np.array(self.conditions, np.int64), sums)
        return self._arrays
