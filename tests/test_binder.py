"""Binder runs the same ``precog app`` as ``make app``: its link, its base path, and the
kernels started ahead sized to the machine."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from precog import cli, serve

REPO = Path(__file__).resolve().parents[1]
_SPEC = importlib.util.spec_from_file_location("binder_link", REPO / "scripts" / "binder_link.py")
assert _SPEC is not None and _SPEC.loader is not None
binder_link = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(binder_link)
LANDING = "?urlpath=precog%2Fvoila%2Frender%2Fnotebooks%2Findex.ipynb"


@pytest.mark.parametrize("remote,ref,link", [
    ("https://github.com/someone/precog.git", "main", "gh/someone/precog/main"),
    ("git@github.com:someone/precog", "v0.2.0", "gh/someone/precog/v0.2.0"),
    ("https://gitlab.com/group/precog.git", "main", "gl/group%2Fprecog/main"),
    ("https://example.org/x/precog.git", "main",
     "git/https%3A%2F%2Fexample.org%2Fx%2Fprecog.git/main"),
])
def test_the_binder_link_opens_the_app_of_the_checkout_s_remote(remote: str, ref: str,
                                                                 link: str) -> None:
    assert binder_link.binder_link(remote, ref) == f"https://mybinder.org/v2/{link}{LANDING}"


def test_binder_serves_precog_app_behind_the_jupyter_server_proxy() -> None:
    from traitlets.config import Config

    post_build = (REPO / "binder" / "postBuild").read_text(encoding="utf-8")
    config_text = post_build.split("<<'PY'\n", 1)[1].split("\nPY", 1)[0]
    config = Config()
    exec(compile(config_text, "jupyter_server_config.py", "exec"), {"c": config})
    app = config.ServerProxy.servers["precog"]
    assert app["command"][:2] == ["precog", "app"]
    base = app["command"][app["command"].index("--base-url") + 1]
    assert base == "{base_url}precog/" and app["absolute_url"] is True
    assert "jupyter-server-proxy" in (REPO / "binder" / "requirements.txt").read_text()
    assert binder_link.LANDING.startswith("precog/")


@pytest.mark.parametrize("memory_gb,cpus,ahead", [(2.0, 1, 1), (2.0, 8, 1), (1.0, 1, 1),
                                                  (3.0, 1, 3), (24.0, 1, 4),
                                                  (24.0, 2, len(serve.POOLED_PAGES))])
def test_the_kernels_started_ahead_fit_the_machine(memory_gb: float, cpus: int,
                                                   ahead: int) -> None:
    assert serve.kernels_ahead(memory_gb, cpus) == ahead


def test_a_container_memory_limit_counts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MEM_LIMIT", raising=False)
    (tmp_path / "memory.max").write_text("max\n")
    whole = serve.machine_memory_gb(tmp_path)
    (tmp_path / "memory.max").write_text(f"{2 * 10**9}\n")
    assert serve.machine_memory_gb(tmp_path) == min(whole, 2.0)
    monkeypatch.setenv("MEM_LIMIT", str(10**9))
    assert serve.machine_memory_gb(tmp_path) == 1.0


def test_the_landing_url_carries_the_base_path() -> None:
    assert serve.landing_url(9000, base_url="/user/a/precog/") == (
        "http://127.0.0.1:9000/user/a/precog/voila/render/notebooks/index.ipynb")
    assert "--Voila.base_url=/user/a/precog/" in serve.voila_argv(REPO, 9000,
                                                                  base_url="/user/a/precog/")


@pytest.mark.parametrize("base", ["/a b/", "/../x", "/x/./y", "/a?x", "/%2e%2e/", "/a//b"])
def test_a_base_path_that_is_not_a_path_is_a_usage_error(base: str) -> None:
    assert cli.main(["app", "--base-url", base, "--port", "9131", "--no-browser"]) == 2
