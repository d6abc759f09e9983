"""Your table: a real game's position entered by hand, field by field (no widgets here).

A *table description* is plain data (what the "Your table" page edits, saves and shares)::

    {"format": "precog-table", "version": 1, "players": 4, "mode": "competitive",
     "setup": "standard", "round": 6, "seat": 0,
     "seats": [{"prescient": "D", "food": 5, "healthy": 4, "rooms": ["R03", "R10"],
                "batteries": [0, 1, 0, 0, 2, 0],
                "hand": [{"type": "Food", "season": "2", "cost": "1", "gain": "3"}],
                "decision_zone": [...]}, ...],
     "river": [{"effect": "food 2, human 1"}, "W1b", "", ...],
     "box": {"name": "my box", "fingerprint": "box-…", "toml": "…"}}

and, at a later step, ``"phase"``/``"step"`` (:data:`~precog.session.table_steps.STEPS`;
the step is the chosen seat's), each seat's ``"action_zone"`` (the card kept, the card
received), ``"activated"`` (both, G or R: the gains step), ``"offer"`` and
``"offer_source"`` (what is left to place, when not all the cards' gains), and in co-op
``"difficulty"``, ``"objectives"`` (the revealed tiles' ids), ``"mitigated"`` and
``"objective_faces"`` (revealed tiles typed by their face). River places and Objective faces
are read by :mod:`precog.session.table_tiles`. ``"box"`` is written on saving only
(:meth:`TableDraft.saved`): the box the table was entered on, with the box file's text when
one was loaded, so that the table alone restores it (:meth:`TableDraft.load_text`).

Everything left out takes a default: the game is played by the sensible player from a fixed
seed to the step entered (by default the start of the round's Decision phase), and what is
entered replaces what that game has. Cards are entered by their *face* (type, season, Cost
and gain as a number or X, bonus, Bane, name), as printed on the real card; each becomes a
card of the right deck, season and type of the box (by default a box with every face
unknown, cards, River tiles and Objectives: each face not entered is drawn from the reference
set's faces of its deck, season and type, or of its season for a tile). Rooms are the two in play at
each seat (either setup), by id.

:meth:`TableDraft.build` gives the position or, for every field that does not fit, its
message (keyed by the field's path, e.g. ``seats.1.decision_zone.0.cost``); the draft is never
changed by a failed build. :func:`for_seat` is the position as one seat may know it: every
hidden part (other hands, deck orders, unseen faces) redrawn.
"""

from __future__ import annotations

import base64
import copy
import json
import random
import zlib
from dataclasses import dataclass, field, fields, replace
from typing import Any

from precog.engine import (
    Components,
    GameState,
    PrecogError,
    determinize,
    from_json,
    new_game,
    to_json,
)
from precog.engine.box import MAX_BOX_BYTES, box_from_data, load_box_text
from precog.engine.components import Card
from precog.engine.faces import Face, face_of, face_values, faces_json, world_with
from precog.engine.problems import Problem
from precog.engine.serialize import MAX_JSON_DEPTH as MAX_DEPTH
from precog.engine.serialize import json_depth
from precog.session import table_lines as lines
from precog.session import table_steps as steps
from precog.session import table_tiles as tiles
from precog.session.box import BoxDraft, CardEntry
from precog.session.errors import SessionCode
from precog.session.words import DEFAULT_LANGUAGE, words

FORMAT = "precog-table"
VERSION = 1
PREFIX = "precog-table"
SEED = 1  # the default game's seed
SEEDS = 40  # seeds tried when a default co-op game is lost before the round
MODES = ("competitive", "team", "coop")
SETUPS = ("standard", "advanced")
RESOURCES = ("food", "healthy", "contaminated", "doctors", "protectors", "bane")
RESOURCE_MOST = {"food": 60, "healthy": 30, "contaminated": 30, "doctors": 10,
                 "protectors": 10, "bane": 30}
ZONES = ("hand", "decision_zone", "action_zone")
CARD_FIELDS = ("type", "season", "cost", "gain", "bonus", "bane", "name")
MAX_TEXT = 200_000 + 3 * MAX_BOX_BYTES  # a saved table (its box included) or shared string
BOX_KEYS = ("name", "fingerprint", "toml")


class TableEntryError(PrecogError):
    """A saved table or shared string that cannot be read (the message says why)."""


@dataclass
class Built:
    """A build: the position (None when a field does not fit) and each field's message."""

    state: GameState | None = None
    errors: dict[str, str] = field(default_factory=dict)


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


GAME_KEYS = ("players", "mode", "setup", "round", "seat", "phase", "step", "difficulty",
             "activated", "offer_source")


class TableDraft:
    """The table entered so far (``data``: a table description) and its box."""

    def __init__(self, data: dict[str, Any] | None = None, box: Components | None = None,
                 lang: str = DEFAULT_LANGUAGE) -> None:
        self.data = data if data is not None else new_description()
        self.box = box if box is not None else blank_box()
        self.box_text: str | None = None  # the box file's text, when one was loaded
        self.lang = lang
        self.say = words(lang).say

    # ------------------------------------------------------------ editing
    def seat(self, n: int) -> dict[str, Any]:
        seats: list[dict[str, Any]] = self.data.setdefault("seats", [])
        while len(seats) <= n:
            seats.append({})
        return seats[n]

    def set_card(self, seat: int, zone: str, index: int, card: dict[str, Any]) -> None:
        cards: list[dict[str, Any]] = self.seat(seat).setdefault(zone, [])
        while len(cards) <= index:
            cards.append({})
        cards[index] = {k: str(v) for k, v in card.items() if k in CARD_FIELDS and str(v)}

    def entered_cards(self) -> list[dict[str, Any]]:
        """Every distinct face entered so far (the page's picker of cards already entered)."""
        out: list[dict[str, Any]] = []
        seats = self.data.get("seats", [])
        for s in seats if isinstance(seats, list) else []:
            for zone in ZONES:
                cards = s.get(zone, []) if isinstance(s, dict) else []
                for c in cards if isinstance(cards, list) else []:
                    if isinstance(c, dict) and c and c not in out:
                        out.append(c)
        return out

    def field_count(self) -> int:
        """How many fields were typed (the page's measure of effort): a field left at its
        default is not counted."""
        default = new_description()
        n = sum(1 for k in GAME_KEYS if k != "step"
                and self.data.get(k, default[k]) != default[k])
        first = steps.STEPS.get(str(self.data.get("phase")), ("choose",))[0]
        n += self.data.get("step", first) not in (first, "", None)  # not the phase's first
        offer = self.data.get("offer")
        n += sum(1 for v in offer.values() if v not in ("", None, 0, "0")) \
            if isinstance(offer, dict) else 0
        for key in ("objectives", "mitigated"):
            n += len(self.data[key]) if isinstance(self.data.get(key), list) else 0
        for face in _list(self.data.get("objective_faces")):
            n += sum(1 for k in tiles.OBJECTIVE_FIELDS if isinstance(face, dict)
                     and face.get(k) not in ("", None)) + (isinstance(face, dict)
                                                           and face.get("flipped") is True)
        seats = self.data.get("seats", [])
        for s in seats if isinstance(seats, list) else []:
            if not isinstance(s, dict):
                continue
            text = s.get("lines")
            n += sum(1 for line in text.splitlines() if line.strip()) \
                if isinstance(text, str) else 0
            n += sum(1 for k in ("prescient", *RESOURCES) if k in s)
            rooms, batteries = s.get("rooms"), s.get("batteries")
            n += len(rooms) if isinstance(rooms, list) else 0
            n += sum(1 for b in batteries if str(b).strip() not in ("", "0")) \
                if isinstance(batteries, list) else 0
            n += sum(len(c) for zone in ZONES for c in _list(s.get(zone))
                     if isinstance(c, dict))
        return n + sum(1 for t in _list(self.data.get("river")) if t not in ("", None, {}))

    # ------------------------------------------------------------ checking and building
    def shape(self, kind: str) -> str:
        """What a field of a hand-edited file should have been (``[table] shape_<kind>``)."""
        return self.say("table.bad_shape", what=self.say(f"table.shape_{kind}"))

    def build(self) -> Built:
        """The position the draft describes, or the message of every field that does not fit.
        The draft itself is never changed."""
        out = Built()
        data = copy.deepcopy(self.data)
        if not isinstance(data, dict):
            out.errors["table"] = self.say("table.bad_file", why=self.say("table.not_a_table"))
            return out
        self._shape(data, out.errors)
        if out.errors:
            return out
        self._read_lines(data, out.errors)
        config = self._config(data, out.errors)
        if out.errors:
            return out
        try:
            state = default_state(self.box, config)
        except PrecogError as err:
            out.errors["round"] = words(self.lang).error(err)
            return out
        position = to_json(state)
        steps.set_rooms(position, self.box, config["rooms"], config["setup"] == "advanced")
        steps.set_step(position, config)
        faces: dict[str, Face] = {}
        for n in range(config["players"]):
            seat = data["seats"][n] if n < len(data.get("seats", [])) else {}
            self._seat(n, seat, position["players"][n], out.errors)
            for zone in ZONES:
                for i, raw in enumerate(seat.get(zone, []) or []):
                    if raw:
                        self._card(f"seats.{n}.{zone}.{i}", raw, position, n, zone, i, faces,
                                   out.errors, state.season,
                                   config["decks"][_giver(state, n, zone, i)])
        shown = config["round"] - (0 if config["phase"] == "river" else 1)
        tiles.place_river(self.box, _list(data.get("river")), shown, position, faces,
                          out.errors, self.say, self.lang)
        if config["mode"] == "coop":
            steps.place_objectives(position, self.box, _list(data.get("objectives")),
                                   _list(data.get("mitigated")), state.season,
                                   self._fail(out.errors))
            for tile_id, _m in position["objectives"]:
                if tile_id in self.box.unknown:  # picked by id: the reference set's tile
                    faces[tile_id] = face_of(self.box, tile_id)
            tiles.place_objective_faces(self.box, _list(data.get("objective_faces")),
                                        state.season, position, faces, out.errors,
                                        self.say, self.lang)
        if out.errors:
            return out
        for p in position["players"]:  # a face swapped in from a deck keeps it stacked
            p["deck"] = sorted(p["deck"], key=lambda c: self.box.cards[c].season)
        world = world_with(self.box, faces, random.Random(SEED))
        position["components"]["faces"] = faces_json(world)
        try:
            built = from_json(position, self.box)
            out.state = self._advance(built, data, config, out.errors)
        except PrecogError as err:
            out.errors["position"] = words(self.lang).error(err)
            out.state = None
        if out.state is not None:
            problem = steps.step_problem(out.state, config)
            if problem:
                out.errors["step"] = self.say(problem, n=config["seat"])
                out.state = None
        if out.errors:
            out.state = None
        return out

    def _advance(self, state: GameState, data: dict[str, Any], config: dict[str, Any],
                 errors: dict[str, str]) -> GameState | None:
        """The seat's own moves before its step, by the engine; then the seat's Boat as
        entered (it is the Boat now) and the offer left to place."""
        if config["step"] not in ("gains", "coop"):
            return state
        try:
            state = steps.advance(state, config, SEED)
        except PrecogError as err:
            errors["activated"] = words(self.lang).error(err)
            return None
        position = to_json(state)
        n = config["seat"]
        seat = data["seats"][n] if n < len(data.get("seats", [])) else {}
        self._seat(n, seat, position["players"][n], errors)
        if config["step"] == "gains":
            self._offer(data, position, errors)
        if errors:
            return None
        return from_json(position, self.box)

    def _offer(self, data: dict[str, Any], position: dict[str, Any],
               errors: dict[str, str]) -> None:
        """What is left to place, when entered (else the engine's offer of the cards)."""
        offer = data.get("offer")
        if not isinstance(offer, dict) or not any(v not in ("", None) for v in offer.values()):
            return
        pending: dict[str, int] = {}
        for key in steps.OFFER:
            raw = offer.get(key, 0)
            value = _int(raw if raw not in ("", None) else 0)
            if value is None or not 0 <= value <= 30:
                errors[f"offer.{key}"] = self.say("table.bad_number", low=0, high=30)
            elif value:
                pending[key] = value
        source = data.get("offer_source") or "cards"
        if source not in steps.OFFER_SOURCES:
            errors["offer_source"] = self.say("table.bad_choice",
                                              options=", ".join(steps.OFFER_SOURCES))
        position["pending"], position["pending_source"] = pending, source

    def _fail(self, errors: dict[str, str]) -> Any:
        def fail(path: str, key: str, values: dict[str, Any]) -> None:
            errors[path] = self.say(key, **values)
        return fail

    def _shape(self, data: dict[str, Any], errors: dict[str, str]) -> None:
        """Lists where lists belong, tables where tables belong (a hand-edited or hostile
        file), each wrong one named."""
        if not isinstance(data.get("seats", []), list) or len(data.get("seats", [])) > 4:
            errors["seats"] = self.shape("seats")
            return
        if not isinstance(data.get("river", []), list) or len(data.get("river", [])) > 12:
            errors["river"] = self.shape("river")
        for n, seat in enumerate(data.get("seats", [])):
            if not isinstance(seat, dict):
                errors[f"seats.{n}"] = self.shape("table")
                continue
            if not isinstance(seat.get("batteries", []), list):
                errors[f"seats.{n}.batteries"] = self.shape("list")
            for zone in ZONES:
                cards = seat.get(zone, [])
                if not isinstance(cards, list) or len(cards) > 2 or not all(
                        isinstance(c, dict) for c in cards):
                    errors[f"seats.{n}.{zone}"] = self.shape("zone")

    def _config(self, data: dict[str, Any], errors: dict[str, str]) -> dict[str, Any]:
        say = self.say
        mode = data.get("mode", "competitive")
        if mode not in MODES:
            errors["mode"] = say("table.bad_choice", options=", ".join(MODES))
        players = _int(data.get("players", 4))
        if players is None or not 2 <= players <= 4 or (mode == "team" and players != 4):
            errors["players"] = say("table.bad_players")
        setup = data.get("setup", "standard")
        if setup not in SETUPS:
            errors["setup"] = say("table.bad_choice", options=", ".join(SETUPS))
        round_ = _int(data.get("round", 1))
        if round_ is None or not 1 <= round_ <= 12:
            errors["round"] = say("table.bad_number", low=1, high=12)
        seat = _int(data.get("seat", 0))
        if seat is None or players is None or not 0 <= seat < max(players, 1):
            errors["seat"] = say("table.bad_number", low=1, high=players or 4)
        phase = _choice(data.get("phase") or "decision", tuple(steps.STEPS))
        if not phase:
            errors["phase"] = say("table.bad_choice", options=", ".join(steps.STEPS))
        step = data.get("step") or steps.STEPS.get(phase, ("",))[0]
        if not isinstance(step, str):
            errors["step"] = say("table.bad_choice", options=", ".join(
                steps.STEPS.get(phase, ())))
        elif phase and step not in steps.STEPS[phase]:
            step = steps.STEPS[phase][0]  # a step of another phase: the phase's first
        if step in steps.COOP_STEPS and mode != "coop":
            errors["step"] = say("table.coop_only")
        difficulty = _choice(data.get("difficulty") or "normal", steps.DIFFICULTIES)
        if not difficulty:
            errors["difficulty"] = say("table.bad_choice",
                                       options=", ".join(steps.DIFFICULTIES))
        activated = data.get("activated") or ""
        if activated and not _choice(activated, steps.SLOTS):
            errors["activated"] = say("table.bad_choice", options=", ".join(steps.SLOTS))
        for key in ("objectives", "mitigated", "objective_faces"):
            if not isinstance(data.get(key, []) or [], list) or len(
                    data.get(key, []) or []) > 15:
                errors[key] = self.shape("tiles")
        seats = data.get("seats", []) or []
        decks = [s.get("prescient") for s in seats[:players or 0] if isinstance(s, dict)]
        known = list(self.box.decks)
        for n, code in enumerate(decks):
            if code is not None and (not isinstance(code, str) or code not in known):
                errors[f"seats.{n}.prescient"] = say("table.bad_choice",
                                                     options=", ".join(known))
        chosen = [c for c in decks if c and isinstance(c, str)]
        if len(set(chosen)) != len(chosen):
            errors["seats.0.prescient"] = say("table.same_prescient")
        self._check_rooms(seats[:players or 0], errors)
        if errors:
            return {}
        assert players is not None and round_ is not None
        free = [c for c in known if c not in chosen]
        full = [(decks[n] if n < len(decks) and decks[n] else free.pop(0))
                for n in range(players)]
        rooms = [s.get("rooms") if isinstance(s, dict) else None for s in seats[:players]]
        return {"players": players, "mode": mode, "setup": setup, "round": round_,
                "decks": full, "rooms": rooms, "phase": phase, "step": step, "seat": seat,
                "difficulty": difficulty, "activated": activated}

    def _check_rooms(self, seats: list[Any], errors: dict[str, str]) -> None:
        """Each seat's rooms: the two in play, ids of the box, no room at two seats."""
        per = 2
        ids = [r.id for r in self.box.rooms]
        seen: set[str] = set()
        for n, seat in enumerate(seats):
            rooms = seat.get("rooms") if isinstance(seat, dict) else None
            if not rooms:
                continue
            if (not isinstance(rooms, list) or len(rooms) != per
                    or any(r not in ids for r in rooms)):
                errors[f"seats.{n}.rooms"] = self.say("table.bad_rooms", n=per,
                                                      ids=", ".join(ids))
            elif seen & set(rooms) or len(set(rooms)) != per:
                errors[f"seats.{n}.rooms"] = self.say("table.room_twice")
            else:
                seen |= set(rooms)

    def _seat(self, n: int, seat: dict[str, Any], player: dict[str, Any],
              errors: dict[str, str]) -> None:
        for key in RESOURCES:
            if key in seat and seat[key] not in ("", None):
                value = _int(seat[key])
                if value is None or not 0 <= value <= RESOURCE_MOST[key]:
                    errors[f"seats.{n}.{key}"] = self.say("table.bad_number", low=0,
                                                         high=RESOURCE_MOST[key])
                else:
                    player[key] = value
        batteries = seat.get("batteries")
        if batteries:
            if len(batteries) != len(player["batteries"]):
                errors[f"seats.{n}.batteries"] = self.say("table.bad_batteries",
                                                          n=len(player["batteries"]))
                return
            for m, b in enumerate(batteries):
                value = _int(b if b not in ("", None) else 0)
                if value is None or not 0 <= value <= 9:
                    errors[f"seats.{n}.batteries.{m}"] = self.say("table.bad_number", low=0,
                                                                  high=9)
                else:
                    player["batteries"][m] = value

    def _read_lines(self, data: dict[str, Any], errors: dict[str, str]) -> None:
        """Each seat's lines (:mod:`~precog.session.table_lines`) over its fields: what a
        line names replaces the field; a line that does not fit is named by its number."""
        for n, seat in enumerate(data.get("seats", [])):
            text = seat.pop("lines", None)
            if text is None:
                continue
            if not isinstance(text, str):
                errors[f"seats.{n}.lines"] = self.shape("text")
                continue
            read = lines.read_lines(text, self.box, self.lang)
            for err in read.errors:
                errors[f"seats.{n}.lines.{err.line}"] = words(self.lang).error(err)
            seat.update(read.seat)

    def _named_face(self, raw: dict[str, Any], deck: str, prescient: str) -> dict[str, Any]:
        """A card entered by name (the copy of ``prescient``'s deck: the deck of the seat that
        put it there, else of the place's) or by mark: the face of that card of the named
        set, as a face entry."""
        named = lines.named_box(self.box)
        ident = raw.get("card")
        if not isinstance(ident, str) or ident not in named.cards:
            copies = {c.deck: c for c in named.cards.values() if c.name == raw.get("name")}
            card = copies.get(prescient) or copies.get(deck) or next(iter(copies.values()),
                                                                       None)
            if card is None:
                return {}
            ident = card.id
        card = named.cards[ident]
        if card.id in named.unknown:
            return {}
        return {"type": card.type.value, "season": str(card.season),
                "cost": "X" if card.cost is None else str(card.cost),
                "gain": "X" if card.gain is None else str(card.gain),
                "bonus": ", ".join(f"{f.name} {getattr(card.bonus, f.name)}"
                                   for f in fields(card.bonus) if getattr(card.bonus, f.name)),
                "bane": str(card.bane) if card.bane else "", "name": card.name}

    def _card(self, path: str, raw: dict[str, Any], position: dict[str, Any], n: int,
              zone: str, i: int, faces: dict[str, Face], errors: dict[str, str],
              season: int = 1, prescient: str = "") -> None:
        places = position["players"][n][zone]
        if i >= len(places):
            errors[path] = self.say("table.zone_full", n=len(places))
            return
        deck = self.box.cards[places[i]].deck
        if "type" not in raw and ("card" in raw or "name" in raw):
            named = self._named_face(raw, deck, prescient)
            if not named:
                errors[path] = words(self.lang).error(lines.TableLineError(
                    Problem.of(SessionCode.TABLE_LINE_NO_CARD, got=str(raw.get("card") or
                                                            raw.get("name")), hint=""), 1))
                return
            raw = named
        elif raw.get("type") and not raw.get("season"):
            raw = {**raw, "season": str(season)}  # the round's season unless told otherwise
        entry = CardEntry(deck=deck, id=f"{deck}01", **{k: str(raw.get(k, "") or "")
                                                         for k in CARD_FIELDS})
        checked = BoxDraft(lang=self.lang).check_card(entry)
        for name, message in checked.errors.items():
            errors[f"{path}.{name}"] = message
        if checked.errors or checked.card is None:
            return
        if not checked.known:
            errors[f"{path}.cost"] = self.say("box.both")
            return
        ident = self._slot(checked.card, deck, faces)
        if ident is None:
            errors[path] = self.say("table.no_slot", deck=deck, season=checked.card.season,
                                    type=checked.card.type.value)
            return
        faces[ident] = replace(checked.card, id=ident)
        _swap(position, places[i], ident)

    def _slot(self, card: Card, deck: str, faces: dict[str, Face]) -> str | None:
        """A card id of ``deck`` that may carry ``card``'s face: a known card with that face,
        else an unknown one of its season and type not yet given a face."""
        for c in self.box.decks[deck]:
            if (c.id not in faces and c.season == card.season and c.type == card.type
                    and c.id not in self.box.unknown and face_values(c) == face_values(card)):
                return c.id
        for c in self.box.decks[deck]:
            if (c.id in self.box.unknown and c.id not in faces and c.season == card.season
                    and c.type == card.type):
                return c.id
        return None

    # ------------------------------------------------------------ saving and sharing
    def use_box(self, box: Components | None, text: str | bytes | None = None) -> None:
        """Enter the table on ``box`` (None: the blank box), whose file's text is ``text``
        (saved with the table, so that the table alone restores it)."""
        self.box = box if box is not None else blank_box()
        if isinstance(text, bytes):
            text = text.decode("utf-8", errors="replace")
        self.box_text = text if box is not None else None

    def saved(self) -> dict[str, Any]:
        """The table description as saved: with its box (name, fingerprint and, when a box
        file was loaded, the file's text)."""
        box: dict[str, Any] = {"name": self.box.name, "fingerprint": self.box.box_id}
        if self.box_text is not None:
            box["toml"] = self.box_text
        return {**{k: v for k, v in self.data.items() if k != "box"}, "box": box}

    def save_text(self) -> str:
        return json.dumps(self.saved(), indent=1, ensure_ascii=False)

    def share_string(self) -> str:
        packed = zlib.compress(json.dumps(self.saved(), separators=(",", ":")).encode(), 9)
        return f"{PREFIX}.{base64.urlsafe_b64encode(packed).decode().rstrip('=')}"

    def load_text(self, text: str | bytes) -> str:
        """Replace the draft by a saved table (a file's text or a shared string) and its box;
        on a bad one :class:`TableEntryError` and the draft unchanged. Returns what happened
        to the box ("" when it stays the same)."""
        data = read_table(text, self.say)
        box, box_text = self._saved_box(data.pop("box", None))
        note, blank = "", blank_box()
        if box is blank and self.box is not blank:
            note = self.say("table.box_blank")
        elif box.box_id != self.box.box_id and self.box is not blank:
            note = self.say("table.box_replaced", name=box.name, fingerprint=box.box_id)
        elif box.box_id != self.box.box_id or (box_text is not None and self.box_text is None):
            note = self.say("table.box_restored", name=box.name, fingerprint=box.box_id)
        self.data, self.box = data, box
        self.box_text = box_text if box_text is not None else (
            self.box_text if box is not blank_box() else None)
        return note

    def _saved_box(self, saved: Any) -> tuple[Components, str | None]:
        """The box a saved table records: its own file's text when saved with it, else the
        blank box or the box loaded now when the fingerprint is theirs."""
        if saved is None:  # a table saved before tables recorded their box
            return self.box, self.box_text
        if (not isinstance(saved, dict) or any(k not in BOX_KEYS for k in saved)
                or not isinstance(saved.get("fingerprint"), str)
                or len(saved["fingerprint"]) > 40
                or not isinstance(saved.get("name", ""), str) or len(saved.get("name", "")) > 80
                or not isinstance(saved.get("toml", ""), str)):
            raise _box_refused(Problem.of(SessionCode.TABLE_BOX_FIELDS))
        want, text = saved["fingerprint"], saved.get("toml")
        if text is None:
            for box in (self.box, blank_box()):
                if box.box_id == want:
                    return box, self.box_text if box is self.box else None
            raise TableEntryError(Problem.of(SessionCode.TABLE_BOX_MISSING, name=saved.get("name",
                                                                                           "?"),
                                             fingerprint=want))
        if len(text.encode("utf-8", "surrogatepass")) > MAX_BOX_BYTES:
            raise _box_refused(Problem.of(SessionCode.TABLE_BOX_LARGE, limit=MAX_BOX_BYTES))
        try:
            box = load_box_text(text, "the table's box")
        except PrecogError as err:
            raise _box_refused(err.problem or str(err)) from None
        if box.box_id != want:
            raise _box_refused(Problem.of(SessionCode.TABLE_BOX_OTHER, got=box.box_id, want=want))
        return box, text


def read_table(text: str | bytes, say: Any = None) -> dict[str, Any]:
    """A table description from a saved table's text or a shared string; anything else a
    :class:`TableEntryError` saying why (``say`` is no longer used: kept for callers)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise _refused(Problem.of(SessionCode.TABLE_NOT_UTF8)) from None
    if not isinstance(text, str):
        raise _refused(Problem.of(SessionCode.TABLE_NO_FORMAT, format=FORMAT))
    if len(text) > MAX_TEXT:
        raise _refused(Problem.of(SessionCode.TABLE_TOO_LONG, limit=MAX_TEXT))
    text = text.strip()
    if text.startswith(PREFIX + "."):
        try:
            payload = text[len(PREFIX) + 1:]
            raw = zlib.decompressobj().decompress(
                base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)), MAX_TEXT)
            text = raw.decode("utf-8")
        except (ValueError, zlib.error, UnicodeDecodeError):
            raise _refused(Problem.of(SessionCode.TABLE_DAMAGED)) from None
    if json_depth(text) > MAX_DEPTH:
        raise _refused(Problem.of(SessionCode.TABLE_TOO_DEEP, limit=MAX_DEPTH))
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # bad JSON, a number of thousands of digits
        raise _refused(Problem.of(SessionCode.TABLE_NOT_JSON)) from None
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:  # "\ud800": a lone surrogate, unprintable and unsavable
        raise _refused(Problem.of(SessionCode.TABLE_SURROGATE)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _refused(Problem.of(SessionCode.TABLE_NO_FORMAT, format=FORMAT))
    if not isinstance(data.get("seats", []), list) or not all(
            isinstance(s, dict) for s in data.get("seats", [])):
        raise _refused(Problem.of(SessionCode.TABLE_SEATS))
    return data


def _refused(why: Problem) -> TableEntryError:
    return TableEntryError(Problem.of(SessionCode.TABLE_FILE, why=why))


def _box_refused(why: Problem | str) -> TableEntryError:
    return TableEntryError(Problem.of(SessionCode.TABLE_BOX, why=why))


def default_state(box: Components, config: dict[str, Any]) -> GameState:
    """The default game: dealt from seed :data:`SEED` with the given Prescients, played by
    the sensible player to ``config``'s round and step (:func:`table_steps.reach`); the
    entered rooms are put in afterwards."""
    config = {"phase": "decision", "step": "choose", "seat": 0, "difficulty": "normal",
              **config}
    for seed in range(SEED, SEED + SEEDS):  # a co-op game may be lost early: the next seed
        state = new_game(players=config["players"], mode=config["mode"],
                         setup=config["setup"], seed=seed, components=box,
                         decks=config["decks"], difficulty=config["difficulty"])
        reached = steps.reach(state, config, seed)
        if reached is not None:
            return reached
    raise TableEntryError(Problem.of(SessionCode.TABLE_DEFAULT_ENDED, round=config["round"]))


def for_seat(state: GameState, seat: int, seed: int = SEED) -> GameState:
    """The position as ``seat`` may know it: other hands, deck orders and every unknown face
    the seat has not seen redrawn (what "Analyse" hands the explorer)."""
    return determinize(state, seat, random.Random(seed))


def _giver(state: GameState, seat: int, zone: str, index: int) -> int:
    """The seat whose deck a card named alone at this place comes from: the seat's own for
    its hand and its kept card (G), the left neighbour's for the Decision Zone (the left
    neighbour put them there), the right neighbour's for the card received (R)."""
    if zone == "decision_zone":
        return state.left(seat)
    if zone == "action_zone" and index == 1:
        return state.right(seat)
    return seat


def _swap(position: dict[str, Any], a: str, b: str) -> None:
    """Exchange the places of cards ``a`` and ``b`` in a position's JSON."""
    if a == b:
        return
    for p in position["players"]:
        for zone in ("deck", "hand", "decision_zone", "action_zone", "discard"):
            p[zone] = [b if c == a else a if c == b else c for c in p[zone]]
        if p.get("gave") in (a, b):
            p["gave"] = b if p["gave"] == a else a


def _choice(value: Any, options: tuple[str, ...]) -> str:
    """``value`` when it is one of ``options`` (any other value, of any type: "")."""
    return value if isinstance(value, str) and value in options else ""


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit() \
            and len(value.strip()) < 6:  # "²" and "٣" are digits to isdigit(), not to int()
        return int(value.strip())
    return None
