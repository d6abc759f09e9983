"""The wheel is the app: build it, install it outside the checkout and serve every page.

Builds the wheel from this checkout, installs it into a fresh virtual environment in a
temporary folder, starts that environment's ``precog app`` from there (so nothing of the
checkout can be served) and fetches every page of the app over HTTP: the landing page, play,
explorer, box, table, review, the lessons' index and a lesson. Each must answer 200 with its
widgets (the landing page, which the server sends without a kernel: with its HTML) and
without the page-could-not-be-built notice.

``--deps borrow`` (the default, used by ``make wheel-check``): the fresh environment gets the
wheel alone and borrows the app's dependencies from the environment running this script
(a path file and ``JUPYTER_PATH``), which takes seconds. ``--deps install`` installs
``precog-explorer[app]`` from the wheel with its dependencies from the package index, as a
user would (a minute or more).

    python scripts/check_wheel_app.py [--deps borrow|install] [--keep]

Exit status 0 when every page was served; 1 with the pages that were not.
"""

from __future__ import annotations

import os
import shutil
import site
import socket
import subprocess
import sys
import sysconfig
import tempfile
import time
import urllib.error
import urllib.request
import venv
from pathlib import Path

from precog.commands.tool_parser import ToolParser

REPO = Path(__file__).resolve().parent.parent
PAGES = ("notebooks/index.ipynb", "notebooks/play.ipynb", "notebooks/explorer.ipynb",
         "notebooks/box.ipynb", "notebooks/table.ipynb", "notebooks/review.ipynb",
         "tutorials/index.ipynb", "tutorials/lesson03.ipynb")
WIDGET = "application/vnd.jupyter.widget-view+json"
LANDING_MARK = 'class="precog-landing'  # the landing page: sent by the server, no widget
NOT_BUILT = "this page could not be built"
START_S = 120.0
PAGE_S = 240.0


def build_wheel(out: Path) -> Path:
    """The wheel of this checkout, built into ``out`` (stale build output removed first)."""
    shutil.rmtree(REPO / "build", ignore_errors=True)
    # Built with this environment's setuptools (the test extra): no isolated build
    # environment to download and install each time.
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "--quiet", "--disable-pip-version-check", "-w", str(out), str(REPO)],
                   check=True)
    return next(out.glob("precog_explorer-*.whl"))


def fresh_environment(root: Path, wheel: Path, deps: str) -> tuple[Path, dict[str, str]]:
    """A new virtual environment under ``root`` holding ``wheel``: its Python and the
    environment variables to run it with."""
    venv.create(root, with_pip=True)
    python = root / ("Scripts" if os.name == "nt" else "bin") / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = os.pathsep.join([str(python.parent), env.get("PATH", "")])
    pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    if deps == "install":
        subprocess.run([*pip, f"{wheel}[app]"], check=True, env=env)
        return python, env
    subprocess.run([*pip, "--no-deps", str(wheel)], check=True, env=env)
    purelib = subprocess.run([str(python), "-c", "import sysconfig; "
                              "print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True, env=env).stdout.strip()
    # After the environment's own packages: the wheel's precog wins over any other.
    (Path(purelib) / "zz_borrowed_dependencies.pth").write_text(
        "\n".join(site.getsitepackages()) + "\n", encoding="utf-8")
    env["JUPYTER_PATH"] = str(Path(sysconfig.get_paths()["data"]) / "share" / "jupyter")
    return python, env


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=PAGE_S) as answer:
            return answer.status, answer.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as err:
        return err.code, ""
    except (urllib.error.URLError, OSError) as err:
        return 0, str(err)


def wait_until_listening(server: subprocess.Popen[str], port: int) -> None:
    """Return once the server accepts connections (it prints its URL before it listens)."""
    deadline = time.monotonic() + START_S
    while time.monotonic() < deadline and server.poll() is None:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.5)
    raise RuntimeError(f"precog app is not listening on port {port}")


def page_problem(status: int, body: str, landing: bool = False) -> str | None:
    """What is wrong with a served page (None: it was built with its widgets; the
    ``landing`` page: with its HTML)."""
    if status != 200:
        return f"HTTP {status}" if status else f"no answer ({body})"
    if NOT_BUILT in body.lower():
        return "the page could not be built"
    if landing:
        return None if LANDING_MARK in body else "no landing page"
    if WIDGET not in body:
        return "no widget on the page"
    return None


def wait_for_url(server: subprocess.Popen[str]) -> str:
    """The landing URL ``precog app`` prints once it serves."""
    assert server.stdout is not None
    deadline = time.monotonic() + START_S
    while time.monotonic() < deadline:
        line = server.stdout.readline()
        if not line:
            raise RuntimeError(f"precog app stopped (exit status {server.wait()})")
        if line.startswith("precog app: http"):
            return line.split(": ", 1)[1].strip()
    raise RuntimeError("precog app printed no URL")


def serve_and_check(python: Path, env: dict[str, str], where: Path, log: Path) -> list[str]:
    """Every page fetched from the fresh environment's ``precog app``; the failures."""
    located = subprocess.run([str(python), "-c", "import precog.serve as s; "
                              "print(s.app_root())"],
                             check=True, capture_output=True, text=True, env=env, cwd=where)
    served = Path(located.stdout.strip())
    if REPO in (served, *served.parents):
        return [f"the installed precog serves the checkout ({served})"]
    port = free_port()
    command = [str(python), "-m", "precog", "app", "--port", str(port), "--no-browser"]
    with log.open("w") as log_file:
        server = subprocess.Popen(command, cwd=where, env=env, stdout=subprocess.PIPE,
                                  stderr=log_file, text=True)
    try:
        base = wait_for_url(server).split("/voila/", 1)[0]
        wait_until_listening(server, port)
        failures = []
        for page in PAGES:
            start = time.monotonic()
            problem = page_problem(*fetch(f"{base}/voila/render/{page}"),
                                   landing=page == PAGES[0])
            took = time.monotonic() - start
            print(f"  {page}: {problem or 'served'} ({took:.1f} s)", flush=True)
            if problem:
                failures.append(f"{page}: {problem}")
        return failures
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def main(argv: list[str] | None = None) -> int:
    parser = ToolParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deps", choices=("borrow", "install"), default="borrow",
                        help="borrow the app's dependencies from this environment (fast) or "
                             "install them from the package index as a user would")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="precog-wheel-"))
    try:
        start = time.monotonic()
        wheel = build_wheel(work / "dist")
        python, env = fresh_environment(work / "venv", wheel, args.deps)
        print(f"check_wheel_app: {wheel.name} installed in {work / 'venv'} "
              f"({time.monotonic() - start:.0f} s)", flush=True)
        log = work / "server.log"
        failures = serve_and_check(python, env, work, log)
        if failures:
            print(log.read_text(errors="replace")[-4000:], file=sys.stderr)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    for failure in failures:
        print(f"check_wheel_app: {failure}", file=sys.stderr)
    print(f"check_wheel_app: {len(PAGES) - len(failures)} of {len(PAGES)} pages served from "
          f"the installed wheel ({time.monotonic() - start:.0f} s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
