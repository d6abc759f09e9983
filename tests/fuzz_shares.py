"""A long fuzz run (``scripts/fuzz.py``) cut into shares that workers try independently.

Share ``j`` of a run with seed ``S`` tries the inputs :func:`tests.fuzzing.fuzz` draws from
the seed ``S + j * STRIDE``: :data:`SHARE` inputs (the last share of an ``--inputs`` run
fewer), or fewer when the run's time is up. The shares and their inputs depend only on the
seed, ``--inputs`` and the surfaces, never on the number of workers: a run with the same
seed tries the same inputs on one process or on eight, and a failure's example names its
share's seed (``fuzz(share_seed, count=SHARE)`` replays it in a Python session).

Each worker bounds itself once, as the single-process run did: the address space it may add
(``--memory-gb``), and per input the CPU and wall time of :func:`tests.fuzzing.run_one`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from tests.fuzzing import SURFACES, Case, Tally, fuzz, seeds

STRIDE = 1 << 32
"""The distance between two shares' seeds (runs with seeds below it never share an input)."""
SHARE = 500
"""Inputs per share: a few seconds of work, what a Ctrl-C may lose per worker."""

Table = Mapping[str, Callable[[random.Random], Case]]


@dataclass(frozen=True)
class Share:
    """One worker's piece of a run: which inputs, and until when."""

    index: int
    run_seed: int
    count: int
    surfaces: tuple[str, ...]
    until: float | None = None  # time.time() at which the run stops (--minutes)
    memory_gb: float = 1.0
    table: Table | None = None  # the surfaces' functions (None: tests.fuzzing.SURFACES)

    @property
    def seed(self) -> int:
        return self.run_seed + self.index * STRIDE


def shares(seed: int, inputs: int | None, surfaces: tuple[str, ...], until: float | None = None,
           memory_gb: float = 1.0, table: Table | None = None) -> Iterator[Share]:
    """The shares of a run, in order, until ``inputs`` are planned or ``until`` has passed."""
    index = 0
    while inputs is None or index * SHARE < inputs:
        if until is not None and time.time() >= until:
            return
        count = SHARE if inputs is None else min(SHARE, inputs - index * SHARE)
        yield Share(index, seed, count, surfaces, until, memory_gb, table)
        index += 1


def run_share(share: Share) -> Tally:
    """Try one share's inputs here (a worker, or the single process) and count them."""
    bound_memory(share.memory_gb)
    seconds = None if share.until is None else max(0.0, share.until - time.time())
    tally = fuzz(share.seed, count=share.count, seconds=seconds, surfaces=share.surfaces,
                 table=SURFACES if share.table is None else share.table)
    tally.examples = {kind: f"share seed {share.seed}, fuzz(seed, count={share.count}):\n"
                            f"{example}" for kind, example in tally.examples.items()}
    return tally


_BOUND: list[float] = []  # the memory bound this process set (once)


def bound_memory(gigabytes: float) -> None:
    """Let this process add at most ``gigabytes`` of address space to what it holds now (the
    real inputs built first): an input that would take more fails with MemoryError, counted,
    instead of swapping the machine. Once per process; nothing where the system has no
    ``/proc`` or no ``resource`` module."""
    if _BOUND:
        return
    _BOUND.append(gigabytes)
    seeds()  # the real inputs the mutations start from, built before the bound
    try:
        import resource

        with open("/proc/self/status") as status:
            used = next(int(line.split()[1]) * 1024 for line in status
                        if line.startswith("VmSize"))
    except (ImportError, OSError, StopIteration):
        return
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (used + int(gigabytes * 2**30), hard))
