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
from dataclasses import dataclass
from typing import Any

from precog.analysis.basics.errors import AnalysisCode, AnalysisError
from precog.analysis.playing.players import SECRET_PHASES, Policy, first_legal, until_seat
from precog.analysis.playing.policy import keep_give_scores
from precog.engine import (
    Action,
    GameState,
    determinize,
    legal_actions,
    observation,
)
from precog.engine.actions import Choose
from precog.engine.fastcopy import replace
from precog.engine.observation import chance_outcomes
from precog.engine.playout import play_on
from precog.engine.problems import Problem
from precog.engine.state import PHASE_DECISION, PHASE_OVER, PHASE_RIVER

__all__ = ["SECRET_PHASES", "AnalysisError", "Knowledge", "Policy", "canonical_world",
           "check_decision", "first_legal", "give_of", "knowledge", "passed_pair",
           "past_river", "resolve_decision", "river_outcomes", "until_seat", "with_river_tile"]


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
        raise AnalysisError(Problem.of(AnalysisCode.SEAT, seat=seat, top=n - 1, n=n),
                            input=seat, state=state)
    if state.phase is not PHASE_DECISION:
        raise AnalysisError(Problem.of(AnalysisCode.PHASE, phase=state.phase.value),
                            state=state)
    if state.choices and state.choices[seat] is not None:
        raise AnalysisError(Problem.of(AnalysisCode.CHOSEN, seat=seat,
                                       choice=str(state.choices[seat])), state=state)


def passed_pair(hand: tuple[str, ...], decision_zone: tuple[str, ...],
                choice: Choose) -> tuple[str, ...]:
    """The cards a choice sends face up to the right neighbour (one of them comes back)."""
    return tuple(c for c in hand + decision_zone if c not in (choice.keep, choice.give))


# -- River chance ----------------------------------------------------------------------

river_outcomes = chance_outcomes
"""The next River flip's outcomes from one seat's observation (the engine's
:func:`~precog.engine.observation.chance_outcomes`)."""


def with_river_tile(world: GameState, tile: str | None) -> GameState:
    """``world`` with ``tile`` as this round's River tile (unseen tiles swapped, so still
    consistent with every observation); None or an Island leaves it as it is."""
    slot = world.round - 1
    if tile is None or world.river[slot] == tile or world.phase in (PHASE_RIVER, PHASE_OVER):
        return world
    river = list(world.river)
    if tile in river:
        other = river.index(tile)
        if other < slot:
            raise AnalysisError(Problem.of(AnalysisCode.TILE_REVEALED, tile=tile), input=tile)
        river[other] = river[slot]
    river[slot] = tile
    return replace(world, river=tuple(river))


def past_river(before: GameState, after: GameState) -> bool:
    """Whether ``after`` has revealed the River tile of ``before``'s round."""
    if before.phase in (PHASE_RIVER, PHASE_OVER):
        return False
    return after.round > before.round or after.phase in (PHASE_RIVER, PHASE_OVER)


def give_of(world: GameState, seat: int, give: str) -> Choose:
    """The choice of ``seat`` that Gives ``give`` with the Keep the sensible player would most
    likely take beside it (the best-scored of those choices). The Keep matters to others: it is a
    teammate's Boat, and the two cards it passes right, which in a 2-player game come back to
    the analysing seat; taking the first legal Keep instead keeps the worst card often enough
    to cost a cooperative team its last check."""
    options: list[Action] = [a for a in legal_actions(world)
                             if isinstance(a, Choose) and a.give == give]
    if not options:
        raise AnalysisError(Problem.of(AnalysisCode.CANNOT_GIVE, seat=seat, give=give),
                            input=give)
    scores = keep_give_scores(world, seat, options)
    pick = options[scores.index(max(scores))]
    assert isinstance(pick, Choose)
    return pick


def resolve_decision(world: GameState, seat: int, choice: Action,
                     gives: dict[int, str], policy: Policy) -> GameState:
    """Finish this Decision phase (or setup choice): ``seat`` plays ``choice``, the seats in
    ``gives`` Give those cards (:class:`AnalysisError` if one cannot), every other seat plays
    ``policy``. Returns the position once every seat has chosen (the Action phase)."""
    start = world.round

    def move(w: GameState, mover: int) -> Action:
        if mover == seat:
            return choice
        if mover in gives:
            return give_of(w, mover, gives[mover])
        return policy(w, mover)

    return play_on(world, move, lambda w: w.phase not in SECRET_PHASES or w.round != start)


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
