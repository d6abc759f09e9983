"""Every page in Russian (``?lang=ru``) shows no English word of the UI.

The list of the UI's English words is built from the English words and lesson files
(``precog/data/words/en/*.toml``, ``precog/tutor/lessons/en/*.toml``): every word of every text
in them, minus the words that also appear in the Russian files (the game's name, the
publisher's, card ids, slot letters G and R, X). The landing page, a lesson, Play and the
explorer are opened with ``?lang=ru`` and their visible text, tooltips and placeholders are
searched for those words (third-party chrome such as Plotly's toolbar is left out). Screenshots
go to ``tests/artifacts/ru-page-*.png``.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.browser.helpers import PageWatch, screenshot

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
WORDS = REPO / "precog" / "data" / "words"
LESSONS = REPO / "precog" / "tutor" / "lessons"
# Fields that hold data, not text shown to a reader.
NOT_TEXT = {"id", "lesson", "quiz", "until", "play_to", "moves", "show", "accept", "highlight",
            "match", "setup", "seat", "boat", "position", "params", "kind", "others"}
# The action notation's keywords and the CLI's commands: the Russian files quote them as what
# to type ("keep X give Y"), yet on a page they are English words like any other.
NOTATION_WORDS = {"keep", "give", "activate", "both", "food", "humans", "ymunes", "heal",
                  "battery", "protectors", "lose", "river", "ignore", "accept", "reveal",
                  "mitigate", "done", "rooms", "pass", "first", "simulate", "show", "play",
                  "healthy", "bane"}
PAGES = {
    "landing": ("/voila/render/notebooks/index.ipynb?lang=ru", ".precog-landing"),
    "lesson": ("/voila/render/tutorials/lesson02.ipynb?lang=ru", ".pt-app"),
    "play": ("/voila/render/notebooks/play.ipynb?lang=ru", ".pc-board"),
    "explorer": ("/voila/render/notebooks/explorer.ipynb?lang=ru", ".pc-ranking"),
    "box": ("/voila/render/notebooks/box.ipynb?lang=ru", ".pc-box-progress-text"),
    "review": ("/voila/render/notebooks/review.ipynb?lang=ru", ".pc-review-page"),
}
# Everything a reader sees: the text (also of folded panels), tooltips, placeholders and button
# labels, without third-party toolbars (Plotly's modebar), without what the reader typed or
# pasted, and without text marked as another language (the language switch's "English").
PAGE_TEXT_JS = """() => {
  const skip = el => el.closest('.modebar, .modebar-container, script, style, textarea')
    || (el.closest('[lang]:not(html)') || {lang: 'ru'}).lang.slice(0, 2) !== 'ru';
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode())
    if (n.parentElement && !skip(n.parentElement)) out.push(n.textContent);
  for (const el of document.querySelectorAll('[title], [placeholder], [aria-label]')) {
    if (skip(el)) continue;
    for (const a of ['title', 'placeholder', 'aria-label'])
      if (el.getAttribute(a)) out.push(el.getAttribute(a));
  }
  for (const el of document.querySelectorAll('button, option'))
    if (!skip(el)) out.push(el.innerText || el.textContent);
  return out.join('\\n');
}"""


def _texts(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in NOT_TEXT:
                yield from _texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item)


def _latin_words(text: str) -> set[str]:
    text = re.sub(r"\{[^{}]*\}", " ", text)  # placeholders are filled in, not shown
    return {w.lower() for w in re.findall(r"(?<![\w-])[A-Za-z][A-Za-z'-]*[A-Za-z](?![\w-])",
                                          text)}


def _words_of(folders: list[Path]) -> set[str]:
    words: set[str] = set()
    for folder in folders:
        for path in sorted(folder.glob("*.toml")):
            if path.name == "glossary.toml":  # the English terms it translates are not shown
                continue
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            if path.name == "names.toml":  # English names are the keys
                words |= {w for name in data.get("name", {}) for w in _latin_words(name)}
                continue
            for text in _texts(data):
                words |= _latin_words(text)
    return words


@cache
def english_ui_words() -> frozenset[str]:
    return frozenset(_words_of([WORDS / "en", LESSONS / "en"])
                     - (_russian_latin() - NOTATION_WORDS))


def _russian_latin() -> set[str]:
    """Latin words the Russian files use too (names, ids, letters), so not a sign of English."""
    words: set[str] = set()
    for folder in (WORDS / "ru", LESSONS / "ru"):
        for path in sorted(folder.glob("*.toml")):
            if path.name == "glossary.toml":  # the English terms it translates are not shown
                continue
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            if path.name == "names.toml":
                data = {"name": list(data.get("name", {}).values())}
            for text in _texts(data):
                words |= _latin_words(text)
    return words


def english_words_on(text: str) -> list[str]:
    ui = english_ui_words()
    return sorted({w for w in _latin_words(text) if w in ui})


def _where(text: str, word: str) -> str:
    """The line of ``text`` where ``word`` first appears, for the failure message."""
    for line in text.splitlines():
        if word in _latin_words(line):
            return f"  {word}: {line.strip()[:160]}"
    return f"  {word}: ?"


def test_the_english_word_list_is_built_from_the_files_and_spares_shared_words() -> None:
    ui = english_ui_words()
    assert {"keep", "give", "healthy", "protector", "next"} <= ui
    assert not {"precog", "ludonaute", "x"} & ui
    assert english_words_on("Оставить D07, отдать T06 · precog") == []
    assert english_words_on("Keep D07 · Следующий ход") == ["keep"]


@pytest.mark.parametrize("name", list(PAGES))
def test_a_russian_page_shows_no_english_word_of_the_ui(name: str, app_url: str, page: Page,
                                                        watch: PageWatch) -> None:
    url, ready = PAGES[name]
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.goto(app_url + url)
    # the explorer analyses before it shows the table: allow for a loaded machine
    page.locator(ready).first.wait_for(state="visible", timeout=120_000)
    page.wait_for_timeout(1500)  # let the last widgets of the page render
    screenshot(page, f"ru-page-{name}")
    watch.check()
    text = page.evaluate(PAGE_TEXT_JS)
    found = english_words_on(text)
    assert not found, (f"{name} in Russian still shows English words: {', '.join(found)}\n"
                       + "\n".join(_where(text, w) for w in found[:12]))
