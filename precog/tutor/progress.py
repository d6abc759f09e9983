"""Progress through the lessons, kept in a small JSON file so every lesson page can show it.

Where the file is:

- ``$PRECOG_TUTOR_PROGRESS`` when set;
- else, when the app is served to several visitors (``precog app --host`` on anything but
  loopback sets ``$PRECOG_TUTOR_PER_VISITOR``), one file per browser:
  ``~/.precog/visitors/<id>/tutor-progress.json``, where ``<id>`` is the random id in the
  browser's ``precog_visitor`` cookie (set by the server on the browser's first page and passed
  to each page's kernel as ``$HTTP_X_PRECOG_VISITOR``, see ``precog.voila_app``);
- else ``~/.precog/tutor-progress.json`` (one person at their own machine, or one Binder session).

Writing is safe against the two ways progress was lost: every save re-reads the file under a
lock and merges (so two lesson pages open at once keep each other's lessons), and the new text
goes to a private temporary file in the same folder which then replaces the file in one step
(a planted symlink at a fixed temporary name can no longer redirect the write).

Reading is strict: a file that is not a progress file (not JSON, too large, too deeply nested,
another format) is never overwritten: the problem is reported (naming the file) and progress is
kept in memory only. An entry with wrong types or values (``"step": -5``, ``"done": "no"``) is
ignored and named in the report; it is not taken as progress.

Each lesson's entry also says where the learner left it (``"at"``, the step a lesson page
resumes at; it may go back, as after a restart) and the first answer to each quiz
(``"quizzes"``, step index -> answered right; a later try never changes it). Files written
before these fields existed are read as they are.

>>> import tempfile, pathlib
>>> store = ProgressStore(pathlib.Path(tempfile.mkdtemp()) / "p.json")
>>> store.record("lesson02", step=3, steps=9)
>>> store.status("lesson02")
LessonStatus(step=3, steps=9, done=False, at=None, quizzes=())
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from precog.engine.errors import DataError
from precog.engine.files import read_regular_file
from precog.engine.problems import ErrorCode, Problem
from precog.engine.wording import DEFAULT_LANGUAGE, render_problem
from precog.tutor.errors import TutorCode

try:  # POSIX; elsewhere saves are still atomic, only not serialised between pages
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

ENV = "PRECOG_TUTOR_PROGRESS"
PER_VISITOR_ENV = "PRECOG_TUTOR_PER_VISITOR"
VISITOR_COOKIE = "precog_visitor"  # set by the server (precog.voila_app)
VISITOR_HEADER = "X-Precog-Visitor"  # the server puts the cookie's id in this request header,
VISITOR_ENV = "HTTP_X_PRECOG_VISITOR"  # which Voila passes to the page's kernel as this variable
FORMAT = "precog-tutor-progress"
MAX_BYTES = 256 * 1024  # far above nine lessons' worth; bounds the time and memory of a read
MAX_STEPS = 1000
LESSON_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
VISITOR_ID = re.compile(r"[0-9a-f]{32}")
REQUIRED = {"step", "steps", "done"}
OPTIONAL = {"at", "quizzes"}


class ProgressFileError(ValueError):
    """The progress file is not one this module wrote: it is reported and left untouched."""


def _said(err: BaseException) -> Problem | str:
    """What an error says: its problem (a code, said in the reader's language), else its text."""
    first = err.args[0] if err.args else None
    if isinstance(first, Problem):
        return first
    problem = getattr(err, "problem", None)
    return problem if isinstance(problem, Problem) else str(err)


@dataclass(frozen=True)
class LessonStatus:
    step: int  # steps completed
    steps: int
    done: bool
    at: int | None = None  # the step to resume at; None: at ``step``
    quizzes: tuple[tuple[int, bool], ...] = ()  # (step index, first answer right), sorted

    @property
    def resume_at(self) -> int:
        return self.step if self.at is None else self.at

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"step": self.step, "steps": self.steps, "done": self.done}
        if self.at is not None:
            out["at"] = self.at
        if self.quizzes:
            out["quizzes"] = {str(i): right for i, right in self.quizzes}
        return out


def visitor_id(environ: Mapping[str, str] | None = None) -> str | None:
    """The browser's visitor id passed to this kernel (``$HTTP_X_PRECOG_VISITOR``), or None.

    Only a 32-digit lowercase hex id is taken, so it is safe as a folder name.

    >>> visitor_id({"HTTP_X_PRECOG_VISITOR": "0123456789abcdef0123456789abcdef"})
    '0123456789abcdef0123456789abcdef'
    >>> visitor_id({"HTTP_X_PRECOG_VISITOR": "../../etc"}) is None
    True
    """
    env = os.environ if environ is None else environ
    value = env.get(VISITOR_ENV, "")
    return value if VISITOR_ID.fullmatch(value) else None


def default_path(environ: Mapping[str, str] | None = None) -> Path:
    """The progress file for this page (see the module's note for the rules)."""
    env = os.environ if environ is None else environ
    if env.get(ENV):
        return Path(env[ENV])
    home = Path.home() / ".precog"
    visitor = visitor_id(env) if env.get(PER_VISITOR_ENV) else None
    if visitor is not None:
        return home / "visitors" / visitor / "tutor-progress.json"
    return home / "tutor-progress.json"


def _entry(lesson: Any, entry: Any) -> LessonStatus:
    """One lesson's entry, checked: ids are short names, counts are plain ints in range."""
    if not isinstance(lesson, str) or not LESSON_ID.fullmatch(lesson):
        raise ValueError(Problem.of(TutorCode.PROGRESS_LESSON_ID))
    if (not isinstance(entry, dict) or not set(entry) >= REQUIRED
            or not set(entry) <= REQUIRED | OPTIONAL):
        raise ValueError(Problem.of(TutorCode.PROGRESS_ENTRY_FORM))
    step, steps, done = entry["step"], entry["steps"], entry["done"]
    at = entry.get("at")
    if (type(step) is not int or type(steps) is not int or type(done) is not bool
            or (at is not None and type(at) is not int)):
        raise ValueError(Problem.of(TutorCode.PROGRESS_ENTRY_TYPES))
    if not 1 <= steps <= MAX_STEPS or not 0 <= step <= steps:
        raise ValueError(Problem.of(TutorCode.PROGRESS_STEP_RANGE, top=MAX_STEPS))
    if not 0 <= (at or 0) <= steps:
        raise ValueError(Problem.of(TutorCode.PROGRESS_AT_RANGE))
    return LessonStatus(step=step, steps=steps, done=done, at=at,
                        quizzes=_quizzes(entry.get("quizzes", {}), steps))


def _quizzes(value: Any, steps: int) -> tuple[tuple[int, bool], ...]:
    if not isinstance(value, dict) or len(value) > steps:
        raise ValueError(Problem.of(TutorCode.PROGRESS_QUIZZES))
    out = []
    for key, right in value.items():
        if not (isinstance(key, str) and key.isdigit() and len(key) <= 4
                and int(key) < steps and type(right) is bool):
            raise ValueError(Problem.of(TutorCode.PROGRESS_QUIZZES))
        out.append((int(key), right))
    return tuple(sorted(out))


def parse(text: str) -> tuple[dict[str, LessonStatus], list[Problem]]:
    """The lessons of a progress file and the entries ignored (each a problem, ``id: why``).

    Raises ``ProgressFileError`` when ``text`` is not a progress file at all.

    >>> lessons, ignored = parse('{"format": "precog-tutor-progress", "lessons": '
    ...                          '{"lesson01": {"step": -5, "steps": 4, "done": false}}}')
    >>> lessons, [str(problem) for problem in ignored]
    ({}, ['lesson01: expected 0 <= "step" <= "steps" <= 1000'])
    """
    if len(text) > MAX_BYTES:
        raise ProgressFileError(Problem.of(TutorCode.PROGRESS_TOO_BIG, limit=MAX_BYTES))
    try:
        data = json.loads(text)
    except RecursionError:
        raise ProgressFileError(Problem.of(TutorCode.PROGRESS_TOO_DEEP)) from None
    except ValueError as err:  # includes json.JSONDecodeError and over-long integers
        raise ProgressFileError(Problem.of(TutorCode.PROGRESS_NOT_JSON, detail=str(err))) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ProgressFileError(Problem.of(TutorCode.PROGRESS_FORMAT, format=FORMAT))
    lessons = data.get("lessons", {})
    if not isinstance(lessons, dict):
        raise ProgressFileError(Problem.of(TutorCode.PROGRESS_LESSONS))
    good: dict[str, LessonStatus] = {}
    ignored: list[Problem] = []
    for lesson, entry in lessons.items():
        try:
            good[lesson] = _entry(lesson, entry)
        except ValueError as err:
            ignored.append(Problem.of(TutorCode.PROGRESS_ENTRY, lesson=str(lesson)[:64],
                                      problem=_said(err)))
    return good, ignored


def merge(a: LessonStatus | None, b: LessonStatus, newer: bool = True) -> LessonStatus:
    """The further of two records of one lesson: progress never goes back; the step to resume
    at is ``b``'s when ``b`` is the newer record, else ``a``'s; a quiz's first answer is
    ``a``'s when both have one.

    >>> merge(LessonStatus(2, 5, False, at=2), LessonStatus(1, 5, True, at=1))
    LessonStatus(step=2, steps=5, done=True, at=1, quizzes=())
    """
    if a is None:
        return b
    steps = b.steps
    at = b.at if newer else a.at
    at = None if at is None else min(at, steps)
    quizzes = tuple(sorted({**dict(b.quizzes), **dict(a.quizzes)}.items()))
    return LessonStatus(step=min(max(a.step, b.step), steps), steps=steps, done=a.done or b.done,
                        at=at, quizzes=tuple((i, r) for i, r in quizzes if i < steps))


_TEMP_PREFIX, _TEMP_SUFFIX = ".tutor-progress-", ".tmp"


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """An exclusive lock on ``folder`` itself (no lock file that could be planted)."""
    if fcntl is None:  # pragma: no cover - Windows
        yield
        return
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def _write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to a private temporary file beside ``path``, then rename it over ``path``."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=_TEMP_PREFIX, suffix=_TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _remove_leftovers(folder: Path) -> None:
    """Remove temporary files a save killed mid-write left behind: every writer holds the
    folder's lock while its temporary file exists, so under the lock any is a leftover."""
    for leftover in folder.glob(f"{_TEMP_PREFIX}*{_TEMP_SUFFIX}"):
        with contextlib.suppress(OSError):
            leftover.unlink()


class ProgressStore:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else default_path()
        self.problem: Problem | None = None  # what went wrong with the file (None: nothing)
        self._lessons: dict[str, LessonStatus] = {}
        self._writable = True
        self._touched: set[str] = set()  # lessons recorded since the last save (newest "at")
        self._load()

    def _read(self) -> dict[str, LessonStatus]:
        """The file's lessons (empty when there is no file); notes ignored entries."""
        if not os.path.lexists(self.path):
            return {}
        try:
            raw = read_regular_file(self.path, MAX_BYTES, DataError)  # a FIFO never blocks
        except DataError as err:
            what = err.problem.values.get("what") if err.problem else None
            if isinstance(what, Problem) and what.code == ErrorCode.FILE_TOO_BIG:
                raise ProgressFileError(Problem.of(TutorCode.PROGRESS_TOO_BIG,
                                                   limit=MAX_BYTES)) from None
            raise ProgressFileError(_said(err)) from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ProgressFileError(Problem.of(TutorCode.PROGRESS_NOT_UTF8)) from None
        lessons, ignored = parse(text)
        if ignored:
            self.problem = Problem.of(TutorCode.PROGRESS_IGNORED, path=str(self.path),
                                      entries=tuple(ignored[:3]))
        return lessons

    def _load(self) -> None:
        try:
            self._lessons = self._read()
        except (OSError, ProgressFileError) as err:
            self._refuse(err)

    def _refuse(self, err: Exception) -> None:
        self.problem = Problem.of(TutorCode.PROGRESS_UNREADABLE, path=str(self.path),
                                  problem=_said(err))
        self._writable = False

    def problem_text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """What went wrong with the progress file, in ``lang`` ('' when nothing did)."""
        return "" if self.problem is None else render_problem(self.problem, lang)

    def status(self, lesson: str) -> LessonStatus | None:
        return self._lessons.get(lesson)

    def record(self, lesson: str, step: int, steps: int, done: bool = False,
               at: int | None = None) -> None:
        """Remember the furthest step reached in ``lesson`` (never goes back) and the step
        to resume at (``at``, default ``step``; it may go back)."""
        step = max(0, min(step, steps))
        at = None if at is None else max(0, min(at, steps))
        new = LessonStatus(step=step, steps=steps, done=done, at=at)
        self._lessons[lesson] = merge(self._lessons.get(lesson), new)
        self._touched.add(lesson)
        self._save()

    def record_quiz(self, lesson: str, index: int, right: bool, steps: int) -> None:
        """Remember the first answer to the quiz at step ``index`` of ``lesson`` (a later
        answer to the same quiz changes nothing)."""
        old = self._lessons.get(lesson)
        if old is not None and any(i == index for i, _ in old.quizzes):
            return
        base = old or LessonStatus(step=0, steps=steps, done=False)
        quizzes = tuple(sorted((*base.quizzes, (index, right))))
        self._lessons[lesson] = LessonStatus(base.step, base.steps, base.done, base.at, quizzes)
        self._touched.add(lesson)
        self._save()

    def _save(self) -> None:
        if not self._writable:
            return
        try:
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            with _locked(self.path.parent):
                _remove_leftovers(self.path.parent)
                on_disk = self._read()  # another page may have saved since this one read
                for lesson, status in self._lessons.items():
                    on_disk[lesson] = merge(on_disk.get(lesson), status,
                                            newer=lesson in self._touched)
                self._lessons = on_disk
                data = {"format": FORMAT,
                        "lessons": {k: v.to_json() for k, v in sorted(on_disk.items())}}
                _write_atomically(self.path, json.dumps(data, indent=1))
                self._touched.clear()  # memory now equals the file: nothing newer
        except ProgressFileError as err:
            self._refuse(err)
        except OSError as err:
            self.problem = Problem.of(TutorCode.PROGRESS_UNSAVED, path=str(self.path),
                                      detail=str(err))
            self._writable = False
