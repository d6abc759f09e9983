"""Lesson data: the files under ``precog/tutor/lessons/<language>/``, read and checked.

Each language folder holds ``lessonNN.toml`` (one lesson each), ``glossary.toml`` and
``ui.toml`` (the tutor's own words: buttons, quiz questions, explanations). Files are TOML read
with :mod:`tomllib`; nothing in them is run. A mistake is reported as a
:class:`~precog.engine.DataError` naming the file, the entry and the field.

>>> lesson = load_lesson("lesson02")
>>> lesson.number, lesson.steps[0].kind
(2, 'read')
"""

from __future__ import annotations

import difflib
import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from precog.engine import DataError
from precog.engine.components import Condition
from precog.engine.problems import ErrorCode, Problem
from precog.engine.state import BOAT_FIELDS
from precog.session.words import words
from precog.tutor.errors import TutorCode
from precog.tutor.numbers import rule_numbers
from precog.tutor.text import fill

DEFAULT_LANGUAGE = "en"
STEP_KINDS = ("read", "explore", "act", "quiz", "flow", "lookahead")
OTHERS = ("first", "random", "bot")
QUIZ_KINDS = ("activation_cost", "gains", "bane_after", "humans_lost", "protectors_to_clear",
              "arriving_card", "incoming_cards", "feeding", "machines_trigger",
              "coop_threshold", "reveal_cost", "teammate")
_CONDITION = re.compile(r"^(phase:(decision|action|maintenance|river|setup_pass)|"
                        r"step:(choose|activate|gains|coop|protect|lose|ignore)|"
                        r"round:([1-9]|1[0-2])|next_round|next_season|others_turn|game_over|moves:[1-9]\d?)$")


def valid_condition(text: str) -> bool:
    """A condition is one or more space-separated tests that must all hold."""
    return bool(text.split()) and all(_CONDITION.match(part) for part in text.split())


_SETUP_KEYS = ("players", "mode", "setup", "seed", "difficulty", "decks")
_BOAT_KEYS = (*BOAT_FIELDS, "batteries")


def lessons_root() -> Traversable:
    return resources.files("precog.tutor").joinpath("lessons")


def languages() -> list[str]:
    """The language folders that hold lessons, e.g. ``['en']``."""
    return sorted(p.name for p in lessons_root().iterdir()
                  if p.is_dir() and p.joinpath("glossary.toml").is_file())


def _folder(lang: str) -> Traversable:
    if lang not in languages():
        raise DataError(Problem.of(TutorCode.LESSON_NO_LANGUAGE, lang=lang,
                                   available=tuple(languages())),
                        input=lang)
    return lessons_root().joinpath(lang)


def read_toml(lang: str, name: str) -> dict[str, Any]:
    """A language file's TOML data; a missing or invalid file is a DataError naming it."""
    where = f"lessons/{lang}/{name}"
    path = _folder(lang).joinpath(name)
    if not path.is_file():
        raise DataError(Problem.of(TutorCode.LESSON_NO_FILE, where=where))
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise DataError(Problem.of(TutorCode.LESSON_NOT_TOML, where=where,
                                   detail=str(err))) from None


@cache
def language_and(lang: str) -> str:
    """The word that joins the last two items of a list in ``lang`` (``[language] and`` of
    its ui.toml): "4, 8 and 12", "4, 8 и 12". Read once (a lesson page asks for it for
    every glossary term and every lesson)."""
    word = read_toml(lang, "ui.toml").get("language", {}).get("and", "and")
    return str(word)


def lesson_ids(lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """Lesson ids in order: ``['lesson01', 'lesson02', ...]``."""
    return sorted(p.name[:-5] for p in _folder(lang).iterdir()
                  if re.fullmatch(r"lesson\d\d\.toml", p.name))


# -- checked access to one TOML table --------------------------------------------------------

class _Table:
    """Typed access to a TOML table with errors that name where the field is."""

    def __init__(self, data: Any, where: str, allowed: tuple[str, ...],
                 and_word: str = "and") -> None:
        self.and_word = and_word
        if not isinstance(data, dict):
            raise DataError(Problem.of(TutorCode.LESSON_NOT_TABLE, where=where,
                                       got=type(data).__name__))
        self.data, self.where = data, where
        for key in data:
            if key not in allowed:
                near = difflib.get_close_matches(key, allowed, 1)
                hint = Problem.of(ErrorCode.GOT_DID_YOU_MEAN, close=near[0]) if near else ""
                raise DataError(Problem.of(TutorCode.LESSON_UNKNOWN_FIELD, where=where, key=key,
                                           allowed=allowed, hint=hint), input=key)

    def get(self, key: str, kind: type, default: Any = None) -> Any:
        if key not in self.data:
            if default is None:
                raise DataError(Problem.of(TutorCode.LESSON_MISSING, where=self.where, key=key))
            return default
        value = self.data[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise DataError(Problem.of(TutorCode.LESSON_FIELD_TYPE, where=self.where, key=key,
                                       kind=kind.__name__, got=repr(value)[:60]), input=value)
        return value

    def strings(self, key: str) -> tuple[str, ...]:
        value = self.get(key, list, [])
        if not all(isinstance(v, str) for v in value):
            raise DataError(Problem.of(TutorCode.LESSON_TEXTS, where=self.where, key=key))
        return tuple(value)

    def choice(self, key: str, options: tuple[str, ...], default: str = "") -> str:
        value: str = self.get(key, str, default or None)
        if value not in options:
            raise DataError(Problem.of(TutorCode.LESSON_ONE_OF, where=self.where, key=key,
                                       options=options,
                                       got=value), input=value)
        return value


def _text(t: _Table, key: str, default: str | None = None) -> str:
    raw: str = t.get(key, str, default)
    try:
        return fill(raw, rule_numbers(), t.and_word)
    except (KeyError, IndexError, ValueError, AttributeError) as err:
        known = ", ".join(sorted(rule_numbers()))
        raise DataError(Problem.of(TutorCode.LESSON_PLACEHOLDER, where=t.where, key=key,
                                   detail=repr(err),
                                   known=known)) from None


# -- lessons -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class PositionSpec:
    """A scripted position: ``new_game`` arguments, then moves, then boat adjustments.

    ``moves`` are action texts played in order (``"first"`` plays the first legal action);
    ``play_to`` then plays first legal actions until that condition holds; ``boat`` sets
    resources of seats (``{0: {"bane": 3}}``), checked by the engine's position reader.
    """

    setup: dict[str, Any]
    seat: int = 0
    moves: tuple[str, ...] = ()
    play_to: str = ""
    boat: dict[int, dict[str, Any]] = field(default_factory=dict)
    where: str = ""


@dataclass(frozen=True)
class Part:
    """A part of the Boat shown in lesson 1: the board's part name, a label, its explanation."""

    id: str
    label: str
    text: str


@dataclass(frozen=True)
class LessonStep:
    kind: str
    title: str
    text: str
    highlight: tuple[str, ...] = ()
    position: PositionSpec | None = None
    until: str = ""
    accept: tuple[str, ...] = ()
    show: tuple[str, ...] = ()
    others: str = "first"
    hint: str = ""
    quiz: str = ""
    params: dict[str, Any] = field(default_factory=dict)
    parts: tuple[Part, ...] = ()
    where: str = ""


@dataclass(frozen=True)
class Lesson:
    id: str
    number: int
    title: str
    summary: str
    position: PositionSpec
    steps: tuple[LessonStep, ...]
    lang: str = DEFAULT_LANGUAGE


def _position(data: Any, where: str) -> PositionSpec:
    t = _Table(data, where, ("setup", "seat", "moves", "play_to", "boat"))
    setup = _Table(t.get("setup", dict), f"{where}.setup", _SETUP_KEYS).data
    if "decks" in setup and not isinstance(setup["decks"], list):
        raise DataError(Problem.of(TutorCode.LESSON_DECKS, where=where))
    play_to = t.get("play_to", str, "")
    if play_to and not valid_condition(play_to):
        raise DataError(Problem.of(TutorCode.LESSON_PLAY_TO, where=where,
                                   help=Problem.of(TutorCode.LESSON_CONDITION), got=play_to),
                        input=play_to)
    boat: dict[int, dict[str, Any]] = {}
    for key, values in t.get("boat", dict, {}).items():
        if not re.fullmatch(r"seat[0-3]", key):
            raise DataError(Problem.of(TutorCode.LESSON_BOAT_KEY, where=where, key=key), input=key)
        bt = _Table(values, f"{where}.boat.{key}", _BOAT_KEYS)
        boat[int(key[4:])] = {k: bt.get(k, list if k == "batteries" else int) for k in bt.data}
    return PositionSpec(setup=dict(setup), seat=t.get("seat", int, 0),
                        moves=t.strings("moves"), play_to=play_to, boat=boat, where=where)


_STEP_FIELDS = ("kind", "title", "text", "highlight", "position", "until", "accept", "show",
                "others", "hint", "quiz", "params", "part")


def _step(data: Any, where: str, and_word: str = "and") -> LessonStep:
    t = _Table(data, where, _STEP_FIELDS, and_word)
    kind = t.choice("kind", STEP_KINDS)
    until = t.get("until", str, "")
    if kind == "act" and not valid_condition(until):
        raise DataError(Problem.of(TutorCode.LESSON_UNTIL, where=where,
                                   help=Problem.of(TutorCode.LESSON_CONDITION), got=until),
                        input=until)
    quiz = t.choice("quiz", QUIZ_KINDS) if kind == "quiz" else ""
    parts = tuple(_part(p, f"{where}.part[{i}]", and_word)
                  for i, p in enumerate(t.get("part", list, [])))
    if kind == "explore" and not parts:
        raise DataError(Problem.of(TutorCode.LESSON_PARTS, where=where))
    position = _position(t.data["position"], f"{where}.position") if "position" in t.data else None
    return LessonStep(
        kind=kind, title=_text(t, "title"), text=_text(t, "text", ""),
        highlight=t.strings("highlight"), position=position, until=until,
        accept=t.strings("accept"), show=t.strings("show"),
        others=t.choice("others", OTHERS, "first"), hint=_text(t, "hint", ""), quiz=quiz,
        params=dict(t.get("params", dict, {})), parts=parts, where=where)


def _part(data: Any, where: str, and_word: str = "and") -> Part:
    t = _Table(data, where, ("id", "label", "text"), and_word)
    return Part(id=t.get("id", str), label=_text(t, "label"), text=_text(t, "text"))


@cache
def load_lesson(lesson_id: str, lang: str = DEFAULT_LANGUAGE) -> Lesson:
    """Read and check one lesson. A language without this lesson falls back to English."""
    if not re.fullmatch(r"lesson\d\d", str(lesson_id)):
        raise DataError(Problem.of(TutorCode.LESSON_ID_FORM, got=lesson_id), input=lesson_id)
    if lesson_id not in lesson_ids(lang) and lang != DEFAULT_LANGUAGE:
        lang = DEFAULT_LANGUAGE
    if lesson_id not in lesson_ids(lang):
        raise DataError(Problem.of(TutorCode.LESSON_NO_LESSON, got=lesson_id,
                                   available=tuple(lesson_ids(lang))), input=lesson_id)
    where = f"lessons/{lang}/{lesson_id}.toml"
    and_word = language_and(lang)
    t = _Table(read_toml(lang, f"{lesson_id}.toml"), where,
               ("id", "number", "title", "summary", "position", "step"), and_word)
    if t.get("id", str) != lesson_id:
        raise DataError(Problem.of(TutorCode.LESSON_ID, where=where, want=lesson_id,
                                   got=t.data["id"]))
    steps = tuple(_step(s, f"{where} step {i + 1}", and_word)
                  for i, s in enumerate(t.get("step", list)))
    if not steps:
        raise DataError(Problem.of(TutorCode.LESSON_NO_STEPS, where=where))
    return Lesson(id=lesson_id, number=t.get("number", int), title=_text(t, "title"),
                  summary=_text(t, "summary"), position=_position(t.get("position", dict),
                                                                  f"{where} position"),
                  steps=steps, lang=lang)


def all_lessons(lang: str = DEFAULT_LANGUAGE) -> list[Lesson]:
    return [load_lesson(i, lang) for i in lesson_ids(lang)]


# -- the tutor's own words (ui.toml) ----------------------------------------------------------

class UiTexts:
    """Named sentences of ``ui.toml``, formatted with values; English fills any gap.

    >>> UiTexts("en").say("button", "keep")
    'Keep'
    """

    def __init__(self, lang: str = DEFAULT_LANGUAGE) -> None:
        self.lang = lang
        self._data = read_toml(lang, "ui.toml")
        self._fallback = self._data if lang == DEFAULT_LANGUAGE else read_toml(
            DEFAULT_LANGUAGE, "ui.toml")

    def raw(self, section: str, key: str) -> Any:
        for data in (self._data, self._fallback):
            value = data.get(section, {}).get(key)
            if value is not None:
                return value
        raise DataError(Problem.of(TutorCode.LESSON_NO_ENTRY, lang=self.lang, key=key,
                                   section=section))

    def say(self, section: str, key: str, **values: Any) -> str:
        """The sentence ``[section] key`` with ``{name}`` fields and rule numbers filled."""
        text = self.raw(section, key)
        if not isinstance(text, str):
            raise DataError(Problem.of(TutorCode.LESSON_ENTRY_TEXT, lang=self.lang, key=key,
                                       section=section))
        try:
            return fill(text, {**rule_numbers(), **values}, self.and_word)
        except (KeyError, IndexError) as err:
            raise DataError(Problem.of(TutorCode.LESSON_ENTRY_VALUE, lang=self.lang, key=key,
                                       section=section, name=str(err))) from None

    @property
    def and_word(self) -> str:
        word = self._data.get("language", {}).get("and", "and")
        return str(word)

    def section(self, section: str) -> dict[str, Any]:
        merged = dict(self._fallback.get(section, {}))
        merged.update(self._data.get(section, {}))
        return merged

    def card_type(self, value: str) -> str:
        """A card type (``Food``, ``Human``...) in this language, from the shared words."""
        return words(self.lang).say(f"kind.{value.lower()}")

    def condition(self, cond: Condition) -> str:
        """A machine condition in this language, from the shared words."""
        return words(self.lang).condition(cond)

    def condition_said(self, cond: Condition) -> str:
        """A machine condition as a player reads it (``when your two cards cost 1 or less
        together``)."""
        return words(self.lang).condition_said(cond)


@cache
def ui_texts(lang: str = DEFAULT_LANGUAGE) -> UiTexts:
    return UiTexts(lang)
