"""The app's landing page: what precog is, and links to its pages.

The app's server sends it as a page of its own (:func:`landing_document`), without a kernel
or Voila's scripts, so a visitor's first page shows at once and holds no memory on the
server; in JupyterLab the landing notebook shows the same HTML as a widget (:func:`landing`).

Links are relative to the landing page (``voila/render/notebooks/index.ipynb``), so they work
under any base URL, Binder's included. A page whose notebook is not in the repository yet is
still listed, marked "coming soon".
"""

from __future__ import annotations

import html
import posixpath
from dataclasses import dataclass
from pathlib import Path

import ipywidgets as widgets

from precog import LANDING_PATH
from precog.engine.state import ROUNDS
from precog.session.language import page_language, page_link
from precog.session.words import DEFAULT_LANGUAGE, languages, words

TITLE = "precog"


@dataclass(frozen=True)
class Page:
    """A page of the app: its key in ``[landing]`` of the words, its notebook (from the
    repository root)."""

    key: str
    path: str

    def title(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return words(lang).say(f"landing.{self.key}")

    def blurb(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return words(lang).say(f"landing.{self.key}_blurb")


PAGES = (
    Page("explorer", "notebooks/explorer.ipynb"),
    Page("play", "notebooks/play.ipynb"),
    Page("box", "notebooks/box.ipynb"),
    Page("table", "notebooks/table.ipynb"),
    Page("review", "notebooks/review.ipynb"),
    Page("tutorials", "tutorials/index.ipynb"),
)
UNOFFICIAL_NOTE = words().say("landing.unofficial")
FIRST_LESSON = "tutorials/lesson01.ipynb"


def relative_href(target: str, page: str = LANDING_PATH) -> str:
    """The link from the Voila page of ``page`` to that of ``target``.

    >>> relative_href("notebooks/play.ipynb")
    'play.ipynb'
    >>> relative_href("tutorials/index.ipynb")
    '../tutorials/index.ipynb'
    """
    return posixpath.relpath(target, posixpath.dirname(page))


def find_root(start: Path | None = None) -> Path:
    """The folder holding the landing notebook: ``start`` (default: the cwd) or a parent of it.

    Voila runs a notebook's kernel in the notebook's own folder, hence the search upwards.
    """
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / LANDING_PATH).is_file():
            return folder
    return here


# Jupyter's stylesheet makes links look like plain text; these should look like links.
_LINK_STYLE = "color: #1565c0; text-decoration: underline; font-weight: 600"


def _page_item(page: Page, root: Path, lang: str) -> str:
    built = (root / page.path).is_file()
    soon = ("" if built else ' <span class="precog-soon" style="color: #777">'
            f'({html.escape(words(lang).say("landing.soon"))})</span>')
    href = page_link(relative_href(page.path), lang)
    return (
        f'<li class="precog-page" data-built="{str(built).lower()}">'
        f'<a href="{html.escape(href)}" style="{_LINK_STYLE}">'
        f"{html.escape(page.title(lang))}</a>{soon}<span class=\"pc-page-blurb\">"
        f"{html.escape(page.blurb(lang))}</span></li>"
    )


def language_switch(lang: str) -> str:
    """Links to this page in every language (the current one not a link)."""
    items = []
    for other in languages():
        name = html.escape(words(other).say("landing.language_name"))
        if other == lang:
            items.append(f'<b class="pc-lang-current" lang="{other}">{name}</b>')
        else:
            items.append(f'<a class="pc-lang" lang="{other}" hreflang="{other}" '
                         f'href="index.ipynb?lang={other}" style="{_LINK_STYLE}">{name}</a>')
    return f'<nav class="pc-lang-switch">{" · ".join(items)}</nav>'


def start_link(lang: str) -> str:
    """The newcomer's first click: lesson 1, in the page's language."""
    href = page_link(relative_href(FIRST_LESSON), lang)
    return (f'<a class="pc-start" href="{html.escape(href)}">'
            f'{html.escape(words(lang).say("landing_start.start"))}</a>')


def landing_html(root: Path, lang: str = DEFAULT_LANGUAGE) -> str:
    """The landing page's HTML in ``lang``, with pages looked up under ``root``."""
    from precog.render.landing import card_strip
    from precog.render.style import style_tag
    from precog.session.speech import speech

    w = words(lang)
    items = "\n".join(_page_item(page, root, lang) for page in PAGES)
    return (
        f'{style_tag()}<div class="precog-landing pc-landing" lang="{lang}">'
        f'<div class="pc-hero"><div><h1 class="precog-title">{TITLE}</h1>'
        f'<p class="pc-what">{html.escape(w.say("landing_start.what", rounds=ROUNDS))}</p>'
        f'<p class="pc-tagline">{html.escape(w.say("landing.tagline"))}</p>'
        f"{start_link(lang)}</div>"
        f"{card_strip(speech(lang))}</div>"
        f"{language_switch(lang)}"
        f'<ul class="precog-pages">\n{items}\n</ul>'
        f'<p class="precog-unofficial"><em>{html.escape(w.say("landing.unofficial"))}</em> '
        f'{html.escape(w.say("landing.reference_set"))}</p>'
        "</div>"
    )


def landing(root: Path | None = None, lang: str | None = None) -> widgets.HTML:
    """The landing page as a widget, for the app's ``notebooks/index.ipynb``; the language is
    ``lang``, else the page address's ``?lang=``."""
    return widgets.HTML(landing_html(root if root is not None else find_root(),
                                     page_language() if lang is None else lang))


# The page's own frame, as Voila's pages look (JupyterLab's light theme: its font, size and
# colours); the landing's stylesheet (precog/render/board.css) does the rest.
_DOCUMENT_STYLE = ("body{margin:0;padding:8px 16px;background:#fff;color:rgba(0,0,0,.87);"
                   "font-family:system-ui,-apple-system,blinkmacsystemfont,'Segoe UI',helvetica,"
                   "arial,sans-serif;font-size:13px;line-height:1.4}")


def landing_document(root: Path, lang: str = DEFAULT_LANGUAGE) -> str:
    """The landing page as a whole HTML document in ``lang``, which the app's server sends
    as it is (no kernel, no script): the same HTML as :func:`landing`'s widget."""
    return (f'<!DOCTYPE html>\n<html lang="{html.escape(lang)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{TITLE}</title><style>{_DOCUMENT_STYLE}</style></head>"
            f"<body>{landing_html(root, lang)}</body></html>\n")
