"""What one player may see, and sampling full positions consistent with it.

Public: every Boat, every Decision Zone and Action Zone, revealed River tiles and Objectives,
deck sizes and what each deck still holds per season. Private: a player's drawn cards, a
choice not yet revealed, the order of every deck, the River tiles still face down.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from precog.engine.actions import Action
from precog.engine.components import Gains
from precog.engine.faces import draw_world, seen_by, seen_faces
from precog.engine.fastcopy import maker, replace  # replace resets the copy's legal actions
from precog.engine.formulas import season_of
from precog.engine.state import (
    FEEDING_ROUNDS,
    PHASE_DECISION,
    PHASE_SETUP_PASS,
    PHASE_SETUP_ROOMS,
    GameState,
    Phase,
    PlayerState,
    Step,
    revealed_count,
)


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as the observer sees it. ``hand`` is None for other players' hands."""

    seat: int
    food: int
    healthy: int
    contaminated: int
    doctors: int
    protectors: int
    bane: int
    rooms: tuple[str, ...]
    batteries: tuple[int, ...]
    decision_zone: tuple[str, ...]
    action_zone: tuple[str, ...]
    gave: str | None
    activated: str
    discard: tuple[str, ...]
    deck_size: int
    deck_seasons: tuple[int, int, int]  # cards left in the deck per season
    hand: tuple[str, ...] | None
    hand_size: int
    has_chosen: bool
    card_gains: Gains
    received: Gains
    taken: Gains


@dataclass(frozen=True, slots=True)
class Observation:
    player: int
    round: int
    phase: Phase
    step: Step
    to_move: int
    seats: tuple[SeatView, ...]
    own_choice: Action | None
    river_revealed: tuple[str, ...]  # tiles flipped so far (this round's once Maintenance ends)
    river_unseen: tuple[tuple[str, ...], ...]  # per season, River tiles not yet seen
    objectives: tuple[tuple[str, bool], ...]
    objective_stack_sizes: tuple[int, ...]
    passes: int  # seats that passed in a row in the cooperative team window
    pending: Gains
    pending_source: str
    faces: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    """On a partly-known box: the unknown faces this seat has seen, with their values (see
    :mod:`precog.engine.faces`); never a face the seat has not seen."""

    def to_json(self) -> dict[str, Any]:
        from dataclasses import asdict

        out = asdict(self)
        out["phase"], out["step"] = self.phase.value, self.step.value
        out["own_choice"] = None if self.own_choice is None else str(self.own_choice)
        return out


def chance_outcomes(obs: Observation) -> list[tuple[str | None, float]]:
    """The River tile turned over at the end of the observed round, as seen from that seat:
    ``[(tile, probability)]`` over the season's tiles it has not seen (each equally likely);
    ``[(None, 1.0)]`` when an Island comes instead (a feeding round) or nothing is left."""
    if obs.round in FEEDING_ROUNDS:
        return [(None, 1.0)]
    return _equally_likely(obs.river_unseen[season_of(obs.round) - 1])


def river_chances(state: GameState) -> list[tuple[str | None, float]]:
    """:func:`chance_outcomes` of every seat's observation of ``state`` (the River shows every
    seat the same tiles), read from the position without building an observation."""
    if state.round in FEEDING_ROUNDS:
        return [(None, 1.0)]
    shown = state.river[:revealed_count(state)]
    return _equally_likely(_unseen_tiles(state, season_of(state.round), shown))


def _equally_likely(unseen: tuple[str, ...]) -> list[tuple[str | None, float]]:
    if not unseen:
        return [(None, 1.0)]
    return [(tile, 1.0 / len(unseen)) for tile in unseen]


def _unseen_tiles(state: GameState, season: int, shown: tuple[str, ...]) -> tuple[str, ...]:
    """The River tiles of ``season`` not among those ``shown``, in the box's order."""
    return tuple(t.id for t in state.components.river if t.season == season and t.id not in shown)


def observation(state: GameState, player: int) -> Observation:
    """Exactly what ``player`` may see of ``state``."""
    seats = tuple(_seat_view(state, s, p, s == player) for s, p in enumerate(state.players))
    shown = state.river[:revealed_count(state)]
    unseen = tuple(_unseen_tiles(state, season, shown) for season in (1, 2, 3))
    own = state.choices[player] if state.choices else None
    return Observation(
        player=player, round=state.round, phase=state.phase, step=state.step,
        to_move=state.to_move, seats=seats, own_choice=own, river_revealed=shown,
        river_unseen=unseen, objectives=state.objectives,
        objective_stack_sizes=tuple(len(s) for s in state.objective_stacks),
        passes=state.passes, pending=state.pending, pending_source=state.pending_source,
        faces=seen_faces(state, player))


def _seat_view(state: GameState, seat: int, p: PlayerState, own: bool) -> SeatView:
    return _make_seat_view(
        seat, p.food, p.healthy, p.contaminated, p.doctors, p.protectors, p.bane, p.rooms,
        p.batteries, p.decision_zone, p.action_zone, p.gave, p.activated, p.discard,
        len(p.deck), deck_seasons(state, p.deck), p.hand if own else None, len(p.hand),
        bool(state.choices) and state.choices[seat] is not None, p.card_gains, p.received,
        p.taken)


_make_seat_view = maker(SeatView)
"""``SeatView(...)`` with every field given in order (a view of each seat at every
decision a bot is asked)."""


def deck_seasons(state: GameState, deck: tuple[str, ...]) -> tuple[int, int, int]:
    """How many cards of seasons 1, 2 and 3 ``deck`` holds."""
    cards = state.components.cards
    one = two = three = 0
    for card_id in deck:
        season = cards[card_id].season
        if season == 1:
            one += 1
        elif season == 2:
            two += 1
        elif season == 3:
            three += 1
    return (one, two, three)


def determinize(state: GameState, player: int, rng: random.Random) -> GameState:
    """A full position that ``player`` cannot tell apart from ``state``, sampled at random.

    Other players' hands and every deck's order are redealt from the cards each deck still
    hides (keeping the season stacking); unseen River tiles are reshuffled; face-down
    Objective stacks are redrawn. Other players' secret choices this step are dropped (their
    seats choose again). On a partly-known box every unknown face ``player`` has not seen is
    drawn again from the prior. Uses only what :func:`observation` shows ``player``.
    :class:`WorldSampler` draws many such positions of one ``state`` faster.
    """
    return WorldSampler(state, player)(rng)


class WorldSampler:
    """:func:`determinize` for many samples of one position: what hides where (each deck's
    hidden cards by season, the unseen River tiles, the Objective pools) is worked out once;
    each call then draws with the same random numbers, in the same order, as
    :func:`determinize`, so both give the same position for the same generator state."""

    def __init__(self, state: GameState, player: int) -> None:
        self.state = state
        self.seats = tuple(SeatDeal(state, p, keep_hand=seat == player)
                           for seat, p in enumerate(state.players))
        self.choices = tuple(c if s == player else None for s, c in enumerate(state.choices))
        waiting = [s for s, c in enumerate(self.choices) if c is None]
        self.to_move = state.to_move
        if state.phase in (PHASE_DECISION, PHASE_SETUP_ROOMS, PHASE_SETUP_PASS) and waiting:
            self.to_move = waiting[0]
        self.river = state.river
        self.river_pools = _river_pools(state)
        self.objective_pools = tuple(
            (_objective_pool(state, season), len(stack))
            for season, stack in enumerate(state.objective_stacks, start=1))
        self.keep = seen_by(state, player) if state.components.unknown else None

    def __call__(self, rng: random.Random) -> GameState:
        return self.world(tuple(deal(rng) for deal in self.seats), rng)

    def world(self, players: tuple[PlayerState, ...], rng: random.Random) -> GameState:
        """The sampled position with these redealt ``players``: the face-down River tiles
        and the Objective stacks (and, for a partly-known box, the faces) drawn by ``rng``."""
        river = list(self.river)
        for slots, tiles in self.river_pools:
            pool = list(tiles)
            rng.shuffle(pool)
            for i, tile in zip(slots, pool, strict=False):
                river[i] = tile
        stacks = tuple(tuple(rng.sample(pool, size)) for pool, size in self.objective_pools)
        world = replace(self.state, players=players, choices=self.choices,
                        to_move=self.to_move, river=tuple(river), objective_stacks=stacks)
        if self.keep is not None:
            comps = draw_world(self.state.components, rng, keep=self.keep)
            world = replace(world, components=comps)
        return world


class SeatDeal:
    """One seat's redeal: the cards its deck (and, for another seat, its hand) hides, by
    season, sorted, so the sample depends on which cards are hidden, never on their order."""

    def __init__(self, state: GameState, p: PlayerState, keep_hand: bool) -> None:
        self.p = p
        self.keep_hand = keep_hand
        cards = state.components.cards
        piles: dict[int, list[str]] = {1: [], 2: [], 3: []}
        for c in sorted(p.deck + (() if keep_hand else p.hand)):
            piles[cards[c].season].append(c)
        self.piles = tuple(tuple(pile) for pile in piles.values())
        self.hand_seasons = tuple(cards[c].season - 1 for c in p.hand)
        self.deck_seasons = tuple(cards[c].season - 1 for c in p.deck)

    def __call__(self, rng: random.Random) -> PlayerState:
        piles = [list(pile) for pile in self.piles]
        for pile in piles:
            rng.shuffle(pile)
        hand = self.p.hand if self.keep_hand else tuple(piles[s].pop()
                                                        for s in self.hand_seasons)
        deck = tuple(piles[s].pop() for s in self.deck_seasons)
        return replace(self.p, hand=hand, deck=deck)


def _river_pools(state: GameState) -> tuple[tuple[list[int], tuple[str, ...]], ...]:
    """Per season with face-down River slots: those slots and the tiles they may hold."""
    shown = revealed_count(state)
    seen = set(state.river[:shown])
    out = []
    for season in (1, 2, 3):
        slots = [i for i in range(4 * (season - 1), 4 * season - 1) if i >= shown]
        if slots:
            out.append((slots, tuple(t.id for t in state.components.river
                                     if t.season == season and t.id not in seen)))
    return tuple(out)


def _objective_pool(state: GameState, season: int) -> list[str]:
    shown = {t for t, _ in state.objectives}
    return [o.id for o in state.components.objectives
            if o.season == season and o.id not in shown]
