"""Every error precog raises on bad input is a :class:`PrecogError`."""

from __future__ import annotations


class PrecogError(ValueError):
    """Base class: bad input of any kind (position, data file, action text, option)."""


class DataError(PrecogError):
    """A component data file is malformed; the message names file, entry and field."""


class PositionError(PrecogError):
    """A position string or JSON position cannot be read or describes an impossible game."""


class ActionParseError(PrecogError):
    """Action text that cannot be read as an action of the current position."""


class IllegalActionError(PrecogError):
    """A well-formed action that the rules do not allow now; the message says why."""

    def __init__(self, action: object, reason: str) -> None:
        super().__init__(f"{_describe(action)}: {reason}")
        self.action = action
        self.reason = reason


class OptionError(PrecogError):
    """An invalid game option (player count, mode, setup, difficulty...)."""


def _describe(action: object) -> str:
    """The action's notation, or its kind when a malformed value cannot print itself."""
    try:
        text = str(action)
    except (TypeError, ValueError, IndexError, AttributeError):
        return f"a malformed {type(action).__name__}"
    return text if len(text) <= 80 else text[:77] + "..."
