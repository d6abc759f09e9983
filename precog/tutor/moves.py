"""The learner's moves in a lesson: what may be played now and why not, previews, playing
(then the stand-ins), undo, and the move "show me" would make. Every check is the engine's."""

from __future__ import annotations

from precog.engine import legal_actions, why_illegal
from precog.engine.actions import Action, Choose
from precog.engine.state import Step
from precog.session.lines import choice_text
from precog.session.options import nearby
from precog.session.table import StandIn
from precog.session.words import action_label, words
from precog.tutor.lesson_state import Feedback, Option, RunnerBase
from precog.tutor.positions import policy
from precog.tutor.preview import preview
from precog.tutor.words import action_kind

__all__ = ["DECISION", "MovesMixin", "nearby"]


class MovesMixin(RunnerBase):
    """Acting in an ``act`` step: :meth:`options`, :meth:`refusal`, :meth:`preview`,
    :meth:`play`, :meth:`undo` and :meth:`suggestion`."""

    def options(self) -> list[Option]:
        """The learner's choices now: every legal action, and nearby refused ones with why."""
        if not self.learner_to_move:
            return []
        out, seen = [], set()
        for action in legal_actions(self.state) + nearby(self.state, self.seat):
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
        group = DECISION.get(action_kind(action), "")
        mine = [p for p in patterns if DECISION.get(p.split()[0], "") == group]
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
        label = (choice_text(action, self.texts.lang, self.state, self.seat)
                 if isinstance(action, Choose) else
                 action_label(self.state, action, self.texts.lang))  # cards by name
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
        candidates = legal_actions(self.state)
        if self.state.step in (Step.COOP, Step.TEAM):  # revealing or mitigating costs Humans:
            candidates = candidates[::-1]  # never a default, "done" comes first
        for action in candidates:
            if self.refusal(action) is None:
                return action
        return None


# Which decision an action answers, by the first word of its notation.
DECISION = {"keep": "choose", "rooms": "rooms", "pass": "pass", "activate": "activate",
            "food": "gains", "humans": "gains", "ymunes": "gains", "heal": "gains",
            "battery": "gains", "reveal": "coop", "mitigate": "coop", "done": "coop",
            "protectors": "protect", "lose": "lose", "river": "river"}
