"""The rules' arithmetic exists once (precog/engine/formulas.py): the season of a round, the
Protectors against a Bane level, feeding at an Island, healing. Each takes whole numbers or
numpy arrays alike, and no other module writes one out again."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from precog.engine.formulas import (
    feeding,
    healed,
    islands_from,
    least,
    protectors_against,
    season_of,
)
from precog.engine.state import FEEDING_ROUNDS

ROOT = Path(__file__).resolve().parents[2]


def test_the_season_of_each_round_is_rounds_1_to_4_then_5_to_8_then_9_to_12():
    assert [season_of(r) for r in range(1, 13)] == [1] * 4 + [2] * 4 + [3] * 4
    assert season_of(13) == 3  # past the last round: the last season


def test_the_islands_to_come_are_the_feeding_rounds_from_this_one_on():
    for round_ in range(1, 14):
        assert islands_from(round_) == sum(1 for r in FEEDING_ROUNDS if r >= round_)


def test_protectors_against_bane_bring_it_to_zero_two_levels_each():
    for bane in range(13):
        needed = protectors_against(bane)
        assert max(0, bane - 2 * needed) == 0
        assert needed == 0 or bane - 2 * (needed - 1) > 0  # one fewer would not do


@pytest.mark.parametrize(("food", "healthy", "after"), [
    (5, 3, (2, 3)), (3, 3, (0, 3)), (2, 3, (0, 2)), (0, 4, (0, 0)), (4, 0, (4, 0))])
def test_feeding_each_healthy_human_eats_one_food_the_unfed_are_lost(food, healthy, after):
    assert feeding(food, healthy) == after


def test_healing_is_one_a_healer_up_to_every_contaminated_human():
    assert healed(1, 3) == 1
    assert healed(5, 3) == 3
    assert healed(0, 2) == 0


def test_every_formula_gives_on_arrays_what_it_gives_on_each_whole_number():
    values = np.arange(0, 14, dtype=np.int32)
    other = values[::-1].copy()
    assert list(season_of(values)) == [season_of(int(v)) for v in values]
    assert list(islands_from(values[1:])) == [islands_from(int(v)) for v in values[1:]]
    assert list(protectors_against(values)) == [protectors_against(int(v)) for v in values]
    assert list(healed(values, other)) == [healed(int(a), int(b))
                                           for a, b in zip(values, other, strict=True)]
    food, fed = feeding(values, other)
    assert list(zip(food, fed, strict=True)) == [
        feeding(int(a), int(b)) for a, b in zip(values, other, strict=True)]
    assert food.dtype == np.int32  # the batch's arrays keep their type
    assert least(0.1 + 0.2, 0.3) == 0.3  # floats: exactly one of the two, never a sum


COPIES = {
    "the season of a round": re.compile(r"//\s*4\s*\+\s*1\b|1\s*\+\s*\([^)]*\)\s*//\s*4\b"
                                        r"|min\(\s*3\s*,"),
    "the Protectors against Bane": re.compile(r"bane[\w\]\[:, ]*\s*\+\s*1\)\s*//\s*2"
                                              r"|coming\s*\+\s*1\)\s*//\s*2"),
    "the Islands to come": re.compile(r"for r in FEEDING_ROUNDS if r >="),
    "feeding": re.compile(r"food\s*>=\s*[\w.\[\]:, ]*healthy"),
    "healing": re.compile(r"min(imum)?\([\w.]*doctors[\w\[\]:, ]*,\s*[\w.]*cont"),
}


@pytest.mark.parametrize("formula", sorted(COPIES))
def test_no_module_writes_a_rule_formula_out_again(formula):
    pattern = COPIES[formula]
    found = []
    for folder in ("precog", "benchmarks", "scripts"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.name == "formulas.py":
                continue
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if pattern.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == [], formula
