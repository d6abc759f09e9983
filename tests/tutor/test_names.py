"""Component names in Russian: every name of the reference set has one; unknown names pass."""

from __future__ import annotations

from precog.engine import legal_actions, new_game, reference_components
from precog.engine.actions import ChooseRooms
from precog.session.names import component_name, component_names
from precog.session.words import action_label
from precog.tutor.data import ui_texts
from precog.tutor.words import card_label


def _reference_names() -> set[str]:
    c = reference_components()
    return ({card.name for card in c.cards.values()} | {room.name for room in c.rooms}
            | {tile.name for tile in (*c.river, *c.islands, *c.coop_river)}
            | set(c.prescients.values()))


def test_every_name_of_the_reference_set_has_a_russian_name() -> None:
    missing = sorted(_reference_names() - set(component_names("ru")))
    assert not missing, "add to precog/data/words/ru/names.toml: " + ", ".join(missing)


def test_russian_names_are_distinct_and_a_name_of_ones_own_box_is_shown_as_written() -> None:
    names = component_names("ru")
    assert len(set(names.values())) == len(names)
    assert component_name("Grandma's raft", "ru") == "Grandma's raft"
    assert component_names("en") == {}


def test_cards_and_room_choices_are_named_in_the_readers_language() -> None:
    state = new_game(players=3, seed=11)
    card = state.card("D07")
    assert component_name(card.name, "ru") in card_label(card, ui_texts("ru"))
    assert card.name in card_label(card, ui_texts("en"))
    advanced = new_game(players=3, seed=9, setup="advanced")
    rooms = next(a for a in legal_actions(advanced) if isinstance(a, ChooseRooms))
    first = advanced.components.room_by_id[rooms.rooms[0]].name
    assert component_name(first, "ru") in action_label(advanced, rooms, "ru")
    assert first in action_label(advanced, rooms, "en")


def test_the_board_names_rooms_tiles_and_cards_in_the_readers_language() -> None:
    from precog.render.board import board_html
    from precog.session.speech import speech

    state = new_game(players=3, seed=11)
    room = state.components.room_by_id[state.players[0].rooms[0]].name
    card = state.card(state.players[0].hand[0]).name
    ru, en = board_html(state, 0, speech=speech("ru")), board_html(state, 0, speech=speech("en"))
    assert component_name(room, "ru") in ru and room not in ru
    assert component_name(card, "ru") in ru and card not in ru
    assert room in en and card in en
