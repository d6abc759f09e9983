"""A helper process of one analysis (:mod:`precog.analysis.parallel.cores`): reads parts of batches
from its standard input, plays each, writes its values to its standard output.

Run as ``python -m precog.analysis.parallel.helper`` by
:class:`~precog.analysis.parallel.cores.Helper` only; it stops when its input closes (its analysis
ended or died)."""

from __future__ import annotations

import io
import os
import pickle
import sys
from multiprocessing.connection import Connection

import numpy as np


def main() -> int:
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
    raise SystemExit(main())
