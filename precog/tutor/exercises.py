"""The steps that are not moves: quizzes (tried again until right; the first answer is what
progress records), looking at the parts of the Boat, and stepping through the card flow."""

from __future__ import annotations

from precog.engine import GameState
from precog.tutor.flow import STAGES, CardFlow, card_flow
from precog.tutor.lesson_state import Feedback, RunnerBase

__all__ = ["ExercisesMixin"]


class ExercisesMixin(RunnerBase):
    """:meth:`answer`, :meth:`look` and :meth:`flow_to`, and what they leave to read."""

    _replaying: bool

    @property
    def quiz_open(self) -> bool:
        """Whether the quiz still takes an answer (not yet answered right, nor shown)."""
        return self.quiz is not None and not self._step.solved

    def answer(self, picked: set[str] | frozenset[str]) -> Feedback:
        """Check an answer. A wrong one may be tried again (the answer stays hidden until it
        is found or shown); the first answer given is the one progress records."""
        quiz = self.quiz
        if quiz is None:
            return Feedback("refused", self.texts.say("feedback", "no_quiz"))
        if self._step.solved:
            return Feedback("refused", self.texts.say("retry", "solved"))
        right = quiz.check(picked)
        if not self._step.answered:
            self._step.answered = True
            self._record_quiz(right)
        self._step.solved = right
        self._changed()
        if right:
            return Feedback("right", self.texts.say("quiz", "right"), (quiz.working,))
        return Feedback("wrong", self.texts.say("retry", "try_again"))

    def _record_quiz(self, right: bool) -> None:
        if self.store is not None and not self._replaying:
            self.store.record_quiz(self.lesson.id, self.index, right, steps=self.total)

    def show_answer(self) -> Feedback:
        """Show the quiz's answer and working (it then takes no more tries)."""
        quiz = self.quiz
        if quiz is None:
            return Feedback("refused", self.texts.say("feedback", "no_quiz"))
        self._step.answered = self._step.solved = True
        self._changed()
        return Feedback("info", self.texts.say("quiz", "shown", answer=quiz.answer_text()),
                        (quiz.working,))

    def look(self, part_id: str) -> Feedback:
        """The learner looks at a part of the Boat (lesson 1)."""
        parts = {p.id: p for p in self.step.parts}
        if part_id not in parts:
            return Feedback("refused", self.texts.say("feedback", "no_such_part", part=part_id))
        if part_id not in self._step.seen:
            self._step.seen.append(part_id)
        self._changed()
        return Feedback("info", parts[part_id].label, (parts[part_id].text,))

    @property
    def seen_parts(self) -> list[str]:
        return list(self._step.seen)

    def flow_to(self, stage: int) -> None:
        if self.step.kind == "flow":
            self._step.flow_stage = max(0, min(stage, len(STAGES) - 1))
            self._changed()

    @property
    def flow_stage(self) -> int:
        return self._step.flow_stage

    @property
    def board_state(self) -> GameState:
        """The position the board draws: during a reveal shown move by move, the cards where
        they were until its last move, then where they went (the stepper and the board keep
        in step); otherwise the position now."""
        flow = self.flow if self.step.kind == "flow" else None
        if flow is not None and self._step.flow_stage < len(STAGES) - 1:
            return flow.before
        return self.state

    @property
    def flow(self) -> CardFlow | None:
        if self.resolution is None:
            return None
        return card_flow(*self.resolution)
