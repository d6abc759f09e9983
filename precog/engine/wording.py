"""Sentences from templates, per language, read from ``precog/data/words/<lang>/``.

The engine uses this for its English refusal messages; :mod:`precog.session.words` uses the
same files and formatter for every language and every label above the engine. Templates are
``str.format`` text with three more specs:

* ``{n:pl:Human|Humans}`` picks a word by the number (Russian gives three forms:
  ``{n:pl:человек|человека|человек}``);
* ``{cards:join}`` joins a sequence with commas (the language's ``none`` word when empty),
  ``{rounds:list}`` with commas and the language's ``and`` (``4, 8 and 12``),
  ``{winners:seats}`` names seats (``seat 0 and seat 2``);
* ``{cost:gains}`` writes ``(kind, amount)`` pairs with the language's resource names;
  ``{kind:res}`` writes one resource's name (its plural form).

Numbers are written as the language writes them (:func:`number_text`): a float, or a number
with a format spec (``{loss:.2f}``, ``{share:.1%}``, ``{top:,}``), takes the language's decimal
mark, thousands separator and percent sign from its ``[word]`` table.

>>> fill("en", "you can take 0 to {top} {n:pl:Human|Humans}", {"top": 2, "n": 2})
'you can take 0 to 2 Humans'
>>> fill("ru", "{n} {n:pl:человек|человека|человек}", {"n": 22})
'22 человека'
>>> fill("en", "short: {x:gains}", {"x": (("food", 2), ("human", 1))})
'short: 2 Food, 1 Human'
>>> fill("ru", "потеря {loss:.2f}, побед {share:.1%}", {"loss": 1.5, "share": 0.25})
'потеря 1,50, побед 25,0\xa0%'
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Mapping, Sequence
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any

from precog.engine.errors import DataError, PrecogError
from precog.engine.problems import ErrorCode, Problem

DEFAULT_LANGUAGE = "en"


def words_folder(lang: str) -> Any:
    """The folder of ``lang``'s word files (an importlib Traversable)."""
    return resources.files("precog") / "data" / "words" / lang


def languages() -> tuple[str, ...]:
    """The languages that have word files, e.g. ``('en', 'ru')``."""
    root = resources.files("precog") / "data" / "words"
    return tuple(sorted(p.name for p in root.iterdir()
                        if p.is_dir() and (p / "game.toml").is_file()))


@cache
def load_words(lang: str, part: str = "game") -> dict[str, Any]:
    """The TOML data of ``words/<lang>/<part>.toml``; a DataError names a bad or missing file."""
    if lang not in languages():
        raise DataError(Problem.of(ErrorCode.DATA_NO_LANGUAGE, lang=lang,
                                   available=languages()))
    where = f"precog/data/words/{lang}/{part}.toml"
    path = words_folder(lang) / f"{part}.toml"
    if not path.is_file():
        raise DataError(Problem.of(ErrorCode.DATA_NO_WORDS_FILE, file=where))
    try:
        data: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise DataError(Problem.of(ErrorCode.DATA_AT_FILE, file=where, what=Problem.of(
            ErrorCode.DATA_NOT_TOML, detail=str(err)))) from None
    return data


def plural_form(lang: str, n: int, forms: Sequence[str]) -> str:
    """The word of ``forms`` that goes with the number ``n`` in ``lang``.

    English has two forms (one, many); Russian three (one, few, many: 1, 2-4, 5-20).
    """
    if len(forms) == 1:
        return forms[0]
    if lang == "ru" and len(forms) >= 3:
        if n % 10 == 1 and n % 100 != 11:
            return forms[0]
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return forms[1]
        return forms[2]
    return forms[0] if n == 1 else forms[-1]


def number_text(value: float, spec: str = "", lang: str = DEFAULT_LANGUAGE) -> str:
    """``value`` formatted by ``spec`` (as :func:`format`) in the way ``lang`` writes numbers:
    its ``[word]`` ``decimal`` mark, ``thousands`` separator and ``percent`` sign (Russian:
    ``1,5``, ``100 000``, ``25 %``).

    >>> number_text(1234.5, ",.1f", "ru"), number_text(1234.5, ",.1f", "en")
    ('1\xa0234,5', '1,234.5')
    """
    text = format(value, spec)
    word = load_words(lang).get("word", {})
    marks = {".": word.get("decimal", "."), ",": word.get("thousands", ","),
             "%": word.get("percent", "%")}
    return text.translate(str.maketrans({k: v for k, v in marks.items() if v != k}))


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


class WordFormatter(string.Formatter):
    """``str.format`` with the ``pl``, ``join``, ``gains`` and ``res`` specs of one language."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec.startswith("pl:"):
            return plural_form(self.lang, int(value), format_spec[3:].split("|"))
        if format_spec == "list":
            items = [str(v) for v in value]
            if len(items) < 2:
                return "".join(items)
            return f"{', '.join(items[:-1])} {self._word('and')} {items[-1]}"
        if format_spec == "seats":
            seat, and_ = self._word("seat"), self._word("and")
            return f" {and_} ".join(f"{seat} {v}" for v in value)
        if format_spec == "join":
            items = [str(v) for v in value]
            return ", ".join(items) if items else self._word("none")
        if format_spec == "gains":
            return self.gains(value)
        if format_spec == "res":
            forms = load_words(self.lang).get("resource", {}).get(value, [value])
            return str(forms[-1])
        if _is_number(value) and (format_spec or isinstance(value, float)):
            return number_text(value, format_spec, self.lang)
        return str(super().format_field(value, format_spec))

    def gains(self, pairs: Sequence[tuple[str, int]]) -> str:
        """``(kind, amount)`` pairs as ``2 Food, 1 Human`` in this language."""
        names = load_words(self.lang).get("resource", {})
        parts = []
        for kind, n in pairs:
            forms = names.get(kind, [kind])
            parts.append(f"{n} {plural_form(self.lang, n, forms)}")
        return ", ".join(parts) if parts else self._word("nothing")

    def _word(self, key: str) -> str:
        return str(load_words(self.lang).get("word", {}).get(key, key))


def fill(lang: str, template: str, values: Mapping[str, Any]) -> str:
    """``template`` with ``values`` filled in, in ``lang``'s words."""
    return WordFormatter(lang).vformat(template, (), values)


def problem_template(code: StrEnum, lang: str = DEFAULT_LANGUAGE) -> str | None:
    """The template of ``code`` (``section.key``) in ``lang``'s ``errors.toml``, or None."""
    section, _, key = code.value.partition(".")
    template = load_words(lang, "errors").get(section, {}).get(key)
    return template if isinstance(template, str) else None


def render_problem(problem: Problem, lang: str = DEFAULT_LANGUAGE) -> str:
    """``problem`` as a sentence in ``lang`` (English when ``lang`` has no template for it);
    values that are problems themselves are rendered in the same language first."""
    template = problem_template(problem.code, lang) or problem_template(problem.code)
    if template is None:
        return problem.code.value
    values = {name: _rendered(value, lang) for name, value in problem.params}
    return fill(lang, template, values)


def _rendered(value: object, lang: str) -> object:
    if isinstance(value, Problem):
        return render_problem(value, lang)
    said = getattr(value, "text", None)  # a Refusal inside a problem
    if callable(said) and not isinstance(value, str):
        return said(lang)
    if isinstance(value, tuple) and any(isinstance(v, Problem) for v in value):
        return tuple(_rendered(v, lang) for v in value)
    return value


def error_text(error: BaseException, lang: str = DEFAULT_LANGUAGE) -> str:
    """What ``error`` says, in ``lang``: a refused action from its refusal code, any other
    :class:`PrecogError` from its problem code (an error without a code as it was written)."""
    if isinstance(error, PrecogError) and error.problem is not None:
        return render_problem(error.problem, lang)
    return str(error)
