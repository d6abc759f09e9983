"""A box's data written as a box file: what TOML holds is written so that it reads back the
same; a value a box file cannot hold is refused with its code."""

from __future__ import annotations

import tomllib

from precog.engine import DataError
from precog.session.box import box_toml
from precog.session.errors import SessionCode
from tests.codes import raises_code


def test_a_box_s_data_reads_back_the_same():
    data = {"name": "my box", "decks": [{"code": "A", "cards": 3}], "fixed": True}
    read = tomllib.loads(box_toml(data))
    assert {k: read[k] for k in data} == data and read["format"] == "precog-box"


def test_a_value_a_box_file_cannot_hold_is_refused_with_its_code():
    with raises_code(DataError, SessionCode.BOX_WRITE) as caught:
        box_toml({"name": "my box", "weight": 1.5})
    assert caught.value.problem.values["kind"] == "float"
