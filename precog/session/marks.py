"""Component ids marked inside a text, and their names: a sentence of the analysis keeps each
card, River tile or Island it mentions marked (:func:`mark`), so that it can later be named
in the reader's language (:func:`named`) or drawn by a renderer
(:func:`precog.render.cards.marked_html`).

>>> named(f"keep {mark('D02')}", None)
'keep D02'
"""

from __future__ import annotations

import re

from precog.engine import GameState
from precog.engine.components import Components
from precog.engine.components import RiverTile as RiverTileCard
from precog.session.card_names import card_name
from precog.session.names import quoted_name
from precog.session.words import DEFAULT_LANGUAGE, words

__all__ = ["END", "MARK", "MARKED", "component_label", "mark", "named", "tile_effect"]

MARK, END = "\ue000", "\ue001"  # a component id inside a marked text: MARK id END
MARKED = re.compile(f"{MARK}([^{END}]*){END}")


def mark(component_id: str) -> str:
    """``component_id`` marked, so that a text can later name it or draw it (see
    :func:`named`; the renderer draws a mini card)."""
    return f"{MARK}{component_id}{END}"


def named(text: str, state: GameState | None, lang: str = DEFAULT_LANGUAGE) -> str:
    """A marked text with each id replaced by its name (the id itself without a position)."""
    if state is None:
        return MARKED.sub(lambda m: m.group(1), text)
    return MARKED.sub(lambda m: component_label(m.group(1), state.components, lang), text)


def component_label(component_id: str, comps: Components,
                    lang: str = DEFAULT_LANGUAGE) -> str:
    """A card's name as a sentence writes it (:func:`~precog.session.card_names.card_name`,
    quoted: in «quotes» in Russian, marked with its id when another card shares the name; its
    id when it has none, as a card of your box may), a River tile's name and effect, an
    Island's name and its feeding; an id the components do not know stays as it is."""
    w = words(lang)
    if component_id in comps.cards:
        return card_name(component_id, comps, lang, quoted=True)
    if component_id in comps.river_by_id:
        tile = comps.river_by_id[component_id]
        return w.say("line.tile", name=quoted_name(tile.name, lang),
                     effect=tile_effect(tile, lang))
    for island in comps.islands:
        if island.id == component_id:
            return w.say("line.island", name=quoted_name(island.name, lang))
    return component_id


def tile_effect(tile: RiverTileCard, lang: str = DEFAULT_LANGUAGE) -> str:
    """What a River tile does, in words (``+2 Food``, ``−1 Healthy Human``)."""
    w = words(lang)
    if not tile.gains.is_empty():
        return "+" + w.gains(tile.gains).replace(", ", ", +")
    losses = [w.say("board.loss", n=n, what=w.resource(k, n)) for k, n in tile.losses.items()]
    return ", ".join(losses) or w.say("word.nothing")
