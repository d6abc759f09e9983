"""Serve the app's notebooks with Voila: where, on which port, with which safety settings.

The served root holds ``notebooks/`` and ``tutorials/`` (:func:`app_root`: the copy installed
inside the package, ``precog/app_pages``, or a checkout's own folders), so the landing page
lives at ``/voila/render/notebooks/index.ipynb`` wherever the app runs.
The Voila application itself, with the project's routes and checks, is in
``precog.voila_app`` (it needs the ``app`` extra); this module only needs the standard library.

Safety, in short (README's "App" section says more):

- loopback (``127.0.0.1``, the default) serves the person at this machine, without a token;
- any other address (``--host 0.0.0.0``, a LAN address) requires a token, printed in the URL;
- the Host header must name the served host, so a page of another site cannot reach the app
  through DNS rebinding;
- kernels of closed pages are shut down within two minutes;
- visitors see the app's pages only (no file tree) and no tracebacks (those go to the log).

Speed: the first pages of ``POOLED_PAGES`` (as many as the machine holds, :func:`kernels_ahead`:
one on a 2 GB Binder pod, every page on a desk; the lessons share one, ``SHARED_POOLS``) keep
one kernel started ahead, its imports done, waiting for the next visitor (Voila's pre-heated
kernels); the page then reads its address (``?lang=``, a position) once the visitor arrives
(:func:`precog.page.visitor`).
"""

from __future__ import annotations

import contextlib
import errno
import ipaddress
import os
import re
import secrets
import socket
import sys
import threading
import webbrowser
from enum import StrEnum
from pathlib import Path

from precog import LANDING_PATH  # re-exported: the landing page uses it
from precog.engine.errors import PrecogError
from precog.engine.files import os_reason
from precog.engine.problems import Problem

DEFAULT_PORT = 8866
DEFAULT_HOST = "127.0.0.1"
TOKEN_ENV = "PRECOG_APP_TOKEN"

# A page's kernel is shut down when the page is left (see precog.voila_app for the Voila bug
# worked around); failing that, a kernel with no page connected is culled after CULL_IDLE_S idle
# seconds, checked every CULL_INTERVAL_S: at most two minutes after the page closed. A kernel
# with an open page is never culled (cull_connected=False), however long the visitor reads.
CULL_IDLE_S = 80
CULL_INTERVAL_S = 20

# Pages served from a kernel started ahead (one each): every page of the app but the landing
# page, which the server sends without a kernel (precog.voila_app). A waiting kernel
# holds its page's imports, 60 to 80 MB resident (docs/history/benchmark-runs.md gives the measured
# figures: about 0.6 GB for all of them); a page whose kernel is started on request shows its
# first widget seconds later (kernel start and imports, 4 to 10 s on a loaded machine). The nine
# lessons share lesson 1's kernel (SHARED_POOLS). A second visitor within seconds gets a kernel
# started on request as before. A used kernel is replaced FILL_DELAY_S later, once the visitor's
# own page has had the processor.
POOLED_PAGES = ("tutorials/lesson01.ipynb", "notebooks/play.ipynb", "notebooks/explorer.ipynb",
                "tutorials/index.ipynb", "notebooks/review.ipynb", "notebooks/table.ipynb",
                "notebooks/box.ipynb")
FILL_DELAY_S = 4.0
KERNEL_MB = 80
"""What a waiting kernel holds, at most (60 to 80 MB resident, measured)."""
SPARE_GB = 1.5
"""Memory left to the servers and the visitors' own kernels before any is started ahead."""
# Pages whose notebooks differ only in what their address names: every lesson page
# (tutorials/lessonNN.ipynb, all ``lesson("lessonNN")``; a test checks they stay so) is
# served by lesson 1's notebook, so lesson 1's kernel started ahead serves whichever lesson a
# visitor opens (``precog.widgets.tutor.lesson`` reads the lesson from the address).
SHARED_POOLS = ((re.compile(r"tutorials/lesson[0-9]{2}\.ipynb"), "tutorials/lesson01.ipynb"),)
# Browser extensions installed with the app's dependencies that its pages never use.
UNUSED_EXTENSIONS = ("jupyterlab-plotly", "jupyterlab_pygments")


class ServeCode(StrEnum):
    """The server's bad inputs (an address, a port, a token), as ``usage.key`` of the words'
    ``errors.toml`` (the command line's section: they are said as its options)."""

    PORT = "usage.port"
    HOST = "usage.host"
    HOST_ELSEWHERE = "usage.host_elsewhere"
    TOKEN = "usage.token"
    NEEDS_TOKEN = "usage.needs_token"
    PORT_BUSY = "usage.port_busy"
    LISTEN = "usage.listen"


class ServeError(PrecogError):
    """A serving option that cannot work; the message names the option and what was expected."""


PACKAGE = Path(__file__).resolve().parent
INSTALLED_PAGES = PACKAGE / "app_pages"
"""Where the wheel puts the app's pages (setup.py copies them there)."""


def app_root() -> Path:
    """The folder the app serves: the pages installed with the package, else the checkout's
    (an editable install or a run from the repository), whichever holds the landing page."""
    for root in (INSTALLED_PAGES, PACKAGE.parent):
        if (root / LANDING_PATH).is_file():
            return root
    return INSTALLED_PAGES


def port_number(value: int | str, name: str = "port") -> int:
    """A TCP port a server can listen on, 1 to 65535.

    >>> port_number("8866")
    8866
    >>> port_number(70000)
    Traceback (most recent call last):
    ...
    precog.serve.ServeError: port 70000: expected a whole number from 1 to 65535
    """
    try:
        port = int(value)
    except (TypeError, ValueError):
        raise ServeError(Problem.of(ServeCode.PORT, name=name, got=repr(value)),
                         input=value) from None
    if not 1 <= port <= 65535:
        raise ServeError(Problem.of(ServeCode.PORT, name=name, got=port), input=value)
    return port


def port_from_env() -> int:
    """The port in ``$PORT``, else 8866."""
    return port_number(os.environ.get("PORT", DEFAULT_PORT), "$PORT")


def is_loopback(host: str) -> bool:
    """Whether ``host`` serves this machine only.

    >>> [is_loopback(h) for h in ("127.0.0.1", "localhost", "::1", "0.0.0.0", "192.168.1.5")]
    [True, True, True, False, False]
    """
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_host(host: str) -> str:
    """``host`` if it is an address or name this machine can listen on, else a ServeError."""
    if not host or len(host) > 253 or any(c.isspace() or c in "/?#@" for c in host):
        raise ServeError(Problem.of(ServeCode.HOST, got=host), input=host)
    try:
        socket.getaddrinfo(host.strip("[]"), None)
    except (socket.gaierror, UnicodeError):
        raise ServeError(Problem.of(ServeCode.HOST_ELSEWHERE, got=host), input=host) from None
    return host


def check_listen(host: str, port: int) -> None:
    """Refuse, before anything is printed, a ``host:port`` this process cannot listen on: a
    port another server holds (its URL would lead to that server) or an address that is not
    this machine's. Binds and closes a socket of each of the host's addresses, as the server
    will (SO_REUSEADDR: a port left in TIME_WAIT is free)."""
    try:
        infos = socket.getaddrinfo(host.strip("[]") or None, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError):
        raise ServeError(Problem.of(ServeCode.HOST_ELSEWHERE, got=host), input=host) from None
    for family, kind, proto, _name, address in infos:
        try:
            with socket.socket(family, kind, proto) as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                if family == socket.AF_INET6:
                    probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
                probe.bind(address)
        except OSError as err:
            if err.errno == errno.EADDRINUSE:
                raise ServeError(Problem.of(ServeCode.PORT_BUSY, host=host, port=port),
                                 input=port) from None
            if err.errno == errno.EADDRNOTAVAIL and family == socket.AF_INET6 and len(infos) > 1:
                continue  # "localhost" where IPv6 is half disabled: the server skips it too
            if err.errno == errno.EADDRNOTAVAIL:
                raise ServeError(Problem.of(ServeCode.HOST_ELSEWHERE, got=host),
                                 input=host) from None
            if err.errno == errno.EAFNOSUPPORT:
                continue  # no IPv6 here: the server skips that address too
            raise ServeError(Problem.of(ServeCode.LISTEN, host=host, port=port,
                                        detail=os_reason(err)), input=host) from None


def served_hostnames(host: str, extra: tuple[str, ...] = ()) -> list[str]:
    """The names the Host header may carry: the served host, its usual aliases, and ``extra``.

    >>> served_hostnames("127.0.0.1")
    ['127.0.0.1', '::1', '[::1]', 'localhost']
    """
    names: list[str] = [host]
    if is_loopback(host) or host in ("0.0.0.0", "::", ""):
        names += ["127.0.0.1", "::1", "[::1]", "localhost"]
    if host in ("0.0.0.0", "::", ""):
        names += [socket.gethostname(), socket.getfqdn()]
        names += _addresses_of(socket.gethostname())
    if ":" in host and not host.startswith("["):
        names.append(f"[{host}]")
    names += list(extra)
    seen: list[str] = []
    for name in names:
        if name and name.lower() not in seen:
            seen.append(name.lower())
    return seen


def _addresses_of(name: str) -> list[str]:
    try:
        return sorted({str(info[4][0]) for info in socket.getaddrinfo(name, None)})
    except (socket.gaierror, UnicodeError):
        return []


def needs_token(host: str) -> bool:
    """A token is required whenever the app is reachable from another machine."""
    return not is_loopback(host)


def new_token() -> str:
    """The token from ``$PRECOG_APP_TOKEN``, else a fresh random one."""
    token = os.environ.get(TOKEN_ENV, "")
    if token and len(token) < 16:
        raise ServeError(Problem.of(ServeCode.TOKEN, name=TOKEN_ENV))
    return token or secrets.token_urlsafe(24)


def landing_url(port: int, host: str = DEFAULT_HOST, token: str = "", base_url: str = "/") -> str:
    """
    >>> landing_url(8866)
    'http://127.0.0.1:8866/voila/render/notebooks/index.ipynb'
    >>> landing_url(9000, "10.0.0.5", token="abc")
    'http://10.0.0.5:9000/voila/render/notebooks/index.ipynb?token=abc'
    """
    shown = socket.gethostname() if host in ("0.0.0.0", "::", "") else host
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    query = f"?token={token}" if token else ""
    return f"http://{shown}:{port}{base_url}voila/render/{LANDING_PATH}{query}"


def voila_argv(root: Path, port: int, host: str = DEFAULT_HOST, token: str = "",
               base_url: str = "/") -> list[str]:
    """Voila's command line for serving ``root`` on ``host:port`` under ``base_url``.

    ``port_retries=0`` makes a busy port an error instead of a silent move to another port,
    so the printed URL is always the right one.
    """
    return [
        str(root),
        "--no-browser",
        f"--port={port}",
        f"--Voila.ip={host}",
        "--Voila.port_retries=0",
        f"--Voila.token={token}",
        f"--Voila.base_url={base_url}",
        "--strip_sources=True",  # the default, stated: visitors see the app, not its code
        "--show_tracebacks=False",  # tracebacks go to the server's log, never to a visitor
        "--VoilaExecutor.cell_error_instruction="
        "Sorry, this page could not be built. The details are in the server's log.",
        # A cell's output may come well after its reply on a busy machine; nbclient's default
        # wait of 4 s dropped an explorer page's widgets once in an hour-long monkey run.
        "--VoilaExecutor.iopub_timeout=20",
        "--VoilaConfiguration.multi_kernel_manager_class="
        "precog.voila_app.CullingKernelManager",
        f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_S}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL_S}",
        "--MappingKernelManager.cull_connected=False",
        "--MappingKernelManager.cull_busy=False",
        # The browser's visitor id reaches the kernel (per-browser tutor progress; the header is
        # set by the server from its cookie, see precog.voila_app.AppPage).
        "--VoilaConfiguration.http_header_envs=X-Precog-Visitor",
        # plotly 6's FigureWidget is an anywidget (its script comes with the widget): the
        # jupyterlab-plotly extension, 4.8 MB of script every page would load before its
        # kernel connects, serves only figures displayed as output, which the app never shows.
        *(f"--VoilaConfiguration.extension_denylist={name}" for name in UNUSED_EXTENSIONS),
        # Kernels started ahead for POOLED_PAGES (their sizes: kernel_pools(), set in
        # precog.voila_app.run, since a dict of dicts cannot be given on a command line).
        "--preheat_kernel=True",
        f"--VoilaKernelManager.fill_delay={FILL_DELAY_S}",
    ]


def kernels_ahead(memory_gb: float | None = None, cpus: int | None = None) -> int:
    """How many kernels to start ahead on this machine: one for each 0.5 GB beyond
    :data:`SPARE_GB` and four for each CPU, at least one (lesson 1's, where a newcomer
    starts), at most every pooled page.

    >>> kernels_ahead(2.0, 1), kernels_ahead(4.0, 2), kernels_ahead(24.0, 2)
    (1, 5, 7)
    """
    memory_gb = machine_memory_gb() if memory_gb is None else memory_gb
    if cpus is None:
        from precog.analysis.parallel.cores import usable_cpus

        cpus = usable_cpus()
    by_memory = int((memory_gb - SPARE_GB) / 0.5)
    return max(1, min(len(POOLED_PAGES), by_memory, 4 * cpus))


def machine_memory_gb(root: Path = Path("/sys/fs/cgroup")) -> float:
    """The memory this server may use, in GB: the machine's (psutil), less where a container's
    limit (cgroup ``memory.max`` or v1's ``memory.limit_in_bytes``) or Binder's ``MEM_LIMIT``
    says less."""
    import psutil  # type: ignore[import-untyped]  # with the app extra (Jupyter's kernels)

    limits = [float(psutil.virtual_memory().total)]
    for name in ("memory.max", "memory/memory.limit_in_bytes"):
        try:
            limits.append(float(int((root / name).read_text().split()[0])))
        except (OSError, ValueError, IndexError):  # no such file, or "max": no limit
            continue
    with contextlib.suppress(ValueError):
        limits.append(float(int(os.environ.get("MEM_LIMIT", ""))))
    return min(value for value in limits if value > 0) / 1e9


def kernel_pools(pages: tuple[str, ...] = POOLED_PAGES) -> dict[str, dict[str, int]]:
    """Voila's ``kernel_pools_config``: one kernel ahead for each of ``pages``, none for the
    others (``default``).

    >>> kernel_pools(("notebooks/play.ipynb",))
    {'default': {'pool_size': 0}, 'notebooks/play.ipynb': {'pool_size': 1}}
    """
    return {"default": {"pool_size": 0}, **{page: {"pool_size": 1} for page in pages}}


def served_notebook(path: str) -> str:
    """The notebook Voila runs for page ``path``: a lesson page runs lesson 1's (one pool
    for every lesson, :data:`SHARED_POOLS`), any other page its own.

    >>> served_notebook("tutorials/lesson07.ipynb"), served_notebook("notebooks/play.ipynb")
    ('tutorials/lesson01.ipynb', 'notebooks/play.ipynb')
    """
    for pattern, notebook in SHARED_POOLS:
        if pattern.fullmatch(path):
            return notebook
    return path


def request_address(host: str) -> str:
    """The address a pre-heated kernel asks for its visitor's request (Voila's
    ``VOILA_APP_IP``): the served address, or loopback when serving every interface.

    >>> [request_address(h) for h in ("127.0.0.1", "0.0.0.0", "::1", "192.168.1.5")]
    ['127.0.0.1', '127.0.0.1', '[::1]', '192.168.1.5']
    """
    if host in ("0.0.0.0", "::", ""):
        return "127.0.0.1"
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def serve(root: Path, port: int, host: str = DEFAULT_HOST, token: str = "",
          allow_hosts: tuple[str, ...] = (), base_url: str = "/", proxied: bool = False) -> None:
    """Print the landing URL, then run Voila in this process until it is stopped; ``proxied``:
    visitors come through a Jupyter server's proxy (Binder), which sends their own Origin."""
    from precog.voila_app import run  # the `app` extra; imported here so the core never needs it

    if needs_token(host) and not token:
        raise ServeError(Problem.of(ServeCode.NEEDS_TOKEN, got=host), input=host)
    check_listen(host, port)
    print(f"precog app: {landing_url(port, host, token, base_url)}", flush=True)
    pages = POOLED_PAGES[:kernels_ahead()]
    run(voila_argv(root, port, host, token, base_url), served_hostnames(host, allow_hosts),
        per_visitor=not is_loopback(host), pools=kernel_pools(pages),
        any_origin=proxied,
        request_address=request_address(host), served_notebook=served_notebook)


def has_desktop() -> bool:
    """Whether a web browser can be shown here (not on a headless server or in CI)."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def open_browser_soon(url: str, delay_s: float = 2.0) -> bool:
    """Open ``url`` in the default browser once Voila is listening; False when headless."""
    if not has_desktop():
        return False
    timer = threading.Timer(delay_s, webbrowser.open, args=(url,))
    timer.daemon = True
    timer.start()
    return True
