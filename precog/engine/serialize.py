"""JSON positions and the compact position string (precog's FEN).

The position string is ``pg1.<payload>.<check>``: ``pg1`` names the format version, the
payload is the canonical JSON position, deflated and base64url-encoded, and ``check`` is its
CRC-32 in hex, so a string that was altered or cut short is refused with a clear message.
This module turns a :class:`GameState` into JSON and back (checking every field); the packed
string format and guarded JSON parsing are in :mod:`precog.engine.packing`, the typed reader of
untrusted fields in :mod:`precog.engine.json_reader` (their names stay importable from here).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from precog.engine.actions import Action, parse_action_text
from precog.engine.components import Components, Gains
from precog.engine.errors import PositionError, PrecogError
from precog.engine.json_reader import MAX_INT as MAX_INT
from precog.engine.json_reader import MAX_LIST as MAX_LIST
from precog.engine.json_reader import MAX_TEXT as MAX_TEXT
from precog.engine.json_reader import _Reader as _Reader
from precog.engine.json_reader import show_value as show_value
from precog.engine.packing import MAX_JSON_DEPTH as MAX_JSON_DEPTH
from precog.engine.packing import MAX_POSITION_BYTES as MAX_POSITION_BYTES
from precog.engine.packing import json_depth as json_depth
from precog.engine.packing import load_json as load_json
from precog.engine.packing import pack as pack
from precog.engine.packing import unpack as unpack
from precog.engine.problems import ErrorCode, Problem
from precog.engine.state import (
    BOAT_FIELDS,
    GameConfig,
    GameState,
    Outcome,
    Phase,
    PlayerState,
    RuleOptions,
    Step,
)

FORMAT = "precog-position"
VERSION = 1
PREFIX = "pg1"
_GAIN_FIELDS = [f.name for f in fields(Gains)]
_INT_FIELDS = BOAT_FIELDS
_TUPLE_FIELDS = ("rooms", "batteries", "deck", "hand", "decision_zone", "action_zone", "discard")


def to_json(state: GameState) -> dict[str, Any]:
    """The whole position as plain JSON data (see :func:`from_json`).

    On a partly-known box ``components.fingerprint`` is the box's and ``components.faces`` the
    values this game's world gives the unknown faces."""
    c = state.config
    comps = state.components
    components: dict[str, Any] = {"name": comps.name, "fingerprint": comps.box_id}
    if comps.unknown:
        from precog.engine.faces import faces_json

        components["faces"] = faces_json(comps)
    return {
        "format": FORMAT, "version": VERSION,
        "components": components,
        "config": {"players": c.players, "mode": c.mode, "setup": c.setup,
                   "difficulty": c.difficulty, "decks": list(c.decks), "seed": c.seed,
                   "options": {"heal_in_action_phase": c.options.heal_in_action_phase,
                               "received_means_offered": c.options.received_means_offered,
                               "coop_supplies": c.options.coop_supplies}},
        "round": state.round, "phase": state.phase.value, "step": state.step.value,
        "to_move": state.to_move,
        "players": [_player_json(p) for p in state.players],
        "choices": [None if a is None else str(a) for a in state.choices],
        "pending": _gains_json(state.pending), "pending_source": state.pending_source,
        "river": list(state.river),
        "objective_stacks": [list(s) for s in state.objective_stacks],
        "objectives": [[t, m] for t, m in state.objectives],
        "passes": state.passes,
        "outcome": None if state.outcome is None else _outcome_json(state.outcome),
    }


def _player_json(p: PlayerState) -> dict[str, Any]:
    out: dict[str, Any] = {k: getattr(p, k) for k in _INT_FIELDS}
    out.update({k: list(getattr(p, k)) for k in _TUPLE_FIELDS})
    out.update(gave=p.gave, activated=p.activated, card_gains=_gains_json(p.card_gains),
               received=_gains_json(p.received), taken=_gains_json(p.taken))
    return out


def _gains_json(g: Gains) -> dict[str, int]:
    return {k: v for k, v in zip(_GAIN_FIELDS, g.astuple(), strict=True) if v}


def to_position(state: GameState) -> str:
    """The compact, copy-pasteable position string."""
    return pack(to_json(state), PREFIX)


def from_position(text: str, components: Components | None = None) -> GameState:
    """Read a position string; refuses a damaged or foreign one with :class:`PositionError`."""
    return from_json(unpack(text, PREFIX, "position string"), components)


def from_json(data: Any, components: Components | None = None) -> GameState:
    """Build and check a position from JSON data (a dict, or a JSON text)."""
    from precog.engine.data_loading import reference_components
    from precog.engine.validate import check_state

    if isinstance(data, str | bytes):
        data = load_json(data, Problem.of(ErrorCode.POSITION_JSON_POSITION))
    r = _Reader(data, "position")
    if r.get("format", str) != FORMAT or r.get("version", int) != VERSION:
        raise PositionError(Problem.of(ErrorCode.POSITION_FORMAT, format=FORMAT, version=VERSION))
    comps = components if components is not None else reference_components()
    want = r.sub("components").get("fingerprint", str)
    if want != comps.box_id:
        raise PositionError(Problem.of(ErrorCode.POSITION_COMPONENTS, want=want, name=comps.name,
                                 fingerprint=comps.box_id))
    try:
        state = _build(r, comps)
    except PrecogError as err:
        raise PositionError(err.problem or str(err), input=data) from None
    if comps.unknown:
        state = _with_world(state, r.sub("components").data.get("faces", {}))
    check_state(state)
    return state


def _with_world(state: GameState, faces: Any) -> GameState:
    """The position on the world its saved faces describe (a face on the table must be saved;
    a hidden one left out is drawn from the prior)."""
    from dataclasses import replace

    from precog.engine.faces import seen_by, world_from_json

    views = [seen_by(state, s) for s in range(len(state.players))]
    public = frozenset.intersection(*views) if views else frozenset()
    world = world_from_json(state.components, faces, state.config.seed, public)
    return replace(state, components=world)


def _build(r: _Reader, comps: Components) -> GameState:
    from precog.engine.rules import canonical_ids

    cr = r.sub("config")
    opts = cr.sub("options")
    config = GameConfig(players=cr.get("players", int), mode=cr.get("mode", str),
                        setup=cr.get("setup", str), difficulty=cr.get("difficulty", str),
                        decks=tuple(cr.strs("decks")), seed=cr.get("seed", int),
                        options=RuleOptions(
                            heal_in_action_phase=opts.get("heal_in_action_phase", bool),
                            received_means_offered="received_means_offered" in opts.data
                            and opts.get("received_means_offered", bool),
                            coop_supplies="coop_supplies" not in opts.data
                            or opts.get("coop_supplies", bool)))
    players = tuple(_player(r.item("players", i)) for i in range(len(r.list("players"))))
    choices = tuple(None if c is None else _in_order(players, i, canonical_ids(
        comps, parse_action_text(r.check(c, str, f"choices[{i}]"))))
                    for i, c in enumerate(r.list("choices")))
    out = r.get("outcome", dict, optional=True)
    outcome = None
    if out is not None:
        o = r.sub("outcome")
        outcome = Outcome(winners=tuple(o.ints("winners")), scores=tuple(o.ints("scores")),
                          reason=o.get("reason", str),
                          code=o.get("code", str) if "code" in o.data else "",
                          values=_outcome_values(o.get("values", dict))
                          if "values" in o.data else ())
    return GameState(
        config=config, components=comps, round=r.get("round", int),
        phase=r.enum("phase", Phase), step=r.enum("step", Step), to_move=r.get("to_move", int),
        players=players, choices=choices, pending=_gains(r.sub("pending")),
        pending_source=r.get("pending_source", str), river=tuple(r.strs("river")),
        objective_stacks=tuple(_stack(r, i) for i in range(len(r.list("objective_stacks")))),
        objectives=tuple(_objective(r, i) for i in range(len(r.list("objectives")))),
        passes=r.get("passes", int) if "passes" in r.data else 0, outcome=outcome)


def _in_order(players: tuple[PlayerState, ...], seat: int, action: Action) -> Action:
    """A saved room or pass pair in the order its seat holds the ids (one choice, one action)."""
    from precog.engine.decision import in_order

    return in_order(players[seat], action) if seat < len(players) else action


def _stack(r: _Reader, i: int) -> tuple[str, ...]:
    stack = r.check(r.list("objective_stacks")[i], list, f"objective_stacks[{i}]")
    return tuple(r.check(t, str, f"objective_stacks[{i}][{j}]") for j, t in enumerate(stack))


def _objective(r: _Reader, i: int) -> tuple[str, bool]:
    pair = r.check(r.list("objectives")[i], list, f"objectives[{i}]")
    if len(pair) != 2:
        raise PositionError(Problem.of(ErrorCode.POSITION_OBJECTIVE_PAIR, index=i))
    return r.check(pair[0], str, f"objectives[{i}][0]"), r.check(pair[1], bool,
                                                                   f"objectives[{i}][1]")


def _player(r: _Reader) -> PlayerState:
    kw: dict[str, Any] = {k: r.get(k, int) for k in _INT_FIELDS}
    kw["batteries"] = tuple(r.ints("batteries"))
    for k in _TUPLE_FIELDS:
        if k != "batteries":
            kw[k] = tuple(r.strs(k))
    kw["gave"] = r.get("gave", str, optional=True)
    kw["activated"] = r.get("activated", str)
    kw["card_gains"] = _gains(r.sub("card_gains"))
    kw["taken"] = _gains(r.sub("taken"))
    # positions saved before "received" existed: what was taken so far stands for it
    kw["received"] = _gains(r.sub("received")) if "received" in r.data else kw["taken"]
    return PlayerState(**kw)


def _gains(r: _Reader) -> Gains:
    unknown = set(r.data) - set(_GAIN_FIELDS)
    if unknown:
        raise PositionError(Problem.of(ErrorCode.POSITION_UNKNOWN_RESOURCE, where=r.where,
                                       key=sorted(unknown)[0]))
    return Gains(**{k: r.get(k, int) if k in r.data else 0 for k in _GAIN_FIELDS})


def _outcome_json(outcome: Outcome) -> dict[str, Any]:
    out: dict[str, Any] = {"winners": list(outcome.winners), "scores": list(outcome.scores),
                           "reason": outcome.reason}
    if outcome.code:
        out["code"] = outcome.code
        out["values"] = {k: list(v) if isinstance(v, tuple) else v for k, v in outcome.values}
    return out


def _outcome_values(data: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    """An outcome's values read back (lists become tuples); anything else is refused."""
    out = []
    for key, value in data.items():
        if isinstance(value, list) and all(isinstance(v, int | str) for v in value):
            value = tuple(value)
        elif not isinstance(value, int | str) or isinstance(value, bool):
            raise PositionError(Problem.of(ErrorCode.POSITION_OUTCOME_VALUE, key=key,
                                           got=show_value(value)))
        out.append((str(key), value))
    return tuple(sorted(out))
