"""Stored benchmark runs: ``--save`` writes a run's JSON under ``benchmarks/data/runs/``, with
the command, the time and the machine's load; ``scripts/performance_log.py`` writes the
generated part of docs/performance-log.md from these files."""

from __future__ import annotations

import json
import os
import platform
import shlex
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

RUNS = Path(__file__).with_name("data") / "runs"


def command_line() -> str:
    """How this process was started, to run it again: its niceness (where the system has one)
    and ``PRECOG_CORES`` when set, then ``.venv/bin/python`` and its arguments."""
    cores = os.environ.get("PRECOG_CORES")
    nice = os.nice(0) if hasattr(os, "nice") else 0
    return " ".join([*([f"PRECOG_CORES={shlex.quote(cores)}"] if cores else []),
                     *([f"nice -n {nice}"] if nice else []),
                     ".venv/bin/python", shlex.join(sys.argv)])


def save_run(benchmark: str, figures: dict[str, Any], argv: list[str] | None = None,
             folder: Path = RUNS) -> Path:
    """Write one run (``benchmarks/data/runs/<UTC time>-<benchmark>.json``); its path."""
    now = datetime.now(UTC)
    args = sys.argv[1:] if argv is None else argv
    record = {"benchmark": benchmark, "when": now.isoformat(timespec="seconds"),
              "command": shlex.join([".venv/bin/python", f"benchmarks/{benchmark}.py", *args]),
              "load": [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg")
              else None,
              "cores": os.cpu_count(), "python": platform.python_version(),
              "figures": figures}
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{now:%Y%m%dT%H%M%SZ}-{benchmark}.json"
    count = 1
    while path.exists():  # two runs in one second
        count += 1
        path = folder / f"{now:%Y%m%dT%H%M%SZ}-{benchmark}-{count}.json"
    path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return path
