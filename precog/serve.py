"""Serve the app's notebooks with Voila on the loopback interface.

The served root is the repository, so ``notebooks/`` and ``tutorials/`` are both reachable and
the landing page lives at ``/voila/render/notebooks/index.ipynb`` (the same path Binder uses).
"""

from __future__ import annotations

import os
import sys
import threading
import webbrowser
from pathlib import Path

DEFAULT_PORT = 8866
LANDING_PATH = "notebooks/index.ipynb"


def port_from_env() -> int:
    """The port in ``$PORT``, else 8866."""
    return int(os.environ.get("PORT", DEFAULT_PORT))


def landing_url(port: int) -> str:
    """
    >>> landing_url(8866)
    'http://127.0.0.1:8866/voila/render/notebooks/index.ipynb'
    """
    return f"http://127.0.0.1:{port}/voila/render/{LANDING_PATH}"


def voila_argv(root: Path, port: int) -> list[str]:
    """Voila's command line for serving ``root`` on ``127.0.0.1:port``.

    ``port_retries=0`` makes a busy port an error instead of a silent move to another port,
    so the printed URL is always the right one.
    """
    return [
        str(root),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        "--strip_sources=True",  # the default, stated: visitors see the app, not its code
        # A closed page's kernel is shut down after 30 idle minutes; open pages are kept.
        "--MappingKernelManager.cull_idle_timeout=1800",
        "--MappingKernelManager.cull_interval=300",
        "--show_tracebacks=True",
    ]


def serve(root: Path, port: int) -> None:
    """Print the landing URL, then run Voila in this process until it is stopped."""
    from voila.app import Voila  # the `app` extra; imported here so the core never needs it

    print(f"precog app: {landing_url(port)}", flush=True)
    Voila.launch_instance(argv=voila_argv(root, port))


def has_desktop() -> bool:
    """Whether a web browser can be shown here (not on a headless server or in CI)."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def open_browser_soon(url: str, delay_s: float = 2.0) -> bool:
    """Open ``url`` in the default browser once Voila is listening; False when headless."""
    if not has_desktop():
        return False
    timer = threading.Timer(delay_s, webbrowser.open, args=(url,))
    timer.daemon = True
    timer.start()
    return True
