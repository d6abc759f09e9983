"""The server as a visitor meets it: routes, Host header, token, tracebacks, CDNs, kernels.

Most tests use the session's server (loopback, as ``make app`` serves). Those that need other
options start a server of their own (``Server``), stopped by its process id at the end.
"""

from __future__ import annotations

import base64
import http.client
import json
import os
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from email.message import Message
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page

from precog.serve import FILL_DELAY_S, POOLED_PAGES
from tests.browser.helpers import ARTIFACTS, PageWatch
from tests.browser.server import Server

pytestmark = pytest.mark.browser

LANDING = "/voila/render/notebooks/index.ipynb"  # sent by the server, no kernel behind it
KERNEL_PAGE = "/voila/render/tutorials/index.ipynb"  # a light page with a kernel
PAGES = ("/voila/render/notebooks/play.ipynb",
         "/voila/render/notebooks/explorer.ipynb", "/voila/render/tutorials/index.ipynb",
         *(f"/voila/render/tutorials/lesson{i:02d}.ipynb" for i in range(1, 10)))
TOKEN = "a-test-token-of-some-length-0123456789"


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def _get(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
    """Status, headers and body of a GET, redirects not followed."""
    opener = urllib.request.build_opener(_NoRedirect)
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with opener.open(request, timeout=90) as response:
            return (response.status, _headers(response.headers),
                    response.read().decode(errors="replace"))
    except urllib.error.HTTPError as err:
        return err.code, _headers(err.headers), err.read().decode(errors="replace")


def _headers(message: Message) -> dict[str, str]:
    """Headers as a dict, repeated ones (Set-Cookie) joined with newlines."""
    return {name: "\n".join(message.get_all(name) or []) for name in set(message.keys())}


def _upgrade(base: str, path: str, host: str, origin: str) -> int:
    """The status a kernel websocket handshake gets with these Host and Origin headers."""
    parts = urlsplit(base)
    conn = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=30)
    conn.request("GET", path, headers={
        "Host": host, "Origin": origin, "Upgrade": "websocket", "Connection": "Upgrade",
        "Sec-WebSocket-Key": base64.b64encode(os.urandom(16)).decode(),
        "Sec-WebSocket-Version": "13"})
    status = conn.getresponse().status
    conn.close()
    return status


def _open_and_wait(page: Page, url: str) -> None:
    page.goto(url)
    page.locator(".precog-landing, #rendered_cells .jupyter-widgets").first.wait_for()


@pytest.fixture
def progress_env() -> dict[str, str]:
    return {"PRECOG_TUTOR_PROGRESS": os.path.join(tempfile.mkdtemp(), "progress.json")}


@pytest.fixture
def own_server(request: pytest.FixtureRequest, progress_env: dict[str, str]) -> Iterator[Server]:
    """A fresh loopback server for this test alone (its kernels are this test's only)."""
    server = Server(log=ARTIFACTS / f"voila-{request.node.name[:40]}.log", env=progress_env)
    server.start()
    yield server
    server.stop()


# -- routes --------------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["/", "/nope", "/voila", "/voila/render/nope.ipynb",
                                  "/voila/render/tests/conftest.py",
                                  "/voila/render/notebooks/nope.ipynb", "/api/kernels",
                                  "/voila/render/../README.md", "/static/x"])
def test_root_and_unknown_paths_redirect_to_the_landing_page(app_url: str, path: str) -> None:
    status, headers, _ = _get(app_url + path)
    assert status in (301, 302), (path, status)
    assert headers["Location"].endswith(LANDING)


@pytest.mark.parametrize("path", ["/voila/tree", "/voila/tree/", "/voila/tree/tests",
                                  "/voila/tree/notebooks", "/voila/api/contents",
                                  "/voila/api/contents/tests"])
def test_the_file_tree_and_contents_api_list_nothing(app_url: str, path: str) -> None:
    status, headers, body = _get(app_url + path)
    assert status in (301, 302) and headers["Location"].endswith(LANDING)
    for name in ("benchmarks", "conftest", "pyproject"):
        assert name not in body


def test_a_visitor_opening_the_root_lands_on_the_app(app_url: str, page: Page) -> None:
    page.goto(app_url + "/")
    page.locator(".precog-title").wait_for()
    assert page.url.endswith(LANDING)


# -- Host header and token -----------------------------------------------------------------

def test_a_foreign_host_header_is_refused_on_pages_static_files_and_the_kernel_socket(
        app_url: str, page: Page) -> None:
    port = urlsplit(app_url).port
    for path in (LANDING, "/", "/voila/static/voila.js"):
        status, _, _ = _get(app_url + path, {"Host": f"evil.example:{port}"})
        assert status == 403, path
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    _open_and_wait(page, app_url + KERNEL_PAGE)
    channel = next(urlsplit(url) for url in sockets if "/channels" in url)
    path = channel.path + (f"?{channel.query}" if channel.query else "")
    # DNS rebinding: a page of evil.example resolved to 127.0.0.1, Origin and Host agreeing.
    evil = f"evil.example:{port}"
    assert _upgrade(app_url, path, evil, f"http://{evil}") == 403
    here = f"127.0.0.1:{port}"
    assert _upgrade(app_url, path, here, f"http://{here}") == 101  # the same socket, served host


def test_off_loopback_every_route_needs_the_token(progress_env: dict[str, str]) -> None:
    server = Server(log=ARTIFACTS / "voila-token.log", extra=("--host", "0.0.0.0"),
                    env={**progress_env, "PRECOG_APP_TOKEN": TOKEN})
    server.start()
    try:
        status, headers, _ = _get(server.url + LANDING)
        assert status in (302, 403) and "token" not in headers.get("Location", "")
        if status == 302:
            assert "/login" in headers["Location"]
        assert _get(server.url + "/api/kernels/x/channels")[0] in (302, 403, 404)
        status, headers, body = _get(server.url + LANDING + f"?token={TOKEN}")
        assert status == 200 and 'class="precog-landing' in body
        assert "precog_visitor=" in headers.get("Set-Cookie", "")  # per-browser progress
        cookie = headers["Set-Cookie"].replace("\n", "; ")
        status, _, body = _get(server.url + KERNEL_PAGE, {"Cookie": cookie})
        assert status == 200 and "widget-view+json" in body  # a kernel's page, by the cookie
        assert _get(server.url + KERNEL_PAGE)[0] in (302, 403)
        assert _get(server.url + LANDING + "?token=wrong")[0] in (302, 403)
        assert _get(server.url + LANDING + f"?token={TOKEN}",
                    {"Host": f"evil.example:{server.port}"})[0] == 403
        assert "?token=" in server.log_text()  # the URL printed for the person serving
        for path in (*FILES, _hashed_extension_file()):  # no file without the token
            assert _get(server.url + path)[0] in (302, 403, 404), path
        assert _get(server.url + "/voila/static/voila.js", {"Cookie": cookie})[0] == 200
    finally:
        server.stop()


def _hashed_extension_file() -> str:
    """The address of anywidget's ``remoteEntry.<hash>.js``, as installed with the app."""
    static = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "anywidget" / "static"
    entry = next(static.glob("remoteEntry.*.js"))
    return f"/voila/labextensions/anywidget/static/{entry.name}"


def test_hashed_extension_files_are_kept_for_good_and_nothing_is_compressed_on_loopback(
        app_url: str) -> None:
    gzip = {"Accept-Encoding": "gzip"}
    status, headers, _ = _get(app_url + _hashed_extension_file(), gzip)
    assert status == 200 and "max-age=31536000" in headers.get("Cache-Control", "")
    # a file without a hash in its name may change under the same name: checked again
    status, headers, _ = _get(app_url + "/voila/labextensions/anywidget/package.json", gzip)
    assert status == 200 and "max-age" not in headers.get("Cache-Control", "")
    status, headers, _ = _get(app_url + "/voila/static/voila.js", gzip)
    assert status == 200 and "Content-Encoding" not in headers


FILES = ("/voila/files/docs/images/table-page.png", "/voila/static/voila.js",
         "/voila/templates/lab/static/materialcolors.css",
         "/voila/precog-static/fontawesome/css/all.min.css")


def test_paths_that_are_not_pages_redirect_or_answer_404_without_a_traceback(
        own_server: Server) -> None:
    for path in ("/logout", "/voila/files/docs/images/table-page.png", "/voila/templates/../x",
                 "/voila/templates/nosuch/static/x", "/voila/templates/lab/static/../../x",
                 "/voila/api/themes/x", "/voila/labextensions/x"):
        status, headers, _ = _get(own_server.url + path)
        assert status in (302, 404), (path, status)
        if status == 302:
            assert headers["Location"].endswith(LANDING), path
    assert "Traceback" not in own_server.log_text()


def test_an_empty_host_header_is_refused_like_a_foreign_one(app_url: str) -> None:
    parts = urlsplit(app_url)
    conn = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=30)
    conn.putrequest("GET", "/voila/static/voila.js", skip_host=True)
    conn.putheader("Host", "")
    conn.endheaders()
    assert conn.getresponse().status == 403
    conn.close()


def test_a_page_whose_kernel_dies_at_its_start_shows_the_apology(
        browser: Browser, tmp_path: Path, progress_env: dict[str, str]) -> None:
    spec = tmp_path / "share" / "jupyter" / "kernels" / "dying"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-c", "import sys; sys.exit(3)", "{connection_file}"],
        "display_name": "dying", "language": "python"}))
    notebook = {**ERROR_NOTEBOOK, "metadata": {"kernelspec": {
        "display_name": "dying", "language": "python", "name": "dying"}}}
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "play.ipynb").write_text(json.dumps(notebook))
    server = Server(log=ARTIFACTS / "voila-dying.log", extra=("--root", str(tmp_path)),
                    env={**progress_env, "JUPYTER_PATH": str(tmp_path / "share" / "jupyter")})
    server.start()
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(server.url + "/voila/render/notebooks/play.ipynb")
        page.get_by_text("Sorry, this page could not be started").wait_for(timeout=120_000)
        assert not page.locator("#loading").is_visible()
    finally:
        context.close()
        server.stop()


# -- what a visitor's browser sees ------------------------------------------------------------

def test_pages_fetch_nothing_from_the_internet_and_the_icon_font_is_served(
        app_url: str, page: Page, watch: PageWatch) -> None:
    outside: list[str] = []
    fonts: dict[str, int] = {}
    page.on("request", lambda r: None if r.url.startswith((app_url, "data:", "blob:", "about:"))
            else outside.append(r.url))
    page.on("response", lambda r: fonts.__setitem__(r.url.rsplit("/", 1)[1], r.status)
            if r.url.endswith(".woff2") else None)
    for path in (LANDING, "/voila/render/notebooks/play.ipynb",
                 "/voila/render/notebooks/explorer.ipynb", "/voila/render/tutorials/index.ipynb",
                 "/voila/render/tutorials/lesson01.ipynb"):
        _open_and_wait(page, app_url + path)
        page.wait_for_timeout(1000)
        watch.check()
    assert outside == []
    assert fonts.get("fa-solid-900.woff2") == 200  # the buttons' icons, from precog/static


ERROR_NOTEBOOK = {
    "cells": [
        {"cell_type": "code", "execution_count": None, "id": "a", "metadata": {}, "outputs": [],
         "source": ["import ipywidgets as w\n", "out = w.Output()\n",
                    "boom = w.Button(description='Boom')\n",
                    "def fail(_):\n", "    with out:\n", "        {}['secret_key_name']\n",
                    "boom.on_click(fail)\n", "w.VBox([boom, out])"]},
        {"cell_type": "code", "execution_count": None, "id": "b", "metadata": {}, "outputs": [],
         "source": ["1 / 0"]}],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                "name": "python3"}},
    "nbformat": 4, "nbformat_minor": 5}


def test_a_python_error_shows_an_apology_and_the_traceback_goes_to_the_log(
        browser: Browser, tmp_path: Path, progress_env: dict[str, str]) -> None:
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "play.ipynb").write_text(json.dumps(ERROR_NOTEBOOK))
    server = Server(log=ARTIFACTS / "voila-errors.log", extra=("--root", str(tmp_path)),
                    env=progress_env).start()
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(server.url + "/voila/render/notebooks/play.ipynb")
        page.get_by_role("button", name="Boom").click()
        page.get_by_text("Sorry, something went wrong here").wait_for(timeout=30_000)
        text = page.inner_text("body")
        for leak in ("Traceback", "ZeroDivisionError", "KeyError", "secret_key_name", "File \""):
            assert leak not in text
        assert "Sorry, this page could not be built" in text  # the failed cell
        deadline = time.monotonic() + 10
        while "secret_key_name" not in server.log_text() and time.monotonic() < deadline:
            time.sleep(0.2)
        log = server.log_text()
        assert "ZeroDivisionError" in log and "KeyError: 'secret_key_name'" in log
    finally:
        context.close()
        server.stop()


# -- kernels ---------------------------------------------------------------------------------

def _kernels_reach(server: Server, wanted: int, within_s: float) -> int:
    """Wait (up to ``within_s``) until the server has ``wanted`` kernels or fewer; the count."""
    deadline = time.monotonic() + within_s
    while server.kernels() > wanted and time.monotonic() < deadline:
        time.sleep(0.5)
    return server.kernels()


def _kernels_rise_to(server: Server, wanted: int, within_s: float) -> list[tuple[float, int]]:
    """Wait (up to ``within_s``) until the server has ``wanted`` kernels or more; each change of
    the count with its second, for the failure's message (a loaded machine starts kernels
    slowly)."""
    start = time.monotonic()
    trace = [(0.0, server.kernels())]
    while trace[-1][1] < wanted and time.monotonic() - start < within_s:
        time.sleep(0.5)
        count = server.kernels()
        if count != trace[-1][1]:
            trace.append((round(time.monotonic() - start, 1), count))
    return trace


def _kernel_story(server: Server, trace: list[tuple[float, int]]) -> str:
    """The kernel counts over time and the server log's kernel lines: what a failure needs."""
    lines = [line for line in server.log_text().splitlines()
             if any(word in line for word in ("Kernel ", "kernel:", "Culling", "page ", "Error"))]
    return f"kernel counts (s, n): {trace}\n" + "\n".join(lines[-60:])


def test_thirty_pages_opened_and_left_leave_at_most_two_live_kernels(
        browser: Browser, own_server: Server) -> None:
    """Besides the kernels started ahead for the next visitors (one per pooled page)."""
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(60_000)
    peak_mb = 0.0
    for i in range(30):
        _open_and_wait(page, own_server.url + PAGES[i % len(PAGES)])
        peak_mb = max(peak_mb, own_server.memory_mb())
    page.goto("about:blank")  # leave the thirtieth page too
    kernels = _kernels_reach(own_server, len(POOLED_PAGES), 30) - len(POOLED_PAGES)
    memory = own_server.memory_mb()
    context.close()
    report = {"pages": 30, "visitor_kernels_after": kernels,
              "kernels_started_ahead": len(POOLED_PAGES), "server_memory_mb": round(memory),
              "server_memory_peak_mb": round(peak_mb)}
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "kernels-after-30-pages.json").write_text(json.dumps(report, indent=1))
    print("\n30 pages:", report)
    assert kernels <= 2, report
    assert "_xsrf' argument missing" not in own_server.log_text()


def test_pages_closed_without_a_word_have_their_kernels_culled_within_two_minutes(
        browser: Browser, own_server: Server) -> None:
    """...while the kernels started ahead, idle with no page for as long, are kept."""
    ahead = len(POOLED_PAGES)
    trace = _kernels_rise_to(own_server, ahead, 90)  # the server starts its kernels ahead
    assert own_server.kernels() == ahead, _kernel_story(own_server, trace)
    contexts = [browser.new_context() for _ in range(3)]
    for context in contexts:
        _open_and_wait(context.new_page(), own_server.url + KERNEL_PAGE)
    time.sleep(FILL_DELAY_S + 1)  # the used kernel started ahead is replaced
    trace = _kernels_rise_to(own_server, ahead + 3, 120)
    assert own_server.kernels() == ahead + 3, _kernel_story(own_server, trace)
    closed = time.monotonic()
    for context in contexts:  # a crashed tab or a lost network: no page-leave request
        context.close()
    open_context = browser.new_context()  # an open page, idle, must keep its kernel
    idle_page = open_context.new_page()
    _open_and_wait(idle_page, own_server.url + KERNEL_PAGE)
    try:
        left = _kernels_reach(own_server, ahead + 1, 125)
        waited = time.monotonic() - closed
        print(f"\nclosed pages' kernels culled after {waited:.0f} s")
        assert left == ahead + 1, f"{left} kernels after {waited:.0f} s"
        assert waited <= 120
        idle_page.locator(".pt-index-head").wait_for()
    finally:
        open_context.close()


# -- tutor progress per browser -----------------------------------------------------------------

def test_served_to_other_machines_each_browser_keeps_its_own_tutor_progress(
        browser: Browser, tmp_path: Path) -> None:
    env = {"HOME": str(tmp_path), "PRECOG_APP_TOKEN": TOKEN, "PRECOG_TUTOR_PROGRESS": ""}
    server = Server(log=ARTIFACTS / "voila-visitors.log", extra=("--host", "0.0.0.0"),
                    env=env).start()
    contexts = [browser.new_context() for _ in range(2)]
    try:
        for context in contexts:
            page = context.new_page()
            page.set_default_timeout(60_000)
            page.goto(server.url + f"/voila/render/tutorials/lesson01.ipynb?token={TOKEN}")
            page.locator(".pt-step-count", has_text="Step 1 of").wait_for()
            page.locator(".pt-buttons button").last.click()
            page.locator(".pt-step-count", has_text="Step 2 of").wait_for()
        visitors = [c.cookies(server.url) for c in contexts]
        ids = [next(k["value"] for k in jar if k["name"] == "precog_visitor") for jar in visitors]
        assert ids[0] != ids[1]
        for visitor in ids:
            path = tmp_path / ".precog" / "visitors" / visitor / "tutor-progress.json"
            deadline = time.monotonic() + 10
            while not path.exists() and time.monotonic() < deadline:
                time.sleep(0.2)
            assert json.loads(path.read_text())["lessons"]["lesson01"]["step"] == 1
        assert not (tmp_path / ".precog" / "tutor-progress.json").exists()
    finally:
        for context in contexts:
            context.close()
        server.stop()
