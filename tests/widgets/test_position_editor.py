"""The what-if editor names cards and River tiles as the board does, in the reader's language."""

from __future__ import annotations

import pytest

from precog.engine import new_game
from precog.session.names import component_name
from precog.widgets.editor import PositionEditor


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_editor_lists_cards_and_river_tiles_by_their_names(lang: str) -> None:
    state = new_game(players=3, seed=1)
    editor = PositionEditor(state, 0, lang=lang)
    assert editor.card_inputs and editor.river_inputs
    for dropdown in editor.card_inputs.values():
        for label, ident in dropdown.options:
            card = state.card(ident)
            assert label.startswith(component_name(card.name, lang) + " · "), label
            assert label.endswith(" · " + ident)  # the copy, last, for a box with two alike
    for dropdown in editor.river_inputs:
        for label, ident in dropdown.options:
            assert not label.startswith(ident), label
