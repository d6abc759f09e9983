"""The bots a seat of the table can be given: each of the offered names makes a bot; another
name is refused with its code and the names offered."""

from __future__ import annotations

import pytest

from precog.analysis.basics.errors import AnalysisCode, AnalysisInputError
from precog.widgets.seats import BOT_NAMES, make_bot
from tests.codes import raises_code


@pytest.mark.parametrize("name", BOT_NAMES)
def test_each_offered_bot_name_makes_a_bot(name: str) -> None:
    assert hasattr(make_bot(name, 1), "choose")


def test_a_bot_name_not_offered_is_refused_with_the_names_offered() -> None:
    with raises_code(AnalysisInputError, AnalysisCode.ONE_OF) as caught:
        make_bot("Clever", 1)
    assert caught.value.problem.values["known"] == list(BOT_NAMES)
