"""Where the explorer's position comes from: the page's address, a new deal, a pasted or
uploaded position or seat's view, and the "what if" copy of a seat's view.

Each function is a method of :class:`~precog.widgets.explorer.Explorer` (``page``); it reads
the source and hands the position to ``page.load_state``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from precog.engine import PrecogError
from precog.engine.view import from_view_position
from precog.session.explore import deal, query_position, query_view
from precog.widgets.common import read_position, uploaded_bytes

if TYPE_CHECKING:
    from precog.widgets.explorer import Explorer

__all__ = ["box_loaded", "load_query", "load_table", "load_text", "load_upload",
           "load_view_text", "new_position", "what_if"]


def load_query(page: Explorer, query: str) -> None:
    """Load ``?position=…&seat=N`` (or a seat's view, ``?view=pv1…``) from the page's
    query string, else deal a new game."""
    view = query_view(query)
    if view:
        page.load_view_text(view, page.w.say("explorer.from_address"))
        return
    text, seat = query_position(query)
    if not text:
        page.new_position()
        return
    try:
        loaded = read_position(text, page.box_components())
    except PrecogError as err:
        page.message.error(page.w.say("explorer.address"), err)
        page._fresh_error = True  # shown over the first analysis, not the later ones
        page.new_position(keep_message=True)
        return
    page.load_state(loaded.state, seat, source=page.w.say("explorer.from_address"))


def box_loaded(page: Explorer) -> None:
    """Your box was loaded: the position or seat's view in the page's address is read again
    with it (a view from Play on your box needs it), else a new game is dealt on it."""
    query = getattr(page, "query", "")
    if query and (query_view(query) or query_position(query)[0]):
        page.load_query(query)
    else:
        page.new_position()


def new_position(page: Explorer, keep_message: bool = False) -> None:
    """Deal a new game and play it at random to the chosen round's Decision."""
    setup: dict[str, Any] = {"players": 3, "mode": "competitive", "setup": "standard"}
    seed, round_ = 1, 3
    if hasattr(page, "sources"):  # the full page (the compact one has no sources)
        setup, seed, round_ = page.sources.setup()
    try:
        if page.box_components() is not None:
            setup["components"] = page.box_components()
        state = deal(round_, seed, **setup)
    except PrecogError as err:
        page.message.error(page.w.say("explorer.new_game"), err)
        return
    page.load_state(state, None, source=page.w.say("explorer.from_deal", seed=seed,
                                                   round=round_), quiet=keep_message)


def load_view_text(page: Explorer, text: str, source: str) -> None:
    """Show a seat's view (``pv1.…``): analysed for that seat, no editor, no seat switch."""
    try:
        view = from_view_position(text, page.box_components())  # your box, if loaded
    except PrecogError as err:
        page.message.error(source, err)
        return
    page.load_state(view.world(), view.seat, source=page.w.say("explorer.from_view",
                                                               seat=view.seat), view=view)


def what_if(page: Explorer) -> None:
    """Leave the seat's view for an editable copy whose hidden cards are placeholders."""
    if page.view is not None and page.state is not None:
        page.load_state(page.state, page.seat, source=page.w.say("explorer.from_what_if"))


def load_text(page: Explorer, text: str | bytes, source: str) -> None:
    if isinstance(text, str) and text.strip().startswith("pv1."):
        page.load_view_text(text.strip(), source)
        return
    try:
        loaded = read_position(text, page.box_components())
    except PrecogError as err:
        page.message.error(source, err)
        return
    page.load_state(loaded.state, None, source=source[:1].lower() + source[1:])


def load_upload(page: Explorer) -> None:
    got = uploaded_bytes(page.upload.value)
    if got is not None:
        page.load_text(got[1], page.w.say("explorer.file", name=got[0]))


def load_table(page: Explorer, text: str | bytes, source: str) -> None:
    """A table saved on the "Your table" page (its file or shareable string), built on the
    loaded box (else the table page's own) and opened for the seat chosen there, as that seat
    may know it."""
    from precog.session.table_entry import TableDraft, for_seat

    draft = TableDraft(box=page.box_components(), lang=page.lang)
    try:
        draft.load_text(text)
    except PrecogError as err:
        page.message.error(source, err)
        return
    built = draft.build()
    if built.state is None:
        fields = "; ".join(f"{k}: {v}" for k, v in sorted(built.errors.items())[:5])
        page.message.error(source, fields)
        return
    seat = int(draft.data.get("seat", 0) or 0)
    page.load_state(for_seat(built.state, seat), seat,
                    source=page.w.say("table.from_table", seat=seat))
