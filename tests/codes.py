"""Tests assert an error's code, never its English sentence: :func:`raises_code` is
``pytest.raises`` that also checks the refusal's or the problem's code."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum
from typing import Any

import pytest


def code_of(error: BaseException) -> StrEnum | None:
    """The code an error carries: a refused action's refusal code, else its problem's code."""
    refusal = getattr(error, "refusal", None)
    if refusal is not None:
        code: StrEnum = refusal.code
        return code
    problem = getattr(error, "problem", None)
    return problem.code if problem is not None else None


@contextmanager
def raises_code(kind: type[BaseException], code: StrEnum) -> Iterator[Any]:
    """Expect ``kind`` raised with ``code`` (its ``ExceptionInfo`` is given to the block)."""
    with pytest.raises(kind) as caught:
        yield caught
    assert code_of(caught.value) == code


def problems_in(error: BaseException) -> list[Any]:
    """The problem an error carries, then the problems its values name, breadth first (a
    file's error names the file, then what was wrong with it)."""
    found: list[Any] = []
    pending = [getattr(error, "refusal", None) or getattr(error, "problem", None)]
    while pending:
        problem = pending.pop(0)
        if problem is None or not hasattr(problem, "code"):
            continue
        found.append(problem)
        values = getattr(problem, "values", {})
        pending.extend(v for v in values.values() if hasattr(v, "code") and hasattr(v, "values"))
    return found


def codes_in(error: BaseException) -> list[StrEnum]:
    """Every code an error carries (:func:`problems_in`): its own first."""
    return [problem.code for problem in problems_in(error)]


@contextmanager
def refusals() -> Iterator[list[BaseException]]:
    """The errors ``precog`` (:func:`precog.cli.main`, run in this process) refuses with, exit
    status 2, while the block runs (their codes: :func:`codes_in`)."""
    from precog import cli

    seen: list[BaseException] = []
    original = cli._refuse

    def record(command: str, err: Any, lang: str) -> int:
        seen.append(err)
        return original(command, err, lang)

    cli._refuse = record  # type: ignore[assignment]
    try:
        yield seen
    finally:
        cli._refuse = original  # type: ignore[assignment]
