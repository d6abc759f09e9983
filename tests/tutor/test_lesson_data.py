"""Lesson data: every file loads, rule numbers come from the engine, mistakes are named."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from precog.engine import DataError
from precog.tutor import data as tutor_data
from precog.tutor.data import (
    _position,
    _step,
    all_lessons,
    languages,
    lesson_ids,
    load_lesson,
    ui_texts,
)
from precog.tutor.errors import TutorCode
from precog.tutor.numbers import rule_numbers
from precog.tutor.text import bare_numbers, placeholders
from tests.codes import raises_code

LESSONS = Path(tutor_data.__file__).parent / "lessons"
# Words next to which a number is a rule claim (a cost, a threshold, a count of resources).
RULE_TERMS = ["Food", "Bane", "Healthy", "Human", "Humans", "Protector", "Protectors", "Doctor",
              "Doctors", "round", "rounds", "Island", "Islands", "feeding", "threshold", "Cost",
              "Costs", "reveal", "revealing", "Objective", "Objectives", "Battery", "Batteries",
              "card", "cards", "machine", "machines", "room", "rooms", "players", "win"]
# The same rule words in Russian, as stems (every case ending counts: "еды", "людей", "раундов").
RULE_TERMS_RU = ["еда", "еды", "еду", "угроз*", "здоров*", "человек*", "люд*", "защитник*",
                 "лекар*", "раунд*", "остров*", "кормлени*", "порог*", "стоимост*", "открыт*",
                 "цел*", "батаре*", "карт*", "механизм*", "отсек*", "игрок*", "побед*"]
RULE_TERMS_BY_LANGUAGE = {"en": RULE_TERMS, "ru": RULE_TERMS_RU}


def _strings(value: Any, where: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in ("id", "match", "lesson", "quiz", "until", "play_to", "moves", "show",
                         "accept", "highlight"):
                yield from _strings(v, f"{where}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _strings(v, f"{where}[{i}]")


def _language_files() -> list[Path]:
    return sorted(LESSONS.glob("*/*.toml"))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_lesson_of_every_language_loads_with_its_number_in_order(lang: str) -> None:
    assert languages() == ["en", "ru"]
    ids = lesson_ids(lang)
    assert ids == [f"lesson{n:02d}" for n in range(1, 10)]
    lessons = all_lessons(lang)
    assert [lesson.number for lesson in lessons] == list(range(1, 10))
    assert {lesson.lang for lesson in lessons} == {lang}


@pytest.mark.parametrize("path", _language_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_lesson_text_states_no_rule_number_by_hand(path: Path) -> None:
    lang = path.parent.name
    assert lang in RULE_TERMS_BY_LANGUAGE, f"no rule words for language {lang!r} in this test"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    offenders = [f"{where}: {hit!r}" for where, text in _strings(data, path.name)
                 for hit in bare_numbers(text, RULE_TERMS_BY_LANGUAGE[lang], lang=lang)]
    assert not offenders, "use a placeholder such as {BANE_MAX}:\n" + "\n".join(offenders)


def _keys(value: Any, where: str = "") -> Iterator[str]:
    """Every key path of a TOML document (``step[3].part[2].label``); lists of tables keep
    their positions, lists of texts count as one value."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _keys(v, f"{where}.{k}" if where else k)
    elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        for i, v in enumerate(value):
            yield from _keys(v, f"{where}[{i}]")
    else:
        yield where


def _by_id(value: Any) -> Any:
    """The glossary's and the refusals' entries are keyed by their id (or pattern), not by
    their position, so a language may order them as it reads best."""
    if isinstance(value, dict):
        return {k: _by_id(v) for k, v in value.items()}
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value) and all(
            "id" in v or "match" in v for v in value):
        return {str(v.get("id", v.get("match"))): _by_id(v) for v in value}
    if isinstance(value, list):
        return [_by_id(v) for v in value]
    return value


@pytest.mark.parametrize("name", sorted(p.name for p in (LESSONS / "en").glob("*.toml")))
@pytest.mark.parametrize("lang", [x for x in languages() if x != "en"])
def test_every_english_key_has_a_counterpart_in_every_other_language(lang: str, name: str) -> None:
    english = tomllib.loads((LESSONS / "en" / name).read_text(encoding="utf-8"))
    path = LESSONS / lang / name
    assert path.is_file(), f"lessons/{lang}/{name} is missing"
    other = tomllib.loads(path.read_text(encoding="utf-8"))
    missing = sorted(set(_keys(_by_id(english))) - set(_keys(_by_id(other))))
    assert not missing, f"lessons/{lang}/{name} lacks: " + ", ".join(missing)


def test_the_key_check_notices_a_missing_russian_key() -> None:
    english = {"button": {"next": "Next", "undo": "Undo"}, "step": [{"kind": "read"}]}
    russian = {"button": {"next": "Дальше"}, "step": [{"kind": "read"}]}
    assert set(_keys(english)) - set(_keys(russian)) == {"button.undo"}


def _script(lesson: Any) -> list[Any]:
    """What a lesson plays and checks, without its words (nor where its file is)."""
    def plain(spec: Any) -> Any:
        return None if spec is None else replace(spec, where="")

    return [plain(lesson.position)] + [
        (s.kind, plain(s.position), s.until, s.accept, s.show, s.quiz, s.params, s.others,
         s.highlight, [p.id for p in s.parts]) for s in lesson.steps]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_lesson_keeps_the_english_positions_and_moves_in_every_language(lang: str) -> None:
    for lesson_id in lesson_ids():
        assert _script(load_lesson(lesson_id, lang)) == _script(load_lesson(lesson_id)), lesson_id


@pytest.mark.parametrize("path", _language_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_placeholder_in_lesson_text_is_an_engine_number_or_a_template_value(
        path: Path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    known = set(rule_numbers())
    for where, text in _strings(data, path.name):
        for field in placeholders(text):
            name = field.split("[")[0].split(".")[0]
            if path.name == "ui.toml":
                continue  # templates also take values from the position ({n}, {card}...)
            assert name in known, f"{where}: unknown placeholder {{{field}}}"


def test_the_number_check_catches_a_typed_threshold_and_spares_names() -> None:
    terms = RULE_TERMS
    assert bare_numbers("The table needs 45 Healthy Humans.", terms)
    assert bare_numbers("Islands come after rounds 4, 8 and 12.", terms)
    assert bare_numbers("Revealing costs three Healthy Humans in the last season.", terms)
    assert not bare_numbers("The table needs {COOP_THRESHOLDS[3]} Healthy Humans.", terms)
    assert not bare_numbers("Machines on line 1 look at what your cards gave.", terms)
    assert not bare_numbers("From season 2 on, River tiles take Food.", terms)


def test_the_russian_number_check_catches_typed_rule_numbers_in_any_case_and_spares_names(
        ) -> None:
    terms = RULE_TERMS_RU
    assert bare_numbers("Столу нужно 45 здоровых людей.", terms, lang="ru")
    assert bare_numbers("Острова приходят после раундов 4, 8 и 12.", terms, lang="ru")
    assert bare_numbers("Открытие стоит трёх здоровых людей.", terms, lang="ru")
    assert bare_numbers("В начале у вас восемь еды.", terms, lang="ru")
    assert not bare_numbers("Столу нужно {COOP_THRESHOLDS[3]} здоровых людей.", terms, lang="ru")
    assert not bare_numbers("Механизмы линии 1 смотрят на то, что дали карты.", terms, lang="ru")
    assert not bare_numbers("Со второго сезона жетоны реки отнимают еду; сезон 2.", terms,
                            lang="ru")
    assert not bare_numbers("Урок 2 о картах.", terms, lang="ru")


def test_rule_numbers_come_from_the_engine_constants_and_a_new_game() -> None:
    from precog.engine import new_game
    from precog.engine.state import BANE_MAX, COOP_THRESHOLDS, FEEDING_ROUNDS, REVEAL_COST

    values = rule_numbers()
    start = new_game(players=2, seed=3).players[0]
    assert values["BANE_MAX"] == BANE_MAX
    assert values["FEEDING_ROUNDS"] == FEEDING_ROUNDS
    assert values["COOP_THRESHOLDS"] == COOP_THRESHOLDS
    assert values["REVEAL_COST"] == REVEAL_COST
    assert (values["START_FOOD"], values["START_HEALTHY"]) == (start.food, start.healthy)


def test_lesson_text_shows_engine_values_where_the_placeholders_were() -> None:
    from precog.engine.state import FEEDING_ROUNDS

    summary = load_lesson("lesson05").steps[-1].text
    assert ", ".join(str(r) for r in FEEDING_ROUNDS[:-1]) in summary
    assert "{" not in summary


# -- mistakes in lesson data are named ---------------------------------------------------------

def test_an_unknown_step_field_names_the_step_and_suggests_the_field() -> None:
    with raises_code(DataError, TutorCode.LESSON_UNKNOWN_FIELD):
        _step({"kind": "read", "titel": "x", "text": "y"}, "lessons/en/lesson09.toml step 3")


def test_an_act_step_without_a_readable_condition_is_refused() -> None:
    with raises_code(DataError, TutorCode.LESSON_UNTIL):
        _step({"kind": "act", "title": "t", "until": "soon"}, "lesson step 1")


def test_an_unknown_quiz_kind_lists_the_known_ones() -> None:
    with raises_code(DataError, TutorCode.LESSON_ONE_OF):
        _step({"kind": "quiz", "title": "t", "quiz": "humans_saved"}, "lesson step 2")


def test_an_unknown_placeholder_names_the_field_and_the_known_ones() -> None:
    with raises_code(DataError, TutorCode.LESSON_PLACEHOLDER):
        _step({"kind": "read", "title": "t", "text": "at most {BANE_LIMIT}"}, "lesson step 1")


def test_a_boat_adjustment_for_a_seat_that_is_not_named_seatN_is_refused() -> None:
    with raises_code(DataError, TutorCode.LESSON_BOAT_KEY):
        _position({"setup": {"players": 2}, "boat": {"player0": {"food": 1}}}, "position")


def test_a_missing_lesson_lists_the_available_ones() -> None:
    with raises_code(DataError, TutorCode.LESSON_NO_LESSON):
        load_lesson("lesson42")
    with raises_code(DataError, TutorCode.LESSON_ID_FORM):
        load_lesson("../ui")


def test_russian_lesson_text_joins_lists_with_its_own_word_and_plurals_by_the_number() -> None:
    from precog.engine.state import FEEDING_ROUNDS

    summary = load_lesson("lesson05", "ru").steps[-1].text
    assert f"{FEEDING_ROUNDS[-2]} и {FEEDING_ROUNDS[-1]}" in summary
    texts = ui_texts("ru")
    assert [texts.say("preview", "slots_left", m=4, n=n) for n in (1, 3, 5, 21)] == [
        f"Чтобы включить m4, нужно ещё {n} {word}." for n, word in
        ((1, "батарея"), (3, "батареи"), (5, "батарей"), (21, "батарея"))]


def test_an_unknown_language_is_refused_with_the_available_ones() -> None:
    with raises_code(DataError, TutorCode.LESSON_NO_LANGUAGE):
        lesson_ids("xx")


def test_ui_texts_fill_values_and_rule_numbers_and_name_a_missing_entry() -> None:
    texts = ui_texts()
    assert texts.say("preview", "then_lose", n=1) == "Then you lose 1 Human."
    assert texts.say("preview", "then_lose", n=2) == "Then you lose 2 Humans."
    with raises_code(DataError, TutorCode.LESSON_NO_ENTRY):
        texts.say("button", "nope")
