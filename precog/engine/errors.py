"""Every error precog raises on bad input is a :class:`PrecogError`."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from precog.engine.refusals import Refusal


class PrecogError(ValueError):
    """Base class: bad input of any kind (position, data file, action text, option)."""


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
        super().__init__(f"{_describe(action)}: {self.reason}")
        self.action = action
        self.refusal = refusal
        self.state = state


class OptionError(PrecogError):
    """An invalid game option (player count, mode, setup, difficulty...)."""


def _describe(action: object) -> str:
    """The action's notation, or its kind when a malformed value cannot print itself."""
    try:
        text = str(action)
    except (TypeError, ValueError, IndexError, AttributeError):
        return f"a malformed {type(action).__name__}"
    return text if len(text) <= 80 else text[:77] + "..."
