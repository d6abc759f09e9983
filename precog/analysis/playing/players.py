"""Who plays a seat: the one ``Player`` protocol, the one adapter that seats it, and policies.

A *player* (every bot, OpenSpiel's included) chooses from what its seat may see:
``choose(observation, legal, sample_world) -> action``, where ``sample_world(rng)`` returns a
full position consistent with that observation (``determinize(state, seat, rng)``). It never
receives the real position. :func:`ask` is the only place that builds those three arguments
from a position, and :func:`as_policy` turns players into a
:data:`~precog.engine.playout.Policy` (``policy(state, seat) -> action``) for the engine's one
loop, :func:`~precog.engine.playout.play_on`.

A policy sees the whole position it is given, so analysis uses policies only inside worlds it
sampled itself (or, like :func:`first_legal`, where the choice does not look at hidden cards).

>>> from precog.engine import new_game
>>> from precog.engine.playout import play_on
>>> final = play_on(new_game(players=2, seed=4), first_legal)
>>> final.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from precog.analysis.basics.errors import AnalysisCode, AnalysisError
from precog.engine import (
    Action,
    GameState,
    Observation,
    legal_actions,
    observation,
)
from precog.engine import WorldSampler as Sampler
from precog.engine.playout import Policy, play_on
from precog.engine.problems import Problem
from precog.engine.state import (
    PHASE_DECISION,
    PHASE_SETUP_PASS,
    PHASE_SETUP_ROOMS,
    STEP_COOP,
    STEP_TEAM,
)

__all__ = [
    "SECRET_PHASES",
    "Player",
    "Policy",
    "WorldSampler",
    "as_policy",
    "ask",
    "first_legal",
    "random_policy",
    "until_seat",
    "world_sampler",
]

WorldSampler = Callable[[random.Random], GameState]
"""``sample_world(rng)``: a full position the seat cannot tell from the real one."""


class Player(Protocol):
    """Every bot: it chooses one of the legal actions from its seat's observation."""

    def choose(self, observation: Observation, legal: Sequence[Action],
               sample_world: WorldSampler) -> Action: ...


def world_sampler(state: GameState, seat: int) -> WorldSampler:
    """Worlds ``seat`` cannot tell from ``state`` (only what it may see is kept): each the
    world ``determinize(state, seat, rng)`` draws, what hides where worked out at the first
    draw and kept for the next (a bot's step may draw several)."""
    kept: list[Sampler] = []

    def sample(rng: random.Random) -> GameState:
        if not kept:
            kept.append(Sampler(state, seat))
        return kept[0](rng)

    return sample


def ask(player: Player, state: GameState, seat: int | None = None) -> Action:
    """``player``'s choice for ``seat`` (the seat to move by default) in ``state``: it gets the
    seat's observation, the legal actions and a world sampler; an illegal answer is an
    :class:`AnalysisError` naming the player and the action."""
    seat = state.to_move if seat is None else seat
    legal = legal_actions(state)
    action = player.choose(observation(state, seat), legal, world_sampler(state, seat))
    if action not in legal:
        raise AnalysisError(Problem.of(AnalysisCode.PLAYER_ILLEGAL, player=repr(player)[:60],
                                       action=str(action)), input=action, state=state)
    return action


def as_policy(players: Player | Mapping[int, Player] | Sequence[Player]) -> Policy:
    """A policy that asks the seat's player (one player for every seat, or one per seat)."""
    if isinstance(players, Mapping | Sequence):
        table = players
        return lambda state, seat: ask(table[seat], state, seat)
    one = players
    return lambda state, seat: ask(one, state, seat)


def first_legal(world: GameState, seat: int) -> Action:
    """The engine's first legal action: a cheap default for seats whose play does not matter
    (it takes everything offered and activates both cards when it can). In a cooperative
    Objective step it plays ``done`` (the last legal action): revealing or mitigating costs
    Humans and is a real choice, never a default. The tutor's stand-in seats and previews use
    it too; the lessons never stop a stand-in in an Objective step where the two would
    differ."""
    options = legal_actions(world)
    if world.step in (STEP_COOP, STEP_TEAM):
        return options[-1]
    return options[0]


def random_policy(rng: random.Random) -> Policy:
    """A uniformly random legal action (from ``rng``) for every seat."""

    def choose(state: GameState, seat: int) -> Action:
        options = legal_actions(state)
        return options[rng.randrange(len(options))]

    return choose


SECRET_PHASES = (PHASE_DECISION, PHASE_SETUP_ROOMS, PHASE_SETUP_PASS)


def until_seat(world: GameState, seat: int, policy: Policy) -> GameState:
    """Let the seats before ``seat`` make their secret choices (``policy``) in this world."""
    start = (world.round, world.phase)

    def reached(w: GameState) -> bool:
        return (w.phase not in SECRET_PHASES or (w.round, w.phase) != start
                or w.to_move == seat)

    return play_on(world, policy, reached)
