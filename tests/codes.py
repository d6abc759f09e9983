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


def codes_in(error: BaseException) -> list[StrEnum]:
    """Every code an error carries: its own, then those of the problems its problem names
    (a file's error names the file, then what was wrong with it)."""
    own = code_of(error)
    found: list[StrEnum] = [] if own is None else [own]
    pending = [getattr(error, "problem", None)]
    while pending:
        problem = pending.pop(0)
        if problem is None or not hasattr(problem, "values"):
            continue
        for value in problem.values().values():
            if hasattr(value, "code") and hasattr(value, "values"):
                found.append(value.code)
                pending.append(value)
    return found


@contextmanager
def refused_codes() -> Iterator[list[list[StrEnum]]]:
    """The codes (:func:`codes_in`) of each error ``precog`` (:func:`precog.cli.main`, run in
    this process) refuses with, exit status 2, while the block runs."""
    from precog import cli

    seen: list[list[StrEnum]] = []
    original = cli._refuse

    def record(command: str, err: Any, lang: str) -> int:
        seen.append(codes_in(err))
        return original(command, err, lang)

    cli._refuse = record  # type: ignore[assignment]
    try:
        yield seen
    finally:
        cli._refuse = original  # type: ignore[assignment]
