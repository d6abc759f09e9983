"""Every kind of error said in Russian holds no English words of precog's own messages: a
sample of each kind (component data, files, positions, position checks, options, action text,
refused actions, the command line) is triggered for real and said in Russian.

"English words" are those of the English templates (``words/en/errors.toml`` and the refusal
sentences) that no Russian template uses too (technical words such as ``pair`` or ``JSON``);
the input itself (quoted) is left out, as it is shown as typed.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Callable

import pytest

from precog.analysis.playing.world import check_decision
from precog.cli import main
from precog.engine import (
    OptionError,
    PrecogError,
    apply,
    from_json,
    from_position,
    new_game,
    read_position,
    to_json,
    to_position,
)
from precog.engine.actions import EndActions, parse_action_text
from precog.engine.data_loading import (
    load_components,
    load_components_from_texts,
    reference_text,
)
from precog.engine.setup import parse_rooms
from precog.engine.wording import error_text, load_words
from precog.session.explore import deal
from precog.tutor.data import load_lesson

_WORD = re.compile(r"[A-Za-z]{3,}")
# what the message shows as typed: quoted input, [[tables]], paths
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|\[[^\]]*\]+|\S*/\S*")


def _literal_words(lang: str) -> set[str]:
    words: set[str] = set()
    texts = [t for table in load_words(lang, "errors").values() for t in table.values()]
    texts += list(load_words(lang).get("refusal", {}).values())
    for text in texts:
        for literal, _, _, _ in string.Formatter().parse(text):
            words.update(w.lower() for w in _WORD.findall(_QUOTED.sub("", literal)))
    return words


# the keys of a component file are written as they are in every language
FILE_KEYS = {"type", "season", "name", "cost", "gain", "bonus", "bane", "batteries",
             "condition", "effect", "standard", "advanced"}
ENGLISH = _literal_words("en") - _literal_words("ru") - FILE_KEYS


def _english_in(text: str) -> list[str]:
    return [w for w in _WORD.findall(_QUOTED.sub("", text)) if w.lower() in ENGLISH]


def _raises(make: Callable[[], object]) -> PrecogError:
    with pytest.raises(PrecogError) as caught:
        make()
    return caught.value


def _altered(text: str) -> str:
    """The position string with its last two characters changed (whatever they were)."""
    return text[:-2] + ("11" if text.endswith("00") else "00")


def _bad_position(**change: object) -> Callable[[], object]:
    data = to_json(new_game(players=3, seed=2))
    data.update(change)
    return lambda: from_json(json.dumps(data))


ROOMS = reference_text("rooms").replace('condition = "pair: Food + other"',
                                       'condition = "pair: Food + cheese"', 1)

SAMPLES: dict[str, Callable[[], object]] = {
    "data: a field of the wrong kind": lambda: load_components_from_texts({"rooms": "room = 3"}),
    "data: a card type that does not exist": lambda: load_components_from_texts(
        {"deck:D": 'deck = "D"\nprescient = "x"\n[[card]]\nid = "D01"\ntype = "Fish"\n'}),
    "data: a misspelt field": lambda: load_components_from_texts(
        {"deck:D": 'deck = "D"\nprescient = "x"\n[[card]]\nid = "D01"\ncots = 1\n'}),
    "data: a machine condition that cannot be read": lambda: load_components_from_texts(
        {"rooms": ROOMS}),
    "data: a wrong number of rooms": lambda: load_components_from_texts(
        {"rooms": '[[room]]\nid = "R01"\nname = "x"\n'}),
    "file: no such file": lambda: load_components({"rooms": "/no/such/file.toml"}),
    "position: an altered position string": lambda: from_position(
        _altered(to_position(new_game(seed=1)))),
    "position: text that is no position": lambda: read_position("hello there"),
    "position: a missing field": lambda: from_json('{"format": "precog-position"}'),
    "position check: a round out of range": _bad_position(round=40),
    "position check: a wrong River": _bad_position(river=["W1a"] * 12),
    "option: five players": lambda: new_game(players=5),
    "option: team mode for two": lambda: new_game(players=2, mode="team"),
    "option: rooms typed wrong": lambda: parse_rooms("R01 R02,"),
    "action text: unreadable": lambda: parse_action_text("fly away"),
    "refused action": lambda: apply(new_game(players=2, seed=1), EndActions()),
    "lesson data: a lesson id of the wrong form": lambda: load_lesson("lesson-two"),
    "analysis: a seat the game does not have": lambda: check_decision(new_game(players=2), 5),
    "explorer: a game that ends before the round": lambda: deal(12, 3, players=2, mode="coop",
                                                                difficulty="apocalypse"),
}


@pytest.mark.parametrize("kind", SAMPLES)
def test_each_kind_of_error_said_in_russian_has_no_english_words(kind: str) -> None:
    err = _raises(SAMPLES[kind])
    russian = error_text(err, "ru")
    assert russian != str(err)
    assert _english_in(russian) == [], russian
    assert _english_in(str(err)), "the English message should hold English words"


def test_an_option_error_keeps_the_input() -> None:
    err = _raises(lambda: new_game(players=5))
    assert isinstance(err, OptionError) and err.input == 5 and "5" in error_text(err, "ru")


@pytest.mark.parametrize("argv", [
    ["show", "/no/such/position.json"],
    ["show", "pg1.abc.def"],
    ["simulate", "--games", "x"],
    ["simulate", "--players", "7"],
    ["random-position", "--players", "2", "--mode", "team", "--round", "2"],
    ["tournament", "--bots", "nobody"],
])
def test_command_line_errors_in_russian_have_no_english_words(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "ru", *argv]) == 2
    said = capsys.readouterr().err
    assert "ошибка" in said
    assert _english_in(said) == [], said
