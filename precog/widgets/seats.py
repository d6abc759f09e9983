"""The bots that sit at the table in the play page, from :mod:`precog.analysis.bots`.

A bot sees only what its seat may see: ``observation(state, seat)`` and the legal actions.
"""

from __future__ import annotations

from typing import Any, Protocol

from precog.engine import Action, GameState, determinize, legal_actions, observation

BOT_NAMES = ("Random", "Greedy", "Lookahead", "Rollout")
DEFAULT_BOT = "Greedy"
BOT_BLURBS = {
    "Random": "plays any legal action",
    "Greedy": "takes the best-looking choice for this round",
    "Lookahead": "looks ahead over the known incoming cards",
    "Rollout": "plays out many games to the end (slowest)",
}


class Bot(Protocol):
    def act(self, state: GameState) -> Action: ...


class SeatBot:
    """Wraps an analysis bot (``choose(observation, legal_actions)``) for a seat. A bot that
    simulates samples worlds through ``determinize`` for its seat, never the real position."""

    def __init__(self, inner: Any, name: str) -> None:
        self.inner = inner
        self.name = name

    def act(self, state: GameState) -> Action:
        seat = state.to_move
        if hasattr(self.inner, "sample_world"):
            self.inner.sample_world = lambda rng: determinize(state, seat, rng)
        action: Action = self.inner.choose(observation(state, seat), legal_actions(state))
        return action

    def __repr__(self) -> str:
        return f"SeatBot({self.name})"


def make_bot(name: str, seed: int) -> SeatBot:
    """The bot called ``name`` (one of :data:`BOT_NAMES`), seeded."""
    from precog.analysis import bots

    if name not in BOT_NAMES:
        raise ValueError(f"bot should be one of {', '.join(BOT_NAMES)}, got {name!r}")
    return SeatBot(bots.make_bot(name.lower(), seed), name)
