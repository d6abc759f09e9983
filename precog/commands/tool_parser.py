"""The command line of the benchmarks and scripts: every bad argument is a coded UsageError.

:class:`ToolParser` is the argument parser of every benchmark (``benchmarks/*.py``) and script
(``scripts/*.py``). Bad input (a seed that is no whole number, ``--workers 0``, a missing file,
a choice not offered, an option that does not exist, a reference file built for other cards)
is said on one line as a :class:`~precog.commands.errors.UsageError` whose code names the input
and what was expected, and the run ends with exit status 2; the error is the ``SystemExit``'s
``__cause__``, for a test to read its code. The argument types are those of ``precog``'s own
commands (:func:`~precog.commands.common.positive_int`, ``seed_number``, ``whole_number``,
``positive_seconds``) and the few below.

>>> parser = ToolParser(prog="example")
>>> _ = parser.add_argument("--workers", type=positive_int)
>>> try:
...     parser.parse_args(["--workers", "0"])
... except SystemExit as done:
...     print(done.code, done.__cause__.problem.values["problem"].code)
2 usage.at_least_one
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from precog.commands.common import (
    ArgumentProblem,
    finite_above_zero,
    language,
    positive_int,
    positive_seconds,
    seed_number,
    whole_number,
)
from precog.commands.errors import UsageCode, UsageError
from precog.engine.errors import PrecogError
from precog.engine.problems import Problem
from precog.engine.wording import error_text

__all__ = ["ToolParser", "at_most", "existing_file", "listed", "number_above_zero", "part",
           "positive_int", "positive_seconds", "seed_number", "whole_number"]


class ToolParser(argparse.ArgumentParser):
    """An :class:`argparse.ArgumentParser` whose every refusal is a coded :class:`UsageError`
    (one line on standard error, exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.refuse(_problem_of(message, sys.exc_info()[1]))

    def refuse(self, error: PrecogError | Problem, option: str | None = None) -> NoReturn:
        """Say ``error`` (a problem of ``option`` when given) and end with exit status 2."""
        problem = error if isinstance(error, Problem) else error.problem
        if option is not None and problem is not None:
            error = UsageError(Problem.of(UsageCode.ABOUT, source=option, problem=problem))
        elif isinstance(error, Problem):
            error = UsageError(error)
        line = " ".join(error_text(error, language()).split())
        print(f"{self.prog}: error: {line}", file=sys.stderr)
        raise SystemExit(2) from error


def _problem_of(message: str, current: BaseException | None) -> Problem:
    """The problem behind one of argparse's refusals: the argument type's own (with the
    option it was given to), else argparse's sentence with the option it names."""
    if isinstance(current, argparse.ArgumentError):
        option = current.argument_name or ""
        cause = current.__context__
        if isinstance(cause, PrecogError) and cause.problem is not None:
            return Problem.of(UsageCode.ABOUT, source=option, problem=cause.problem)
        return Problem.of(UsageCode.ARGUMENT, option=option, detail=current.message)
    return Problem.of(UsageCode.COMMAND_LINE, detail=message)


def number_above_zero(text: str) -> float:
    """An argument type: a finite number above 0 (minutes, a memory size, a factor)."""
    return finite_above_zero(text, UsageCode.NUMBER, UsageCode.NUMBER)


def at_most(kind: type, top: float) -> Callable[[str], int | float]:
    """An argument type: a whole number from 1 to ``top`` (``kind`` int) or a number above 0
    and at most ``top`` (``kind`` float)."""
    def parse(text: str) -> int | float:
        if kind is int:
            value: int | float = whole_number(text)
            if not 1 <= value <= top:
                raise ArgumentProblem(Problem.of(UsageCode.COUNT, low=1, high=int(top), got=text))
            return value
        value = number_above_zero(text)
        if value > top:
            raise ArgumentProblem(Problem.of(UsageCode.NUMBER_AT_MOST, top=top, got=text))
        return value
    return parse


def existing_file(text: str) -> Path:
    """An argument type: a file that exists (read by the run)."""
    path = Path(text)
    if not path.is_file():
        raise ArgumentProblem(Problem.of(UsageCode.NO_FILE, got=text))
    return path


def listed(known: Sequence[str] | None) -> Callable[[str], list[str]]:
    """An argument type: a comma-separated list of 1 to 50 names, each one of ``known`` (any
    name when None: checked by the run, such as a suite's position ids)."""
    def parse(text: str) -> list[str]:
        names = [name.strip() for name in text.split(",") if name.strip()]
        if not 1 <= len(names) <= 50:
            raise ArgumentProblem(Problem.of(UsageCode.NAMES, got=text))
        if known is not None and any(name not in known for name in names):
            raise ArgumentProblem(Problem.of(UsageCode.LIST_OF, known=tuple(known), got=text))
        return names
    return parse


def part(text: str, most: int = 64) -> tuple[int, int]:
    """An argument type: ``K/N``, the K-th of N parts of a run, as (K - 1, N)."""
    k, _, n = text.partition("/")
    if not (k.isascii() and k.isdigit() and n.isascii() and n.isdigit()
            and len(k) < 4 and len(n) < 4 and 1 <= int(k) <= int(n) <= most):
        raise ArgumentProblem(Problem.of(UsageCode.PART, top=most, got=text))
    return int(k) - 1, int(n)
