"""Progress through the lessons, kept in a small JSON file so every lesson page can show it.

The file is ``$PRECOG_TUTOR_PROGRESS`` or ``~/.precog/tutor-progress.json``. A file that
cannot be read is never overwritten: the problem is reported (naming the file) and progress
is kept in memory only, so nothing the learner had is lost.

>>> import tempfile, pathlib
>>> store = ProgressStore(pathlib.Path(tempfile.mkdtemp()) / "p.json")
>>> store.record("lesson02", step=3, steps=9)
>>> store.status("lesson02")
LessonStatus(step=3, steps=9, done=False)
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

ENV = "PRECOG_TUTOR_PROGRESS"
FORMAT = "precog-tutor-progress"


@dataclass(frozen=True)
class LessonStatus:
    step: int  # steps completed
    steps: int
    done: bool


def default_path() -> Path:
    return Path(os.environ.get(ENV) or Path.home() / ".precog" / "tutor-progress.json")


class ProgressStore:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else default_path()
        self.problem = ""
        self._lessons: dict[str, LessonStatus] = {}
        self._writable = True
        self._load()

    def _load(self) -> None:
        if not self.path.exists():
            return
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise ValueError(f"expected a JSON object with format {FORMAT!r}")
            for lesson, entry in data.get("lessons", {}).items():
                self._lessons[str(lesson)] = LessonStatus(
                    step=int(entry["step"]), steps=int(entry["steps"]), done=bool(entry["done"]))
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as err:
            self.problem = (f"tutor progress file {self.path} could not be read ({err}); "
                            "it was left untouched and progress is kept for this page only")
            self._lessons = {}
            self._writable = False

    def status(self, lesson: str) -> LessonStatus | None:
        return self._lessons.get(lesson)

    def record(self, lesson: str, step: int, steps: int, done: bool = False) -> None:
        """Remember the furthest step reached in ``lesson`` (never goes back)."""
        old = self._lessons.get(lesson)
        if old is not None:
            step, done = max(step, old.step), done or old.done
        self._lessons[lesson] = LessonStatus(step=min(step, steps), steps=steps, done=done)
        self._save()

    def _save(self) -> None:
        if not self._writable:
            return
        data = {"format": FORMAT, "lessons": {k: vars(v) for k, v in self._lessons.items()}}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_suffix(".tmp")
            tmp.write_text(json.dumps(data, indent=1), encoding="utf-8")
            tmp.replace(self.path)
        except OSError as err:
            self.problem = f"tutor progress could not be saved to {self.path} ({err})"
            self._writable = False
