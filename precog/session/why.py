"""Why each choice ranks where it does, in the reader's language.

:mod:`precog.analysis.choices.reasons` finds the reasons as data; this says them with ``[why]`` of
``precog/data/words/<lang>/app.toml``. Cards are marked (:func:`precog.session.lines.mark`):
:func:`reason_text` names them, a renderer may draw them.

>>> from precog.analysis.choices.reasons import Reason
>>> reason_text(Reason("feeding", (("food", 3.0), ("healthy", 5.0), ("round", 8),
...                                ("short", 2.0)), 1.0))
'Food for the Island of round 8: 3 Food for 5 Healthy Humans, 2 short.'
"""

from __future__ import annotations

from typing import Any

from precog.analysis.choices.reasons import Reason
from precog.engine import GameState
from precog.session.lines import mark, named
from precog.session.words import DEFAULT_LANGUAGE, words

__all__ = ["differences_text", "reason_marked", "reason_text", "reasons_text", "versus_text"]


def number(x: float, lang: str = DEFAULT_LANGUAGE) -> str:
    """An expected amount: whole when it is, else with one decimal (in ``lang``'s writing)."""
    return str(round(x)) if abs(x - round(x)) < 0.05 else words(lang).number(x, ".1f")


KIND = {"batteries": "battery", "doctors": "doctor", "protectors": "protector"}


def _amount(lang: str, kind: str, n: float) -> str:
    w = words(lang)
    kind = KIND.get(kind, kind)
    whole = abs(n - round(n)) < 0.05
    return f"{number(n, lang)} {w.resource(kind, round(abs(n)) if whole else 2)}"


def _signed(lang: str, kind: str, n: float) -> str:
    sign = "+" if n > 0 else "−"
    return sign + _amount(lang, kind, abs(n))


def differences_text(diffs: tuple[tuple[str, float], ...] | list[tuple[str, float]],
                     lang: str = DEFAULT_LANGUAGE) -> str:
    """Where the seat ends the round against another choice, resource by resource
    (``+2 Food, −1 Healthy Human``): the end of every comparison sentence."""
    return ", ".join(_signed(lang, k, d) for k, d in diffs)


def versus_text(why: tuple[tuple[str, float], ...], option: str,
                lang: str = DEFAULT_LANGUAGE) -> str:
    """Where the seat ends the round, against after ``option`` (``why``: the resources'
    differences, as :func:`precog.analysis.game_review.review_actions.round_end_differences` finds
    them): the comparison sentence of a decision other than Keep/Give, in the review and in
    Play's hint."""
    return words(lang).say("review_page.why_versus_option", option=option,
                           diffs=differences_text(why, lang))


def reason_marked(reason: Reason, lang: str = DEFAULT_LANGUAGE,
                  state: GameState | None = None, seat: int = 0) -> str:
    """One reason as a sentence, its cards marked."""
    say = words(lang).say
    v: dict[str, Any] = dict(reason.values)
    code = reason.code
    if code == "versus":
        return say("why.versus", keep=mark(v["other"].keep), give=mark(v["other"].give),
                   diffs=differences_text(v["diffs"], lang))
    if code == "feeding":
        key = "why.feeding_short" if v["short"] > 0 else "why.feeding_enough"
        return say(key, round=v["round"], food=_amount(lang, "food", v["food"]),
                   healthy=_amount(lang, "healthy", v["healthy"]), short=number(v["short"], lang))
    if code == "bane":
        key = "why.bane_open" if v["uncovered"] > 0 else "why.bane_covered"
        return say(key, bane=number(v["bane"], lang),
                   protectors=_amount(lang, "protector", v["protectors"]),
                   uncovered=number(v["uncovered"], lang))
    if code == "comes_back":
        chance = words(lang).number(v["chance"], ".0%")
        return say("why.comes_back", card=mark(v["card"]), chance=chance)
    if code == "helps_left":
        key = "why.helps_left" if v["worth"] > 0 else "why.spares_left"
        left = say("why.left") if v["left"] is None else say("why.seat", seat=v["left"])
        worth = words(lang).number(abs(v["worth"]), ".2f")
        return say(key, card=mark(v["card"]), worth=worth, left=left)
    return say("why.alone")


def reason_text(reason: Reason, lang: str = DEFAULT_LANGUAGE, state: GameState | None = None,
                seat: int = 0) -> str:
    """One reason as a sentence (cards by name when ``state`` is given)."""
    return named(reason_marked(reason, lang, state, seat), state, lang)


def reasons_text(reasons: tuple[Reason, ...], lang: str = DEFAULT_LANGUAGE,
                 state: GameState | None = None, seat: int = 0) -> str:
    return " ".join(reason_text(r, lang, state, seat) for r in reasons)
