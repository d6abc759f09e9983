"""Choices of the same cards: the reference set's four decks hold the same 24 cards, so a
seat's four cards can hold two copies of one card. Two (Keep, Give) choices of the same cards
by face (:attr:`~precog.engine.components.Card.face`) play alike; the engine keeps them apart
(the copies are different cards). The ranking's rollouts play a copy as its twin (the same
games), and the pages say which row is a copy of which."""

from __future__ import annotations

from collections.abc import Sequence

from precog.engine import GameState


def copies(choices: Sequence[tuple[str, str]], state: GameState) -> dict[int, int]:
    """For each (Keep, Give) pair, by its index, that Keeps and Gives the same cards by face
    as an earlier pair: the index of the first such pair."""
    first: dict[tuple[object, ...], int] = {}
    out = {}
    for i, (keep, give) in enumerate(choices):
        face = (state.card(keep).face, state.card(give).face)
        if face in first:
            out[i] = first[face]
        else:
            first[face] = i
    return out

