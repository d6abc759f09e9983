"""What was wrong with an input: a code from a closed set and its values, never a sentence.

Every :class:`~precog.engine.errors.PrecogError` carries a :class:`Problem` (``err.problem``).
Its words live in ``precog/data/words/<lang>/errors.toml``: the code ``data.field`` is the
template ``field`` under ``[data]``. ``str(err)`` is the English sentence;
:func:`precog.engine.wording.error_text` renders it in any language. A value may itself be a
:class:`Problem` (an expected form, the place in a file, a "got" that is not the input itself),
rendered in the same language; input (ids, texts, numbers) is shown as it was given.

Each layer declares its own codes: :class:`ErrorCode` here the engine's (data files, positions,
views, actions, options, boxes); :class:`precog.analysis.basics.errors.AnalysisCode`,
:class:`precog.session.errors.SessionCode`, :class:`precog.tutor.errors.TutorCode`,
:class:`precog.serve.ServeCode` and :class:`precog.commands.errors.UsageCode` those of the layers
above. Any of them goes into a :class:`Problem`, so the engine's :class:`PrecogError` carries
every layer's code. To add an error: add a member to its layer's code (``section.key``), raise
``SomeError(Problem.of(TheCode.X, name=value))`` and write the template under ``[section]`` in
every language's ``errors.toml`` (``tests/test_error_codes.py`` fails while one is missing or
names other values).

>>> from precog.engine.errors import DataError
>>> from precog.engine.wording import error_text
>>> err = DataError(Problem.of(ErrorCode.DATA_NO_SHIPPED, key="deck:Q", shipped=("rooms",)))
>>> err.problem.code, str(err)
(<ErrorCode.DATA_NO_SHIPPED: 'data.no_shipped'>, "no shipped file for 'deck:Q' (shipped: rooms)")
>>> error_text(err, "ru")
"нет встроенного файла для 'deck:Q' (встроены: rooms)"
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class ErrorCode(StrEnum):
    """Every kind of bad input the engine names, as ``section.key`` of ``errors.toml``."""

    # -- a few words used inside other messages
    GOT_MISSING = "got.missing"
    GOT_IN_SEASON = "got.in_season"
    GOT_CARDS = "got.cards"
    GOT_MACHINES = "got.machines"
    GOT_ROOMS = "got.rooms"
    GOT_USED = "got.used"
    GOT_COUNTS = "got.counts"
    GOT_DID_YOU_MEAN = "got.did_you_mean"
    OS_NO_SUCH_FILE = "got.no_such_file"
    OS_PERMISSION = "got.permission"
    OS_OTHER = "got.os_other"
    OS_NO_SPACE = "got.no_space"
    # -- reading a file (files.py)
    FILE_UNREADABLE = "file.unreadable"
    FILE_NOT_REGULAR = "file.not_regular"
    FILE_TOO_BIG = "file.too_big"
    FILE_GREW = "file.grew"
    # -- component data (data_loading.py, machines.py, wording.py)
    DATA_AT_FILE = "data.at_file"
    DATA_TEXT_LABEL = "data.text_label"
    DATA_AT_ENTRY = "data.at_entry"
    DATA_BAD_FIELD = "data.bad_field"
    DATA_NOT_TABLE = "data.not_table"
    DATA_ENTRY_NOT_TABLE = "data.entry_not_table"
    DATA_UNKNOWN_FIELD = "data.unknown_field"
    DATA_UNKNOWN_RESOURCE = "data.unknown_resource"
    DATA_BONUS_NOT_RESOURCE = "data.bonus_not_resource"
    DATA_RIVER_NOT_RESOURCE = "data.river_not_resource"
    DATA_CONDITION = "data.condition"
    DATA_TOO_BIG = "data.too_big"
    DATA_NO_SHIPPED = "data.no_shipped"
    DATA_UNKNOWN_FAMILY = "data.unknown_family"
    DATA_SHIPPED_UNREADABLE = "data.shipped_unreadable"
    DATA_NOT_UTF8 = "data.not_utf8"
    DATA_NOT_TOML = "data.not_toml"
    DATA_NO_LANGUAGE = "data.no_language"
    DATA_NO_WORDS_FILE = "data.no_words_file"
    DATA_NO_WORD = "data.no_word"
    DATA_WORD_NOT_TEXT = "data.word_not_text"
    DATA_WORD_VALUE = "data.word_value"
    DATA_NO_LABEL = "data.no_label"
    DATA_CONDITION_FORM = "data.condition_form"
    DATA_CONDITION_SCOPE = "data.condition_scope"
    DATA_CONDITION_TEST = "data.condition_test"
    DATA_CONDITION_RECEIVED = "data.condition_received"
    # -- places in a component file
    ENTRY_NUMBER = "entry.number"
    ENTRY_ID = "entry.id"
    ENTRY_SEASON = "entry.season"
    ENTRY_MACHINE = "entry.machine"
    # -- what a component file holds (names of tables and entries)
    NOUN_CARD = "noun.card"
    NOUN_ROOM = "noun.room"
    NOUN_RIVER_TILE = "noun.river_tile"
    NOUN_ISLAND_TILE = "noun.island_tile"
    NOUN_COOP_TILE = "noun.coop_river_tile"
    NOUN_OBJECTIVE = "noun.objective"
    NOUN_DISTRIBUTION_FILE = "noun.distribution_file"
    NOUN_SEASON_TABLES = "noun.season_tables"
    NOUN_CARD_COUNTS = "noun.card_counts"
    NOUN_DECK_FILE = "noun.deck_file"
    NOUN_ROOMS_FILE = "noun.rooms_file"
    NOUN_RIVER_FILE = "noun.river_file"
    NOUN_OBJECTIVES_FILE = "noun.objectives_file"
    NOUN_EXPEDITION_CARD = "noun.expedition_card"
    NOUN_ROOM_TILE = "noun.room_tile"
    NOUN_OBJECTIVE_TILE = "noun.objective_tile"
    NOUN_MACHINE = "noun.machine"
    NOUN_REQUIREMENT = "noun.requirement"
    # -- what a field of a component file should be
    EXPECT_INT = "expect.int"
    EXPECT_INT_OR_X = "expect.int_or_x"
    EXPECT_AMOUNTS = "expect.amounts"
    EXPECT_SOME_AMOUNTS = "expect.some_amounts"
    EXPECT_ARRAY = "expect.array"
    EXPECT_PER_SEASON = "expect.per_season"
    EXPECT_CARD_COUNTS = "expect.card_counts"
    EXPECT_CARD_COUNTS_SUM = "expect.card_counts_sum"
    EXPECT_CARD_ID = "expect.card_id"
    EXPECT_ONE_OF = "expect.one_of"
    EXPECT_NO_BANE = "expect.no_bane"
    EXPECT_DECK_CODE = "expect.deck_code"
    EXPECT_THIS_DECK = "expect.this_deck"
    EXPECT_PRESCIENT = "expect.prescient"
    EXPECT_CARD_TOTAL = "expect.card_total"
    EXPECT_DISTRIBUTION = "expect.distribution"
    EXPECT_CONDITION = "expect.condition"
    EXPECT_LINE_SCOPE = "expect.line_scope"
    EXPECT_FACE_SCOPE = "expect.face_scope"
    EXPECT_STANDARD = "expect.standard"
    EXPECT_STANDARD_EFFECT = "expect.standard_effect"
    EXPECT_THREE_MACHINES = "expect.three_machines"
    EXPECT_THREE_CONDITIONS = "expect.three_conditions"
    EXPECT_ROOM_COUNT = "expect.room_count"
    EXPECT_ID = "expect.id"
    EXPECT_ROOM_NAME = "expect.room_name"
    EXPECT_TILE_NAME = "expect.tile_name"
    EXPECT_TEXT = "expect.text"
    EXPECT_OTHER_FACE = "expect.other_face"
    EXPECT_ABSENT = "expect.absent"
    EXPECT_REQUIREMENTS = "expect.requirements"
    EXPECT_SCOPE = "expect.scope"
    EXPECT_EASIER = "expect.easier"
    EXPECT_UNIQUE = "expect.unique"
    # -- [check]
    CHECK_CONFIG = "check.config"
    CHECK_BOATS = "check.boats"
    CHECK_ROUND = "check.round"
    CHECK_STEP_PHASE = "check.step_phase"
    CHECK_SETUP_ROUND = "check.setup_round"
    CHECK_OVER = "check.over"
    CHECK_OUTCOME_EARLY = "check.outcome_early"
    CHECK_TO_MOVE = "check.to_move"
    CHECK_PENDING_STEP = "check.pending_step"
    CHECK_PENDING_SOURCE = "check.pending_source"
    CHECK_PENDING_EMPTY = "check.pending_empty"
    CHECK_PENDING_ELSEWHERE = "check.pending_elsewhere"
    CHECK_COOP_STEP = "check.coop_step"
    CHECK_PASSES = "check.passes"
    CHECK_TEAM_WINDOW = "check.team_window"
    CHECK_BOAT_FIELD = "check.boat_field"
    CHECK_BANE = "check.bane"
    CHECK_ROOMS = "check.rooms"
    CHECK_ROOM_UNKNOWN = "check.room_unknown"
    CHECK_BATTERIES_COUNT = "check.batteries_count"
    CHECK_BATTERIES = "check.batteries"
    CHECK_GAINS = "check.gains"
    CHECK_WINNERS = "check.winners"
    CHECK_SCORES = "check.scores"
    CHECK_ZONE = "check.zone"
    CHECK_GAVE_PHASE = "check.gave_phase"
    CHECK_ACTIVATED = "check.activated"
    CHECK_CARDS = "check.cards"
    CHECK_GAVE = "check.gave"
    CHECK_DECK_FOREIGN = "check.deck_foreign"
    CHECK_DECK_ORDER = "check.deck_order"
    CHECK_RIVER_COUNT = "check.river_count"
    CHECK_RIVER_ISLAND = "check.river_island"
    CHECK_RIVER_TILE = "check.river_tile"
    CHECK_RIVER_TWICE = "check.river_twice"
    CHECK_OBJECTIVES_COOP = "check.objectives_coop"
    CHECK_OBJECTIVE_STACKS = "check.objective_stacks"
    CHECK_OBJECTIVE_TWICE = "check.objective_twice"
    CHECK_OBJECTIVE_UNKNOWN = "check.objective_unknown"
    CHECK_OBJECTIVE_SEASON = "check.objective_season"
    CHECK_OBJECTIVE_STACK = "check.objective_stack"
    CHECK_OBJECTIVE_EARLY = "check.objective_early"
    CHECK_CHOICES_COUNT = "check.choices_count"
    CHECK_CHOICES_WHEN = "check.choices_when"
    CHECK_CHOICES_TO_MOVE = "check.choices_to_move"
    CHECK_CHOICE_KIND = "check.choice_kind"
    CHECK_CHOICE_ILLEGAL = "check.choice_illegal"
    CHECK_INCONSISTENT = "check.inconsistent"
    CHECK_NO_MOVE = "check.no_move"
    CHECK_WHAT_OFFER = "check.what_offer"
    CHECK_WHAT_CARDS = "check.what_cards"
    CHECK_WHAT_ROUND = "check.what_round"
    # -- [position]
    POSITION_STRING_TYPE = "position.string_type"
    POSITION_STRING_LONG = "position.string_long"
    POSITION_STRING_FORM = "position.string_form"
    POSITION_BASE64 = "position.base64"
    POSITION_CHECK = "position.check"
    POSITION_UNPACKS_BIG = "position.unpacks_big"
    POSITION_UNPACK = "position.unpack"
    POSITION_JSON_LONG = "position.json_long"
    POSITION_JSON_DEEP = "position.json_deep"
    POSITION_JSON_INVALID = "position.json_invalid"
    POSITION_JSON_UNREADABLE = "position.json_unreadable"
    POSITION_ABOUT = "position.about"
    POSITION_STRING_DATA = "position.string_data"
    # -- [view] a view string (view.py): one seat's observation, packed like a position string
    VIEW_STRING_TYPE = "view.string_type"
    VIEW_STRING_LONG = "view.string_long"
    VIEW_STRING_FORM = "view.string_form"
    VIEW_BASE64 = "view.base64"
    VIEW_CHECK = "view.check"
    VIEW_UNPACKS_BIG = "view.unpacks_big"
    VIEW_UNPACK = "view.unpack"
    VIEW_STRING_DATA = "view.string_data"
    VIEW_ABOUT = "view.about"
    VIEW_SEAT = "view.seat"
    VIEW_FINISHED = "view.finished"
    VIEW_FORMAT = "view.format"
    VIEW_OTHER_BOX = "view.other_box"
    VIEW_SEATS = "view.seats"
    VIEW_DECKS = "view.decks"
    VIEW_SEAT_ORDER = "view.seat_order"
    VIEW_DECK_SEASONS = "view.deck_seasons"
    VIEW_DECK_UNKNOWN = "view.deck_unknown"
    VIEW_HIDDEN_CARDS = "view.hidden_cards"
    VIEW_RIVER_LEFT = "view.river_left"
    VIEW_OBJECTIVES_LEFT = "view.objectives_left"
    POSITION_JSON_POSITION = "position.json_position"
    POSITION_FORMAT = "position.format"
    POSITION_COMPONENTS = "position.components"
    POSITION_OBJECTIVE_PAIR = "position.objective_pair"
    POSITION_UNKNOWN_RESOURCE = "position.unknown_resource"
    POSITION_NOT_OBJECT = "position.not_object"
    POSITION_FIELD_TYPE = "position.field_type"
    POSITION_FIELD_NUMBER = "position.field_number"
    POSITION_FIELD_TEXT = "position.field_text"
    POSITION_FIELD_LIST = "position.field_list"
    POSITION_MISSING = "position.missing"
    POSITION_ONE_OF = "position.one_of"
    POSITION_OUTCOME_VALUE = "position.outcome_value"
    POSITION_BIG_NUMBER = "position.big_number"
    POSITION_SIZED = "position.sized"
    POSITION_LONG_TEXT = "position.long_text"
    POSITION_GAME_FORMAT = "position.game_format"
    POSITION_GAME_ACTIONS = "position.game_actions"
    POSITION_GAME_LONG = "position.game_long"
    POSITION_GAME_ACTION = "position.game_action"
    POSITION_READ_TYPE = "position.read_type"
    POSITION_READ_LONG = "position.read_long"
    POSITION_READ_UTF8 = "position.read_utf8"
    POSITION_READ_EMPTY = "position.read_empty"
    POSITION_READ_OTHER = "position.read_other"
    POSITION_EXPECTED = "position.expected"
    # -- [action]
    ACTION_ILLEGAL = "action.illegal"
    ACTION_NOTATION = "action.notation"
    ACTION_TEXT_TYPE = "action.text_type"
    ACTION_TEXT_LONG = "action.text_long"
    ACTION_UNREADABLE = "action.unreadable"
    # -- [option]
    OPTION_PLAYERS = "option.players"
    OPTION_MODE = "option.mode"
    OPTION_SETUP = "option.setup"
    OPTION_DIFFICULTY = "option.difficulty"
    OPTION_DIFFICULTY_COOP = "option.difficulty_coop"
    OPTION_TEAM = "option.team"
    OPTION_DECKS = "option.decks"
    OPTION_DECK_UNKNOWN = "option.deck_unknown"
    OPTION_ROOMS_TEXT = "option.rooms_text"
    OPTION_ROOMS_SEATS = "option.rooms_seats"
    OPTION_ROOMS_SHAPE = "option.rooms_shape"
    OPTION_ROOMS_SEAT = "option.rooms_seat"
    OPTION_ROOM_UNKNOWN = "option.room_unknown"
    OPTION_ROOM_TWICE = "option.room_twice"
    # -- [box] a box file (box.py) and [faces] a world's faces (faces.py)
    BOX_FORMAT = "box.format"
    BOX_FILE = "box.file"
    BOX_DECK = "box.deck"
    BOX_DECK_NOUN = "box.deck_noun"
    BOX_DECK_ONCE = "box.deck_once"
    BOX_AT_MOST = "box.at_most"
    BOX_ENTRIES = "box.entries"
    BOX_SEASON = "box.season"
    BOX_KIND_LIMIT = "box.kind_limit"
    BOX_CARD_OF_KIND = "box.card_of_kind"
    BOX_BOTH = "box.both"
    BOX_IDS_LEFT = "box.ids_left"
    BOX_EVERY_ID = "box.every_id"
    BOX_ROOM_ID = "box.room_id"
    BOX_TILES_PER_SEASON = "box.tiles_per_season"
    BOX_TILE_OF_SEASON = "box.tile_of_season"
    BOX_UNIQUE = "box.unique"
    BOX_CARD_SLOT = "box.card_slot"
    BOX_TILE_SLOT = "box.tile_slot"
    FACES_NO_PRIOR = "faces.no_prior"
    FACES_NOT_TABLE = "faces.not_table"
    FACES_NOT_UNKNOWN = "faces.not_unknown"
    FACES_ON_TABLE = "faces.on_table"
    FACES_NUMBER = "faces.number"
    FACES_AMOUNTS = "faces.amounts"
    FACES_ENTRY = "faces.entry"
    FACES_NAME = "faces.name"
    FACES_OBJECTIVE = "faces.objective"


@dataclass(frozen=True, slots=True)
class Problem:
    """A problem: its ``code`` and the values its sentence names, as ``(name, value)`` pairs."""

    code: StrEnum  # an ErrorCode, or a code of a higher layer (AnalysisCode, SessionCode...)
    params: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, code: StrEnum, /, **params: object) -> Problem:
        return cls(code, tuple(params.items()))

    @property
    def values(self) -> dict[str, object]:
        return dict(self.params)

    def __str__(self) -> str:
        from precog.engine.wording import render_problem  # display hook: rendered on demand
        return render_problem(self)
