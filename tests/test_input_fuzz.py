"""Every door of user input, fuzzed with a bound on the time each input may take.

Categories: position text, JSON positions, saved games, action text and action values,
component files on disk, the ``precog`` command line (in-process, through ``cli.main``), and the
app's address (``?position=…&seat=N``, read by the explorer) and Play's load box.

Each input must be refused with the matching :class:`PrecogError` subclass (or, on the command
line, exit status 2 with a one-line message), or be accepted and work. Each refusal must come
within a fixed bound: :data:`CPU_BOUND` seconds of this process's CPU (what the input costs,
whatever else the machine runs) and :data:`WALL_BOUND` seconds of wall time (what catches a
read that blocks, which costs no CPU). This bounds input handling; it is not a speed benchmark.
tests/engine/test_fuzz.py fuzzes the engine's readers for correctness; the strategies are
shared. Example counts follow the hypothesis profile (tests/conftest.py; ``--many``: 20 times
more).
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import random
import resource
import signal
import sys
import tempfile
import time
import tracemalloc
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from precog import cli
from precog.engine import (
    ActionParseError,
    DataError,
    Game,
    GameState,
    IllegalActionError,
    Phase,
    PositionError,
    PrecogError,
    apply,
    from_json,
    from_position,
    legal_actions,
    load_components,
    new_game,
    parse_action,
    read_position,
    to_json,
    to_position,
)
from precog.engine import actions as A
from precog.engine.data_loading import reference_text
from precog.engine.validate import check_state
from tests.engine.test_fuzz import (
    LIVE,
    POOL,
    POSITIONS,
    STRINGS,
    action_text,
    damaged_data,
    damaged_position,
    damaged_string,
    encode,
    leaves,
    packed_payload,
    pick,
    put,
)

CPU_BOUND = 1.0  # seconds of CPU per input
WALL_BOUND = 10.0  # seconds of wall time per input (a blocking read would exceed it)
MEMORY_BOUND = 1 << 30  # bytes of address space an input may add (a real one needs a few MB)
FUZZ = settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much,
                                       HealthCheck.function_scoped_fixture])
FEWER = settings(FUZZ, max_examples=max(10, settings.default.max_examples // 3))
GAINS_STEP = [s for s in POOL if s.step.value == "gains"]
GAIN_NAMES = ["food", "human", "battery", "ymune", "doctor", "protector", "heal"]
HUGE: list[Any] = [10**30, 10**8, 3 * 10**7, 10**5, 1000, 999, 55, 37, 2**63, 2**63 - 1,
                   -2**63, -1]
HUGER = [*HUGE, 10**4000]  # beyond str(): only reachable from Python, not from JSON text
NON_ASCII_DIGITS = ["٣", "３", "߃", "३", "²", "Ⅲ", "𝟑"]


class TookTooLong(AssertionError):
    """Raised inside a call that outlives the wall-time bound (so a hang fails, not hangs)."""


def _on_alarm(_signum: int, _frame: Any) -> None:
    raise TookTooLong(f"still running after {WALL_BOUND} s")


@contextlib.contextmanager
def guarded() -> Iterator[None]:
    """Interrupt the call after the wall-time bound, and let it use at most
    :data:`MEMORY_BOUND` more address space (MemoryError then, not a swapping machine)."""
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    with open("/proc/self/status") as status:
        used = next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmSize"))
    resource.setrlimit(resource.RLIMIT_AS, (used + MEMORY_BOUND, hard))
    signal.setitimer(signal.ITIMER_REAL, WALL_BOUND)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
        signal.signal(signal.SIGALRM, previous)


def bounded(call: Callable[..., Any], *args: Any,
            refused: type[BaseException] | tuple[type[BaseException], ...] = PrecogError
            ) -> tuple[Any, BaseException | None]:
    """``call(*args)``: (result, None) or (None, the refusal); fails on any other exception
    and on an input that takes longer than the bounds or more memory."""
    wall, cpu = time.perf_counter(), time.process_time()
    result: Any = None
    error: BaseException | None = None
    try:
        with guarded():
            result = call(*args)
    except TookTooLong:
        raise
    except refused as err:
        error = err
    cpu_used, wall_used = time.process_time() - cpu, time.perf_counter() - wall
    assert cpu_used < CPU_BOUND, f"{cpu_used:.2f} s of CPU for one input"
    assert wall_used < WALL_BOUND, f"{wall_used:.2f} s of wall time for one input"
    if error is not None:
        assert str(error).strip(), "a refusal must say what is wrong"
    return result, error


def assert_real(state: GameState) -> None:
    check_state(state)
    assert state.is_over or legal_actions(state)


# ---------------------------------------------------------------- position text

@st.composite
def enlarged_position(draw: st.DrawFn, huge: list[Any] = HUGE) -> dict[str, Any]:
    """A real position with one number (or a pending gain) pushed far past a real game."""
    if draw(st.booleans()) and GAINS_STEP:
        data = to_json(draw(st.sampled_from(GAINS_STEP)))
        data["pending"][draw(st.sampled_from(GAIN_NAMES))] = draw(st.sampled_from(huge))
        return data
    data = copy.deepcopy(draw(st.sampled_from(draw(st.sampled_from(POSITIONS)))))
    put(data, pick(draw, leaves(data, int)), draw(st.sampled_from(huge)))
    return data


def dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


@st.composite
def nested_text(draw: st.DrawFn) -> str:
    """JSON nested thousands deep, alone or in place of a field of a real position."""
    depth = draw(st.sampled_from([100, 1_000, 5_000, 100_000]))
    deep = draw(st.sampled_from(["[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth,
                                 "[" * depth]))
    if draw(st.booleans()):
        return deep
    data = copy.deepcopy(draw(st.sampled_from(draw(st.sampled_from(POSITIONS)))))
    put(data, pick(draw, leaves(data, int) + leaves(data, str)), "@DEEP@")
    return dumps(data).replace('"@DEEP@"', deep)


position_texts = st.one_of(
    st.text(), st.binary(), damaged_string().map(lambda pair: pair[1]),
    packed_payload().map(encode),
    enlarged_position().map(lambda d: encode(zlib.compress(dumps(d).encode()))),
    st.sampled_from(STRINGS),
)


@FUZZ
@given(position_texts)
@example("pg1." + "A" * 3_000_000 + ".00000000").via("megabytes of position string")
def test_position_text_is_read_or_refused_with_position_error_in_bounded_time(
        text: str | bytes) -> None:
    state, _ = bounded(read_position, text, refused=PositionError)
    if state is not None:
        assert_real(state.state)
    if isinstance(text, str):
        bounded(from_position, text, refused=PositionError)


# ---------------------------------------------------------------- JSON positions

json_position_texts = st.one_of(
    enlarged_position().map(dumps), damaged_position().map(dumps), nested_text(),
    enlarged_position().map(lambda d: dumps(d).replace("999", "9" * 5_000)),
    st.sampled_from(POSITIONS[0]).map(lambda d: dumps(d) + " " * 3_000_000),
)


@FUZZ
@given(json_position_texts)
@example('{"format":"precog-position","version":' + "9" * 4_301 + "}"
         ).via("an integer of more than 4,300 digits")
def test_a_json_position_is_read_or_refused_with_position_error_in_bounded_time(
        text: str) -> None:
    loaded, _ = bounded(read_position, text, refused=PositionError)
    if loaded is not None:
        assert_real(loaded.state)
    bounded(from_json, text, refused=PositionError)


@FUZZ
@given(enlarged_position(HUGER))
def test_a_json_position_object_with_numbers_past_a_real_game_is_refused(
        data: dict[str, Any]) -> None:
    state, _ = bounded(from_json, data, refused=PositionError)
    if state is not None:
        assert_real(state)


# ---------------------------------------------------------------- saved games

def _recorded(seed: int) -> tuple[GameState, list[str]]:
    rng = random.Random(seed)
    state = start = new_game(players=2 + seed % 3, seed=seed,
                             setup="advanced" if seed % 2 else "standard")
    played = []
    while not state.is_over and len(played) < 60:
        action = rng.choice(legal_actions(state))
        played.append(str(action))
        state = apply(state, action)
    return start, played


GAMES = [_recorded(seed) for seed in range(4)]


@st.composite
def saved_game(draw: st.DrawFn) -> Any:
    start, played = draw(st.sampled_from(GAMES))
    data: dict[str, Any] = {"format": "precog-game", "version": 1, "start": to_json(start),
                            "actions": list(played[:draw(st.integers(0, len(played)))])}
    edit = draw(st.sampled_from(["none", "action", "insert", "repeat", "start", "types",
                                 "key"]))
    acts = data["actions"]
    if edit == "action" and acts:
        acts[draw(st.integers(0, len(acts) - 1))] = draw(st.one_of(
            st.text(max_size=30), st.sampled_from(["food 99", "food ٣", "x" * 10_000, "done"])))
    elif edit == "insert":
        acts.insert(draw(st.integers(0, len(acts))), draw(st.sampled_from(played)))
    elif edit == "repeat":
        data["actions"] = acts + [draw(st.sampled_from(played))] * draw(
            st.sampled_from([10, 3_000, 100_000]))
    elif edit == "start":
        data["start"] = draw(st.one_of(damaged_position(), enlarged_position()))
    elif edit == "types" and acts:
        acts[draw(st.integers(0, len(acts) - 1))] = draw(st.sampled_from(
            [None, 1, 1.5, [], {}, ["done"], 10**5000]))
    elif edit == "key":
        data[draw(st.sampled_from(["actions", "start", "format"]))] = draw(st.sampled_from(
            [None, 1, "x", [], {}]))
    return data


@FUZZ
@given(saved_game())
def test_a_saved_game_is_read_or_refused_with_position_error_in_bounded_time(
        data: Any) -> None:
    game, _ = bounded(Game.from_json, data, refused=PositionError)
    if game is not None:
        assert_real(game.state)
    try:
        text = dumps(data)
    except ValueError:  # an integer too long for str(): only reachable from Python
        return
    loaded, _ = bounded(read_position, text, refused=PositionError)
    if game is not None:
        assert loaded is not None and loaded.game is not None and loaded.state == game.state
    else:
        assert loaded is None or loaded.game is None


# ---------------------------------------------------------------- action text and values

@st.composite
def foreign_digits(draw: st.DrawFn) -> tuple[GameState, str]:
    state, text = draw(action_text())
    digit = draw(st.sampled_from(NON_ASCII_DIGITS))
    return state, "".join(digit if c.isdigit() else c for c in text)


@FUZZ
@given(st.one_of(action_text(), foreign_digits(),
                 st.tuples(st.sampled_from(LIVE), st.sampled_from(
                     ["food " + "1" * 5_000, " " * 1_000_000 + "done", "x" * 1_000_000]))))
@example((LIVE[0], "food ３")).via("fullwidth digits read as a number")
def test_action_text_is_refused_with_a_parse_or_illegal_error_in_bounded_time(
        case: tuple[GameState, str]) -> None:
    state, text = case
    action, _ = bounded(parse_action, state, text, refused=(ActionParseError, IllegalActionError))
    if action is not None:
        assert all(c.isascii() for c in text if c.isdigit()), f"{text!r} read as {action}"
        assert action in legal_actions(state)


ODD_VALUES: list[Any] = [0.5, 1.0, -0.0, float("nan"), True, False, None, "1", b"1", [1], (1,),
                         10**30, -1, 2, 0, ("R01", "R02"), ("D01",), ("D01", 1), "D01", "G",
                         "both", ""]
ACTION_KINDS = [A.ChooseRooms, A.PassCards, A.Choose, A.Activate, A.TakeFood, A.TakeHumans,
                A.PlaceYmunes, A.Heal, A.PlaceBattery, A.Mitigate, A.SpendProtectors,
                A.LoseHumans, A.IgnoreRiver]


@st.composite
def odd_action(draw: st.DrawFn) -> tuple[GameState, Any]:
    state = draw(st.sampled_from(LIVE))
    if draw(st.booleans()):  # a legal action with one field changed
        action = draw(st.sampled_from(legal_actions(state)))
        names = list(getattr(action, "__slots__", ()))
        if names:
            values = [getattr(action, n) for n in names]
            values[draw(st.integers(0, len(names) - 1))] = draw(st.sampled_from(ODD_VALUES))
            return state, type(action)(*values)
        return state, action
    kind = draw(st.sampled_from(ACTION_KINDS))
    width = len(kind.__slots__)
    return state, kind(*draw(st.lists(st.sampled_from(ODD_VALUES), min_size=width,
                                      max_size=width)))


@FUZZ
@given(odd_action())
@example((GAINS_STEP[0], A.TakeFood(0.5))).via("apply(s, TakeFood(0.5)) gave float Food")
@example((GAINS_STEP[0], A.TakeFood(True))).via("a bool is an int to isinstance")
def test_an_action_value_of_the_wrong_type_is_refused_and_a_right_one_gives_a_real_state(
        case: tuple[GameState, Any]) -> None:
    state, action = case
    after, _ = bounded(apply, state, action, refused=IllegalActionError)
    if after is not None:
        assert A.malformed(action) is None
        assert_real(after)
        assert from_position(to_position(after)) == after


# ---------------------------------------------------------------- component files

@pytest.fixture(scope="module")
def files() -> Iterator[dict[str, str]]:
    """Paths that are no component file: devices, a FIFO with no writer, a directory,
    a file larger than any component file, a name too long, a NUL byte, a link to a device."""
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        fifo = base / "fifo.toml"
        os.mkfifo(fifo)
        big = base / "big.toml"
        big.write_text("# padding\n" * 300_000)
        link = base / "zero.toml"
        link.symlink_to("/dev/zero")
        yield {"zero": "/dev/zero", "urandom": "/dev/urandom", "null": "/dev/null",
               "fifo": str(fifo), "dir": folder, "big": str(big), "link": str(link),
               "long": str(base / ("x" * 300)), "nul": str(base / "a\0b"),
               "missing": str(base / "nope.toml"), "folder": str(base)}


FAMILIES = ["rooms", "river", "objectives", "deck:D", "distribution"]


@st.composite
def component_file(draw: st.DrawFn) -> tuple[str, str | bytes | None]:
    family = draw(st.sampled_from(FAMILIES))
    kind = draw(st.sampled_from(["special", "damaged", "bytes", "nested", "text"]))
    if kind == "special":
        return family, None
    if kind == "damaged" and family in ("rooms", "river", "objectives"):
        return family, draw(damaged_data(family))
    if kind == "nested":
        depth = draw(st.sampled_from([100, 10_000, 200_000]))
        return family, "x = " + "[" * depth + "]" * depth + "\n"
    if kind == "bytes":
        return family, draw(st.binary(max_size=2_000))
    return family, reference_text(family) + draw(st.text(max_size=200))


@FUZZ
@given(component_file(), st.sampled_from(["zero", "urandom", "null", "fifo", "dir", "big",
                                          "link", "long", "nul", "missing", "folder"]))
def test_a_component_file_is_loaded_or_refused_with_data_error_in_bounded_time(
        files: dict[str, str], case: tuple[str, str | bytes | None], special: str) -> None:
    family, content = case
    if content is None:
        path = files[special]
    else:
        path = os.path.join(files["folder"], "file.toml")
        with open(path, "wb") as out:
            out.write(content.encode("utf-8", "surrogatepass") if isinstance(content, str)
                      else content)
    comps, error = bounded(load_components, {family: path}, refused=DataError)
    if content is None:
        assert error is not None, f"{special} was read as a component file"
    elif comps is not None:
        assert_real(new_game(players=2, components=comps, seed=1))


# ---------------------------------------------------------------- the command line

@contextlib.contextmanager
def stdin_text(text: str) -> Iterator[None]:
    saved = sys.stdin
    sys.stdin = io.StringIO(text)
    try:
        yield
    finally:
        sys.stdin = saved


def run_cli(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), stdin_text(stdin):
        status = cli.main(argv)
    return status, out.getvalue(), err.getvalue()


GOOD = to_position(next(s for s in LIVE if s.phase is Phase.DECISION and s.round > 1
                        and not any(s.choices)))
BAD_VALUES = ["", " ", "-", "-1", "0", "nan", "inf", "-inf", "1e309", "1" * 50, "9" * 5_000,
              "٣", "３", "x" * 300, "a\0b", "/dev/zero", "/dev/urandom", "/dev/null", "/",
              "--", "pg1.xyz.0", STRINGS[3][:-2], '{"format": "precog-position"}',
              "[" * 10_000, "{" * 10_000]
OPTIONS = {
    "show": ["--for", "--json"],
    "analyse": ["--player", "--model", "--rollouts", "--depth", "--seed", "--budget", "--tree",
                "--json"],
    "simulate": ["--players", "--mode", "--setup", "--difficulty", "--games", "--seed",
                 "--check", "--json"],
    "random-position": ["--players", "--round", "--seed", "--mode", "--setup", "--json"],
    "tournament": ["--bots", "--players", "--games", "--seed", "--workers", "--mode"],
}
FLAGS = {"--json", "--tree", "--check"}
CHEAP = ["1", "2", "3", "-5", "random", "random,random", "random,random,random,random,random",
         "greedy", "coop", "team", "advanced", "hard", "uniform", "worst"]


@st.composite
def command_line(draw: st.DrawFn) -> tuple[list[str], str]:
    command = draw(st.sampled_from(sorted(OPTIONS)))
    argv = [command]
    if command in ("show", "analyse"):
        argv.append(draw(st.sampled_from([GOOD, *BAD_VALUES, "x" * 256, "x" * 5_000])))
    if command == "analyse":
        argv += ["--budget", "0.3"]
    if command == "tournament":
        argv += ["--workers", "1", "--games", "1", "--bots", "random"]
    if command == "simulate":
        argv += ["--games", "2"]  # accepted runs stay short: the bound is on refusals
    for _ in range(draw(st.integers(0, 4))):
        option = draw(st.sampled_from(OPTIONS[command]))
        argv.append(option)
        if option not in FLAGS:
            argv.append(draw(st.sampled_from(BAD_VALUES + CHEAP)))
    stdin = draw(st.sampled_from(["", GOOD, "[" * 100_000, "x" * 5_000_000, STRINGS[5]]))
    return argv, stdin


@FEWER
@given(command_line())
@example((["show", "x" * 300], "")).via("OSError: File name too long from Path.is_file")
@example((["analyse", GOOD, "--budget", "nan"], "")).via("--budget nan was accepted")
@example((["analyse", GOOD, "--rollouts", str(10**12)], "")).via("unbounded rollouts")
@example((["analyse", GOOD, "--budget", "0.3", "--rollouts", "4", "--seed", "-3"], "")
         ).via("numpy refused a negative seed")
@example((["tournament", "--bots", "random,random,random,random,random", "--players", "4"],
          "")).via("a fifth bot was silently dropped")
@example((["show", "-"], "[" * 100_000)).via("deeply nested JSON on standard input")
def test_the_command_line_refuses_bad_input_with_status_2_and_one_line_in_bounded_time(
        case: tuple[list[str], str]) -> None:
    argv, stdin = case
    wall, cpu = time.perf_counter(), time.process_time()
    with guarded():
        status, _out, err = run_cli(argv, stdin)
    cpu_used, wall_used = time.process_time() - cpu, time.perf_counter() - wall
    assert status in (0, 2), f"status {status}: {err}"
    if status == 2:
        assert len(err.strip().splitlines()) == 1 and "error" in err, err
        assert "Traceback" not in err
        assert cpu_used < CPU_BOUND and wall_used < WALL_BOUND, (cpu_used, wall_used)


def test_a_five_bot_line_up_for_four_seats_is_refused_not_cut() -> None:
    status, _, err = run_cli(["tournament", "--bots", "random,random,random,random,greedy",
                              "--players", "4", "--games", "1", "--workers", "1"])
    assert status == 2 and "5 bots for a 4-player game" in err


def test_a_negative_seed_is_allowed_in_analyse_with_rollouts_and_differs_from_its_opposite(
) -> None:
    first = run_cli(["analyse", GOOD, "--rollouts", "8", "--seed", "-3", "--json"])
    second = run_cli(["analyse", GOOD, "--rollouts", "8", "--seed", "3", "--json"])
    assert first[0] == second[0] == 0, first[2] + second[2]
    assert json.loads(first[1]) != json.loads(second[1])


# ---------------------------------------------------------------- the app: address and load

@pytest.fixture(scope="module")
def explorer() -> Any:
    from precog.widgets.explorer import Explorer

    return Explorer(query="", background=False, auto=False)


@pytest.fixture(scope="module")
def play_app() -> Any:
    from precog.engine import new_game
    from precog.widgets.figure_widget import figure_widget
    from precog.widgets.figures import game_resources_figure
    from precog.widgets.play import PlayApp
    from tests.widgets.test_play import FirstLegalBot

    # a loaded game that ends at once draws the result's figure: plotly's first figure in a
    # process costs more CPU than the bound by itself (1.6 s measured), once, whatever the input
    start = new_game(players=3, seed=4)
    figure_widget(game_resources_figure([start, start], ["a", "b", "c"]))
    return PlayApp(players=3, seed=4, bots={"First": FirstLegalBot}, bot="First")


def _saved_text(data: Any) -> str:
    try:
        return dumps(data)
    except ValueError:  # an integer too long for str()
        return "{}"


page_texts = st.one_of(position_texts, json_position_texts, saved_game().map(_saved_text))


@FEWER
@given(page_texts, st.sampled_from(["0", "1", "3", "-1", "٣", "x", "9" * 5_000, ""]))
@example("[" * 100_000, "0").via("deeply nested ?position= raised RecursionError")
def test_the_address_position_is_loaded_or_named_as_refused_in_bounded_time(
        explorer: Any, text: str | bytes, seat: str) -> None:
    if isinstance(text, bytes):
        text = text.decode("latin-1")
    query = urlencode({"position": text, "seat": seat})
    bounded(explorer.load_query, query)
    if explorer.message.kind == "error":
        assert explorer.message.text.startswith("Address (?position=)")
    assert explorer.state is not None
    assert_real(explorer.state)


@FEWER
@given(page_texts)
def test_plays_load_box_loads_or_names_the_refusal_in_bounded_time(
        play_app: Any, text: str | bytes) -> None:
    before = play_app.game.state if play_app.game else None
    bounded(play_app._load, text, "Load (pasted text)")
    message = play_app.load_message  # said under the Load button that caused it
    assert message.kind in ("error", "ok"), message.text
    if message.kind == "error":
        assert message.text.startswith("Load (pasted text)")
        assert (play_app.game.state if play_app.game else None) == before


def test_the_explorer_analyses_with_a_negative_seed() -> None:
    from precog.widgets.explorer import Explorer

    ex = Explorer(state=from_position(GOOD), background=False, auto=False)
    ex.rollouts_in.value = 16
    ex.seed_in.value = -7
    ex.analyse_button.click()
    assert ex.message.kind != "error", ex.message.text
    assert ex.ranking is not None and all(r.ci95 is not None for r in ex.ranking.rows)


# ---------------------------------------------------------------- the issue's inputs, with memory

ISSUE_PENDING = [("battery", 10**30), ("food", 10**8), ("human", 3 * 10**7), ("ymune", 10**5)]


@pytest.mark.parametrize(("resource", "amount"), ISSUE_PENDING, ids=[r for r, _ in ISSUE_PENDING])
def test_a_pending_gain_past_a_real_game_is_refused_at_load_in_little_memory(
        resource: str, amount: int) -> None:
    data = to_json(GAINS_STEP[0])
    data["pending"] = {resource: amount}
    tracemalloc.start()
    try:
        _, error = bounded(from_json, data, refused=PositionError)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert error is not None and f"pending.{resource}" in str(error), error
    assert peak < 20 << 20, f"{peak / 2**20:.0f} MB to refuse {resource} {amount}"


def test_a_real_position_at_the_largest_pending_gain_still_applies_quickly() -> None:
    """The bounds leave every real offer in: the largest allowed Ymune offer is enumerated
    and played within the bound (work per apply is bounded)."""
    data = to_json(next(s for s in GAINS_STEP if s.pending_source == "cards"))
    data["pending_source"] = "machines"
    data["pending"] = {"ymune": 54, "doctor": 54, "protector": 54}
    state = from_json(data)
    options, _ = bounded(legal_actions, state, refused=())
    after, _ = bounded(apply, state, options[len(options) // 2], refused=())
    assert_real(after)
