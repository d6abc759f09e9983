"""docs/rules-coverage.md stays true: the tests and engine functions it names exist, every rules
test is listed, and every rulebook section with rules has a row."""

from __future__ import annotations

import ast
import importlib
import re
from functools import cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
DOC = HERE.parents[1] / "docs" / "rules-coverage.md"
ENGINE = HERE.parents[1] / "precog" / "engine"
# The rulebook's table of contents, less the sections that set no rule (Credits) and the
# headings whose rules all sit in their subsections.
SECTIONS = (
    "The Dual Select System", "Game area of a player", "Start of the round",
    "Principle of the Game", "Goal of the Game", "Content", "Boat description",
    "Card distribution per season tile", "Description of the Expedition cards",
    "Standard setup", "Advanced setup", "How to Play", "Draw your cards", "Choose your cards",
    "Activate your cards", "The different types of cards",
    "The 2 cards in your Action Zone are of the same type", "Use your powered Machines",
    "Machines in a standard setup", "Machines in an advanced setup", "Increase the Bane level",
    "Lower your Bane level", "Lose Humans", "Heal your Contaminated Humans",
    "Sail down the River", "End of the Game", "The competitive mode", "The team mode",
    "The cooperative mode", "Player Aid")
TICKED = re.compile(r"`([^`]+)`")


@cache
def rows() -> list[list[str]]:
    """The cells of every table row of the page (header and separator rows left out)."""
    out = []
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|") or set(line) <= set("|- "):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0] not in ("Rulebook section", "Topic", "Decision"):
            out.append(cells)
    return out


def ticked(column: int) -> set[str]:
    return {t for r in rows() for t in TICKED.findall(r[column])}


def names_of_tests(paths: list[Path]) -> set[str]:
    names = set()
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names |= {n.name for n in tree.body
                  if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")}
    return names


def test_every_test_the_page_cites_exists() -> None:
    cited = {t for r in rows() for t in TICKED.findall(" ".join(r)) if t.startswith("test_")}
    assert len(cited) > 100
    missing = sorted(cited - names_of_tests(sorted(HERE.glob("test_*.py"))))
    assert not missing, f"docs/rules-coverage.md cites tests that do not exist: {missing}"


def test_every_rules_test_is_on_the_page() -> None:
    cited = {t for r in rows() for t in TICKED.findall(" ".join(r)) if t.startswith("test_")}
    absent = sorted(names_of_tests(sorted(HERE.glob("test_rules_*.py"))) - cited
                    - names_of_tests([Path(__file__)]))
    assert not absent, f"add these rules tests to docs/rules-coverage.md: {absent}"


def test_every_engine_function_the_page_cites_exists() -> None:
    modules = {p.stem for p in ENGINE.glob("*.py")}
    refs = {t.split(" ")[0] for t in ticked(2)}
    refs = {r for r in refs if "." in r and r.split(".")[0] in modules}
    assert len(refs) > 50
    for ref in sorted(refs):
        module, *path = ref.split(".")
        obj: object = importlib.import_module(f"precog.engine.{module}")
        for name in path:
            assert hasattr(obj, name), f"docs/rules-coverage.md cites {ref}: no {name!r}"
            obj = getattr(obj, name)


def test_every_rulebook_section_with_rules_has_a_row() -> None:
    named = {part.strip() for r in rows() for part in r[0].split("›")}
    missing = [s for s in SECTIONS if s not in named]
    assert not missing, f"docs/rules-coverage.md has no row for: {missing}"


def test_every_row_names_an_engine_function_and_a_test() -> None:
    for r in rows():
        assert len(r) == 4, f"a row should have 4 cells: {r}"
        assert TICKED.search(r[2]), f"row without an engine function: {r[:2]}"
        assert any(t.startswith("test_") for t in TICKED.findall(r[3])), (
            f"row without a test: {r[:2]}")


def test_the_docs_point_to_nothing_outside_the_repository() -> None:
    root = HERE.parents[1]
    for path in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        for outside in ("/work/", "shared/design", "shared/rules"):
            assert outside not in text, f"{path.name} points outside the repository: {outside}"


def test_every_rule_option_is_explained_in_the_rules_decisions_page() -> None:
    from dataclasses import fields

    from precog.engine import RuleOptions

    page = (HERE.parents[1] / "docs" / "rules-decisions.md").read_text(encoding="utf-8")
    assert "(rules-decisions.md)" in DOC.read_text(encoding="utf-8")
    for option in fields(RuleOptions):
        assert f"`{option.name}`" in page, option.name
    assert "project's decision" in page  # the team mode's shared win on a full tie
