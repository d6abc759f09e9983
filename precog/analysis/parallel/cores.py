"""Every core of the machine for one analysis: a batch of rollouts split across helper
processes.

The games of a numpy batch are independent of one another (each plays its own world with its
own row of uniforms), so a batch cut into parts and played in several processes gives every
game exactly the value it gets played whole: a ranking's values do not depend on how many
cores played it, only on how many rollouts the time allowed. The main process plays the
first part itself while the helpers play the rest.

How many cores: ``PRECOG_CORES`` if set (``1``: no helper), else at most :data:`MOST_CORES`;
never more than the CPUs this process may use (:func:`usable_cpus`: loky's count, which reads
the CPU affinity and a container's CPU quota where the system has them, the plain CPU count
elsewhere, so the same code runs on Linux, macOS and Windows; Windows plays without helpers,
:data:`PIPES_FRAME`). A helper is a fresh Python process (``python -m
precog.analysis.parallel.helper``, :mod:`precog.analysis.parallel.helper`), never a fork of a kernel
with threads, started the first time an analysis asks for one, in the background: an analysis uses
the helpers once they are ready and plays alone until then (:func:`warm` waits for them). A
part goes to a helper as the batch's own arrays and the seed of its uniforms, pickled by this
process for its own child (never a user's file); its values come back as a numpy array read
without pickle. A helper that dies or stalls is replaced by playing its part here.
"""

from __future__ import annotations

import atexit
import contextlib
import io
import itertools
import os
import pickle
import re
import subprocess
import sys
import threading
from collections.abc import Mapping
from dataclasses import replace
from multiprocessing.connection import Connection
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from precog.analysis.basics.errors import AnalysisCode, AnalysisInputError
from precog.engine.problems import Problem

if TYPE_CHECKING:
    from precog.analysis.playing.policy import SensiblePolicy
    from precog.analysis.playouts.batch import Dealt

MOST_CORES = 4
"""The most processes one analysis plays in (each helper holds some 100 MB)."""
MIN_GAMES = 512
"""A batch of fewer games plays in the main process alone: handing a part over and back costs
a few milliseconds, as much as a few hundred games."""
ENV = "PRECOG_CORES"


def cores(environ: Mapping[str, str] | None = None) -> int:
    """The processes an analysis plays in (see the module doc); a ``PRECOG_CORES`` that is
    not a whole number from 1 to 64 is an :class:`AnalysisInputError` (code ``analysis.cores``).
    """
    env = os.environ if environ is None else environ
    text = env.get(ENV, "").strip()
    usable = usable_cpus()
    if text:
        return min(requested_cores(text), usable)
    return max(1, min(MOST_CORES, usable))


def requested_cores(text: str) -> int:
    """The count of cores ``PRECOG_CORES`` asks for: ASCII digits only, 1 to 64.

    >>> requested_cores("3"), requested_cores(" 12 ".strip())
    (3, 12)
    """
    if not DIGITS.fullmatch(text) or not 1 <= int(text) <= 64:
        raise AnalysisInputError(Problem.of(AnalysisCode.CORES, name=ENV, got=text[:40]),
                                 input=text)
    return int(text)


DIGITS = re.compile(r"[0-9]{1,4}")


def usable_cpus() -> int:
    """The CPUs this process may run on: loky's ``cpu_count()`` (the CPU affinity and a
    cgroup quota where they exist, else the machine's count), at least 1."""
    from loky import cpu_count

    return max(1, int(cpu_count()))


class Helper:
    """One helper process (``python -m precog.analysis.parallel.helper``), spoken to through a pipe
    on its standard input and one on its standard output, as :mod:`multiprocessing.connection`
    frames messages: a request is one part of a batch, the answer its values."""

    def __init__(self) -> None:
        root = str(Path(__file__).resolve().parents[3])
        env = dict(os.environ, **{ENV: "1"})
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
        child_in, to_child = os.pipe()
        from_child, child_out = os.pipe()
        try:
            self.proc = subprocess.Popen([sys.executable, "-m", "precog.analysis.parallel.helper"],
                                         stdin=child_in, stdout=child_out, env=env)
        except OSError:
            for fd in (child_in, to_child, from_child, child_out):
                os.close(fd)
            raise
        os.close(child_in)
        os.close(child_out)
        self.to_child = Connection(to_child, readable=False)
        self.from_child = Connection(from_child, writable=False)
        self.up = False
        self.dead = False
        self.busy = threading.Lock()  # held by the analysis whose part it plays

    def ready(self, wait: float = 0.0) -> bool:
        """Whether it has loaded (waits up to ``wait`` seconds for that) and lives."""
        if not self.up and not self.dead and self.busy.acquire(timeout=max(wait, 0.001)):
            try:
                if self.from_child.poll(wait):
                    self.up = self._receive() == READY
                    self.dead = not self.up
            finally:
                self.busy.release()
        return self.up and not self.dead

    def send(self, part: tuple[object, ...]) -> bool:
        try:
            self.to_child.send_bytes(pickle.dumps(part, protocol=pickle.HIGHEST_PROTOCOL))
            return True
        except OSError:
            self.dead = True
            return False

    def receive(self) -> np.ndarray | None:
        """The values of the part sent (None: the helper died or took too long)."""
        try:
            answered = self.from_child.poll(ANSWER_S)
        except OSError:
            answered = False
        if not answered:
            self.close()
            return None
        data = self._receive()
        if data is None:
            self.dead = True
            return None
        return np.load(io.BytesIO(data), allow_pickle=False)

    def close(self) -> None:
        self.dead = True
        self.proc.kill()
        self.proc.wait()
        for end in (self.to_child, self.from_child):
            with contextlib.suppress(OSError):
                end.close()

    def _receive(self) -> bytes | None:
        try:
            return self.from_child.recv_bytes(MOST_BYTES)
        except (EOFError, OSError):  # it died, or sent what no helper sends
            return None


READY = b"ready"
"""A helper's first message: it has loaded and waits for work."""
MOST_BYTES = 1 << 28
"""The longest answer read (a part's values are a few hundred kilobytes at most)."""
ANSWER_S = 60.0
"""The longest a helper may take over its part (a batch takes well under a second)."""
PIPES_FRAME = sys.platform != "win32"
"""Whether a helper can be spoken to through an ``os.pipe`` (a ``Connection`` over a pipe's
file descriptor works on POSIX systems; on Windows it expects a socket)."""
START_S = 20.0
"""The longest :func:`warm` waits for the helpers to load."""

_LOCK = threading.Lock()
_HELPERS: list[Helper] | None = None
_OWNER = os.getpid()  # the process the helpers answer (a fork's child starts its own)


def helpers(start: bool = True, wait: float = 0.0) -> list[Helper]:
    """This process's helpers that are ready to play (none: none wanted, or not ready yet;
    with ``start`` the first call starts them, in the background)."""
    global _HELPERS, _OWNER
    with _LOCK:
        if os.getpid() != _OWNER:  # forked: the parent's helpers are the parent's
            _HELPERS, _OWNER = None, os.getpid()
        if _HELPERS is None and start:
            _HELPERS = _start(cores() - 1)
        found = list(_HELPERS or ())
    return [h for h in found if h.ready(wait)]


def _start(count: int) -> list[Helper]:
    """``count`` new helpers (fewer if the system refuses a process: the analysis plays on;
    none on Windows, whose pipes :mod:`multiprocessing.connection` cannot frame)."""
    started: list[Helper] = []
    for _ in range(count if PIPES_FRAME else 0):
        try:
            started.append(Helper())
        except OSError:
            break
    return started


def claim() -> list[Helper]:
    """The ready helpers no other analysis of this process is using, now this caller's (each
    to release with ``busy.release()``)."""
    return [h for h in helpers() if h.busy.acquire(blocking=False)]


def shutdown() -> None:
    """Stop this process's helpers (the next analysis starts new ones)."""
    global _HELPERS
    with _LOCK:
        mine = _HELPERS if _HELPERS is not None and os.getpid() == _OWNER else []
        for h in mine:
            h.close()
        _HELPERS = None


def one_process() -> None:
    """This process's analyses play alone (a worker of a pool that already uses every core:
    :func:`precog.analysis.parallel.jobs.run_jobs`)."""
    os.environ[ENV] = "1"
    shutdown()


atexit.register(shutdown)


def parts() -> int:
    """The processes a batch would be played in now (1: no helper is ready)."""
    return 1 + len(helpers(start=False))


def warm() -> int:
    """Start the helpers and wait until they are ready; the processes an analysis now plays
    in."""
    return 1 + len(helpers(wait=START_S))


def play(dealt: Dealt, seed: int, forced: np.ndarray, policy: SensiblePolicy,
         seat: int) -> np.ndarray:
    """``seat``'s value of every game of ``dealt``
    (:func:`~precog.analysis.playouts.batch.run_dealt` then
    :func:`~precog.analysis.playouts.batch.seat_values`), each game driven by its world's row of
    ``uniforms(worlds, seed)`` (:func:`~precog.analysis.playouts.rollouts.uniforms`); the batch cut
    into parts played at once by this process and its ready helpers when it is big enough."""
    games = len(dealt.which)
    found = claim() if games >= MIN_GAMES else []
    try:
        cuts = np.linspace(0, games, len(found) + 2).astype(int)
        parts = [(replace(dealt, which=dealt.which[a:b]), seed, forced[a:b], policy, seat)
                 for a, b in itertools.pairwise(cuts)]
        sent = [h.send(part) for h, part in zip(found, parts[1:], strict=True)]
        values = [play_part(*parts[0])]
        for h, part, ok in zip(found, parts[1:], sent, strict=True):
            got = h.receive() if ok else None
            values.append(play_part(*part) if got is None else got)
    finally:
        for h in found:
            h.busy.release()
    return np.concatenate(values)


def play_part(dealt: Dealt, seed: int, forced: np.ndarray, policy: SensiblePolicy,
              seat: int) -> np.ndarray:
    """One part of a batch (:func:`play`), played where this is called (a helper, or here)."""
    from precog.analysis.playouts import batch
    from precog.analysis.playouts.rollouts import uniforms

    rows = uniforms(len(dealt.deck), seed)[dealt.which]
    finals = batch.run_dealt(dealt, rows, policy, forced)
    return np.asarray(batch.seat_values(finals, dealt.template, seat), dtype=float)
