"""The lesson runner: the model behind a lesson page, with no widget in it.

It walks a lesson's steps, holds the position, lets the learner act (every check through the
engine, :mod:`precog.tutor.moves`), plays the other seats, generates the quizzes
(:mod:`precog.tutor.exercises`), can always "show me" the step, and resumes a lesson at the
step where it was left.

>>> runner = LessonRunner(load_lesson("lesson02"))
>>> while not runner.finished:
...     _ = runner.next() if runner.complete else runner.show_me()
>>> runner.finished
True
"""

from __future__ import annotations

from collections.abc import Callable

from precog.engine import PrecogError
from precog.engine.actions import Choose
from precog.engine.problems import Problem
from precog.session.words import action_label
from precog.tutor.data import Lesson, UiTexts, load_lesson, ui_texts
from precog.tutor.errors import TutorCode
from precog.tutor.exercises import ExercisesMixin
from precog.tutor.lesson_state import Feedback, Option, StepState
from precog.tutor.lookahead import lookahead_choices
from precog.tutor.lookahead import tree_rows as _tree_rows
from precog.tutor.moves import MovesMixin
from precog.tutor.positions import build_position, mark
from precog.tutor.progress import ProgressStore
from precog.tutor.quizzes import make_quiz

__all__ = ["Feedback", "LessonRunner", "Option", "load_lesson"]

MAX_REPLAY_CLICKS = 3000  # resuming replays the steps before; a lesson takes a few hundred


class LessonRunner(MovesMixin, ExercisesMixin):
    """One lesson being taken. Call :meth:`play`, :meth:`answer`, :meth:`look`,
    :meth:`show_me`, :meth:`next`, :meth:`undo`, :meth:`restart` and :meth:`resume`;
    read the rest."""

    def __init__(self, lesson: Lesson, texts: UiTexts | None = None,
                 store: ProgressStore | None = None,
                 on_change: Callable[[], None] | None = None) -> None:
        self.lesson = lesson
        self.texts = texts or ui_texts(lesson.lang)
        self.store = store
        self.on_change = on_change
        self._replaying = False
        self._start()

    # -- moving through the lesson ----------------------------------------------------------------
    def _start(self) -> None:
        self.index = 0
        self.finished = False
        self._seat_table(build_position(self.lesson.position), self.lesson.position.seat,
                         carry=False)
        self._enter()

    def restart(self) -> None:
        """Back to the lesson's first step and starting position (where it resumes, too)."""
        self._start()
        self._save()

    def resume(self) -> int:
        """Go to the step where the learner left this lesson (as the progress file says),
        replaying the steps before it as "show me" would. Returns that step's index (0 when
        there is nothing to resume, or the lesson's steps changed so the replay fails)."""
        status = self.store.status(self.lesson.id) if self.store is not None else None
        target = min(status.resume_at, self.total - 1) if status is not None else 0
        if target <= 0 or self.index >= target:
            return self.index
        self._replaying = True
        try:
            for _ in range(MAX_REPLAY_CLICKS):
                if self.index >= target or self.finished:
                    break
                self.next() if self.complete else self.show_me()
        except (PrecogError, ValueError):
            self._start()
        finally:
            self._replaying = False
        if self.index != target:
            self._start()
        self._changed()
        return self.index

    def _enter(self) -> None:
        step = self.step
        if step.position is not None:
            self._seat_table(build_position(step.position), step.position.seat)
        self._step = StepState(mark=mark(self.state), start=len(self.table.game.actions))
        if step.kind == "act":
            self._play_others()
        elif step.kind == "quiz":
            self._step.quiz = make_quiz(step.quiz, self.state, self.seat, step.params,
                                        self.texts, self.before_choice)
        elif step.kind == "flow" and self.resolution is None:
            raise PrecogError(Problem.of(TutorCode.LESSON_FLOW_REVEAL, where=step.where))
        self._changed()

    def next(self) -> Feedback:
        """Go to the next step (or finish the lesson) once this one is complete."""
        if not self.complete:
            return Feedback("refused", self.texts.say("feedback", "not_complete"))
        if self.index + 1 >= self.total:
            self.finished = True
            self._save(done=True)
            self._changed()
            return Feedback("ok", self.texts.say("feedback", "lesson_done"))
        self.index += 1
        self._save()
        self._enter()
        return Feedback("info", "")

    def _save(self, done: bool = False) -> None:
        """Record the furthest step reached and the step to resume at (the first once done)."""
        if self.store is not None and not self._replaying:
            self.store.record(self.lesson.id, step=self.total if done else self.index,
                              steps=self.total, done=done, at=0 if done else self.index)

    # -- show me --------------------------------------------------------------------------
    def show_me(self) -> Feedback:
        """Do the step for the learner: play the move, answer the quiz, show the next part."""
        kind = self.step.kind
        if self.complete and not (kind == "quiz" and self.quiz_open):
            return self.next()
        if kind == "act":
            action = self.suggestion()
            if action is None:
                return Feedback("refused", self.texts.say("feedback", "nothing_to_show"))
            label = action_label(self.state, action, self.texts.lang)
            lines = tuple(self.preview(action))
            self.play(action)
            return Feedback("info", self.texts.say("feedback", "shown", action=label), lines)
        if kind == "quiz" and self.quiz is not None:
            return self.show_answer()
        if kind == "explore":
            part = next(p for p in self.step.parts if p.id not in self._step.seen)
            return self.look(part.id)
        if kind == "flow":
            self.flow_to(self._step.flow_stage + 1)
            return Feedback("info", "")
        return self.next()

    # -- thinking ahead (lesson 9) ---------------------------------------------------------
    def options_for_lookahead(self) -> list[Choose]:
        """The learner's legal (Keep, Give) choices now."""
        return lookahead_choices(self.state, self.seat)

    def tree_rows(self) -> dict[str, tuple[float, str, bool]]:
        """The explorer's look-ahead tree, one round deep (see
        :func:`precog.tutor.lookahead.tree_rows`)."""
        return _tree_rows(self.state, self.seat, self.texts)
