"""Many sampled worlds of one position at once: the hidden cards redealt with numpy.

:class:`precog.engine.WorldSampler` draws one world a call with Python's ``random``, and
shuffling every seat's hidden cards that way is most of its cost. :func:`draw_worlds` draws
``count`` worlds with the same meaning (each seat's hidden cards redealt within their season,
the face-down River tiles and the Objective stacks drawn from what is unseen) but shuffles the
cards of all ``count`` worlds in one numpy call per season pile (on 282 leaves × 16 worlds of
a 4-player team position, 0.28-0.33 s of CPU against 0.40-0.46 s one world at a time). It is
not the same stream of random numbers as :func:`precog.engine.determinize`, and the cards are
dealt from a numpy stream of their own (:func:`precog.analysis.basics.seeds.worlds_rng`), never from
the playouts' uniforms of the same seed, which would tie a world's deal to the choices its game
then draws. A partly-known box, whose every world also draws its faces, keeps the sampler's
own draw.

:class:`Dealer` goes one step further for the ranking's rollouts: it deals the worlds straight
into the numpy batch's arrays (every seat's deck and hand, the River, the Objective stacks), so
that no position is built and encoded world by world
(:class:`precog.analysis.playouts.batch.Dealt`);
:meth:`Dealer.states` gives the same worlds as positions where the engine must play them.
"""

from __future__ import annotations

import random

import numpy as np

from precog.analysis.basics.seeds import worlds_rng
from precog.analysis.playouts.batch_coop import objective_tables
from precog.analysis.playouts.batch_state import Dealt
from precog.analysis.playouts.batch_tables import INT, tables
from precog.engine import GameState, WorldSampler
from precog.engine.fastcopy import replace
from precog.engine.observation import SeatDeal
from precog.engine.state import PlayerState

__all__ = ["Dealer", "draw_worlds"]


def draw_worlds(state: GameState, seat: int, count: int, seed: int) -> list[GameState]:
    """``count`` positions ``seat`` cannot tell from ``state``, drawn with ``seed``.
    Mirrors :func:`precog.engine.observation.determinize`."""
    sampler = WorldSampler(state, seat)
    rng = random.Random(seed)
    if sampler.keep is not None:
        return [sampler(rng) for _ in range(count)]
    gen = worlds_rng(seed)
    seats = [_redeal(deal, count, gen) for deal in sampler.seats]
    return [sampler.world(tuple(column), rng) for column in zip(*seats, strict=True)]


def _order(gen: np.random.Generator, count: int, size: int) -> np.ndarray:
    """``count`` random orders of ``size`` things, one a row."""
    return np.argsort(gen.random((count, size)), axis=1)


def _redeal(deal: SeatDeal, count: int, gen: np.random.Generator) -> list[PlayerState]:
    """One seat's ``count`` redeals: its hidden cards (deck, and hand unless it is the
    analysing seat's) shuffled within their season, as :class:`SeatDeal` does one."""
    p, piles, keep_hand = deal.p, deal.piles, deal.keep_hand
    wanted = (() if keep_hand else deal.hand_seasons) + deal.deck_seasons
    if not wanted:
        return [p] * count
    cards = [c for pile in piles for c in pile]
    picks = np.empty((count, len(wanted)), dtype=np.intp)
    start = 0
    for season, pile in enumerate(piles):
        cols = [k for k, s in enumerate(wanted) if s == season]
        if cols:
            order = _order(gen, count, len(pile))[:, :len(cols)]
            picks[:, cols] = order + start
        start += len(pile)
    split = 0 if keep_hand else len(p.hand)
    out = []
    for row in picks.tolist():
        dealt = tuple(map(cards.__getitem__, row))
        hand = p.hand if keep_hand else dealt[:split]
        out.append(replace(p, hand=hand, deck=dealt[split:]))
    return out


class Dealer:
    """The worlds of one position as :class:`WorldSampler` means them (each seat's hidden
    cards redealt within their season, the face-down River tiles and the Objective stacks
    drawn from what ``seat`` has not seen), dealt ``count`` at a time into the batch's arrays.
    Only for a position whose every face is known (a partly-known box draws its faces world
    by world: :func:`dealer` says None).
    Mirrors :class:`precog.engine.observation.WorldSampler`."""

    def __init__(self, state: GameState, seat: int) -> None:
        sampler = WorldSampler(state, seat)
        # the position's public parts: its hidden cards, River and stacks are never read
        self.template = replace(state, choices=sampler.choices, to_move=sampler.to_move)
        t = tables(state.components)
        self.card_ids, self.tile_ids = t.card_ids, t.tile_ids
        players = state.players
        self.deck = np.full((len(players), max(24, *(len(p.deck) for p in players))), -1, INT)
        self.hand = np.full((len(players), max(2, *(len(p.hand) for p in players))), -1, INT)
        for where, p in enumerate(players):
            self.hand[where, :len(p.hand)] = [t.card_index[c] for c in p.hand]  # or dealt over
        self.kept = tuple(deal.keep_hand for deal in sampler.seats)
        self.piles = _piles(sampler, t.card_index)
        self.river = np.array([t.tile_index[x] for x in state.river], INT)
        self.river_pools = [(np.array(slots, np.intp),
                             np.array([t.tile_index[x] for x in pool], INT))
                            for slots, pool in sampler.river_pools]
        objectives, index = objective_tables([state.components])
        at = index[state.components.fingerprint]
        self.objective_ids = [o.id for o in objectives]
        self.sizes = tuple(size for _, size in sampler.objective_pools)
        self.depth = max((1, *self.sizes))
        self.stack_pools = [(season, np.array([at[x] for x in pool], np.int64), size)
                            for season, (pool, size) in enumerate(sampler.objective_pools)
                            if size]

    def __call__(self, gen: np.random.Generator, count: int) -> Dealt:
        """``count`` worlds, each played once (:meth:`Dealt.games` plays them again)."""
        deck = np.repeat(self.deck[None], count, axis=0)
        hand = np.repeat(self.hand[None], count, axis=0)
        for seat, hand_slots, deck_slots, pile in self.piles:
            dealt = pile[_order(gen, count, len(pile))]
            hand[:, seat, hand_slots] = dealt[:, :len(hand_slots)]
            deck[:, seat, deck_slots] = dealt[:, len(hand_slots):]
        river = np.repeat(self.river[None], count, axis=0)
        for slots, pool in self.river_pools:
            k = min(len(slots), len(pool))
            river[:, slots[:k]] = pool[_order(gen, count, len(pool))[:, :k]]
        objective_stack = np.full((count, 3, self.depth), -1, np.int64)
        for season, objectives, size in self.stack_pools:
            order = _order(gen, count, len(objectives))[:, :size]
            objective_stack[:, season, :size] = objectives[order]
        return Dealt(self.template, deck, hand, river, objective_stack, np.arange(count))

    def states(self, dealt: Dealt) -> list[GameState]:
        """The dealt worlds as positions, one a world (for the engine, or a model that reads
        positions).
        Mirrors :meth:`precog.engine.observation.WorldSampler.world`."""
        cards, tiles, objectives = self.card_ids, self.tile_ids, self.objective_ids
        t = self.template
        out = []
        for w in range(len(dealt.deck)):
            players = tuple(
                replace(p, deck=tuple(cards[i] for i in dealt.deck[w, seat, :len(p.deck)]),
                        hand=p.hand if self.kept[seat] else tuple(
                            cards[i] for i in dealt.hand[w, seat, :len(p.hand)]))
                for seat, p in enumerate(t.players))
            stacks = tuple(tuple(objectives[i] for i in dealt.stack[w, season, :size])
                           for season, size in enumerate(self.sizes))
            out.append(replace(t, players=players, river=tuple(tiles[i] for i in dealt.river[w]),
                               objective_stacks=stacks))
        return out


def _piles(sampler: WorldSampler, cards: dict[str, int]
           ) -> list[tuple[int, np.ndarray, np.ndarray, np.ndarray]]:
    """Per seat and season pile of hidden cards: (seat, the hand slots and the deck slots it
    fills, its cards as indices); the analysing seat's hand is kept, not dealt."""
    out = []
    for where, deal in enumerate(sampler.seats):
        for season, pile in enumerate(deal.piles):
            if not pile:
                continue
            hand = [] if deal.keep_hand else [
                k for k, s in enumerate(deal.hand_seasons) if s == season]
            deck = [k for k, s in enumerate(deal.deck_seasons) if s == season]
            out.append((where, np.array(hand, np.intp), np.array(deck, np.intp),
                        np.array([cards[c] for c in pile], INT)))
    return out


def dealer(state: GameState, seat: int) -> Dealer | None:
    """A :class:`Dealer` for ``state`` as ``seat`` sees it, or None for a partly-known box.
    Mirrors :class:`precog.engine.observation.WorldSampler`."""
    return None if state.components.unknown else Dealer(state, seat)
