"""A Voila server for real-browser tests and the monkey script, started the way ``make app`` is.

It runs ``scripts/serve_app.py`` on a free port, writes its log to a file, and is stopped by its
own process id. ``kernels()`` and ``memory_mb()`` look at the server's process tree (psutil).
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import psutil

REPO = Path(__file__).resolve().parents[2]
START_SECONDS = 60


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class ServerError(RuntimeError):
    """The server did not start; the message holds the end of its log."""


@dataclass
class Server:
    """``scripts/serve_app.py --port PORT [extra...]``, logging to ``log``."""

    log: Path
    extra: tuple[str, ...] = ()
    env: dict[str, str] = field(default_factory=dict)
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        self.log.parent.mkdir(parents=True, exist_ok=True)
        with self.log.open("wb") as out:
            self.process = subprocess.Popen(
                [sys.executable, str(REPO / "scripts" / "serve_app.py"), "--no-browser",
                 "--port", str(self.port), *self.extra],
                cwd=REPO, stdout=out, stderr=subprocess.STDOUT, env={**os.environ, **self.env})
        self._wait_until_serving()
        return self

    def _wait_until_serving(self) -> None:
        # A static file: probing "/" or a page would start a kernel and run a notebook.
        token = self.env.get("PRECOG_APP_TOKEN", "")  # off loopback, files need the token
        probe = f"{self.url}/voila/static/voila.js" + (f"?token={token}" if token else "")
        deadline = time.monotonic() + START_SECONDS
        assert self.process is not None
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise ServerError(f"Voila exited with {self.process.returncode}:\n{self.tail()}")
            try:
                with urllib.request.urlopen(probe, timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.2)
        raise ServerError(f"Voila did not serve {probe} in {START_SECONDS} s:\n{self.tail()}")

    def tail(self, chars: int = 3000) -> str:
        return self.log.read_text(errors="replace")[-chars:]

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def _tree(self) -> list[psutil.Process]:
        if self.process is None or self.process.poll() is not None:
            return []
        try:
            root = psutil.Process(self.process.pid)
            return [root, *root.children(recursive=True)]
        except psutil.NoSuchProcess:
            return []

    def kernels(self) -> int:
        """Live kernel processes started by this server."""
        count = 0
        for proc in self._tree():
            try:
                if "ipykernel" in " ".join(proc.cmdline()):
                    count += 1
            except psutil.Error:
                pass
        return count

    def memory_mb(self) -> float:
        """Resident memory of the server and all its kernels, in MB."""
        total = 0
        for proc in self._tree():
            with contextlib.suppress(psutil.Error):
                total += proc.memory_info().rss
        return total / 1e6

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
