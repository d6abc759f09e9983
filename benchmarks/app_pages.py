"""How fast the app's pages appear and how much memory a page's kernel holds.

Starts the app the way ``make app`` does (``scripts/serve_app.py``) on a free port, opens each
page in headless Chromium (Debian's, as the browser tests do) and reports:

- first render: seconds from navigation to the page's first widget being visible
  (the landing page's links, the play page's cards, the explorer's title);
- ready: seconds until the page can be used (the play page's cards, the explorer's ranked
  table, which needs its first analysis);
- kernel memory: resident memory (VmRSS) of each page's kernel process once the page is done
  (for the explorer: after its analysis finished).

On the play page it also plays a few rounds by clicking, as a player would (1200×800):

- ``hint_first_answer_s``: from clicking Hint at the Keep/Give decision to the first answer's
  table beside the board (the refinement is then stopped);
- ``give_click_s``: from clicking the Give card to the page showing the bots' answers (the
  step bar, drawn last, showing the new move count).

Each page gets a fresh kernel, as a visitor's would. The server is stopped by its own pid.

    .venv/bin/python benchmarks/app_pages.py            # prints a table
    .venv/bin/python benchmarks/app_pages.py --json     # the figures as JSON (medians too)
"""

from __future__ import annotations

import json
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]
PAGES = (  # name, notebook, first widget, ready
    ("landing", "notebooks/index.ipynb", ".precog-pages a", ".precog-pages a"),
    ("play", "notebooks/play.ipynb", ".pc-title", ".pc-cardbtn"),
    ("explorer", "notebooks/explorer.ipynb", ".pc-title", ".pc-ranking tr[data-action]"),
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_serving(base: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"voila exited with {server.returncode}")
        try:
            with urllib.request.urlopen(f"{base}/voila/static/voila.js", timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("voila did not start in 60 s")


def children(pid: int) -> set[int]:
    """Every process below ``pid`` (from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {p for p, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def is_kernel(pid: int) -> bool:
    try:
        return b"ipykernel" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


ROUNDS_PLAYED = 5


def moves(page: Page) -> int:
    return int(page.locator(".pc-steps-bar").get_attribute("data-moves") or "0")


def wait_moved(page: Page, before: int) -> None:
    page.wait_for_function(
        "n => +document.querySelector('.pc-steps-bar').dataset.moves !== n", arg=before,
        timeout=120_000)


def play_rounds(page: Page, rounds: int = ROUNDS_PLAYED) -> tuple[list[float], list[float]]:
    """Hint then Keep/Give at each of ``rounds`` decisions, the other decisions by their first
    option; (seconds to the hint's first answer, seconds from Give to the bots' moves)."""
    hints: list[float] = []
    gives: list[float] = []
    while len(gives) < rounds:
        if page.locator(".pc-result").count():
            break
        if not page.locator(".pc-cardbtn").count():
            before = moves(page)
            page.locator(".pc-choice").first.click()
            wait_moved(page, before)
            continue
        start = time.perf_counter()
        page.locator(".pc-hint-ask").click()
        page.locator(".pc-hint-table").wait_for(timeout=120_000)
        hints.append(time.perf_counter() - start)
        page.locator(".pc-hint-cancel").click()
        page.locator(".pc-cardbtn-hit").first.click()
        page.locator(".pc-cardbtn-label", has_text="Give").first.wait_for()
        before = moves(page)
        start = time.perf_counter()
        page.locator(".pc-cardbtn-hit").first.click()
        wait_moved(page, before)
        gives.append(time.perf_counter() - start)
    return hints, gives


def main() -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = open(os.devnull, "wb")  # noqa: SIM115 - closed with the server below
    server = subprocess.Popen([sys.executable, str(REPO / "scripts" / "serve_app.py"),
                               "--port", str(port), "--no-browser"], cwd=REPO, stdout=log,
                              stderr=subprocess.STDOUT)
    rows = []
    hints: list[float] = []
    gives: list[float] = []
    try:
        wait_serving(base, server)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            for name, path, first, ready in PAGES:
                before = {p for p in children(server.pid) if is_kernel(p)}
                page = browser.new_page(viewport={"width": 1200, "height": 800})
                start = time.perf_counter()
                page.goto(f"{base}/voila/render/{path}")
                page.locator(first).first.wait_for(timeout=120_000)
                seconds = time.perf_counter() - start
                page.locator(ready).first.wait_for(timeout=120_000)
                usable = time.perf_counter() - start
                time.sleep(1.0)
                kernels = {p for p in children(server.pid) if is_kernel(p)} - before
                memory = max((rss_mb(p) for p in kernels), default=0.0)
                rows.append((name, seconds, usable, memory))
                if name == "play":
                    hints, gives = play_rounds(page)
                page.close()
            browser.close()
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
    load = os.getloadavg()[0]
    if "--json" in sys.argv[1:]:
        print(json.dumps({
            "first_widget_s": {name: round(seconds, 2) for name, seconds, _u, _m in rows},
            "ready_s": {name: round(usable, 2) for name, _s, usable, _m in rows},
            "kernel_rss_mb": {name: round(memory) for name, _s, _u, memory in rows},
            "hint_first_answer_s": [round(x, 3) for x in hints],
            "hint_first_answer_s_median": round(statistics.median(hints), 3) if hints else None,
            "give_click_s": [round(x, 3) for x in gives],
            "give_click_s_median": round(statistics.median(gives), 3) if gives else None,
            "load_average": round(load, 1), "cores": os.cpu_count()}, indent=1))
        return
    print(f"{'page':<10} {'first render (s)':>17} {'ready (s)':>10} {'kernel RSS (MB)':>16}"
          f"   (load average {load:.1f}, {os.cpu_count()} cores)")
    for name, seconds, usable, memory in rows:
        print(f"{name:<10} {seconds:>17.1f} {usable:>10.1f} {memory:>16.0f}")
    if hints and gives:
        print(f"play: hint first answer median {statistics.median(hints):.2f} s "
              f"({min(hints):.2f}-{max(hints):.2f}, {len(hints)} decisions); Give answered "
              f"with the bots' moves median {statistics.median(gives):.2f} s "
              f"({min(gives):.2f}-{max(gives):.2f})")


if __name__ == "__main__":
    main()
