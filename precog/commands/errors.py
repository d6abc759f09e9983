"""The command line's error and codes: bad input to ``precog``, its benchmarks and its scripts
(``[usage]`` of the words' ``errors.toml``)."""

from __future__ import annotations

from enum import StrEnum

from precog.engine.errors import PrecogError


class UsageCode(StrEnum):
    """Every kind of bad command-line input, as ``usage.key`` of the words' ``errors.toml``."""

    SEAT = "usage.seat"
    RANGE = "usage.range"
    BUDGET = "usage.budget"
    ABOUT = "usage.about"
    GAMES = "usage.games"
    GAMES_SEEDS = "usage.games_seeds"
    SEED_ENDED = "usage.seed_ended"
    BOTS = "usage.bots"
    BOTS_SEATS = "usage.bots_seats"
    NOT_POSITION = "usage.not_position"
    POSITION_FILE = "usage.position_file"
    ROOT = "usage.root"
    BASE_URL = "usage.base_url"
    STDIN = "usage.stdin"
    FILE = "usage.file"
    AT_LEAST_ONE = "usage.at_least_one"
    SECONDS = "usage.seconds"
    POSITIVE_SECONDS = "usage.positive_seconds"
    WHOLE_NUMBER = "usage.whole_number"
    SEED = "usage.seed"
    EXPECTED_INPUT = "usage.expected_input"
    OUTPUT = "usage.output"
    NOT_A_GAME = "usage.not_a_game"
    GAME_FILES = "usage.game_files"
    BUDGET_AT_MOST = "usage.budget_at_most"
    SEAT_IN = "usage.seat_in"
    REFERENCE_ONLY = "usage.reference_only"
    # -- the benchmarks' and scripts' arguments (precog.commands.tool_parser)
    ARGUMENT = "usage.argument"
    COMMAND_LINE = "usage.command_line"
    NUMBER = "usage.number"
    NUMBER_AT_MOST = "usage.number_at_most"
    COUNT = "usage.count"
    NO_FILE = "usage.no_file"
    PART = "usage.part"
    ONLY_WITH = "usage.only_with"
    LIST_OF = "usage.list_of"
    NAMES = "usage.names"
    NEEDS = "usage.needs"
    ZERO_OR_COUNT = "usage.zero_or_count"
    CONFIG = "usage.config"
    ONE_OF_OPTIONS = "usage.one_of_options"
    # -- the decision benchmarks' reference file and suite
    REFERENCE_MISSING = "usage.reference_missing"
    REFERENCE_COMPONENTS = "usage.reference_components"
    REFERENCE_POSITIONS = "usage.reference_positions"
    REFERENCE_STALE = "usage.reference_stale"
    UNKNOWN_IDS = "usage.unknown_ids"
    TREE_STOPPED = "usage.tree_stopped"


class UsageError(PrecogError):
    """Bad input to a command; the problem names the input and what was expected."""
