"""Checks of the analysis entry points' arguments: a bad budget, sample count, depth or seed
is refused at once with an :class:`~precog.analysis.basics.errors.AnalysisInputError` naming the
argument and the range expected, so that no request runs without bound.

>>> check_budget(None), check_budget(1.5)
(None, 1.5)
>>> check_count("rollouts", 10**9, 0, 9)
Traceback (most recent call last):
...
precog.analysis.basics.errors.AnalysisInputError: rollouts 1000000000: expected a whole number from
0 to 9
"""

from __future__ import annotations

import math
from numbers import Integral, Real

from precog.analysis.basics.errors import AnalysisCode, AnalysisInputError
from precog.engine.problems import Problem

MAX_ROLLOUTS = 100_000  # rollouts per choice: minutes of work; more is refused
MAX_ROLLOUTS_TIMED = 2_000_000  # with a time budget the count is only a ceiling: some 64 MB
# of draws for a choice still racing there; the decision-quality benchmark's references ask
# 40 times the 1 s of a late position, over a million
MAX_LEAF_ROLLOUTS = 4_096  # rollouts per leaf of a tree (a tree has hundreds of leaves)
MAX_TRAJECTORIES = 10_000  # sampled futures per choice
MAX_WORLDS = 64  # sampled worlds of a tree's second round
MAX_STEP_WORLDS = 1_024  # sampled worlds per option of a step (each keeps its round's end)
MAX_STEP_REPEATS = 64  # playouts of the rest of the game from each of those worlds
MAX_BUDGET_S = 86_400.0  # a day: a longer budget is a typo, not a wish
MODELS = ("uniform", "worst", "bot")


def _shown(value: object) -> str:
    """A refused argument as the message shows it: its ``repr``, at most 40 characters."""
    return repr(value)[:40]


def check_budget(budget_s: object, name: str = "budget_s") -> float | None:
    """None (no time limit) or a finite number of seconds above 0 and at most a day."""
    if budget_s is None:
        return None
    if isinstance(budget_s, bool) or not isinstance(budget_s, Real):
        raise AnalysisInputError(Problem.of(AnalysisCode.BUDGET, name=name,
                                            got=_shown(budget_s), top=int(MAX_BUDGET_S)),
                                 input=budget_s)
    value = float(budget_s)
    if not math.isfinite(value) or not 0 < value <= MAX_BUDGET_S:
        raise AnalysisInputError(Problem.of(AnalysisCode.BUDGET, name=name, got=repr(value),
                                            top=int(MAX_BUDGET_S)), input=budget_s)
    return value


def check_count(name: str, value: object, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` (not a bool, not a float)."""
    if isinstance(value, bool) or not isinstance(value, Integral) \
            or not low <= int(value) <= high:
        raise AnalysisInputError(Problem.of(AnalysisCode.COUNT, name=name, got=_shown(value),
                                            low=low, high=high), input=value)
    return int(value)


def check_depth(depth: object, name: str = "depth_rounds", allow_none: bool = False) -> int | None:
    """1 or 2 rounds of look-ahead (or None for the default, where allowed)."""
    if depth is None and allow_none:
        return None
    if isinstance(depth, bool) or not isinstance(depth, Integral) or depth not in (1, 2):
        raise AnalysisInputError(Problem.of(AnalysisCode.DEPTH, name=name, got=_shown(depth)),
                                 input=depth)
    return int(depth)


def check_seed(seed: object) -> int:
    """Any whole number that fits in 64 bits (seeds may be negative)."""
    return check_count("seed", seed, -(1 << 63), (1 << 63) - 1)


def check_model(model: object) -> str:
    if model not in MODELS:
        raise AnalysisInputError(Problem.of(AnalysisCode.ONE_OF, name="model",
                                            got=_shown(model), known=MODELS), input=model)
    return str(model)


def check_player(player: object, players: int) -> int:
    """One of the game's seats."""
    if isinstance(player, bool) or not isinstance(player, Integral) \
            or not 0 <= int(player) < players:
        raise AnalysisInputError(Problem.of(AnalysisCode.PLAYER, got=_shown(player),
                                            top=players - 1, n=players), input=player)
    return int(player)


ENGINES = ("auto", "batch", "scalar")


def check_ranking(player: object, players: int, model: object, rollouts: object, seed: object,
                  budget_s: object, depth_rounds: object, engine: object) -> None:
    """The arguments of :func:`~precog.analysis.choices.ranking.rank_options`."""
    check_player(player, players)
    check_model(model)
    budget = check_budget(budget_s)
    check_count("rollouts", rollouts, 0, MAX_ROLLOUTS if budget is None else MAX_ROLLOUTS_TIMED)
    check_seed(seed)
    check_depth(depth_rounds, allow_none=True)
    if engine not in ENGINES:
        raise AnalysisInputError(Problem.of(AnalysisCode.ONE_OF, name="engine",
                                            got=_shown(engine), known=ENGINES), input=engine)
