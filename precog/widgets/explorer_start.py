"""How the explorer page starts: its own first analysis (started a moment after the page is
made, its quick first answer shown), a visitor arriving at a page built ahead, and the Your box
and Your table tabs made when first opened.

Each function is a method of :class:`~precog.widgets.explorer.Explorer` (``page``).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from precog.engine import Components
from precog.session.explore import PageStart, query_position, query_view
from precog.widgets.box import BoxSource
from precog.widgets.explorer_bars import TableSource
from precog.widgets.explorer_results import ranking_table_html

if TYPE_CHECKING:
    from precog.widgets.explorer import Explorer

__all__ = ["ARRIVAL_START_DELAY_S", "PAGE_START_DELAY_S", "arrive", "box_components",
           "box_source", "first_answer", "table_source"]

# The analysis a page starts on its own begins this long after the page's widgets are made:
# run at once, its thread competes with the kernel's answers to the browser drawing the page,
# and both come later (`benchmarks/app_pages.py --repeat 3` compares the two; docs/app.md
# gives today's figures). Its results still wait for the page to be drawn (PageStart).
PAGE_START_DELAY_S = 1.0
# A page built before its visitor arrived (Explorer.arrive) has only the browser's requests for
# its widgets left to answer, a fraction of a second of the kernel: its analysis starts sooner.
ARRIVAL_START_DELAY_S = 0.25


def arrive(page: Explorer, query: str | None = None) -> None:
    """The page was built before its visitor arrived (``auto=False``, no address: a kernel
    started ahead, :func:`precog.page.ahead`): read the visitor's address now and start the
    page's own first analysis, as a page built for this visitor does."""
    if query is None:
        query = os.environ.get("QUERY_STRING", "")
    page.query, page.auto = query, True
    if page.model.background:
        page._page_start = PageStart(page.shown.event, ARRIVAL_START_DELAY_S,
                                     first=page._first_answer)
    if query_view(query) or query_position(query)[0]:
        page.load_query(query)
    else:  # the deal the page was built with is the one an address without position asks
        page.analyse()
    page._page_start = None


def first_answer(page: Explorer, error: BaseException | None = None) -> None:
    """The page's first job answered quickly (:data:`precog.session.explore.FIRST`): its
    ranked table shown while the controls' own analysis refines it (the comparison and
    the tree wait for the refined answer: a choice picked meanwhile would be lost)."""
    if error is not None or page.ranking is None or page.state is None:
        return
    page.table.value = ranking_table_html(page.ranking, page.lang)
    seconds = page.w.number(page.analysis_meta.get("seconds", 0.0), ".1f")
    page.controls.busy(page.w.say("explorer.first_answer", seconds=seconds))


def box_source(page: Explorer) -> BoxSource:
    """The Your box tab (made the first time it is opened or asked for)."""
    if page._box_source is None:
        page._box_source = BoxSource(page.box_loaded, page.lang, page.message)
        page._box_source.title = page.title_line  # told of a loaded box
        if hasattr(page, "sources"):
            page.sources.put("box", page._box_source)
    return page._box_source


def table_source(page: Explorer) -> TableSource:
    """The Your table tab (made the first time it is opened or asked for)."""
    if page._table_source is None:
        page._table_source = TableSource(page.load_table, page.lang)
        if hasattr(page, "sources"):
            page.sources.put("table", page._table_source)
    return page._table_source


def box_components(page: Explorer) -> Components | None:
    """Your box, once loaded (None: the reference set)."""
    return None if page._box_source is None else page._box_source.components
