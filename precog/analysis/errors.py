"""The analysis layer's error: a position or request it cannot work on."""

from __future__ import annotations

from precog.engine import PrecogError


class AnalysisError(PrecogError):
    """A position or request the analysis cannot work on (the message says why)."""


class AnalysisInputError(AnalysisError):
    """A bad argument to an analysis entry point (a budget, a sample count, a depth): the
    message names the argument and the range expected (see :mod:`precog.analysis.checks`)."""
