"""Box files: a partly entered box loads; a malformed or hostile one gets a DataError naming
the field, within a second."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from precog.engine import DataError
from precog.engine.box import MAX_BOX_BYTES, load_box, load_box_text
from precog.engine.problems import ErrorCode, Problem
from tests.codes import codes_in, raises_code

CARD = """
[[deck]]
code = "D"
[[deck.card]]
id = "D01"
type = "Food"
season = 1
cost = 1
gain = 3
"""


def refused(text: str | bytes, *words: str) -> str:
    start = time.perf_counter()
    with pytest.raises(DataError) as caught:
        load_box_text(text, "box.toml")
    assert time.perf_counter() - start < 1.0
    message = str(caught.value)
    for word in words:
        assert word in message, message
    return message


def test_an_empty_box_is_valid_and_wholly_unknown() -> None:
    box = load_box_text("", "empty.toml")
    assert len(box.unknown) == 96 + 12 + 24
    assert box.name == "your box"


def test_a_card_entered_fully_is_known_and_bonus_and_bane_default_to_nothing() -> None:
    box = load_box_text(CARD)
    card = box.cards["D01"]
    assert (card.cost, card.gain, card.bane, card.bonus.is_empty()) == (1, 3, 0, True)
    assert "D01" not in box.unknown


def test_x_is_accepted_as_a_cost_or_gain() -> None:
    box = load_box_text(CARD.replace("cost = 1", 'cost = "X"'))
    assert box.cards["D01"].cost is None


@pytest.mark.parametrize("text,words", [
    (CARD.replace("cost = 1", 'cost = "one"'), ("card D01", "'cost'", "0..9")),
    (CARD.replace("cost = 1", "cost = 1000000000"), ("card D01", "'cost'")),
    (CARD.replace("gain = 3\n", ""), ("card D01", "'gain'", "both left out")),
    (CARD.replace('type = "Food"', 'type = "Fish"'), ("card D01", "'type'")),
    (CARD.replace("season = 1", "season = 4"), ("card D01", "'season'", "1, 2 or 3")),
    (CARD.replace("gain = 3", "gain = 3\nbane = 2"), ("card D01", "'bane'", "season 1")),
    (CARD.replace('id = "D01"', 'id = "X01"'), ("deck D", "card #1", "'id'", "D07")),
    (CARD + 'colour = "red"', ("unknown field", "colour")),
    (CARD.replace('code = "D"', "code = 7"), ("deck #1", "'code'")),
    ('name = 5', ("'name'",)),
    ('deck = "D"', ("'deck'", "array")),
    (CARD + CARD.replace("[[deck]]\ncode = \"D\"\n", "").replace("D01", "D02")
     + CARD.replace("[[deck]]\ncode = \"D\"\n", "").replace("D01", "D03"),
     ("card D03", "at most 2 Food cards in season 1")),
    ('[[river]]\nid = "W2a"\nseason = 2\nname = "x"\ngains = { food = 1 }',
     ("river tile W2a", "'gains'")),
    ('[[river]]\nid = "W1a"\nseason = 2\nname = "x"\nlosses = { food = 1 }',
     ("river #1", "'id'", "W2a, W2b, W2c, W2d")),
    ('[[river]]\nid = "W1e"\nseason = 1\nname = "x"\ngains = { food = 1 }',
     ("river #1", "'id'", "W1a, W1b, W1c, W1d")),
    ('[[objective]]\nid = "W1a"\nseason = 1', ("objective #1", "'id'", "O1a")),
    (CARD.replace("D01", "D25"), ("card D25", "'id'", "D01..D24")),
    (CARD.replace("D01", "D00"), ("card D00", "'id'", "D01..D24")),
    ('[[room]]\nid = "R99"', ("room #1", "'id'")),
    ("[[objective]]\n" * 30, ("'objective'", "at most 24")),
    ('format = "something"', ("'format'",)),
    ("x = [", ("not valid TOML",)),
])
def test_a_malformed_box_is_refused_naming_the_field(text: str, words: tuple[str, ...]) -> None:
    refused(text, *words)


def test_a_card_entered_twice_is_refused() -> None:
    refused(CARD + CARD.replace("[[deck]]\ncode = \"D\"\n", ""), "'id'")


def test_megabytes_of_text_are_refused_at_once() -> None:
    refused("#" * (3 << 20), str(MAX_BOX_BYTES))


def test_a_large_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_bytes(b"#" * (5 << 20))
    start = time.perf_counter()
    with raises_code(DataError, ErrorCode.DATA_AT_FILE):
        load_box(path)
    assert time.perf_counter() - start < 1.0


def test_dev_zero_is_refused_at_once() -> None:
    start = time.perf_counter()
    with raises_code(DataError, ErrorCode.DATA_AT_FILE):
        load_box("/dev/zero")
    assert time.perf_counter() - start < 1.0


def test_a_fifo_without_a_writer_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "box.fifo"
    os.mkfifo(fifo)
    errors: list[BaseException] = []

    def load() -> None:
        try:
            load_box(fifo)
        except BaseException as err:  # handed to the test thread
            errors.append(err)

    worker = threading.Thread(target=load, daemon=True)
    worker.start()
    worker.join(1.0)
    assert not worker.is_alive(), "loading a FIFO blocked"
    assert isinstance(errors[0], DataError)
    assert codes_in(errors[0]) == [ErrorCode.DATA_AT_FILE, ErrorCode.FILE_NOT_REGULAR]


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with raises_code(DataError, ErrorCode.DATA_AT_FILE):
        load_box(tmp_path / "nope.toml")


def test_not_utf8_is_refused() -> None:
    refused(b"name = \"\xff\xfe\"", "UTF-8")


def test_the_documented_example_box_loads() -> None:
    box = load_box(Path(__file__).resolve().parents[2] / "docs" / "examples" / "my_box.toml")
    assert box.name == "my box"
    assert box.cards["D02"].cost is None and "D03" in box.unknown
    assert box.river_by_id["W2a"].losses.food == 2


@pytest.mark.parametrize(("text", "field", "key", "code"), [
    ('[[river]]\nid = "W2a"\nseason = 2\nname = "x"\nlosses = { bane = 3 }',
     "losses", "bane", ErrorCode.DATA_RIVER_NOT_RESOURCE),
    ('[[river]]\nid = "W1a"\nseason = 1\nname = "x"\ngains = { heal = 2 }',
     "gains", "heal", ErrorCode.DATA_RIVER_NOT_RESOURCE),
    (CARD + "bonus = { protector = 1 }", "bonus", "protector", ErrorCode.DATA_BONUS_NOT_RESOURCE),
    (CARD + "bonus = { heal = 1 }", "bonus", "heal", ErrorCode.DATA_BONUS_NOT_RESOURCE),
])
def test_a_box_river_tile_or_bonus_that_is_no_resource_is_refused_by_its_code(
        text: str, field: str, key: str, code: ErrorCode) -> None:
    with pytest.raises(DataError) as caught:
        load_box_text(text, "box.toml")
    problem = caught.value.problem
    assert problem is not None and problem.code is ErrorCode.DATA_AT_ENTRY
    assert str(problem.values["file"]).startswith("box.toml")
    what = problem.values["what"]
    assert isinstance(what, Problem) and what.code is code
    assert (what.values["field"], what.values["key"]) == (field, key)
