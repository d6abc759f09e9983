"""Every error precog raises on bad input is a :class:`PrecogError`.

Each carries a :class:`~precog.engine.problems.Problem` (a code and its values, ``err.problem``);
``str(err)`` is its English sentence and :func:`precog.engine.wording.error_text` says it in
any language. ``input`` and ``state``, when given, are the refused input and the position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from precog.engine.problems import ErrorCode, Problem

if TYPE_CHECKING:
    from precog.engine.refusals import Refusal


class PrecogError(ValueError):
    """Base class: bad input of any kind (position, data file, action text, option).

    ``problem`` is a :class:`Problem`. A plain text is still accepted for tools outside the
    package (the benchmarks' own errors: ``problem`` is then None and the text is said as is);
    precog itself always gives a code (``tests/test_error_codes.py``).
    """

    def __init__(self, problem: Problem | str, *, input: object = None,
                 state: object = None) -> None:
        super().__init__(problem)
        self.problem = problem if isinstance(problem, Problem) else None
        self.input = input
        self.state = state

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class DataError(PrecogError):
    """A component data file is malformed; the message names file, entry and field."""


class PositionError(PrecogError):
    """A position string or JSON position cannot be read or describes an impossible game."""


class ActionParseError(PrecogError):
    """Action text that cannot be read as an action of the current position."""


class IllegalActionError(PrecogError):
    """A well-formed action that the rules do not allow now; the message says why.

    ``refusal`` is the :class:`~precog.engine.refusals.Refusal` (a code and its values, for a
    UI to explain in its own words), ``reason`` its English sentence, ``action`` the input and
    ``state`` the position it was refused in.
    """

    def __init__(self, action: object, refusal: Refusal, state: object = None) -> None:
        self.reason = str(refusal)
        self.shown = _describe(action)
        super().__init__(f"{self.shown}: {self.reason}", input=action, state=state)
        self.action = action
        self.refusal = refusal
        self.problem = Problem.of(ErrorCode.ACTION_ILLEGAL, action=self.shown, refusal=refusal)


class OptionError(PrecogError):
    """An invalid game option (player count, mode, setup, difficulty...)."""


def _describe(action: object) -> str:
    """The action's notation, or its kind when a malformed value cannot print itself."""
    try:
        text = str(action)
    except (TypeError, ValueError, IndexError, AttributeError):
        return f"a malformed {type(action).__name__}"
    return text if len(text) <= 80 else text[:77] + "..."
