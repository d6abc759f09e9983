"""One language's words for the drawings of :mod:`precog.render` (its
:class:`~precog.render.speech.Speech`): the session's :class:`~precog.session.words.Words` with
the names of components, marked texts and the app's links.

>>> from precog.engine import reference_components
>>> comps = reference_components()
>>> speech("ru").name("Workshop"), speech("en").label("K05", comps)
('Мастерская', 'Drifting raft ·K05')
"""

from __future__ import annotations

import re
from functools import cache

from precog.engine.components import Components
from precog.session.card_names import card_mark
from precog.session.language import page_link
from precog.session.lines import MARKED, component_label
from precog.session.names import component_name
from precog.session.words import DEFAULT_LANGUAGE, Words

__all__ = ["DrawingWords", "speech"]


class DrawingWords(Words):
    """:class:`Words` with what a drawing names besides sentences."""

    marked: re.Pattern[str] = MARKED

    def name(self, name: str) -> str:
        return component_name(name, self.lang)

    def label(self, component_id: str, components: Components) -> str:
        return component_label(component_id, components, self.lang)

    def mark(self, card_id: str, components: Components) -> str:
        return card_mark(card_id, components)

    def link(self, href: str) -> str:
        return page_link(href, self.lang)


@cache
def speech(lang: str = DEFAULT_LANGUAGE) -> DrawingWords:
    """The words of ``lang`` for a drawing (a DataError names a language without words)."""
    return DrawingWords(lang)
