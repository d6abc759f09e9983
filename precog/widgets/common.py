"""Small parts shared by the app's widgets: messages, the stylesheet, copy boxes, downloads,
the phase steps and reading user-supplied positions.

Everything here composes engine calls; no rule is decided here.
"""

from __future__ import annotations

import base64
import json
import time
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as widgets

from precog.engine import (
    Game,
    GameState,
    IllegalActionError,
    Phase,
)
from precog.engine import (
    read_position as engine_read_position,
)
from precog.engine.state import ROUNDS
from precog.render.style import style_tag
from precog.session.language import page_link
from precog.session.words import DEFAULT_LANGUAGE, words
from precog.widgets.shared import is_shared

PHASE_STEPS = (
    ("decision", (Phase.SETUP_ROOMS, Phase.SETUP_PASS, Phase.DECISION)),
    ("action", (Phase.ACTION,)),
    ("maintenance", (Phase.MAINTENANCE, Phase.RIVER)),
)


HOME = "index.ipynb"  # the app's home, next to the Play and explorer notebooks


def title(page: str, lang: str = DEFAULT_LANGUAGE, home: str = HOME) -> widgets.HTML:
    """A page's title line: precog, the page's name (words key ``page``), the fan-project
    note and a link to the app's home."""
    say = words(lang).say
    link = (f'<a class="pc-home" href="{escape(page_link(home, lang))}" '
            f'title="{escape(say("common.home_tip"))}">{escape(say("common.home"))}</a>')
    return widgets.HTML('<div class="pc-title"><span class="pc-title-main">precog</span>'
                        f'<span class="pc-title-page">{escape(say(page))}</span>{link}'
                        f'<span class="pc-title-note">{say("play.title_note")}</span></div>')


def stylesheet() -> widgets.HTML:
    """The stylesheet as a (zero-size) widget; put one on every page."""
    sheet = widgets.HTML(style_tag())
    sheet.add_class("pc-stylesheet")
    return sheet


class Message(widgets.HTML):
    """A line that tells the user what went wrong (or right). ``kind`` is error/ok/info/""."""

    def __init__(self, lang: str = DEFAULT_LANGUAGE) -> None:
        super().__init__("")
        self.lang = lang
        self.kind = ""
        self.text = ""
        self.add_class("pc-message-box")

    def _show(self, kind: str, text: str) -> None:
        self.kind, self.text = kind, text
        role = "alert" if kind == "error" else "status"
        self.value = (f'<div class="pc-msg pc-msg-{kind}" role="{role}">{escape(text)}</div>'
                      if text else "")

    def error(self, source: str, err: object) -> None:
        """Say which input was refused and why (``err``: the engine's message; a refused
        action is said from its refusal code, in the page's language)."""
        if isinstance(err, IllegalActionError):
            err = f"{err.action}: {words(self.lang).refusal(err.refusal)}"
        elif isinstance(err, BaseException):
            err = words(self.lang).error(err)
        reason = " ".join(str(err).split())
        self._show("error", f"{source}: {reason}")

    def ok(self, text: str) -> None:
        self._show("ok", text)

    def info(self, text: str) -> None:
        self._show("info", text)

    def clear(self) -> None:
        self._show("", "")


def steps_html(state: GameState, moves: int = 0, lang: str = DEFAULT_LANGUAGE) -> str:
    """The three phases of a round as steps, the current one lit (``moves``: actions played
    so far, kept in a ``data-moves`` attribute)."""
    w = words(lang)
    items = []
    for i, (key, phases) in enumerate(PHASE_STEPS, start=1):
        now = state.phase in phases
        done = any(state.phase in later for _, later in PHASE_STEPS[i:]) or state.is_over
        cls = "pc-step" + (" pc-step-now" if now else "") + (" pc-step-done" if done else "")
        what = w.say(f"steps.{key}_tip")
        items.append(f'<li class="{cls}" title="{escape(what)}"><span class="pc-step-n">{i}'
                     f'</span>{escape(w.say(f"steps.{key}"))}</li>')
    round_text = (w.say("steps.over") if state.is_over else
                  w.say("steps.round", round=state.round, rounds=ROUNDS))
    return (f'<div class="pc-steps-bar" data-moves="{moves}"><span class="pc-steps-round">'
            f"{round_text}</span>"
            f'<ol class="pc-steps">{"".join(items)}</ol></div>')


def coop_note_html(state: GameState, lang: str = DEFAULT_LANGUAGE) -> str:
    """What a cooperative game's values count (the team's total, 0 on a missed Objective,
    as sensible players play on), for every place that shows them; "" in other modes."""
    if not state.config.coop:
        return ""
    return f'<div class="pc-coop-note">{escape(words(lang).say("results.coop_note"))}</div>'


def copy_box_html(text: str, label: str = "", lang: str = DEFAULT_LANGUAGE) -> str:
    """A read-only text box with a button copying it to the clipboard (in the browser)."""
    label = label or words(lang).say("common.copy")
    copied = words(lang).say("common.copied")
    js = ("var t=this.parentNode.querySelector('textarea');t.select();"
          "(navigator.clipboard?navigator.clipboard.writeText(t.value):Promise.reject())"
          ".catch(function(){document.execCommand('copy')});"
          f"this.textContent='{escape(copied)}';var b=this;setTimeout(function(){{b.textContent="
          f"'{escape(label)}'}},1500);")
    return (f'<div class="pc-copy"><textarea readonly rows="2" spellcheck="false">'
            f'{escape(text)}</textarea><button type="button" class="pc-copy-btn" '
            f'onclick="{escape(js)}">{escape(label)}</button></div>')


def download_html(filename: str, data: Any, label: str) -> str:
    """A link that downloads ``data`` (JSON-encoded) as ``filename``."""
    payload = base64.b64encode(json.dumps(data, indent=1).encode()).decode()
    return (f'<a class="pc-download" download="{escape(filename)}" '
            f'href="data:application/json;base64,{payload}">{escape(label)}</a>')


@dataclass(frozen=True)
class Loaded:
    """What a user's text or file held: a position, and a whole game when it was one."""

    state: GameState
    game: Game | None = None


def read_position(text: str | bytes, components: Any = None) -> Loaded:
    """A position from a position string, a JSON position or a saved game (JSON).

    The engine's reader (:func:`precog.engine.read_position`): raises its
    :class:`PositionError` naming the field at fault or saying what was expected. Never
    evaluates the text.
    """
    loaded = engine_read_position(text, components)
    return Loaded(loaded.state, loaded.game)


def uploaded_bytes(value: Any) -> tuple[str, bytes] | None:
    """(name, content) of the first file of a FileUpload value, or None."""
    if not value:
        return None
    first = value[0]
    return str(first.get("name", "file")), bytes(first["content"])


def button(description: str, *, tooltip: str = "", style: str = "", icon: str = "",
           cls: str = "", width: str = "") -> widgets.Button:
    b = widgets.Button(description=description, tooltip=tooltip or description,
                       button_style=style, icon=icon)
    if width:
        b.layout.width = width
    if cls:
        b.add_class(cls)
    return b


def upload_button(label: str, accept: str, cls: str = "") -> widgets.FileUpload:
    """A one-file upload button that shows ``label`` and nothing else. ipywidgets 8 always
    writes the file count after an upload button's words ("Load (0)"), with no option to
    leave it out (jupyter-widgets/ipywidgets#2904, open); the label goes into the tooltip
    too, and the stylesheet (``.pc-upload``) draws the words from it in place of the widget's
    own."""
    b = widgets.FileUpload(accept=accept, multiple=False, description=label, tooltip=label)
    b.add_class("pc-upload")
    if cls:
        b.add_class(cls)
    return b


CLOSE_AFTER_S = 10.0
"""Replaced widgets are closed this long after they left the page, not at once."""
_replaced: list[tuple[float, list[Any]]] = []


def discard(items: Any) -> None:
    """Close widgets that are being replaced (and the widgets inside them), so a long session
    does not keep every widget it ever drew.

    They are closed on a later call, once they have been off the page for ``CLOSE_AFTER_S``:
    a browser may still be building the views of a box's previous children when the kernel
    replaces them, and a view of a closed widget then shows "Click to show javascript error"
    in the page (jupyter-widgets/ipywidgets#3264 and #2585; seen here when the explorer's tree
    was redrawn twice in quick succession).
    """
    now = time.monotonic()
    while _replaced and now - _replaced[0][0] >= CLOSE_AFTER_S:
        _close_all(_replaced.pop(0)[1])
    batch = list(items)
    if batch:
        _replaced.append((now, batch))


def _close_all(items: Any) -> None:
    for w in list(items):
        inner = getattr(w, "children", None)
        if inner:
            _close_all(inner)
        for part in ("layout", "style"):  # each widget has these as widgets of their own
            sub = getattr(w, part, None)
            if isinstance(sub, widgets.Widget) and not is_shared(sub):  # shared: kept
                sub.close()
        w.close()


def replace_children(box: Any, children: list[Any]) -> None:
    """Show ``children`` in ``box`` and close what it showed before."""
    old = list(box.children)
    box.children = children
    discard(old)
