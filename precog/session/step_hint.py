"""The Play hint at a decision other than a Keep/Give: the Action phase (which cards to
activate, the gains taken, Ymunes as Doctors or Protectors, healing, Batteries, the
cooperative Objective steps), Maintenance and the River.

No widget here. :class:`StepHintRun` is handed a full position rebuilt from the seat's view
(:meth:`~precog.engine.view.SeatView.world`), ranks every legal option as the review values it
(:func:`precog.analysis.game_review.step_ranking.rank_step`: the final score over sampled futures,
each option on the same ones), first on a few futures (:data:`QUICK`), then on the review's own
number (:data:`REFINE`), each answer handed to ``on_answer`` as a
:class:`~precog.session.hint.HintAnswer` whose rows name the option in the page's words.

>>> from precog.engine import Phase, apply, legal_actions, new_game
>>> from precog.engine.view import view_of
>>> state = new_game(players=3, seed=2)
>>> while state.phase is Phase.DECISION:
...     state = apply(state, legal_actions(state)[0])
>>> answers = []
>>> StepHintRun(background=False).start(view_of(state, 0).world(), 0, answers.append)
>>> [a.final for a in answers], answers[-1].step, answers[-1].rows[0].action
([False, True], 'activate', 'activate both')
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from precog.analysis.fitted.provenance import component_note
from precog.analysis.game_review.review_actions import ACTION_REPEATS, ACTION_WORLDS
from precog.analysis.game_review.step_ranking import RankedOption, StepRanking, rank_step
from precog.engine import GameState, Phase, legal_actions
from precog.engine.view import SeatView
from precog.session.background import Background, Job
from precog.session.hint import HintAnswer, HintRow, HintRun, gap_text
from precog.session.provenance import provenance_text
from precog.session.why import versus_text
from precog.session.words import DEFAULT_LANGUAGE, action_label, words

__all__ = ["QUICK", "REFINE", "TOP", "SeatHint", "StepHintRun", "step_answer"]

QUICK = {"worlds": 8, "repeats": 1}
"""The first answer: a few sampled futures per option (a fraction of a second)."""
REFINE = {"worlds": ACTION_WORLDS, "repeats": ACTION_REPEATS}
"""The refined answer: as many as the review plays for the same kind of decision."""
TOP = 6
"""Options shown: an Action step offers few, and there is no explorer for them to open."""

Answered = Callable[[HintAnswer], None]
Failed = Callable[[BaseException], None]


class StepHintRun:
    """One step hint at a time: :meth:`start` replaces any running one (in a thread, or
    inline for scripts and tests)."""

    def __init__(self, background: bool = True, lang: str = DEFAULT_LANGUAGE) -> None:
        self.lang = lang
        self._jobs = Background("precog-step-hint", background)

    @property
    def running(self) -> bool:
        return self._jobs.running

    def wait(self, timeout: float | None = None) -> None:
        self._jobs.wait(timeout)

    def cancel(self) -> bool:
        """Stop after the pass under way (the first answer stays); True if one was running."""
        return self._jobs.cancel()

    def start(self, world: GameState, seat: int, on_answer: Answered,
              on_error: Failed | None = None) -> None:
        """Rank ``seat``'s options in ``world`` (built from its view): a quick answer, then a
        refined one."""
        self._jobs.start(lambda job: self._passes(world, seat, on_answer, job), on_error)

    def _passes(self, world: GameState, seat: int, on_answer: Answered, job: Job) -> None:
        start = time.perf_counter()
        quick = step_answer(rank_step(world, seat, **QUICK), world, time.perf_counter() - start,
                            False, self.lang)
        if not job.current:
            return
        on_answer(quick)
        if job.stopped:
            return
        refined = rank_step(world, seat, **REFINE)
        if not job.current:
            return
        if job.stopped:
            on_answer(replace(quick, cancelled=True))
            return
        on_answer(step_answer(refined, world, time.perf_counter() - start, True, self.lang))


class SeatHint:
    """The hint at any decision of a seat, from its view only: a Keep/Give by
    :class:`~precog.session.hint.HintRun` (the explorer's analysis), any other decision by
    :class:`StepHintRun`; :meth:`start` replaces any running one."""

    def __init__(self, background: bool = True, lang: str = DEFAULT_LANGUAGE) -> None:
        self.keep_give = HintRun(background, lang)
        self.step = StepHintRun(background, lang)
        self.answer: HintAnswer | None = None
        self._job = 0

    @property
    def running(self) -> bool:
        return self.keep_give.running or self.step.running

    def wait(self, timeout: float | None = None) -> None:
        self.keep_give.wait(timeout)
        self.step.wait(timeout)

    def cancel(self) -> bool:
        """Stop the refinement (the answer so far stays); True if one was running."""
        stopped = self.keep_give.cancel()
        return self.step.cancel() or stopped

    def start(self, view: SeatView, on_answer: Answered, on_error: Failed | None = None
              ) -> None:
        """Rank ``view``'s choices: a quick answer, then a refined one."""
        self.cancel()
        self.answer = None
        self._job += 1
        job = self._job

        def answered(answer: HintAnswer) -> None:
            if job == self._job:
                self.answer = answer
                on_answer(answer)

        world = view.world()
        if world.phase is Phase.DECISION:
            self.keep_give.start(view, answered, on_error)
        else:
            self.step.start(world, view.seat, answered, on_error)


def step_answer(ranking: StepRanking, world: GameState, seconds: float, final: bool,
                lang: str = DEFAULT_LANGUAGE) -> HintAnswer:
    """The first :data:`TOP` options of ``ranking`` as hint rows: each named as its button
    names it, with the gap to the best and where the seat ends the round against the best."""
    name = labels(world, lang)
    best = name[ranking.rows[0].action]
    rows = tuple(HintRow("", "", r.value, r.ci95, r.loss, reasons(r, best, lang),
                         ranking.samples, action=r.action, label=name[r.action])
                 for r in ranking.rows[:TOP])
    return HintAnswer(rows, ranking.samples, 0, seconds, final,
                      provenance=provenance_text(_components(world), lang),
                      step=ranking.step)


def labels(world: GameState, lang: str = DEFAULT_LANGUAGE) -> dict[str, str]:
    """Each legal option's notation and its name as Play's button says it."""
    return {str(a): action_label(world, a, lang) for a in legal_actions(world)}


def reasons(row: RankedOption, best: str, lang: str = DEFAULT_LANGUAGE) -> tuple[str, ...]:
    """The gap to the best, then where the seat ends the round against the best."""
    say = words(lang).say
    if row.loss <= 1e-9 and not row.why:
        return (say("hint.best"),)
    gap = say("hint.same") if row.loss_ci95 <= 1e-9 else gap_text(row, say, lang)
    return (gap, versus_text(row.why, best, lang)) if row.why else (gap,)


def _components(world: GameState) -> dict[str, Any]:
    return component_note(world.components, world.config.mode)
