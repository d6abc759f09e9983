"""The review's graph: every seat's expected final score and chance to win, round by round.

At each Keep/Give of the reviewed seat, the sensible player's playouts
(``rollouts.DEFAULT_POLICY``, the explorer's value) are played from worlds sampled from that
seat's observation only, with the seat's played Keep/Give forced: every seat's mean final
score (the mode's score, :func:`precog.analysis.projection.evaluation.terminal_value`) and the share
of playouts it wins, each with a 95 % interval. Who wins follows the rules' order: the most
Healthy Humans; on a tie the most Humans (Healthy and Contaminated); still tied, the victory
is shared and counts as a win for each. Team mode: the team with the most Healthy Humans,
then the most Contaminated; cooperative mode: the chance that every Objective is met (the
same for every seat).

>>> from precog.analysis.game_review.review import recorded_game, decision_points
>>> game = recorded_game(["greedy", "greedy"], seed=5, players=2)
>>> index = decision_points(game, 0)[2]
>>> point = outlook(game.states[index], 0, game.actions[index], samples=32)
>>> sorted(point.values), 0.0 <= point.wins[0][0] <= 1.0
([0, 1], True)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import numpy as np

from precog.analysis.basics.intervals import mean_ci, wilson
from precog.analysis.playing.world import canonical_world, first_legal, until_seat
from precog.analysis.playouts.rollouts import DEFAULT_POLICY, uniforms
from precog.engine import GameState, WorldSampler, legal_actions
from precog.engine.actions import Choose
from precog.engine.scoring import TEAMS

OUTLOOK_SAMPLES = 256  # playouts per point of the graph (as the explorer's table per choice)


@dataclass(frozen=True)
class Outlook:
    """Each seat's (mean final score, 95 % half-width) and (chance to win, 95 % half-width)."""

    round: int
    values: dict[int, tuple[float, float]]
    wins: dict[int, tuple[float, float]]
    samples: int


def outlook(state: GameState, seat: int, played: Choose, samples: int = OUTLOOK_SAMPLES,
            seed: int = 0) -> Outlook:
    """The graph's point at ``seat``'s Keep/Give ``played`` in ``state`` (see the module doc)."""
    from precog.analysis.playouts import batch

    start = canonical_world(state, seat)
    rng = random.Random(seed * 1021 + state.round)
    sample = WorldSampler(start, seat)
    worlds = [sample(rng) for _ in range(samples)]
    players = state.config.players
    forced = np.full((samples, players), -1, dtype=np.int64)
    for game, world in enumerate(worlds):
        forced[game, seat] = legal_actions(until_seat(world, seat, first_legal)).index(played)
    finals = batch.run(worlds, uniforms(samples, seed * 1031 + state.round), DEFAULT_POLICY,
                       forced)
    values = {other: mean_ci(batch.seat_values(finals, worlds[0], other))
              for other in range(players)}
    won = winners(finals.healthy, finals.contaminated, state.config.mode, finals.failed)
    return Outlook(round=state.round, values=values,
                   wins={other: share_ci(won[:, other]) for other in range(players)},
                   samples=samples)


def winners(healthy: np.ndarray, contaminated: np.ndarray, mode: str,
            failed: np.ndarray | None = None) -> np.ndarray:
    """(games, seats) booleans: who wins each finished game, by the rules' order."""
    games, players = healthy.shape
    if mode == "coop":
        met = np.ones(games, dtype=bool) if failed is None else ~failed.astype(bool)
        return np.repeat(met[:, None], players, axis=1)
    if mode == "team":
        first_team, second_team = (list(team) for team in TEAMS)
        first_healthy = healthy[:, first_team].sum(axis=1)
        second_healthy = healthy[:, second_team].sum(axis=1)
        first_contaminated = contaminated[:, first_team].sum(axis=1)
        second_contaminated = contaminated[:, second_team].sum(axis=1)
        first = (first_healthy > second_healthy) | (
            (first_healthy == second_healthy) & (first_contaminated >= second_contaminated))
        second = (second_healthy > first_healthy) | (
            (first_healthy == second_healthy) & (second_contaminated >= first_contaminated))
        won = np.zeros((games, players), dtype=bool)
        won[:, first_team] = first[:, None]
        won[:, second_team] = second[:, None]
        return won
    tied = healthy == healthy.max(axis=1, keepdims=True)
    humans = np.where(tied, healthy + contaminated, -1)
    return tied & (humans == humans.max(axis=1, keepdims=True))


def share_ci(hits: np.ndarray) -> tuple[float, float]:
    """A share and its 95 % half-width (Wilson's interval, as half its width)."""
    count, trials = float(np.sum(hits)), len(hits)
    if trials == 0:
        return math.nan, math.nan
    low, high = wilson(count / trials, trials)
    return count / trials, (high - low) / 2
