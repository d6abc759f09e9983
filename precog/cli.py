"""The ``precog`` command."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from precog import __version__


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="precog", description=__doc__)
    parser.add_argument("--version", action="version", version=f"precog {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    app = commands.add_parser("app", help="serve the app with Voila on 127.0.0.1")
    app.add_argument("--port", type=int, default=None, help="port (default: $PORT or 8866)")
    app.add_argument(
        "--root", type=Path, default=Path.cwd(), help="folder holding notebooks/ (default: .)"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "app":
        from precog.serve import port_from_env, serve

        serve(args.root.resolve(), args.port if args.port is not None else port_from_env())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
