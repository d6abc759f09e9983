"""Every surface a user or visitor can reach, as inputs drawn from a seeded generator.

Shared by the fixed-seed share in ``make test`` (tests/test_fuzz_surfaces.py) and the long runs
(``scripts/fuzz.py --minutes N``). A surface is a name and a function ``case(rng)`` returning
one input's call: the call either returns, raises a :class:`PrecogError` (the rule of
docs/engine-api.md, "Robustness"), or, on the command line, returns status 0 or 2 with no
traceback. Anything else is a failure, recorded by surface and kind (the exception's type and
the place it was raised); so is an input that takes more than :data:`CPU_BOUND` seconds of CPU
(what the input costs, whatever else the machine runs) or :data:`WALL_BOUND` of wall time.

Inputs are made by mutating real ones (positions of seeded games, the example box, a table
description, each command's options) at a random place, with values that confuse types
(a table for a text, a list for a number, digits ``int()`` cannot read, lone surrogates,
deep nesting, huge numbers) and with damaged text (cut, flipped, repeated).
"""

from __future__ import annotations

import base64
import contextlib
import copy
import io
import json
import os
import random
import signal
import sys
import tempfile
import time
import traceback
import zlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from precog import cli
from precog.engine import (
    Game,
    PrecogError,
    apply,
    from_json,
    from_position,
    legal_actions,
    new_game,
    parse_action,
    read_position,
    to_json,
    to_position,
)
from precog.engine.box import box_from_data, load_box_text
from precog.engine.serialize import pack
from precog.engine.view import PREFIX as VIEW_PREFIX
from precog.engine.view import from_view_position, to_view_position, view_json, view_of

ROOT = Path(__file__).resolve().parent.parent
SCRATCH = os.path.join(tempfile.gettempdir(), f"precog-fuzz-{os.getpid()}")  # files written
CPU_BOUND = 10.0  # seconds of this process's CPU one input may take (pages included)
WALL_BOUND = 60.0  # seconds of wall time: what catches a read that blocks (no CPU) or a hang
Case = Callable[[], Any]

CONFUSING: list[Any] = [None, True, False, 0, -1, 1.5, 2**63, -2**63, 10**30, "", "x", "²",
                        "٣", "３", "\ud800", "a" * 300, [], [1], [[[]]], {}, {"a": 1},
                        {"id": {"x": 1}}, "D01", "R01", "W1a", "Food", "lesson01", "pg1.",
                        "pv1.", float("nan"), "1e400", "-0", " 3 ", "../../etc/passwd",
                        "tcp://127.0.0.1:9", "<script>alert(1)</script>"]
TEXTS = ["", "x", "²", "٣", "-1", "0", "1", "2", "3", "1.5", "nan", "inf", "1e400",
         "99999999999999999999", "\ud800", "a" * 200, " ", "R01 R05, R02 R07", "R01", "ru",
         "en", "zz", "random", "random,random", "greedy,random", "lookahead", "-",
         "/dev/null", "/dev/zero", "/nonexistent", "\x00", "tcp://127.0.0.1:9",
         "tls://a:1", "inproc://x", "competitive", "team", "coop", "advanced", "standard",
         "easy", "hard", "10.1.2.3", "0.0.0.0", "::1", "127.0.0.1", "65536", "8866"]


@dataclass
class Tally:
    """Inputs tried and failures, by surface and by kind (a failure's first example kept)."""

    tried: dict[str, int] = field(default_factory=dict)
    refused: dict[str, int] = field(default_factory=dict)
    failures: dict[str, dict[str, int]] = field(default_factory=dict)
    examples: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"inputs": sum(self.tried.values()), "tried": self.tried,
                "refused": self.refused,
                "failures": sum(n for kinds in self.failures.values() for n in kinds.values()),
                "failures_by_surface": self.failures, "examples": self.examples}

    def merge(self, other: Tally) -> None:
        """Add ``other``'s counts to these (a worker's share of a long run); an example
        already kept for a kind stays."""
        for mine, theirs in ((self.tried, other.tried), (self.refused, other.refused)):
            for surface, count in theirs.items():
                mine[surface] = mine.get(surface, 0) + count
        for surface, kinds in other.failures.items():
            ours = self.failures.setdefault(surface, {})
            for kind, count in kinds.items():
                ours[kind] = ours.get(kind, 0) + count
        for key, example in other.examples.items():
            self.examples.setdefault(key, example)


class TookTooLong(BaseException):
    """Raised in a call that outlives :data:`WALL_BOUND` (not an Exception: never caught as
    a refusal by the code under test)."""


def _alarm(_signum: int, _frame: Any) -> None:
    raise TookTooLong


def run_one(surface: str, case: Case, tally: Tally, wall: float = WALL_BOUND) -> None:
    """Try one input; count it, and a failure by its kind."""
    tally.tried[surface] = tally.tried.get(surface, 0) + 1
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, wall)
    kind, detail = None, ""
    cpu = time.process_time()
    try:
        case()
    except PrecogError:
        tally.refused[surface] = tally.refused.get(surface, 0) + 1
    except TookTooLong:
        kind, detail = "hang", f"over {wall} s: {getattr(case, 'what', '')}"
    except Exception as err:
        frame = traceback.extract_tb(err.__traceback__)[-1]
        kind = f"{type(err).__name__} at {Path(frame.filename).name}:{frame.lineno}"
        detail = (getattr(case, "what", "")[:400] + "\n"
                  + "".join(traceback.format_exception(err))[-1500:])
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    if kind is None and time.process_time() - cpu > CPU_BOUND:
        kind, detail = "slow", f"over {CPU_BOUND} s of CPU: {getattr(case, 'what', '')}"
    if kind is not None:
        kinds = tally.failures.setdefault(surface, {})
        kinds[kind] = kinds.get(kind, 0) + 1
        tally.examples.setdefault(f"{surface}: {kind}", detail)


# ---------------------------------------------------------------- mutation helpers

def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if prefix:
        yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, (*prefix, index))


def confuse(rng: random.Random, data: Any, edits: int = 1) -> Any:
    """``data`` with ``edits`` random places changed: a value replaced by a confusing one, a
    key deleted or added, a list cut or repeated."""
    data = copy.deepcopy(data)
    for _ in range(edits):
        paths = list(_paths(data))
        if not paths:
            return copy.deepcopy(rng.choice(CONFUSING))
        path = rng.choice(paths)
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        key, roll = path[-1], rng.random()
        if roll < 0.7:
            parent[key] = copy.deepcopy(rng.choice(CONFUSING))
        elif roll < 0.8 and isinstance(parent, dict):
            del parent[key]
        elif roll < 0.9 and isinstance(parent[key], list):
            parent[key] = parent[key] * rng.choice((0, 2, 40))
        elif isinstance(parent, dict):
            parent[rng.choice(["extra", "seats", "id", "type", "code", "format"])] = \
                copy.deepcopy(rng.choice(CONFUSING))
        else:
            parent[key] = [parent[key]] * 3
    return data


def damage(rng: random.Random, text: str) -> str:
    """``text`` cut, with characters flipped, inserted or repeated."""
    if not text:
        return rng.choice(TEXTS)
    roll = rng.random()
    if roll < 0.25:
        return text[:rng.randrange(len(text))]
    if roll < 0.5:
        i = rng.randrange(len(text))
        return text[:i] + rng.choice("A-_.0=+/\\\"[{}]\ud800²") + text[i + 1:]
    if roll < 0.65:
        i = rng.randrange(len(text))
        return text[:i] + rng.choice(TEXTS) + text[i:]
    if roll < 0.75:
        return text * rng.choice((2, 50))
    if roll < 0.85:
        return "[" * rng.choice((60, 70, 3000)) + text
    return "".join(rng.sample(text, len(text))) if len(text) < 400 else text[::-1]


def named(case: Case, what: object) -> Case:
    """``case``, carrying the input it tries (for a failure's example)."""
    case.what = repr(what)[:400]  # type: ignore[attr-defined]
    return case


def _dumps(data: Any) -> str:
    return json.dumps(data, allow_nan=True)


def _shared(data: Any, prefix: str) -> str:
    raw = zlib.compress(_dumps(data).encode("utf-8", "surrogatepass"))
    return f"{prefix}.{base64.urlsafe_b64encode(raw).decode().rstrip('=')}"


# ---------------------------------------------------------------- the seeds of the mutations

class Seeds:
    """Real inputs to mutate: positions of seeded games in every mode, their views, saved
    games, the example box, a table description (built once)."""

    def __init__(self, games: int = 12) -> None:
        self.states, self.games = [], []
        configs = [dict(players=p, mode=m, setup=s) for p in (2, 3, 4)
                   for m in ("competitive", "coop") for s in ("standard", "advanced")]
        configs.append(dict(players=4, mode="team", setup="standard"))
        for i in range(games):
            cfg = configs[i % len(configs)]
            rng = random.Random(i)
            game = Game(new_game(seed=i, **cfg))
            while not game.state.is_over and len(game.actions) < rng.randrange(20, 400):
                game.play(rng.choice(legal_actions(game.state)))
            states = [s for s in game.states if not s.is_over]
            self.states += states[:: max(1, len(states) // 8)]
            self.games.append(game.to_json())
        self.strings = [to_position(s) for s in self.states[:40]]
        self.jsons = [to_json(s) for s in self.states[:40]]
        self.views = [view_json(view_of(s, s.to_move)) for s in self.states[:40]]
        self.view_strings = [to_view_position(s, s.to_move) for s in self.states[:20]]
        import tomllib

        self.box_text = (ROOT / "docs" / "examples" / "my_box.toml").read_text()
        self.box = tomllib.loads(self.box_text)
        from precog.session.table_entry import new_description

        self.table = new_description()
        self.table["seats"][0] = {"prescient": "Tal Defitia", "food": "3",
                                  "hand": [{"type": "Food", "season": "1", "cost": "1",
                                            "gain": "2"}], "rooms": ["R01"],
                                  "batteries": ["1"]}


_SEEDS: list[Seeds] = []


def seeds() -> Seeds:
    if not _SEEDS:
        _SEEDS.append(Seeds())
    return _SEEDS[0]


# ---------------------------------------------------------------- surfaces

def position_string(rng: random.Random) -> Case:
    s = seeds()
    if rng.random() < 0.5:
        text = damage(rng, rng.choice(s.strings))
    else:
        text = pack(confuse(rng, rng.choice(s.jsons), rng.choice((1, 1, 3))), "pg1")
    return named(lambda: from_position(text), text)


def view_string(rng: random.Random) -> Case:
    s = seeds()
    if rng.random() < 0.4:
        text = damage(rng, rng.choice(s.view_strings))
    else:
        text = pack(confuse(rng, rng.choice(s.views), rng.choice((1, 1, 3))), VIEW_PREFIX)

    def case() -> None:
        view = from_view_position(text)
        view.world()
    return named(case, text)


def json_position(rng: random.Random) -> Case:
    data = confuse(rng, rng.choice(seeds().jsons), rng.choice((1, 2, 4)))
    text = damage(rng, _dumps(data)) if rng.random() < 0.2 else _dumps(data)
    return named(lambda: from_json(text), text)


def saved_game(rng: random.Random) -> Case:
    data = confuse(rng, rng.choice(seeds().games), rng.choice((1, 2)))
    text = _dumps(data)
    return named(lambda: read_position(text), text)


def action_text(rng: random.Random) -> Case:
    state = rng.choice(seeds().states)
    legal = [str(a) for a in legal_actions(state)]
    text = damage(rng, rng.choice(legal)) if legal and rng.random() < 0.7 else \
        rng.choice(TEXTS)

    def case() -> None:
        apply(state, parse_action(state, text))
    return named(case, text)


def box_data(rng: random.Random) -> Case:
    data = confuse(rng, seeds().box, rng.choice((1, 1, 2, 3)))
    return named(lambda: box_from_data(data, "<fuzzed box>"), data)


def box_toml(rng: random.Random) -> Case:
    from precog.session.box import box_toml as write_toml

    s = seeds()
    if rng.random() < 0.5:
        text = damage(rng, s.box_text)
    else:
        data = confuse(rng, s.box, rng.choice((1, 2)))
        try:
            text = write_toml(data)
        except PrecogError:
            text = damage(rng, s.box_text)
    return named(lambda: load_box_text(text), text)


def table_text(rng: random.Random) -> Case:
    from precog.session.table_entry import TableDraft

    data = confuse(rng, seeds().table, rng.choice((1, 2, 3)))
    roll = rng.random()
    text = (_shared(data, "precog-table") if roll < 0.3 else
            damage(rng, _dumps(data)) if roll < 0.5 else _dumps(data))

    def case() -> None:
        draft = TableDraft()
        draft.load_text(text)
        draft.field_count()
        draft.entered_cards()
        draft.build()
    return named(case, text)


def table_box(rng: random.Random) -> Case:
    from precog.session.table_entry import TableDraft

    s = seeds()
    box: Any = {"name": "my box", "fingerprint": load_box_text(s.box_text).box_id,
                "toml": s.box_text}
    data = {**s.table, "box": confuse(rng, box) if rng.random() < 0.5 else
            {**box, "toml": damage(rng, s.box_text)}}
    text = _dumps(data)
    return named(lambda: TableDraft().load_text(text), text)


# -- the command line: every option of every command ------------------------------------------

COMMANDS: dict[str, list[str]] = {
    "show": ["--for", "--json"], "random-position": [
        "--players", "--mode", "--difficulty", "--setup", "--rooms", "--round", "--seed",
        "--json"],
    "simulate": ["--players", "--mode", "--difficulty", "--setup", "--rooms", "--games",
                 "--seed", "--check", "--check-invariants", "--full-every", "--workers",
                 "--json"],
    "tournament": ["--players", "--mode", "--difficulty", "--setup", "--rooms", "--bots",
                   "--games", "--seed", "--workers", "--scheduler", "--json"],
    "analyse": ["--player", "--model", "--rollouts", "--depth", "--seed", "--budget", "--box",
                "--fit", "--tree", "--json"],
    "review": ["--seat", "--budget", "--seed", "--keep-give-only", "--workers", "--scheduler",
               "--json"],
    "app": ["--port", "--host", "--allow-host", "--root", "--no-browser"]}
FLAGS = {"--json", "--check", "--check-invariants", "--tree", "--keep-give-only",
         "--no-browser", "--model"}
# A number of games, rollouts or seconds above what any command accepts (a refusal, never work).
OVER_EVERY_BOUND = "100000001"
# Texts that a work-size option would accept as minutes or hours of real work (65,536 games
# asked for is not a hang): drawn for such an option, they become OVER_EVERY_BOUND, so the
# random numbers drawn, and every other input of a seed, stay the same.
HEAVY = frozenset({"8866", "65536"})
# Kept small so that a valid run stays quick: games, rounds, budgets, rollouts.
SMALL = {"--games": ["1", "2", "0", "-1", "²", "x", OVER_EVERY_BOUND],
         "--round": ["1", "2", "0", "13", "²", "-1", "x"],
         "--rollouts": ["1", "2", "0", "-3", "²", "10**9"],
         "--depth": ["0", "1", "-1", "²", "99"], "--full-every": ["1", "0", "-1", "²"],
         "--budget": ["0.01", "0", "-1", "nan", "inf", "1e400", "x", "²", ""],
         "--workers": ["1", "0", "-1", "x", "²"],
         "--bots": ["random", "random,random", "greedy", "x", "", "random," * 9, "²"],
         "--port": ["0", "-1", "65536", "x", "²", "1"], "--root": ["/nonexistent", "/dev/null",
                                                                   "", "\x00"]}


def _argv(rng: random.Random) -> list[str]:
    s = seeds()
    command = rng.choice(list(COMMANDS))
    argv = ["--lang", rng.choice(("en", "ru"))] if rng.random() < 0.3 else []
    if rng.random() < 0.1:
        argv += ["--box", rng.choice(["/dev/null", "/nonexistent", "/dev/zero",
                                      str(ROOT / "docs" / "examples" / "my_box.toml")])]
    argv.append(command)
    for option in rng.sample(COMMANDS[command], rng.randrange(len(COMMANDS[command]) + 1)):
        argv.append(option)
        if option not in FLAGS:
            pool = SMALL.get(option, TEXTS)
            value = rng.choice(pool) if rng.random() < 0.9 else rng.choice(TEXTS)
            argv.append(OVER_EVERY_BOUND if option in SMALL and value in HEAVY else value)
    if command in ("show", "analyse", "review"):
        source = rng.choice([rng.choice(s.strings), damage(rng, rng.choice(s.strings)),
                             rng.choice(TEXTS), "-"])
        argv.append(source)
    if command == "analyse" and "--rollouts" not in argv:
        argv += ["--rollouts", "2"]
    if command in ("review", "analyse") and "--budget" not in argv:
        argv += ["--budget", "0.01"]
    if command in ("simulate", "tournament") and "--games" not in argv:
        argv += ["--games", "1"]
    if command in ("simulate", "tournament", "review") and "--workers" not in argv:
        argv += ["--workers", "1"]
    if command == "tournament" and "--bots" not in argv:
        argv += ["--bots", "random"]  # the default line-up's look-ahead takes seconds a game
    if command == "random-position" and "--round" not in argv:
        argv += ["--round", "1"]
    return argv


def command_line(rng: random.Random) -> Case:
    argv = _argv(rng)
    stdin = rng.choice(seeds().strings) if rng.random() < 0.5 else rng.choice(TEXTS)

    def case() -> None:
        with _quiet_io(stdin), _no_server():
            status = cli.main(argv)
        if status not in (0, 2):
            raise AssertionError(f"exit status {status} for {argv!r}")
    return named(case, argv)


@contextlib.contextmanager
def _quiet_io(stdin: str) -> Iterator[None]:
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout = io.StringIO(stdin), io.StringIO()
    sys.stderr = io.StringIO()
    try:
        yield
        if "Traceback" in sys.stderr.getvalue():
            raise AssertionError("a traceback on standard error")
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved


@contextlib.contextmanager
def _no_server() -> Iterator[None]:
    """``precog app`` checks its options and where it would listen, then serves nothing."""
    import precog.serve as serve

    saved = serve.serve, serve.open_browser_soon
    serve.serve = lambda *args, **kwargs: None  # type: ignore[assignment]
    serve.open_browser_soon = lambda *args, **kwargs: False  # type: ignore[assignment]
    try:
        yield
    finally:
        serve.serve, serve.open_browser_soon = saved


# -- the environment and the scheduler address -------------------------------------------------

ENVIRONMENT = ("PORT", "PRECOG_APP_TOKEN", "PRECOG_SCHEDULER", "PRECOG_TUTOR_PROGRESS",
               "PRECOG_TUTOR_PER_VISITOR", "HTTP_X_PRECOG_VISITOR", "QUERY_STRING")


def environment(rng: random.Random) -> Case:
    from precog.analysis.parallel.jobs import scheduler_address
    from precog.serve import check_host, needs_token, new_token, port_from_env
    from precog.tutor.progress import ProgressStore, default_path

    name = rng.choice(ENVIRONMENT)
    value = rng.choice(TEXTS + ["/dev/zero", "/dev/full", "/", "/nonexistent/x/y"])
    if name == "PRECOG_TUTOR_PROGRESS" and not value.startswith("/"):
        value = os.path.join(SCRATCH, value)  # written to: never inside the working folder

    def case() -> None:
        saved = os.environ.get(name)
        os.environ[name] = value.replace("\x00", "").encode("utf-8", "replace").decode()
        try:
            if name == "PORT":
                port_from_env()
            elif name == "PRECOG_APP_TOKEN":
                new_token()
            elif name == "PRECOG_SCHEDULER":
                scheduler_address(None)
            elif name == "QUERY_STRING":
                from precog.session.language import page_language
                page_language()
            else:
                store = ProgressStore(default_path())
                if not store.problem:
                    store.record("lesson01", 1, 4)
            check_host(value) if name == "PORT" and needs_token(value) else None
        finally:
            if saved is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = saved
    return named(case, (name, value))


def scheduler(rng: random.Random) -> Case:
    from precog.analysis.parallel.jobs import run_jobs

    address = rng.choice(["tcp://127.0.0.1:9", "tcp://127.0.0.1:1", "tcp://[::1]:9",
                          "tcp://localhost:9", damage(rng, "tcp://127.0.0.1:8786"),
                          *TEXTS[:8]])
    return named(lambda: run_jobs(abs, [1, 2], scheduler=address), address)


# -- every query parameter of every page ----------------------------------------------------------

QUERY_KEYS = ("lang", "position", "seat", "view", "lesson", "step", "token", "table", "box",
              "game", "players", "mode", "x")


def _page(name: str) -> Callable[[], Any]:
    if name == "landing":
        from precog.app_landing import landing
        return landing
    if name == "play":
        from precog.widgets.play import PlayApp
        return lambda: PlayApp(background=False)
    if name == "explorer":
        from precog.widgets.explorer import Explorer
        return lambda: Explorer(background=False, auto=False)
    if name == "review":
        from precog.widgets.review import ReviewPage
        return lambda: ReviewPage(background=False)
    if name == "table":
        from precog.widgets.table_page import TablePage
        return TablePage
    if name == "box":
        from precog.widgets.box import BoxEditor
        return BoxEditor
    from precog.widgets.tutor import lesson, tutor_index
    return tutor_index if name == "tutor" else lambda: lesson("lesson01")


PAGES = ("landing", "play", "explorer", "review", "table", "box", "tutor", "lesson")


def page_query(rng: random.Random) -> Case:
    s = seeds()
    values = [*TEXTS[:30], rng.choice(s.strings), rng.choice(s.view_strings),
              damage(rng, rng.choice(s.strings)), damage(rng, rng.choice(s.view_strings)),
              _shared(confuse(rng, s.table), "precog-table")]
    keys = rng.sample(QUERY_KEYS, rng.randrange(1, 4))
    query = urlencode({k: rng.choice(values) for k in keys}, errors="surrogatepass")
    if rng.random() < 0.2:
        query = damage(rng, query)
    build = _page(rng.choice(PAGES))

    def case() -> None:
        saved = os.environ.get("QUERY_STRING")
        os.environ["QUERY_STRING"] = query.replace("\x00", "").encode("utf-8", "replace").decode()
        try:
            build()
        finally:
            if saved is None:
                os.environ.pop("QUERY_STRING", None)
            else:
                os.environ["QUERY_STRING"] = saved
    return named(case, (build, query))


SURFACES: dict[str, Callable[[random.Random], Case]] = {
    "position string": position_string, "view string": view_string,
    "JSON position": json_position, "saved game": saved_game, "action text": action_text,
    "box data": box_data, "box TOML": box_toml, "table text": table_text,
    "table box": table_box, "command line": command_line, "environment": environment,
    "scheduler address": scheduler, "page query": page_query}
# Relative weights of a long run: the slow surfaces (pages, the command line) less often.
WEIGHTS = {"page query": 0.05, "command line": 0.2, "scheduler address": 0.02,
           "environment": 0.2, "table text": 0.5, "table box": 0.3}


def fuzz(seed: int, count: int | None = None, seconds: float | None = None,
         surfaces: tuple[str, ...] = tuple(SURFACES), tally: Tally | None = None,
         report: Callable[[Tally], None] | None = None,
         table: Mapping[str, Callable[[random.Random], Case]] = SURFACES) -> Tally:
    """Try ``count`` inputs (or as many as ``seconds`` allow) drawn from ``seed``, from the
    surfaces of ``table`` named in ``surfaces``."""
    rng = random.Random(seed)
    tally = tally or Tally()
    weights = [WEIGHTS.get(name, 1.0) for name in surfaces]
    start, done = time.monotonic(), 0
    os.environ.setdefault("PRECOG_TUTOR_PROGRESS", os.path.join(SCRATCH, "progress.json"))
    while (count is None or done < count) and (seconds is None
                                                or time.monotonic() - start < seconds):
        name = rng.choices(surfaces, weights)[0]
        try:
            case = table[name](rng)
        except PrecogError:  # a mutation that could not even be written (a TOML writer)
            continue
        run_one(name, case, tally)
        done += 1
        if report is not None and done % 1000 == 0:
            report(tally)
    return tally
