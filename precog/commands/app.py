"""``precog app``: serve the app's notebooks with Voila on 127.0.0.1."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from precog.commands.common import UsageError, add_command

NAME = "app"
EXAMPLES = """\
The landing page is printed once Voila starts; stop the server with Ctrl-C.

examples:
  precog app                      # http://127.0.0.1:8866/voila/render/notebooks/index.ipynb
  precog app --port 9000
  PORT=9000 precog app --root /path/to/precog
"""


def register(subparsers: Any) -> None:
    parser = add_command(
        subparsers, NAME, "serve the app with Voila on 127.0.0.1",
        "Serve the notebooks (the app and the tutorials) with Voila on the "
        "loopback interface and print the landing page's URL.",
        EXAMPLES)
    parser.add_argument("--port", type=int, default=None, help="port (default: $PORT or 8866)")
    parser.add_argument(
        "--root", type=Path, default=Path.cwd(), help="folder holding notebooks/ (default: .)"
    )
    parser.add_argument("--no-browser", action="store_true",
                        help="do not open the landing page in a web browser (a browser is "
                             "opened only where a desktop is available)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from precog.serve import landing_url, open_browser_soon, port_from_env, serve

    if args.port is None:
        try:
            args.port = port_from_env()
        except ValueError:
            raise UsageError("$PORT should be a port number") from None
    root = args.root.resolve()
    if not (root / "notebooks").is_dir():
        raise UsageError(f"--root {args.root}: expected a folder holding notebooks/")
    if not args.no_browser:
        open_browser_soon(landing_url(args.port))
    serve(root, args.port)
    return 0
