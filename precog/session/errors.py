"""The session layer's codes: a saved table, a line typed for a seat, a session that ended,
a names file, a job in the background that failed (``[session]`` and ``[table]`` of the words'
``errors.toml``)."""

from __future__ import annotations

from enum import StrEnum


class SessionCode(StrEnum):
    """Every kind of input the session layer refuses, as ``section.key`` of ``errors.toml``."""

    ENDED_EARLY = "session.ended_early"
    NAMES_MAP = "session.names_map"
    NOT_TO_MOVE = "session.not_to_move"
    NOT_A_GAME = "session.not_a_game"
    BOX_WRITE = "session.box_write"
    JOB_FAILED = "session.job_failed"  # a job in the background ended on a bug, named
    TABLE_OVER = "table.over"
    TABLE_NOT_HUMAN = "table.not_human"
    TABLE_NO_GAME = "table.no_game"
    TABLE_NOT_YOUR_TURN = "table.not_your_turn"
    TABLE_FILE = "table.file"
    TABLE_NOT_UTF8 = "table.not_utf8"
    TABLE_TOO_LONG = "table.too_long"
    TABLE_DAMAGED = "table.damaged"
    TABLE_NOT_JSON = "table.not_json"
    TABLE_TOO_DEEP = "table.too_deep"
    TABLE_SURROGATE = "table.surrogate"
    TABLE_NO_FORMAT = "table.no_format"
    TABLE_SEATS = "table.seats"
    TABLE_BOX = "table.box"
    TABLE_BOX_FIELDS = "table.box_fields"
    TABLE_BOX_LARGE = "table.box_large"
    TABLE_BOX_OTHER = "table.box_other"
    TABLE_BOX_MISSING = "table.box_missing"
    TABLE_DEFAULT_ENDED = "table.default_ended"
    TABLE_LINE = "table.line"
    TABLE_LINE_LONG = "table.line_long"
    TABLE_LINE_KEY = "table.line_key"
    TABLE_LINE_AMBIGUOUS = "table.line_ambiguous"
    TABLE_LINE_COUNT = "table.line_count"
    TABLE_LINE_NO_CARD = "table.line_no_card"
    TABLE_LINE_NO_ROOM = "table.line_no_room"
    TABLE_LINE_NO_PRESCIENT = "table.line_no_prescient"
    TABLE_LINE_MARK = "table.line_mark"
    TABLE_LINE_BOAT = "table.line_boat"
    TABLE_LINE_BATTERIES = "table.line_batteries"
    TABLE_LINE_CLOSE = "table.line_close"
