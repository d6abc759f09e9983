"""Long analyses: progress reports, cancellation, and budgets by time or by samples."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from precog.analysis.basics.edges import Stage

Progress = Callable[[float, Stage], None]
"""Called as ``progress(fraction_done, stage)``; ``fraction_done`` runs from 0 to 1, the
:class:`~precog.analysis.basics.edges.Stage` says what is being done (as data; ``str()`` for a
log)."""

Cancel = threading.Event | Callable[[], bool] | None
"""A ``threading.Event`` (set it to stop) or a function returning True to stop."""


def is_cancelled(cancel: Cancel) -> bool:
    if cancel is None:
        return False
    if isinstance(cancel, threading.Event):
        return cancel.is_set()
    return bool(cancel())


@dataclass
class Budget:
    """Stop when ``seconds`` have passed, when ``samples`` are done, or when cancelled.

    >>> b = Budget(samples=2)
    >>> b.spend(); b.exhausted()
    False
    >>> b.spend(); b.exhausted()
    True
    """

    seconds: float | None = None
    samples: int | None = None
    cancel: Cancel = None
    progress: Progress | None = None
    start: float = field(default_factory=time.perf_counter)
    used: int = 0
    stopped: str = ""

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def spend(self, n: int = 1) -> None:
        self.used += n

    def exhausted(self) -> bool:
        if is_cancelled(self.cancel):
            self.stopped = "cancelled"
        elif self.seconds is not None and self.elapsed() >= self.seconds:
            self.stopped = "time budget"
        elif self.samples is not None and self.used >= self.samples:
            self.stopped = "sample budget"
        return bool(self.stopped)

    def report(self, fraction: float, message: Stage) -> None:
        if self.progress is not None:
            self.progress(max(0.0, min(1.0, fraction)), message)
