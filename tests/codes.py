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
