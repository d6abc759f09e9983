"""A helper process of one analysis (:mod:`precog.analysis.cores`): reads parts of batches
from its standard input, plays each, writes its values to its standard output.

Run as ``python -m precog.analysis.helper`` by :class:`~precog.analysis.cores.Helper` only;
it stops when its input closes (its analysis ended or died)."""

from __future__ import annotations

import io
import os
import pickle
import sys

import numpy as np

from precog.analysis import frames


def main() -> int:
    from precog.analysis.cores import play_part

    inp = sys.stdin.buffer
    out = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # a stray print cannot break the pipe
    frames.write(out, frames.READY)
    while (data := frames.read(inp)) is not None:
        part = pickle.loads(data)  # from the analysis that started this process
        values = play_part(*part)
        buf = io.BytesIO()
        np.save(buf, values, allow_pickle=False)
        frames.write(out, buf.getvalue())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
