"""One analysis at a time behind a page: the hint, the review, the explorer and the bots' choices
worked out ahead (:mod:`precog.session.ahead`) run their work through :class:`Background`.

:meth:`Background.start` runs a job on a named daemon thread (inline for scripts and tests) and
supersedes the one before: that one is asked to stop (its :attr:`Job.cancel` event is set) and
from then on is no longer :attr:`Job.current`, so a job checks ``current`` before it hands a
result over and a stale job's result is never shown. An error in the job reaches the caller's
``on_error`` as a :class:`~precog.engine.PrecogError` with a code: a refusal as it was raised,
any other error (a bug in the analysis) as
:attr:`SessionCode.JOB_FAILED <precog.session.errors.SessionCode.JOB_FAILED>` naming it.

A plain :class:`threading.Thread` and :class:`threading.Event` rather than a one-worker
:class:`concurrent.futures.ThreadPoolExecutor`: a new job starts at once while the superseded
one finishes the pass under way (a queue would hold the new hint behind it), and the worker is
a daemon (an executor's thread is joined when the interpreter exits, holding a closed page's
kernel until the analysis ends).

>>> jobs = Background("precog-example", background=False)
>>> seen = []
>>> _ = jobs.start(lambda job: seen.append(job.current))
>>> seen, jobs.running
([True], False)
>>> def broken(job):
...     raise ZeroDivisionError("x")
>>> errors = []
>>> _ = jobs.start(broken, errors.append)
>>> errors[0].problem.code
<SessionCode.JOB_FAILED: 'session.job_failed'>
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from precog.engine import PrecogError
from precog.engine.problems import Problem
from precog.session.errors import SessionCode

__all__ = ["Background", "Job", "failure", "wait_either"]

Failed = Callable[[PrecogError], None]


class Job:
    """One job of a :class:`Background`: its stop request and whether it is still the newest."""

    def __init__(self, owner: Background, number: int, on_error: Failed | None) -> None:
        self.cancel = threading.Event()  # set when asked to stop or superseded
        self.on_error = on_error  # where an error goes; the work may wrap it
        self._owner = owner
        self._number = number

    @property
    def current(self) -> bool:
        """True while no newer job was started: only then may its results be shown."""
        return self._owner.number == self._number

    @property
    def stopped(self) -> bool:
        return self.cancel.is_set()


class Background:
    """One job at a time, on a daemon thread called ``name`` (or inline, ``background=False``).

    :meth:`start` supersedes the running job; :attr:`running` and :meth:`wait` follow the
    newest one's thread."""

    def __init__(self, name: str, background: bool = True) -> None:
        self.name = name
        self.background = background
        self.number = 0  # the newest job's number
        self._job: Job | None = None
        self._thread: threading.Thread | None = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> None:
        """Block until the newest job's thread ends (at most ``timeout`` seconds)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def cancel(self) -> bool:
        """Ask the running job to stop (what it did stays); True if one was running."""
        if self.running and self._job is not None:
            self._job.cancel.set()
            return True
        return False

    def start(self, work: Callable[[Job], None], on_error: Failed | None = None) -> Job:
        """Run ``work(job)`` after asking any running job to stop; an error it raises goes to
        ``on_error`` (as a coded :class:`PrecogError`) while the job is current."""
        self.cancel()
        self.number += 1
        job = self._job = Job(self, self.number, on_error)

        def run() -> None:
            try:
                work(job)
            except Exception as err:  # a refusal as it is; a bug said rather than lost
                coded = err if isinstance(err, PrecogError) else failure(err)
                if job.current and job.on_error is not None:
                    job.on_error(coded)

        if self.background:
            self._thread = threading.Thread(target=run, name=self.name, daemon=True)
            self._thread.start()
        else:
            run()
        return job


def failure(error: Exception) -> PrecogError:
    """``error`` (not a refusal: a bug) as a coded error naming its kind and text."""
    coded = PrecogError(Problem.of(SessionCode.JOB_FAILED, kind=type(error).__name__,
                                   detail=str(error)))
    coded.__cause__ = error
    return coded


def wait_either(first: threading.Event, second: threading.Event, limit_s: float) -> bool:
    """Wait until either event is set, at most ``limit_s`` seconds; True if one was.

    >>> a, b = threading.Event(), threading.Event()
    >>> b.set()
    >>> wait_either(a, b, 5.0)
    True
    >>> wait_either(threading.Event(), threading.Event(), 0.01)
    False
    """
    end = time.monotonic() + limit_s
    while not (first.is_set() or second.is_set()):
        left = end - time.monotonic()
        if left <= 0:
            return False
        first.wait(min(0.05, left))
    return True
