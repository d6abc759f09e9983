"""The tutor's codes: a lesson file it cannot read (``[lesson]`` of the words'
``errors.toml``)."""

from __future__ import annotations

from enum import StrEnum


class TutorCode(StrEnum):
    """Every kind of lesson data the tutor refuses, as ``section.key`` of ``errors.toml``."""

    LESSON_NO_LANGUAGE = "lesson.no_language"
    LESSON_NO_FILE = "lesson.no_file"
    LESSON_NOT_TOML = "lesson.not_toml"
    LESSON_NOT_TABLE = "lesson.not_table"
    LESSON_UNKNOWN_FIELD = "lesson.unknown_field"
    LESSON_MISSING = "lesson.missing"
    LESSON_FIELD_TYPE = "lesson.field_type"
    LESSON_TEXTS = "lesson.texts"
    LESSON_ONE_OF = "lesson.one_of"
    LESSON_PLACEHOLDER = "lesson.placeholder"
    LESSON_DECKS = "lesson.decks"
    LESSON_PLAY_TO = "lesson.play_to"
    LESSON_CONDITION = "lesson.condition"
    LESSON_BOAT_KEY = "lesson.boat_key"
    LESSON_UNTIL = "lesson.until"
    LESSON_PARTS = "lesson.parts"
    LESSON_ID_FORM = "lesson.id_form"
    LESSON_NO_LESSON = "lesson.no_lesson"
    LESSON_ID = "lesson.id"
    LESSON_NO_STEPS = "lesson.no_steps"
    LESSON_NO_ENTRY = "lesson.no_entry"
    LESSON_ENTRY_TEXT = "lesson.entry_text"
    LESSON_ENTRY_VALUE = "lesson.entry_value"
    LESSON_UNKNOWN_TEST = "lesson.unknown_test"
    LESSON_SETUP = "lesson.setup"
    LESSON_SEAT = "lesson.seat"
    LESSON_GAME_OVER = "lesson.game_over"
    LESSON_MOVE_REFUSED = "lesson.move_refused"
    LESSON_BOAT_SEAT = "lesson.boat_seat"
    LESSON_BOAT_POSITION = "lesson.boat_position"
    LESSON_NOT_REACHED = "lesson.not_reached"
    LESSON_NO_TERM = "lesson.no_term"
    LESSON_GLOSSARY_TERMS = "lesson.glossary_terms"
    LESSON_TERM_TWICE = "lesson.term_twice"
    LESSON_PATTERN = "lesson.pattern"
