"""The app's kernels take ports outside the system's ephemeral range (precog.kernel_ports)."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from jupyter_client.connect import LocalPortCache

from precog import kernel_ports
from precog.kernel_ports import PortsBelowEphemeral, ephemeral_range, install, kernel_range


@pytest.fixture
def fresh_cache():
    """traitlets keeps one instance per class: start each test without one, and leave none."""
    def clear() -> None:
        for cls in (LocalPortCache, PortsBelowEphemeral):
            cls._instance = None
    clear()
    yield
    clear()


def test_kernel_ports_lie_just_below_the_ephemeral_range_and_above_the_registered_ones() -> None:
    assert kernel_range((32768, 60999)) == (32768 - kernel_ports.SPAN, 32767)
    assert kernel_range((12000, 60999)) is None  # no room above LOWEST: upstream's choice


def test_the_ephemeral_range_is_read_from_the_system_or_defaults_when_unreadable(
        tmp_path: Path) -> None:
    f = tmp_path / "range"
    f.write_text("40000\t50000\n")
    assert ephemeral_range(f) == (40000, 50000)
    f.write_text("garbage")
    assert ephemeral_range(f) == kernel_ports.DEFAULT_EPHEMERAL
    assert ephemeral_range(tmp_path / "missing") == kernel_ports.DEFAULT_EPHEMERAL


def test_every_local_kernel_asks_the_installed_cache_and_gets_distinct_ports_in_range(
        fresh_cache: None) -> None:
    cache = install()
    assert LocalPortCache.instance() is cache  # what jupyter_client's LocalProvisioner asks
    low, high = cache.ports or (0, 0)
    ports = [LocalPortCache.instance().find_available_port("127.0.0.1") for _ in range(25)]
    assert len(set(ports)) == 25
    assert all(low <= p <= high for p in ports)
    assert all(p < ephemeral_range()[0] for p in ports)


def test_a_port_some_process_listens_on_is_never_handed_to_a_kernel(fresh_cache: None) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        port = taken.getsockname()[1]
        cache = install((port, port))  # a one-port range, and that port is taken
        got = cache.find_available_port("127.0.0.1")
    assert got != port


def test_a_port_handed_to_one_kernel_is_not_handed_to_another(fresh_cache: None) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    cache = install((port, port))
    assert cache.find_available_port("127.0.0.1") == port
    assert cache.find_available_port("127.0.0.1") != port


def test_binder_s_server_config_installs_the_port_choice_too(fresh_cache: None) -> None:
    from traitlets.config import Config

    postbuild = (Path(__file__).resolve().parents[1] / "binder" / "postBuild").read_text()
    config = postbuild.split("<<'PY'\n", 1)[1].split("\nPY", 1)[0]
    # the repository's own config text, run as jupyter_server runs it
    exec(compile(config, "jupyter_server_config.py", "exec"), {"c": Config()})
    assert isinstance(LocalPortCache.instance(), PortsBelowEphemeral)
