"""What a lesson being taken holds, shared by the runner's parts (no widget in it).

:class:`RunnerBase` is where the learner is: the lesson, the step, the table and whether the
step is done. The runner's other parts (:mod:`precog.tutor.moves` for playing,
:mod:`precog.tutor.exercises` for quizzes, parts and the card flow) build on it, and
:class:`~precog.tutor.runner.LessonRunner` puts them together.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from precog.engine import GameState, Phase
from precog.engine.actions import Action
from precog.session.options import Option
from precog.session.table import Human, Table
from precog.tutor.data import Lesson, LessonStep, UiTexts
from precog.tutor.flow import STAGES
from precog.tutor.positions import Mark, holds
from precog.tutor.progress import ProgressStore
from precog.tutor.quizzes import Quiz

__all__ = ["Feedback", "Option", "RunnerBase", "StepState"]


@dataclass(frozen=True)
class Feedback:
    """What the page says after a click. ``kind``: ok, refused, right, wrong, info."""

    kind: str
    text: str
    lines: tuple[str, ...] = ()


@dataclass
class StepState:
    mark: Mark
    start: int = 0  # the game's action count when the step began (undo stops there)
    quiz: Quiz | None = None
    answered: bool = False  # a first answer was given (or shown): Next may be pressed
    solved: bool = False  # answered right, or shown: the quiz takes no more tries
    seen: list[str] = field(default_factory=list)
    flow_stage: int = 0


class RunnerBase:
    """Where the learner is in a lesson: the step, the table, and whether the step is done."""

    lesson: Lesson
    texts: UiTexts
    store: ProgressStore | None
    on_change: Callable[[], None] | None
    index: int
    finished: bool
    table: Table
    _seat: int
    _step: StepState
    _carried_choice: GameState | None

    @property
    def step(self) -> LessonStep:
        return self.lesson.steps[self.index]

    @property
    def total(self) -> int:
        return len(self.lesson.steps)

    @property
    def seat(self) -> int:
        return self._seat

    @property
    def state(self) -> GameState:
        return self.table.state

    @property
    def quiz(self) -> Quiz | None:
        return self._step.quiz

    @property
    def learner_to_move(self) -> bool:
        return (self.step.kind == "act" and not self.complete and not self.state.is_over
                and self.state.to_move == self.seat)

    @property
    def complete(self) -> bool:
        """Whether the current step is done (Next may be pressed)."""
        kind, st = self.step.kind, self._step
        if kind == "act":
            return self._until_holds()
        if kind == "quiz":
            return st.answered
        if kind == "explore":
            return len(st.seen) == len(self.step.parts)
        if kind == "flow":
            return st.flow_stage == len(STAGES) - 1
        return True

    def _until_holds(self, state: GameState | None = None) -> bool:
        return holds(self.step.until, state or self.state, self.seat, self._step.mark,
                     self.table.moves_of(self.seat, self._step.start))

    def _seat_table(self, state: GameState, seat: int, carry: bool = True) -> None:
        """A new table on ``state``: the learner at ``seat``, stand-ins everywhere else (the
        learner's last choice on the old table stays known to the quizzes)."""
        carried = self.before_choice if carry else None
        self._seat = seat
        self.table = Table(state, {seat: Human()})
        self._carried_choice = carried

    @property
    def resolution(self) -> tuple[GameState, Action, GameState] | None:
        """The last Dual Select reveal on this table: (before the last choice, that choice,
        the Action phase it led to)."""
        states, actions = self.table.game.states, self.table.game.actions
        for i in range(len(actions) - 1, -1, -1):
            if states[i].phase is Phase.DECISION and states[i + 1].phase is Phase.ACTION:
                return states[i], actions[i], states[i + 1]
        return None

    @property
    def before_choice(self) -> GameState | None:
        """The position before the learner's latest Decision-phase move."""
        states = self.table.game.states
        for i in range(len(states) - 2, -1, -1):
            if states[i].phase is Phase.DECISION and states[i].to_move == self.seat:
                return states[i]
        return self._carried_choice

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()
