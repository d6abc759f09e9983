"""The glossary of the game's terms, tooltips on terms in lesson text, and the rules lookup.

>>> g = glossary()
>>> g.entry("bane").term
'Bane'
>>> 'data-term="bane"' in g.wrap("<p>Your Bane rises.</p>")
True
>>> lookup("feeding")[0].term.id
'island'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from html import escape

from precog.engine import DataError
from precog.engine.problems import Problem
from precog.tutor.data import (
    DEFAULT_LANGUAGE,
    _Table,
    _text,
    all_lessons,
    language_and,
    read_toml,
)
from precog.tutor.errors import TutorCode


@dataclass(frozen=True)
class Term:
    """One glossary entry: its name, other spellings, an explanation, the lesson that teaches it."""

    id: str
    term: str
    aliases: tuple[str, ...]
    text: str
    lesson: str

    @property
    def spellings(self) -> tuple[str, ...]:
        return (self.term, *self.aliases)


ENGLISH_ENDING = "(s|es)?"


class Glossary:
    """The terms of one language.

    ``ending`` is the regular expression of the endings any spelling may take in running text
    (English: a plural ``s``); a spelling written with a final ``*`` is a stem and takes
    ``stem_ending`` instead (Russian, whose words change with their case: ``угроз*`` finds
    "угроза", "угрозу", "угрозы"). ``ignore_case`` matches sentence-initial capitals too.
    """

    def __init__(self, terms: list[Term], lang: str, ending: str = ENGLISH_ENDING,
                 ignore_case: bool = False, stem_ending: str | None = None) -> None:
        self.terms = terms
        self.lang = lang
        self._by_id = {t.id: t for t in terms}
        spellings = sorted(((s, t) for t in terms for s in t.spellings),
                           key=lambda st: -len(st[0]))
        stem = ending if stem_ending is None else stem_ending
        flags = re.IGNORECASE if ignore_case else 0
        alternatives = [re.escape(s[:-1]) + f"(?:{stem})" if s.endswith("*")
                        else re.escape(s) + f"(?:{ending})" for s, _ in spellings]
        self._pattern = re.compile(
            r"(?<![\w-])(?:" + "|".join(alternatives) + r")(?![\w-])", flags)
        self._spellings = [(re.compile(a + r"$", flags), t)
                           for a, (_s, t) in zip(alternatives, spellings)]
        self._any_case = [(re.compile(a, re.IGNORECASE), t)
                          for a, (_s, t) in zip(alternatives, spellings)]

    def entry(self, term_id: str) -> Term:
        try:
            return self._by_id[term_id]
        except KeyError:
            raise DataError(Problem.of(TutorCode.LESSON_NO_TERM, lang=self.lang, term=term_id),
                            input=term_id) from None

    def find(self, spelling: str) -> Term | None:
        """The term spelled exactly ``spelling`` (case-insensitive), if any."""
        word = spelling.strip()
        return next((t for pattern, t in self._any_case if pattern.fullmatch(word)), None)

    def wrap(self, html: str) -> str:
        """``html`` with the first use of each term wrapped in a tooltip ``<abbr>``.

        Only text between tags is touched, never text already inside an ``<abbr>``, and a
        term that already has a tooltip does not get a second one.
        """
        seen: set[str] = set()
        out, inside = [], 0
        for piece in re.split(r"(<[^>]+>)", html):
            if piece.startswith("<"):
                if piece.startswith("<abbr"):
                    inside += 1
                    term = re.search(r'data-term="([^"]+)"', piece)
                    if term:
                        seen.add(term.group(1))
                elif piece.startswith("</abbr"):
                    inside -= 1
                out.append(piece)
            elif inside or not piece:
                out.append(piece)
            else:
                out.append(self._pattern.sub(lambda m: self._tip(m, seen), piece))
        return "".join(out)

    def _tip(self, m: re.Match[str], seen: set[str]) -> str:
        term = next(t for pattern, t in self._spellings if pattern.match(m.group(0)))
        if term.id in seen:
            return m.group(0)
        seen.add(term.id)
        return (f'<abbr class="pt-term" data-term="{term.id}" title="{escape(term.text)}">'
                f"{m.group(0)}</abbr>")


def _term(data: object, where: str, and_word: str = "and") -> Term:
    t = _Table(data, where, ("id", "term", "aliases", "text", "lesson"), and_word)
    return Term(id=t.get("id", str), term=t.get("term", str), aliases=t.strings("aliases"),
                text=_text(t, "text"), lesson=t.get("lesson", str))


@cache
def glossary(lang: str = DEFAULT_LANGUAGE) -> Glossary:
    data = read_toml(lang, "glossary.toml")
    where = f"lessons/{lang}/glossary.toml"
    entries = data.get("term")
    if not isinstance(entries, list) or not entries:
        raise DataError(Problem.of(TutorCode.LESSON_GLOSSARY_TERMS, where=where))
    terms = [_term(e, f"{where} term #{i + 1}", language_and(lang))
             for i, e in enumerate(entries)]
    ids = [t.id for t in terms]
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        raise DataError(Problem.of(TutorCode.LESSON_TERM_TWICE, where=where, term=sorted(dup)[0]))
    match = _Table(data.get("match", {}), f"{where} [match]",
                   ("ending", "stem_ending", "ignore_case"))
    ending = match.get("ending", str, ENGLISH_ENDING)
    stem_ending = match.get("stem_ending", str, ending)
    for key, value in (("ending", ending), ("stem_ending", stem_ending)):
        try:
            re.compile(value)
        except re.error as err:
            raise DataError(Problem.of(TutorCode.LESSON_PATTERN, where=where, key=key,
                                       detail=str(err)), input=value) from None
    return Glossary(terms, lang, ending, bool(match.get("ignore_case", bool, False)),
                    stem_ending)


# -- the rules lookup ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Hit:
    """A lookup result: a glossary term, and/or a lesson step that talks about the word."""

    score: int
    term: Term | None
    lesson: str
    lesson_title: str
    step: int  # 0-based step index in the lesson, -1 for the lesson as a whole
    step_title: str
    excerpt: str


def lookup(query: str, lang: str = DEFAULT_LANGUAGE, limit: int = 6) -> list[Hit]:
    """Glossary terms and lesson steps about ``query``, best first.

    An exact term ("X", "Protector") comes first with the lesson that teaches it, then other
    terms whose name or explanation uses the word, then lesson steps that use it.
    """
    words = [w for w in re.findall(r"[\w-]+", query.lower()) if w]
    if not words:
        return []
    g = glossary(lang)
    lessons = {lesson.id: lesson for lesson in all_lessons(lang)}
    hits: list[Hit] = []
    exact = g.find(query)
    if lang != DEFAULT_LANGUAGE:
        words = [_stem(w) for w in words]
    for term in g.terms:
        score = _term_score(term, query, words, exact)
        if score:
            lesson = lessons.get(term.lesson)
            hits.append(Hit(score, term, term.lesson, lesson.title if lesson else "", -1, "",
                            term.text))
    for lesson in lessons.values():
        for i, step in enumerate(lesson.steps):
            body = f"{step.title} {step.text}".lower()
            if all(_has_word(body, w) for w in words):
                hits.append(Hit(1, None, lesson.id, lesson.title, i, step.title,
                                _excerpt(step.text, words[0])))
    hits.sort(key=lambda h: (-h.score, h.lesson, h.step))
    return hits[:limit]


def _term_score(term: Term, query: str, words: list[str], exact: Term | None) -> int:
    if term is exact:
        return 4
    names = " ".join(term.spellings).lower()
    if all(_has_word(names, w) or _starts_word(names, w) for w in words):
        return 3
    if all(_has_word(term.text.lower(), w) for w in words):
        return 2
    return 0


def _stem(word: str) -> str:
    """A Russian query word without its case ending, so "угрозу" finds "угроза" and "угрозы"
    (a plain cut of the last letters, enough for the game's vocabulary)."""
    if len(word) > 5:
        return word[:-2]
    if len(word) > 3 and word[-1] in "аяыиуюеёоьй":
        return word[:-1]
    return word


def _starts_word(text: str, start: str) -> bool:
    """A word of ``text`` begins with ``start`` ("prot" finds "Protector"; "tie" does not
    find "difficulties")."""
    return re.search(rf"(?<![\w-]){re.escape(start)}", text) is not None


def _has_word(text: str, word: str) -> bool:
    ending = "(s|es)?" if word.isascii() else r"[а-яё]{0,4}"
    return re.search(rf"(?<![\w-]){re.escape(word)}{ending}(?![\w-])", text) is not None


def _excerpt(text: str, word: str, width: int = 110) -> str:
    """About ``width`` characters of ``text`` around ``word``, cut at word boundaries."""
    plain = " ".join(text.replace("*", "").split())
    m = re.search(re.escape(word), plain, re.IGNORECASE)
    start = max(0, (m.start() if m else 0) - width // 3)
    if start:
        start = plain.rfind(" ", 0, start) + 1
    end = start + width
    if end < len(plain):
        end = max(plain.rfind(" ", start, end), start + width // 2)
    return ("…" if start else "") + plain[start:end] + ("…" if end < len(plain) else "")
