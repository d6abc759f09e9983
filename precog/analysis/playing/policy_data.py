"""The sensible player's weights as data: ``precog/data/policy.toml``, read once and checked.

Both the engine's :class:`~precog.analysis.playing.policy.SensiblePolicy` and the numpy batch
(:mod:`precog.analysis.playouts.batch_policy`) take their Keep/Give weights and softmax temperature
from here, so there is one definition of the playout policy. The ``[fitted]`` table says how the
weights were chosen and on which component set.

>>> shipped_policy_weights().keep > 0
True
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from precog.analysis.basics.errors import AnalysisCode, AnalysisError
from precog.engine.problems import Problem

POLICY_FILE = "policy.toml"
MAX_WEIGHT = 64  # whole-number weights up to this (the softmax table grows with ``keep``)
MAX_TEMPERATURE = 10.0  # Healthy Humans


class PolicyDataError(AnalysisError):
    """``policy.toml`` is not a valid set of sensible-player weights (its code is one of
    ``AnalysisCode.POLICY_*``; the message names the key and the range expected)."""


@dataclass(frozen=True, slots=True)
class Judgement:
    """What the parts of a card or a gain are worth to the seat's own Boat, in whole points
    (4 points are one Healthy Human): the sensible player's judgement constants
    (:mod:`precog.analysis.playing.policy_points`)."""

    food_short: int  # a Food the coming Islands still ask of the Cabins
    food_spare: int  # a Food beyond that
    human_healed: int  # a (Contaminated) Human when the Doctors can heal it
    human: int  # the same without Doctors
    battery_early: int  # a Battery a Machine can take, 6 rounds or more to play
    battery_late: int  # the same, 3 to 5 rounds to play (0 later)
    ymune: int  # a Ymune
    ymune_short: int  # more for a Ymune while the Bane outgrows the Protectors
    heal: int  # a Contaminated Human healed
    cost: int  # a Healthy Human a Cost contaminates beyond the Doctors (before the last round)
    bane: int  # a card's Bane: a Human a round
    bane_rounds: int  # rounds a card's Bane is counted against it

    @staticmethod
    def names() -> tuple[str, ...]:
        return tuple(Judgement.__slots__)  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class PolicyWeights:
    """Keep/Give weights in half points (whole numbers), the softmax temperature (Healthy
    Humans) and the :class:`Judgement` of a card's parts; ``fitted``: how they were chosen."""

    keep: int
    give_rival: int
    give_friend: int
    temperature: float
    judgement: Judgement
    coop_keep: int
    coop_judgement: Judgement
    fitted: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)


def _whole(table: dict[str, Any], key: str, low: int) -> int:
    value = table.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= MAX_WEIGHT:
        raise PolicyDataError(Problem.of(AnalysisCode.POLICY_WHOLE, file=POLICY_FILE, key=key,
                                         got=value, low=low, high=MAX_WEIGHT), input=value)
    return value


def parse_policy_weights(text: str) -> PolicyWeights:
    """The weights in a ``policy.toml`` text; refuses missing keys and values out of range."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise PolicyDataError(Problem.of(AnalysisCode.POLICY_TOML, file=POLICY_FILE,
                                         detail=str(err)[:120])) from None
    table = data.get("keep_give")
    if not isinstance(table, dict):
        raise PolicyDataError(Problem.of(AnalysisCode.POLICY_TABLE, file=POLICY_FILE,
                                         table="keep_give"))
    temperature = table.get("temperature")
    if isinstance(temperature, bool) or not isinstance(temperature, int | float) or not (
            math.isfinite(temperature) and 0 <= temperature <= MAX_TEMPERATURE):
        raise PolicyDataError(Problem.of(AnalysisCode.POLICY_TEMPERATURE, file=POLICY_FILE,
                                         got=temperature, high=MAX_TEMPERATURE),
                              input=temperature)
    judged = data.get("judgement")
    if not isinstance(judged, dict):
        raise PolicyDataError(Problem.of(AnalysisCode.POLICY_TABLE, file=POLICY_FILE,
                                         table="judgement"))
    judgement = Judgement(*(_whole(judged, name, 0) for name in Judgement.names()))
    cooperative = data.get("cooperative")
    if not isinstance(cooperative, dict):
        raise PolicyDataError(Problem.of(AnalysisCode.POLICY_TABLE, file=POLICY_FILE,
                                         table="cooperative"))
    coop_judgement = Judgement(*(_whole(cooperative, name, 0) for name in Judgement.names()))
    fitted = data.get("fitted", {})
    return PolicyWeights(_whole(table, "keep", 1), _whole(table, "give_rival", 0),
                         _whole(table, "give_friend", 0), float(temperature), judgement,
                         _whole(cooperative, "keep", 1), coop_judgement,
                         dict(fitted) if isinstance(fitted, dict) else {})


@cache
def shipped_policy_weights() -> PolicyWeights:
    """The weights shipped in ``precog/data/policy.toml``."""
    text = (resources.files("precog") / "data" / POLICY_FILE).read_text(encoding="utf-8")
    return parse_policy_weights(text)
