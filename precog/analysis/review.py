"""Review of a finished (or saved) game: each Keep/Give of one seat against the best choice.

For every Keep/Give decision of the reviewed seat, the same analysis as the explorer's ranked
table (:func:`precog.analysis.ranking.rank_options`, on one scale: the Healthy Humans the seat
should expect at the end of the game) values the choice that was played and the best one; the
difference is the *loss*, and a loss above a threshold earns a mark (see :data:`MARKS`).

Only what the reviewed seat could observe at each decision is used: the analysis starts from
:func:`~precog.analysis.world.canonical_world`, which depends on the seat's observation only,
and the graph's other seats are valued on worlds sampled from that same observation
(:func:`~precog.engine.determinize`). Two games that look the same to the seat get the same
review (tests/analysis/test_review.py).

>>> game = recorded_game(["greedy", "greedy"], seed=5, players=2)
>>> len(decision_points(game, 0))
12
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from precog.analysis.bots import make_bot
from precog.analysis.budget import Cancel, is_cancelled
from precog.analysis.errors import AnalysisError
from precog.analysis.evaluation import evaluate
from precog.analysis.players import as_policy
from precog.analysis.ranking import Ranking, RankingRow, rank_options
from precog.engine import Game, GameState, Phase, determinize, new_game
from precog.engine.actions import Choose

MARKS: tuple[tuple[str, float], ...] = (("blunder", 2.0), ("mistake", 0.8), ("dubious", 0.3))
"""Mark thresholds on the loss, in Healthy Humans at the end of the game (largest first)."""

SYMBOLS = {"blunder": "??", "mistake": "?", "dubious": "?!"}
WORLDS = 8  # sampled worlds per point of another seat's curve
MAX_BUDGET_S = 600.0


@dataclass(frozen=True)
class Alternative:
    """A choice the analysis preferred: its notation, value and interval."""

    action: str
    value: float
    ci95: float | None


@dataclass(frozen=True)
class ReviewedDecision:
    """One Keep/Give of the reviewed seat: what was played, what was best, and the loss."""

    index: int  # the action's number in the game (0: the first action)
    round: int
    played: str
    played_value: float
    best: str
    best_value: float
    loss: float
    ci95: float | None
    mark: str | None
    alternatives: tuple[Alternative, ...] = ()  # the top three choices, best first

    @property
    def symbol(self) -> str:
        return SYMBOLS.get(self.mark or "", "")


@dataclass
class Review:
    """The review of one seat: its decisions, every seat's expected final score per round,
    and a summary."""

    seat: int
    players: int
    mode: str
    decisions: list[ReviewedDecision] = field(default_factory=list)
    curves: dict[int, list[tuple[int, float]]] = field(default_factory=dict)
    complete: bool = True

    def summary(self) -> dict[str, Any]:
        losses = [d.loss for d in self.decisions]
        counts = {name: sum(d.mark == name for d in self.decisions) for name, _ in MARKS}
        costly = sorted(self.decisions, key=lambda d: -d.loss)[:3]
        return {"decisions": len(losses),
                "mean_loss": round(sum(losses) / len(losses), 4) if losses else 0.0,
                "total_loss": round(sum(losses), 4), "marks": counts,
                "costliest": [d.index for d in costly if d.loss > 0]}

    def to_dict(self) -> dict[str, Any]:
        return {"format": "precog-review", "version": 1, "seat": self.seat,
                "players": self.players, "mode": self.mode, "complete": self.complete,
                "thresholds": dict(MARKS),
                "decisions": [asdict(d) | {"symbol": d.symbol} for d in self.decisions],
                "curves": {str(s): [[r, round(v, 4)] for r, v in pts]
                           for s, pts in self.curves.items()},
                "summary": self.summary()}


def mark_for(loss: float) -> str | None:
    """The mark a loss earns (None below the smallest threshold)."""
    for name, threshold in MARKS:
        if loss >= threshold:
            return name
    return None


def recorded_game(bots: Sequence[str], seed: int = 0, **setup: Any) -> Game:
    """A whole game between named bots (``make_bot`` names, seat order), every move kept."""
    players = setup.pop("players", len(bots))
    seats = [make_bot(bots[s % len(bots)], seed * 8 + s) for s in range(players)]
    game = Game(new_game(players=players, seed=seed, **setup))
    game.advance(as_policy(seats))
    return game


def decision_points(game: Game, seat: int) -> list[int]:
    """Numbers of the actions that are ``seat``'s Keep/Give choices, in game order."""
    states, actions = game.states, game.actions
    return [i for i, a in enumerate(actions)
            if isinstance(a, Choose) and states[i].phase is Phase.DECISION
            and states[i].to_move == seat]


def check_seat(game: Game, seat: int) -> None:
    n = game.start.config.players
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
        raise AnalysisError(f"seat {seat!r}: expected a seat 0..{n - 1} of this {n}-player game")


def check_budget(budget_s: float | None) -> None:
    if budget_s is None:
        return
    if not isinstance(budget_s, int | float) or isinstance(budget_s, bool) \
            or not math.isfinite(budget_s) or not 0 < budget_s <= MAX_BUDGET_S:
        raise AnalysisError(f"budget {budget_s!r}: expected seconds per decision, more than 0 "
                            f"and at most {MAX_BUDGET_S:g}")


def review_decision(state: GameState, seat: int, played: Choose, index: int,
                    budget_s: float | None = 2.0, seed: int = 0, cancel: Cancel = None,
                    depth_rounds: int | None = None,
                    on_ranking: Callable[[int, Ranking], None] | None = None
                    ) -> ReviewedDecision:
    """Value ``played`` against the best choice in ``state`` (``seat`` to choose); with
    ``budget_s=None`` the analysis runs to its end (the same answer every time).
    ``on_ranking(index, ranking)`` is handed the whole ranking (the reasons of a choice are
    drawn from it, :mod:`precog.analysis.reasons`)."""
    ranking = rank_options(state, seat, seed=seed, budget_s=budget_s, cancel=cancel,
                           with_give_values=False, depth_rounds=depth_rounds)
    if on_ranking is not None:
        on_ranking(index, ranking)
    row = played_row(ranking, played)
    best = ranking.rows[0]
    loss = max(0.0, best.value - row.value)
    return ReviewedDecision(
        index=index, round=state.round, played=str(played), played_value=row.value,
        best=best.action, best_value=best.value, loss=loss, ci95=row.ci95, mark=mark_for(loss),
        alternatives=tuple(Alternative(r.action, r.value, r.ci95) for r in ranking.rows[:3]))


def played_row(ranking: Ranking, played: Choose) -> RankingRow:
    """The ranked row of the played choice (the same Keep and Give)."""
    for row in ranking.rows:
        if row.keep == played.keep and row.give == played.give:
            return row
    raise AnalysisError(f"the played choice {played} is not among the ranked choices")


def seat_values(state: GameState, seat: int, seed: int = 0) -> dict[int, float]:
    """Every seat's expected final score as ``seat`` can estimate it: the evaluation averaged
    over worlds sampled from ``seat``'s observation."""
    rng = random.Random(seed)
    worlds = [determinize(state, seat, rng) for _ in range(WORLDS)]
    return {s: sum(evaluate(w, s) for w in worlds) / len(worlds)
            for s in range(state.config.players)}


def iter_review(game: Game, seat: int, budget_s: float | None = 2.0, seed: int = 0,
                cancel: Cancel = None, depth_rounds: int | None = None,
                on_ranking: Callable[[int, Ranking], None] | None = None
                ) -> Iterator[tuple[ReviewedDecision, dict[int, float]]]:
    """Each reviewed decision as soon as it is ready, with every seat's curve point (the
    reviewed seat's own point is the value of what it played); ``on_ranking`` as in
    :func:`review_decision`."""
    check_seat(game, seat)
    check_budget(budget_s)
    states, actions = game.states, game.actions
    for i in decision_points(game, seat):
        if is_cancelled(cancel):
            return
        played = actions[i]
        assert isinstance(played, Choose)
        decision = review_decision(states[i], seat, played, i, budget_s, seed + i, cancel,
                                   depth_rounds, on_ranking)
        point = seat_values(states[i], seat, seed + i)
        point[seat] = decision.played_value
        yield decision, point


def review_game(game: Game, seat: int, budget_s: float | None = 2.0, seed: int = 0,
                cancel: Cancel = None,
                on_decision: Callable[[ReviewedDecision, int, int], None] | None = None,
                depth_rounds: int | None = None) -> Review:
    """The whole review of ``seat`` (see the module doc); ``on_decision(d, k, total)`` is
    called as each decision is ready; a cancelled review keeps what was done
    (``complete=False``)."""
    check_seat(game, seat)
    cfg = game.start.config
    review = Review(seat=seat, players=cfg.players, mode=cfg.mode,
                    curves={s: [] for s in range(cfg.players)})
    total = len(decision_points(game, seat))
    for decision, point in iter_review(game, seat, budget_s, seed, cancel, depth_rounds):
        review.decisions.append(decision)
        for s, value in point.items():
            review.curves[s].append((decision.round, value))
        if on_decision:
            on_decision(decision, len(review.decisions), total)
    review.complete = len(review.decisions) == total
    return review


def review_job(job: tuple[dict[str, Any], int, float | None, int, int | None]
               ) -> dict[str, Any]:
    """One game's review as JSON data, from ``(saved game, seat, budget_s, seed, depth)``: a
    pure function, so many games can be reviewed on a process pool or a Dask cluster
    (:func:`precog.analysis.jobs.run_jobs`)."""
    data, seat, budget_s, seed, depth = job
    return review_game(Game.from_json(data), seat, budget_s, seed, depth_rounds=depth).to_dict()


def review_many(games: Sequence[dict[str, Any]], seat: int, budget_s: float | None = 2.0,
                seed: int = 0, workers: int | None = None, scheduler: str | None = None,
                depth_rounds: int | None = None) -> list[dict[str, Any]]:
    """Reviews of many saved games (JSON data), in order, wherever the jobs run."""
    from precog.analysis.jobs import run_jobs

    check_budget(budget_s)
    jobs = [(g, seat, budget_s, seed, depth_rounds) for g in games]
    return run_jobs(review_job, jobs, workers, scheduler)


def review_from_dict(data: dict[str, Any]) -> Review:
    """A :class:`Review` back from :meth:`Review.to_dict` (for text output of pooled jobs)."""
    names = {f for f in ReviewedDecision.__dataclass_fields__}
    decisions = []
    for d in data["decisions"]:
        fields = {k: v for k, v in d.items() if k in names}
        fields["alternatives"] = tuple(Alternative(**a) for a in fields.get("alternatives", ()))
        decisions.append(ReviewedDecision(**fields))
    curves = {int(s): [(int(r), float(v)) for r, v in pts] for s, pts in data["curves"].items()}
    return Review(seat=data["seat"], players=data["players"], mode=data["mode"],
                  decisions=decisions, curves=curves, complete=data["complete"])
