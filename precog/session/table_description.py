"""A table description's plain data: its fields, a new one, what was typed in it.

The description itself is documented in :mod:`precog.session.table_entry` (what the "Your
table" page edits, saves and shares); this module holds its field names and limits, the blank
box a table is entered on when no box is loaded, and the readings of the data that change
nothing (the faces entered, the count of fields typed). The values of a hand-edited or hostile
file are read with :func:`small_int`, :func:`one_of` and :func:`list_or_empty`, which never
raise.
"""

from __future__ import annotations

from typing import Any

from precog.engine import Components, PrecogError
from precog.engine.box import box_from_data
from precog.session import table_steps as steps
from precog.session import table_tiles as tiles

FORMAT = "precog-table"
VERSION = 1
MODES = ("competitive", "team", "coop")
SETUPS = ("standard", "advanced")
RESOURCES = ("food", "healthy", "contaminated", "doctors", "protectors", "bane")
RESOURCE_MOST = {"food": 60, "healthy": 30, "contaminated": 30, "doctors": 10,
                 "protectors": 10, "bane": 30}
ZONES = ("hand", "decision_zone", "action_zone")
CARD_FIELDS = ("type", "season", "cost", "gain", "bonus", "bane", "name")
GAME_KEYS = ("players", "mode", "setup", "round", "seat", "phase", "step", "difficulty",
             "activated", "offer_source")


class TableEntryError(PrecogError):
    """A saved table or shared string that cannot be read (the message says why)."""


def blank_box() -> Components:
    """The table page's set when no box is loaded: every face unknown, cards, River tiles and
    Objectives (a real box nobody has typed in: faces are entered on the table or drawn from
    the reference set; a tile picked by id is the reference set's tile of that id)."""
    global _BLANK
    if _BLANK is None:
        _BLANK = box_from_data({"format": "precog-box", "version": 1, "name": "your table"},
                               "<blank box>")
    return _BLANK


_BLANK: Components | None = None


def new_description(players: int = 4, mode: str = "competitive") -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "players": players, "mode": mode,
            "setup": "standard", "round": 1, "seat": 0, "phase": "decision",
            "step": "choose", "difficulty": "normal", "activated": "", "offer_source": "cards",
            "seats": [{} for _ in range(players)], "river": [], "objectives": [],
            "mitigated": [], "objective_faces": []}


def entered_cards(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Every distinct face entered in ``data`` (the page's picker of cards already entered)."""
    out: list[dict[str, Any]] = []
    seats = data.get("seats", [])
    for s in seats if isinstance(seats, list) else []:
        for zone in ZONES:
            cards = s.get(zone, []) if isinstance(s, dict) else []
            for c in cards if isinstance(cards, list) else []:
                if isinstance(c, dict) and c and c not in out:
                    out.append(c)
    return out


def field_count(data: dict[str, Any]) -> int:
    """How many fields of ``data`` were typed (the page's measure of effort): a field left at
    its default is not counted."""
    default = new_description()
    n = sum(1 for k in GAME_KEYS if k != "step" and data.get(k, default[k]) != default[k])
    first = steps.STEPS.get(str(data.get("phase")), ("choose",))[0]
    n += data.get("step", first) not in (first, "", None)  # not the phase's first
    offer = data.get("offer")
    n += sum(1 for v in offer.values() if v not in ("", None, 0, "0")) \
        if isinstance(offer, dict) else 0
    for key in ("objectives", "mitigated"):
        n += len(data[key]) if isinstance(data.get(key), list) else 0
    for face in list_or_empty(data.get("objective_faces")):
        n += sum(1 for k in tiles.OBJECTIVE_FIELDS if isinstance(face, dict)
                 and face.get(k) not in ("", None)) + (isinstance(face, dict)
                                                       and face.get("flipped") is True)
    seats = data.get("seats", [])
    for s in seats if isinstance(seats, list) else []:
        if isinstance(s, dict):
            n += _seat_field_count(s)
    return n + sum(1 for t in list_or_empty(data.get("river")) if t not in ("", None, {}))


def _seat_field_count(seat: dict[str, Any]) -> int:
    """The fields typed at one seat: its lines, Prescient, resources, rooms, Batteries and
    each card's fields."""
    text = seat.get("lines")
    n = sum(1 for line in text.splitlines() if line.strip()) if isinstance(text, str) else 0
    n += sum(1 for k in ("prescient", *RESOURCES) if k in seat)
    rooms, batteries = seat.get("rooms"), seat.get("batteries")
    n += len(rooms) if isinstance(rooms, list) else 0
    n += sum(1 for b in batteries if str(b).strip() not in ("", "0")) \
        if isinstance(batteries, list) else 0
    return n + sum(len(c) for zone in ZONES for c in list_or_empty(seat.get(zone))
                   if isinstance(c, dict))


def one_of(value: Any, options: tuple[str, ...]) -> str:
    """``value`` when it is one of ``options`` (any other value, of any type: "")."""
    return value if isinstance(value, str) and value in options else ""


def list_or_empty(value: Any) -> list[Any]:
    """``value`` when it is a list, else an empty one."""
    return value if isinstance(value, list) else []


def small_int(value: Any) -> int | None:
    """A whole number as typed (an int, or ASCII digits of fewer than six), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit() \
            and len(value.strip()) < 6:  # "²" and "٣" are digits to isdigit(), not to int()
        return int(value.strip())
    return None
