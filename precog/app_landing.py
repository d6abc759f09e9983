"""The app's landing page: what precog is, and links to its pages.

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

from precog.serve import LANDING_PATH

TITLE = "precog"
UNOFFICIAL_NOTE = (
    "An unofficial, fan-made study tool for the board game Precognition. "
    "The game, its name and its rules are © Ludonaute."
)


@dataclass(frozen=True)
class Page:
    """A page of the app: its title, its notebook (from the repository root), a line about it."""

    title: str
    path: str
    blurb: str


PAGES = (
    Page("Explorer", "notebooks/explorer.ipynb", "Each choice in a position and where it leads."),
    Page("Play", "notebooks/play.ipynb", "Play a game of Precognition against the bots."),
    Page("Tutorials", "tutorials/index.ipynb", "Learn the rules one step at a time."),
)


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


def _page_item(page: Page, root: Path) -> str:
    built = (root / page.path).is_file()
    soon = "" if built else ' <span class="precog-soon" style="color: #777">(coming soon)</span>'
    return (
        f'<li class="precog-page" data-built="{str(built).lower()}">'
        f'<a href="{html.escape(relative_href(page.path))}" style="{_LINK_STYLE}">'
        f"{html.escape(page.title)}</a>{soon}<span class=\"pc-page-blurb\">"
        f"{html.escape(page.blurb)}</span></li>"
    )


def landing_html(root: Path) -> str:
    """The landing page's HTML, with pages looked up under ``root``."""
    from precog.render.landing import card_strip
    from precog.render.style import style_tag

    items = "\n".join(_page_item(page, root) for page in PAGES)
    return (
        f'{style_tag()}<div class="precog-landing pc-landing">'
        f'<div class="pc-hero"><div><h1 class="precog-title">{TITLE}</h1>'
        '<p class="pc-tagline">Learn, play and study the board game Precognition: a rules '
        "engine, a tutor, a strategy explorer and bots.</p></div>"
        f"{card_strip()}</div>"
        f'<ul class="precog-pages">\n{items}\n</ul>'
        f'<p class="precog-unofficial"><em>{html.escape(UNOFFICIAL_NOTE)}</em> The cards, rooms '
        "and tiles used here are the project's own reference set, not the publisher's print.</p>"
        "</div>"
    )


def landing(root: Path | None = None) -> widgets.HTML:
    """The landing page as a widget, for the app's ``notebooks/index.ipynb``."""
    return widgets.HTML(landing_html(root if root is not None else find_root()))
