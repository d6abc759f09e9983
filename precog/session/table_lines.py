"""A seat typed as a few lines, one per zone, as a player reads it off the table.

::

    prescient: kartus
    boat: food 5, healthy 4, doctors 2
    rooms: R03, R10
    batteries: 0 1 0 0 2 0
    hand: drif, salvage crate
    decision: ymune shrine, old sub ·D11

A line starts with its zone's word (English or the page's language; any beginning that tells
it apart: ``h:`` is the hand); a line without one that reads as amounts is the Boat. Cards,
rooms and Prescients are named: any beginning of the name (or of one of its words) that only
one name has completes it ("drif" → Drifting raft), in English or the page's language. The
reference set's four decks share their names, so a card named alone is the copy of the seat's
own deck (its Prescient's) in the hand and on the Action Zone's G slot, of the left
neighbour's deck in the Decision Zone (they gave it), of the right neighbour's on the R slot;
another deck's copy takes the card's mark (``·K05``, or ``K05`` alone). A Boat line is the
whole Boat: what it does not name is 0. Card faces come from the table's box when it names
its cards, else from the reference set.

:func:`read_lines` gives the seat's fields (what :class:`~precog.session.table_entry.TableDraft`
reads: ``{"name": ...}`` or ``{"card": "K05"}`` per card), each line as read (the page shows
it beside the text: the completion) and a :class:`TableLineError` per line that does not
fit. :func:`carry_forward` is the previous round's table as the start of the next.

>>> read = read_lines("hand: drif, salv")
>>> read.seat["hand"], read.shown
([{'name': 'Drifting raft'}, {'name': 'Salvage crate'}], ['hand: Drifting raft, Salvage crate'])
>>> read_lines("hand: s").errors[0].why.code.value
'table.line_ambiguous'
"""

from __future__ import annotations

import copy
import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from precog.engine import Components, PrecogError, reference_components
from precog.engine.problems import Problem
from precog.session.errors import SessionCode
from precog.session.names import component_name, quoted_name
from precog.session.words import DEFAULT_LANGUAGE, words

__all__ = ["LineRead", "TableLineError", "carry_forward", "complete", "read_lines"]

KEYS = ("prescient", "boat", "rooms", "batteries", "hand", "decision_zone", "action_zone")
CARD_ZONES = ("hand", "decision_zone", "action_zone")
BOAT = ("food", "healthy", "contaminated", "doctors", "protectors", "bane")
BOAT_WORDS = {"doctor": "doctors", "protector": "protectors", "human": "healthy",
              "humans": "healthy"}
MACHINES = 6
MAX_LINES = 20
MAX_LINE = 300
MARK = re.compile(r"^(?P<name>.*?)\s*·?\s*\b(?P<id>[A-Za-z]\d{2})$")


class TableLineError(PrecogError):
    """A line of a seat that does not fit (its code says why; ``line`` counts from 1)."""

    def __init__(self, problem: Problem, line: int) -> None:
        super().__init__(Problem.of(SessionCode.TABLE_LINE, line=line, why=problem))
        self.line, self.why = line, problem


@dataclass
class LineRead:
    """A seat's lines read: its fields, each line as understood, what did not fit."""

    seat: dict[str, Any] = field(default_factory=dict)
    shown: list[str] = field(default_factory=list)
    errors: list[TableLineError] = field(default_factory=list)


def named_box(box: Components | None) -> Components:
    """Where names are looked up: ``box`` when it names its cards, else the reference set."""
    if box is not None and any(c.name for c in box.cards.values()):
        return box
    return reference_components()


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("ё", "е").split())


def complete(typed: str, names: Iterable[str], lang: str) -> list[str]:
    """The names (English, as the set spells them) that ``typed`` may mean: one when it tells
    a name apart (the whole name, the beginning of the name, of one of its words, or a part
    of it, in English or ``lang``); several when it does not; none when nothing fits."""
    want = _norm(typed)
    spelled = {name: {_norm(name), _norm(component_name(name, lang))}
               for name in dict.fromkeys(names) if name}
    tests = (lambda s: s == want, lambda s: s.startswith(want),
             lambda s: any(w.startswith(want) for w in s.split()), lambda s: want in s)
    for test in tests:
        found = [name for name, forms in spelled.items() if any(test(s) for s in forms)]
        if found:
            return found
    return []


def _key_words(lang: str) -> dict[str, list[str]]:
    """Each line key's words: English and the page language's (``table_lines`` in app.toml)."""
    out: dict[str, list[str]] = {}
    for language in dict.fromkeys((DEFAULT_LANGUAGE, lang)):
        say = words(language).say
        for key in KEYS:
            out.setdefault(key, []).extend(_norm(w) for w in say(f"table_lines.{key}").split("|"))
    return out


def read_lines(text: str, box: Components | None = None, lang: str = DEFAULT_LANGUAGE
               ) -> LineRead:
    """The seat's lines: its fields, each line as read, each line that does not fit (a card
    named alone is the copy of the seat's deck: the table's build picks it)."""
    out = LineRead()
    named = named_box(box)
    keys = _key_words(lang)
    lines = (text or "").splitlines()
    if len(lines) > MAX_LINES:
        out.errors.append(TableLineError(Problem.of(SessionCode.TABLE_LINE_LONG, limit=MAX_LINES),
                                         MAX_LINES + 1))
        lines = lines[:MAX_LINES]
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            key, shown = _read_line(line, keys, named, out.seat, lang)
        except _Unfit as unfit:
            out.errors.append(TableLineError(unfit.problem, number))
            continue
        out.shown.append(f"{words(lang).say(f'table_lines.{key}').split('|')[0]}: {shown}")
    return out


class _Unfit(Exception):
    def __init__(self, problem: Problem) -> None:
        super().__init__(problem)
        self.problem = problem


def _read_line(line: str, keys: dict[str, list[str]], named: Components,
               seat: dict[str, Any], lang: str) -> tuple[str, str]:
    """One line into ``seat``: its key and what it was read as."""
    if len(line) > MAX_LINE:
        raise _Unfit(Problem.of(SessionCode.TABLE_LINE_LONG, limit=MAX_LINE))
    head, colon, rest = line.partition(":")
    if not colon:
        key, rest = "boat", line
    else:
        key = _which_key(head, keys, lang)
    rest = rest.strip()
    if key == "boat":
        return key, _boat(rest, seat, lang)
    if key == "batteries":
        return key, _batteries(rest, seat)
    items = [p.strip() for p in re.split(r"[,;]", rest) if p.strip()]
    if key == "prescient":
        if len(items) != 1:
            raise _Unfit(Problem.of(SessionCode.TABLE_LINE_COUNT, n=1, got=len(items)))
        code = _one(items[0], {**{c: c for c in named.prescients},
                               **{n: c for c, n in named.prescients.items()}},
                    SessionCode.TABLE_LINE_NO_PRESCIENT, lang)
        seat["prescient"] = code
        return key, f"{component_name(named.prescients[code], lang)} ({code})"
    if key == "rooms":
        if len(items) != 2:
            raise _Unfit(Problem.of(SessionCode.TABLE_LINE_COUNT, n=2, got=len(items)))
        table = {**{r.id: r.id for r in named.rooms}, **{r.name: r.id for r in named.rooms}}
        ids = [_one(item, table, SessionCode.TABLE_LINE_NO_ROOM, lang) for item in items]
        seat["rooms"] = ids
        return key, ", ".join(f"{component_name(named.room_by_id[r].name, lang)} ({r})"
                              for r in ids)
    if len(items) > 2:
        raise _Unfit(Problem.of(SessionCode.TABLE_LINE_COUNT, n=2, got=len(items)))
    cards = [_card(item, named, lang) for item in items]
    seat[key] = [c for c, _ in cards]
    return key, ", ".join(s for _, s in cards)


def _which_key(head: str, keys: dict[str, list[str]], lang: str) -> str:
    want = _norm(head)
    found = [k for k, forms in keys.items() if any(f == want for f in forms)] or [
        k for k, forms in keys.items()
        if want and any(f.startswith(want) or any(w.startswith(want) for w in f.split())
                        for f in forms)]
    if len(found) == 1:
        return found[0]
    shown = ", ".join(words(lang).say(f"table_lines.{k}").split("|")[0] for k in KEYS)
    if found:
        raise _Unfit(Problem.of(SessionCode.TABLE_LINE_AMBIGUOUS, got=head.strip(),
                                options=", ".join(
            words(lang).say(f"table_lines.{k}").split("|")[0] for k in found)))
    raise _Unfit(Problem.of(SessionCode.TABLE_LINE_KEY, got=head.strip(), keys=shown))


def _one(typed: str, table: dict[str, str], code: SessionCode, lang: str) -> str:
    """The id ``typed`` names among ``table`` (name or id -> id)."""
    exact = {_norm(k): v for k, v in table.items()}
    if _norm(typed) in exact:
        return exact[_norm(typed)]
    found = {table[n] for n in complete(typed, table, lang)}
    if len(found) == 1:
        return found.pop()
    if found:
        raise _Unfit(Problem.of(SessionCode.TABLE_LINE_AMBIGUOUS, got=typed,
                                options=", ".join(sorted(found))))
    raise _Unfit(Problem.of(code, got=typed, hint=_close(typed, table, lang)))


def _close(typed: str, names: Iterable[str], lang: str) -> Problem | str:
    spelled = {component_name(n, lang): n for n in names}
    near = difflib.get_close_matches(typed, list(spelled), n=1, cutoff=0.6)
    return Problem.of(SessionCode.TABLE_LINE_CLOSE, close=near[0]) if near else ""


def _card(item: str, named: Components, lang: str) -> tuple[dict[str, str], str]:
    """A card named (completed) or marked: its entry and how the page shows it."""
    match = MARK.match(item)
    if match and match["id"].upper() in named.cards:
        ident = match["id"].upper()
        card = named.cards[ident]
        if match["name"].strip() and card.name not in complete(match["name"], [card.name], lang):
            raise _Unfit(Problem.of(SessionCode.TABLE_LINE_MARK, mark=ident,
                                    name=quoted_name(card.name, lang), got=match["name"].strip()))
        return {"card": ident}, words(lang).say(
            "card.marked", name=component_name(card.name, lang), id=ident)
    names = sorted({c.name for c in named.cards.values() if c.name})
    found = complete(item, names, lang)
    if len(found) == 1:
        return {"name": found[0]}, component_name(found[0], lang)
    if found:
        options = ", ".join(quoted_name(n, lang) for n in found[:6]) + (
            ", …" if len(found) > 6 else "")
        raise _Unfit(Problem.of(SessionCode.TABLE_LINE_AMBIGUOUS, got=item, options=options))
    raise _Unfit(Problem.of(SessionCode.TABLE_LINE_NO_CARD, got=item, hint=_close(item, names,
                                                                                  lang)))


def _boat(text: str, seat: dict[str, Any], lang: str) -> str:
    """``food 5, healthy 4`` (``5 food``; any beginning of a word that tells it apart, in
    English or ``lang``: ``f 5, h 4``) as the seat's whole Boat (what it does not name: 0)."""
    say = words(lang).say
    forms = {**{k: k for k in BOAT}, **BOAT_WORDS,
             **{_norm(say(f"table.boat_{k}")): k for k in BOAT}}
    amounts: dict[str, int] = {}
    parts = [p.strip() for p in re.split(r"[,;]", text) if p.strip()]
    for part in parts or [text]:
        match = re.fullmatch(r"(\d{1,2})\s*(\D+?)|(\D+?)\s*(\d{1,2})", part)
        if match is None:
            raise _Unfit(Problem.of(SessionCode.TABLE_LINE_BOAT, got=part))
        word = _norm(match.group(2) or match.group(3))
        found = {forms[f] for f in forms if f == word} or {
            forms[f] for f in forms if f.startswith(word)}
        if len(found) != 1:
            raise _Unfit(Problem.of(SessionCode.TABLE_LINE_BOAT, got=part))
        amounts[found.pop()] = int(match.group(1) or match.group(4))
    for key in BOAT:  # the line says the whole Boat: what it does not name is 0
        seat[key] = str(amounts.get(key, 0))
    return ", ".join(f"{say(f'table.boat_{k}')} {amounts[k]}" for k in BOAT if k in amounts)


def _batteries(text: str, seat: dict[str, Any]) -> str:
    parts = [p for p in re.split(r"[\s,;]+", text) if p]
    if not parts or len(parts) > MACHINES or not all(p.isascii() and p.isdigit()
                                                     and len(p) == 1 for p in parts):
        raise _Unfit(Problem.of(SessionCode.TABLE_LINE_BATTERIES, got=text.strip(), n=MACHINES))
    values = parts + ["0"] * (MACHINES - len(parts))
    seat["batteries"] = values
    return " ".join(values)


def lines_of(seat: dict[str, Any], box: Components | None, lang: str) -> str:
    """The lines that say a seat's named fields (what a loaded table shows in its text)."""
    say = words(lang).say
    named = named_box(box)
    out = []
    if seat.get("prescient"):
        out.append(f"{say('table_lines.prescient').split('|')[0]}: {seat['prescient']}")
    boat = [f"{say(f'table.boat_{k}').lower()} {seat[k]}" for k in BOAT
            if str(seat.get(k, "")).strip()]
    if boat:
        out.append(f"{say('table_lines.boat').split('|')[0]}: {', '.join(boat)}")
    if isinstance(seat.get("rooms"), list) and seat["rooms"]:
        out.append(f"{say('table_lines.rooms').split('|')[0]}: {', '.join(seat['rooms'])}")
    if isinstance(seat.get("batteries"), list) and seat["batteries"]:
        out.append(f"{say('table_lines.batteries').split('|')[0]}: "
                   + " ".join(str(b) for b in seat["batteries"]))
    for zone in CARD_ZONES:
        cards = seat.get(zone)
        if not isinstance(cards, list) or not cards:
            continue
        shown = [_card_text(c, named, lang) for c in cards if isinstance(c, dict)]
        if all(shown):
            out.append(f"{say(f'table_lines.{zone}').split('|')[0]}: {', '.join(shown)}")
    return "\n".join(out)


def _card_text(card: dict[str, Any], named: Components, lang: str) -> str:
    if card.get("card") in named.cards:
        c = named.cards[card["card"]]
        return words(lang).say("card.marked", name=component_name(c.name, lang), id=c.id)
    if card.get("name") and set(card) == {"name"}:
        return component_name(str(card["name"]), lang)
    return ""  # a card typed by its face: its own form says it


def typed_table(example: dict[str, Any]) -> dict[str, Any]:
    """A table description from a typed example (``docs/examples/round6_table.toml``: the
    round, the chosen seat, each seat's lines, the River by what each tile does)."""
    seats = example.get("seats", [])
    return {"format": "precog-table", "version": 1, "players": len(seats) or 4,
            "mode": "competitive", "setup": "standard", "round": example.get("round", 1),
            "seat": example.get("seat", 0), "phase": "decision", "step": "choose",
            "seats": [{"lines": s.get("lines", "")} for s in seats],
            "river": [{"effect": e} if e else "" for e in example.get("river", [])]}


def carry_forward(data: dict[str, Any]) -> dict[str, Any]:
    """The table of the next round from this round's: the game, every seat's Prescient, Boat,
    rooms and Batteries kept (the player types what changed); the cards, which change every
    round, and the step cleared; the River kept (one more place to type)."""
    out = copy.deepcopy(data)
    round_ = out.get("round")
    out["round"] = min(12, round_ + 1) if isinstance(round_, int) else 1
    out["phase"], out["step"], out["activated"] = "decision", "choose", ""
    out.pop("offer", None)
    seats = out.get("seats")
    for seat in seats if isinstance(seats, list) else []:
        if isinstance(seat, dict):
            for zone in CARD_ZONES:
                seat.pop(zone, None)
            if isinstance(seat.get("lines"), str):
                seat["lines"] = _without_cards(seat["lines"])
    return out


def _without_cards(text: str) -> str:
    """A seat's lines without its card lines (any language's keys)."""
    keys: dict[str, list[str]] = {}
    for lang in ("en", "ru"):
        for key, forms in _key_words(lang).items():
            keys.setdefault(key, []).extend(forms)
    kept = []
    for line in text.splitlines():
        head, colon, _rest = line.partition(":")
        try:
            key = _which_key(head, keys, DEFAULT_LANGUAGE) if colon else "boat"
        except _Unfit:
            key = ""
        if key not in CARD_ZONES:
            kept.append(line)
    return "\n".join(kept)
