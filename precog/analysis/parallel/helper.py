"""A helper process of one analysis (:mod:`precog.analysis.parallel.cores`): reads parts of batches
from its standard input, plays each, writes its values to its standard output.

Run as ``python -m precog.analysis.parallel.helper`` by
:class:`~precog.analysis.parallel.cores.Helper` only; it stops when its input closes (its analysis
ended or died), and at once and without a word when its process group is interrupted (a
Jupyter kernel interrupted or shut down, a Ctrl-C): its analysis finds it gone and plays its
part itself."""

from __future__ import annotations

import io
import os
import pickle
import signal
import sys
from multiprocessing.connection import Connection
from types import FrameType

INTERRUPTED = 130
"""The exit status of a helper stopped by an interrupt (128 + SIGINT, as a shell reports it)."""


def stop_quietly(signum: int, frame: FrameType | None) -> None:
    """An interrupt stops the helper at once, without the traceback of a KeyboardInterrupt in
    the server's log (the kernel that started it was interrupted or shut down)."""
    os._exit(INTERRUPTED)


def main() -> int:
    import numpy as np

    from precog.analysis.parallel.cores import READY, play_part

    inp = Connection(os.dup(sys.stdin.fileno()), writable=False)
    out = Connection(os.dup(sys.stdout.fileno()), readable=False)
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # a stray print cannot break the pipe
    try:
        out.send_bytes(READY)
    except OSError:  # its analysis was stopped before this helper was ready
        return 0
    while True:
        try:
            data = inp.recv_bytes()
        except (EOFError, OSError):  # its analysis ended or died
            return 0
        part = pickle.loads(data)  # from the analysis that started this process
        buf = io.BytesIO()
        np.save(buf, play_part(*part), allow_pickle=False)
        try:
            out.send_bytes(buf.getvalue())
        except OSError:  # BrokenPipeError: its analysis was stopped mid-part; nothing to say
            return 0


if __name__ == "__main__":
    signal.signal(signal.SIGINT, stop_quietly)  # before the slow imports of main
    raise SystemExit(main())
