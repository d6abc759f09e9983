"""A table description turned into a position: the default game played to the step entered,
then what was entered put in its place (Boats, cards, River, Objectives, the offer left).

:class:`TableBuilder` gives a :class:`Built`: the position or, for every field that does not
fit, its message keyed by the field's path (``seats.1.decision_zone.0.cost``); the
description is never changed. :func:`for_seat` is the position as one seat may know it.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass, field
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
from precog.engine.faces import Face, face_of, faces_json, world_with
from precog.engine.problems import Problem
from precog.session import table_steps as steps
from precog.session import table_tiles as tiles
from precog.session.errors import SessionCode
from precog.session.table_cards import CardPlacer, giver
from precog.session.table_check import TableChecker
from precog.session.table_description import (
    RESOURCE_MOST,
    RESOURCES,
    ZONES,
    TableEntryError,
    list_or_empty,
    small_int,
)
from precog.session.words import words

SEED = 1  # the default game's seed
SEEDS = 40  # seeds tried when a default co-op game is lost before the round


@dataclass
class Built:
    """A build: the position (None when a field does not fit) and each field's message."""

    state: GameState | None = None
    errors: dict[str, str] = field(default_factory=dict)


class TableBuilder:
    """Builds descriptions entered on ``box`` (messages said with ``say`` in ``lang``)."""

    def __init__(self, box: Components, lang: str, say: Callable[..., str]) -> None:
        self.box = box
        self.lang = lang
        self.say = say
        self.checker = TableChecker(box, lang, say)
        self.cards = CardPlacer(box, lang, say)

    def build(self, description: Any) -> Built:
        """The position ``description`` describes, or the message of every field that does
        not fit. The description itself is never changed."""
        out = Built()
        data = copy.deepcopy(description)
        if not isinstance(data, dict):
            out.errors["table"] = self.say("table.bad_file", why=self.say("table.not_a_table"))
            return out
        config = self.checker.read(data, out.errors)
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
        faces = self._place(data, config, state, position, out.errors)
        if out.errors:
            return out
        out.state = self._finish(position, faces, data, config, out.errors)
        return out

    def _place(self, data: dict[str, Any], config: dict[str, Any], state: GameState,
               position: dict[str, Any], errors: dict[str, str]) -> dict[str, Face]:
        """Each seat's Boat and cards, the River and the Objectives put into ``position``;
        the faces entered, by card or tile id."""
        faces: dict[str, Face] = {}
        for n in range(config["players"]):
            seat = data["seats"][n] if n < len(data.get("seats", [])) else {}
            self._seat(n, seat, position["players"][n], errors)
            for zone in ZONES:
                for i, raw in enumerate(seat.get(zone, []) or []):
                    if raw:
                        self.cards.place(f"seats.{n}.{zone}.{i}", raw, position, n, zone, i,
                                         faces, errors, state.season,
                                         config["decks"][giver(state, n, zone, i)])
        shown = config["round"] - (0 if config["phase"] == "river" else 1)
        tiles.place_river(self.box, list_or_empty(data.get("river")), shown, position, faces,
                          errors, self.say, self.lang)
        if config["mode"] == "coop":
            steps.place_objectives(position, self.box, list_or_empty(data.get("objectives")),
                                   list_or_empty(data.get("mitigated")), state.season,
                                   self._fail(errors))
            for tile_id, _m in position["objectives"]:
                if tile_id in self.box.unknown:  # picked by id: the reference set's tile
                    faces[tile_id] = face_of(self.box, tile_id)
            tiles.place_objective_faces(self.box, list_or_empty(data.get("objective_faces")),
                                        state.season, position, faces, errors,
                                        self.say, self.lang)
        return faces

    def _finish(self, position: dict[str, Any], faces: dict[str, Face], data: dict[str, Any],
                config: dict[str, Any], errors: dict[str, str]) -> GameState | None:
        """The position read back by the engine with its faces, advanced to the seat's step
        (None, with the message, when the engine refuses it or the step is not reached)."""
        for p in position["players"]:  # a face swapped in from a deck keeps it stacked
            p["deck"] = sorted(p["deck"], key=lambda c: self.box.cards[c].season)
        world = world_with(self.box, faces, random.Random(SEED))
        position["components"]["faces"] = faces_json(world)
        state: GameState | None
        try:
            state = self._advance(from_json(position, self.box), data, config, errors)
        except PrecogError as err:
            errors["position"] = words(self.lang).error(err)
            state = None
        if state is not None:
            problem = steps.step_problem(state, config)
            if problem:
                errors["step"] = self.say(problem, n=config["seat"])
                state = None
        return None if errors else state

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
            value = small_int(raw if raw not in ("", None) else 0)
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

    def _seat(self, n: int, seat: dict[str, Any], player: dict[str, Any],
              errors: dict[str, str]) -> None:
        """Seat ``n``'s resources and Batteries as entered, over ``player``'s."""
        for key in RESOURCES:
            if key in seat and seat[key] not in ("", None):
                value = small_int(seat[key])
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
                value = small_int(b if b not in ("", None) else 0)
                if value is None or not 0 <= value <= 9:
                    errors[f"seats.{n}.batteries.{m}"] = self.say("table.bad_number", low=0,
                                                                  high=9)
                else:
                    player["batteries"][m] = value


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
