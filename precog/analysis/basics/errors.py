"""The analysis layer's error and codes: a position or request it cannot work on."""

from __future__ import annotations

from enum import StrEnum

from precog.engine import PrecogError


class AnalysisCode(StrEnum):
    """Every kind of input the analysis refuses, as ``section.key`` of the words'
    ``errors.toml`` (``[analysis]``, ``[fit]`` for an evaluation fit, ``[policy]`` for the
    sensible player's weights)."""

    SEAT = "analysis.seat"
    PHASE = "analysis.phase"
    CHOSEN = "analysis.chosen"
    CHOICES = "analysis.choices"
    HUMAN_SEAT = "analysis.human_seat"
    FIT_TOML = "fit.toml"
    FIT_FIELD = "fit.field"
    FIT_FEATURES = "fit.features"
    FIT_NUMBERS = "fit.numbers"
    FIT_RESIDUAL = "fit.residual"
    FIT_OTHER_BOX = "fit.other_box"
    SCHEDULER_ADDRESS = "analysis.scheduler_address"
    NO_SCHEDULER = "analysis.no_scheduler"
    NO_DISTRIBUTED = "analysis.no_distributed"
    NOT_DASK = "analysis.not_dask"
    SILENT = "analysis.silent"
    CORES = "analysis.cores"
    BUDGET = "analysis.budget"
    COUNT = "analysis.count"
    DEPTH = "analysis.depth"
    ONE_OF = "analysis.one_of"
    PLAYER = "analysis.player"
    NEEDS_OPENSPIEL = "analysis.needs_openspiel"
    BOTS_COUNT = "analysis.bots_count"
    NO_BOTS = "analysis.no_bots"
    REVIEW_SEAT = "analysis.review_seat"
    REVIEW_BUDGET = "analysis.review_budget"
    CANNOT_GIVE = "analysis.cannot_give"
    NOT_A_CHOICE = "analysis.not_a_choice"
    TILE_REVEALED = "analysis.tile_revealed"
    STEP_PHASE = "analysis.step_phase"
    STEP_NOT_TO_MOVE = "analysis.step_not_to_move"
    BATCH_STARTS = "analysis.batch_starts"
    UNIFORM_WIDTH = "analysis.uniform_width"
    # -- a bot that broke its contract (a bug, reported with its code all the same)
    PLAYER_ILLEGAL = "analysis.player_illegal"
    BEST_NOT_LEGAL = "analysis.best_not_legal"
    NEEDS_SAMPLER = "analysis.needs_sampler"
    NOT_KEEP_GIVE = "analysis.not_keep_give"
    PLAYED_NOT_RANKED = "analysis.played_not_ranked"
    # -- the shipped sensible player's weights (``precog/data/policy.toml``)
    POLICY_TOML = "policy.toml"
    POLICY_TABLE = "policy.table"
    POLICY_WHOLE = "policy.whole"
    POLICY_TEMPERATURE = "policy.temperature"


class AnalysisError(PrecogError):
    """A position or request the analysis cannot work on (the message says why)."""


class AnalysisInputError(AnalysisError):
    """A bad argument to an analysis entry point (a budget, a sample count, a depth): the
    message names the argument and the range expected (see :mod:`precog.analysis.basics.checks`)."""
