"""The docs hold together: every relative link of README.md, docs/ and benchmarks/README.md
reaches a file of the repository (and a heading of it, when the link names one), the docs
never point outside the repository, and docs/README.md's index lists every page of docs/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PAGES = [REPO / "README.md", REPO / "benchmarks" / "README.md",
         *sorted((REPO / "docs").rglob("*.md"))]
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6} (.*)$", re.M)


def _prose(path: Path) -> str:
    return FENCE.sub("", path.read_text(encoding="utf-8"))


def anchors(path: Path) -> set[str]:
    """The anchors a Markdown renderer gives the page's headings: lower case, punctuation
    dropped, spaces as hyphens, a repeated heading numbered -1, -2, ..."""
    seen: dict[str, int] = {}
    found = set()
    for heading in HEADING.findall(_prose(path)):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f"{slug}-{count}")
    return found


def _links(path: Path) -> list[str]:
    return LINK.findall(_prose(path))


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(REPO)))
def test_every_relative_link_reaches_a_file_and_its_heading(page: Path) -> None:
    broken = []
    for link in _links(page):
        if re.match(r"[a-z][a-z0-9+.-]*:", link):
            continue
        target, _, anchor = link.partition("#")
        path = (page.parent / target).resolve() if target else page
        missing = not path.exists()
        if missing or (anchor and path.suffix == ".md" and anchor not in anchors(path)):
            broken.append(link)
    assert broken == []


@pytest.mark.parametrize("page", [p for p in PAGES if p.is_relative_to(REPO / "docs")],
                         ids=lambda p: str(p.relative_to(REPO)))
def test_the_docs_never_link_outside_the_repository(page: Path) -> None:
    assert [link for link in _links(page) if re.match(r"[a-z][a-z0-9+.-]*:", link)] == []


def test_the_docs_index_lists_every_page() -> None:
    listed = set(_links(REPO / "docs" / "README.md"))
    pages = {p.name for p in (REPO / "docs").glob("*.md")} - {"README.md"}
    assert pages - listed == set()


def test_a_heading_s_anchor_drops_punctuation_and_numbers_repeats(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# Title\n\n## `decision_quality.py`: is it right?\n\n## Notes\n\n## Notes\n",
                    encoding="utf-8")
    assert anchors(page) == {"title", "decision_qualitypy-is-it-right", "notes", "notes-1"}
