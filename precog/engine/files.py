"""Reading a user's file safely: only a regular file, at most a given size, never blocking.

A path naming a device (``/dev/zero``, ``/dev/urandom``), a FIFO without a writer, a directory,
a path with a NUL byte or a name too long is refused at once with a message, as is a file
larger than the limit (read up to the limit, so a file growing meanwhile cannot exhaust memory).
"""

from __future__ import annotations

import errno
import os
import stat

from precog.engine.errors import PrecogError
from precog.engine.problems import ErrorCode, Problem


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
        raise error(_at(label, ErrorCode.FILE_UNREADABLE, reason=_reason(exc)), input=label) \
            from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise error(_at(label, ErrorCode.FILE_NOT_REGULAR), input=label)
        if info.st_size > limit:
            raise error(_at(label, ErrorCode.FILE_TOO_BIG, size=info.st_size, limit=limit),
                        input=label)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 16, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise error(_at(label, ErrorCode.FILE_GREW, limit=limit), input=label)
        return b"".join(chunks)
    except OSError as exc:
        raise error(_at(label, ErrorCode.FILE_UNREADABLE, reason=_reason(exc)), input=label) \
            from None
    finally:
        os.close(fd)


def _at(label: str, code: ErrorCode, **values: object) -> Problem:
    return Problem.of(ErrorCode.DATA_AT_FILE, file=label, what=Problem.of(code, **values))


def os_reason(exc: Exception) -> Problem:
    """Why the system refused to open, read or write (its own words for the common cases)."""
    return _reason(exc)


def _reason(exc: Exception) -> Problem:
    """Why the system refused to open or read a file (its own words for the common cases)."""
    if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return Problem.of(ErrorCode.OS_NO_SPACE)
    if isinstance(exc, OSError) and exc.errno == errno.ENOENT:
        return Problem.of(ErrorCode.OS_NO_SUCH_FILE)
    if isinstance(exc, OSError) and exc.errno in (errno.EACCES, errno.EPERM):
        return Problem.of(ErrorCode.OS_PERMISSION)
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    return Problem.of(ErrorCode.OS_OTHER, detail=f"{reason[:1].lower()}{reason[1:]}")
