"""Reading a user's file safely: only a regular file, at most a given size, never blocking.

A path naming a device (``/dev/zero``, ``/dev/urandom``), a FIFO without a writer, a directory,
a path with a NUL byte or a name too long is refused at once with a message, as is a file
larger than the limit (read up to the limit, so a file growing meanwhile cannot exhaust memory).
"""

from __future__ import annotations

import os
import stat

from precog.engine.errors import PrecogError


def clip_path(path: object, longest: int = 300) -> str:
    text = os.fsdecode(path) if isinstance(path, str | bytes | os.PathLike) else repr(path)
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text[:longest])
    return text if len(text) <= longest else text[:longest - 3] + "..."


def read_regular_file(path: str | os.PathLike[str], limit: int,
                      error: type[PrecogError]) -> bytes:
    """The bytes of the regular file at ``path`` (at most ``limit``); else ``error``."""
    label = clip_path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except (OSError, ValueError, TypeError) as exc:  # ValueError: a NUL byte in the path
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise error(f"{label}: cannot read the file ({reason[:1].lower()}{reason[1:]})") \
            from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise error(f"{label}: not a regular file (a directory, device or pipe); "
                        "expected a text file")
        if info.st_size > limit:
            raise error(f"{label}: {info.st_size} bytes, more than the {limit} a file of this "
                        "kind can need")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 16, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise error(f"{label}: more than the {limit} bytes a file of this kind can need")
        return b"".join(chunks)
    except OSError as exc:
        raise error(f"{label}: cannot read the file ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
