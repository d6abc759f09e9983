"""The model behind the strategy explorer: which position, which seat, and its analysis.

No widget here. :func:`deal` and :func:`query_position` find the position to explore;
:class:`Exploration` runs the ranking (:func:`~precog.analysis.choices.ranking.rank_options`) and
the resource trajectories in a background thread (or inline), one job at a time, and reports
progress and the end through callbacks the page draws with.

>>> ex = Exploration(background=False)
>>> ex.start(deal(3, 1, players=3), 0, {"model": "uniform", "rollouts": 0,
...          "depth_rounds": 1, "seed": 0}, to_end=False)
>>> ex.ranking is not None and len(ex.ranking.rows) > 0
True
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs

from precog.analysis.basics.edges import Stage
from precog.analysis.choices.ranking import Ranking, rank_options
from precog.analysis.choices.trajectories import take_values, trajectories
from precog.engine import GameState, PrecogError, to_position
from precog.engine.playout import random_playout
from precog.engine.problems import Problem
from precog.session.background import Background, Job, wait_either
from precog.session.errors import SessionCode

TRAJECTORY_SAMPLES = 48

Report = Callable[[float, Stage], None]
Done = Callable[[BaseException | None], None]


def deal(round_: int, seed: int, **setup: Any) -> GameState:
    """A new game played at random to the Decision of ``round_`` (``new_game`` arguments);
    a :class:`PrecogError` when the setup is refused or the game ends before that round."""
    state = random_playout(random.Random(seed), stop_round=round_, seed=seed, **setup).final
    if state.is_over or state.round != round_:
        raise PrecogError(Problem.of(SessionCode.ENDED_EARLY, ended=state.round,
                                     round=round_), state=state)
    return state


def query_position(query: str) -> tuple[str, int | None]:
    """``(position text, seat)`` from a page address's ``?position=…&seat=N`` ("" when
    there is none; the seat None when missing or not a number)."""
    params = parse_qs(query.lstrip("?"))
    text = (params.get("position") or [""])[0]
    seat_text = (params.get("seat") or [""])[0]
    try:
        seat: int | None = int(seat_text)
    except ValueError:
        seat = None
    return text, seat


def query_view(query: str) -> str:
    """The seat's view string (``?view=pv1…``) of a page address ("" when there is none)."""
    return (parse_qs(query.lstrip("?")).get("view") or [""])[0]


FIRST = {"depth_rounds": 1, "budget_s": 1.0, "race": False}
"""The page's own first job answers first with these over its controls' analysis: the same
rollouts on a 1-second budget and this round's tree (the Play hint's first answer, so the
explorer opened from a hint first shows the hint's numbers), then refines with the controls'
own."""

WAIT_LIMIT_S = 20.0
"""The longest a page's first job holds its result for the page to be drawn (a script or a
test draws nothing)."""


@dataclass(frozen=True)
class PageStart:
    """A page's own first job, started while the browser is still loading the page: it begins
    after ``delay_s`` (the processors first go to the page), and shows nothing until ``drawn``
    is set (a widget changed while the browser loads the widgets is lost:
    :mod:`precog.widgets.shown`): its progress is not reported before, its end waits for it
    (at most :data:`WAIT_LIMIT_S`, or until cancelled)."""

    drawn: threading.Event
    delay_s: float = 0.0
    first: Done | None = None  # called when the quick first answer (FIRST) is in
    def report(self, report: Report) -> Report:
        return lambda f, m: report(f, m) if self.drawn.is_set() else None

    def done(self, done: Done, cancel: threading.Event) -> Done:
        def when_drawn(error: BaseException | None) -> None:
            wait_either(self.drawn, cancel, WAIT_LIMIT_S)
            done(error)
        return when_drawn


class Exploration:
    """A position, the seat to analyse for, and the latest analysis of it.

    :meth:`start` replaces any running job; a job's results land only if no newer one was
    started. ``report(fraction, message)`` and ``done(error)`` are called from the worker.
    """

    def __init__(self, background: bool = True, with_trajectories: bool = True) -> None:
        self.with_trajectories = with_trajectories  # the Play hint needs only the ranking
        self.state: GameState | None = None
        self.seat = 0
        self.ranking: Ranking | None = None
        self.trajectory_data: dict[str, Any] | None = None
        self.trajectory_error: PrecogError | None = None
        self.meta: dict[str, Any] = {}
        self._jobs = Background("precog-explorer", background)

    @property
    def background(self) -> bool:
        """Whether the analysis runs on a thread of its own (else in the caller's)."""
        return self._jobs.background

    def show(self, state: GameState, seat: int | None) -> int:
        """Explore ``state`` (cancelling any analysis); returns the seat chosen (``seat`` if it
        is one of the game's, else the seat to move)."""
        self.cancel()
        if seat is None or not 0 <= seat < state.config.players:
            seat = state.to_move if state.to_move >= 0 else 0
        self.state, self.seat = state, seat
        self.clear()
        return seat

    def clear(self) -> None:
        self.ranking = None
        self.trajectory_data = None

    # -- the analysis job -------------------------------------------------------------------
    def start(self, state: GameState, seat: int, params: dict[str, Any], to_end: bool,
              report: Report | None = None, done: Done | None = None,
              page: PageStart | None = None) -> None:
        """Rank ``seat``'s choices and the trajectories of the best two (``params``:
        ``rank_options`` arguments); ``page``: the page's own first job (see
        :class:`PageStart`; a Cancel ends its waits)."""
        self.state, self.seat = state, seat
        params = dict(params)
        self._jobs.start(lambda job: self._work(job, state, seat, params, to_end,
                                                report or (lambda f, m: None),
                                                done or (lambda e: None), page), done)

    def cancel(self) -> bool:
        """Ask the running analysis to stop (its partial result is kept); True if one ran."""
        return self._jobs.cancel()

    def wait(self, timeout: float | None = None) -> None:
        self._jobs.wait(timeout)

    @property
    def running(self) -> bool:
        return self._jobs.running

    def _work(self, job: Job, state: GameState, seat: int, params: dict[str, Any],
              to_end: bool, report: Report, done: Done, page: PageStart | None = None) -> None:
        if page is not None:
            job.cancel.wait(page.delay_s)
            report, done = page.report(report), page.done(done, job.cancel)
            job.on_error = done  # an error too waits for the page to be drawn
        start = time.perf_counter()
        if page is not None and page.first is not None and not job.stopped:
            self._first(job, state, seat, params, page.done(page.first, job.cancel), start)
        ranking = rank_options(state, seat, progress=lambda f, m: (
            report(f, m) if job.current else None), cancel=job.cancel, **params)
        if not job.current:  # a newer position or analysis replaced this one
            return
        meta = {**params, "seat": seat, "to_end": to_end}
        chosen = [r.action for r in ranking.distinct(2)] if self.with_trajectories else []
        data, error = self._trajectories(state, seat, chosen, meta, ranking)
        if not job.current:
            return
        self.ranking, self.trajectory_data, self.trajectory_error = ranking, data, error
        self.meta = {**params, "seat": seat, "seconds": time.perf_counter() - start,
                     "cancelled": job.stopped}
        done(None)

    def _first(self, job: Job, state: GameState, seat: int, params: dict[str, Any],
               first: Done, start: float) -> None:
        """The quick first answer (:data:`FIRST`, no trajectories yet), handed to ``first``."""
        quick = {**params, **FIRST}
        ranking = rank_options(state, seat, cancel=job.cancel, **quick)
        if not job.current or job.stopped:
            return
        self.ranking, self.trajectory_data, self.trajectory_error = ranking, None, None
        self.meta = {**quick, "seat": seat, "seconds": time.perf_counter() - start,
                     "cancelled": False, "first": True}
        first(None)

    def _trajectories(self, state: GameState, seat: int, chosen: list[str],
                      params: dict[str, Any], ranking: Ranking | None
                      ) -> tuple[dict[str, Any] | None, PrecogError | None]:
        if not chosen:
            return None, None
        try:
            data = trajectories(state, seat, chosen, model=params["model"],
                                rollouts=TRAJECTORY_SAMPLES, seed=params["seed"],
                                to_end=params["to_end"],
                                know=ranking.know if ranking else None)
            return (take_values(data, ranking.rows) if ranking else data), None
        except PrecogError as err:
            return None, err

    def compare(self, chosen: list[str], to_end: bool) -> PrecogError | None:
        """Recompute the trajectories for ``chosen`` (quick); the error, if refused."""
        if self.ranking is None or self.state is None:
            return None
        data, error = self._trajectories(self.state, self.seat, chosen,
                                         {**self.meta, "to_end": to_end}, self.ranking)
        if error is None:
            self.trajectory_data = data
        return error

    def to_json(self) -> dict[str, Any]:
        """The analysis as plain data (what the page's download link holds)."""
        assert self.state is not None
        out: dict[str, Any] = {"format": "precog-analysis", "version": 1,
                               "position": to_position(self.state), "seat": self.seat,
                               "controls": {k: v for k, v in self.meta.items()
                                            if k != "seconds"}}
        if self.ranking is not None:
            out["ranking"] = self.ranking.to_dict()
            if self.ranking.tree is not None:
                out["tree"] = self.ranking.tree.to_dict(max_depth=3)
        if self.trajectory_data is not None:
            out["trajectories"] = self.trajectory_data
        return out
