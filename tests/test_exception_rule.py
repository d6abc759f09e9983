"""The rule of docs/engine-api.md ("Robustness"): only PrecogError leaves for bad input.

Every exception class precog defines is a PrecogError subclass, but for internal checks that
never reach a caller as a refusal of input (each named here with why). The fuzzing share
(tests/test_fuzz_surfaces.py) holds the rule's other half: no other exception, no hang.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import precog
from precog.engine import PrecogError

INTERNAL = {
    "precog.engine.playout.InvariantError": "the engine's own consistency check: a bug",
    "precog.tutor.progress.ProgressFileError": "caught inside ProgressStore, said as a note",
    "precog.session.table_lines._Unfit": "caught inside read_lines, said as a TableLineError",
}


def _exception_classes() -> dict[str, type]:
    found: dict[str, type] = {}
    for module in pkgutil.walk_packages(precog.__path__, "precog."):
        if module.name == "precog.voila_app":  # the server's routes: no exception of its own
            continue
        loaded = importlib.import_module(module.name)
        for name, value in vars(loaded).items():
            if (inspect.isclass(value) and issubclass(value, BaseException)
                    and value.__module__ == module.name):
                found[f"{module.name}.{name}"] = value
    return found


def test_every_exception_precog_defines_is_a_precog_error_or_an_internal_check() -> None:
    others = {name for name, kind in _exception_classes().items()
              if not issubclass(kind, PrecogError)}
    assert others == set(INTERNAL)


def test_the_rule_and_its_runs_are_written_in_the_engine_api() -> None:
    text = (precog.__path__[0] + "/../docs/engine-api.md")
    with open(text, encoding="utf-8") as doc:
        section = doc.read().split("## Robustness", 1)[1].split("\n## ", 1)[0]
    for needed in ("PrecogError", "exit status 2", "scripts/fuzz.py", "--check-invariants"):
        assert needed in section
