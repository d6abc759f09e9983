"""The "Your table" page's layout: small builders of its fields and rows, and the words of
its checks (a field's label, the list of fields that do not fit).

:class:`~precog.widgets.table_page.TablePage` holds the widgets and forwards changes to the
draft; what the widgets are and where they sit is built here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape
from typing import Any

import ipywidgets as widgets

from precog.engine import PrecogError
from precog.engine.formulas import season_of
from precog.session.table_entry import MODES, SETUPS
from precog.widgets.common import button, stylesheet, title, upload_button

Say = Callable[..., str]

BOAT_WORDS = {"food": "boat_food", "healthy": "boat_healthy",
              "contaminated": "boat_contaminated", "doctors": "boat_doctors",
              "protectors": "boat_protectors", "bane": "boat_bane"}
CARD_PARTS = ("type", "season", "cost", "gain", "bonus", "name")
OFFER_PARTS = ("food", "human", "ymune", "heal", "battery")


def game_fields(say: Say) -> dict[str, widgets.Dropdown]:
    """The game's own fields: players, mode, setup, round and the seat to analyse for."""
    return {
        "players": widgets.Dropdown(description=say("table.players"), options=[2, 3, 4],
                                    value=4),
        "mode": widgets.Dropdown(description=say("table.mode"),
                                 options=[(say(f"text.mode_{m}"), m) for m in MODES]),
        "setup": widgets.Dropdown(description=say("table.setup"),
                                  options=[(say(f"setup.setup_{s}"), s) for s in SETUPS]),
        "round": widgets.Dropdown(description=say("table.round"), options=list(range(1, 13))),
        "seat": widgets.Dropdown(description=say("table.seat"),
                                 options=[(say("table.seat_n", n=n), n) for n in range(4)]),
    }


def style_game_fields(game: Mapping[str, widgets.Widget]) -> None:
    """Each game field named by a class, wide enough for its longest word (Russian)."""
    for key, w in game.items():
        w.add_class(f"pc-table-{key}")
        w.layout.width = "17em" if key == "mode" else "14em"
        w.style.description_width = "initial"  # a longer word (Russian) is not cut


def html(cls: str, value: str = "") -> widgets.HTML:
    w = widgets.HTML(value)
    w.add_class(cls)
    return w


def load_fields(say: Say) -> tuple[widgets.Textarea, widgets.Button, widgets.FileUpload]:
    """The text box a saved table is pasted into, its Load button and the file upload."""
    paste = widgets.Textarea(placeholder=say("table.load_tip"),
                             layout={"width": "40em", "height": "4em"})
    paste.add_class("pc-table-paste")
    return (paste, button(say("table.load"), cls="pc-table-load"),
            upload_button(say("table.load_file"), ".json,application/json", "pc-table-upload"))


def action_buttons(say: Say) -> tuple[widgets.Button, widgets.Button]:
    """"Analyse" and "Next round"."""
    return (button(say("table.analyse"), style="primary", cls="pc-table-analyse"),
            button(say("table_lines.next_round"), cls="pc-table-next-round",
                   tooltip=say("table_lines.next_round_tip"), width="max-content"))


def page_rows(page: Any) -> list[widgets.Widget]:
    """The page from top to bottom: the box, the game, the step, the seats, the River, the
    checks, the buttons, the answer right under the button that asked for it, and a load's
    message under the Load button."""
    say, game = page.say, page.game
    head = widgets.HTML(f'<p class="pc-intro">{escape(say("table.intro"))}</p>'
                        f'<p class="pc-hint-text">{escape(say("table.defaults"))}</p>')
    wrap = {"flex_flow": "row wrap"}
    return [
        stylesheet(), title("table.title", page.lang), head,
        widgets.HBox([page.box_source, page.box_note]),
        widgets.HBox([game["players"], game["mode"], game["setup"], game["difficulty"]],
                     layout=wrap),
        widgets.HBox([game["round"], game["phase"], game["step"], game["seat"]], layout=wrap),
        page.steps, page.objective_faces, page.seat_tabs, page.river,
        page.errors, widgets.HBox([page.analyse_button, page.next_round_button, page.save]),
        page.analysis,
        widgets.HBox([page.paste, widgets.VBox([page.load_button, page.upload])]),
        page.message]


def errors_html(errors: Mapping[str, str], say: Say, fields: int) -> str:
    """The fields that do not fit, each named and said why; or that the position fits."""
    if not errors:
        return f'<div class="pc-ok">{escape(say("table.ok", fields=fields))}</div>'
    items = "".join(f'<li data-field="{escape(k)}"><b>{escape(field_label(k, say))}</b>: '
                    f'{escape(v)}</li>' for k, v in sorted(errors.items()))
    head = escape(say("table.unfit", n=len(errors)))
    return f'<div class="pc-error">{head}<ul>{items}</ul></div>'


def field_label(path: str, say: Say) -> str:
    """``seats.1.decision_zone.0.cost`` -> "Seat 1 · Decision Zone card 1 · Cost"."""
    parts, out = path.split("."), []
    if parts[0] == "river" and len(parts) == 2 and parts[1].isdigit():
        k = int(parts[1])
        return say("table.river_place", round=k + 1, season=season_of(k + 1))
    if parts[0] == "objective_faces" and len(parts) >= 2 and parts[1].isdigit():
        out.append(say("table.objective_face_n", n=int(parts[1]) + 1))
        out += [say(f"table.objective_face_{p}") for p in parts[2:3]]
        return " · ".join(out)
    if parts[0] == "seats" and len(parts) > 1:
        out.append(say("table.seat_n", n=int(parts[1])))
        parts = parts[2:]
    if parts[:1] == ["lines"]:  # the message says which line
        return " · ".join([*out, say("table_lines.title")])
    if len(parts) >= 2 and parts[0] in ("hand", "decision_zone", "action_zone"):
        out.append(say("table.card_n", zone=say("table." + parts[0]), n=int(parts[1]) + 1))
        parts = parts[2:]
    for p in parts:
        key = f"card_{p}" if p in CARD_PARTS else BOAT_WORDS.get(p, p)
        if out and out[-1] == say("table.offer") and p in OFFER_PARTS:
            key = f"offer_{p}"
        try:
            out.append(say(f"table.{key}"))
        except PrecogError:  # a number (a machine, a River place) or an unnamed part
            out.append(str(int(p) + 1) if p.isdigit() else p)
    return " · ".join(out)
