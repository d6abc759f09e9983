"""The lesson runner: the model behind a lesson page, with no widget in it.

It walks a lesson's steps, holds the position, lets the learner act (every check through the
engine), plays the other seats, generates the quizzes, and can always "show me" the step.

>>> runner = LessonRunner(load_lesson("lesson02"))
>>> while not runner.finished:
...     _ = runner.next() if runner.complete else runner.show_me()
>>> runner.finished
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from precog.engine import GameState, Phase, PrecogError, legal_actions, why_illegal
from precog.engine.actions import (
    Action,
    Choose,
)
from precog.session.options import Option
from precog.session.options import nearby as _nearby
from precog.session.table import Human, StandIn, Table
from precog.session.words import action_label, words
from precog.tutor.data import Lesson, LessonStep, UiTexts, load_lesson, ui_texts
from precog.tutor.flow import STAGES, CardFlow, card_flow
from precog.tutor.positions import Mark, build_position, holds, mark, policy
from precog.tutor.preview import preview
from precog.tutor.progress import ProgressStore
from precog.tutor.quizzes import Quiz, make_quiz
from precog.tutor.words import action_kind

__all__ = ["Feedback", "LessonRunner", "Option", "load_lesson"]


@dataclass(frozen=True)
class Feedback:
    """What the page says after a click. ``kind``: ok, refused, right, wrong, info."""

    kind: str
    text: str
    lines: tuple[str, ...] = ()


@dataclass
class _StepState:
    mark: Mark
    start: int = 0  # the game's action count when the step began (undo stops there)
    quiz: Quiz | None = None
    answered: bool = False
    seen: list[str] = field(default_factory=list)
    flow_stage: int = 0


class LessonRunner:
    """One lesson being taken. Call :meth:`play`, :meth:`answer`, :meth:`look`,
    :meth:`show_me`, :meth:`next`, :meth:`undo` and :meth:`restart`; read the rest."""

    def __init__(self, lesson: Lesson, texts: UiTexts | None = None,
                 store: ProgressStore | None = None,
                 on_change: Callable[[], None] | None = None) -> None:
        self.lesson = lesson
        self.texts = texts or ui_texts(lesson.lang)
        self.store = store
        self.on_change = on_change
        self.restart()

    # -- where we are -------------------------------------------------------------------------
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
    def quiz(self) -> Quiz | None:
        return self._step.quiz

    @property
    def flow(self) -> CardFlow | None:
        if self.resolution is None:
            return None
        return card_flow(*self.resolution)

    @property
    def flow_stage(self) -> int:
        return self._step.flow_stage

    @property
    def seen_parts(self) -> list[str]:
        return list(self._step.seen)

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

    # -- the table: the learner's seat and the stand-ins -----------------------------------
    @property
    def state(self) -> GameState:
        return self.table.state

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

    # -- moving through the lesson ----------------------------------------------------------------
    def restart(self) -> None:
        """Back to the lesson's first step and starting position."""
        self.index = 0
        self.finished = False
        self._seat_table(build_position(self.lesson.position), self.lesson.position.seat,
                         carry=False)
        self._enter()

    def _enter(self) -> None:
        step = self.step
        if step.position is not None:
            self._seat_table(build_position(step.position), step.position.seat)
        self._step = _StepState(mark=mark(self.state), start=len(self.table.game.actions))
        if step.kind == "act":
            self._play_others()
        elif step.kind == "quiz":
            self._step.quiz = make_quiz(step.quiz, self.state, self.seat, step.params,
                                        self.texts, self.before_choice)
        elif step.kind == "flow" and self.resolution is None:
            raise PrecogError(f"{step.where}: a flow step needs a Dual Select reveal before it")
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
        if self.store is not None:
            self.store.record(self.lesson.id, step=self.total if done else self.index,
                              steps=self.total, done=done)

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    # -- acting ---------------------------------------------------------------------------
    def options(self) -> list[Option]:
        """The learner's choices now: every legal action, and nearby refused ones with why."""
        if not self.learner_to_move:
            return []
        out, seen = [], set()
        for action in legal_actions(self.state) + _nearby(self.state, self.seat):
            key = str(action)
            if key in seen:
                continue
            seen.add(key)
            reason = self.refusal(action)
            out.append(Option(action, action_label(self.state, action, self.texts.lang),
                              legal=reason is None, reason=reason or ""))
        return out

    def refusal(self, action: Action) -> str | None:
        """None if the learner may play ``action`` now, else the reason in kind words."""
        if self.state.is_over:
            return self.texts.say("feedback", "game_over")
        if not self.learner_to_move:
            return self.texts.say("feedback", "not_your_turn")
        refused = why_illegal(self.state, action)
        if refused is not None:
            return words(self.texts.lang).explain(refused)
        if not self._accepted(action):
            return self.step.hint or self.texts.say("feedback", "not_in_this_step")
        return None

    def _accepted(self, action: Action) -> bool:
        """A step's ``accept`` patterns restrict the decisions they are about (``"reveal"``
        also rules out ``done`` in the same cooperative decision); others are free."""
        patterns = [p.lower() for p in self.step.accept]
        group = _DECISION.get(action_kind(action), "")
        mine = [p for p in patterns if _DECISION.get(p.split()[0], "") == group]
        if not mine:
            return True
        text = str(action).lower()
        return any(text == p or text.startswith(p + " ") for p in mine)

    def preview(self, action: Action) -> list[str]:
        """What ``action`` would do, found on the immutable position (empty if refused)."""
        if self.refusal(action) is not None:
            return []
        return preview(self.state, self.seat, action, self.texts)

    def play(self, action: Action) -> Feedback:
        """The learner plays ``action``: refused with a reason, or played (then the others)."""
        reason = self.refusal(action)
        if reason is not None:
            return Feedback("refused", reason)
        label = action_label(self.state, action, self.texts.lang)
        self.table.game.play(action)
        self._play_others()
        self._changed()
        return Feedback("ok", self.texts.say("feedback", "played", action=label))

    def _play_others(self) -> None:
        """The stand-ins play (the step's policy, seeded by the round) until the learner is to
        move or the step's condition holds."""
        others = policy(self.step.others, seed=self.state.config.seed + self.state.round)
        self.table.default = StandIn(others)
        self.table.play_until(self._until_holds)

    def undo(self) -> Feedback:
        """Take back the learner's last move in this step (and the others' replies)."""
        if not self.table.undo(self.seat, floor=self._step.start):
            return Feedback("refused", self.texts.say("feedback", "nothing_to_undo"))
        self._changed()
        return Feedback("ok", self.texts.say("feedback", "undone"))

    @property
    def can_undo(self) -> bool:
        return self.table.can_undo(self.seat, floor=self._step.start)

    def suggestion(self) -> Action | None:
        """What "show me" would play: the step's scripted move if legal now, else the first
        legal action the step accepts."""
        if not self.learner_to_move:
            return None
        for text in self.step.show:
            for action in legal_actions(self.state):
                if str(action).lower() == text.lower() and self.refusal(action) is None:
                    return action
        for action in legal_actions(self.state):
            if self.refusal(action) is None:
                return action
        return None

    # -- thinking ahead (lesson 9) ---------------------------------------------------------
    def options_for_lookahead(self) -> list[Choose]:
        """The learner's legal (Keep, Give) choices now."""
        if self.state.phase is not Phase.DECISION or self.state.to_move != self.seat:
            return []
        return [a for a in legal_actions(self.state) if isinstance(a, Choose)]

    def tree_rows(self) -> dict[str, tuple[float, str, bool]]:
        """The explorer's look-ahead tree, one round deep: choice notation -> (value, what
        likely follows, best). Empty when the analysis package is not installed or cannot
        analyse this position."""
        if not self.options_for_lookahead():
            return {}
        try:
            from precog.analysis.tree import build_tree, principal_line
        except ImportError:
            return {}
        try:
            root = build_tree(self.state, self.seat, depth_rounds=1)
        except Exception:  # the explorer is optional in a lesson; the lesson goes on without it
            return {}
        rows = {}
        for child in root.children:
            line = [self._tree_step(n) for n in principal_line(child)[:2]]
            rows[child.label] = (child.value, " · ".join(x for x in line if x), child.principal)
        return rows

    def _tree_step(self, node: Any) -> str:
        """One node of the explorer's likely line in the tutor's words: the card that arrives,
        or the first decision of the plan."""
        after = node.state
        if after is None:
            return ""
        if node.kind == "plan":
            return self.texts.say("label", "tree_arrives", card=after.players[self.seat]
                                  .action_zone[1], n=after.right(self.seat))
        steps = getattr(node.meta.get("line"), "steps", ())
        return action_label(after, steps[0], self.texts.lang) if steps else ""

    # -- quizzes, parts, the card flow ----------------------------------------------------------
    def answer(self, picked: set[str] | frozenset[str]) -> Feedback:
        quiz = self.quiz
        if quiz is None:
            return Feedback("refused", self.texts.say("feedback", "no_quiz"))
        self._step.answered = True
        self._changed()
        if quiz.check(picked):
            return Feedback("right", self.texts.say("quiz", "right"), (quiz.working,))
        return Feedback("wrong", self.texts.say("quiz", "wrong", answer=quiz.answer_text()),
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

    def flow_to(self, stage: int) -> None:
        if self.step.kind == "flow":
            self._step.flow_stage = max(0, min(stage, len(STAGES) - 1))
            self._changed()

    # -- show me --------------------------------------------------------------------------
    def show_me(self) -> Feedback:
        """Do the step for the learner: play the move, answer the quiz, show the next part."""
        kind = self.step.kind
        if self.complete:
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
            self._step.answered = True
            self._changed()
            return Feedback("info", self.texts.say("quiz", "shown",
                                                   answer=self.quiz.answer_text()),
                            (self.quiz.working,))
        if kind == "explore":
            part = next(p for p in self.step.parts if p.id not in self._step.seen)
            return self.look(part.id)
        if kind == "flow":
            self.flow_to(self._step.flow_stage + 1)
            return Feedback("info", "")
        return self.next()


# Which decision an action answers, by the first word of its notation.
_DECISION = {"keep": "choose", "rooms": "rooms", "pass": "pass", "activate": "activate",
             "food": "gains", "humans": "gains", "ymunes": "gains", "heal": "gains",
             "battery": "gains", "reveal": "coop", "mitigate": "coop", "done": "coop",
             "protectors": "protect", "lose": "lose", "river": "river"}

