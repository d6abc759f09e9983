"""How long the "Your table" page takes to build in its kernel, and how many widgets it makes.

Starts a fresh kernel per visit (``jupyter_client.start_new_kernel``), runs the page's imports,
then times ``display(TablePage(query=""))`` there: what a visitor's kernel does before the
browser can draw anything (with every widget's model sent to the frontend). Also counts the
widgets the page holds at start (the page and its children, down to the leaves) and the widget
models made (layouts and styles included).

    .venv/bin/python benchmarks/table_build.py --json --repeat 3
        # {"build_s": [...], "build_s_median": ..., "widgets": ..., "models": ...}
"""

from __future__ import annotations

import json
import os
import statistics
import time

from jupyter_client.manager import start_new_kernel

from precog.commands import progress
from precog.commands.tool_parser import ToolParser, positive_int

IMPORTS = "import ipywidgets\nfrom IPython.display import display\n" \
          "from precog.widgets.table_page import TablePage"
BUILD = "display(TablePage(query=''))"


def kernel_build_s() -> float:
    km, kc = start_new_kernel(kernel_name="python3")
    try:
        kc.execute_interactive(IMPORTS, timeout=120, output_hook=lambda _m: None)
        start = time.perf_counter()
        kc.execute_interactive(BUILD, timeout=120, output_hook=lambda _m: None)
        return time.perf_counter() - start
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def counts() -> tuple[int, int]:
    """(widgets under the page, widget models made) for one page built here."""
    import ipywidgets as widgets
    from ipywidgets.widgets.widget import _instances

    from precog.widgets.table_page import TablePage

    TablePage(query="")  # the first build also makes shared models (the stylesheet's)
    before = len(_instances)
    page = TablePage(query="")
    models = len(_instances) - before
    seen, todo = 0, [page]
    while todo:
        here = todo.pop()
        seen += 1
        todo.extend(c for c in getattr(here, "children", ()) if isinstance(c, widgets.Widget))
    return seen, models


def main() -> None:
    parser = ToolParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--repeat", type=positive_int, default=3, help="fresh kernels (median)")
    args = parser.parse_args()
    times = [kernel_build_s()  # a bar on a terminal only
             for _ in progress.steps(range(max(1, args.repeat)), "runs")]
    shown, models = counts()
    out = {"build_s": [round(t, 3) for t in times],
           "build_s_median": round(statistics.median(times), 3),
           "widgets": shown, "models": models,
           "load_average": round(os.getloadavg()[0], 2), "cores": os.cpu_count()}
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        print(f"table page: built in {out['build_s_median']} s (median of {len(times)} "
              f"kernels: {out['build_s']}); {shown} widgets, {models} widget models")


if __name__ == "__main__":
    main()
