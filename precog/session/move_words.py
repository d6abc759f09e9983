"""A plan's moves said in words: each action a plan of the analysis may hold (activate,
take, place Ymunes, heal, Batteries, the River, Objectives, Keep/Give), with the room and
effect of a Battery's machine when a position is given, and a plan's River branches.

:data:`MOVE_TYPES` is every action type a move can be said for; the words are ``[line]`` of
``precog/data/words/<lang>/app.toml``.
"""

from __future__ import annotations

from typing import Any

from precog.analysis.basics.edges import Plan
from precog.engine import Action, DataError, GameState
from precog.engine.actions import (
    Activate,
    Choose,
    ChooseRooms,
    EndActions,
    Heal,
    IgnoreRiver,
    LoseHumans,
    Mitigate,
    PassCards,
    PlaceBattery,
    PlaceYmunes,
    Reveal,
    SpendProtectors,
    TakeFood,
    TakeHumans,
)
from precog.engine.problems import ErrorCode, Problem
from precog.session.marks import mark, named
from precog.session.names import quoted_name
from precog.session.words import DEFAULT_LANGUAGE, words

__all__ = ["ID_FIELDS", "MOVE_TYPES", "SEP", "move_text", "plan_text"]

SEP = "; "


def plan_text(plan: Plan, lang: str = DEFAULT_LANGUAGE, state: GameState | None = None,
              seat: int = 0, both_cost: int | None = None) -> str:
    """A plan's moves (marked), River branches as ``if W1a: …`` in brackets ('' when none);
    ``both_cost``: what activating both cards costs, said with that move when known."""
    parts = [_activate_both(both_cost, lang) if a == Activate("both") and both_cost is not None
             else move_text(a, lang, state, seat, marked=True) for a in plan.steps]
    if plan.forks:
        forks = SEP.join(words(lang).say("line.fork", tile=mark(tile) if tile else "",
                                         plan=plan_text(sub, lang, state, seat, both_cost))
                         for tile, sub in plan.forks)
        parts.append(f"[{forks}]")
    return ", ".join(parts)


def move_text(action: Action, lang: str = DEFAULT_LANGUAGE, state: GameState | None = None,
              seat: int = 0, marked: bool = False) -> str:
    """One move of a plan, said without its position (``state`` names rooms and cards)."""
    for kind, describe in _MOVES:
        if isinstance(action, kind):
            key, values = describe(action)
            if "m" in values:
                values["room"] = _room(values["m"] - 1, lang, state, seat)
                if not values["room"]:
                    key += "_bare"
            values = {k: mark(v) if k in ID_FIELDS else v for k, v in values.items()}
            text = words(lang).say(f"line.{key}", **values)
            return text if marked else named(text, state, lang)
    raise DataError(Problem.of(ErrorCode.DATA_NO_LABEL, thing=action))


def _activate_both(cost: int, lang: str) -> str:
    """``activate both, paying 3 Healthy Humans`` (``paying nothing`` at cost 0)."""
    if cost == 0:
        return words(lang).say("line.activate_both_free")
    return words(lang).say("line.activate_both_paying", cost=cost)


ID_FIELDS = frozenset({"keep", "give", "a", "b", "tile"})


def _room(machine: int, lang: str, state: GameState | None, seat: int) -> str:
    """The room of a machine and what the machine does (``Workshop: 2 Food``)."""
    if state is None or not 0 <= seat < len(state.players):
        return ""
    rooms = state.players[seat].rooms
    if machine // 3 >= len(rooms):
        return ""
    room = state.components.room_by_id[rooms[machine // 3]]
    effect = room.face(state.config.advanced)[machine % 3].effect
    return words(lang).say("line.room", room=quoted_name(room.name, lang),
                           effect=words(lang).gains(effect))


def _activate(a: Any) -> tuple[str, dict[str, Any]]:
    return ("activate_both", {}) if a.slots == "both" else ("activate_one", {"slot": a.slots})


def _battery(a: Any) -> tuple[str, dict[str, Any]]:
    return ("battery_none", {}) if a.machine is None else ("battery", {"m": a.machine + 1})


_MOVES: tuple[tuple[type, Any], ...] = (
    (Activate, _activate),
    (TakeFood, lambda a: ("food", {"n": a.amount})),
    (TakeHumans, lambda a: ("humans", {"n": a.amount})),
    (PlaceYmunes, lambda a: ("ymunes", {"d": a.doctors, "p": a.protectors})),
    (Heal, lambda a: ("heal", {"n": a.amount})),
    (PlaceBattery, _battery),
    (SpendProtectors, lambda a: ("protectors", {"n": a.amount})),
    (LoseHumans, lambda a: ("lose", {"h": a.healthy, "c": a.contaminated})),
    (IgnoreRiver, lambda a: ("river_ignore" if a.ignore else "river_accept", {})),
    (Reveal, lambda a: ("reveal", {})),
    (Mitigate, lambda a: ("mitigate", {"tile": a.tile})),
    (EndActions, lambda a: ("done", {})),
    (Choose, lambda a: ("choose", {"keep": a.keep, "give": a.give})),
    (ChooseRooms, lambda a: ("rooms", {"a": a.rooms[0], "b": a.rooms[1]})),
    (PassCards, lambda a: ("pass", {"a": a.cards[0], "b": a.cards[1]})),
)
MOVE_TYPES = tuple(kind for kind, _ in _MOVES)
"""Every action type a plan's move can be said for (a test checks this is all of them)."""
