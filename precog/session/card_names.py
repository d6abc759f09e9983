"""One name for a card on every page: its name, and, where another card of the component set
shares that name, the card's id after it (``Drifting raft ·K05``), the id printed at the foot
of the card's face. The reference set's four decks each hold a card of every name, so a player
holding two "Drifting raft" cards sees which is which in the ranked table, the tree, the plot
legend, the hint, the review and the command line alike.

>>> from precog.engine import reference_components
>>> comps = reference_components()
>>> card_name("K05", comps), card_name("K05", comps, "ru")
('Drifting raft ·K05', 'Дрейфующий плот ·K05')
>>> card_name("K05", comps, "ru", quoted=True)  # in a sentence, after a noun
'«Дрейфующий плот» ·K05'
>>> card_name("nothing such", comps)
'nothing such'
"""

from __future__ import annotations

from functools import cache

from precog.engine.components import Components
from precog.engine.wording import DEFAULT_LANGUAGE, load_words
from precog.session.names import component_name, quoted_name

__all__ = ["card_mark", "card_name"]


def card_mark(card_id: str, comps: Components) -> str:
    """The card's id when another card of ``comps`` has the same name ('' when its name is
    its own, or the card has none: then its id is its name)."""
    card = comps.cards.get(card_id)
    if card is None or not card.name:
        return ""
    shared = any(other.name == card.name for other in comps.cards.values()
                 if other.id != card_id)
    return card_id if shared else ""


def card_name(card_id: str, comps: Components, lang: str = DEFAULT_LANGUAGE,
              quoted: bool = False) -> str:
    """The card's name in ``lang`` with its mark (:func:`card_mark`) when the name is shared;
    its id when it has no name; an id ``comps`` does not know as it is. ``quoted``: the name as
    a sentence writes it after a noun (:func:`~precog.session.names.quoted_name`: «quotes» in
    Russian), the mark after the quotes."""
    card = comps.cards.get(card_id)
    if card is None or not card.name:
        return card_id
    name = quoted_name(card.name, lang) if quoted else component_name(card.name, lang)
    mark = card_mark(card_id, comps)
    return marked(lang).format(name=name, id=mark) if mark else name


@cache
def marked(lang: str) -> str:
    """How ``lang`` writes a name with its mark (``[card] marked`` of its ``app.toml``, else
    English's). Read here rather than through :mod:`precog.session.words`, whose action labels
    name cards with :func:`card_name`."""
    said = load_words(lang, "app").get("card", {}).get("marked")
    return str(said) if said else str(load_words(DEFAULT_LANGUAGE, "app")["card"]["marked"])
