"""The app's pages beside an older revision's, side by side in one run.

Starts two app servers as ``benchmarks/app_pages.py`` does, one on this checkout and one on git
revision ``--baseline`` (its ``precog``, ``notebooks``, ``tutorials`` and ``scripts``
extracted into a temporary folder, imported from there through ``PYTHONPATH``), waits until
both servers' kernels started ahead are ready, then visits each page on both in turn (which
goes first alternates per repeat), ``SETTLE_S`` apart as ``app_pages.py`` does, and reports
per page and revision the median seconds from navigation to:

- ``first_widget_s``: the page's first widget visible (the same selectors as
  ``app_pages.py``);
- ``widget_models``: the widget models each page's notebook makes (layouts and styles
  included), each of which the browser creates before it draws the page's first widget;
- ``explorer_from_hint_s``: the explorer opened on a seat's view (``?view=pv1…``, the address
  a Play hint links to, here for seat to move of a fixed random game, seed 3, round 3) until
  its first answer (the ranked table).

``uptime`` is recorded before and after. Both servers run at once, so both see the same load.

    .venv/bin/python benchmarks/app_pages_beside.py --baseline e257c44 --repeat 3 --json
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))  # app_pages, beside this file

from app_pages import (
    ARGS,
    CHROMIUM,
    PAGES,
    REPO,
    SETTLE_S,
    free_port,
    uptime,
    wait_pool,
    wait_serving,
    widget_models,
)

from precog.commands.tool_parser import ToolParser, listed, positive_int
from precog.engine.playout import random_playout
from precog.engine.view import to_view_position

FIRST = {name: (path, first) for name, path, first, _ready in PAGES}
HINT = "explorer_from_hint"
EXTRACTED = ("precog", "notebooks", "tutorials", "scripts")


def extract(rev: str, folder: str) -> str:
    """Revision ``rev``'s app (its package, pages and scripts) in ``folder``; its short hash."""
    short = subprocess.run(["git", "rev-parse", "--short", rev], cwd=REPO, check=True,
                           capture_output=True, text=True).stdout.strip()
    archive = subprocess.run(["git", "archive", "--format=tar", short, *EXTRACTED], cwd=REPO,
                             check=True, capture_output=True).stdout
    tar_path = Path(folder) / "app.tar"
    tar_path.write_bytes(archive)
    with tarfile.open(tar_path) as tar:
        tar.extractall(folder, filter="data")
    return short


def serve(root: Path) -> tuple[subprocess.Popen[bytes], str]:
    """An app server on ``root``'s pages and package (stopped by the caller, by its pid)."""
    port = free_port()
    progress = os.path.join(tempfile.mkdtemp(prefix="precog-bench-"), "progress.json")
    env = {**os.environ, "PYTHONPATH": str(root), "PRECOG_TUTOR_PROGRESS": progress}
    server = subprocess.Popen([sys.executable, str(root / "scripts" / "serve_app.py"), "--port",
                               str(port), "--no-browser"], cwd=root, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    return server, f"http://127.0.0.1:{port}"


def hint_view() -> str:
    """The seat's view a Play hint would link to: the seat to move, round 3 of a random game."""
    state = random_playout(random.Random(3), stop_round=3, players=3, seed=3).final
    return to_view_position(state, state.to_move)


def visit(browser: Browser, base: str, name: str, view: str) -> float:
    """Seconds from navigation to the page's first widget (or the explorer's first answer)."""
    if name == HINT:
        url = f"{base}/voila/render/notebooks/explorer.ipynb?view={view}"
        selector = ".pc-ranking tr[data-action]"
    else:
        path, selector = FIRST[name]
        url = f"{base}/voila/render/{path}"
    page = browser.new_page(viewport={"width": 1200, "height": 800})
    start = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.locator(selector).first.wait_for(timeout=120_000)
    seconds = time.perf_counter() - start
    page.close()
    return seconds


def main() -> None:
    parser = ToolParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", required=True, help="git revision to compare with")
    parser.add_argument("--repeat", type=positive_int, default=2,
                        help="visits of each page (median)")
    parser.add_argument("--pages", type=listed([*FIRST, HINT]),
                        default=f"play,explorer,table,{HINT}",
                        help=f"comma-separated page names of app_pages.py, or {HINT}")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    names = args.pages
    folder = tempfile.TemporaryDirectory(prefix="precog-baseline-")
    rev = extract(args.baseline, folder.name)
    roots = {rev: Path(folder.name), "this": REPO}
    view = hint_view()
    models = {r: widget_models(root, [(n, FIRST[n][0]) for n in names if n != HINT])
              for r, root in roots.items()}
    seconds: dict[tuple[str, str], list[float]] = {(r, n): [] for r in roots for n in names}
    uptime_before = uptime()
    servers = {r: serve(root) for r, root in roots.items()}
    try:
        for server, base in servers.values():
            wait_serving(base, server)
            wait_pool(server, 600.0)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            for n in range(max(1, args.repeat)):
                order = list(roots) if n % 2 == 0 else list(roots)[::-1]
                for name in names:
                    for r in order:
                        time.sleep(SETTLE_S)  # the kernel used before is replaced meanwhile
                        seconds[r, name].append(visit(browser, servers[r][1], name, view))
            browser.close()
    finally:
        for server, _base in servers.values():
            server.terminate()
        for server, _base in servers.values():
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
        folder.cleanup()
    medians = {r: {n: round(statistics.median(seconds[r, n]), 2) for n in names} for r in roots}
    result = {"baseline": rev, "medians_s": medians, "widget_models": models,
              "all_s": {r: {n: [round(x, 2) for x in seconds[r, n]] for n in names}
                        for r in roots},
              "uptime_before": uptime_before, "uptime_after": uptime(),
              "repeat": max(1, args.repeat), "cores": os.cpu_count()}
    if args.json:
        print(json.dumps(result, indent=1))
        return
    print(f"uptime before: {uptime_before}; after: {result['uptime_after']}")
    print(f"{'page':<20} {rev:>10} {'this':>10}   (median seconds, {result['repeat']} visits)")
    for name in names:
        print(f"{name:<20} {medians[rev][name]:>10.2f} {medians['this'][name]:>10.2f}")
    print(f"widget models: {rev} {models[rev]}; this {models['this']}")


if __name__ == "__main__":
    main()
