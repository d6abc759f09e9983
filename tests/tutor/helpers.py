"""Shared helpers for the tutor tests: play a lesson through, headlessly."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from precog.tutor.data import load_lesson
from precog.tutor.runner import LessonRunner

MAX_CLICKS = 3000


def walk(lesson_id: str, on_step: Callable[[LessonRunner], None] | None = None
         ) -> Iterator[LessonRunner]:
    """Play ``lesson_id`` to its end with "show me"; yields the runner at every new step."""
    runner = LessonRunner(load_lesson(lesson_id))
    seen = -1
    for _ in range(MAX_CLICKS):
        if runner.finished:
            return
        if runner.index != seen:
            seen = runner.index
            yield runner
        if runner.complete:
            runner.next()
        else:
            runner.show_me()
    raise AssertionError(f"{lesson_id} did not finish in {MAX_CLICKS} clicks "
                         f"(stuck at step {runner.index + 1}: {runner.step.title})")
