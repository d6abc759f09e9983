"""How fast the app's pages appear and how much memory a page's kernel holds.

Starts the app the way ``make app`` does (``scripts/serve_app.py``) on a free port, opens each
page in headless Chromium (Debian's, as the browser tests do) and reports:

- first render: seconds from navigation to the page's first widget being visible
  (the landing page's links, the play page's cards, the explorer's title);
- ready: seconds until the page can be used (the play page's cards, the explorer's ranked
  table, which needs its first analysis);
- kernel memory: resident memory (VmRSS) of each page's kernel process once the page is done
  (for the explorer: after its analysis finished).

Each page gets a fresh kernel, as a visitor's would. The server is stopped by its own pid.

    .venv/bin/python benchmarks/app_pages.py            # prints a table
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

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


def main() -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = open(os.devnull, "wb")  # noqa: SIM115 - closed with the server below
    server = subprocess.Popen([sys.executable, str(REPO / "scripts" / "serve_app.py"),
                               "--port", str(port), "--no-browser"], cwd=REPO, stdout=log,
                              stderr=subprocess.STDOUT)
    rows = []
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
    print(f"{'page':<10} {'first render (s)':>17} {'ready (s)':>10} {'kernel RSS (MB)':>16}"
          f"   (load average {load:.1f}, {os.cpu_count()} cores)")
    for name, seconds, usable, memory in rows:
        print(f"{name:<10} {seconds:>17.1f} {usable:>10.1f} {memory:>16.0f}")


if __name__ == "__main__":
    main()
