"""The analysis said in words: the look-ahead tree's edges, the principal line, the moves of a
plan, the analysis' progress and the bots' names, in the reader's language.

The analysis returns data (:mod:`precog.analysis.edges`: actions, card and tile ids, seat
numbers); the words are ``[line]``, ``[stage]`` and ``[bots]`` of ``precog/data/words/<lang>/
app.toml``. A plan's moves are said without the position (the analysis plays them in sampled
worlds), so they name what is done, not what it costs; a state, when given, names the room
of a Battery's machine.

>>> from precog.analysis.edges import Arrives, Chosen, RiverTile
>>> from precog.engine.actions import Choose
>>> line_text((Arrives("D02", 2), RiverTile("I1"), Chosen(Choose("T16", "T15"))))
'D02 arrives; River I1 (Island: feeding); then keep T16, give T15'
>>> edge_text(Arrives("D02", 2), "ru")
'D02 приходит от места 2'
"""

from __future__ import annotations

from typing import Any

from precog.analysis.edges import Arrives, Chosen, Draw, Edge, Plan, RiverTile, Stage, Start
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
from precog.session.names import component_name
from precog.session.words import DEFAULT_LANGUAGE, words

__all__ = ["bot_name", "edge_names", "edge_text", "line_text", "move_text", "stage_text"]

SEP = "; "
PLAN_CHARS = 60  # a plan in the principal line is cut to about this many characters


def edge_text(edge: Edge, lang: str = DEFAULT_LANGUAGE, state: GameState | None = None,
              seat: int = 0) -> str:
    """One edge of the tree as a label (``state``/``seat``: whose Boat, for room names)."""
    say = words(lang).say
    if isinstance(edge, Start):
        return say("line.start", round=edge.round, seat=edge.seat)
    if isinstance(edge, Chosen):
        return choice_text(edge.choice, lang)
    if isinstance(edge, Arrives):
        return say("line.arrives", card=edge.card, seat=edge.seat)
    if isinstance(edge, Plan):
        text = plan_text(edge, lang, state, seat) or say("line.nothing")
        return text[:1].upper() + text[1:]
    if isinstance(edge, RiverTile):
        return say("line.river_island" if edge.island else "line.river", tile=edge.tile)
    if isinstance(edge, Draw):
        return say("line.draw", hand=" ".join(edge.hand) or say("line.draw_nothing"),
                   passed=" ".join(edge.passed))
    raise DataError(Problem.of(ErrorCode.DATA_NO_LABEL, thing=edge))


def edge_names(edge: Edge, state: GameState, lang: str = DEFAULT_LANGUAGE
               ) -> list[tuple[str, str]]:
    """(id, name in ``lang``) of each card and River tile an edge mentions (ids the
    position's components do not know are left out)."""
    if isinstance(edge, Chosen):
        ids: tuple[str, ...] = (edge.choice.keep, edge.choice.give)
    elif isinstance(edge, Arrives):
        ids = (edge.card,)
    elif isinstance(edge, RiverTile):
        ids = (edge.tile,)
    elif isinstance(edge, Draw):
        ids = (*edge.hand, *edge.passed)
    else:
        ids = ()
    comps = state.components
    names = {t.id: t.name for t in comps.river} | {t.id: t.name for t in comps.islands}
    names |= {i: c.name for i, c in comps.cards.items()}
    return [(i, component_name(names[i], lang)) for i in ids if i in names]


def line_text(line: tuple[Edge, ...], lang: str = DEFAULT_LANGUAGE,
              state: GameState | None = None, seat: int = 0) -> str:
    """The principal line as short clauses: what arrives, the plan, the River, what next."""
    say = words(lang).say
    parts = []
    for edge in line:
        if isinstance(edge, Arrives):
            parts.append(say("line.arrives_short", card=edge.card, seat=edge.seat))
        elif isinstance(edge, Plan):
            text = plan_text(edge, lang, state, seat) or say("line.nothing")
            parts.append(text if len(text) <= PLAN_CHARS else text[:PLAN_CHARS - 1] + "…")
        elif isinstance(edge, Chosen):
            parts.append(say("line.then", keep=edge.choice.keep, give=edge.choice.give))
        else:
            parts.append(edge_text(edge, lang, state, seat))
    return SEP.join(parts)


def choice_text(choice: Choose, lang: str = DEFAULT_LANGUAGE) -> str:
    return words(lang).say("line.choose", keep=choice.keep, give=choice.give)


def plan_text(plan: Plan, lang: str = DEFAULT_LANGUAGE, state: GameState | None = None,
              seat: int = 0) -> str:
    """A plan's moves, River branches as ``if W1a: …`` in brackets ('' when it has none)."""
    parts = [move_text(a, lang, state, seat) for a in plan.steps]
    if plan.forks:
        forks = SEP.join(words(lang).say("line.fork", tile=tile,
                                         plan=plan_text(sub, lang, state, seat))
                         for tile, sub in plan.forks)
        parts.append(f"[{forks}]")
    return ", ".join(parts)


def move_text(action: Action, lang: str = DEFAULT_LANGUAGE, state: GameState | None = None,
              seat: int = 0) -> str:
    """One move of a plan, said without its position (``state`` only names rooms)."""
    for kind, describe in _MOVES:
        if isinstance(action, kind):
            key, values = describe(action)
            if "m" in values:
                values["room"] = _room(values["m"] - 1, lang, state, seat)
                if not values["room"]:
                    key += "_bare"
            return words(lang).say(f"line.{key}", **values)
    raise DataError(Problem.of(ErrorCode.DATA_NO_LABEL, thing=action))


def _room(machine: int, lang: str, state: GameState | None, seat: int) -> str:
    if state is None or not 0 <= seat < len(state.players):
        return ""
    rooms = state.players[seat].rooms
    if machine // 3 >= len(rooms):
        return ""
    return component_name(state.components.room_by_id[rooms[machine // 3]].name, lang)


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


def stage_text(stage: Stage, lang: str = DEFAULT_LANGUAGE) -> str:
    """What a long analysis is doing now (its progress report)."""
    values = dict(stage.values)
    if isinstance(values.get("choice"), Choose):
        values["choice"] = choice_text(values["choice"], lang)
    return words(lang).say(f"stage.{stage.code}", **values)


def bot_name(name: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A Play bot's name (``Random``, ``Greedy``…) in ``lang``; other names as written."""
    try:
        return words(lang).say(f"bots.{name.lower()}")
    except DataError:
        return name
