"""The app's kernels listen on ports no outgoing connection can be given meanwhile.

jupyter_client picks a kernel's five ports by binding port 0 and letting it go; the kernel
binds them a moment later. Port 0 hands out a port of the system's *ephemeral* range, the range
every outgoing connection takes its own port from, and the app's server opens such connections
all the time (five to each kernel it talks to, one per page's websocket). When one of them is
given the port in that moment, the kernel dies with "Address already in use", and its restarts
keep the same ports (port caching, jupyter/jupyter_client#276 and #878), so a visitor's page
never gets its kernel. The cure upstream is the kernel choosing its own ports (the handshake of
JEP 66), not yet in jupyter_client.

:func:`install` makes every kernel of this server process take its ports from just below the
ephemeral range, where no outgoing connection is ever given a port, each one checked free
first; ports already handed to a kernel of this server are skipped, as upstream does.
"""

from __future__ import annotations

import random
import socket
from pathlib import Path

from jupyter_client.connect import LocalPortCache

EPHEMERAL = Path("/proc/sys/net/ipv4/ip_local_port_range")
DEFAULT_EPHEMERAL = (32768, 60999)  # Linux's default, and close to other systems' ranges
SPAN = 8192  # ports below the ephemeral range the kernels may take
LOWEST = 10_000  # never lower: the well-known and registered services live there
TRIES = 200


def ephemeral_range(path: Path = EPHEMERAL) -> tuple[int, int]:
    """The system's range of ports for outgoing connections."""
    try:
        low, high = (int(x) for x in path.read_text().split())
    except (OSError, ValueError):
        return DEFAULT_EPHEMERAL
    return low, high


def kernel_range(ephemeral: tuple[int, int]) -> tuple[int, int] | None:
    """The ports kernels take: the ``SPAN`` just below the ephemeral range, or None when the
    ephemeral range starts too low to leave room (then upstream's choice stands)."""
    low = ephemeral[0]
    if low - SPAN < LOWEST:
        return None
    return low - SPAN, low - 1


class PortsBelowEphemeral(LocalPortCache):  # type: ignore[misc]
    """jupyter_client's port cache, choosing outside the ephemeral range."""

    ports: tuple[int, int] | None = None  # set by install(); None: upstream's choice

    def find_available_port(self, ip: str) -> int:
        if self.ports is None:
            return int(super().find_available_port(ip))
        low, high = self.ports
        for _ in range(TRIES):
            port = random.randint(low, high)
            if port not in self.currently_used_ports and _free(ip, port):
                self.currently_used_ports.add(port)
                return port
        return int(super().find_available_port(ip))  # a crowded range: upstream's choice


def _free(ip: str, port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind((ip, port))
        except OSError:
            return False
    return True


def install(ports: tuple[int, int] | None = None) -> PortsBelowEphemeral:
    """Make this process's kernels take their ports from ``ports`` (default: just below the
    ephemeral range); returns the cache every local kernel now asks."""
    cache = PortsBelowEphemeral.instance()  # also LocalPortCache's one instance from now on
    cache.ports = ports if ports is not None else kernel_range(ephemeral_range())
    return cache
