"""The play page's lower tabs: the game log, Save / load and Your box, and the loading of a
saved game.

The Save / load and Your box tabs are built when first opened (or asked for): the page's first
drawing waits for fewer widgets. Each function is a method of
:class:`~precog.widgets.play.PlayApp` (``app``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as widgets

from precog.engine import Components, Game, PrecogError, to_json
from precog.engine import to_position as position_of
from precog.session.words import DEFAULT_LANGUAGE, words
from precog.widgets.box import BoxSource
from precog.widgets.common import copy_box_html, download_html, uploaded_bytes
from precog.widgets.play_setup import SaveLoad

if TYPE_CHECKING:
    from precog.widgets.play import PlayApp

__all__ = ["box_source", "build_tabs", "components", "draw_save", "load", "load_text_value",
           "load_upload", "save_html", "save_load", "tab_opened"]


def build_tabs(app: PlayApp) -> tuple[widgets.HTML, widgets.Tab]:
    """The log, and the page's tabs: the log's, and two left empty until first opened."""
    game_log = widgets.HTML()
    tabs = widgets.Tab([game_log, widgets.VBox(), widgets.VBox()])
    for i, key in enumerate(("play.tab_log", "play.tab_save", "box.tab")):
        tabs.set_title(i, app.w.say(key))
    tabs.add_class("pc-tabs")
    tabs.observe(lambda _c: app._tab_opened(), names="selected_index")
    return game_log, tabs


def tab_opened(app: PlayApp) -> None:
    index = app.tabs.selected_index
    if index == 1:
        _ = app.save_load
    elif index == 2:
        _ = app.box_source
    app._draw_save()


def save_load(app: PlayApp) -> SaveLoad:
    """The Save / load tab (built the first time it is opened or asked for)."""
    if app._save_load is None:
        app._save_load = SaveLoad(app.load_text_value, app.load_upload, app.lang)
        app.tabs.children = (app.tabs.children[0], app._save_load, *app.tabs.children[2:])
    return app._save_load


def box_source(app: PlayApp) -> BoxSource:
    """The Your box tab (built the first time it is opened or asked for)."""
    if app._box_source is None:
        app._box_source = BoxSource(app.new_game, app.lang, app.message)
        app._box_source.title = app.title  # told of a loaded box
        app.tabs.children = (*app.tabs.children[:2], app._box_source)
    return app._box_source


def components(app: PlayApp) -> Components | None:
    """Your box, once loaded (else None: the reference set)."""
    return None if app._box_source is None else app._box_source.components


def load_text_value(app: PlayApp) -> None:
    load(app, app.load_text.value, app.w.say("play.load_pasted_source"))


def load_upload(app: PlayApp) -> None:
    got = uploaded_bytes(app.upload.value)
    if got is not None:
        load(app, got[1], app.w.say("play.load_file_source", name=got[0]))


def load(app: PlayApp, text: str | bytes, source: str) -> None:
    """Continue the saved game ``text`` (from ``source``) at the seat it was saved for."""
    try:
        game, seat = app.session.read(text, app._components())
    except PrecogError as err:
        app.load_message.error(source, err)
        return
    app.message.clear()
    app.setup_bar.follow(game.state.config, seat)
    app.session.start(game, seat, app.setup_bar.bots())
    app._after_bots()
    app.refresh()
    app.load_message.ok(app.w.say("play.loaded", source=source,
                                  round=game.state.round, seat=seat))


def draw_save(app: PlayApp) -> None:
    """The save box, drawn while its tab is open (the whole game: it grows every move)."""
    if app._save_load is None:
        return
    game = app.game if app.tabs.selected_index == 1 else None
    app.save_html.value = save_html(game, app.lang) if game is not None else ""


def save_html(game: Game, lang: str = DEFAULT_LANGUAGE) -> str:
    """The position string to copy and the two downloads (the game, this position)."""
    w = words(lang)
    state = game.state
    game_file = download_html("precog-game.json", game.to_json(), w.say("save.game_file"))
    position_file = download_html("precog-position.json", to_json(state),
                                  w.say("save.position_file"))
    return (f'<div class="pc-sub">{w.say("save.position_string")}</div>'
            f"{copy_box_html(position_of(state), lang=lang)}"
            f'<div class="pc-downloads">{game_file}{position_file}</div>')
