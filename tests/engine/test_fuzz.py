"""Property-based fuzzing of every door bad input can come through.

- position strings: random text, damaged real strings, and strings with a valid check around
  damaged or foreign data;
- JSON positions: real ``to_json`` data with fields deleted, retyped, pushed out of range, card
  ids swapped, moved or duplicated, phases and steps changed;
- action text read by ``parse_action`` in real positions;
- component files: the rooms, river and objectives files damaged in their structure (tables,
  arrays, values), written back as TOML. tests/engine/test_components.py damages the same files
  (and the deck files) as text, line by line; this file changes what the parsed data says, so
  more damaged files get past the TOML reader and reach the component checks.

Bad input must raise the matching :class:`PrecogError` and nothing else; input that is accepted
must work: a position that loads passes every invariant (its legal actions all apply), action
text that reads is a legal action, a component file that loads gives games that play to the end.
Example counts come from the hypothesis profile (tests/conftest.py: 100, 2,000 with --many).
"""

from __future__ import annotations

import base64
import copy
import datetime
import json
import math
import random
import re
import tomllib
import zlib
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from precog.engine import (
    ActionParseError,
    DataError,
    GameState,
    IllegalActionError,
    Phase,
    PositionError,
    Step,
    apply,
    from_json,
    from_position,
    legal_actions,
    new_game,
    parse_action,
    reference_components,
    to_json,
    to_position,
)
from precog.engine.data_loading import load_components_from_texts, reference_text
from precog.engine.playout import check_invariants, random_playout
from precog.engine.problems import ErrorCode
from precog.engine.validate import check_state
from tests.codes import raises_code

FUZZ = settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])
REF = reference_components()
CARD_IDS = sorted(REF.cards)
OTHER_IDS = sorted([*REF.room_by_id, *REF.river_by_id, *REF.objective_by_id,
                    *(t.id for t in REF.islands)])
POOL_CONFIGS: list[dict[str, Any]] = [
    {"mode": "competitive", "players": 3, "setup": "standard"},
    {"mode": "competitive", "players": 2, "setup": "advanced"},
    {"mode": "team", "players": 4, "setup": "advanced"},
    {"mode": "coop", "players": 3, "setup": "standard", "difficulty": "hard"},
    {"mode": "coop", "players": 4, "setup": "advanced", "difficulty": "apocalypse"},
    {"mode": "coop", "players": 2, "setup": "advanced", "difficulty": "normal"},
]


def _pool(seed: int, cfg: dict[str, Any]) -> list[GameState]:
    """Real positions from a seeded random game: every phase and step, the end too (every
    third position, and every Lose step, rarer than the others)."""
    states = []
    rng = random.Random(seed)
    state = new_game(seed=seed, **cfg)
    for step in range(10_000):
        if step % 3 == 0 or state.is_over or state.step is Step.LOSE:
            states.append(state)
        if state.is_over:
            break
        options = legal_actions(state)
        state = apply(state, options[rng.randrange(len(options))])
    return states


POOLS = [_pool(seed, cfg) for seed, cfg in enumerate(POOL_CONFIGS)]
POOL = [state for pool in POOLS for state in pool]
LIVE = [s for s in POOL if not s.is_over]
POSITIONS = [[to_json(s) for s in pool] for pool in POOLS]  # by configuration
STRINGS = [to_position(s) for s in POOL]


def assert_playable(state: GameState) -> None:
    """What an accepted position owes its user: checks pass and every legal action applies."""
    check_state(state)
    assert state.is_over or legal_actions(state), "a live position without a legal action"
    check_invariants(state)


def loads_or_is_refused(load: Any, *args: Any) -> GameState | None:
    try:
        state: GameState = load(*args)
    except PositionError as err:
        assert str(err), "a PositionError must say what is wrong"
        return None
    assert_playable(state)
    return state


# ---------------------------------------------------------------- damaging JSON data

WEIRD: list[Any] = [
    None, True, False, 0, 1, -1, 2, 12, 13, 999, 1000, -10**30, 10**30, 2**64, 1.5, -0.0,
    math.nan, math.inf, "", "x", "D01", "T24", "K07", "R01", "R13", "O1a", "O3h", "W1a", "I1",
    "C1", "decision", "action", "over", "gains", "choose", "none", "cards", "river", "machines",
    "keep D01 give D02", "rooms R01 R02", "pass D01 D02", "activate both", "\ud800", [],
    [None], [1, 2], ["D01", "D01"], [[]], {}, {"food": 1}, {"food": -1}, {"x": 1},
]


def _children(node: Any) -> Iterator[tuple[Any, Any]]:
    if isinstance(node, dict):
        yield from node.items()
    elif isinstance(node, list):
        yield from enumerate(node)


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place below ``node`` (dict keys and list indexes), depth first."""
    out = []
    for key, child in _children(node):
        out.append(prefix + (key,))
        out.extend(paths(child, prefix + (key,)))
    return out


def get(root: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        root = root[key]
    return root


def put(root: Any, path: tuple[Any, ...], value: Any) -> None:
    get(root, path[:-1])[path[-1]] = value


def leaves(root: Any, kind: type) -> list[tuple[Any, ...]]:
    return [p for p in paths(root) if isinstance(get(root, p), kind)
            and not (kind is int and isinstance(get(root, p), bool))]


def shape(path: tuple[Any, ...]) -> tuple[str, ...]:
    return tuple("*" if isinstance(k, int) else str(k) for k in path)


def pick(draw: st.DrawFn, candidates: list[tuple[Any, ...]]) -> tuple[Any, ...]:
    """A path, each field equally likely (a rare field such as ``objectives`` as often as
    ``players[*].deck[*]``, which has a hundred places)."""
    shapes = sorted({shape(p) for p in candidates})
    chosen = draw(st.sampled_from(shapes))
    return draw(st.sampled_from([p for p in candidates if shape(p) == chosen]))


def _delete(draw: st.DrawFn, data: Any) -> None:
    if paths(data):
        path = pick(draw, paths(data))
        del get(data, path[:-1])[path[-1]]


def _weird(draw: st.DrawFn, data: Any) -> None:
    if paths(data):
        put(data, pick(draw, paths(data)), copy.deepcopy(draw(st.sampled_from(WEIRD))))


def _number(draw: st.DrawFn, data: Any) -> None:
    ints = leaves(data, int)
    if ints:
        path = pick(draw, ints)
        value = draw(st.one_of(st.integers(-3, 3).map(lambda d: get(data, path) + d),
                               st.sampled_from([-1, 0, 13, 1000, -10**30, 10**30]),
                               st.integers()))
        put(data, path, value)


def _swap(draw: st.DrawFn, data: Any) -> None:
    strings = leaves(data, str)
    if len(strings) >= 2:
        a, b = draw(st.lists(st.sampled_from(strings), min_size=2, max_size=2, unique=True))
        va, vb = get(data, a), get(data, b)
        put(data, a, vb)
        put(data, b, va)


def _duplicate_card(draw: st.DrawFn, data: Any) -> None:
    cards = [p for p in leaves(data, str) if get(data, p) in REF.cards]
    if cards:
        target = draw(st.sampled_from(cards))
        put(data, target, draw(st.sampled_from([get(data, p) for p in cards] + CARD_IDS)))


def _move_card(draw: st.DrawFn, data: Any) -> None:
    zones = [p for p in paths(data) if isinstance(get(data, p), list)
             and len(p) == 3 and p[0] == "players"]
    full = [z for z in zones if get(data, z)]
    if full:
        source, target = draw(st.sampled_from(full)), draw(st.sampled_from(zones))
        card = get(data, source).pop(draw(st.integers(0, len(get(data, source)) - 1)))
        get(data, target).insert(draw(st.integers(0, len(get(data, target)))), card)


def _phase_or_step(draw: st.DrawFn, data: Any) -> None:
    key = draw(st.sampled_from(["phase", "step"]))
    names = [m.value for m in (Phase if key == "phase" else Step)]
    data[key] = draw(st.sampled_from([*names, "Decision", "", "x"]))


def _list_edit(draw: st.DrawFn, data: Any, values: list[Any] = WEIRD) -> None:
    lists = [p for p in paths(data) if isinstance(get(data, p), list)]
    if lists:
        items = get(data, pick(draw, lists))
        edit = draw(st.sampled_from(["copy", "insert", "drop", "reverse", "rotate"]))
        if edit == "insert" or not items:
            items.insert(draw(st.integers(0, len(items))),
                         copy.deepcopy(draw(st.sampled_from(values))))
        elif edit == "copy":
            items.append(copy.deepcopy(items[draw(st.integers(0, len(items) - 1))]))
        elif edit == "drop":
            items.pop(draw(st.integers(0, len(items) - 1)))
        elif edit == "reverse":
            items.reverse()
        else:
            items.append(items.pop(0))


def _new_key(draw: st.DrawFn, data: Any, values: list[Any] = WEIRD) -> None:
    tables = [()] + [p for p in paths(data) if isinstance(get(data, p), dict)]
    table = get(data, pick(draw, tables))
    table[draw(st.sampled_from(["x", "food", "heal", "bane", "round", "id", ""]))] = \
        copy.deepcopy(draw(st.sampled_from(values)))


JSON_EDITS = [_delete, _weird, _weird, _number, _swap, _duplicate_card, _move_card,
              _phase_or_step, _list_edit, _list_edit, _new_key]


@st.composite
def damaged_position(draw: st.DrawFn) -> Any:
    data = copy.deepcopy(draw(st.sampled_from(draw(st.sampled_from(POSITIONS)))))
    for _ in range(draw(st.integers(1, 3))):
        draw(st.sampled_from(JSON_EDITS))(draw, data)
    return data


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=5),
    max_leaves=20)


# ---------------------------------------------------------------- JSON positions

def test_every_pooled_position_is_real_and_the_pool_covers_every_phase_and_step() -> None:
    for state in POOL:
        assert from_json(to_json(state)) == state
    assert {s.phase for s in POOL} == set(Phase)
    assert {s.step for s in POOL} == set(Step)


def coop_start_with(stack_item: Any = None, revealed: Any = None) -> dict[str, Any]:
    """A cooperative start position with one more Objective in a stack or revealed."""
    data = to_json(new_game(players=3, mode="coop", seed=1))
    if stack_item is not None:
        data["objective_stacks"][0].append(stack_item)
    if revealed is not None:
        data["objectives"].append(revealed)
    return data


@FUZZ
@given(damaged_position())
@example(coop_start_with(stack_item="x")).via("unknown Objective tile: KeyError in check_state")
@example(coop_start_with(stack_item=[1])).via("Objective tile not text: TypeError")
@example(coop_start_with(revealed=["x", False])).via("unknown revealed Objective: KeyError")
def test_a_damaged_json_position_raises_position_error_or_loads_a_playable_position(
        data: Any) -> None:
    loads_or_is_refused(from_json, data)


@FUZZ
@given(json_values)
def test_any_json_value_raises_position_error_or_loads(data: Any) -> None:
    loads_or_is_refused(from_json, data)


@FUZZ
@given(st.one_of(st.text(), st.binary(), st.sampled_from(["{}", "null", "[]"])))
@example("[" * 5_000).via("deeply nested JSON hits the recursion limit")
@example(b"{\"a\":" * 5_000).via("deeply nested JSON hits the recursion limit")
def test_json_text_that_is_not_a_position_raises_position_error(text: str | bytes) -> None:
    loads_or_is_refused(from_json, text)


# ---------------------------------------------------------------- position strings

def encode(packed: bytes) -> str:
    """A position string around ``packed`` with a valid check (the format of serialize.py)."""
    payload = base64.urlsafe_b64encode(packed).decode().rstrip("=")
    return f"pg1.{payload}.{zlib.crc32(packed):08x}"


@FUZZ
@given(st.one_of(st.text(), st.binary(), st.none(), st.integers(),
                 st.text("pg1.-_=abcdefABCDEF0123456789 \n").map(lambda t: "pg1." + t)))
def test_random_text_raises_position_error(text: Any) -> None:
    loads_or_is_refused(from_position, text)


@st.composite
def damaged_string(draw: st.DrawFn) -> tuple[str, str]:
    original = draw(st.sampled_from(STRINGS))
    text = original
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(text)))
        edit = draw(st.sampled_from(["flip", "delete", "insert", "truncate", "swap", "case",
                                     "space", "dot"]))
        if edit == "flip" and i < len(text):
            text = text[:i] + draw(st.characters()) + text[i + 1:]
        elif edit == "delete":
            text = text[:i] + text[i + 1:]
        elif edit == "insert":
            text = text[:i] + draw(st.characters()) + text[i:]
        elif edit == "truncate":
            text = text[:i]
        elif edit == "swap" and i + 1 < len(text):
            text = text[:i] + text[i + 1] + text[i] + text[i + 2:]
        elif edit == "case":
            text = text.swapcase()
        elif edit == "space":
            text = text[:i] + draw(st.sampled_from([" ", "\n", "\t"])) + text[i:]
        else:
            text = text[:i] + "." + text[i:]
    return original, text


@FUZZ
@given(damaged_string())
def test_a_damaged_position_string_is_refused_or_reads_as_the_same_position(
        pair: tuple[str, str]) -> None:
    original, text = pair
    state = loads_or_is_refused(from_position, text)
    assert state is None or state == from_position(original), "damage went unnoticed"


@st.composite
def packed_payload(draw: st.DrawFn) -> bytes:
    kind = draw(st.sampled_from(["damaged position", "json value", "bytes", "deflated bytes",
                                 "deep nesting"]))
    if kind == "damaged position":
        text = json.dumps(draw(damaged_position()), separators=(",", ":"))
        return zlib.compress(text.encode("utf-8", "surrogatepass"), 9)
    if kind == "json value":
        return zlib.compress(json.dumps(draw(json_values)).encode("utf-8", "surrogatepass"))
    if kind == "bytes":
        return draw(st.binary())
    if kind == "deflated bytes":
        return zlib.compress(draw(st.binary()))
    return zlib.compress(draw(st.sampled_from(["[", "{\"a\":"])).encode() * 5_000)


@FUZZ
@given(packed_payload())
@example(zlib.compress(b"[" * 5_000)).via("deeply nested JSON hits the recursion limit")
def test_a_valid_check_around_damaged_data_raises_position_error_or_loads(packed: bytes) -> None:
    loads_or_is_refused(from_position, encode(packed))


def test_a_position_string_that_unpacks_to_megabytes_is_refused_without_unpacking_it() -> None:
    bomb = zlib.compress(b"[" + b" " * (64 << 20) + b"]", 9)
    with raises_code(PositionError, ErrorCode.POSITION_UNPACKS_BIG):
        from_position(encode(bomb))


# ---------------------------------------------------------------- action text

TOKENS = ["keep", "give", "rooms", "pass", "activate", "both", "G", "R", "food", "humans",
          "ymunes", "heal", "battery", "m0", "m1", "m6", "m7", "none", "reveal", "mitigate",
          "done", "protectors", "lose", "river", "ignore", "accept", "1D", "2P", "3H", "0C"]


@st.composite
def action_text(draw: st.DrawFn) -> tuple[GameState, str]:
    state = draw(st.sampled_from(LIVE))
    kind = draw(st.sampled_from(["random", "tokens", "damaged notation", "elsewhere"]))
    if kind == "random":
        return state, draw(st.text())
    if kind == "tokens":
        words = st.sampled_from(TOKENS + CARD_IDS[::7] + OTHER_IDS[::3]) | st.integers(
            -5, 200).map(str)
        return state, " ".join(draw(st.lists(words, min_size=1, max_size=5)))
    source = state if kind == "damaged notation" else draw(st.sampled_from(LIVE))
    text = str(draw(st.sampled_from(legal_actions(source))))
    for _ in range(draw(st.integers(0 if kind == "elsewhere" else 1, 3))):
        text = _damage_notation(draw, text)
    return state, text


def _damage_notation(draw: st.DrawFn, text: str) -> str:
    edit = draw(st.sampled_from(["case", "spaces", "number", "id", "char", "cut", "extra"]))
    if edit == "case":
        return "".join(c.upper() if draw(st.booleans()) else c.lower() for c in text)
    if edit == "spaces":
        return "  " + text.replace(" ", draw(st.sampled_from(["  ", "\t", " \n "]))) + " "
    if edit == "number" and re.search(r"\d+", text):
        return re.sub(r"\d+", lambda _: str(draw(st.integers(0, 120))), text, count=1)
    if edit == "id":
        return re.sub(r"\b[A-Z][A-Za-z0-9]+\b", lambda _: draw(st.sampled_from(
            CARD_IDS + OTHER_IDS + ["Z99", "d01", "r1"])), text, count=1)
    i = draw(st.integers(0, len(text)))
    if edit == "char":
        return text[:i] + draw(st.characters()) + text[i + 1:]
    if edit == "cut":
        return text[:i]
    return text + " " + draw(st.sampled_from(TOKENS))


@FUZZ
@given(action_text())
def test_action_text_is_refused_with_a_parse_or_illegal_error_or_reads_as_a_legal_action(
        case: tuple[GameState, str]) -> None:
    state, text = case
    try:
        action = parse_action(state, text)
    except (ActionParseError, IllegalActionError) as err:
        assert str(err)
        return
    assert action in legal_actions(state), f"{text!r} read as {action}, not a legal action"
    apply(state, action)


@FUZZ
@given(st.sampled_from(LIVE), st.one_of(st.none(), st.integers(), st.binary()))
def test_an_action_that_is_not_text_raises_action_parse_error(state: GameState,
                                                             value: Any) -> None:
    with raises_code(ActionParseError, ErrorCode.ACTION_TEXT_TYPE):
        parse_action(state, value)


# ---------------------------------------------------------------- component files

def toml_value(value: Any) -> str:
    """TOML for a parsed value (tables written inline; enough for the component files)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "nan" if math.isnan(value) else "inf" if value == math.inf else \
            "-inf" if value == -math.inf else repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {toml_value(v)}"
                                for k, v in value.items()) + " }"
    if isinstance(value, datetime.date):
        return value.isoformat()
    raise TypeError(f"no TOML for {value!r}")


def to_toml(data: dict[str, Any]) -> str:
    return "".join(f"{json.dumps(k)} = {toml_value(v)}\n" for k, v in data.items())


DATA_FAMILIES = ("rooms", "river", "objectives")
PARSED = {family: tomllib.loads(reference_text(family)) for family in DATA_FAMILIES}
DATA_WEIRD: list[Any] = [
    0, 1, 2, 3, 4, 5, -1, 12, 13, 99, 100, 10**20, 1.5, math.nan, True, "", "X", "R01", "O1a",
    "W1a", "I1", "C1", "food", "Food", "one", "each", "all", "pair: Food + other",
    "received: 2 Human", "given: Human", "pair: Bane + no Bane", [], [{}], {}, {"food": 1},
    {"food": 99}, {"heal": 1}, {"battery": 1}, datetime.date(1979, 5, 27),
]


def _data_nudge(draw: st.DrawFn, data: Any) -> None:
    ints = leaves(data, int)
    if ints:
        path = pick(draw, ints)
        put(data, path, get(data, path) + draw(st.sampled_from([-1, 1])))


def _data_swap_field(draw: st.DrawFn, data: Any) -> None:
    """Swap one field's values between two entries (two rooms, machines, tiles...)."""
    spots = paths(data)
    if not spots:
        return
    a = pick(draw, spots)
    same = [p for p in spots if len(p) == len(a) and p[-1] == a[-1] and p != a]
    if same:
        b = draw(st.sampled_from(same))
        va, vb = get(data, a), get(data, b)
        put(data, a, vb)
        put(data, b, va)


def _data_weird(draw: st.DrawFn, data: Any) -> None:
    if paths(data):
        put(data, pick(draw, paths(data)), copy.deepcopy(draw(st.sampled_from(DATA_WEIRD))))


def _data_new_key(draw: st.DrawFn, data: Any) -> None:
    _new_key(draw, data, DATA_WEIRD)


def _data_list_edit(draw: st.DrawFn, data: Any) -> None:
    _list_edit(draw, data, DATA_WEIRD)


DATA_EDITS = [_delete, _data_weird, _data_nudge, _data_swap_field, _swap, _data_list_edit,
              _data_new_key]


@st.composite
def damaged_data(draw: st.DrawFn, family: str) -> str:
    data = copy.deepcopy(PARSED[family])
    for _ in range(draw(st.integers(1, 3))):
        draw(st.sampled_from(DATA_EDITS))(draw, data)
    return to_toml(data)


# A game that uses the family: all 12 rooms, River tiles, many Objectives.
GAME_FOR: dict[str, dict[str, Any]] = {
    "rooms": {"mode": "competitive", "players": 4, "setup": "advanced"},
    "river": {"mode": "competitive", "players": 2, "setup": "standard"},
    "objectives": {"mode": "coop", "players": 4, "setup": "standard",
                   "difficulty": "apocalypse"},
}


@pytest.mark.parametrize("family", DATA_FAMILIES)
def test_the_toml_writer_used_here_gives_back_the_reference_set(family: str) -> None:
    comps = load_components_from_texts({family: to_toml(PARSED[family])})
    assert comps.fingerprint == REF.fingerprint


@pytest.mark.parametrize("family", DATA_FAMILIES)
@FUZZ
@given(data=st.data())
def test_a_component_file_with_damaged_data_raises_data_error_or_gives_playable_games(
        family: str, data: st.DataObject) -> None:
    text = data.draw(damaged_data(family))
    try:
        comps = load_components_from_texts({family: text})
    except DataError as err:
        assert str(err).startswith(f"<{family} text>: "), str(err)
        return
    seed = data.draw(st.integers(0, 2**32))
    result = random_playout(random.Random(seed), components=comps, seed=seed, **GAME_FOR[family])
    assert result.final.is_over
    check_invariants(result.final)
