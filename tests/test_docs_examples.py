"""Every example in the docs runs as written: each fenced ``python`` block of README.md and
docs/*.md, in order, one namespace a file (a block of ``>>>`` lines is a doctest whose output
must match), from the repository's root (the examples name files under docs/)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def _blocks(path: Path) -> list[str]:
    return BLOCK.findall(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", [p for p in DOCS if _blocks(p)],
                         ids=lambda p: str(p.relative_to(REPO)))
def test_every_python_example_of_the_docs_runs(path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(REPO)
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for number, block in enumerate(_blocks(path), 1):
        where = f"{path.relative_to(REPO)} block {number}"
        if block.lstrip().startswith(">>>"):
            test = doctest.DocTestParser().get_doctest(block, namespace, where, str(path), 0)
            runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
            runner.run(test, out=lambda text: None)
            assert runner.summarize(verbose=False).failed == 0, where
            namespace.update(test.globs)
        else:
            exec(compile(block, where, "exec"), namespace)
    capsys.readouterr()


def test_the_docs_have_examples_to_run() -> None:
    assert sum(len(_blocks(p)) for p in DOCS) >= 4
