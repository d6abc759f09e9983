"""Fast rollouts: many games played at once with numpy, the same as the engine would play them.

A rollout policy (the sensible player :class:`precog.analysis.playing.policy.SensiblePolicy`, or the
random baseline :class:`precog.analysis.playouts.rollouts.RandomPolicy`) picks an action index from
one uniform number per decision that has more than one legal action. This module keeps every game
of a batch as arrays and plays them in lock step, stage by stage in the engine's order
(Decision seat by seat; each seat's Action phase: activation, then the gains on offer one kind
at a time, Food, Humans, Ymunes, healing, each Battery, then its powered Machines' gains, then
in the cooperative mode its Objective steps; the team window; Maintenance seat by seat; the
River seat by seat; the Islands and the season's Objectives), enumerating each
decision's legal actions in the engine's order. It is a mirror of the rules for speed only:
the engine stays the authority, and tests/analysis/test_rollouts_match_engine.py plays the
same seeded games both ways and requires identical final positions.

Scope: every mode from the start of a Decision phase. The random baseline is mirrored for the
competitive and team modes; the sensible player (:mod:`precog.analysis.playouts.batch_policy`) for
all three, the cooperative Objectives, team window and supplies included
(:mod:`precog.analysis.playouts.batch_coop`). A policy the batch does not mirror is played through
the engine, with the same results as arrays.

Any component set: the reference set, a whole box of your own, or the sampled worlds of a
partly-known box. The worlds a seat's determinizations draw differ in their unknown faces; one
batch plays them together, an unknown card, River tile or Objective getting one row of the
tables per face it has in some world (:func:`tables`), each game reading its own world's.

Speed: what depends only on the component set is built once per set and kept, keyed by its
fingerprint (never shared between two sets; at most ``CACHE_SETS`` sets): the cards' and River
tiles' arrays, every pair of cards' resolved Costs, gains and condition key
(:meth:`Tables.pairs`), the sensible player's card facts (:meth:`Tables.facts`), and per
pair of Machine Rooms (kept per box, whose worlds share them) the Machines' slots, effects by
set of powered Machines and conditions by pair key. The starts are encoded from flat lists
of all their players at once (:meth:`Batch._load`), several worlds through one remap array.
The ranking's sampled worlds of one position skip the positions altogether: they come dealt
as arrays (:class:`Dealt`, :func:`run_dealt`), only the position's public parts encoded once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import chain
from operator import attrgetter
from typing import Any

import numpy as np

from precog.analysis.playing.policy import X_GUESS, SensiblePolicy, gives_to_friend
from precog.analysis.playouts import batch_policy as bp
from precog.analysis.playouts.batch_coop import FROZEN as FROZEN_FIELDS
from precog.analysis.playouts.batch_coop import Coop
from precog.analysis.playouts.uniform_row import (
    UniformRow,
    check_width,
    keep_give_columns,
    other_column,
)
from precog.analysis.projection.evaluation import coop_share
from precog.engine import CardType, GameState, Phase
from precog.engine.components import Components
from precog.engine.formulas import feeding, healed, protectors_against, season_of
from precog.engine.machines import LINE_SCOPE  # noqa: F401  (documents the condition scopes)
from precog.engine.scoring import TEAMS
from precog.engine.state import BANE_MAX, ROUNDS

TYPES = {CardType.FOOD: 0, CardType.HUMAN: 1, CardType.BATTERY: 2, CardType.YMUNE: 3}
TYPE_NAMES = {"Food": 0, "Human": 1, "Battery": 2, "Ymune": 3}
RECEIVED_NAMES = {**TYPE_NAMES, "any": 4, "Doctor": 5, "Protector": 6}
FOOD, HUMAN, BATTERY, YMUNE, DOCTOR, PROTECTOR, HEAL = range(7)
INT = np.int32  # the batch's arrays (half the memory traffic of int64)
MACHINE_BITS = 1 << np.arange(6)  # a set of a Boat's six Machines as a number 0..63
MAXY = 8  # Ymune split tables cover up to 7 of each kind on offer
# The engine's Keep/Give list with 2 cards in hand (h0 h1) and 2 in the Decision Zone (d0 d1):
# keep h0 give d0, h0 d1, h1 d0, h1 d1, then keep d0 give d1, keep d1 give d0. Positions in
# (h0, h1, d0, d1) of the kept card, the given card and the two passed right (in order).
KEEP_POS = np.array([0, 0, 1, 1, 2, 3])
GIVE_POS = np.array([2, 3, 2, 3, 3, 2])
REST_POS = np.array([[1, 3], [1, 2], [0, 3], [0, 2], [0, 1], [0, 1]])


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


MAXC = 10  # resolved Costs 0..9 index the condition tables


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


def pair_key(ta: Any, tb: Any, ba: Any, bb: Any, ca: Any, cb: Any) -> Any:
    """Mirrors :class:`precog.engine.machines.Context`."""
    return ((((ta * 4 + tb) * 2 + ba) * 2 + bb) * MAXC + ca) * MAXC + cb


def given_key(gt: Any, gb: Any, gc: Any) -> Any:
    """Mirrors :class:`precog.engine.machines.Context`."""
    return (gt * 2 + gb) * MAXC + gc


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


CACHE_SETS = 32  # component sets whose tables are kept (each world of a box is a set)
_CONDITIONS: dict[str, Conditions] = {}


def conditions(comps: Components) -> Conditions:
    """Mirrors :func:`precog.engine.machines.condition_met`."""
    found = _CONDITIONS.get(comps.box_id)  # the worlds of a box share its Machine Rooms
    if found is None:
        if len(_CONDITIONS) >= CACHE_SETS:
            _CONDITIONS.clear()
        found = _CONDITIONS[comps.box_id] = _conditions(comps)
    return found


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


def supports(starts: Sequence[GameState]) -> bool:
    """Whether the batch can play these starts (same game, each at the start of the same
    round's Decision phase, no choice made yet). The starts may be different worlds of one
    partly-known box (their unknown faces sampled apart): each game reads its own world's.
    Mirrors :func:`precog.engine.decision.options`."""
    if not starts:
        return False
    first = starts[0]
    rules, box = _rules(first), first.components.box_id
    for s in {id(s): s for s in starts}.values():  # a start given more than once: once
        if (s.phase is not Phase.DECISION or s.round != first.round
                or (s.config is not first.config and _rules(s) != rules)
                or (s.components is not first.components and s.components.box_id != box)
                or s.choices.count(None) != len(s.choices)):
            return False
    return True


def _rules(s: GameState) -> tuple[object, ...]:
    c = s.config
    return (c.players, c.mode, c.setup, c.difficulty, c.options)


@dataclass
class Finals:
    """Final Boats of a batch: arrays (games, seats).
    Mirrors :class:`precog.engine.state.PlayerState`."""

    food: np.ndarray
    healthy: np.ndarray
    contaminated: np.ndarray
    doctors: np.ndarray
    protectors: np.ndarray
    bane: np.ndarray
    batteries: np.ndarray  # (games, seats, 6)
    decisions: np.ndarray  # uniforms used per game
    failed: np.ndarray | None = None  # co-op: games lost on an Objective
    chance: np.ndarray | None = None  # co-op: evaluation.last_check_chance (0: lost earlier)

    def seat(self, g: int, s: int) -> tuple[Any, ...]:
        """Mirrors :attr:`precog.engine.state.PlayerState.boat`."""
        return (int(self.food[g, s]), int(self.healthy[g, s]), int(self.contaminated[g, s]),
                int(self.doctors[g, s]), int(self.protectors[g, s]), int(self.bane[g, s]),
                tuple(int(x) for x in self.batteries[g, s]))


def seat_values(finals: Any, template: GameState, seat: int) -> np.ndarray:
    """Final value per game for ``seat``, as :func:`evaluation.last_check_value` counts it
    (the score; co-op, the total times the last check's chance).
    Mirrors :func:`precog.analysis.projection.evaluation.last_check_value`."""
    assert isinstance(finals, Finals)
    if template.config.mode == "coop":
        total = finals.healthy.sum(axis=1).astype(float)
        if finals.chance is not None:
            return total * finals.chance
        return total if finals.failed is None else np.where(finals.failed, 0.0, total)
    if template.config.mode == "team":
        team = TEAMS[0] if seat in TEAMS[0] else TEAMS[1]
        return finals.healthy[:, list(team)].sum(axis=1).astype(float)
    return finals.healthy[:, seat] + 0.01 * finals.contaminated[:, seat]


@dataclass(frozen=True)
class Dealt:
    """Sampled worlds of one position as the batch reads what they hide, dealt straight into
    arrays (:class:`precog.analysis.playouts.many_worlds.Dealer`): per world, every seat's deck and
    hand (card indices of :func:`tables`, -1 pads), the River (tile indices) and the
    Objective stacks (indices of :func:`~precog.analysis.playouts.batch_coop.objective_tables`, -1
    pads); everything else is the position's own (``template``, whose hidden cards are never
    read). ``which``: the world each game of a batch plays (the ranking plays every world
    once per choice).
    Mirrors :class:`precog.engine.observation.WorldSampler`."""

    template: GameState
    deck: np.ndarray  # (worlds, seats, width)
    hand: np.ndarray  # (worlds, seats, width)
    river: np.ndarray  # (worlds, River slots)
    stack: np.ndarray  # (worlds, 3, depth)
    which: np.ndarray  # (games,)

    def games(self, times: int) -> Dealt:
        """These worlds played ``times`` over, world after world (choice after choice).
        Mirrors :class:`precog.engine.observation.WorldSampler`."""
        return replace(self, which=np.tile(np.arange(len(self.deck)), times))


class Batch:
    """The arrays of a batch of games and the stages that play them.
    Mirrors :class:`precog.engine.state.GameState`."""

    def __init__(self, starts: Sequence[GameState], rows: np.ndarray, explore: float,
                 forced: np.ndarray | None = None,
                 sensible: SensiblePolicy | None = None, dealt: Dealt | None = None) -> None:
        first = starts[0] if dealt is None else dealt.template
        self.sensible = sensible  # None: the random baseline with ``explore``
        self.friend = [gives_to_friend(first, seat) for seat in range(first.config.players)]
        self.tables = tables([s.components for s in starts] if dealt is None else first.components)
        self.pairs = self.tables.pairs()
        self.conds = conditions(first.components)
        self.n = first.config.players
        self.G = G = len(starts) if dealt is None else len(dealt.which)
        self.advanced = first.config.advanced
        self.heal_in_action = first.config.options.heal_in_action_phase
        self.offered = first.config.options.received_means_offered
        self.round = first.round
        self.U = rows
        self.W = rows.shape[1]
        check_width(self.W)
        self.flat_u = rows.reshape(-1)
        self.row_start = np.arange(G) * self.W
        self.ctr = np.zeros(G, dtype=INT)
        self.explore = explore
        self.forced = forced
        self.ar = np.arange(G)
        self.record: list[dict[str, np.ndarray]] | None = None
        # told of every stage (:mod:`precog.analysis.playouts.differential` compares it with the
        # engine)
        self.on_stage: Callable[[Batch, str, int], None] | None = None
        self.discarded: list[np.ndarray] = []  # each round's Action Zones, once discarded
        self.zeros = np.zeros(G)
        if dealt is None:
            self._load(starts)
        else:
            self._load([first], np.zeros(G, np.intp))
            self.deck, self.hand = dealt.deck[dealt.which], dealt.hand[dealt.which]
            self.river = dealt.river[dealt.which]
        self.cooperative = None if not first.config.coop else (
            Coop(self, starts) if dealt is None else Coop(self, [first], dealt))

    # -- loading -----------------------------------------------------------------------
    def _load(self, starts: Sequence[GameState], which: np.ndarray | None = None) -> None:
        """Every start's Boats, zones, Machines and River as arrays, built from flat lists of
        all the starts' players in one go (no loop per world); a start given more than once,
        as the ranking gives each world once per choice, is encoded once (``which``: the
        start each game plays, where the starts are given once each)."""
        by_id = {id(s): s for s in starts}
        if which is None:
            row = {key: r for r, key in enumerate(by_id)}
            which = np.fromiter(map(row.__getitem__, map(id, starts)), np.intp, len(starts))
        unique = list(by_id.values())
        S, n = len(unique), self.n
        players = [p for s in unique for p in s.players]
        arr = _ints(map(_BOAT, players), 6 * S * n).reshape(S, n, 6)[which]
        (self.food, self.healthy, self.contaminated, self.doctors, self.protectors,
         self.bane) = (arr[..., k].copy() for k in range(6))
        self.bat = _ints(map(_BATTERIES, players), 6 * S * n).reshape(S, n, 6)[which]
        boat_rooms = _RoomTable.get(unique[0].components, self.advanced)
        ids = np.fromiter(boat_rooms.ids(map(_ROOMS, players)), np.intp,
                          S * n).reshape(S, n)[which]
        cap, _, cond, sums = boat_rooms.arrays()
        self.rooms, self.effect_sums = ids, sums
        self.pair_bits, other = boat_rooms.pair_bits()
        self.other_scopes = bool(other[ids].any())
        self.cap, self.cond = cap[ids], cond[ids]

        order, card_remap, tile_remap = self.tables.remaps()
        world = np.zeros(S, np.intp)
        if len(order) > 1:  # several worlds: each start's own faces
            world = np.fromiter((order[s.components.fingerprint] for s in unique), np.intp, S)
        per_player = np.repeat(world, n)
        cards, tiles = self.tables.card_index, self.tables.tile_index
        self.deck = _encode(list(map(_DECK, players)), cards, 24, card_remap,
                            per_player).reshape(S, n, -1)[which]
        self.hand = _encode(list(map(_HAND, players)), cards, 2, card_remap,
                            per_player).reshape(S, n, 2)[which]
        self.dz = _encode(list(map(_DZ, players)), cards, 2, card_remap,
                          per_player).reshape(S, n, 2)[which]
        self.river = _encode([s.river for s in unique], tiles, 0, tile_remap, world)[which]
        G = self.G
        self.ptr = np.zeros((G, n), INT)
        self.action_zone = np.full((G, n, 2), -1, INT)
        self.gave = np.full((G, n), -1, INT)
        self.cgains = np.zeros((G, n, 7), INT)  # what the cards offered, or what was taken

    # -- the policy ----------------------------------------------------------------------
    def draw(self, k: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(games with more than one legal action, their uniforms); one used per such game.
        Mirrors :meth:`precog.analysis.playouts.uniform_row.UniformRow.other`."""
        sel = np.flatnonzero(k > 1)
        if not len(sel):
            return sel, self.zeros[:0]
        c = self.ctr[sel]
        u = self.flat_u[self.row_start[sel] + other_column(c, self.W)]
        self.ctr[sel] = c + 1
        return sel, u

    def choose(self, k: np.ndarray, default: np.ndarray | int = 0) -> np.ndarray:
        """The index chosen per game for a step with ``k`` legal actions (0 where there is
        one); a game with a choice uses one uniform.
        Mirrors :meth:`precog.analysis.playouts.rollouts.RandomPolicy.index`."""
        if self.explore <= 0:  # the sensible player: its choice, whatever the uniform
            more = k > 1
            self.ctr += more
            if isinstance(default, np.ndarray):
                return np.where(more, default, 0).astype(INT, copy=False)
            return np.zeros(self.G, dtype=INT)
        sel, u = self.draw(k)
        idx = np.zeros(self.G, dtype=INT)
        if not len(sel):
            return idx
        ks = k[sel]
        rand = np.minimum(ks - 1, (u * (ks / self.explore)).astype(INT))
        base = default[sel] if isinstance(default, np.ndarray) else default
        idx[sel] = np.where(u < self.explore, rand, base)
        return idx

    # -- the round ---------------------------------------------------------------------
    @property
    def season(self) -> int:
        """Mirrors :attr:`precog.engine.state.GameState.season`."""
        return season_of(self.round)

    def stage(self, name: str, seat: int = -1) -> None:
        """Tell :attr:`on_stage` (if any) that the game reached stage ``name`` (of ``seat``).
        Mirrors :func:`precog.engine.playout.play_on`."""
        if self.on_stage is not None:
            self.on_stage(self, name, seat)

    def play(self) -> Finals:
        """Mirrors :func:`precog.engine.playout.play_on` (every seat by the batch's policy,
        round after round to the end of the game)."""
        first = True
        while True:
            self.stage("decision")
            self.decision(first)
            first = False
            self.stage("action")
            if self.cooperative is not None:
                self.cooperative.team_window(self)  # the window that opens the Action phase
            for seat in range(self.n):
                self.stage("activate", seat)
                self.action(seat)
                if self.cooperative is not None:
                    self.cooperative.seat_turn(self, seat)
            if self.cooperative is not None:
                self.stage("team")
                self.cooperative.team_window(self)
            for seat in range(self.n):
                self.maintenance(seat)
            self.stage("river")
            self.river_phase()
            self.discard()
            self.stage("over")
            if self.record is not None:
                self.record.append(self.snapshot())
            if self.round >= ROUNDS:
                break
            self.draw_cards()
            self.round += 1
            if self.cooperative is not None:
                self.cooperative.new_round(self)
        cooperative = self.cooperative
        if cooperative is None:
            return Finals(self.food, self.healthy, self.contaminated, self.doctors,
                          self.protectors, self.bane, self.bat, self.ctr.copy())
        food, healthy, contaminated, doctors, protectors, bane, bat = (
            cooperative.held(name, getattr(self, name)) for name in FROZEN_FIELDS)
        return Finals(food, healthy, contaminated, doctors, protectors, bane, bat,
                      np.where(cooperative.failed, cooperative.frozen_ctr, self.ctr),
                      cooperative.failed.copy(), cooperative.chance.copy())

    def decision(self, first: bool) -> None:
        """Every seat's Keep/Give at once (each decides from its own hand and Decision Zone,
        its uniform the next of its game in seat order), then the cards move.
        Mirrors :func:`precog.engine.decision.play`."""
        n = self.n
        last = self.round >= ROUNDS
        u = self.draw_decisions(first)
        if self.sensible is not None:
            idx = self.keep_give(u, last).astype(INT)
        else:
            k = 2 if last else 6
            idx = np.minimum(k - 1, (u * k).astype(INT))
        if first and self.forced is not None:
            idx = np.where(self.forced >= 0, self.forced, idx)
        game, seat = self.ar[:, None], np.arange(n)[None, :]
        d = self.dz
        if last:
            keep = np.where(idx == 0, d[..., 0], d[..., 1])
            give = np.where(idx == 0, d[..., 1], d[..., 0])
            passed = np.full((self.G, n, 2), -1, INT)
        else:
            four = np.concatenate([self.hand, d], axis=2)  # hand, then Decision Zone
            keep = four[game, seat, KEEP_POS[idx]]
            give = four[game, seat, GIVE_POS[idx]]
            passed = four[game[..., None], seat[..., None], REST_POS[idx]]
        right, left = (np.arange(n) - 1) % n, (np.arange(n) + 1) % n
        self.action_zone[:, :, 0] = keep
        self.action_zone[:, :, 1] = give[:, right]
        self.dz[:] = passed[:, left]
        self.gave[:] = give
        self.hand[:] = -1

    def boat(self, seat: int) -> bp.BoatArrays:
        """The sensible player's view of ``seat``'s Boats now.
        Mirrors :func:`precog.analysis.playing.policy.facts`."""
        free = (self.cap[:, seat] - self.bat[:, seat]).sum(axis=1)
        return bp.boat_arrays(self.food[:, seat], self.healthy[:, seat], self.contaminated[:, seat],
                              self.doctors[:, seat], self.protectors[:, seat], self.bane[:, seat],
                              free, self.round)

    def keep_give(self, u: np.ndarray, last: bool) -> np.ndarray:
        """Every seat's Keep/Give by the sensible player: its index in the engine's list
        (see KEEP_POS), arrays (games, seats).
        Mirrors :func:`precog.analysis.playing.policy.keep_give_scores`."""
        assert self.sensible is not None
        f = self.boats().col()
        cards = self.dz if last else np.concatenate([self.hand, self.dz], axis=2)
        worth = bp.card_worth(cards, self.tables, f)
        keep_pos, give_pos = (np.arange(2), np.arange(2)[::-1]) if last else (KEEP_POS,
                                                                               GIVE_POS)
        matrix = bp.keep_give_matrix(np.array(self.friend), keep_pos, give_pos,
                                     cards.shape[2], self.sensible)
        scores = np.matmul(worth[..., None, :], matrix)[..., 0, :]  # Keep/Give scores
        return bp.soft_pick(scores, u, self.sensible)

    def draw_decisions(self, first: bool) -> np.ndarray:
        """Uniforms (games, seats) for every seat's Keep/Give: the round's own column of
        each seat (:mod:`precog.analysis.playouts.uniform_row`; none counted used where the choice
        is forced).
        Mirrors :meth:`precog.analysis.playouts.uniform_row.UniformRow.__call__`."""
        n = self.n
        free = np.ones((self.G, n), dtype=INT)
        if first and self.forced is not None:
            free = (self.forced < 0).astype(INT)
        columns = keep_give_columns(self.round, n)
        u = self.flat_u[self.row_start[:, None] + columns[None, :]]
        self.ctr += free.sum(axis=1, dtype=INT)
        return u

    # -- Action phase ------------------------------------------------------------------
    def costs(self, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Resolved Costs of cards ``a`` and ``b`` activated together.
        Mirrors :func:`precog.engine.machines.resolved_costs`."""
        cost = self.pairs.cost
        return cost[a, b], cost[b, a]

    def action(self, seat: int) -> None:
        """Mirrors :func:`precog.engine.action_phase.play`."""
        g_card, r_card = self.action_zone[:, seat, 0], self.action_zone[:, seat, 1]
        ca, cb = self.costs(g_card, r_card)
        cost = ca + cb
        can_both = self.healthy[:, seat] >= cost
        k = np.where(can_both, 3, 2)
        gg = self.pairs.gains[g_card, r_card]
        rr = self.pairs.gains[r_card, g_card]
        default: np.ndarray | int = 0
        if self.sensible is not None:
            f = self.boat(seat)
            pts = bp.gains_points(np.stack([gg + rr, gg, rr], axis=1), f.col())
            pts[:, 0] = np.where(can_both, pts[:, 0] - bp.cost_points(cost, f),
                                 np.iinfo(np.int64).min)
            best = np.argmax(pts, axis=1)
            default = np.where(can_both, best, best - 1)
        idx = self.choose(k, default)
        slot = np.where(can_both, idx, idx + 1)  # 0 both, 1 G, 2 R
        both = slot == 0
        pay = np.where(both, cost, 0)
        self.healthy[:, seat] -= pay
        self.contaminated[:, seat] += pay
        total = np.where(both[:, None], gg + rr, np.where((slot == 1)[:, None], gg, rr))
        taken = self.place(seat, total.copy())
        self.cgains[:, seat] = total if self.offered else taken
        effect = self.machine_effects(seat)
        from_machines = self.place(seat, effect)
        if self.cooperative is not None:
            self.cooperative.taken[:, seat] += (taken + from_machines)[:, [FOOD, HUMAN, DOCTOR,
                                                                  PROTECTOR]]
        if self.heal_in_action:
            self.heal(seat)

    def place(self, seat: int, pending: np.ndarray) -> np.ndarray:
        """Place gains on offer, one kind at a time, as the engine offers them; returns what
        was received (games, 7): declined resources left out, a Battery lost for want of a
        free slot counted.
        Mirrors :func:`precog.engine.gains.offer`."""
        taken = np.zeros((self.G, 7), INT)
        for kind, target in ((FOOD, self.food), (HUMAN, self.contaminated)):
            amount = pending[:, kind]
            if amount.any():
                if self.sensible is not None:  # takes all (gains are never negative)
                    self.ctr += amount > 0
                    took = amount
                else:
                    idx = self.choose(amount + 1)
                    took = np.where(amount > 0, amount - idx, 0)
                target[:, seat] += took
                taken[:, kind] = took
        if pending[:, YMUNE:HEAL].any():
            y = np.minimum(pending[:, YMUNE], MAXY - 1)
            d0 = np.minimum(pending[:, DOCTOR], MAXY - 1)
            p0 = np.minimum(pending[:, PROTECTOR], MAXY - 1)
            total = y + d0 + p0
            has = total > 0
            k = np.where(has, SPLIT_COUNT[y, d0, p0], 1)
            if self.sensible is not None:  # every Ymune placed: the split is its Protectors
                self.choose(k)
                pros = np.where(has, self.ymune_split(seat, y, d0, p0), 0)
                docs = total - pros
            else:
                idx = self.choose(k, self.ymune_default(seat, y, d0, p0))
                docs = np.where(has, SPLIT_D[y, d0, p0, idx], 0)
                pros = np.where(has, SPLIT_P[y, d0, p0, idx], 0)
            self.doctors[:, seat] += docs
            self.protectors[:, seat] += pros
            taken[:, DOCTOR], taken[:, PROTECTOR] = docs, pros
        if pending[:, HEAL].any():
            top = healed(pending[:, HEAL], self.contaminated[:, seat])
            idx = self.choose(np.where(pending[:, HEAL] > 0, top + 1, 1))
            cured = np.where(top > 0, top - idx, 0)
            self.contaminated[:, seat] -= cured
            self.healthy[:, seat] += cured
        if self.sensible is not None:
            self.place_batteries(seat, pending[:, BATTERY], taken)
            return taken
        left = pending[:, BATTERY].copy()
        while True:
            act = np.flatnonzero(left > 0)
            if not len(act):
                break
            free = self.bat[act, seat] < self.cap[act, seat]
            nfree = free.sum(axis=1)
            k = np.ones(self.G, dtype=INT)
            k[act] = nfree + 1
            order = np.cumsum(free, axis=1) - 1
            default: np.ndarray | int = 0
            if self.sensible is not None:
                missing = np.where(free, self.cap[act, seat] - self.bat[act, seat], 1 << 20)
                closest = np.argmin(missing, axis=1)
                default = np.zeros(self.G, dtype=INT)
                default[act] = np.where(nfree > 0, order[np.arange(len(act)), closest], 0)
            idx = self.choose(k, default)
            pick = idx[act]
            target = (order == pick[:, None]) & free & (pick < nfree)[:, None]
            self.bat[act, seat] += target
            taken[act, BATTERY] += (pick < nfree) | (nfree == 0)
            left[act] -= 1
        return taken

    def place_batteries(self, seat: int, count: np.ndarray, taken: np.ndarray) -> None:
        """The sensible player's Batteries, one at a time each into the Machine with the
        fewest missing (the first of equals): that fills the free Machines in the order of
        (missing, place), so all of them are placed at once. A Battery with no free slot is
        lost; one uniform is used per Battery placed while a slot is free.
        Mirrors :func:`precog.analysis.playing.policy.battery_choice`."""
        act = np.flatnonzero(count > 0)
        if not len(act):
            return
        m = count[act][:, None]
        bat, cap = self.bat[act, seat], self.cap[act, seat]
        missing = np.maximum(cap - bat, 0)
        order = np.argsort(missing + (missing == 0) * 64, axis=1, kind="stable")
        gap = np.take_along_axis(missing, order, axis=1)
        before = np.cumsum(gap, axis=1) - gap
        fill = np.empty_like(gap)
        np.put_along_axis(fill, order, np.clip(m - before, 0, gap), axis=1)
        self.bat[act, seat] = bat + fill
        self.ctr[act] += np.minimum(m[:, 0], gap.sum(axis=1)).astype(self.ctr.dtype)
        taken[act, BATTERY] += m[:, 0]

    def ymune_split(self, seat: int, y: np.ndarray, d0: np.ndarray,
                    p0: np.ndarray) -> np.ndarray:
        """The sensible player's split (every Ymune placed): its Protectors.
        Mirrors :func:`precog.analysis.playing.policy.ymune_split`."""
        coming = (self.bane[:, seat] + self.tables.bane[self.action_zone[:, seat, 0]]
                  + self.tables.bane[self.action_zone[:, seat, 1]])
        need = np.maximum(0, protectors_against(coming) - self.protectors[:, seat])
        return bp.ymune_split(y, d0, p0, need, self.doctors[:, seat], self.contaminated[:, seat])

    def ymune_default(self, seat: int, y: np.ndarray, d0: np.ndarray,
                      p0: np.ndarray) -> np.ndarray:
        """Mirrors :func:`precog.analysis.playing.policy.ymune_default`."""
        coming = (self.bane[:, seat] + self.tables.bane[self.action_zone[:, seat, 0]]
                  + self.tables.bane[self.action_zone[:, seat, 1]])
        wanted = np.maximum(0, protectors_against(coming) - self.protectors[:, seat])
        total = y + d0 + p0
        want = np.minimum(total, np.maximum(p0, np.minimum(p0 + y, wanted)))
        return SPLIT_FULL[y, d0, p0, want]

    def machine_effects(self, seat: int) -> np.ndarray:
        """What ``seat``'s powered Machines whose requirement is met give (games, 7).
        Mirrors :func:`precog.engine.action_phase.machine_effects`."""
        out = np.zeros((self.G, 7), INT)
        powered_bits = (self.bat[:, seat] >= self.cap[:, seat]) @ MACHINE_BITS
        rows = np.flatnonzero(powered_bits)
        if not len(rows):
            return out
        room = self.rooms[rows, seat]
        key = self.pairs.cond_key[self.action_zone[rows, seat, 0], self.action_zone[rows, seat, 1]]
        if not self.other_scopes:  # every condition looks at the pair: one lookup
            out[rows] = self.effect_sums[room, self.pair_bits[room, key] & powered_bits[rows]]
            return out
        tables = self.tables
        powered = ((powered_bits[rows, None] >> np.arange(6)) & 1).astype(bool)
        ids = self.cond[rows, seat]
        table = self.conds
        met = table.pair[ids, key[:, None]]
        scope = table.scope[ids]
        if scope.any():  # advanced faces: the card given left, what the cards gave
            given = self.gave[rows, seat]
            left = (seat + 1) % self.n
            _, gcost = self.costs(self.action_zone[rows, left, 0], given)
            gt, gb = tables.ctype[given][:, None], (tables.bane[given] > 0)[:, None]
            gc = np.minimum(gcost, MAXC - 1)[:, None]
            given_hit = table.given[ids, given_key(gt, gb, gc)]
            cg = self.cgains[rows, seat]
            free = cg[:, YMUNE] if self.offered else 0
            recv = np.stack([cg[:, FOOD], cg[:, HUMAN], cg[:, BATTERY],
                             cg[:, YMUNE] + cg[:, DOCTOR] + cg[:, PROTECTOR],
                             cg[:, :6].sum(axis=1), cg[:, DOCTOR] + free,
                             cg[:, PROTECTOR] + free], axis=1)
            received = np.take_along_axis(recv, table.received_what[ids], axis=1) >= \
                table.received_n[ids]
            met = np.where(scope == 0, met, np.where(scope == 1, given_hit, received))
        on = met & powered
        mask = on @ MACHINE_BITS  # which of the six Machines give: one row of the sums
        out[rows] = self.effect_sums[self.rooms[rows, seat], mask]
        return out

    def heal(self, seat: int) -> None:
        """Mirrors :func:`precog.engine.gains.heal`."""
        n = healed(self.doctors[:, seat], self.contaminated[:, seat])
        self.healthy[:, seat] += n
        self.contaminated[:, seat] -= n

    # -- Maintenance and the River -------------------------------------------------------
    def maintenance(self, seat: int) -> None:
        """Mirrors :func:`precog.engine.maintenance.begin_maintenance` (Bane rises, then
        Protectors, the Humans lost and healing, for one seat)."""
        rise = (self.tables.bane[self.action_zone[:, seat, 0]]
                + self.tables.bane[self.action_zone[:, seat, 1]])
        self.bane[:, seat] = np.minimum(BANE_MAX, self.bane[:, seat] + rise)
        self.stage("maintenance", seat)
        useful = np.minimum(self.protectors[:, seat], protectors_against(self.bane[:, seat]))
        idx = self.choose(useful + 1)
        spend = useful - idx
        self.protectors[:, seat] -= spend
        self.bane[:, seat] = np.maximum(0, self.bane[:, seat] - 2 * spend)
        humans = self.healthy[:, seat] + self.contaminated[:, seat]
        lose = np.minimum(self.bane[:, seat], humans)
        lo = np.maximum(0, lose - self.contaminated[:, seat])
        hi = np.minimum(lose, self.healthy[:, seat])
        idx = self.choose(hi - lo + 1)
        h = lo + idx
        self.healthy[:, seat] -= h
        self.contaminated[:, seat] -= lose - h
        if not self.heal_in_action:
            self.heal(seat)

    def river_phase(self) -> None:
        """Mirrors :func:`precog.engine.maintenance.begin_river`."""
        tile = self.river[:, self.round - 1]
        island = self.tables.island[tile]
        isl = island[:, None]
        new_food, new_healthy = feeding(self.food, self.healthy)
        self.food = np.where(isl, new_food, self.food)
        self.healthy = np.where(isl, new_healthy, self.healthy)
        loss = self.tables.tile_loss[tile]
        gain = self.tables.tile_gain[tile]
        has_loss = loss.any(axis=1) & ~island
        if self.sensible is not None:
            self.river_sensible(island, loss, gain, has_loss)
        else:
            self.river_by_seat(island, loss, gain, has_loss)
        if self.cooperative is not None:
            self.cooperative.island(self, island)

    def river_by_seat(self, island: np.ndarray, loss: np.ndarray, gain: np.ndarray,
                      has_loss: np.ndarray) -> None:
        """The River tile seat by seat (a policy reading a uniform per decision).
        Mirrors :func:`precog.engine.maintenance.play`."""
        for seat in range(self.n):
            ask = has_loss & (self.protectors[:, seat] > 0)
            idx = self.choose(np.where(ask, 2, 1))
            ignore = ask & (idx == 1)
            self.protectors[:, seat] -= ignore
            hit = ~island & ~ignore
            for arr, j in ((self.food, 0), (self.healthy, 1), (self.contaminated, 2),
                           (self.doctors, 3), (self.protectors, 4)):
                arr[:, seat] = np.where(hit, np.maximum(0, arr[:, seat] - loss[:, j]),
                                        arr[:, seat])
            self.place(seat, np.where(hit[:, None], gain, 0))

    def river_sensible(self, island: np.ndarray, loss: np.ndarray, gain: np.ndarray,
                       has_loss: np.ndarray) -> None:
        """The River tile for every seat at once as the sensible player meets it (each seat
        touches only its own Boats, and the sensible player reads no uniform there): ignore
        it with a Protector or take its losses, then its gains, seat by seat.
        Mirrors :func:`precog.analysis.playing.policy.ignore_river`."""
        ask = has_loss[:, None] & (self.protectors > 0)
        ignore = ask & bp.ignore_river(loss[:, None, :], gain[:, None, :], self.boats())
        self.ctr += ask.sum(axis=1, dtype=INT)
        self.protectors -= ignore
        hit = ~island[:, None] & ~ignore
        for arr, j in ((self.food, 0), (self.healthy, 1), (self.contaminated, 2),
                       (self.doctors, 3), (self.protectors, 4)):
            arr[:] = np.where(hit, np.maximum(0, arr - loss[:, None, j]), arr)
        for seat in range(self.n):
            self.place(seat, np.where(hit[:, seat, None], gain, 0))

    def boats(self) -> bp.BoatArrays:
        """The sensible player's view of every seat's Boats now (arrays (games, seats)).
        Mirrors :func:`precog.analysis.playing.policy.facts`."""
        free = (self.cap - self.bat).sum(axis=2)
        return bp.boat_arrays(self.food, self.healthy, self.contaminated, self.doctors,
                              self.protectors, self.bane, free, self.round)

    def snapshot(self) -> dict[str, np.ndarray]:
        """Every Boat's resources now: arrays (games, seats) (a co-op game lost on an
        Objective as it ended).
        Mirrors :attr:`precog.engine.state.PlayerState.boat`."""
        def now(name: str) -> np.ndarray:
            arr = getattr(self, name)
            return arr.copy() if self.cooperative is None else self.cooperative.held(name, arr)

        return {"round": np.full(self.G, self.round), "food": now("food"),
                "batteries": now("bat").sum(axis=2), "healthy": now("healthy"),
                "contaminated": now("contaminated"), "doctors": now("doctors"),
                "protectors": now("protectors"), "bane": now("bane")}

    def discard(self) -> None:
        """Mirrors :func:`precog.engine.maintenance.end_round`'s discard: the Action Zones
        go to the discard piles (kept as one array per round), the card given and what was
        taken this round are forgotten."""
        self.discarded.append(self.action_zone.copy())
        self.action_zone[:] = -1
        self.gave[:] = -1
        if self.cooperative is not None:
            self.cooperative.taken[:] = 0  # nothing taken yet in the next round

    def draw_cards(self) -> None:
        """Mirrors :func:`precog.engine.maintenance.end_round`'s draw: two cards a seat."""
        for seat in range(self.n):
            ptr = self.ptr[:, seat]
            self.hand[:, seat, 0] = self.deck[self.ar, seat, ptr]
            self.hand[:, seat, 1] = self.deck[self.ar, seat, ptr + 1]
            self.ptr[:, seat] += 2


_BOAT = attrgetter("food", "healthy", "contaminated", "doctors", "protectors", "bane")
_BATTERIES, _ROOMS = attrgetter("batteries"), attrgetter("rooms")
_DECK, _HAND, _DZ = attrgetter("deck"), attrgetter("hand"), attrgetter("decision_zone")


def _ints(rows: Iterable[tuple[int, ...]], count: int) -> np.ndarray:
    """Tuples of whole numbers, flattened into one array."""
    return np.fromiter(chain.from_iterable(rows), INT, count)


def _encode(seqs: list[tuple[str, ...]], index: dict[str, int], width: int,
            remap: np.ndarray, world: np.ndarray) -> np.ndarray:
    """Id sequences as an index array (rows, max(width, longest)), -1 padded: one flat
    lookup when the rows are of one length (as a batch's starts are), then each row's
    world's own indices (``remap[world[row], j]``) where the batch has several worlds."""
    lengths = set(map(len, seqs))
    longest = max(lengths, default=0)
    if len(lengths) == 1:
        flat = np.fromiter(map(index.__getitem__, chain.from_iterable(seqs)), INT,
                           len(seqs) * longest)
        out = flat.reshape(len(seqs), longest)
    else:
        out = np.full((len(seqs), longest), -1, INT)
        for row, seq in enumerate(seqs):
            out[row, :len(seq)] = [index[c] for c in seq]
    if len(remap) > 1:
        out = np.where(out >= 0, remap[world[:, None], np.maximum(out, 0)], -1).astype(INT)
    if longest < width:
        out = np.concatenate([out, np.full((len(seqs), width - longest), -1, INT)], axis=1)
    return out


class _RoomTable:
    """Each pair of Machine Rooms met so far, as rows of stacked arrays: battery slots (6,),
    effects (6, 7), condition ids (6,)."""

    _tables: dict[tuple[str, bool], _RoomTable] = {}

    def __init__(self, comps: Components, advanced: bool) -> None:
        self.comps, self.advanced = comps, advanced
        self.rows: dict[tuple[str, ...], int] = {}
        self.caps: list[list[int]] = []
        self.effects: list[list[tuple[int, ...]]] = []
        self.conds: list[list[int]] = []
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
            self.conds.append([index[m.condition] for m in face])
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
        if self._bits is None or len(self._bits[0]) != len(self.conds):
            table = conditions(self.comps)
            ids = np.array(self.conds, np.int64).reshape(-1, 6)
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
                            np.array(self.conds, np.int64), sums)
        return self._arrays


def run(starts: Sequence[GameState], rows: np.ndarray, policy: Any,
        forced: np.ndarray | None = None,
        record: list[dict[str, np.ndarray]] | None = None) -> Finals:
    """Play every start to the end with ``policy`` driven by ``rows`` (one row per start);
    ``record``, if given, receives every Boat's resources after each round.
    Mirrors :func:`precog.analysis.playouts.rollouts.play_out`."""
    if not supports(starts):
        raise ValueError("batch rollouts need games of one configuration at the start of one "
                         "round's Decision phase")
    if isinstance(policy, SensiblePolicy):
        batch = Batch(starts, rows, 0.0, forced, sensible=policy)
    elif hasattr(policy, "explore") and not starts[0].config.coop:
        batch = Batch(starts, rows, policy.explore, forced)
    else:
        return _engine_run(starts, rows, policy, forced, record)
    batch.record = record
    return batch.play()


def run_dealt(dealt: Dealt, rows: np.ndarray, policy: SensiblePolicy,
              forced: np.ndarray | None = None) -> Finals:
    """:func:`run` for worlds dealt as arrays (one row of ``rows`` per game of
    ``dealt.which``), with the sensible player.
    Mirrors :func:`precog.analysis.playouts.rollouts.play_out`."""
    if not supports([dealt.template]):
        raise ValueError("batch rollouts need games at the start of a Decision phase")
    return Batch([], rows, 0.0, forced, sensible=policy, dealt=dealt).play()


def _engine_run(starts: Sequence[GameState], rows: np.ndarray, policy: Any,
                forced: np.ndarray | None,
                record: list[dict[str, np.ndarray]] | None) -> Finals:
    """The same games through the engine, as arrays (a policy the batch does not mirror)."""
    from precog.analysis.playing.world import first_legal, until_seat
    from precog.engine import legal_actions
    from precog.engine.playout import play_on

    G, n = len(starts), starts[0].config.players
    rounds: list[list[GameState]] = []
    readers = [UniformRow(rows[g]) for g in range(G)]
    for g, start in enumerate(starts):
        fixed = {} if forced is None else {
            seat: legal_actions(until_seat(start, seat, first_legal))[int(forced[g, seat])]
            for seat in range(n) if forced[g, seat] >= 0}
        ends: list[GameState] = []

        def move(s: GameState, seat: int, fixed: dict[int, Any] = fixed,
                 read: UniformRow = readers[g], first: int = start.round) -> Any:
            if fixed and s.phase is Phase.DECISION and s.round == first and seat in fixed:
                return fixed[seat]
            options = legal_actions(s)
            return options[policy.index(s, read(s, seat), options)]

        def seen(before: GameState, _action: Any, after: GameState,
                 ends: list[GameState] = ends) -> None:
            if after.round != before.round or after.is_over:
                ends.append(after)

        play_on(start, move, on_move=seen, limit=1 << 30)
        rounds.append(ends)
    if record is not None:
        for j in range(len(rounds[0])):
            at = [r[j] for r in rounds]
            record.append({"round": np.array([s.round if s.is_over else s.round - 1
                                              for s in at]),
                           **{k: np.array([[getattr(p, k) for p in s.players] for s in at])
                              for k in ("food", "healthy", "contaminated", "doctors",
                                        "protectors", "bane")},
                           "batteries": np.array([[sum(p.batteries) for p in s.players]
                                                  for s in at])})
    finals = [r[-1] for r in rounds]
    arr = np.array([[p.boat for p in s.players] for s in finals], dtype=INT)
    failed = np.array([s.outcome is not None and s.outcome.code == "coop_objectives_failed"
                       for s in finals])
    chance = np.array([coop_share(s) if s.config.coop else 1.0 for s in finals])
    return Finals(arr[..., 0], arr[..., 1], arr[..., 2], arr[..., 3], arr[..., 4], arr[..., 5],
                  np.array([[p.batteries for p in s.players] for s in finals], INT),
                  np.array([r.used for r in readers], dtype=INT), failed, chance)

