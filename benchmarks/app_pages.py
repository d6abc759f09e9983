"""How fast the app's pages appear and how much memory a page's kernel holds.

Starts the app the way ``make app`` does (``scripts/serve_app.py``) on a free port, waits until
its kernels started ahead (``precog.serve.POOLED_PAGES``: one per page, the lessons sharing
lesson 1's) are ready, opens every page of the app (``--pages`` chooses some) in headless
Chromium (Debian's, as the browser tests do), one every
``SETTLE_S`` seconds (as visitors arriving apart: a used kernel is replaced meanwhile), and
reports:

- first render: seconds from navigation to the page's first widget being visible
  (the landing page's links, the play page's cards, the explorer's title);
- the same first render in a visitor's own browser (``first_widget_same_browser_s``): each page
  is opened again in one browser profile kept for the whole run, whose cache and compiled
  scripts carry over from the pages before, as a visitor moving through the app has them
  (``first_widget_s`` opens every page in a profile of its own: a first visit, nothing cached);
- ready: seconds until the page can be used (the play page's cards, the explorer's ranked
  table, which needs its first analysis);
- kernel memory: resident memory (VmRSS) of each page's kernel process (found by the kernel id
  of the page's websocket) once the page is done (for the explorer: after its analysis
  finished); and, before any visit, the kernels started ahead together and the server.

Lessons 2 to 9 are served by lesson 1's kernel (``precog.serve.SHARED_POOLS``): each is
opened SETTLE_S after the one before, time for that kernel to be replaced.

On the table page it types the docs' 4-player round-6 table (``docs/examples/round6_table.toml``)
as a player would and counts ``table_entry_fields`` and ``table_entry_keystrokes`` (target: at
most 30 fields and 400 keystrokes). ``uptime`` is recorded before and after the run.

On the play page it also plays a few rounds by clicking, as a player would (1200×800):

- ``hint_first_answer_s``: from clicking Hint at the Keep/Give decision to the first answer's
  table beside the board (the refinement is then stopped);
- ``give_click_s``: from clicking the Give card to the page showing the bots' answers (the
  step bar, drawn last, showing the new move count), by this script's clock: Playwright's work
  around the click counts too;
- ``explorer_from_hint_s``: from opening the first hint's explorer link to the explorer's
  first answer (its ranked table; target: at most 3 s), the median of ``--repeat`` visits,
  each once the kernels started ahead are ready again (a player opens the link after playing
  for a while; ``explorer_from_hint_s_each`` keeps every visit), in a profile of its own, and
  ``explorer_from_hint_same_browser_s``, the same in the visitor's own browser;
- ``give_click_page_s``: the same span by the page's own clock (from the pointer going down on
  the card to the step bar changing), which leaves Playwright's work out.

Each page gets its own kernel, as a visitor's would. The server is stopped by its own pid.
The tutor's progress goes to a temporary file, not the home folder.

    .venv/bin/python benchmarks/app_pages.py            # prints a table
    .venv/bin/python benchmarks/app_pages.py --json --repeat 3
        # {"first_widget_s": {page: median seconds}, ...}; target: first widget <= 2 s
    .venv/bin/python benchmarks/app_pages.py --json     # the figures as JSON (medians too)
        # and "widget_models": {page: models its notebook makes} (layouts and styles included)
    .venv/bin/python benchmarks/app_pages.py --json --no-rounds --pages review,table
        # some pages only, no rounds played
"""

from __future__ import annotations

import argparse
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

from precog.commands.progress import steps
from precog.commands.tool_parser import ToolParser, listed, positive_int
from precog.serve import POOLED_PAGES

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]
PAGES = (  # name, notebook, first widget, ready; the lessons apart (they share one kernel)
    ("landing", "notebooks/index.ipynb", ".precog-pages a", ".precog-pages a"),
    ("lesson01", "tutorials/lesson01.ipynb", ".pt-header", ".pt-header"),
    ("play", "notebooks/play.ipynb", ".pc-title", ".pc-cardbtn"),
    ("lesson02", "tutorials/lesson02.ipynb", ".pt-header", ".pt-board-widget .pc-board"),
    ("explorer", "notebooks/explorer.ipynb", ".pc-title", ".pc-ranking tr[data-action]"),
    ("lesson03", "tutorials/lesson03.ipynb", ".pt-header", ".pt-header"),
    ("tutorials", "tutorials/index.ipynb", ".pt-index-head", ".pt-index-head"),
    ("lesson04", "tutorials/lesson04.ipynb", ".pt-header", ".pt-header"),
    ("box", "notebooks/box.ipynb", ".pc-box-page", ".pc-box-page"),
    ("lesson05", "tutorials/lesson05.ipynb", ".pt-header", ".pt-header"),
    ("table", "notebooks/table.ipynb", ".pc-table-page", ".pc-table-page"),
    ("lesson06", "tutorials/lesson06.ipynb", ".pt-header", ".pt-header"),
    ("review", "notebooks/review.ipynb", ".pc-review-page", ".pc-review-page"),
    *((f"lesson{n:02d}", f"tutorials/lesson{n:02d}.ipynb", ".pt-header", ".pt-header")
      for n in range(7, 10)),
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


def kernel_pid(server: int, kernel_id: str) -> int | None:
    """The process of kernel ``kernel_id`` (its connection file, kernel-<id>.json, is named
    on its command line)."""
    for pid in children(server):
        try:
            if kernel_id.encode() in Path(f"/proc/{pid}/cmdline").read_bytes():
                return pid
        except OSError:
            continue
    return None


def wait_pool(server: subprocess.Popen[bytes], timeout_s: float = 180.0) -> list[int]:
    """Wait until the kernels the server starts ahead (precog.serve.POOLED_PAGES) are up and
    their notebooks wait for a visitor (the server's log says so); their processes."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        kernels = [p for p in children(server.pid) if is_kernel(p)]
        if len(kernels) >= len(POOLED_PAGES) and all(_idle(p) for p in kernels):
            return kernels
        time.sleep(1.0)
    raise SystemExit(f"the server's {len(POOLED_PAGES)} kernels started ahead were not ready")


def _idle(pid: int, window_s: float = 0.5) -> bool:
    """Whether process ``pid`` used under a tenth of a core over ``window_s`` (done starting)."""
    def ticks() -> int:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    try:
        before = ticks()
        time.sleep(window_s)
        return (ticks() - before) / os.sysconf("SC_CLK_TCK") < 0.1 * window_s
    except OSError:
        return False


def uptime() -> str:
    """The machine's load as ``uptime`` says it (the figures are read against it)."""
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True, timeout=5,
                              check=False).stdout.strip()
    except OSError:
        return "load average: " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


FIRST_WIDGET_TARGET_S = 2.0
# Seconds between two page loads: a visitor's used kernel is replaced (precog.serve.FILL_DELAY_S
# later, a few seconds of processor), as it would be between two visitors.
SETTLE_S = 8.0


def median_by_page(rows: list[tuple[str, float, float, float]], column: int
                   ) -> dict[str, float]:
    """Per page, the median of one column of ``rows`` (1: first widget, 2: ready, 3: RSS)."""
    by_page: dict[str, list[float]] = {}
    for row in rows:
        by_page.setdefault(row[0], []).append(row[column])
    return {name: round(statistics.median(values), 2) for name, values in by_page.items()}


def first_widget_s(rows: list[tuple[str, float, float, float]]) -> dict[str, float]:
    """The ``first_widget_s`` key: per page, the median seconds from navigation to its first
    widget visible in the browser (target: at most ``FIRST_WIDGET_TARGET_S``)."""
    return median_by_page(rows, 1)
ROUNDS_PLAYED = 5


def moves(page: Page) -> int:
    return int(page.locator(".pc-steps-bar").get_attribute("data-moves") or "0")


def wait_moved(page: Page, before: int) -> None:
    page.wait_for_function(
        "n => +document.querySelector('.pc-steps-bar').dataset.moves !== n", arg=before,
        timeout=120_000)


# In the page, by its own clock: from the pointer going down on the Give card to the step bar
# showing the new move count (Playwright's own work around a click, which grows with the
# machine's load, is left out).
IN_PAGE_TIMER = """() => { window.__pcGive = null; let t0 = null;
  document.addEventListener('pointerdown', () => { t0 = performance.now(); },
                            {capture: true, once: true});
  const before = document.querySelector('.pc-steps-bar').dataset.moves;
  const watch = new MutationObserver(() => {
    const bar = document.querySelector('.pc-steps-bar');
    if (t0 !== null && bar && bar.dataset.moves !== before) {
      window.__pcGive = (performance.now() - t0) / 1000; watch.disconnect(); } });
  watch.observe(document.body, {subtree: true, childList: true, attributes: true}); }"""


def play_rounds(page: Page, rounds: int = ROUNDS_PLAYED
                ) -> tuple[list[float], list[float], list[float]]:
    """Hint then Keep/Give at each of ``rounds`` decisions, the other decisions by their first
    option; (seconds to the hint's first answer, seconds from Give to the bots' moves, the same
    by the page's clock)."""
    hints: list[float] = []
    gives: list[float] = []
    in_page: list[float] = []
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
        if not HINT_LINKS and page.locator(".pc-hint-open").count():
            HINT_LINKS.append(page.locator(".pc-hint-open").first.get_attribute("href") or "")
        # stop the hint's refining if it still runs (it may have ended on its own by now)
        page.locator(".pc-hint-cancel").evaluate("b => { if (!b.disabled) b.click(); }")
        page.locator(".pc-cardbtn-hit").first.click()
        page.locator(".pc-cardbtn-label", has_text="Give").first.wait_for()
        before = moves(page)
        page.evaluate(IN_PAGE_TIMER)
        start = time.perf_counter()
        page.locator(".pc-cardbtn-hit").first.click()
        wait_moved(page, before)
        gives.append(time.perf_counter() - start)
        page.wait_for_function("() => window.__pcGive !== null", timeout=10_000)
        in_page.append(float(page.evaluate("() => window.__pcGive")))
    return hints, gives, in_page


EXAMPLE_TABLE = REPO / "docs" / "examples" / "round6_table.toml"


def enter_table(page: Page) -> dict[str, float | int]:
    """Type the docs' 4-player round-6 table (``docs/examples/round6_table.toml``) into the
    table page as a player would: choose the round, then per seat open its tab, click into its
    text and type its lines, then each River tile's effect, each field left with Tab.
    A field is an input or drop-down changed; a keystroke is a key pressed, a click counting
    as one (a drop-down's choice: two, open and choose). Returns the counts, the seconds
    from the first click to the page saying the position fits, and the errors seen."""
    import tomllib

    example = tomllib.loads(EXAMPLE_TABLE.read_text(encoding="utf-8"))
    fields = keys = 0
    start = time.perf_counter()
    page.locator(".pc-table-round select").select_option(str(example["round"]))
    fields, keys = fields + 1, keys + 2
    for n, seat in enumerate(example["seats"]):
        if n:
            page.locator(".lm-TabBar-tab", has_text=f"Seat {n}").first.click()
            keys += 1
        box = page.locator(f".pc-table-seat-{n} .pc-table-lines textarea")
        box.click()
        page.keyboard.type(seat["lines"])
        page.keyboard.press("Tab")
        fields, keys = fields + 1, keys + 1 + len(seat["lines"]) + 1
    for k, effect in enumerate(example["river"]):
        if not effect:
            continue
        box = page.locator(f".pc-table-river-{k} input").first
        box.click()
        page.keyboard.type(effect)
        page.keyboard.press("Tab")
        fields, keys = fields + 1, keys + 1 + len(effect) + 1
    page.locator(".pc-table-seat-0 .pc-table-lines-read", has_text="Wreck").first.wait_for(
        state="attached", timeout=60_000)
    page.locator(".pc-table-errors .pc-ok").wait_for(timeout=60_000)
    seconds = time.perf_counter() - start
    errors = page.locator(".pc-table-errors li").count()
    return {"table_entry_fields": fields, "table_entry_keystrokes": keys,
            "table_entry_s": round(seconds, 2), "table_entry_errors": errors}


HINT_LINKS: list[str] = []  # the explorer link of the first hint shown on the play page


def explorer_from_hint(new_page: Callable[[], Page], base: str, link: str) -> float:
    """Seconds from opening the hint's explorer link (as a player's click opens it) in a page
    ``new_page`` makes to the explorer's first answer (its ranked table)."""
    page = new_page()
    url = link if link.startswith("http") else f"{base}/voila/render/notebooks/{link}"
    start = time.perf_counter()
    page.goto(url)
    page.locator(".pc-ranking tr[data-action]").first.wait_for(timeout=120_000)
    seconds = time.perf_counter() - start
    page.close()
    return seconds


def fresh_page(browser: Any) -> Callable[[], Page]:
    """A page in a browser profile of its own (an empty cache): a visitor's first visit."""
    return lambda: browser.new_page(viewport={"width": 1200, "height": 800})


def in_kept(kept: Any, base: str, name: str, path: str,
            first: str) -> tuple[str, float, float, float]:
    """A visit in the kept browser profile ``kept``: the row of page ``name`` (its first
    widget's seconds; the other columns are not measured there)."""
    page = kept.new_page()
    start = time.perf_counter()
    page.goto(f"{base}/voila/render/{path}")
    page.locator(first).first.wait_for(timeout=120_000)
    seconds = time.perf_counter() - start
    page.close()
    return name, seconds, 0.0, 0.0


# What a page's kernel holds once its notebook ran: every live widget model (layouts and styles
# included), each of which the browser creates before it draws the page's first widget.
COUNT_TAIL = """
from ipywidgets.widgets.widget import _instances
print(len(_instances), flush=True)
import os
os._exit(0)
"""


def widget_models(root: Path, pages: list[tuple[str, str]]) -> dict[str, int]:
    """Per page (name, notebook under ``root``): the widget models its notebook makes, counted
    by running the notebook's code in a fresh interpreter on ``root``'s package (outside a
    kernel started ahead, the page is built at once)."""
    counts: dict[str, int] = {}
    for name, path in pages:
        notebook = json.loads((root / path).read_text(encoding="utf-8"))
        code = "\n".join("".join(cell["source"]) for cell in notebook["cells"]
                         if cell["cell_type"] == "code")
        done = subprocess.run([sys.executable, "-c", code + COUNT_TAIL], cwd=(root / path).parent,
                              env={**os.environ, "PYTHONPATH": str(root)}, capture_output=True,
                              text=True, timeout=300, check=True)
        counts[name] = int(done.stdout.split()[-1])
    return counts


def is_lesson(name: str) -> bool:
    return name.startswith("lesson")


def chosen(names: str) -> tuple[tuple[str, str, str, str], ...]:
    """The rows of ``PAGES`` named in ``names`` (comma-separated; empty: every page)."""
    wanted = listed([row[0] for row in PAGES])(names) if names.strip() else []
    return tuple(row for row in PAGES if not wanted or row[0] in wanted)


def parse_arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line, with ``pages`` the rows of ``PAGES`` to visit (every page by default)."""
    parser = ToolParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--repeat", type=positive_int, default=1,
                        help="loads of each page (median)")
    parser.add_argument("--no-rounds", action="store_true",
                        help="only load the pages (no rounds played on the play page)")
    parser.add_argument("--pages", type=chosen, default=PAGES,
                        help="comma-separated page names (default: all)")
    return parser.parse_args(argv)


def main() -> None:
    args = parse_arguments()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = open(os.devnull, "wb")  # noqa: SIM115 - closed with the server below
    progress = os.path.join(tempfile.mkdtemp(prefix="precog-bench-"), "progress.json")
    server = subprocess.Popen([sys.executable, str(REPO / "scripts" / "serve_app.py"),
                               "--port", str(port), "--no-browser"], cwd=REPO, stdout=log,
                              stderr=subprocess.STDOUT,
                              env={**os.environ, "PRECOG_TUTOR_PROGRESS": progress})
    rows = []
    pool_mb = server_mb = 0.0
    each_mb: list[int] = []
    hints: list[float] = []
    gives: list[float] = []
    in_page: list[float] = []
    entry: dict[str, float | int] = {}
    from_hint: list[float] = []
    from_hint_same: list[float] = []
    same_browser: list[tuple[str, float, float, float]] = []
    uptime_before = uptime()
    try:
        wait_serving(base, server)
        pool = wait_pool(server)
        each_mb = sorted(round(rss_mb(p)) for p in pool)
        pool_mb = sum(each_mb)
        server_mb = rss_mb(server.pid)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            # a visitor's own browser: one profile for the whole run, its cache and the
            # scripts it compiled kept from one page to the next
            kept = pw.chromium.launch_persistent_context(
                tempfile.mkdtemp(prefix="precog-profile-"), executable_path=CHROMIUM,
                headless=True, args=ARGS, viewport={"width": 1200, "height": 800})
            before = ""
            visits = args.pages * max(1, args.repeat)
            for visit, (name, path, first, ready) in enumerate(
                    steps(visits, "pages")):  # a bar on a terminal only
                # two lessons in a row: twice the wait, as for any page's own kernel
                time.sleep(SETTLE_S * (2 if is_lesson(name) and is_lesson(before) else 1))
                before = name
                kept_first = visit % 2 == 1  # the two visits in either order, half each
                if kept_first:
                    same_browser.append(in_kept(kept, base, name, path, first))
                    time.sleep(SETTLE_S)
                    wait_pool(server)
                page = browser.new_page(viewport={"width": 1200, "height": 800})
                sockets: list[str] = []
                page.on("websocket", lambda ws, got=sockets: got.append(ws.url))
                start = time.perf_counter()
                page.goto(f"{base}/voila/render/{path}")
                page.locator(first).first.wait_for(timeout=120_000)
                seconds = time.perf_counter() - start
                page.locator(ready).first.wait_for(timeout=120_000)
                usable = time.perf_counter() - start
                time.sleep(1.0)
                ids = {m.group(1) for url in sockets
                       if (m := re.search(r"/api/kernels/([0-9a-f-]{36})/", url))}
                pids = [p for k in ids if (p := kernel_pid(server.pid, k)) is not None]
                memory = max((rss_mb(p) for p in pids), default=0.0)
                rows.append((name, seconds, usable, memory))
                if name == "table" and not entry:
                    entry = enter_table(page)
                if name == "play" and not args.no_rounds:
                    h, g, p = play_rounds(page)
                    hints, gives, in_page = hints + h, gives + g, in_page + p
                page.close()
                if not kept_first:
                    time.sleep(SETTLE_S)
                    wait_pool(server)
                    same_browser.append(in_kept(kept, base, name, path, first))
            for _ in range(max(1, args.repeat) if HINT_LINKS else 0):
                for opener, into in ((fresh_page(browser), from_hint),
                                     (kept.new_page, from_hint_same)):
                    wait_pool(server)  # the explorer's used kernel replaced, as after a game
                    into.append(explorer_from_hint(opener, base, HINT_LINKS[0]))
            kept.close()
            browser.close()
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
    load = os.getloadavg()[0]
    if args.json:
        models = widget_models(REPO, [(name, path) for name, path, *_ in args.pages])
        result = {"first_widget_s": first_widget_s(rows), "widget_models": models,
                  "first_widget_target_s": FIRST_WIDGET_TARGET_S,
                  "ready_s": median_by_page(rows, 2),
                  "kernel_rss_mb": median_by_page(rows, 3),
                  "pooled_pages": list(POOLED_PAGES),
                  "pool_kernels_rss_mb": round(pool_mb), "pool_kernel_rss_mb_each": each_mb,
                  "server_rss_mb": round(server_mb),
                  "hint_first_answer_s": [round(x, 3) for x in hints],
                  "hint_first_answer_s_median": (round(statistics.median(hints), 3)
                                                 if hints else None),
                  "give_click_s": [round(x, 3) for x in gives],
                  "give_click_s_median": round(statistics.median(gives), 3) if gives else None,
                  "give_click_page_s": [round(x, 3) for x in in_page],
                  "give_click_page_s_median": (round(statistics.median(in_page), 3)
                                               if in_page else None),
                  "explorer_from_hint_s": (round(statistics.median(from_hint), 2)
                                           if from_hint else None),
                  "explorer_from_hint_s_each": [round(x, 2) for x in from_hint],
                  "explorer_from_hint_target_s": 3.0,
                  "first_widget_same_browser_s": first_widget_s(same_browser),
                  "first_widget_same_browser_s_each": [
                      (name, round(x, 2)) for name, x, *_ in same_browser],
                  "explorer_from_hint_same_browser_s": (
                      round(statistics.median(from_hint_same), 2) if from_hint_same else None),
                  "explorer_from_hint_same_browser_s_each": [round(x, 2)
                                                             for x in from_hint_same],
                  **entry, "table_entry_target": {"fields": 30, "keystrokes": 400},
                  "uptime_before": uptime_before, "uptime_after": uptime(),
                  "repeat": max(1, args.repeat), "load_average": round(load, 2),
                  "cores": os.cpu_count()}
        print(json.dumps(result, indent=1))
        return
    if entry:
        print(f"table entry (docs/examples/round6_table.toml): {entry['table_entry_fields']} "
              f"fields, {entry['table_entry_keystrokes']} keystrokes, "
              f"{entry['table_entry_s']:.1f} s")
    print(f"uptime before: {uptime_before}; after: {uptime()}")
    print(f"{'page':<10} {'first render (s)':>17} {'ready (s)':>10} {'kernel RSS (MB)':>16}"
          f"   (load average {load:.1f}, {os.cpu_count()} cores)")
    print(f"kernels started ahead for {len(POOLED_PAGES)} pages: {pool_mb:.0f} MB in all; "
          f"the server {server_mb:.0f} MB")
    for name, seconds, usable, memory in rows:
        print(f"{name:<10} {seconds:>17.1f} {usable:>10.1f} {memory:>16.0f}")
    if hints and gives:
        print(f"play: hint first answer median {statistics.median(hints):.2f} s "
              f"({min(hints):.2f}-{max(hints):.2f}, {len(hints)} decisions); Give answered "
              f"with the bots' moves median {statistics.median(gives):.2f} s "
              f"({min(gives):.2f}-{max(gives):.2f}); by the page's clock median "
              f"{statistics.median(in_page):.2f} s")


if __name__ == "__main__":
    main()
