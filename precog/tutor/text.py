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


def plural(n: int, forms: Sequence[str]) -> str:
    """The word form for ``n``: two forms (one|many, as in English) or three (one|few|many,
    the Russian rule: 1, 21, 31... take the first; 2-4, 22-24... the second; the rest the
    third).

    >>> [plural(n, ("человек", "человека", "человек")) for n in (1, 3, 5)]
    ['человек', 'человека', 'человек']
    >>> [plural(n, ("Батарея", "Батареи", "Батарей")) for n in (1, 22, 11, 25)]
    ['Батарея', 'Батареи', 'Батарей', 'Батарей']
    """
    if len(forms) < 3:
        return forms[0] if n == 1 else forms[-1]
    n = abs(int(n))
    if n % 10 == 1 and n % 100 != 11:
        return forms[0]
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return forms[1]
    return forms[2]


class RuleFormatter(string.Formatter):
    """``str.format`` with two more specs: ``list`` joins a sequence (``4, 8 and 12``) and
    ``pl:one|many`` (or ``pl:one|few|many``) picks a word by the number
    (``{n:pl:Human|Humans}``, see :func:`plural`)."""

    def __init__(self, and_word: str = "and") -> None:
        self.and_word = and_word

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec.startswith("pl:"):
            return plural(value, format_spec[3:].split("|"))
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
# Russian: number words and naming words are matched by their start, so every case counts
# ("трёх", "четырьмя"; "урока", "сезоне", "линии").
NUMBER_STEMS_RU = ("трёх", "трем", "трём", "четыр", "пят", "шест", "восем", "восьм", "девят",
                   "десят", "одиннадцат", "двенадцат", "тридцат", "сорок", "шестьдесят")
NUMBER_WORDS_RU = ("три", "тремя", "семь", "семи", "семью")
NAME_STEMS_RU = ("урок", "лини", "мест", "сезон", "шаг", "этап", "част", "отсек", "жетон",
                 "или", "m", "ряд", "раздел")
_NUMBER = re.compile(r"\b(\d+|" + "|".join(NUMBER_WORDS) + r")\b", re.IGNORECASE)
_NUMBER_RU = re.compile(r"^(\d+|" + "|".join(NUMBER_WORDS_RU) + "|(" + "|".join(NUMBER_STEMS_RU)
                        + r")[а-яё]*)$", re.IGNORECASE)


def _is_number(word: str, lang: str) -> bool:
    return bool((_NUMBER_RU if lang == "ru" else _NUMBER).fullmatch(word))


def _is_name_word(word: str, lang: str) -> bool:
    if lang == "ru":
        return word.startswith(NAME_STEMS_RU)
    return word in NAME_WORDS


def bare_numbers(text: str, terms: Sequence[str], window: int = 4,
                 lang: str = "en") -> list[str]:
    """Numbers typed by hand within ``window`` words of a rule term, with their context.

    A number right after a naming word ("line 1", "season 2") is a name and is allowed;
    placeholders are ignored, since their values come from the engine. A term ending in
    ``*`` is a stem that matches every ending (``люд*`` finds "людей" and "люди").

    >>> bare_numbers("Start with 8 Food.", ["Food"])
    ['with 8 Food .']
    >>> bare_numbers("Start with {START_FOOD} Food; line 1 machines.", ["Food", "machines"])
    []
    >>> bare_numbers("У вас восемь единиц еды.", ["ед*"], lang="ru")
    ['вас восемь единиц еды']
    >>> bare_numbers("Механизмы линии 1 смотрят на карты.", ["карт*"], lang="ru")
    []
    """
    plain = strip_placeholders(text)
    words = re.findall(r"[\w'-]+|[^\w\s]", plain)
    lowered = [w.lower() for w in words]
    term_words = [t.lower().split() for t in terms]
    hits = []
    for i, word in enumerate(words):
        if not _is_number(word, lang):
            continue
        if i > 0 and _is_name_word(lowered[i - 1], lang):
            continue
        near = lowered[max(0, i - window): i + window + 1]
        if any(_contains(near, tw) for tw in term_words):
            hits.append(" ".join(words[max(0, i - 1): i + 3]))
    return hits


def _word_is(word: str, term: str) -> bool:
    if term.endswith("*"):
        return word.startswith(term[:-1])
    return word == term or word.rstrip("s") == term


def _contains(words: list[str], term: list[str]) -> bool:
    n = len(term)
    return any(all(_word_is(w, t) for w, t in zip(words[k:k + n], term))
               for k in range(len(words) - n + 1))
