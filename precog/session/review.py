"""The model behind the review page: one seat's decisions reviewed in the background.

No widget here. :class:`ReviewRun` runs :func:`precog.analysis.game_review.review.iter_review` in a
thread (inline for scripts and tests) and hands each decision to ``on_row`` as soon as it is ready,
as page data (:class:`DecisionRow`), round by round (the Keep/Give, then the round's other
decisions): what was played and the best choice (card ids of the seat's own hand for a
Keep/Give, the action's notation for the others), values, loss, mark, why the played
Keep/Give fell short (the explorer's reasons, :mod:`precog.analysis.choices.reasons`, said by
:mod:`precog.session.why`) and the seat's *view string* at that decision (``pv1.…``: its
observation only) for the explorer link. Cancel keeps what was done. Nothing of another
seat's hand or of a face-down River tile goes into a row.

>>> from precog.analysis.game_review.review import recorded_game
>>> run = ReviewRun(background=False, actions=False)
>>> rows = []
>>> run.start(recorded_game(["greedy", "greedy"], seed=5, players=2), 0, budget_s=0.05,
...           depth_rounds=1, on_row=lambda row, k, n: rows.append(row))
>>> len(rows), run.review.complete, rows[0].view.startswith("pv1.")
(12, True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from typing import Any

from precog.analysis.choices.ranking import Ranking
from precog.analysis.choices.reasons import row_reasons
from precog.analysis.game_review.review import (
    KEEP_GIVE,
    MARKS,
    Review,
    ReviewedDecision,
    iter_review,
    played_row,
    reviewed_count,
)
from precog.engine import Action, Game, GameState
from precog.engine.actions import Choose, parse_action_text
from precog.engine.view import to_view_position
from precog.session.background import Background, Job
from precog.session.lines import move_text
from precog.session.why import reason_marked, versus_text
from precog.session.words import DEFAULT_LANGUAGE

BUDGETS = (0.3, 2.0, 6.0)
"""Seconds of analysis per decision the page offers (quick, normal, thorough)."""
WHY = 2  # reasons kept per decision


@dataclass(frozen=True)
class DecisionRow:
    """One reviewed decision as the page shows it (ids of the seat's own cards only)."""

    number: int  # 0: the seat's first decision
    index: int  # the action's number in the game
    round: int
    keep: str
    give: str
    value: float
    best_keep: str
    best_give: str
    best_value: float
    loss: float
    mark: str | None
    symbol: str
    why: tuple[str, ...]  # marked sentences (:func:`precog.session.lines.mark`)
    view: str  # the seat's view string at this decision (``pv1.…``)
    kind: str = KEEP_GIVE  # or the engine's step (activate, gains, protect, lose, ignore, ...)
    played: str = ""  # notation of what was played (every kind)
    best: str = ""  # notation of the best option
    loss_ci95: float | None = None
    win: float | None = None  # the seat's chance to win after this Keep/Give (graph point)
    win_ci95: float | None = None
    played_words: str = ""  # what was played, said in words (other decisions than Keep/Give)
    best_words: str = ""  # the best option, said in words
    ci95: float | None = None  # the played value's 95 % half-width (the explorer's)
    samples: int = 0  # the rollouts the values rest on (0: none)

    @property
    def keep_give(self) -> bool:
        """Whether this decision is a Keep/Give (its cards drawn) rather than another step."""
        return self.kind == KEEP_GIVE

    def to_json(self) -> dict[str, Any]:
        return asdict(self) | {"why": list(self.why)}


def row_of(decision: ReviewedDecision, number: int, played: Action, ranking: Ranking | None,
           view: str, lang: str = DEFAULT_LANGUAGE, state: GameState | None = None,
           seat: int = 0) -> DecisionRow:
    """The page data of ``decision`` (``ranking``: its analysis, for a Keep/Give's reasons;
    ``state``: the position of the decision, which names the ``seat``'s rooms in the words)."""
    if not isinstance(played, Choose):
        played_words = move_text(played, lang, state, seat)
        best_words = move_text(parse_action_text(decision.best), lang, state, seat)
        said: tuple[str, ...] = (option_why(decision, lang, best_words),) if decision.why else ()
        return DecisionRow(number, decision.index, decision.round, "", "",
                           decision.played_value, "", "", decision.best_value, decision.loss,
                           decision.mark, decision.symbol, said, view, decision.kind,
                           decision.played, decision.best, decision.loss_ci95,
                           played_words=played_words, best_words=best_words)
    best = parse_action_text(decision.best)  # the stored notation, read by the engine
    best_keep, best_give = (best.keep, best.give) if isinstance(best, Choose) else ("", "")
    why: tuple[str, ...] = ()
    if ranking is not None and decision.loss > 0:
        reasons = row_reasons(ranking, played_row(ranking, played))[:WHY]
        seat = int(ranking.meta.get("player", 0))
        why = tuple(reason_marked(r, lang, None, seat) for r in reasons)
    return DecisionRow(number, decision.index, decision.round, played.keep, played.give,
                       decision.played_value, best_keep, best_give, decision.best_value,
                       decision.loss, decision.mark, decision.symbol, why, view,
                       decision.kind, decision.played, decision.best, decision.loss_ci95,
                       ci95=decision.ci95, samples=decision.samples)


def option_why(decision: ReviewedDecision, lang: str = DEFAULT_LANGUAGE,
               best_words: str = "") -> str:
    """Why a decision other than Keep/Give fell short: where the seat ends the round after it,
    against after the best option (``best_words``: that option in words; else its notation),
    as the explorer says it of a Keep/Give."""
    return versus_text(decision.why, best_words or decision.best, lang)


def summary_of(rows: list[DecisionRow]) -> dict[str, Any]:
    """Average loss per decision, the count of each mark, the three costliest decisions."""
    counts = {name: sum(r.mark == name for r in rows) for name, _ in MARKS}
    costly = [r for r in sorted(rows, key=lambda r: -r.loss) if r.loss > 0][:3]
    return {"decisions": len(rows),
            "mean_loss": sum(r.loss for r in rows) / len(rows) if rows else 0.0,
            "marks": counts, "costliest": costly}


OnRow = Callable[[DecisionRow, int, int], None]
OnDone = Callable[[BaseException | None], None]


class ReviewRun:
    """One review at a time: :meth:`start` replaces any running one; ``on_row(row, k, total)``
    and ``on_done(error)`` are called from the worker as the review goes."""

    def __init__(self, background: bool = True, lang: str = DEFAULT_LANGUAGE,
                 actions: bool = True) -> None:
        self.actions = actions  # review the decisions other than Keep/Give too
        self.lang = lang
        self.review: Review | None = None
        self.rows: list[DecisionRow] = []
        self.total = 0
        self.summaries: dict[int, dict[str, Any]] = {}  # seat -> summary of its last review
        self._jobs = Background("precog-review", background)

    @property
    def running(self) -> bool:
        return self._jobs.running

    def wait(self, timeout: float | None = None) -> None:
        self._jobs.wait(timeout)

    def cancel(self) -> bool:
        """Stop the review (the decisions done stay); True if one was running."""
        return self._jobs.cancel()

    def start(self, game: Game, seat: int, budget_s: float | None = BUDGETS[0],
              depth_rounds: int | None = None, on_row: OnRow | None = None,
              on_done: OnDone | None = None) -> None:
        """Review ``seat``'s decisions in ``game`` (refused seats raise at once)."""
        self.cancel()
        self.wait()  # the rows and the review below belong to one review at a time
        valid = 0 <= seat < game.start.config.players
        self.total = reviewed_count(game, seat, self.actions) if valid else 0
        self.rows = []
        cfg = game.start.config
        review = self.review = Review(seat=seat, players=cfg.players, mode=cfg.mode,
                                      curves={s: [] for s in range(cfg.players)},
                                      complete=False)
        row_added = on_row or (lambda r, k, n: None)
        done = on_done or (lambda e: None)
        self._jobs.start(lambda job: self._work(job, review, game, seat, budget_s, depth_rounds,
                                                row_added, done), done)

    def _work(self, job: Job, review: Review, game: Game, seat: int, budget_s: float | None,
              depth_rounds: int | None, on_row: OnRow, on_done: OnDone) -> None:
        rankings: dict[int, Ranking] = {}
        for decision, point in iter_review(game, seat, budget_s, seed=0, cancel=job.cancel,
                                           depth_rounds=depth_rounds,
                                           on_ranking=rankings.__setitem__,
                                           actions=self.actions):
            if not job.current:
                return
            played = game.actions[decision.index]
            view = to_view_position(game.states[decision.index], seat)
            row = row_of(decision, len(self.rows), played, rankings.pop(decision.index, None),
                         view, self.lang, game.states[decision.index], seat)
            review.decisions.append(decision)
            if point is not None:
                review.add_point(point, decision.played_value)
                win, win_ci = point.wins[seat]
                row = replace(row, win=win, win_ci95=win_ci)
            self.rows.append(row)
            on_row(row, len(self.rows), self.total)
        if not job.current:
            return
        review.complete = len(self.rows) == self.total
        self.summaries[seat] = summary_of(self.rows)
        on_done(None)

    def page_data(self) -> dict[str, Any]:
        """Everything the page shows, as plain data (what the tests search for hidden ids)."""
        review = self.review
        return {"seat": review.seat if review else None,
                "rows": [r.to_json() for r in self.rows],
                "curves": {str(s): pts for s, pts in (review.curves if review else {}).items()},
                "wins": {str(s): pts for s, pts in (review.wins if review else {}).items()},
                "summaries": {str(s): v | {"costliest": [r.to_json() for r in v["costliest"]]}
                              for s, v in self.summaries.items()}}


__all__ = ["BUDGETS", "DecisionRow", "ReviewRun", "row_of", "summary_of", "versus_text"]
