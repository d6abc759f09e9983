"""The arrays of a batch of games: what the starts (or the dealt worlds) hold, encoded at once,
and how a decision reads its uniform.

:class:`BatchState` is the base of :class:`precog.analysis.playouts.batch.Batch`: every Boat,
hand, zone, deck, the River and the Machines as arrays (games, seats, ...), built from flat
lists of all the starts' players in one go (:meth:`BatchState._load`), several worlds through
one remap array; the phases' mixins read and write them. :class:`Dealt` is the ranking's
sampled worlds of one position, dealt straight into arrays.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import chain
from operator import attrgetter

import numpy as np

from precog.analysis.playing.policy import SensiblePolicy, gives_to_friend
from precog.analysis.playouts import batch_policy
from precog.analysis.playouts.batch_coop import Coop
from precog.analysis.playouts.batch_machines import _RoomTable, conditions
from precog.analysis.playouts.batch_tables import INT, tables
from precog.analysis.playouts.uniform_row import check_width, other_column
from precog.engine import GameState, Phase
from precog.engine.formulas import season_of


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


class BatchState:
    """The arrays of a batch of games, and the uniforms its decisions read.
    Mirrors :class:`precog.engine.state.GameState`."""

    def __init__(self, starts: Sequence[GameState], rows: np.ndarray, explore: float,
                 forced: np.ndarray | None = None,
                 sensible: SensiblePolicy | None = None, dealt: Dealt | None = None,
                 seat_policies: Sequence[SensiblePolicy] | None = None) -> None:
        first = starts[0] if dealt is None else dealt.template
        mode = first.config.mode  # each player as it plays this mode (SensiblePolicy.in_mode)
        if seat_policies is not None:
            seat_policies = [policy.in_mode(mode) for policy in seat_policies]
        if sensible is not None:
            sensible = sensible.in_mode(mode)
        if seat_policies is not None and sensible is None:
            sensible = seat_policies[0]
        self.sensible = sensible  # None: the random baseline with ``explore``
        # each seat's sensible player (its own weights and judgement; all ``sensible`` unless
        # given seat by seat, as a search of the weights plays a candidate against the rest)
        self.seat_policies: tuple[SensiblePolicy, ...] = tuple(
            seat_policies if seat_policies is not None
            else [sensible] * first.config.players if sensible is not None else ())
        self.friend = [gives_to_friend(first, seat) for seat in range(first.config.players)]
        self.tables = tables([s.components for s in starts] if dealt is None else first.components)
        self.pairs = self.tables.pairs()
        self.conditions = conditions(first.components)
        self.seat_count = first.config.players
        self.game_count = games = len(starts) if dealt is None else len(dealt.which)
        self.advanced = first.config.advanced
        self.heal_in_action = first.config.options.heal_in_action_phase
        self.offered = first.config.options.received_means_offered
        self.round = first.round
        self.rows = rows
        self.width = rows.shape[1]
        check_width(self.width)
        self.flat_uniforms = rows.reshape(-1)
        self.row_start = np.arange(games) * self.width
        self.used = np.zeros(games, dtype=INT)
        self.explore = explore
        self.forced = forced
        self.game_index = np.arange(games)
        self.record: list[dict[str, np.ndarray]] | None = None
        # told of every stage (:mod:`precog.analysis.playouts.differential` compares it with the
        # engine)
        self.on_stage: Callable[[BatchState, str, int], None] | None = None
        self.discarded: list[np.ndarray] = []  # each round's Action Zones, once discarded
        self.zeros = np.zeros(games)
        if dealt is None:
            self._load(starts)
        else:
            self._load([first], np.zeros(games, np.intp))
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
        count, seats = len(unique), self.seat_count
        players = [p for s in unique for p in s.players]
        boats = _ints(map(_BOAT, players), 6 * count * seats).reshape(count, seats, 6)[which]
        (self.food, self.healthy, self.contaminated, self.doctors, self.protectors,
         self.bane) = (boats[..., k].copy() for k in range(6))
        self.batteries = _ints(map(_BATTERIES, players),
                         6 * count * seats).reshape(count, seats, 6)[which]
        boat_rooms = _RoomTable.get(unique[0].components, self.advanced)
        ids = np.fromiter(boat_rooms.ids(map(_ROOMS, players)), np.intp,
                          count * seats).reshape(count, seats)[which]
        slots, _, machine_conditions, sums = boat_rooms.arrays()
        self.rooms, self.effect_sums = ids, sums
        self.pair_bits, other = boat_rooms.pair_bits()
        self.other_scopes = bool(other[ids].any())
        self.slots, self.machine_conditions = slots[ids], machine_conditions[ids]

        order, card_remap, tile_remap = self.tables.remaps()
        world = np.zeros(count, np.intp)
        if len(order) > 1:  # several worlds: each start's own faces
            world = np.fromiter((order[s.components.fingerprint] for s in unique), np.intp,
                                count)
        per_player = np.repeat(world, seats)
        cards, tiles = self.tables.card_index, self.tables.tile_index
        self.deck = _encode(list(map(_DECK, players)), cards, 24, card_remap,
                            per_player).reshape(count, seats, -1)[which]
        self.hand = _encode(list(map(_HAND, players)), cards, 2, card_remap,
                            per_player).reshape(count, seats, 2)[which]
        self.decision_zone = _encode(list(map(_DECISION_ZONE, players)), cards, 2, card_remap,
                          per_player).reshape(count, seats, 2)[which]
        self.river = _encode([s.river for s in unique], tiles, 0, tile_remap, world)[which]
        games = self.game_count
        self.deck_top = np.zeros((games, seats), INT)
        self.action_zone = np.full((games, seats, 2), -1, INT)
        self.gave = np.full((games, seats), -1, INT)
        # what the cards offered, or what was taken
        self.card_gains = np.zeros((games, seats, 7), INT)

    # -- the policy ----------------------------------------------------------------------
    def draw(self, choices: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(games with more than one legal action, their uniforms); one used per such game.
        Mirrors :meth:`precog.analysis.playouts.uniform_row.UniformRow.other`."""
        games = np.flatnonzero(choices > 1)
        if not len(games):
            return games, self.zeros[:0]
        used = self.used[games]
        uniform = self.flat_uniforms[self.row_start[games] + other_column(used, self.width)]
        self.used[games] = used + 1
        return games, uniform

    def choose(self, choices: np.ndarray, default: np.ndarray | int = 0) -> np.ndarray:
        """The index chosen per game for a step with ``choices`` legal actions (0 where there
        is one); a game with a choice uses one uniform.
        Mirrors :meth:`precog.analysis.playouts.rollouts.RandomPolicy.index`."""
        if self.explore <= 0:  # the sensible player: its choice, whatever the uniform
            more = choices > 1
            self.used += more
            if isinstance(default, np.ndarray):
                return np.where(more, default, 0).astype(INT, copy=False)
            return np.zeros(self.game_count, dtype=INT)
        games, uniform = self.draw(choices)
        index = np.zeros(self.game_count, dtype=INT)
        if not len(games):
            return index
        count = choices[games]
        drawn = np.minimum(count - 1, (uniform * (count / self.explore)).astype(INT))
        base = default[games] if isinstance(default, np.ndarray) else default
        index[games] = np.where(uniform < self.explore, drawn, base)
        return index

    @property
    def season(self) -> int:
        """Mirrors :attr:`precog.engine.state.GameState.season`."""
        return season_of(self.round)

    def stage(self, name: str, seat: int = -1) -> None:
        """Tell :attr:`on_stage` (if any) that the game reached stage ``name`` (of ``seat``).
        Mirrors :func:`precog.engine.playout.play_on`."""
        if self.on_stage is not None:
            self.on_stage(self, name, seat)

    def seat_policy(self, seat: int) -> SensiblePolicy:
        """The sensible player of ``seat``.
        Mirrors :class:`precog.analysis.playing.policy.SensiblePolicy`."""
        return self.seat_policies[seat]

    def policy_groups(self) -> list[tuple[SensiblePolicy, np.ndarray]]:
        """Each distinct sensible player of the seats, with the mask (seats,) of its seats.
        Mirrors :class:`precog.analysis.playing.policy.SensiblePolicy`."""
        out: list[tuple[SensiblePolicy, np.ndarray]] = []
        for policy in dict.fromkeys(self.seat_policies):
            out.append((policy, np.array([p == policy for p in self.seat_policies])))
        return out

    def boat(self, seat: int) -> batch_policy.BoatArrays:
        """The sensible player's view of ``seat``'s Boats now.
        Mirrors :func:`precog.analysis.playing.policy_points.facts`."""
        free = (self.slots[:, seat] - self.batteries[:, seat]).sum(axis=1)
        return batch_policy.boat_arrays(
            self.food[:, seat], self.healthy[:, seat], self.contaminated[:, seat],
            self.doctors[:, seat], self.protectors[:, seat], self.bane[:, seat], free, self.round)

    def boats(self) -> batch_policy.BoatArrays:
        """The sensible player's view of every seat's Boats now (arrays (games, seats)).
        Mirrors :func:`precog.analysis.playing.policy_points.facts`."""
        free = (self.slots - self.batteries).sum(axis=2)
        return batch_policy.boat_arrays(self.food, self.healthy, self.contaminated,
                                        self.doctors, self.protectors, self.bane, free,
                                        self.round)


_BOAT = attrgetter("food", "healthy", "contaminated", "doctors", "protectors", "bane")
_BATTERIES, _ROOMS = attrgetter("batteries"), attrgetter("rooms")
_DECK, _HAND = attrgetter("deck"), attrgetter("hand")
_DECISION_ZONE = attrgetter("decision_zone")


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
