"""One analysis at a time behind a page (precog.session.background): a superseded job's result
is dropped, waiting returns when the job ends, an error reaches the caller with its code."""

from __future__ import annotations

import threading

from precog.engine import PrecogError
from precog.engine.problems import Problem
from precog.engine.wording import error_text
from precog.session.background import Background, Job
from precog.session.errors import SessionCode
from tests.codes import code_of


def test_a_superseded_jobs_result_is_dropped() -> None:
    jobs = Background("precog-test", background=True)
    release = threading.Event()
    shown: list[str] = []

    def first(job: Job) -> None:
        release.wait(30)
        if job.current:
            shown.append("first")

    old = jobs.start(first)
    old_thread = jobs._thread
    jobs.start(lambda job: shown.append("second") if job.current else None)
    assert old.stopped and not old.current  # asked to stop, and no longer the newest
    release.set()
    assert old_thread is not None
    old_thread.join(30)
    jobs.wait(30)
    assert not old_thread.is_alive() and shown == ["second"]


def test_a_superseded_jobs_error_is_dropped() -> None:
    jobs = Background("precog-test", background=True)
    release = threading.Event()
    errors: list[PrecogError] = []

    def fails_late(job: Job) -> None:
        release.wait(30)
        raise ZeroDivisionError("late")

    jobs.start(fails_late, errors.append)
    old_thread = jobs._thread
    jobs.start(lambda job: None, errors.append)
    release.set()
    assert old_thread is not None
    old_thread.join(30)
    assert not old_thread.is_alive() and errors == []


def test_wait_returns_when_the_job_ends() -> None:
    jobs = Background("precog-test", background=True)
    release = threading.Event()
    jobs.start(lambda job: release.wait(30))
    assert jobs.running and jobs._thread is not None
    assert jobs._thread.name == "precog-test" and jobs._thread.daemon
    jobs.wait(0.05)
    assert jobs.running  # the timeout came first
    release.set()
    jobs.wait(30)
    assert not jobs.running


def test_cancel_asks_the_running_job_to_stop_and_says_whether_one_ran() -> None:
    jobs = Background("precog-test", background=True)
    stopped: list[bool] = []
    jobs.start(lambda job: stopped.append(job.cancel.wait(30)))
    assert jobs.cancel() is True
    jobs.wait(30)
    assert stopped == [True]
    assert jobs.cancel() is False  # nothing runs any more


def test_a_refusal_in_the_job_reaches_the_caller_with_its_code() -> None:
    refusal = PrecogError(Problem.of(SessionCode.ENDED_EARLY, ended=2, round=3))
    errors: list[PrecogError] = []

    def refused(job: Job) -> None:
        raise refusal

    Background("precog-test", background=False).start(refused, errors.append)
    assert errors == [refusal] and code_of(errors[0]) is SessionCode.ENDED_EARLY


def test_a_bug_in_the_job_reaches_the_caller_as_a_coded_failure() -> None:
    errors: list[PrecogError] = []

    def broken(job: Job) -> None:
        raise KeyError("seat")

    jobs = Background("precog-test", background=True)
    jobs.start(broken, errors.append)
    jobs.wait(30)
    [error] = errors
    assert isinstance(error, PrecogError) and code_of(error) is SessionCode.JOB_FAILED
    assert error.problem is not None
    assert error.problem.values == {"kind": "KeyError", "detail": "'seat'"}
    assert isinstance(error.__cause__, KeyError)
    assert "KeyError" in error_text(error, "ru") and error_text(error, "ru") != str(error)
