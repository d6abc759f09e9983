"""The fixed-seed share of the surface fuzzing (tests/fuzzing.py; long runs: scripts/fuzz.py).

For each surface a user or visitor can reach, a fixed number of inputs drawn from a fixed seed
must each return, be refused with a PrecogError, or (on the command line) end with status 0 or
2 and no traceback, within the wall-time bound. About 40 s in all on one core.
"""

from __future__ import annotations

import pytest

from tests.fuzzing import SURFACES, fuzz

SEED = 45
INPUTS = {"position string": 300, "view string": 300, "JSON position": 150, "saved game": 60,
          "action text": 300, "box data": 60, "box TOML": 60, "table text": 100,
          "table box": 20, "command line": 60, "environment": 60, "scheduler address": 8,
          "page query": 8}


def test_every_surface_has_its_share() -> None:
    assert set(INPUTS) == set(SURFACES)


@pytest.mark.parametrize("surface", sorted(INPUTS))
def test_every_input_of_the_surface_is_handled_or_refused_with_a_precog_error_in_bounded_time(
        surface: str) -> None:
    tally = fuzz(SEED, count=INPUTS[surface], surfaces=(surface,))
    assert tally.tried == {surface: INPUTS[surface]}
    assert tally.failures == {}, "\n\n".join(f"{k}\n{v}" for k, v in tally.examples.items())
