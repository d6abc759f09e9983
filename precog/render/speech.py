"""The words a drawing is given: every function of :mod:`precog.render` that writes text takes
one language's words as its ``speech`` argument, so that the render layer reads no words file
and imports nothing of the session or the analysis.

:func:`precog.session.speech.speech` makes one for a language (``speech("ru")``); a test may
pass any object with these methods.

>>> from precog.engine import reference_components
>>> from precog.render.cards import card_title
>>> from precog.session.speech import speech
>>> card_title(reference_components().cards["D02"], speech("ru")).split(" ")[0]
'D02'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Protocol

from precog.engine.components import Components, Condition, Gains
from precog.engine.state import Outcome

__all__ = ["Speech"]


class Speech(Protocol):
    """One language's words as a drawing needs them."""

    lang: str
    """The language's code (``en``, ``ru``)."""
    marked: re.Pattern[str]
    """Where a text marks a component's id (:func:`precog.session.lines.mark`): group 1."""

    def say(self, key: str, **values: Any) -> str:
        """The sentence ``section.key`` with its values filled in."""
        ...

    def number(self, value: float, spec: str = "") -> str:
        """A number as the language writes it."""
        ...

    def gains(self, gains: Gains | Iterable[tuple[str, int]]) -> str:
        """Resources in words (``2 Food, 1 Human``)."""
        ...

    def resource(self, kind: str, n: int | None = None) -> str:
        """A resource's name for ``n`` of it."""
        ...

    def condition(self, condition: Condition) -> str:
        """A machine's test in words (``Food + other``)."""
        ...

    def outcome(self, outcome: Outcome) -> str:
        """How a game ended, in words."""
        ...

    def name(self, name: str) -> str:
        """A component's name (a card's, room's, tile's, Prescient's) in the language."""
        ...

    def label(self, component_id: str, components: Components) -> str:
        """A component named in a sentence by its id (a card's name, a tile's name and
        effect)."""
        ...

    def mark(self, card_id: str, components: Components) -> str:
        """What tells a card from another of the same name ('' when its name is its own)."""
        ...

    def link(self, href: str) -> str:
        """``href`` to a page of the app, opened in this language."""
        ...
