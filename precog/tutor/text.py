"""Lesson text: rule-number placeholders, a small markup, and the bare-number check.

Lesson text is plain text with three kinds of mark:

* placeholders ``{BANE_MAX}``, ``{REVEAL_COST[2]}``, ``{FEEDING_ROUNDS:list}`` (see
  :mod:`precog.tutor.numbers`); ``{{`` and ``}}`` print braces;
* ``**bold**`` and ``*italic*``;
* paragraphs separated by a blank line, and list items on lines starting with ``- ``.

>>> fill("Bane never goes above {BANE_MAX}.", {"BANE_MAX": 12})
'Bane never goes above 12.'
>>> fill("Islands end rounds {R:list}.", {"R": (4, 8, 12)})
'Islands end rounds 4, 8 and 12.'
>>> to_html("**Keep** one card.")
'<p><b>Keep</b> one card.</p>'
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any


class RuleFormatter(string.Formatter):
    """``str.format`` with two more specs: ``list`` joins a sequence (``4, 8 and 12``) and
    ``pl:one|many`` picks a word by the number (``{n:pl:Human|Humans}``)."""

    def __init__(self, and_word: str = "and") -> None:
        self.and_word = and_word

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec.startswith("pl:"):
            one, _, many = format_spec[3:].partition("|")
            return one if value == 1 else many
        if format_spec == "list":
            items = [str(v) for v in (value.values() if isinstance(value, Mapping) else value)]
            if len(items) < 2:
                return "".join(items)
            return f"{', '.join(items[:-1])} {self.and_word} {items[-1]}"
        return str(super().format_field(value, format_spec))


def fill(text: str, values: Mapping[str, Any], and_word: str = "and") -> str:
    """``text`` with its placeholders replaced; raises KeyError/IndexError for unknown ones."""
    return RuleFormatter(and_word).vformat(text, (), values)


def placeholders(text: str) -> list[str]:
    """The placeholder fields of ``text`` (``REVEAL_COST[2]``), in order."""
    return [field for _, field, _, _ in string.Formatter().parse(text) if field]


def strip_placeholders(text: str) -> str:
    """``text`` with every placeholder removed (what a reader typed by hand)."""
    return "".join(literal for literal, _, _, _ in string.Formatter().parse(text))


# -- markup ------------------------------------------------------------------------------

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")


def _inline(text: str) -> str:
    text = escape(text, quote=False)
    text = _BOLD.sub(r"<b>\1</b>", text)
    return _ITALIC.sub(r"<i>\1</i>", text)


def inline_html(text: str) -> str:
    """One line of lesson text as inline HTML (bold, italic, escaped; no paragraph)."""
    return _inline(" ".join(text.split()))


def to_html(text: str) -> str:
    """Paragraphs, ``- `` lists, bold and italic, with everything else escaped."""
    blocks = [b for b in re.split(r"\n\s*\n", text.strip()) if b.strip()]
    out = []
    for block in blocks:
        lines = [line.strip() for line in block.strip().splitlines()]
        if all(line.startswith("- ") for line in lines):
            items = "".join(f"<li>{_inline(line[2:])}</li>" for line in lines)
            out.append(f"<ul>{items}</ul>")
        else:
            out.append(f"<p>{_inline(' '.join(lines))}</p>")
    return "".join(out)


# -- the bare-number check -----------------------------------------------------------------

NUMBER_WORDS = ("three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve", "thirty", "forty", "forty-five", "sixty")
# Words after which a number is a name, not a rule claim: "lesson 2", "line 1", "seat 0".
NAME_WORDS = ("lesson", "lessons", "line", "lines", "seat", "seats", "season", "step",
              "stage", "part", "m", "room", "tile", "or")
_NUMBER = re.compile(r"\b(\d+|" + "|".join(NUMBER_WORDS) + r")\b", re.IGNORECASE)


def bare_numbers(text: str, terms: Sequence[str], window: int = 4) -> list[str]:
    """Numbers typed by hand within ``window`` words of a rule term, with their context.

    A number right after a naming word ("line 1", "season 2") is a name and is allowed;
    placeholders are ignored, since their values come from the engine.

    >>> bare_numbers("Start with 8 Food.", ["Food"])
    ['with 8 Food .']
    >>> bare_numbers("Start with {START_FOOD} Food; line 1 machines.", ["Food", "machines"])
    []
    """
    plain = strip_placeholders(text)
    words = re.findall(r"[\w'-]+|[^\w\s]", plain)
    lowered = [w.lower() for w in words]
    term_words = [t.lower().split() for t in terms]
    hits = []
    for i, word in enumerate(words):
        if not _NUMBER.fullmatch(word):
            continue
        if i > 0 and lowered[i - 1] in NAME_WORDS:
            continue
        near = lowered[max(0, i - window): i + window + 1]
        if any(_contains(near, tw) for tw in term_words):
            hits.append(" ".join(words[max(0, i - 1): i + 3]))
    return hits


def _contains(words: list[str], term: list[str]) -> bool:
    n = len(term)
    return any(words[k:k + n] == term or [w.rstrip("s") for w in words[k:k + n]] == term
               for k in range(len(words) - n + 1))
