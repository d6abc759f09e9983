"""Every error is a code from a closed set with its values; every language has a sentence for
each code naming the same values, and a sample of every kind of error, said in Russian, holds
no sentence of the English words."""

from __future__ import annotations

import string

import pytest

from precog.analysis.basics.errors import AnalysisCode
from precog.commands.common import UsageCode
from precog.engine.problems import ErrorCode, Problem
from precog.engine.wording import languages, load_words, problem_template, render_problem
from precog.serve import ServeCode
from precog.session.errors import SessionCode
from precog.tutor.errors import TutorCode

CODES = (*ErrorCode, *AnalysisCode, *SessionCode, *TutorCode, *ServeCode, *UsageCode)
"""Every layer's codes: the engine's, the analysis', the session's (a background job's
failure among them), the tutor's, the server's and the command line's."""


def _names(template: str) -> set[str]:
    return {field.split(".")[0].split("[")[0]
            for _, field, _, _ in string.Formatter().parse(template) if field}


@pytest.mark.parametrize("lang", languages())
def test_every_error_code_has_a_template_in_every_language(lang: str) -> None:
    missing = [code.value for code in CODES if problem_template(code, lang) is None]
    assert not missing, f"{lang}/errors.toml lacks {missing}"


@pytest.mark.parametrize("lang", languages())
def test_each_language_names_the_same_values_as_english(lang: str) -> None:
    differ = {code.value: (_names(problem_template(code, lang) or ""),
                           _names(problem_template(code) or ""))
              for code in CODES}
    assert {k: v for k, v in differ.items() if v[0] != v[1]} == {}


@pytest.mark.parametrize("lang", languages())
def test_no_template_without_a_code(lang: str) -> None:
    known = {code.value for code in CODES}
    data = load_words(lang, "errors")
    extra = [f"{section}.{key}" for section, table in data.items() for key in table
             if f"{section}.{key}" not in known]
    assert extra == []


def test_a_nested_problem_is_said_in_the_same_language() -> None:
    problem = Problem.of(ErrorCode.DATA_AT_FILE, file="rooms.toml",
                         what=Problem.of(ErrorCode.DATA_BAD_FIELD, field="room",
                                         expected=Problem.of(ErrorCode.EXPECT_ROOM_COUNT, n=12),
                                         got=Problem.of(ErrorCode.GOT_ROOMS, n=3)))
    assert str(problem) == "rooms.toml: field 'room' should be exactly 12 rooms, got 3 rooms"
    russian = render_problem(problem, "ru")
    assert russian == "rooms.toml: поле 'room': ожидается ровно 12 отсеков, получено 3 отсека"


def _precog_error_names() -> set[str]:
    import importlib
    import inspect
    import pkgutil

    import precog
    from precog.engine import PrecogError

    names = {"PrecogError"}
    for module in pkgutil.walk_packages(precog.__path__, "precog."):
        if module.name == "precog.voila_app":
            continue
        for name, value in vars(importlib.import_module(module.name)).items():
            if inspect.isclass(value) and issubclass(value, PrecogError):
                names.add(name)
    return names


def test_no_precog_error_is_raised_with_a_bare_sentence() -> None:
    # a sentence has no code: it cannot be said in another language nor checked by a test
    import ast
    from pathlib import Path

    import precog

    kinds = _precog_error_names()
    bare = []
    for path in sorted(Path(precog.__path__[0]).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            call = node.exc if isinstance(node, ast.Raise) else None
            if not isinstance(call, ast.Call) or not call.args:
                continue
            name = call.func.attr if isinstance(call.func, ast.Attribute) else \
                getattr(call.func, "id", "")
            if name in kinds and isinstance(call.args[0], ast.Constant | ast.JoinedStr):
                bare.append(f"{path.name}:{node.lineno}")
    assert bare == []
