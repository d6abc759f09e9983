"""A table description's game fields checked: the file's shape, each seat's lines read into
its fields, and the game's settings (players, mode, setup, round, seat, step, Prescients,
rooms) read into the configuration the default game is played to.

Each field that does not fit gets its message in the page's language, keyed by the field's
path (``seats.1.rooms``); nothing here builds a position
(:mod:`precog.session.table_build` does).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from precog.engine import Components
from precog.session import table_lines as lines
from precog.session import table_steps as steps
from precog.session.table_description import MODES, SETUPS, ZONES, one_of, small_int
from precog.session.words import words

Say = Callable[..., str]


class TableChecker:
    """The checks of a description's fields on ``box``, said with ``say`` in ``lang``."""

    def __init__(self, box: Components, lang: str, say: Say) -> None:
        self.box = box
        self.lang = lang
        self.say = say

    def shape(self, kind: str) -> str:
        """What a field of a hand-edited file should have been (``[table] shape_<kind>``)."""
        return self.say("table.bad_shape", what=self.say(f"table.shape_{kind}"))

    def read(self, data: dict[str, Any], errors: dict[str, str]) -> dict[str, Any]:
        """The configuration ``data`` describes, its seats' lines read into their fields
        (``data`` is changed: a copy); every field that does not fit named in ``errors``."""
        self.check_shape(data, errors)
        if errors:
            return {}
        self.read_lines(data, errors)
        return self.config(data, errors)

    def check_shape(self, data: dict[str, Any], errors: dict[str, str]) -> None:
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

    def read_lines(self, data: dict[str, Any], errors: dict[str, str]) -> None:
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

    def config(self, data: dict[str, Any], errors: dict[str, str]) -> dict[str, Any]:
        """The game's settings, each seat's Prescient (a free one where none is entered) and
        rooms; ``{}`` when a field does not fit."""
        game = self._game(data, errors)
        players = game["players"]
        seats = data.get("seats", []) or []
        decks = [s.get("prescient") for s in seats[:players or 0] if isinstance(s, dict)]
        chosen = self._check_decks(decks, errors)
        self._check_rooms(seats[:players or 0], errors)
        if errors:
            return {}
        assert players is not None and game["round"] is not None
        free = [c for c in self.box.decks if c not in chosen]
        full = [(decks[n] if n < len(decks) and decks[n] else free.pop(0))
                for n in range(players)]
        rooms = [s.get("rooms") if isinstance(s, dict) else None for s in seats[:players]]
        return {**game, "decks": full, "rooms": rooms}

    def _game(self, data: dict[str, Any], errors: dict[str, str]) -> dict[str, Any]:
        """The game's settings as entered, each one that does not fit named in ``errors``."""
        say = self.say
        mode = data.get("mode", "competitive")
        if mode not in MODES:
            errors["mode"] = say("table.bad_choice", options=", ".join(MODES))
        players = small_int(data.get("players", 4))
        if players is None or not 2 <= players <= 4 or (mode == "team" and players != 4):
            errors["players"] = say("table.bad_players")
        setup = data.get("setup", "standard")
        if setup not in SETUPS:
            errors["setup"] = say("table.bad_choice", options=", ".join(SETUPS))
        round_ = small_int(data.get("round", 1))
        if round_ is None or not 1 <= round_ <= 12:
            errors["round"] = say("table.bad_number", low=1, high=12)
        seat = small_int(data.get("seat", 0))
        if seat is None or players is None or not 0 <= seat < max(players, 1):
            errors["seat"] = say("table.bad_number", low=1, high=players or 4)
        phase, step = self._step(data, mode, errors)
        difficulty = one_of(data.get("difficulty") or "normal", steps.DIFFICULTIES)
        if not difficulty:
            errors["difficulty"] = say("table.bad_choice",
                                       options=", ".join(steps.DIFFICULTIES))
        activated = data.get("activated") or ""
        if activated and not one_of(activated, steps.SLOTS):
            errors["activated"] = say("table.bad_choice", options=", ".join(steps.SLOTS))
        for key in ("objectives", "mitigated", "objective_faces"):
            if not isinstance(data.get(key, []) or [], list) or len(
                    data.get(key, []) or []) > 15:
                errors[key] = self.shape("tiles")
        return {"players": players, "mode": mode, "setup": setup, "round": round_,
                "phase": phase, "step": step, "seat": seat, "difficulty": difficulty,
                "activated": activated}

    def _step(self, data: dict[str, Any], mode: Any, errors: dict[str, str]) -> tuple[str, Any]:
        """The phase and the step entered (a step of another phase: the phase's first)."""
        phase = one_of(data.get("phase") or "decision", tuple(steps.STEPS))
        if not phase:
            errors["phase"] = self.say("table.bad_choice", options=", ".join(steps.STEPS))
        step = data.get("step") or steps.STEPS.get(phase, ("",))[0]
        if not isinstance(step, str):
            errors["step"] = self.say("table.bad_choice", options=", ".join(
                steps.STEPS.get(phase, ())))
        elif phase and step not in steps.STEPS[phase]:
            step = steps.STEPS[phase][0]  # a step of another phase: the phase's first
        if step in steps.COOP_STEPS and mode != "coop":
            errors["step"] = self.say("table.coop_only")
        return phase, step

    def _check_decks(self, decks: list[Any], errors: dict[str, str]) -> list[str]:
        """The Prescients entered (decks of the box, none at two seats)."""
        known = list(self.box.decks)
        for n, code in enumerate(decks):
            if code is not None and (not isinstance(code, str) or code not in known):
                errors[f"seats.{n}.prescient"] = self.say("table.bad_choice",
                                                          options=", ".join(known))
        chosen = [c for c in decks if c and isinstance(c, str)]
        if len(set(chosen)) != len(chosen):
            errors["seats.0.prescient"] = self.say("table.same_prescient")
        return chosen

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
