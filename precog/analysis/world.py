"""What the analysing player knows, and sampled worlds consistent with it.

Analysis never looks at the real hidden state. Everything here starts from
``observation(state, seat)`` (what the seat may see) or from ``determinize(state, seat, rng)``
(a full position the seat cannot tell apart from the real one). Chance outcomes the seat can
enumerate exactly (the next River tile) are forced into a sampled world by permuting only
cards and tiles that are hidden from the seat, so the result is still consistent with what
the seat sees.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from precog.engine import (
    Action,
    GameState,
    Observation,
    Phase,
    PrecogError,
    Step,
    apply,
    determinize,
    legal_actions,
    observation,
)
from precog.engine.actions import Choose
from precog.engine.state import FEEDING_ROUNDS

Policy = Callable[[GameState, int], Action]
"""Chooses an action for the seat to move in a (sampled) world: ``policy(world, seat)``."""


class AnalysisError(PrecogError):
    """A position or request the analysis cannot work on (the message says why)."""


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The facts of a Decision the analysing seat can read off its observation."""

    seat: int
    round: int
    hand: tuple[str, ...]
    decision_zone: tuple[str, ...]
    incoming: tuple[str, ...]  # the right neighbour's face-up Decision Zone: one comes to me
    choices: tuple[Choose, ...]  # my legal (Keep, Give) choices, in the engine's order


def knowledge(state: GameState, seat: int) -> Knowledge:
    """What ``seat`` knows at its Decision; :class:`AnalysisError` if it is not deciding."""
    check_decision(state, seat)
    obs = observation(state, seat)
    me = obs.seats[seat]
    right = obs.seats[(seat - 1) % state.config.players]
    world = determinize(state, seat, random.Random(0))
    world = until_seat(world, seat, first_legal)
    options = [a for a in legal_actions(world) if isinstance(a, Choose)]
    return Knowledge(seat=seat, round=obs.round, hand=me.hand or (),
                     decision_zone=me.decision_zone, incoming=right.decision_zone,
                     choices=tuple(options))


def check_decision(state: GameState, seat: int) -> None:
    """Refuse (with a reason) a position where ``seat`` has no Keep/Give choice to make."""
    n = state.config.players
    if not isinstance(seat, int) or not 0 <= seat < n:
        raise AnalysisError(f"player {seat!r}: expected a seat 0..{n - 1} of this {n}-player game")
    if state.phase is not Phase.DECISION:
        raise AnalysisError(f"the position is in the {state.phase.value} phase; the look-ahead "
                            "starts from a Decision phase (a Keep/Give choice)")
    if state.choices and state.choices[seat] is not None:
        raise AnalysisError(f"seat {seat} has already chosen this round "
                            f"({state.choices[seat]}); analyse the position before that choice")


def passed_pair(hand: tuple[str, ...], decision_zone: tuple[str, ...],
                choice: Choose) -> tuple[str, ...]:
    """The cards a choice sends face up to the right neighbour (one of them comes back)."""
    return tuple(c for c in hand + decision_zone if c not in (choice.keep, choice.give))


def first_legal(world: GameState, seat: int) -> Action:
    """The engine's first legal action: a cheap default for seats whose play does not matter
    (in a cooperative Objective step, ``done``: revealing or mitigating is a real choice that
    costs Humans, never a default)."""
    options = legal_actions(world)
    if world.step in (Step.COOP, Step.TEAM):
        return options[-1]
    return options[0]


SECRET_PHASES = (Phase.DECISION, Phase.SETUP_ROOMS, Phase.SETUP_PASS)


def until_seat(world: GameState, seat: int, policy: Policy) -> GameState:
    """Let the seats before ``seat`` make their secret choices (``policy``) in this world."""
    start = (world.round, world.phase)
    while (world.phase in SECRET_PHASES and (world.round, world.phase) == start
           and world.to_move != seat and not world.is_over):
        world = apply(world, policy(world, world.to_move))
    return world


# -- River chance ----------------------------------------------------------------------

def river_outcomes(obs: Observation) -> list[tuple[str | None, float]]:
    """The tile revealed at the end of this round with its probability (None: an Island)."""
    if obs.round in FEEDING_ROUNDS:
        return [(None, 1.0)]
    season = min(3, (obs.round - 1) // 4 + 1)
    unseen = obs.river_unseen[season - 1]
    if not unseen:
        return [(None, 1.0)]
    return [(tile, 1.0 / len(unseen)) for tile in unseen]


def with_river_tile(world: GameState, tile: str | None) -> GameState:
    """``world`` with ``tile`` as this round's River tile (unseen tiles swapped, so still
    consistent with every observation); None or an Island leaves it as it is."""
    slot = world.round - 1
    if tile is None or world.river[slot] == tile or world.phase in (Phase.RIVER, Phase.OVER):
        return world
    river = list(world.river)
    if tile in river:
        other = river.index(tile)
        if other < slot:
            raise AnalysisError(f"River tile {tile} was revealed already")
        river[other] = river[slot]
    river[slot] = tile
    return replace(world, river=tuple(river))


def past_river(before: GameState, after: GameState) -> bool:
    """Whether ``after`` has revealed the River tile of ``before``'s round."""
    if before.phase in (Phase.RIVER, Phase.OVER):
        return False
    return after.round > before.round or after.phase in (Phase.RIVER, Phase.OVER)


def sample_worlds(state: GameState, seat: int, count: int, rng: random.Random) -> list[GameState]:
    """``count`` determinizations of ``state`` for ``seat`` (what it cannot see, resampled)."""
    return [determinize(state, seat, rng) for _ in range(count)]


def give_of(world: GameState, seat: int, give: str) -> Choose:
    """A legal choice of ``seat`` that Gives ``give`` (its Keep does not matter to others)."""
    for action in legal_actions(world):
        if isinstance(action, Choose) and action.give == give:
            return action
    raise AnalysisError(f"seat {seat} cannot give {give} now")


def resolve_decision(world: GameState, seat: int, choice: Choose,
                     gives: dict[int, str], policy: Policy) -> GameState:
    """Finish this Decision phase: ``seat`` plays ``choice``, the seats in ``gives`` Give
    those cards, every other seat plays ``policy``. Returns the Action phase."""
    start = world.round
    while world.phase is Phase.DECISION and world.round == start and not world.is_over:
        mover = world.to_move
        if mover == seat:
            action: Action = choice
        elif mover in gives:
            action = give_of(world, mover, gives[mover])
        else:
            action = policy(world, mover)
        world = apply(world, action)
    return world


class _Sorting(random.Random):
    """A 'generator' whose shuffles sort: determinizing with it gives one fixed world."""

    def shuffle(self, x: Any) -> None:  # type: ignore[override]
        x.sort()

    def sample(self, population: Any, k: int, **kw: Any) -> list[Any]:  # type: ignore[override]
        return sorted(population)[:k]


def canonical_world(state: GameState, seat: int) -> GameState:
    """A full position that depends only on what ``seat`` observes (hidden cards and tiles
    dealt in sorted order). Analyses start from it, so two positions that look the same to
    ``seat`` are analysed the same way, whatever their hidden cards."""
    return determinize(state, seat, _Sorting(0))
