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
        super().__init__(f"{action}: {reason}")
        self.action = action
        self.reason = reason


class OptionError(PrecogError):
    """An invalid game option (player count, mode, setup, difficulty...)."""
