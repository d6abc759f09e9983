"""The page's language: ``?lang=ru`` in its address, carried over by every link.

Voila hands a page's query string to its kernel as ``QUERY_STRING``; every page builds its
links with :func:`page_link` so the reader stays in the language they chose.

>>> page_language("position=pg1.x&lang=ru")
'ru'
>>> page_language("lang=xx")
'en'
>>> page_link("play.ipynb", "ru")
'play.ipynb?lang=ru'
>>> page_link("explorer.ipynb?position=pg1.abc&seat=1", "ru")
'explorer.ipynb?position=pg1.abc&seat=1&lang=ru'
>>> page_link("play.ipynb", "en")
'play.ipynb'
"""

from __future__ import annotations

import os
import re
from urllib.parse import parse_qs

from precog.session.words import DEFAULT_LANGUAGE, choose_language

__all__ = ["page_language", "page_lesson", "page_link"]

LESSON_ADDRESS = re.compile(r"/tutorials/(lesson[0-9]{2})\.ipynb")


def page_language(query: str | None = None) -> str:
    """The language asked for by ``?lang=`` in ``query`` (default: this page's address)."""
    if query is None:
        query = os.environ.get("QUERY_STRING", "")
    asked = parse_qs(query.lstrip("?")).get("lang", [""])
    return choose_language(asked[-1])


def page_lesson(script_name: str | None = None) -> str | None:
    """The lesson id the page's address names (Voila's ``SCRIPT_NAME``, the path asked for),
    None when the address names no lesson page (Jupyter, nbval, any other page).

    ``precog app`` serves every lesson page from one kernel started ahead, which runs lesson
    1's notebook (``precog.serve.SHARED_POOLS``): the address says which lesson it is.

    >>> page_lesson("/voila/render/tutorials/lesson03.ipynb")
    'lesson03'
    >>> page_lesson("/voila/render/notebooks/play.ipynb") is None
    True
    """
    if script_name is None:
        script_name = os.environ.get("SCRIPT_NAME", "")
    found = LESSON_ADDRESS.search(script_name)
    return found.group(1) if found and script_name.endswith(found.group(0)) else None


def page_link(href: str, lang: str) -> str:
    """``href`` with ``lang=`` added (nothing for English, the default language)."""
    if lang == DEFAULT_LANGUAGE:
        return href
    path, hash_, fragment = href.partition("#")
    joiner = "&" if "?" in path else "?"
    return f"{path}{joiner}lang={lang}{hash_}{fragment}"
