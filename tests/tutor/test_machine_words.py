"""Lesson 7's machines are said as a player reads them: what a machine gives and when, in
words, not its data's notation ("if Cost <= 1", "if 3 any")."""

from __future__ import annotations

import re

import pytest

from precog.engine import legal_actions, new_game, reference_components
from precog.engine.actions import ChooseRooms
from precog.session.words import words
from precog.tutor.data import ui_texts
from precog.tutor.preview import preview

NOTATION = re.compile(r"<=|>=|\bif\b|\d+ any\b|\+ other|\+ no Bane|\[\d+ Batter")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_machine_condition_is_said_in_words(lang: str) -> None:
    comps = reference_components()
    said = {words(lang).condition_said(m.condition)
            for room in comps.rooms for advanced in (False, True)
            for m in room.face(advanced)}
    assert len(said) > 5  # the reference set's conditions differ, and so do their words
    for text in said:
        assert not NOTATION.search(text), text
        assert "<" not in text and "=" not in text, text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_rooms_preview_of_the_advanced_setup_reads_without_notation(lang: str) -> None:
    state = new_game(players=3, seed=9, setup="advanced")
    rooms = next(a for a in legal_actions(state) if isinstance(a, ChooseRooms))
    lines = preview(state, state.to_move, rooms, ui_texts(lang))
    assert len(lines) == 2
    for line in lines:
        assert not NOTATION.search(line), line
        condition = words(lang).condition_said(
            state.components.room_by_id[rooms.rooms[0]].face(True)[0].condition)
        assert condition in lines[0]
