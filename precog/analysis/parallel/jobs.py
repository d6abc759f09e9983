"""Independent jobs on a Dask cluster, a local process pool, or one after another.

Tournaments, reviews of many games and the decision-quality reference answers are lists of
independent jobs, each a pure function of its arguments. :func:`run_jobs` runs such a list and
returns the results in the list's order, so the figures are the same however the jobs ran:

* with a scheduler address (``tcp://host:port``, the ``scheduler`` argument or the
  ``PRECOG_SCHEDULER`` environment variable), on that Dask cluster through
  ``dask.distributed`` (the optional ``cluster`` extra: ``pip install 'precog-explorer[cluster]'``);
* otherwise on a local process pool of ``workers`` processes (default: every usable CPU,
  :func:`~precog.analysis.parallel.cores.usable_cpus`; a job's analyses then play in its worker
  alone,
  :func:`~precog.analysis.parallel.cores.one_process`). The pool is loky's: its workers are fresh
  processes (never a fork of a Jupyter kernel and its threads) on Linux, macOS and Windows,
  and a job's function may be defined in a notebook (loky pickles it with cloudpickle);
* with ``workers=1`` (or a single job), serially in this process.

Long runs that go on until told to stop (``scripts/fuzz.py``, ``scripts/differential.py``) use
:func:`stream_jobs`: the jobs are drawn from an iterator as workers free up, the results come
back as they finish, and stopping (the caller breaks, Ctrl-C) kills the workers at once.

>>> run_jobs(abs, [-2, 3, -1], workers=1)
[2, 3, 1]
"""

from __future__ import annotations

import itertools
import os
import re
import signal
import socket
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, wait
from typing import Any, TypeVar

from precog.analysis.basics.errors import AnalysisCode, AnalysisError
from precog.analysis.parallel import cores
from precog.engine.problems import Problem

T = TypeVar("T")
R = TypeVar("R")

ENVIRONMENT = "PRECOG_SCHEDULER"
# tcp:// only: tls:// needs certificates precog has no option for, inproc:// reaches this
# process only, ucx:// and ws:// need extras; a port is required (Dask's default is 8786).
ADDRESS = re.compile(r"tcp://(?P<host>[A-Za-z0-9_.-]{1,200}|\[[0-9A-Fa-f:.%]{2,60}\])"
                     r":(?P<port>[0-9]{1,5})")
Progress = Callable[[float, str], None]
Dashboard = Callable[[str], None]
"""Told the Dask dashboard's address once connected to a cluster (the command line prints it)."""
_DASHBOARD: list[Dashboard] = []
CONNECT_TIMEOUT = "10s"  # how long to wait for the scheduler to answer
HANDSHAKE_S = 10.0  # the whole probe: connecting and reading the scheduler's first message
MAX_HANDSHAKE = 1 << 16  # a Dask handshake is a few hundred bytes; more: not a scheduler


def scheduler_address(given: str | None = None) -> str | None:
    """The Dask scheduler to use: ``given``, else ``$PRECOG_SCHEDULER``, else ``None``.

    An address that is not ``PROTOCOL://HOST:PORT`` is refused with :class:`AnalysisError`
    naming where it came from."""
    source = "--scheduler"
    if given is None:
        given, source = os.environ.get(ENVIRONMENT) or None, f"${ENVIRONMENT}"
    if given is None or given == "":
        return None
    match = ADDRESS.fullmatch(given)
    if not match or not 1 <= int(match["port"]) <= 65535:
        raise AnalysisError(Problem.of(AnalysisCode.SCHEDULER_ADDRESS, source=source,
                                       got=given[:80]), input=given)
    return given


def run_jobs(fn: Callable[[T], R], jobs: Sequence[T], workers: int | None = None,
             scheduler: str | None = None, progress: Progress | None = None) -> list[R]:
    """``[fn(job) for job in jobs]``, on a cluster, a process pool or serially (see above);
    ``progress`` is told each job done, in the order they finish."""

    def done(count: int) -> None:
        if progress:
            progress(count / len(jobs), f"{count} of {len(jobs)}")

    return list(iter_jobs(fn, jobs, workers, scheduler, done=done))


def iter_jobs(fn: Callable[[T], R], jobs: Sequence[T], workers: int | None = None,
              scheduler: str | None = None,
              done: Callable[[int], None] | None = None) -> Iterator[R]:
    """The results of :func:`run_jobs` one by one, in the jobs' order, as they are ready;
    ``done(count)`` is called as each job finishes (on a cluster, in the order the workers
    finish them, ahead of an earlier job still running)."""
    address = scheduler_address(scheduler)
    results: Iterator[R]
    if address is not None:
        results = _on_cluster(fn, jobs, address, done)
    else:
        workers = workers or cores.usable_cpus()
        if workers <= 1 or len(jobs) <= 1:
            results = _counted(map(fn, jobs), done)
        else:
            results = _counted(_on_pool(fn, jobs, workers), done)
    yield from results


def _counted(results: Iterable[R], done: Callable[[int], None] | None) -> Iterator[R]:
    for count, result in enumerate(results, 1):
        if done:
            done(count)
        yield result


def _on_pool(fn: Callable[[T], R], jobs: Sequence[T], workers: int) -> Iterator[R]:
    from loky import ProcessPoolExecutor  # fresh processes on every system, never a fork

    with ProcessPoolExecutor(max_workers=min(workers, len(jobs)),
                             initializer=cores.one_process) as pool:
        yield from pool.map(fn, jobs)


def stream_jobs(fn: Callable[[T], R], jobs: Iterable[T], workers: int | None = None,
                ahead: int = 2) -> Iterator[tuple[T, R]]:
    """``(job, fn(job))`` for each job as it finishes, on loky's pool of ``workers`` fresh
    processes (default: every usable CPU; ``1``: serially in this process). ``jobs`` is read
    lazily, at most ``ahead`` jobs per worker waiting, so it may be endless: the caller stops
    by leaving the loop (or by an exception such as Ctrl-C's), which cancels the waiting jobs
    and kills the workers without waiting for the running ones. The workers ignore Ctrl-C
    (the terminal sends it to them too): this process decides what stops."""
    workers = workers or cores.usable_cpus()
    if workers <= 1:
        yield from ((job, fn(job)) for job in jobs)
        return
    from loky import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=workers, initializer=_worker_start)
    pending: dict[Any, T] = {}
    source = iter(jobs)
    stopped = True
    try:
        for job in itertools.islice(source, workers * ahead):
            pending[pool.submit(fn, job)] = job
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                job = pending.pop(future)
                for more in itertools.islice(source, 1):
                    pending[pool.submit(fn, more)] = more
                yield job, future.result()
        stopped = False
    finally:  # stopped: loky drops the waiting jobs (never cancel them here: it fails them)
        pool.shutdown(wait=not stopped, kill_workers=stopped)


def _worker_start() -> None:
    """A worker of :func:`stream_jobs`: its analyses play in it alone, and Ctrl-C is for the
    process that started it."""
    cores.one_process()
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def on_dashboard(tell: Dashboard | None) -> None:
    """Have ``tell`` told the Dask dashboard's address whenever jobs go to a cluster (None:
    nobody is told)."""
    _DASHBOARD[:] = [] if tell is None else [tell]


def _on_cluster(fn: Callable[[T], R], jobs: Sequence[T], address: str,
                done: Callable[[int], None] | None = None) -> Iterator[R]:
    client_type = _client_type()
    probe_scheduler(address)
    try:
        client = client_type(address, timeout=CONNECT_TIMEOUT)
    except OSError as exc:  # includes TimeoutError: no scheduler answers there
        raise AnalysisError(Problem.of(AnalysisCode.NO_SCHEDULER, address=address,
                                       detail=str(exc)), input=address) from exc
    with client:
        link = getattr(client, "dashboard_link", None)
        for tell in _DASHBOARD:
            if link:
                tell(str(link))
        # pure=False: two equal jobs are still two jobs (a tournament may repeat one).
        futures = client.map(fn, jobs, pure=False)
        yield from _in_order(futures, done)


def _in_order(futures: Sequence[Any], done: Callable[[int], None] | None) -> Iterator[Any]:
    """The futures' results in their order, ``done(count)`` told as each one completes."""
    from distributed import as_completed

    place = {future.key: i for i, future in enumerate(futures)}
    ready: dict[int, Any] = {}
    next_out = 0
    for count, future in enumerate(as_completed(futures), 1):
        ready[place[future.key]] = future.result()
        if done:
            done(count)
        while next_out in ready:
            yield ready.pop(next_out)
            next_out += 1


def probe_scheduler(address: str, within: float = HANDSHAKE_S) -> None:
    """Refuse, within ``within`` seconds and a few KB, an address where no Dask scheduler
    listens: nothing there, a service that stays silent (an HTTP server waits for a request)
    or one whose first message is not a Dask handshake (distributed's client would believe
    its length, however large). A scheduler speaks first: an 8-byte length, then its frames."""
    match = ADDRESS.fullmatch(address)
    assert match is not None  # scheduler_address checked it
    host, port = match["host"].strip("[]"), int(match["port"])
    deadline = time.monotonic() + within

    def refuse(detail: Problem | str) -> AnalysisError:
        return AnalysisError(Problem.of(AnalysisCode.NO_SCHEDULER, address=address,
                                        detail=detail), input=address)

    try:
        with socket.create_connection((host, port), timeout=within) as conn:
            header = _read_exactly(conn, 8, deadline)
            size = int.from_bytes(header, "little")
            if not 8 <= size <= MAX_HANDSHAKE:
                raise refuse(Problem.of(AnalysisCode.NOT_DASK))
            frames = _read_exactly(conn, size, deadline)
            count = int.from_bytes(frames[:8], "little")
            lengths = [int.from_bytes(frames[8 + 8 * i:16 + 8 * i], "little")
                       for i in range(min(count, 64))]
            if not 1 <= count <= 64 or 8 + 8 * count + sum(lengths) != size:
                raise refuse(Problem.of(AnalysisCode.NOT_DASK))
    except AnalysisError:
        raise
    except TimeoutError:
        raise refuse(Problem.of(AnalysisCode.SILENT, seconds=round(within))) from None
    except (OSError, UnicodeError, ValueError) as exc:  # refused, unreachable, closed early
        raise refuse(str(exc) or type(exc).__name__) from None


def _read_exactly(conn: socket.socket, size: int, deadline: float) -> bytes:
    """``size`` bytes from ``conn`` before ``deadline`` (TimeoutError after; EOFError is an
    OSError here: the peer closed the connection)."""
    data = b""
    while len(data) < size:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        conn.settimeout(left)
        chunk = conn.recv(min(size - len(data), 1 << 16))
        if not chunk:
            raise ConnectionError("the connection was closed before a Dask handshake")
        data += chunk
    return data


def _client_type() -> Any:
    try:
        from distributed import Client
    except ImportError as exc:
        raise AnalysisError(Problem.of(AnalysisCode.NO_DISTRIBUTED)) from exc
    return Client
