"""A box being entered written as a box file (TOML), so that :func:`tomllib.loads` reads back
the same data (the format is in docs/components.md, read by :mod:`precog.engine.box`).

>>> print(box_toml({"name": "my box"}), end="")  # doctest: +NORMALIZE_WHITESPACE
# A precog box file (docs/components.md, "Your table, your box"). What is not
# entered is unknown: its deck, season and type are known, its face is not.
format = "precog-box"
version = 1
name = "my box"
"""

from __future__ import annotations

import json
import re
from typing import Any

from precog.engine import DataError
from precog.engine.problems import Problem
from precog.session.errors import SessionCode


def box_toml(data: dict[str, Any]) -> str:
    """A box file's data as TOML text (what :func:`tomllib.loads` reads back the same)."""
    out = ['# A precog box file (docs/components.md, "Your table, your box"). What is not',
           "# entered is unknown: its deck, season and type are known, its face is not.",
           'format = "precog-box"', "version = 1"]
    _table("", {k: v for k, v in data.items() if k not in ("format", "version")}, out)
    return "\n".join(out) + "\n"


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a TOML basic string
    if isinstance(value, dict):
        inner = ", ".join(f"{_key(k)} = {_toml_value(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise DataError(Problem.of(SessionCode.BOX_WRITE, kind=type(value).__name__), input=value)


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else _toml_value(key)


def _table(prefix: str, table: dict[str, Any], out: list[str]) -> None:
    """Plain values as ``key = value``, arrays of tables as ``[[prefix.key]]`` after them."""
    arrays = {k: v for k, v in table.items()
              if isinstance(v, list) and v and all(isinstance(i, dict) for i in v)}
    for key, value in table.items():
        if key not in arrays:
            out.append(f"{_key(key)} = {_toml_value(value)}")
    for key, items in arrays.items():
        for item in items:
            out.append("")
            out.append(f"[[{prefix}{key}]]")
            _table(f"{prefix}{key}.", item, out)
