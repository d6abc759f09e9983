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
from urllib.parse import parse_qs

from precog.session.words import DEFAULT_LANGUAGE, choose_language

__all__ = ["page_language", "page_link"]


def page_language(query: str | None = None) -> str:
    """The language asked for by ``?lang=`` in ``query`` (default: this page's address)."""
    if query is None:
        query = os.environ.get("QUERY_STRING", "")
    asked = parse_qs(query.lstrip("?")).get("lang", [""])
    return choose_language(asked[-1])


def page_link(href: str, lang: str) -> str:
    """``href`` with ``lang=`` added (nothing for English, the default language)."""
    if lang == DEFAULT_LANGUAGE:
        return href
    path, hash_, fragment = href.partition("#")
    joiner = "&" if "?" in path else "?"
    return f"{path}{joiner}lang={lang}{hash_}{fragment}"
