"""Length-prefixed messages over a pipe, as the analysis and its helper processes speak
(:mod:`precog.analysis.cores`)."""

from __future__ import annotations

import struct
from typing import IO

READY = b"ready"
"""A helper's first message: it has loaded and waits for work."""
MOST_BYTES = 1 << 30
"""The longest message read (a batch's part is well under a megabyte)."""
_HEAD = struct.Struct("<Q")


def write(out: IO[bytes], data: bytes) -> None:
    out.write(_HEAD.pack(len(data)))
    out.write(data)
    out.flush()


def read(inp: IO[bytes]) -> bytes | None:
    """The next message (None: the pipe closed, or the length is not one this sends)."""
    head = inp.read(_HEAD.size)
    if len(head) < _HEAD.size:
        return None
    (size,) = _HEAD.unpack(head)
    if size > MOST_BYTES:
        return None
    data = inp.read(size)
    return data if len(data) == size else None
