"""The other decisions of a review: Action phase, Protectors, losses, the River, co-op steps.

Every decision of a seat that is not its Keep/Give and offers more than one legal action
(activation, the gains placed, Ymunes as Doctors or Protectors, healing, Batteries, co-op
reveal/mitigate and the team window, Protectors spent, Humans lost, ignoring the River) is
valued on the one scale, as the explorer's table values a Keep/Give with rollouts: for each
legal option, the final score the seat reaches when it plays that option now and then
everyone plays like the sensible player (``rollouts.DEFAULT_POLICY``), over worlds sampled
from the seat's observation only. Every option is played in the same worlds with the same
uniforms (common random numbers), so the loss of the played option is measured on paired
samples and gets its own interval.

The rest of the round is played through the engine (the batch starts only at a Decision
phase); from the next round's Decision phase on, the batch plays every option of every
decision of the round at once (:func:`precog.analysis.playouts.batch.run`).

>>> from precog.analysis.game_review.review import recorded_game
>>> game = recorded_game(["greedy", "greedy"], seed=5, players=2)
>>> points = action_points(game, 0)
>>> len(points) > 12, all(game.states[i].round >= 1 for i in points)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from precog.analysis.basics.intervals import mean_ci
from precog.analysis.playouts.rollouts import DEFAULT_POLICY, uniforms
from precog.analysis.playouts.uniform_row import UniformRow
from precog.engine import (
    Action,
    Game,
    GameState,
    Phase,
    WorldSampler,
    apply,
    legal_actions,
)
from precog.engine.actions import Choose
from precog.engine.playout import play_on

ACTION_WORLDS = 24
"""Sampled worlds per option of an Action decision (paired: the loss is measured on them)."""
ACTION_REPEATS = 2
"""Playouts of the rest of the game from each world's next round (a world's value: their
mean; the intervals are over the worlds)."""

OTHER_PHASES = (Phase.ACTION, Phase.MAINTENANCE, Phase.RIVER)


@dataclass(frozen=True)
class OptionValue:
    """One legal option: its notation, value (mean final score) and 95 % half-width."""

    action: str
    value: float
    ci95: float


@dataclass(frozen=True)
class ValuedAction:
    """One decision's options valued (best first) and the played option's paired loss."""

    index: int
    round: int
    kind: str  # the engine's step: activate, gains, coop, team, protect, lose, ignore
    played: OptionValue
    options: tuple[OptionValue, ...]
    loss: float
    loss_ci95: float
    samples: int
    why: tuple[tuple[str, float], ...] = ()  # the played option's round end minus the best's


def action_points(game: Game, seat: int) -> list[int]:
    """Numbers of ``seat``'s decisions other than Keep/Give that offer a choice, in order."""
    points = []
    for index, (state, action) in enumerate(zip(game.states, game.actions)):
        if state.to_move == seat and state.phase in OTHER_PHASES \
                and not isinstance(action, Choose) and len(legal_actions(state)) > 1:
            points.append(index)
    return points


def by_round(game: Game, indices: Sequence[int]) -> dict[int, list[int]]:
    """The decisions grouped by round (game order within a round)."""
    groups: dict[int, list[int]] = {}
    for index in indices:
        groups.setdefault(game.states[index].round, []).append(index)
    return groups


def _next_decision(start_round: int) -> Callable[[GameState], bool]:
    """Whether a position is at the Decision phase of a round after ``start_round``."""
    return lambda state: state.phase is Phase.DECISION and state.round > start_round


def _mover(row: np.ndarray) -> Callable[[GameState, int], Action]:
    """The sensible player, reading its uniforms from ``row``."""
    read = UniformRow(row)

    def move(state: GameState, seat: int) -> Action:
        options = legal_actions(state)
        return options[DEFAULT_POLICY.index(state, read(state, seat), options)]

    return move


def _round_rest(world: GameState, option: Action, row: np.ndarray) -> GameState:
    """Play ``option`` in ``world``, then the sensible player to the next Decision phase."""
    return play_on(apply(world, option), _mover(row), until=_next_decision(world.round))


Decision = tuple[int, GameState, Action]  # (action number, position, what was played)


def round_decisions(game: Game, indices: Sequence[int]) -> list[Decision]:
    """The decisions numbered ``indices``: each one's number, position and played action."""
    return [(index, game.states[index], game.actions[index]) for index in indices]


Played = tuple[list[GameState], list[tuple[int, GameState, Action, list[Action], int]],
               np.ndarray]


def play_options(decisions: Sequence[Decision], seat: int, worlds: int = ACTION_WORLDS,
                 seed: int = 0, repeats: int = ACTION_REPEATS) -> Played:
    """Play every option of ``seat``'s ``decisions`` (all of one round; each on worlds
    sampled from ``seat``'s observation of its position only): the rest of the round once per
    world, the rest of the game ``repeats`` times from there. Returns the round ends (one per
    decision, option and world, in that order), each decision's ``(number, position, played,
    options, first index)``, and each round end's value (the mean of its repeats)."""
    from precog.analysis.projection.evaluation import last_check_value

    ends_of_round: list[GameState] = []
    shape: list[tuple[int, GameState, Action, list[Action], int]] = []
    for number, state, played in decisions:
        rng = random.Random(seed * 1009 + number)
        sample = WorldSampler(state, seat)
        sampled = [sample(rng) for _ in range(worlds)]
        rows = uniforms(worlds, seed * 1013 + number)
        options = list(legal_actions(state))
        for option in options:
            ends_of_round.extend(_round_rest(world, option, rows[index])
                                 for index, world in enumerate(sampled))
        shape.append((number, state, played, options,
                      len(ends_of_round) - len(options) * worlds))
    values = np.empty((len(ends_of_round), repeats))
    for index, end in enumerate(ends_of_round):
        if end.is_over:
            values[index, :] = last_check_value(end, seat)
    going = [index for index, end in enumerate(ends_of_round) if not end.is_over]
    if going:
        values[going, :] = _rest_of_game([ends_of_round[index] for index in going], seat,
                                         repeats, seed * 1019 + decisions[0][0], worlds)
    return ends_of_round, shape, values.mean(axis=1)


def value_round(decisions: Sequence[Decision], seat: int, worlds: int = ACTION_WORLDS,
                seed: int = 0, repeats: int = ACTION_REPEATS) -> list[ValuedAction]:
    """Value every option of ``seat``'s ``decisions`` (:func:`play_options`): a world's value
    is the mean of its repeats; the played option's loss is paired with the best's."""
    ends_of_round, shape, per_world = play_options(decisions, seat, worlds, seed, repeats)
    valued_actions = []
    for number, state, played, options, first in shape:
        valued = _valued(number, state, played, options,
                         per_world[first:first + len(options) * worlds], worlds,
                         worlds * repeats)
        ends = {str(option): ends_of_round[first + index * worlds:first + (index + 1) * worlds]
                for index, option in enumerate(options)}
        best = valued.options[0].action
        if best != valued.played.action:
            valued = replace(valued, why=round_end_differences(ends[valued.played.action],
                                                               ends[best], seat))
        valued_actions.append(valued)
    return valued_actions


def round_end_differences(mine: Sequence[GameState], best: Sequence[GameState], seat: int
                          ) -> tuple[tuple[str, float], ...]:
    """Why an option fell short: the two weightiest differences of the seat's mean resources
    at the end of the round (after ``mine`` against after ``best``; the explorer's reasons'
    weights, :data:`precog.analysis.choices.reasons.SCORE`), the small ones left out."""
    from precog.analysis.choices.reasons import MIN_DIFFERENCE, SCORE

    after_mine, after_best = _mean_resources(mine, seat), _mean_resources(best, seat)
    differences = sorted(((resource, after_mine[resource] - after_best[resource])
                          for resource in SCORE),
                         key=lambda pair: -abs(pair[1] * SCORE[pair[0]]))
    return tuple((resource, round(difference, 1)) for resource, difference in differences[:2]
                 if abs(difference) >= MIN_DIFFERENCE)


def _mean_resources(states: Sequence[GameState], seat: int) -> dict[str, float]:
    from precog.analysis.choices.reasons import SCORE
    from precog.analysis.projection.evaluation import resources

    """The seat's mean of each weighed resource over ``states``."""
    boats = [resources(state, seat) for state in states]
    return {resource: sum(boat[resource] for boat in boats) / len(boats) for resource in SCORE}


def _rest_of_game(starts: list[GameState], seat: int, repeats: int, seed: int,
                  worlds: int) -> np.ndarray:
    """(len(starts), repeats) final values; start ``j`` uses uniform rows ``(j % worlds) *
    repeats + r``, the same for every option of a decision (common random numbers)."""
    from precog.analysis.playouts import batch
    from precog.analysis.playouts.rollouts import play_out
    from precog.analysis.projection.evaluation import last_check_value

    base = uniforms(worlds * repeats, seed).reshape(worlds, repeats, -1)
    rows = np.stack([base[index % worlds] for index in range(len(starts))])  # (starts, repeats, W)
    many = [start for start in starts for _ in range(repeats)]
    flat = rows.reshape(len(many), -1)
    if batch.supports(many):
        finals = batch.run(many, flat, DEFAULT_POLICY)
        return np.asarray(batch.seat_values(finals, many[0], seat)).reshape(len(starts), repeats)
    return np.array([last_check_value(play_out(start, DEFAULT_POLICY, flat[game]), seat)
                     for game, start in enumerate(many)]).reshape(len(starts), repeats)


def _valued(number: int, state: GameState, played: Action, options: list[Action],
            values: np.ndarray, worlds: int, playouts: int) -> ValuedAction:
    """Decision ``number``'s options valued from each world's ``values`` (option by option),
    best first, and the played option's loss paired with the best's."""
    grid = values.reshape(len(options), worlds)
    played_at = options.index(played)
    rows = [OptionValue(str(option), *mean_ci(grid[index]))
            for index, option in enumerate(options)]
    best_at = max(range(len(options)), key=lambda index: (rows[index].value, -index))
    loss, loss_interval = mean_ci(grid[best_at] - grid[played_at])
    return ValuedAction(index=number, round=state.round, kind=state.step.value,
                        played=rows[played_at],
                        options=tuple(sorted(rows, key=lambda row: (-row.value, row.action))),
                        loss=max(0.0, loss), loss_ci95=loss_interval, samples=playouts)
