"""Russian game terms follow one glossary (``precog/data/words/ru/glossary.toml``), taken from the
Russian rules summary: no words file or lesson uses a refused variant of a game term, and a term
reserved for one component (the Infirmary's лазарет) names no other."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

WORDS = Path(str(resources.files("precog") / "data" / "words" / "ru"))
LESSONS = Path(str(resources.files("precog") / "tutor" / "lessons" / "ru"))
GLOSSARY = WORDS / "glossary.toml"


def _glossary() -> list[dict[str, Any]]:
    return list(tomllib.loads(GLOSSARY.read_text(encoding="utf-8"))["term"])


def _pattern(spelling: str) -> re.Pattern[str]:
    stem = spelling.removesuffix("*")
    tail = r"[а-яё]*" if spelling.endswith("*") else ""
    return re.compile(rf"(?<![а-яёА-ЯЁ]){re.escape(stem)}{tail}(?![а-яёА-ЯЁ])", re.IGNORECASE)


def _texts(value: Any, where: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _texts(item, f"{where}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _texts(item, f"{where}[{i}]")


def _russian_files() -> list[Path]:
    files = [p for p in sorted(WORDS.glob("*.toml")) if p != GLOSSARY]
    return files + sorted(LESSONS.glob("*.toml"))


REFUSED = [(term["id"], spelling) for term in _glossary() for spelling in term.get("refused", ())]


def test_glossary_gives_every_term_an_english_and_a_russian_word() -> None:
    terms = _glossary()
    assert len({t["id"] for t in terms}) == len(terms)
    for term in terms:
        assert term["en"].strip() and term["ru"].strip(), term["id"]
        assert len(term.get("forms", ["", "", ""])) == 3, term["id"]


@pytest.mark.parametrize("path", _russian_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_russian_texts_use_no_refused_variant_of_a_game_term(path: Path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    found = [(where, term, _pattern(spelling).search(text).group(0))  # type: ignore[union-attr]
             for where, text in _texts(data, path.name)
             for term, spelling in REFUSED if _pattern(spelling).search(text)]
    assert not found, found


def test_refused_variant_is_found_in_any_case_and_form() -> None:
    assert _pattern("лодк*").search("Лодку каждого места")
    assert _pattern("цена").search("Цена смягчения")
    assert not _pattern("цена").search("ценность")
    assert not _pattern("машин*").search("механизм")


def test_reserved_term_names_only_its_own_component() -> None:
    names = tomllib.loads((WORDS / "names.toml").read_text(encoding="utf-8"))["name"]
    wrong = [(english, russian) for term in _glossary() if "reserved_for" in term
             for english, russian in names.items()
             if _pattern(term["stem"]).search(russian)
             and not any(word in english.lower() for word in term["reserved_for"])]
    assert not wrong, wrong
