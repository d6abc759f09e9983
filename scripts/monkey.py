"""Long monkey runs: random clicks on Play, the explorer and the lessons in headless Chromium.

    nice -n 5 .venv/bin/python scripts/monkey.py --minutes 60 --seed 1

Starts its own server (as ``make app`` does) on a free port, monkeys for the given time, checks
that Play's undo, save and load still work, prints the figures (clicks, pages, errors, kernels,
server memory) and exits 1 if any Python error was seen. ``--json FILE`` also writes them there.
The 60-second version runs in ``make test`` (tests/browser/test_monkey.py).
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from precog.commands.tool_parser import ToolParser, at_most, seed_number

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.browser.monkey import run  # noqa: E402
from tests.browser.server import Server  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = ToolParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=at_most(float, 24 * 60), default=1.0,
                        help="how long (default 1)")
    parser.add_argument("--seed", type=seed_number, default=0, help="random seed (default 0)")
    parser.add_argument("--page-seconds", type=at_most(float, 3600), default=20.0,
                        help="time spent on a page before moving on (default 20)")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--log", type=Path, help="server log file (default: a temporary file)")
    args = parser.parse_args(argv)
    log = args.log or Path(tempfile.mkdtemp(prefix="precog-monkey-")) / "voila.log"
    progress = Path(tempfile.mkdtemp(prefix="precog-monkey-progress-")) / "progress.json"
    server = Server(log=log, env={"PRECOG_TUTOR_PROGRESS": str(progress)}).start()
    print(f"monkey: server {server.url}, log {log}", flush=True)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                 args=CHROMIUM_ARGS)
            figures = run(browser, server, args.minutes * 60, args.seed, args.page_seconds)
            browser.close()
    finally:
        server.stop()
    print("monkey:", figures.line(), flush=True)
    for error in figures.errors[:20]:
        print("  error:", error)
    if args.json:
        args.json.write_text(json.dumps(figures.as_json(), indent=1), encoding="utf-8")
    return 1 if figures.errors or figures.end_check != "ok" else 0


if __name__ == "__main__":
    sys.exit(main())
