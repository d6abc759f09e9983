"""Serving options: ports and hosts checked, a token off loopback, the safety settings passed."""

from __future__ import annotations

import doctest
import typing
from pathlib import Path

import pytest

import precog.serve
from precog import cli
from precog.serve import (
    ServeCode,
    ServeError,
    is_loopback,
    needs_token,
    port_number,
    served_hostnames,
    voila_argv,
)
from tests.codes import raises_code


@pytest.mark.parametrize("port", ["-1", "0", "70000", "65536", "http", "1e3", ""])
def test_a_port_outside_1_to_65535_is_a_usage_error_with_status_2(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, port: str) -> None:
    (tmp_path / "notebooks").mkdir()
    assert cli.main(["app", "--root", str(tmp_path), "--port", port]) == 2
    err = capsys.readouterr().err
    assert "--port" in err and "Traceback" not in err
    with raises_code(ServeError, ServeCode.PORT):
        port_number(port)


@pytest.mark.parametrize("port", ["-1", "70000", "x"])
def test_a_bad_port_in_the_environment_names_port(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        port: str) -> None:
    (tmp_path / "notebooks").mkdir()
    monkeypatch.setenv("PORT", port)
    assert cli.main(["app", "--root", str(tmp_path)]) == 2
    assert "$PORT" in capsys.readouterr().err


def test_ports_at_the_ends_of_the_range_are_accepted() -> None:
    assert (port_number("1"), port_number(65535)) == (1, 65535)


@pytest.mark.parametrize("host", ["bad host", "", "a/b", "no-such-host.invalid", "x" * 300])
def test_a_host_that_cannot_be_listened_on_is_a_usage_error(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, host: str) -> None:
    (tmp_path / "notebooks").mkdir()
    assert cli.main(["app", "--root", str(tmp_path), "--host", host]) == 2
    assert "--host" in capsys.readouterr().err


def test_loopback_needs_no_token_and_anything_else_does() -> None:
    for host in ("127.0.0.1", "localhost", "::1", "127.0.0.2"):
        assert is_loopback(host) and not needs_token(host)
    for host in ("0.0.0.0", "::", "192.168.1.5", "example.org"):
        assert needs_token(host)


def test_serving_off_loopback_without_a_token_is_refused(tmp_path: Path) -> None:
    with raises_code(ServeError, ServeCode.NEEDS_TOKEN):
        precog.serve.serve(tmp_path, 9000, host="0.0.0.0", token="")


def test_the_app_command_passes_a_token_when_the_host_is_not_loopback(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    served: list[tuple[str, str, tuple[str, ...]]] = []
    monkeypatch.setattr(precog.serve, "serve",
                        lambda root, port, host, token, allow, **_:
                        served.append((host, token, allow)))
    monkeypatch.delenv(precog.serve.TOKEN_ENV, raising=False)
    (tmp_path / "notebooks").mkdir()
    argv = ["app", "--root", str(tmp_path), "--no-browser"]
    assert cli.main([*argv, "--host", "0.0.0.0", "--allow-host", "precog.example"]) == 0
    assert cli.main(argv) == 0
    (host, token, allow), (local_host, local_token, _) = served
    assert host == "0.0.0.0" and len(token) >= 24 and allow == ("precog.example",)
    assert local_host == "127.0.0.1" and local_token == ""


def test_a_short_token_from_the_environment_is_refused(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    monkeypatch.setenv(precog.serve.TOKEN_ENV, "short")
    (tmp_path / "notebooks").mkdir()
    assert cli.main(["app", "--root", str(tmp_path), "--host", "0.0.0.0"]) == 2
    assert "16 characters" in capsys.readouterr().err


def test_the_host_header_names_are_the_served_host_and_its_aliases_only() -> None:
    names = served_hostnames("127.0.0.1")
    assert "evil.example" not in names and "localhost" in names
    assert served_hostnames("10.1.2.3", ("proxy.example",)) == ["10.1.2.3", "proxy.example"]


def test_voila_runs_with_culling_no_tracebacks_and_no_port_retries(tmp_path: Path) -> None:
    argv = voila_argv(tmp_path, 9000)
    assert "--show_tracebacks=False" in argv and "--Voila.port_retries=0" in argv
    assert "--VoilaExecutor.iopub_timeout=20" in argv
    assert "--MappingKernelManager.cull_connected=False" in argv
    idle = precog.serve.CULL_IDLE_S + precog.serve.CULL_INTERVAL_S
    assert idle <= 120, "a closed page's kernel must be gone within two minutes"
    assert f"--MappingKernelManager.cull_idle_timeout={precog.serve.CULL_IDLE_S}" in argv


def test_the_serving_examples_in_the_docstrings_hold() -> None:
    result = doctest.testmod(precog.serve)
    assert result.attempted >= 5 and result.failed == 0


def test_the_culler_skips_a_kernel_whose_page_already_shut_it_down() -> None:
    import asyncio

    from precog.voila_app import CullingKernelManager

    manager = CullingKernelManager()
    assert asyncio.run(manager.cull_kernel_if_idle("a-kernel-already-gone")) is None


def test_the_culler_waits_for_a_kernel_still_starting_and_checks_it_once_it_has_run() -> None:
    import asyncio
    from datetime import UTC, datetime, timedelta

    from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

    from precog.voila_app import CullingKernelManager, activity_known

    manager = CullingKernelManager(cull_idle_timeout=60)
    kernel = ServerKernelManager()
    manager._kernels["starting"] = kernel
    assert not activity_known(kernel)
    asyncio.run(manager.cull_kernel_if_idle("starting"))  # no TraitError, nothing culled
    assert "starting" in manager._kernels
    shut: list[str] = []

    async def shutdown_kernel(kernel_id: str, **_: object) -> None:
        shut.append(kernel_id)

    manager.shutdown_kernel = shutdown_kernel
    kernel.last_activity = datetime.now(UTC) - timedelta(hours=1)
    assert activity_known(kernel)
    asyncio.run(manager.cull_kernel_if_idle("starting"))
    assert shut == ["starting"]


@pytest.mark.parametrize(("path", "hashed"), [
    ("/voila/labextensions/anywidget/static/remoteEntry.698dcaf7.js", True),
    ("/voila/labextensions/@jupyter-widgets/jupyterlab-manager/static/7.2a0ce575775f5aad.js",
     True),
    ("/voila/labextensions/anywidget/static/style.js", False),
    ("/voila/labextensions/anywidget/package.json", False),
    ("/voila/labextensions/some/static/remoteEntry.698dcaf7.js.map", False),
])
def test_only_extension_files_named_by_their_hash_are_kept_for_good(path: str,
                                                                    hashed: bool) -> None:
    from precog.voila_app import HASHED_FILE

    assert bool(HASHED_FILE.fullmatch(path)) is hashed


@pytest.mark.parametrize(("address", "compressed"), [
    ("127.0.0.1", False), ("::1", False), ("192.168.1.5", True), ("2001:db8::1", True)])
def test_responses_are_compressed_for_other_machines_only(address: str,
                                                          compressed: bool) -> None:
    from tornado.httputil import HTTPHeaders, HTTPServerRequest, RequestStartLine

    from precog.voila_app import CompressedOffLoopback

    request = HTTPServerRequest(start_line=RequestStartLine("GET", "/voila/static/voila.js",
                                                            "HTTP/1.1"),
                                headers=HTTPHeaders({"Accept-Encoding": "gzip, deflate",
                                                     "Host": "127.0.0.1:8866"}))
    request.remote_ip = address
    headers = HTTPHeaders({"Content-Type": "application/javascript"})
    CompressedOffLoopback(request).transform_first_chunk(200, headers, b"x" * 4096, True)
    assert ("Content-Encoding" in headers) is compressed


def test_the_app_server_uses_the_culling_kernel_manager() -> None:
    from pathlib import Path

    from precog import serve

    args = " ".join(serve.voila_argv(Path("."), 8866))
    assert "multi_kernel_manager_class=precog.voila_app.CullingKernelManager" in args


def test_the_busiest_pages_get_a_kernel_started_ahead_and_no_other_page() -> None:
    from pathlib import Path

    from precog import serve

    argv = serve.voila_argv(Path("."), 8866)
    assert "--preheat_kernel=True" in argv
    pools = serve.kernel_pools()
    assert pools["default"] == {"pool_size": 0}
    assert {page for page, c in pools.items() if c["pool_size"]} == set(serve.POOLED_PAGES)
    repo = Path(__file__).resolve().parents[1]
    assert all((repo / page).is_file() for page in serve.POOLED_PAGES)


def test_every_app_page_waits_for_its_visitor_before_building_its_widgets() -> None:
    """A kernel started ahead runs the page before anyone asks for it: nothing that reads the
    page's address (?lang=, a position) may run before ``visitor()``, or the page is built by
    ``ahead()``, which waits for the visitor itself before anything reads the address."""
    import json
    from pathlib import Path

    repo = Path(__file__).resolve().parents[1]
    pages = sorted([*repo.glob("notebooks/*.ipynb"), *repo.glob("tutorials/*.ipynb")])
    assert len(pages) >= 10
    for page in pages:
        cells = json.loads(page.read_text(encoding="utf-8"))["cells"]
        code = "".join("".join(c["source"]) + "\n" for c in cells if c["cell_type"] == "code")
        lines = [line for line in code.splitlines() if line and not line.startswith("#")]
        if lines[-1].startswith("ahead("):
            assert all(line.startswith(("from ", "import ")) for line in lines[:-1]), page.name
            continue
        wait = lines.index("visitor()  # in a kernel started ahead: wait here for the "
                           "visitor's address")
        assert all(line.startswith(("from ", "import ")) for line in lines[:wait]), page.name
        assert len(lines) > wait + 1, page.name


def test_a_kernel_started_ahead_takes_its_visitors_address_from_the_server() -> None:
    """Voila 0.5's protocol: the kernel opens voila/query/<kernel id> and gets one JSON object
    of environment variables (here from a stand-in server speaking it)."""
    import json
    import threading

    from websockets.sync.server import serve as ws_serve

    from precog import page

    asked: list[str] = []

    def answer(socket: typing.Any) -> None:
        asked.append(socket.request.path)
        socket.send(json.dumps({"QUERY_STRING": "lang=ru", "HTTP_X_PRECOG_VISITOR": "ab" * 16}))

    with ws_serve(answer, "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        env = {"VOILA_PREHEAT": "True", "VOILA_KERNEL_ID": "kernel-1",
               "VOILA_APP_PORT": str(server.socket.getsockname()[1]),
               "VOILA_SERVER_URL": "/base/"}
        page.visitor(env)
        server.shutdown()
    assert asked == ["/base/voila/query/kernel-1"]
    assert env["QUERY_STRING"] == "lang=ru" and env["VOILA_PREHEAT"] == "False"
    page.visitor(env)  # one visitor per kernel: no second wait
    page.visitor({})  # no kernel started ahead: nothing to wait for


def _serve_visitor(query: str) -> typing.Any:
    """A stand-in Voila server answering a kernel's question for its visitor with ``query``."""
    import json

    from websockets.sync.server import serve as ws_serve

    def answer(socket: typing.Any) -> None:
        socket.send(json.dumps({"QUERY_STRING": query}))

    return ws_serve(answer, "127.0.0.1", 0)


@pytest.mark.parametrize(("query", "built"), [("seat=2", ["early", "arrived"]),
                                              ("lang=ru", ["early", "anew"])])
def test_a_page_built_ahead_takes_its_visitors_address_or_is_built_anew_in_its_language(
        query: str, built: list[str]) -> None:
    """ahead(): the page is built before the visitor (with the early arguments), then given the
    address; a visitor asking another language gets a page built anew; without a kernel
    started ahead the page is simply built."""
    import threading

    from precog import page

    made: list[str] = []

    class Page:
        def __init__(self, early: bool = False) -> None:
            made.append("early" if early else "anew")
            self.lang = "en"

    with _serve_visitor(query) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        env = {"VOILA_PREHEAT": "True", "VOILA_KERNEL_ID": "k",
               "VOILA_APP_PORT": str(server.socket.getsockname()[1])}
        shown = page.ahead(Page, lambda _p: made.append("arrived"), env, early=True)
        server.shutdown()
    assert made == built and isinstance(shown, Page)
    assert env["QUERY_STRING"] == query
    made.clear()
    page.ahead(Page, lambda _p: made.append("arrived"), {}, early=True)
    assert made == ["anew"]


def test_a_kernel_started_ahead_asks_its_own_server_directly_whatever_proxy_is_set(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A proxy in the environment (common on company machines) is not for the kernel's question
    to the server beside it: the answer still arrives with a dead proxy set."""
    import json
    import threading

    from websockets.sync.server import serve as ws_serve

    from precog import page

    for name in ("http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.setenv(name, "http://127.0.0.1:1")
    for name in ("no_proxy", "NO_PROXY"):
        monkeypatch.delenv(name, raising=False)

    def answer(socket: typing.Any) -> None:
        socket.send(json.dumps({"QUERY_STRING": "seat=2"}))

    with ws_serve(answer, "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        env = {"VOILA_PREHEAT": "True", "VOILA_KERNEL_ID": "k",
               "VOILA_APP_PORT": str(server.socket.getsockname()[1])}
        page.visitor(env)
        server.shutdown()
    assert env.get("QUERY_STRING") == "seat=2"


def test_a_kernel_started_ahead_that_cannot_reach_its_server_keeps_its_defaults() -> None:
    from precog import page

    env = {"VOILA_PREHEAT": "True", "VOILA_KERNEL_ID": "k", "VOILA_APP_PORT": "1"}
    page.visitor(env)
    assert "QUERY_STRING" not in env


def test_pages_do_not_load_the_unused_plotly_extension() -> None:
    from pathlib import Path

    from precog import serve

    argv = serve.voila_argv(Path("."), 8866)
    assert "--VoilaConfiguration.extension_denylist=jupyterlab-plotly" in argv


def test_a_kernel_started_ahead_asks_for_its_request_at_an_address_the_server_serves() -> None:
    from precog.serve import request_address, served_hostnames

    for host in ("127.0.0.1", "0.0.0.0", "192.168.1.5", "::1"):
        assert request_address(host).strip("[]") in served_hostnames(host)


def test_the_plotly_extension_is_safe_to_skip_because_figure_widgets_bring_their_own_script(
        ) -> None:
    import anywidget
    import plotly.graph_objects as go

    from precog import serve

    assert issubclass(go.FigureWidget, anywidget.AnyWidget)  # its script comes with the widget
    argv = serve.voila_argv(Path("."), 8866)
    for name in serve.UNUSED_EXTENSIONS:  # Binder runs the same `precog app` (test_binder.py)
        assert f"--VoilaConfiguration.extension_denylist={name}" in argv


def test_every_lesson_page_is_served_by_lesson_ones_notebook_which_differs_only_in_the_id(
) -> None:
    """One kernel started ahead serves every lesson (``SHARED_POOLS``): sound only while each
    lesson notebook is lesson 1's with its own id, the id the page then reads from its address."""
    import json
    from pathlib import Path

    from precog import serve

    def code(path: Path) -> str:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        return "".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")

    repo = Path(__file__).resolve().parents[1]
    lessons = sorted(repo.glob("tutorials/lesson*.ipynb"))
    assert len(lessons) >= 9
    shared = serve.served_notebook("tutorials/lesson05.ipynb")
    assert shared in serve.POOLED_PAGES
    for lesson in lessons:
        page = f"tutorials/{lesson.name}"
        assert serve.served_notebook(page) == shared
        assert code(lesson) == code(repo / shared).replace("lesson01", lesson.stem), page
    for page in ("notebooks/play.ipynb", "tutorials/index.ipynb", "notebooks/index.ipynb"):
        assert serve.served_notebook(page) == page
