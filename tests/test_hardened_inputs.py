"""Inputs that once ended in a traceback or a hang, each now refused with a coded error.

Each test names the behaviour; the error's code is asserted, and its Russian words exist
(tests/test_error_codes.py checks every template in both languages).
"""

from __future__ import annotations

import base64
import contextlib
import errno
import io
import os
import socket
import sys
import threading
import time
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from precog import cli
from precog.analysis.basics.errors import AnalysisCode, AnalysisError
from precog.analysis.parallel.jobs import probe_scheduler, run_jobs, scheduler_address
from precog.commands.common import UsageCode, UsageError
from precog.engine import DataError, PositionError, PrecogError, new_game
from precog.engine.box import load_box_text
from precog.engine.problems import ErrorCode, Problem
from precog.engine.serialize import MAX_JSON_DEPTH, json_depth, load_json, pack
from precog.engine.view import PREFIX, from_view_position, view_json, view_of
from precog.engine.wording import error_text
from precog.serve import ServeCode, ServeError, check_listen
from precog.session.errors import SessionCode
from precog.session.table_entry import TableDraft, TableEntryError, _int, read_table

ROOT = Path(__file__).resolve().parent.parent


def _inner(err: PrecogError) -> object:
    """The code of the problem an error wraps (``why``/``what``), else its own code."""
    assert err.problem is not None
    for key in ("why", "what", "problem", "detail"):
        inner = err.problem.values.get(key)
        if isinstance(inner, Problem):
            return inner.code
    return err.problem.code


# -- a view link ------------------------------------------------------------------------------

def test_a_view_link_listing_fewer_decks_than_seats_is_a_position_error() -> None:
    data = view_json(view_of(new_game(players=3, seed=1), 1))
    data["config"]["decks"] = data["config"]["decks"][:2]
    with pytest.raises(PositionError) as caught:
        from_view_position(pack(data, PREFIX))
    assert caught.value.problem is not None
    assert caught.value.problem.code == ErrorCode.VIEW_DECKS
    assert caught.value.problem.values == {"n": 2, "players": 3}
    assert "2" in error_text(caught.value, "ru")


# -- a box file: type confusion at every card field --------------------------------------------

BOX_CARD = '[[deck]]\ncode = "D"\n[[deck.card]]\nid = {id}\nseason = 1\ntype = {type}\n'


@pytest.mark.parametrize(("ident", "kind"), [('"D01"', "[1]"), ('"D01"', "{a = 1}"),
                                             ("{a = 1}", '"Food"'), ("[1]", '"Food"'),
                                             ("1.5", "true")])
def test_a_box_card_whose_id_or_type_is_not_text_is_a_data_error(ident: str,
                                                                 kind: str) -> None:
    with pytest.raises(DataError) as caught:
        load_box_text(BOX_CARD.format(id=ident, type=kind))
    assert caught.value.problem is not None and caught.value.problem.code == ErrorCode.DATA_AT_ENTRY


# -- the table reader --------------------------------------------------------------------------

@pytest.mark.parametrize("digits", ["²", "٣", "３", "𝟑"])
def test_a_number_field_of_digits_int_cannot_read_is_no_number(digits: str) -> None:
    assert _int(digits) is None
    assert _int(" 3 ") == 3


@pytest.mark.parametrize("text", ["[" * 5000 + "]" * 5000,
                                  '{"format": "precog-table", "x": ' + "[" * 900 + "]" * 900
                                  + "}"])
def test_a_table_nested_too_deeply_is_refused_before_it_is_parsed(text: str) -> None:
    with pytest.raises(TableEntryError) as caught:
        read_table(text)
    assert _inner(caught.value) == SessionCode.TABLE_TOO_DEEP
    packed = base64.urlsafe_b64encode(zlib.compress(text.encode())).decode()
    with pytest.raises(TableEntryError):
        read_table("precog-table." + packed)  # the shared string, unpacked first


def test_a_table_holding_a_lone_surrogate_is_refused() -> None:
    with pytest.raises(TableEntryError) as caught:
        read_table('{"format": "precog-table", "seats": [{"prescient": "\\ud800"}]}')
    assert _inner(caught.value) == SessionCode.TABLE_SURROGATE


@pytest.mark.parametrize("zone", [5, "cards", {"a": 1}, None, True])
def test_a_zone_that_is_not_a_list_counts_no_typed_field(zone: object) -> None:
    draft = TableDraft()
    draft.load_text('{"format": "precog-table", "seats": [{"hand": %s}]}'
                    % ("null" if zone is None else repr(zone).replace("'", '"')
                       .replace("True", "true")))
    assert draft.field_count() >= 0
    assert draft.build().errors  # and its build names the field, not a traceback


def test_json_depth_counts_brackets_outside_strings_only() -> None:
    assert json_depth('{"a": "[[[[", "b": [[1]]}') == 3
    assert json_depth('"\\"[[["') == 0
    assert json_depth("[" * (MAX_JSON_DEPTH + 50)) == MAX_JSON_DEPTH + 1  # stops counting
    with pytest.raises(PositionError) as caught:
        load_json("[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1))
    assert caught.value.problem is not None
    assert caught.value.problem.code == ErrorCode.POSITION_JSON_DEEP


def test_json_depth_of_a_megabyte_of_quotes_and_escapes_takes_linear_time() -> None:
    text = '"' + '\\"' * 400_000 + "["
    start = time.process_time()
    assert json_depth(text) == 0
    assert time.process_time() - start < 1.0


# -- commands ------------------------------------------------------------------------------------

def test_a_tournament_plays_with_the_rooms_given(capsys: pytest.CaptureFixture[str]) -> None:
    status = cli.main(["tournament", "--bots", "random", "--players", "2", "--games", "1",
                       "--workers", "1", "--rooms", "R01 R05, R02 R07", "--json"])
    assert status == 0, capsys.readouterr().err
    assert '"rooms"' in capsys.readouterr().out


def test_a_tournament_refuses_rooms_that_do_not_fit_its_seats(
        capsys: pytest.CaptureFixture[str]) -> None:
    status = cli.main(["tournament", "--bots", "random", "--players", "2", "--games", "1",
                       "--workers", "1", "--rooms", "R01, R02, R03"])
    assert status == 2 and "Traceback" not in capsys.readouterr().err


@contextlib.contextmanager
def _stdout_to(path: str) -> Iterator[None]:
    saved_fd = os.dup(1)
    saved = sys.stdout
    target = os.open(path, os.O_WRONLY)
    os.dup2(target, 1)
    sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8")
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            sys.stdout.flush()
        sys.stdout = saved
        os.dup2(saved_fd, 1)
        os.close(saved_fd)
        os.close(target)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("argv", [["random-position", "--round", "2", "--seed", "1"],
                                  ["show", "--json", "-"]])
def test_output_to_a_full_disk_is_said_in_one_line(argv: list[str], monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    position = new_game(players=2, seed=1)
    from precog.engine import to_position
    monkeypatch.setattr(sys, "stdin", io.StringIO(to_position(position)))
    with capsys.disabled(), _stdout_to("/dev/full"):
        err = io.StringIO()
        monkeypatch.setattr(sys, "stderr", err)
        status = cli.main(argv)
    expected = error_text(UsageError(Problem.of(UsageCode.OUTPUT,
                                                detail=Problem.of(ErrorCode.OS_NO_SPACE))), "en")
    assert status == 2
    assert expected in err.getvalue() and "Traceback" not in err.getvalue()


# -- precog app: where it listens -------------------------------------------------------------

def test_app_on_an_address_not_of_this_machine_is_refused_before_any_url() -> None:
    with pytest.raises(ServeError) as caught:
        check_listen("10.1.2.3", 18866)
    assert caught.value.problem is not None
    assert caught.value.problem.code == ServeCode.HOST_ELSEWHERE


def test_app_on_a_busy_port_says_so_and_prints_no_url(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        with pytest.raises(ServeError) as caught:
            check_listen("127.0.0.1", port)
        assert caught.value.problem is not None and caught.value.problem.code == ServeCode.PORT_BUSY
        (tmp_path / "notebooks").mkdir()
        status = cli.main(["app", "--port", str(port), "--no-browser", "--root", str(tmp_path)])
    out, err = capsys.readouterr()
    assert status == 2 and "http://" not in out + err and str(port) in err


# -- the scheduler address ------------------------------------------------------------------------

@pytest.mark.parametrize("address", ["tls://127.0.0.1:8786", "inproc://x", "ucx://a:1",
                                     "tcp://127.0.0.1", "tcp://127.0.0.1:99999",
                                     "tcp://a b:1"])
def test_a_scheduler_address_other_than_tcp_host_port_is_refused(address: str) -> None:
    with pytest.raises(AnalysisError) as caught:
        scheduler_address(address)
    assert caught.value.problem is not None
    assert caught.value.problem.code == AnalysisCode.SCHEDULER_ADDRESS


@contextlib.contextmanager
def _service(first: bytes | None) -> Iterator[int]:
    """A TCP service on loopback that sends ``first`` on every connection (None: nothing,
    it waits for the client to speak, as an HTTP server does)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    held: list[socket.socket] = []

    def serve() -> None:
        with contextlib.suppress(OSError):
            while True:
                conn, _ = server.accept()
                held.append(conn)
                if first is not None:
                    conn.sendall(first)

    threading.Thread(target=serve, daemon=True).start()
    try:
        yield server.getsockname()[1]
    finally:
        server.close()
        for conn in held:
            conn.close()


@pytest.mark.parametrize(("first", "code"), [
    (b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n" * 4, AnalysisCode.NOT_DASK),
    ((2**62).to_bytes(8, "little"), AnalysisCode.NOT_DASK),
    (None, AnalysisCode.SILENT)])
def test_a_scheduler_that_is_not_dask_is_refused_in_bounded_time(first: bytes | None,
                                                                 code: AnalysisCode) -> None:
    with _service(first) as port:
        start = time.monotonic()
        with pytest.raises(AnalysisError) as caught:
            probe_scheduler(f"tcp://127.0.0.1:{port}", within=2.0)
        assert time.monotonic() - start < 5
    assert _inner(caught.value) == code


def test_a_scheduler_port_with_nothing_listening_is_a_clear_error() -> None:
    with pytest.raises(AnalysisError) as caught:
        run_jobs(abs, [1, 2], scheduler="tcp://127.0.0.1:9")
    assert caught.value.problem is not None
    assert caught.value.problem.code == AnalysisCode.NO_SCHEDULER


# -- tutor progress and helpers -------------------------------------------------------------

@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_at_the_tutor_progress_path_is_refused_without_blocking(tmp_path: Path) -> None:
    from precog.tutor.progress import ProgressStore

    path = tmp_path / "progress.json"
    os.mkfifo(path)
    start = time.monotonic()
    store = ProgressStore(path)
    store.record("lesson01", step=1, steps=4)
    assert time.monotonic() - start < 5
    assert store.problem and store.status("lesson01") is not None


def test_a_save_removes_temporary_files_left_by_a_save_killed_mid_write(tmp_path: Path) -> None:
    from precog.tutor.progress import ProgressStore

    for n in range(3):
        (tmp_path / f".tutor-progress-left{n}.tmp").write_text("{")
    store = ProgressStore(tmp_path / "progress.json")
    store.record("lesson01", step=1, steps=4)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["progress.json"]


def test_a_helper_whose_analysis_stopped_exits_quietly() -> None:
    import subprocess

    helper = subprocess.Popen([sys.executable, "-m", "precog.analysis.parallel.helper"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE)
    assert helper.stdout is not None and helper.stdin is not None
    helper.stdout.close()  # the analysis is gone: nobody reads the helper's answers
    helper.stdin.close()
    assert helper.wait(timeout=60) == 0
    assert helper.stderr is not None and b"Traceback" not in helper.stderr.read()


def test_os_errors_of_a_full_disk_are_said_not_raised() -> None:
    from precog.engine.files import os_reason

    assert os_reason(OSError(errno.ENOSPC, "No space left on device")).code == ErrorCode.OS_NO_SPACE


# -- the pages' box upload --------------------------------------------------------------------

@pytest.mark.parametrize("content", [b'[[deck]]\ncode = "D"\n[[deck.card]]\nid = "D01"\n'
                                    b'season = 1\ntype = [1]\n',
                                    b'[[deck]]\ncode = "D"\n[[deck.card]]\nid = {a = 1}\n'
                                    b'season = 1\ntype = "Food"\n',
                                    b"\xff\xfe", b"[" * 5000])
def test_the_box_upload_of_every_page_says_any_refusal_and_keeps_the_set(
        content: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    from precog.widgets.box import BoxEditor
    from precog.widgets.explorer import Explorer

    page = Explorer(query="", background=False, auto=False)
    page.box_source.load([{"name": "bad.toml", "content": content}])
    assert page.message.kind == "error" and page.box_source.components is None
    editor = BoxEditor(query="")
    editor.load_file([{"name": "bad.toml", "content": content}])
    assert editor.message.kind == "error"
    import precog.widgets.box as box_widgets

    def refuse(*_args: object) -> None:
        # any PrecogError, not only DataError
        raise PositionError(Problem.of(ErrorCode.VIEW_FINISHED))

    monkeypatch.setattr(box_widgets, "load_box_text", refuse)
    page.box_source.load([{"name": "other.toml", "content": b"name = 'x'"}])
    assert page.message.kind == "error" and "other.toml" in page.message.text


def test_simulate_json_on_a_box_names_the_box_instead_of_failing(
        capsys: pytest.CaptureFixture[str]) -> None:
    import json

    box = ROOT / "docs" / "examples" / "my_box.toml"
    status = cli.main(["--box", str(box), "simulate", "--json", "--games", "1"])
    data = json.loads(capsys.readouterr().out)
    assert status == 0 and data["components"]["name"] == "my box"
    assert data["components"]["fingerprint"].startswith("box-")
