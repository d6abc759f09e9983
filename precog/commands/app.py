"""``precog app``: serve the app's notebooks with Voila (on 127.0.0.1 unless ``--host``)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Any

from precog.commands.common import UsageCode, UsageError, add_command, say
from precog.engine.problems import Problem

NAME = "app"
EXAMPLES = """\
The landing page is printed once Voila starts; stop the server with Ctrl-C.

examples:
  precog app                      # http://127.0.0.1:8866/voila/render/notebooks/index.ipynb
  precog app --port 9000
  PORT=9000 precog app --root /path/to/a/checkout
  precog app --host 0.0.0.0       # other machines too; prints a URL with its ?token=

Off loopback a token is always required (a random one, or $PRECOG_APP_TOKEN); the Host
header must name the served host (add names, e.g. a proxy's, with --allow-host).
"""


def register(subparsers: Any) -> None:
    parser = add_command(
        subparsers, NAME, "serve the app with Voila (127.0.0.1 unless --host)",
        "Serve the notebooks (the app and the tutorials) with Voila on the "
        "loopback interface and print the landing page's URL.",
        EXAMPLES)
    parser.add_argument("--port", type=_port, default=None,
                        help="port, 1 to 65535 (default: $PORT or 8866)")
    parser.add_argument("--host", default=None, metavar="ADDRESS",
                        help="address to listen on (default 127.0.0.1, this machine only); "
                             "any other address requires the printed token")
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                        help="another name visitors' browsers use for this server (the Host "
                             "header), e.g. behind a proxy; repeatable")
    parser.add_argument(
        "--root", type=Path, default=None,
        help="folder holding notebooks/ and tutorials/ (default: the app installed with precog, "
             "or this checkout's)")
    parser.add_argument("--base-url", default="/", metavar="PATH",
                        help="the path a proxy serves the app under, e.g. /user/NAME/precog/ "
                             "(default /)")
    parser.add_argument("--proxied", action="store_true",
                        help="visitors come through a Jupyter server's proxy "
                             "(jupyter-server-proxy, Binder): accept its Origin headers")
    parser.add_argument("--no-browser", action="store_true",
                        help="do not open the landing page in a web browser (a browser is "
                             "opened only where a desktop is available)")
    parser.set_defaults(handler=run)


def _port(text: str) -> int:
    from precog.serve import ServeError, port_number

    try:
        return port_number(text)
    except ServeError as err:
        raise argparse.ArgumentTypeError(say(err.problem or str(err))) from None


def _base_url(text: str) -> str:
    """``text`` as Voila's base URL: a path starting and ending with ``/``."""
    path = "/" + text.strip("/") + "/" if text.strip("/") else "/"
    if not BASE_URL.fullmatch(path):
        raise UsageError(Problem.of(UsageCode.BASE_URL, got=text[:80]), input=text)
    return path


BASE_URL = re.compile(r"/(?:(?!\.{1,2}/)[A-Za-z0-9._~-]{1,100}/){0,12}")
"""A path of plain names (no ``.`` or ``..`` part, no escapes), at most twelve deep."""


def run(args: argparse.Namespace) -> int:
    from precog.serve import (
        DEFAULT_HOST,
        ServeError,
        app_root,
        check_host,
        check_listen,
        landing_url,
        needs_token,
        new_token,
        open_browser_soon,
        port_from_env,
        serve,
    )

    try:
        port = args.port if args.port is not None else port_from_env()
        host = check_host(args.host if args.host is not None else DEFAULT_HOST)
        token = new_token() if needs_token(host) else ""
        check_listen(host, port)  # a busy port or a foreign address: said before any URL
    except ServeError as err:
        raise UsageError(err.problem or str(err), input=err.input) from None
    base_url = _base_url(args.base_url)
    try:
        root = (args.root if args.root is not None else app_root()).resolve()
        found = (root / "notebooks").is_dir()
    except (OSError, ValueError):  # a NUL byte in the path (from Python), a loop of links
        found = False
    if not found:
        raise UsageError(Problem.of(UsageCode.ROOT,
                                    got=str(args.root if args.root is not None else "")))
    if not args.no_browser:
        open_browser_soon(landing_url(port, host, token, base_url))
    serve(root, port, host, token, tuple(args.allow_host), base_url=base_url,
          proxied=args.proxied)
    return 0
