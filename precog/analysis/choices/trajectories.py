"""Resource trajectories: how each root choice's Boat evolves round by round.

For each (Keep, Give) choice the same sampled worlds are played (common random numbers): this
round along the choice's best plan (the right neighbour's Give drawn from the opponent model),
then by the sensible player (``rollouts.DEFAULT_POLICY``), over the two-round horizon or, with
``to_end``, to the end of the game. Per round: the mean and the 10th and 90th percentiles of
the ``score`` (the Healthy Humans that count in the mode: the seat's, its team's, everyone's;
a cooperative game lost on an Objective scores 0), Food, Batteries, Healthy and Contaminated
Humans, Doctors, Protectors and Bane. Per choice, ``value`` is the one value
(:mod:`precog.analysis.fitted.value`) these futures estimate: the mean final score, with its 95 %
half-width (to the end: the sampling error of the mean; over the two-round horizon each
future is valued at its last round by the fitted prediction, whose held-out error is added).
:func:`precog.analysis.choices.plots.trajectory_figure` draws the result.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np

from precog.analysis.basics.checks import (
    MAX_TRAJECTORIES,
    check_count,
    check_model,
    check_player,
    check_seed,
)
from precog.analysis.basics.errors import AnalysisCode
from precog.analysis.basics.intervals import half_width, mean_ci, standard_error_of
from precog.analysis.fitted.value import expected_final, leaf_error, scoring_seats
from precog.analysis.playing.rounds import RoundPlayer
from precog.analysis.playing.world import AnalysisError, Knowledge, canonical_world, knowledge
from precog.analysis.playouts.rollouts import DEFAULT_POLICY, uniforms
from precog.analysis.projection.evaluation import RESOURCES, resources, score, terminal_value
from precog.engine import Action, GameState, WorldSampler, determinize
from precog.engine.actions import Choose
from precog.engine.playout import play_on
from precog.engine.problems import Problem
from precog.engine.state import FEEDING_ROUNDS, ROUNDS


def trajectories(state: GameState, player: int, choices: Sequence[Choose | str] | None = None,
                 model: str = "uniform", rollouts: int = 32, seed: int = 0,
                 to_end: bool = False, know: Knowledge | None = None) -> dict[str, Any]:
    """Per choice and round: mean, p10 and p90 of each resource (see the module doc).
    ``know``: the seat's :func:`~precog.analysis.playing.world.knowledge`, when the caller has
    it."""
    check_player(player, state.config.players)
    check_model(model)
    check_count("rollouts", rollouts, 1, MAX_TRAJECTORIES)
    check_seed(seed)
    know = know or knowledge(state, player)
    state = canonical_world(state, player)
    wanted = [str(choice) for choice in (choices or know.choices)]
    legal = {str(choice): choice for choice in know.choices}
    bad = [choice for choice in wanted if choice not in legal]
    if bad:
        raise AnalysisError(Problem.of(AnalysisCode.CHOICES, bad=bad, seat=player,
                                       legal=tuple(legal)), input=bad)
    samples = max(2, rollouts)
    last = ROUNDS if to_end else min(ROUNDS, state.round + 1)
    rounds = list(range(state.round - 1, last + 1))
    rounds_player = RoundPlayer(player, state.config.players,
                                lambda position: expected_final(position, player))
    base = determinize(state, player, random.Random(seed))
    rng = random.Random(seed + 5)
    sample = WorldSampler(state, player)
    worlds = [sample(rng) for _ in range(samples)]
    rows = uniforms(samples, seed + 6)
    out: dict[str, Any] = {
        "player": player, "model": model, "seed": seed, "samples": samples,
        "resources": list(SERIES), "rounds": rounds,
        "feeding_rounds": [feeding for feeding in FEEDING_ROUNDS
                           if rounds[0] < feeding <= rounds[-1]],
        "choices": {}}
    for text in wanted:
        choice = legal[text]
        worst = rounds_player.worst_give(base, choice, know.incoming) \
            if model == "worst" else None
        series = np.zeros((samples, len(rounds), len(SERIES)))
        afters = []
        for index, world in enumerate(worlds):
            give = worst or know.incoming[index % len(know.incoming)]
            series[index, 0] = _row(world, player)
            after = rounds_player.play_choice(world, choice, give, seed * 100_003 + index)
            series[index, 1] = _row(after, player)
            afters.append(after)
        finals = [_final(after, player) for after in afters]
        if len(rounds) > 2:
            series[:, 2:], finals = _rest(afters, rows, player, rounds[2:])
        out["choices"][text] = {
            resource: {"mean": series[:, :, column].mean(axis=0).round(4).tolist(),
                       "p10": np.percentile(series[:, :, column], 10, axis=0).round(4).tolist(),
                       "p90": np.percentile(series[:, :, column], 90, axis=0).round(4).tolist()}
            for column, resource in enumerate(SERIES)}
        out["choices"][text]["value"] = _value(finals)
    return out


def take_values(data: dict[str, Any], rows: Sequence[Any]) -> dict[str, Any]:
    """``data`` with each plotted choice's value (the diamond at the end of the score panel)
    taken from its ranked row (``rows``: :class:`~precog.analysis.choices.ranking.RankingRow`), so
    the plot says the table's one number for it, its interval and the games it rests on
    (``samples``); the futures' own mean stays as ``futures_value``, and the lines show how
    the game may unfold on the way there."""
    by_action = {str(row.choice): row for row in rows}
    for action, series in data["choices"].items():
        row = by_action.get(action)
        if row is None:
            continue
        series.setdefault("futures_value", series["value"])
        series["value"] = {"mean": row.value, "ci95": row.ci95 or 0.0, "samples": row.samples,
                           "at_end": True, "from": "ranking"}
    return data


SERIES = ("score", *RESOURCES)
"""What a trajectory follows: the mode's score, then the seat's Boat."""

Final = tuple[float, float]  # (final score or its prediction, that prediction's error)


def _row(state: GameState, seat: int) -> list[float]:
    """The seat's score and Boat in ``state``, in the order of :data:`SERIES`."""
    boat = resources(state, seat)
    now = terminal_value(state, seat) if state.is_over else score(state, seat)
    return [round(now, 4), *(float(boat[resource]) for resource in RESOURCES)]


def _final(state: GameState, seat: int) -> Final:
    """A future's final score (exact once the game is over, else the fitted prediction)."""
    return expected_final(state, seat), leaf_error(state)


def _value(finals: list[Final]) -> dict[str, Any]:
    """The one value these futures estimate: the mean of their final scores and its 95 %
    half-width (sampling error of the mean, plus the prediction's error where futures were
    valued before the end)."""
    mean, sampling = mean_ci([value for value, _error in finals])
    predicted = max(error for _value, error in finals)
    return {"mean": round(mean, 4),
            "ci95": round(half_width(standard_error_of(sampling), predicted), 4),
            "samples": len(finals), "at_end": predicted == 0.0}


def _rest(starts: list[GameState], rows: np.ndarray, seat: int,
          rounds: list[int]) -> tuple[np.ndarray, list[Final]]:
    """(samples, rounds, series): the seat's score and Boat at the end of each of ``rounds``
    under the sensible player (the batch where it applies, else the engine), and each
    future's final score (the batch always plays to the end; the engine to the last round,
    where a future not yet over is valued by the fitted prediction)."""
    from precog.analysis.playouts import batch

    series = np.zeros((len(starts), len(rounds), len(SERIES)))
    live = [start for start in starts if not start.is_over]
    if len(live) == len(starts) and batch.supports(starts):
        record: list[dict[str, np.ndarray]] = []
        finals = batch.run(starts, rows, DEFAULT_POLICY, record=record)
        scoring = list(scoring_seats(starts[0], seat))
        for step, round_number in enumerate(rounds):
            snapshot = record[min(round_number - starts[0].round, len(record) - 1)]
            series[:, step, 0] = snapshot["healthy"][:, scoring].sum(axis=1)
            for column, resource in enumerate(RESOURCES, start=1):
                series[:, step, column] = snapshot[resource][:, seat]
        values = batch.seat_values(finals, starts[0], seat)
        if rounds[-1] >= ROUNDS:  # the score as the game counts it (the tie-break included)
            series[:, -1, 0] = values
        return series, [(float(value), 0.0) for value in values]
    ends_of = [_round_ends(start, rows[index], rounds[-1]) for index, start in enumerate(starts)]
    for index, ends in enumerate(ends_of):
        for step, round_number in enumerate(rounds):
            series[index, step] = _row(ends.get(round_number, ends[max(ends)]), seat)
    return series, [_final(ends[max(ends)], seat) for ends in ends_of]


def _round_ends(state: GameState, row: np.ndarray, last: int) -> dict[int, GameState]:
    """The position after each round up to ``last`` (sensible player, scalar engine)."""
    from precog.engine import legal_actions

    policy = DEFAULT_POLICY
    ends = {state.round - 1: state}
    moves = [0]

    def pick(position: GameState, seat: int) -> Action:
        options = legal_actions(position)
        action = options[policy.index(position, float(row[moves[0] % len(row)]), options)]
        moves[0] += 1
        return action

    def record(before: GameState, action: Action, after: GameState) -> None:
        if after.round != before.round or after.is_over:
            ends[before.round] = after

    play_on(state, pick, lambda position: position.round > last, on_move=record)
    return ends
