"""Every public function, class and method of the numpy batch names the engine function it
mirrors (a docstring line ``Mirrors :func:`precog.engine....```), and that function exists.

The sensible player's judgements live in :mod:`precog.analysis.playing.policy` (its points in
:mod:`precog.analysis.playing.policy_points`) and the scalar
playout's draws in :mod:`precog.analysis.playouts.uniform_row` and
:mod:`precog.analysis.playouts.rollouts`: the batch's twins of those name them (they are what the
engine's playouts call)."""

from __future__ import annotations

import importlib
import inspect
import re

import pytest

BATCH_MODULES = tuple(f"precog.analysis.playouts.{name}" for name in (
    "batch", "batch_tables", "batch_machines", "batch_state", "batch_decision", "batch_action",
    "batch_gains", "batch_maintenance", "batch_objectives", "batch_coop", "batch_policy",
    "many_worlds"))
MIRRORED = ("precog.engine.", "precog.analysis.playing.policy.",
            "precog.analysis.playing.policy_points.",
            "precog.analysis.projection.evaluation.",
            "precog.analysis.playouts.uniform_row.", "precog.analysis.playouts.rollouts.")
MIRRORS = re.compile(r"Mirrors :(?:func|class|meth|attr):`(precog\.[\w.]+)`")


def public_members(module_name):
    module = importlib.import_module(module_name)
    for name, obj in vars(module).items():
        if name.startswith("_") or getattr(obj, "__module__", None) != module_name:
            continue
        if inspect.isfunction(obj):
            yield name, obj
        elif inspect.isclass(obj):
            yield name, obj
            for attr, member in vars(obj).items():
                if attr.startswith("_"):
                    continue
                if inspect.isfunction(member):
                    yield f"{name}.{attr}", member
                elif isinstance(member, property):
                    yield f"{name}.{attr}", member.fget


def resolve(dotted):
    """The object a dotted name names: the longest importable module, then attributes."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            found = getattr(found, attr)
        return found
    raise ImportError(dotted)


MEMBERS = [(module, name, obj) for module in BATCH_MODULES
           for name, obj in public_members(module)]


def test_the_batch_modules_have_public_members_to_check():
    assert len(MEMBERS) > 60
    assert {module for module, _, _ in MEMBERS} == set(BATCH_MODULES)


@pytest.mark.parametrize(("module", "name", "obj"), MEMBERS,
                         ids=[f"{m}.{n}" for m, n, _ in MEMBERS])
def test_every_public_batch_function_names_an_existing_engine_function(module, name, obj):
    found = MIRRORS.findall(inspect.getdoc(obj) or "")
    assert len(found) == 1, f"{module}.{name} names no mirrored function"
    target = found[0]
    assert target.startswith(MIRRORED), target
    mirrored = resolve(target)
    assert callable(mirrored) or isinstance(mirrored, property), target
