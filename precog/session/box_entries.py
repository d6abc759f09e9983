"""What the box editor's forms hold, and the reading of their text: a card, a River tile and
an Objective as typed (every field text), a checked entry, and the amounts and requirements
written in words (``"human 1, food 2"``, ``"one 4 food, each 1 doctor"``).

>>> parse_amounts("human 1, 2 food", ("human", "food"))
{'human': 1, 'food': 2}
>>> parse_requirements("one 4 food")
[{'resource': 'food', 'amount': 4, 'scope': 'one'}]
"""

from __future__ import annotations

import re
from contextlib import suppress
from dataclasses import dataclass, field, fields
from typing import Any

from precog.engine import DataError
from precog.engine.components import REQUIREMENT_RESOURCES, RESOURCE_GAINS, Card, Losses
from precog.engine.data_loading import MAX_VALUE
from precog.engine.problems import Problem
from precog.session.words import DEFAULT_LANGUAGE, words

GAIN_KEYS = RESOURCE_GAINS  # a card's bonus and a season 1 River tile: Resources only
LOSS_KEYS = tuple(f.name for f in fields(Losses))
_RESOURCE_WORDS = {"food": "kind.food", "doctor": "kind.doctor", "protector": "kind.protector",
                   "ymune": "kind.ymune", "battery": "kind.battery", "humans": "kind.human",
                   "healthy": "box.healthy", "contaminated": "box.contaminated"}


@dataclass
class CardEntry:
    """A card as typed in the form: every field is text (empty: not given)."""

    deck: str
    id: str
    type: str = ""
    season: str = ""
    cost: str = ""
    gain: str = ""
    bonus: str = ""  # "human 1, food 2"
    bane: str = ""
    name: str = ""


@dataclass
class RiverEntry:
    id: str
    season: str = ""
    name: str = ""
    effect: str = ""  # season 1: what it gives; seasons 2-3: what it takes ("food 2")


@dataclass
class ObjectiveEntry:
    """A cooperative Objective as typed: requirements such as ``"one 4 food, each 1 doctor"``
    (who, how many, what), the mitigated side the same way, and the price to mitigate."""

    id: str
    season: str = ""
    full: str = ""
    mitigated: str = ""
    cost: str = ""  # "food 2"


@dataclass
class Checked:
    """A checked entry: the file's table for it, the face to draw, each faulty field's message."""

    table: dict[str, Any] = field(default_factory=dict)
    card: Card | None = None
    errors: dict[str, str] = field(default_factory=dict)
    known: bool = False  # the face is complete (else only its slot is known)


def parse_amounts(text: str, keys: tuple[str, ...], lang: str = DEFAULT_LANGUAGE
                  ) -> dict[str, int]:
    """``"human 1, food 2"`` (or ``"1 human"``; names in English or the page's language) as
    amounts; :class:`ValueError` naming what does not fit."""
    w = words(lang)
    names = {k: k for k in keys}
    for k in keys:
        with suppress(DataError):  # a loss such as "healthy" has no word of its own
            names[w.say(f"kind.{k}").lower()] = k
    out: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in re.split(r"[,;]", text or ""))):
        match = re.fullmatch(r"(\d{1,2})\s+(\S+)|(\S+)\s+(\d{1,2})|(\S+)", part)
        if match is None:
            raise ValueError(part)
        word = (match.group(2) or match.group(3) or match.group(5) or "").lower()
        amount = int(match.group(1) or match.group(4) or 1)
        if word not in names or not 0 <= amount <= MAX_VALUE:
            raise ValueError(part)
        out[names[word]] = out.get(names[word], 0) + amount
    if any(v > MAX_VALUE for v in out.values()):
        raise ValueError(text)
    return {k: v for k, v in out.items() if v}


def parse_requirements(text: str, lang: str = DEFAULT_LANGUAGE) -> list[dict[str, Any]]:
    """``"one 4 food, each 1 doctor"`` as requirements (who, how many, what; words in English
    or the page's language); :class:`ValueError` naming the part that does not fit."""
    w = words(lang)
    scopes = {"one": "one", "each": "each", w.say("box.scope_one").lower(): "one",
              w.say("box.scope_each").lower(): "each"}
    resources = {k: k for k in REQUIREMENT_RESOURCES}
    resources.update({w.say(key).lower(): k for k, key in _RESOURCE_WORDS.items()})
    out = []
    for part in filter(None, (p.strip() for p in re.split(r"[,;]", text or ""))):
        match = re.fullmatch(r"(\S+)\s+(\d{1,2})\s+(\S+)", part)
        if (match is None or match.group(1).lower() not in scopes
                or match.group(3).lower() not in resources or int(match.group(2)) < 1):
            raise ValueError(part)
        out.append({"resource": resources[match.group(3).lower()],
                    "amount": int(match.group(2)), "scope": scopes[match.group(1).lower()]})
    if not out:
        raise ValueError(text or "—")
    return out


def field_of(problem: object) -> str:
    """The field a component data problem names (deepest first), or ""."""
    if not isinstance(problem, Problem):
        return ""
    for value in problem.values.values():
        found = field_of(value)
        if found:
            return found
    field_name = problem.values.get("field")
    return str(field_name).split("[")[0].split(".")[0] if field_name else ""
