"""JSON positions and the compact position string (precog's FEN).

The position string is ``pg1.<payload>.<check>``: ``pg1`` names the format version, the
payload is the canonical JSON position, deflated and base64url-encoded, and ``check`` is its
CRC-32 in hex, so a string that was altered or cut short is refused with a clear message.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass, fields
from typing import Any

from precog.engine.actions import Action, parse_action_text
from precog.engine.components import Components, Gains
from precog.engine.errors import PositionError, PrecogError
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

List = list  # the reader below has a method named list
FORMAT = "precog-position"
VERSION = 1
PREFIX = "pg1"
MAX_POSITION_BYTES = 1 << 20  # a real position is a few KB; refuse "zip bombs"
MAX_LIST = 64  # the longest list of a position (a Discard pile, a deck) holds 24 cards
MAX_TEXT = 120  # ids are at most 16 characters, action notation about 20
MAX_INT = 2**63  # numbers beyond (seeds included) are refused before any other check
MAX_JSON_DEPTH = 64  # a position nests 5 levels, a saved table 6: deeper is refused unread
_JSON_TOKEN = re.compile(r'\\.|["\[\]{}]', re.DOTALL)  # an escape, a quote or a bracket
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


def pack(data: Any, prefix: str) -> str:
    """``<prefix>.<payload>.<check>``: JSON ``data`` deflated, base64url, and its CRC-32."""
    text = json.dumps(data, separators=(",", ":"), sort_keys=True)
    packed = zlib.compress(text.encode(), 9)
    payload = base64.urlsafe_b64encode(packed).decode().rstrip("=")
    return f"{prefix}.{payload}.{zlib.crc32(packed):08x}"


@dataclass(frozen=True)
class _StringCodes:
    """The error codes of one kind of packed string (a position or a seat's view)."""

    string_type: ErrorCode
    string_long: ErrorCode
    string_form: ErrorCode
    base64: ErrorCode
    check: ErrorCode
    unpacks_big: ErrorCode
    unpack: ErrorCode
    string_data: ErrorCode


_POSITION_CODES = _StringCodes(
    ErrorCode.POSITION_STRING_TYPE, ErrorCode.POSITION_STRING_LONG, ErrorCode.POSITION_STRING_FORM,
    ErrorCode.POSITION_BASE64, ErrorCode.POSITION_CHECK, ErrorCode.POSITION_UNPACKS_BIG,
    ErrorCode.POSITION_UNPACK, ErrorCode.POSITION_STRING_DATA)
_VIEW_CODES = _StringCodes(
    ErrorCode.VIEW_STRING_TYPE, ErrorCode.VIEW_STRING_LONG, ErrorCode.VIEW_STRING_FORM,
    ErrorCode.VIEW_BASE64, ErrorCode.VIEW_CHECK, ErrorCode.VIEW_UNPACKS_BIG, ErrorCode.VIEW_UNPACK,
    ErrorCode.VIEW_STRING_DATA)


def unpack(text: str, prefix: str, what: str) -> Any:
    """The JSON data of a string made by :func:`pack` with ``prefix``; a damaged or foreign
    one (or one unpacking to more than :data:`MAX_POSITION_BYTES`) is refused with
    :class:`PositionError` naming ``what``."""
    codes = _VIEW_CODES if what.startswith("view") else _POSITION_CODES
    if not isinstance(text, str):
        raise PositionError(Problem.of(codes.string_type, got=type(text).__name__))
    if len(text) > 2 * MAX_POSITION_BYTES:
        raise PositionError(Problem.of(codes.string_long, got=len(text)))
    parts = "".join(text.split()).split(".")
    if len(parts) != 3 or parts[0] != prefix:
        raise PositionError(Problem.of(codes.string_form, prefix=prefix, got=_clip(text)),
                            input=text)
    try:
        packed = base64.urlsafe_b64decode(parts[1] + "=" * (-len(parts[1]) % 4))
    except (binascii.Error, ValueError) as err:
        raise PositionError(Problem.of(codes.base64, detail=str(err)), input=text) from None
    if f"{zlib.crc32(packed):08x}" != parts[2].lower():
        raise PositionError(Problem.of(codes.check), input=text)
    try:
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_POSITION_BYTES)
        if inflater.unconsumed_tail:
            raise PositionError(Problem.of(codes.unpacks_big, limit=MAX_POSITION_BYTES))
        data = raw.decode()
    except (zlib.error, UnicodeDecodeError) as err:
        raise PositionError(Problem.of(codes.unpack, detail=str(err)), input=text) from None
    return load_json(data, Problem.of(codes.string_data))


def load_json(text: str | bytes, what: Problem | str = "") -> Any:
    """JSON data from untrusted text: at most :data:`MAX_POSITION_BYTES`, any fault (bad JSON,
    deep nesting, a number of thousands of digits) a :class:`PositionError` naming ``what``
    (a message starting "not valid JSON" and the like when ``what`` is empty)."""
    if len(text) > MAX_POSITION_BYTES:
        raise PositionError(_about(what, Problem.of(ErrorCode.POSITION_JSON_LONG, size=len(text),
                                                 limit=MAX_POSITION_BYTES)))
    if json_depth(text) > MAX_JSON_DEPTH:
        raise PositionError(_about(what, Problem.of(ErrorCode.POSITION_JSON_DEEP)))
    try:
        return json.loads(text)
    except RecursionError:
        raise PositionError(_about(what, Problem.of(ErrorCode.POSITION_JSON_DEEP))) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise PositionError(_about(what, Problem.of(ErrorCode.POSITION_JSON_INVALID,
                                                    detail=str(err)))) from None
    except ValueError as err:  # e.g. an integer of more than 4,300 digits
        raise PositionError(_about(what, Problem.of(ErrorCode.POSITION_JSON_UNREADABLE,
                                                    detail=str(err)))) \
            from None


def json_depth(text: str | bytes, stop: int = MAX_JSON_DEPTH) -> int:
    """How deeply ``text``'s arrays and objects nest (counting stops past ``stop``), read in
    one pass without parsing it (brackets inside strings skipped), so that deep nesting is
    refused before any parser recurses.

    >>> json_depth('{"a": [1, "]]]"]}'), json_depth("[[[[]]]]"), json_depth("3")
    (2, 4, 0)
    """
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    depth = deepest = 0
    inside = False
    for token in _JSON_TOKEN.findall(text):
        if token == '"':
            inside = not inside
        elif inside or len(token) == 2:
            continue
        elif token in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > stop:
                    break
        else:
            depth -= 1
    return deepest


def _about(what: Problem | str, problem: Problem) -> Problem:
    """``problem`` said of ``what`` (the JSON position, the position string data...)."""
    return Problem.of(ErrorCode.POSITION_ABOUT, what=what, problem=problem) if what else problem


def _clip(text: str) -> str:
    return text if len(text) < 40 else text[:37] + "..."


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


class _Reader:
    """Typed access to untrusted JSON with errors naming the field's path."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, dict):
            raise PositionError(Problem.of(ErrorCode.POSITION_NOT_OBJECT, where=where,
                                           got=type(data).__name__))
        self.data: dict[str, Any] = data
        self.where = where

    def check(self, value: Any, kind: type, where: str) -> Any:
        ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
        if not ok:
            raise PositionError(Problem.of(ErrorCode.POSITION_FIELD_TYPE,
                                           where=f"{self.where}.{where}",
                                           kind=kind.__name__, got=show_value(value)))
        if kind is int and not -MAX_INT < value < MAX_INT:
            raise PositionError(Problem.of(ErrorCode.POSITION_FIELD_NUMBER,
                                           where=f"{self.where}.{where}",
                                           got=show_value(value)))
        if kind is str and len(value) > MAX_TEXT:
            raise PositionError(Problem.of(ErrorCode.POSITION_FIELD_TEXT,
                                           where=f"{self.where}.{where}",
                                           top=MAX_TEXT, got=len(value)))
        if kind is list and len(value) > MAX_LIST:
            raise PositionError(Problem.of(ErrorCode.POSITION_FIELD_LIST,
                                           where=f"{self.where}.{where}",
                                           top=MAX_LIST, got=len(value)))
        return value

    def get(self, key: str, kind: type, optional: bool = False) -> Any:
        if key not in self.data:
            raise PositionError(Problem.of(ErrorCode.POSITION_MISSING, where=self.where, key=key))
        value = self.data[key]
        if value is None and optional:
            return None
        return self.check(value, kind, key)

    def sub(self, key: str) -> _Reader:
        return _Reader(self.get(key, dict), f"{self.where}.{key}")

    def list(self, key: str) -> List[Any]:
        value: List[Any] = self.get(key, list)
        return value

    def item(self, key: str, i: int) -> _Reader:
        return _Reader(self.list(key)[i], f"{self.where}.{key}[{i}]")

    def strs(self, key: str) -> List[str]:
        return [self.check(v, str, f"{key}[{i}]") for i, v in enumerate(self.list(key))]

    def ints(self, key: str) -> List[int]:
        return [self.check(v, int, f"{key}[{i}]") for i, v in enumerate(self.list(key))]

    def enum(self, key: str, kind: type[Phase] | type[Step]) -> Any:
        value = self.get(key, str)
        try:
            return kind(value)
        except ValueError:
            allowed = ", ".join(m.value for m in kind)
            raise PositionError(Problem.of(ErrorCode.POSITION_ONE_OF, where=f"{self.where}.{key}",
                                           allowed=allowed, got=show_value(value))) from None


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


def show_value(value: Any) -> str | Problem:
    """A short description of an untrusted value for messages (never thousands of digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**40:
        digits = int(value.bit_length() * 0.30103) + 1
        return Problem.of(ErrorCode.POSITION_BIG_NUMBER, digits=digits)
    if isinstance(value, list | dict | tuple):  # (repr could recurse without end)
        return Problem.of(ErrorCode.POSITION_SIZED, kind=type(value).__name__, n=len(value))
    if isinstance(value, str | bytes) and len(value) > 40:
        return Problem.of(ErrorCode.POSITION_LONG_TEXT, kind=type(value).__name__, n=len(value))
    return f"{value!r:.40}"
