"""Packed strings and guarded JSON: how a position or a seat's view travels as text.

A packed string is ``<prefix>.<payload>.<check>``: the canonical JSON deflated and
base64url-encoded, then its CRC-32 in hex, so a string that was altered or cut short is refused.
This module holds :func:`pack` and :func:`unpack` (with the error codes of each kind of string),
and :func:`load_json` and :func:`json_depth`, which read untrusted JSON within fixed bounds of
size and nesting; :mod:`precog.engine.serialize` and :mod:`precog.engine.view` build on them.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass
from typing import Any

from precog.engine.errors import PositionError
from precog.engine.problems import ErrorCode, Problem

MAX_POSITION_BYTES = 1 << 20  # a real position is a few KB; refuse "zip bombs"
MAX_JSON_DEPTH = 64  # a position nests 5 levels, a saved table 6: deeper is refused unread
_JSON_TOKEN = re.compile(r'\\.|["\[\]{}]', re.DOTALL)  # an escape, a quote or a bracket


def pack(data: Any, prefix: str) -> str:
    """``<prefix>.<payload>.<check>``: JSON ``data`` deflated, base64url, and its CRC-32."""
    text = json.dumps(data, separators=(",", ":"), sort_keys=True)
    packed = zlib.compress(text.encode(), 9)
    payload = base64.urlsafe_b64encode(packed).decode().rstrip("=")
    return f"{prefix}.{payload}.{zlib.crc32(packed):08x}"


@dataclass(frozen=True)
class _StringCodes:
    """The error codes of one kind of packed string (a position or a seat's view)."""

    string_type: ErrorCode
    string_long: ErrorCode
    string_form: ErrorCode
    base64: ErrorCode
    check: ErrorCode
    unpacks_big: ErrorCode
    unpack: ErrorCode
    string_data: ErrorCode


_POSITION_CODES = _StringCodes(
    ErrorCode.POSITION_STRING_TYPE, ErrorCode.POSITION_STRING_LONG, ErrorCode.POSITION_STRING_FORM,
    ErrorCode.POSITION_BASE64, ErrorCode.POSITION_CHECK, ErrorCode.POSITION_UNPACKS_BIG,
    ErrorCode.POSITION_UNPACK, ErrorCode.POSITION_STRING_DATA)
_VIEW_CODES = _StringCodes(
    ErrorCode.VIEW_STRING_TYPE, ErrorCode.VIEW_STRING_LONG, ErrorCode.VIEW_STRING_FORM,
    ErrorCode.VIEW_BASE64, ErrorCode.VIEW_CHECK, ErrorCode.VIEW_UNPACKS_BIG, ErrorCode.VIEW_UNPACK,
    ErrorCode.VIEW_STRING_DATA)


def unpack(text: str, prefix: str, what: str) -> Any:
    """The JSON data of a string made by :func:`pack` with ``prefix``; a damaged or foreign
    one (or one unpacking to more than :data:`MAX_POSITION_BYTES`) is refused with
    :class:`PositionError` naming ``what``."""
    codes = _VIEW_CODES if what.startswith("view") else _POSITION_CODES
    if not isinstance(text, str):
        raise PositionError(Problem.of(codes.string_type, got=type(text).__name__))
    if len(text) > 2 * MAX_POSITION_BYTES:
        raise PositionError(Problem.of(codes.string_long, got=len(text)))
    parts = "".join(text.split()).split(".")
    if len(parts) != 3 or parts[0] != prefix:
        raise PositionError(Problem.of(codes.string_form, prefix=prefix, got=_clip(text)),
                            input=text)
    try:
        packed = base64.urlsafe_b64decode(parts[1] + "=" * (-len(parts[1]) % 4))
    except (binascii.Error, ValueError) as err:
        raise PositionError(Problem.of(codes.base64, detail=str(err)), input=text) from None
    if f"{zlib.crc32(packed):08x}" != parts[2].lower():
        raise PositionError(Problem.of(codes.check), input=text)
    try:
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_POSITION_BYTES)
        if inflater.unconsumed_tail:
            raise PositionError(Problem.of(codes.unpacks_big, limit=MAX_POSITION_BYTES))
        data = raw.decode()
    except (zlib.error, UnicodeDecodeError) as err:
        raise PositionError(Problem.of(codes.unpack, detail=str(err)), input=text) from None
    return load_json(data, Problem.of(codes.string_data))


def load_json(text: str | bytes, what: Problem | str = "") -> Any:
    """JSON data from untrusted text: at most :data:`MAX_POSITION_BYTES`, any fault (bad JSON,
    deep nesting, a number of thousands of digits) a :class:`PositionError` naming ``what``
    (a message starting "not valid JSON" and the like when ``what`` is empty)."""
    if len(text) > MAX_POSITION_BYTES:
        raise PositionError(_about(what, Problem.of(ErrorCode.POSITION_JSON_LONG, size=len(text),
                                                 limit=MAX_POSITION_BYTES)))
    if json_depth(text) > MAX_JSON_DEPTH:
        raise PositionError(_about(what, Problem.of(ErrorCode.POSITION_JSON_DEEP)))
    try:
        return json.loads(text)
    except RecursionError:
        raise PositionError(_about(what, Problem.of(ErrorCode.POSITION_JSON_DEEP))) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise PositionError(_about(what, Problem.of(ErrorCode.POSITION_JSON_INVALID,
                                                    detail=str(err)))) from None
    except ValueError as err:  # e.g. an integer of more than 4,300 digits
        raise PositionError(_about(what, Problem.of(ErrorCode.POSITION_JSON_UNREADABLE,
                                                    detail=str(err)))) \
            from None


def json_depth(text: str | bytes, stop: int = MAX_JSON_DEPTH) -> int:
    """How deeply ``text``'s arrays and objects nest (counting stops past ``stop``), read in
    one pass without parsing it (brackets inside strings skipped), so that deep nesting is
    refused before any parser recurses.

    >>> json_depth('{"a": [1, "]]]"]}'), json_depth("[[[[]]]]"), json_depth("3")
    (2, 4, 0)
    """
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    depth = deepest = 0
    inside = False
    for token in _JSON_TOKEN.findall(text):
        if token == '"':
            inside = not inside
        elif inside or len(token) == 2:
            continue
        elif token in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > stop:
                    break
        else:
            depth -= 1
    return deepest


def _about(what: Problem | str, problem: Problem) -> Problem:
    """``problem`` said of ``what`` (the JSON position, the position string data...)."""
    return Problem.of(ErrorCode.POSITION_ABOUT, what=what, problem=problem) if what else problem


def _clip(text: str) -> str:
    return text if len(text) < 40 else text[:37] + "..."
