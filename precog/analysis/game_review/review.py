"""Review of a finished (or saved) game: each decision of one seat against the best choice.

For every Keep/Give of the reviewed seat, the explorer's ranked table with its default
settings (:func:`precog.analysis.choices.ranking.rank_options`,
:data:`~precog.analysis.choices.ranking.DEFAULT_ROLLOUTS` playouts of the sensible player per
choice, the same seed) values the choice that was played and the best one, on one scale: the Healthy
Humans the seat should expect at the end of the game. The review's number for a decision is the
number the explorer shows for it. Every other decision that offered a choice (activation, gains,
Protectors, losses, the River, the co-op steps) is valued the same way, by the sensible player's
playouts from the position after each legal option
(:mod:`precog.analysis.game_review.review_actions`). The difference between the best and the played
option is the *loss*, measured on paired playouts (the same worlds and uniforms for every option)
with its 95 % interval; a loss earns a mark (see :data:`MARKS`) when it reaches the mark's threshold
and exceeds its own interval (a loss the playouts cannot tell from zero earns none). The decisions
come round by round: the Keep/Give, then the round's other decisions.

The graph's point at each Keep/Give is every seat's expected final score and chance to win,
from playouts with the played Keep/Give forced (:mod:`precog.analysis.game_review.review_odds`); the
reviewed seat's own point is the value of what it played.

Only what the reviewed seat could observe at each decision is used: every analysis starts
from worlds sampled from the seat's observation (:func:`~precog.engine.determinize`). Two
games that look the same to the seat get the same review (tests/analysis/test_review.py).

>>> game = recorded_game(["greedy", "greedy"], seed=5, players=2)
>>> len(decision_points(game, 0))
12
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from precog.analysis.arena.bots import make_bot
from precog.analysis.basics.budget import Cancel, is_cancelled
from precog.analysis.basics.checks import MAX_ROLLOUTS, MAX_STEP_WORLDS, check_count
from precog.analysis.basics.display import review_html
from precog.analysis.basics.errors import AnalysisCode, AnalysisError
from precog.analysis.choices.ranking import (
    DEFAULT_ROLLOUTS,
    Ranking,
    RankingRow,
    rank_options,
)
from precog.analysis.game_review.review_actions import (
    ACTION_WORLDS,
    ValuedAction,
    action_points,
    by_round,
    round_decisions,
    value_round,
)
from precog.analysis.game_review.review_odds import OUTLOOK_SAMPLES, Outlook, outlook
from precog.analysis.playing.players import as_policy
from precog.engine import Components, Game, GameState, Phase, new_game
from precog.engine.actions import Choose
from precog.engine.problems import Problem

MARKS: tuple[tuple[str, float], ...] = (("blunder", 2.5), ("mistake", 1.2), ("dubious", 0.5))
"""Mark thresholds on the loss, in Healthy Humans at the end of the game (largest first),
calibrated on the strong bot against itself (docs/analysis.md, "Calibration of the marks")."""

SYMBOLS = {"blunder": "??", "mistake": "?", "dubious": "?!"}
KEEP_GIVE = "keep_give"  # the kind of a Keep/Give decision (the others: the engine's step)
EXPLORER: dict[str, Any] = {"model": "uniform", "rollouts": DEFAULT_ROLLOUTS}
"""The explorer's default analysis (its seed is the review's ``seed``, 0 by default)."""
MAX_BUDGET_S = 600.0


@dataclass(frozen=True)
class Alternative:
    """A choice the analysis preferred: its notation, value, interval and the rollouts its
    value rests on (0: the look-ahead's value, or another decision's worlds)."""

    action: str
    value: float
    ci95: float | None
    samples: int = 0


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
    kind: str = KEEP_GIVE  # or the engine's step: activate, gains, protect, lose, ignore, ...
    loss_ci95: float | None = None  # of the loss, on paired playouts
    samples: int = 0
    why: tuple[tuple[str, float], ...] = ()  # other decisions: round end, played minus best

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
    wins: dict[int, list[tuple[int, float, float]]] = field(default_factory=dict)
    complete: bool = True

    def add_point(self, point: Outlook, own: float) -> None:
        """Add the graph's point of one round (``own``: the reviewed seat's played value)."""
        for seat, (value, _interval) in point.values.items():
            self.curves.setdefault(seat, []).append((point.round, own if seat == self.seat
                                                     else value))
        for seat, (chance, interval) in point.wins.items():
            self.wins.setdefault(seat, []).append((point.round, chance, interval))

    def title(self) -> str:
        summary = self.summary()
        marks = ", ".join(f"{count} {name}" for name, count in summary["marks"].items() if count)
        return (f"seat {self.seat}, {self.players} players, {self.mode}: "
                f"{summary['decisions']} decisions, mean loss {summary['mean_loss']:.2f}"
                + (f" ({marks})" if marks else ""))

    def __repr__(self) -> str:
        return f"<Review {self.title()}>"

    def _repr_html_(self) -> str:
        """The costliest decisions: played, best, the loss ± 95 % as a dot and whisker."""
        return review_html(self.title(), self.decisions)

    def summary(self) -> dict[str, Any]:
        losses = [decision.loss for decision in self.decisions]
        counts = {name: sum(decision.mark == name for decision in self.decisions)
                  for name, _ in MARKS}
        costly = sorted(self.decisions, key=lambda decision: -decision.loss)[:3]
        return {"decisions": len(losses),
                "mean_loss": round(sum(losses) / len(losses), 4) if losses else 0.0,
                "total_loss": round(sum(losses), 4), "marks": counts,
                "costliest": [decision.index for decision in costly if decision.loss > 0]}

    def to_dict(self) -> dict[str, Any]:
        return {"format": "precog-review", "version": 1, "seat": self.seat,
                "players": self.players, "mode": self.mode, "complete": self.complete,
                "thresholds": dict(MARKS),
                "decisions": [asdict(decision) | {"symbol": decision.symbol}
                              for decision in self.decisions],
                "curves": {str(seat): [[round_number, round(value, 4)]
                                       for round_number, value in points]
                           for seat, points in self.curves.items()},
                "wins": {str(seat): [[round_number, round(chance, 4), round(interval, 4)]
                                     for round_number, chance, interval in points]
                         for seat, points in self.wins.items()},
                "summary": self.summary()}


def mark_for(loss: float, ci95: float | None = None) -> str | None:
    """The mark a loss earns: None below the smallest threshold, or when the loss does not
    exceed its own 95 % half-width ``ci95`` (the playouts cannot tell it from zero)."""
    if ci95 is not None and not loss > ci95:
        return None
    for name, threshold in MARKS:
        if loss >= threshold:
            return name
    return None


def recorded_game(bots: Sequence[str], seed: int = 0, **setup: Any) -> Game:
    """A whole game between named bots (``make_bot`` names, seat order), every move kept."""
    players = setup.pop("players", len(bots))
    seats = [make_bot(bots[seat % len(bots)], seed * 8 + seat) for seat in range(players)]
    game = Game(new_game(players=players, seed=seed, **setup))
    game.advance(as_policy(seats))
    return game


def decision_points(game: Game, seat: int) -> list[int]:
    """Numbers of the actions that are ``seat``'s Keep/Give choices, in game order."""
    states, actions = game.states, game.actions
    return [index for index, action in enumerate(actions)
            if isinstance(action, Choose) and states[index].phase is Phase.DECISION
            and states[index].to_move == seat]


def check_seat(game: Game, seat: int) -> None:
    """One of the game's seats."""
    players = game.start.config.players
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise AnalysisError(Problem.of(AnalysisCode.REVIEW_SEAT, got=repr(seat)[:40],
                                       top=players - 1, n=players), input=seat)


def check_budget(budget_s: float | None) -> None:
    """None (every playout) or seconds per decision above 0 and at most :data:`MAX_BUDGET_S`."""
    if budget_s is None:
        return
    if not isinstance(budget_s, int | float) or isinstance(budget_s, bool) \
            or not math.isfinite(budget_s) or not 0 < budget_s <= MAX_BUDGET_S:
        raise AnalysisError(Problem.of(AnalysisCode.REVIEW_BUDGET, got=repr(budget_s)[:40],
                                       top=MAX_BUDGET_S), input=budget_s)


def review_decision(state: GameState, seat: int, played: Choose, index: int,
                    budget_s: float | None = 2.0, seed: int = 0, cancel: Cancel = None,
                    depth_rounds: int | None = None,
                    on_ranking: Callable[[int, Ranking], None] | None = None
                    ) -> ReviewedDecision:
    """Value ``played`` against the best choice in ``state`` (``seat`` to choose) with the
    explorer's analysis (:data:`EXPLORER`, seed ``seed``); ``budget_s`` caps its time (None:
    all its playouts, the explorer's very numbers). ``on_ranking(index, ranking)`` is handed
    the whole ranking (the reasons of a choice are drawn from it,
    :mod:`precog.analysis.choices.reasons`). Every choice gets the same rollouts (no race), so a
    review whose budget let them all finish says the explorer's very numbers (its rows say
    how many rollouts they rest on when the budget ran out first)."""
    ranking = rank_options(state, seat, seed=seed, budget_s=budget_s, cancel=cancel,
                           with_give_values=False, depth_rounds=depth_rounds, race=False,
                           **EXPLORER)
    if on_ranking is not None:
        on_ranking(index, ranking)
    row = played_row(ranking, played)
    best = ranking.rows[0]
    loss, loss_interval = row.loss, row.loss_ci95  # paired on the ranking's rollouts
    return ReviewedDecision(
        index=index, round=state.round, played=str(played), played_value=row.value,
        best=best.action, best_value=best.value, loss=loss, ci95=row.ci95,
        mark=mark_for(loss, loss_interval),
        alternatives=tuple(Alternative(other.action, other.value, other.ci95, other.samples)
                           for other in ranking.rows[:3]),
        loss_ci95=loss_interval, samples=row.samples)


def review_action(valued: ValuedAction) -> ReviewedDecision:
    """A decision other than Keep/Give, from its valued options."""
    best = valued.options[0]
    return ReviewedDecision(
        index=valued.index, round=valued.round, played=valued.played.action,
        played_value=valued.played.value, best=best.action, best_value=best.value,
        loss=valued.loss, ci95=valued.played.ci95, mark=mark_for(valued.loss, valued.loss_ci95),
        alternatives=tuple(Alternative(option.action, option.value, option.ci95)
                           for option in valued.options[:3]),
        kind=valued.kind, loss_ci95=valued.loss_ci95, samples=valued.samples, why=valued.why)


def played_row(ranking: Ranking, played: Choose) -> RankingRow:
    """The ranked row of the played choice (the same Keep and Give)."""
    for row in ranking.rows:
        if row.keep == played.keep and row.give == played.give:
            return row
    raise AnalysisError(Problem.of(AnalysisCode.PLAYED_NOT_RANKED, choice=str(played)),
                        input=played)


def iter_review(game: Game, seat: int, budget_s: float | None = 2.0, seed: int = 0,
                cancel: Cancel = None, depth_rounds: int | None = None,
                on_ranking: Callable[[int, Ranking], None] | None = None,
                actions: bool = True, action_worlds: int = ACTION_WORLDS,
                outlook_samples: int = OUTLOOK_SAMPLES
                ) -> Iterator[tuple[ReviewedDecision, Outlook | None]]:
    """Each reviewed decision as soon as it is ready, round by round: the Keep/Give with the
    graph's point of its round, then (``actions``) the round's other decisions (no point);
    ``on_ranking`` as in :func:`review_decision`. ``action_worlds`` (worlds per option of
    the other decisions) and ``outlook_samples`` (playouts per point of the graph) are
    checked like any analysis count."""
    check_seat(game, seat)
    check_budget(budget_s)
    check_count("action_worlds", action_worlds, 1, MAX_STEP_WORLDS)
    check_count("outlook_samples", outlook_samples, 1, MAX_ROLLOUTS)
    states, moves = game.states, game.actions
    others = by_round(game, action_points(game, seat)) if actions else {}
    for index in decision_points(game, seat):
        if is_cancelled(cancel):
            return
        played = moves[index]
        assert isinstance(played, Choose)
        decision = review_decision(states[index], seat, played, index, budget_s, seed, cancel,
                                   depth_rounds, on_ranking)
        yield decision, outlook(states[index], seat, played, outlook_samples, seed)
        group = others.pop(states[index].round, [])
        if group:
            yield from _round_actions(game, seat, group, action_worlds, seed, cancel)
    for _round, group in sorted(others.items()):  # rounds without a Keep/Give of the seat
        yield from _round_actions(game, seat, group, action_worlds, seed, cancel)


def _round_actions(game: Game, seat: int, group: list[int], worlds: int, seed: int,
                   cancel: Cancel) -> Iterator[tuple[ReviewedDecision, None]]:
    """The decisions of one round other than the Keep/Give (``group``), each reviewed."""
    if is_cancelled(cancel):
        return
    for valued in value_round(round_decisions(game, group), seat, worlds, seed):
        if is_cancelled(cancel):
            return
        yield review_action(valued), None


def reviewed_count(game: Game, seat: int, actions: bool = True) -> int:
    """How many decisions :func:`iter_review` reviews."""
    return len(decision_points(game, seat)) + (len(action_points(game, seat)) if actions
                                               else 0)


def review_game(game: Game, seat: int, budget_s: float | None = 2.0, seed: int = 0,
                cancel: Cancel = None,
                on_decision: Callable[[ReviewedDecision, int, int], None] | None = None,
                depth_rounds: int | None = None, actions: bool = True) -> Review:
    """The whole review of ``seat`` (see the module doc); ``on_decision(decision, done,
    total)`` is called as each decision is ready; a cancelled review keeps what was done
    (``complete=False``)."""
    check_seat(game, seat)
    config = game.start.config
    review = Review(seat=seat, players=config.players, mode=config.mode,
                    curves={other: [] for other in range(config.players)})
    total = reviewed_count(game, seat, actions)
    for decision, point in iter_review(game, seat, budget_s, seed, cancel, depth_rounds,
                                       actions=actions):
        review.decisions.append(decision)
        if point is not None:
            review.add_point(point, decision.played_value)
        if on_decision:
            on_decision(decision, len(review.decisions), total)
    review.complete = len(review.decisions) == total
    return review


def review_job(job: tuple[Any, ...]) -> dict[str, Any]:
    """One game's review as JSON data, from ``(saved game, seat, budget_s, seed, depth[,
    actions[, components]])``: a pure function, so many games can be reviewed on a process
    pool or a Dask cluster (:func:`precog.analysis.parallel.jobs.run_jobs`). ``components`` is the
    game's component set (None: the reference set); a game saved on another set is refused
    by the loader, naming both sets."""
    data, seat, budget_s, seed, depth, *rest = job
    actions = bool(rest[0]) if rest else True
    components = rest[1] if len(rest) > 1 else None
    return review_game(Game.from_json(data, components), seat, budget_s, seed,
                       depth_rounds=depth, actions=actions).to_dict()


def review_many(games: Sequence[dict[str, Any]], seat: int, budget_s: float | None = 2.0,
                seed: int = 0, workers: int | None = None, scheduler: str | None = None,
                depth_rounds: int | None = None, actions: bool = True,
                components: Components | None = None,
                progress: Callable[[float, str], None] | None = None) -> list[dict[str, Any]]:
    """Reviews of many saved games (JSON data), in order, wherever the jobs run; the games
    are played on ``components`` (their box; None: the reference set), as
    :func:`review_game` plays a loaded game on its own."""
    from precog.analysis.parallel.jobs import run_jobs

    check_budget(budget_s)
    jobs = [(game, seat, budget_s, seed, depth_rounds, actions, components) for game in games]
    return run_jobs(review_job, jobs, workers, scheduler, progress)


def review_from_dict(data: dict[str, Any]) -> Review:
    """A :class:`Review` back from :meth:`Review.to_dict` (for text output of pooled jobs)."""
    names = set(ReviewedDecision.__dataclass_fields__)
    decisions = []
    for decision in data["decisions"]:
        fields = {name: value for name, value in decision.items() if name in names}
        fields["alternatives"] = tuple(Alternative(**alternative)
                                       for alternative in fields.get("alternatives", ()))
        fields["why"] = tuple((str(resource), float(difference))
                              for resource, difference in fields.get("why", ()))
        decisions.append(ReviewedDecision(**fields))
    curves = {int(seat): [(int(round_number), float(value)) for round_number, value in points]
              for seat, points in data["curves"].items()}
    wins = {int(seat): [(int(round_number), float(chance), float(interval))
                        for round_number, chance, interval in points]
            for seat, points in data.get("wins", {}).items()}
    return Review(seat=data["seat"], players=data["players"], mode=data["mode"],
                  decisions=decisions, curves=curves, wins=wins, complete=data["complete"])
