"""Scripted positions (data) turned into engine positions, and the conditions steps wait for.

Everything goes through the engine: ``new_game`` builds, ``parse_action``/``apply`` play the
scripted moves, ``to_json``/``from_json`` adjust a Boat (so the engine's position checks run on
the result).

>>> from precog.tutor.data import PositionSpec
>>> state = build_position(PositionSpec(setup={"players": 3, "seed": 4}, play_to="phase:action"))
>>> state.phase.value
'action'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from precog.analysis.playing import players
from precog.analysis.playing.players import Policy, ask, first_legal
from precog.engine import (
    DataError,
    GameState,
    Phase,
    PrecogError,
    apply,
    from_json,
    legal_actions,
    new_game,
    parse_action,
    to_json,
)
from precog.engine.actions import Action
from precog.engine.playout import play_on
from precog.engine.problems import Problem
from precog.tutor.data import PositionSpec
from precog.tutor.errors import TutorCode

MAX_SCRIPT_ACTIONS = 5000


@dataclass(frozen=True)
class Mark:
    """Where a step started: phase, round and season conditions are relative to it."""

    round: int
    season: int
    phase: Phase = Phase.DECISION


_PHASE_ORDER = {Phase.SETUP_ROOMS: 0, Phase.SETUP_PASS: 1, Phase.DECISION: 2, Phase.ACTION: 3,
                Phase.MAINTENANCE: 4, Phase.RIVER: 5, Phase.OVER: 9}


def mark(state: GameState) -> Mark:
    return Mark(state.round, state.season, state.phase)


def holds(condition: str, state: GameState, seat: int, start: Mark, learner_moves: int) -> bool:
    """Whether a step's ``until`` (or a position's ``play_to``) condition holds now.

    A condition is space-separated tests that must all hold: ``phase:X`` phase X has been
    reached since ``start`` (the next round's, if the step began later in the round than X);
    ``step:X`` the learner is to move at step X; ``round:N`` round N or later;
    ``next_round`` / ``next_season`` a later round / season than at ``start``;
    ``moves:N`` the learner made N moves in this step; ``others_turn`` another seat is to
    move; ``game_over``. A finished game
    satisfies every condition (nothing more can happen).
    """
    if state.is_over:
        return True
    return all(_test(part, state, seat, start, learner_moves) for part in condition.split())


def _test(test: str, state: GameState, seat: int, start: Mark, learner_moves: int) -> bool:
    kind, _, arg = test.partition(":")
    if kind == "phase":
        goal = _PHASE_ORDER[Phase(arg)]
        target = (start.round + (goal <= _PHASE_ORDER[start.phase]), goal)
        return (state.round, _PHASE_ORDER[state.phase]) >= target
    if kind == "step":
        return state.to_move == seat and state.step.value == arg
    if kind == "round":
        return state.round >= int(arg)
    if kind == "next_round":
        return state.round > start.round
    if kind == "next_season":
        return state.season > start.season
    if kind == "moves":
        return learner_moves >= int(arg)
    if kind == "others_turn":
        return state.to_move != seat
    if kind == "game_over":
        return False
    raise DataError(Problem.of(TutorCode.LESSON_UNKNOWN_TEST, test=test), input=test)


def _problem(err: BaseException) -> Problem | str:
    """What an inner error said: its problem (said in the reader's language), else its text."""
    problem = getattr(err, "problem", None)
    return problem if isinstance(problem, Problem) else str(err)


def build_position(spec: PositionSpec) -> GameState:
    """The position a :class:`PositionSpec` describes; a bad script names the move at fault."""
    where = spec.where or "position"
    try:
        state = new_game(**spec.setup)
    except (PrecogError, TypeError) as err:
        raise DataError(Problem.of(TutorCode.LESSON_SETUP, where=where, setup=spec.setup,
                                   problem=_problem(err)), input=spec.setup) from None
    if not 0 <= spec.seat < state.config.players:
        raise DataError(Problem.of(TutorCode.LESSON_SEAT, where=where, seat=spec.seat,
                                   n=state.config.players), input=spec.seat)
    for i, text in enumerate(spec.moves):
        state = _scripted_move(state, text, f"{where}: move {i + 1}")
    if spec.play_to:
        start = mark(state)
        state = play_until(state, lambda s: holds(spec.play_to, s, spec.seat, start, 0),
                           first_legal, f"{where}: play_to {spec.play_to!r}")
    if spec.boat:
        state = adjust_boats(state, spec.boat, where)
    return state


def _scripted_move(state: GameState, text: str, where: str) -> GameState:
    if state.is_over:
        raise DataError(Problem.of(TutorCode.LESSON_GAME_OVER, where=where, move=text),
                        input=text)
    if text == "first":
        return apply(state, legal_actions(state)[0])
    try:
        return apply(state, parse_action(state, text))
    except PrecogError as err:
        raise DataError(Problem.of(TutorCode.LESSON_MOVE_REFUSED, where=where, move=text,
                                   round=state.round, phase=state.phase.value,
                                   seat=state.to_move, problem=_problem(err)),
                        input=text) from None


def adjust_boats(state: GameState, boats: dict[int, dict[str, Any]], where: str) -> GameState:
    """``state`` with some seats' resources set, re-read and checked by the engine."""
    data = to_json(state)
    for seat, values in boats.items():
        if not 0 <= seat < len(data["players"]):
            raise DataError(Problem.of(TutorCode.LESSON_BOAT_SEAT, where=where, seat=seat),
                            input=seat)
        data["players"][seat].update(values)
    try:
        adjusted = from_json(data, state.components)
    except PrecogError as err:
        raise DataError(Problem.of(TutorCode.LESSON_BOAT_POSITION, where=where, boats=boats,
                                   problem=_problem(err)), input=boats) from None
    # A single legal option is played at once, as the engine does for every position it hands out.
    return play_on(adjusted, first_legal, lambda s: len(legal_actions(s)) != 1)


def random_policy(seed: int) -> Policy:
    """A uniformly random legal action for every seat (seeded)."""
    return players.random_policy(random.Random(seed))


def bot_policy(seed: int) -> Policy:
    """The analysis package's GreedyBot for every seat it plays.

    Each bot sees only its seat's observation (and worlds sampled from it), through
    :func:`~precog.analysis.playing.players.ask`; a failing or illegal choice is replaced by the
    first legal action.
    """
    from precog.analysis.arena.bots import GreedyBot

    bots: dict[int, GreedyBot] = {}

    def choose(state: GameState, seat: int) -> Action:
        bot = bots.setdefault(seat, GreedyBot(seed + seat))
        try:
            return ask(bot, state, seat)
        except PrecogError:
            return legal_actions(state)[0]

    return choose


def policy(name: str, seed: int) -> Policy:
    """The stand-in seats' policy of a step: ``random``, ``bot`` or the first legal action."""
    if name == "random":
        return random_policy(seed)
    if name == "bot":
        return bot_policy(seed)
    return first_legal


def play_until(state: GameState, done: Callable[[GameState], bool], choose: Policy,
               where: str) -> GameState:
    """Play ``choose``'s actions for every seat until ``done(state)``; a :class:`DataError`
    naming ``where`` if that is not reached."""
    state = play_on(state, choose, done, limit=MAX_SCRIPT_ACTIONS)
    if not (done(state) or state.is_over):
        raise DataError(Problem.of(TutorCode.LESSON_NOT_REACHED, where=where,
                                   n=MAX_SCRIPT_ACTIONS))
    return state
