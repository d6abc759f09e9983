"""A table description saved and shared: the file's text, the shared string, and reading
either back with the box it was entered on.

A saved table carries ``"box"``: the box's name and fingerprint and, when a box file was
loaded, the file's text, so that the table alone restores it. Anything that cannot be read
is a :class:`~precog.session.table_description.TableEntryError` with a code saying why,
within fixed bounds of length and depth.
"""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

from precog.engine import Components, PrecogError
from precog.engine.box import MAX_BOX_BYTES, load_box_text
from precog.engine.problems import Problem
from precog.engine.serialize import MAX_JSON_DEPTH as MAX_DEPTH
from precog.engine.serialize import json_depth
from precog.session.errors import SessionCode
from precog.session.table_description import FORMAT, TableEntryError, blank_box

PREFIX = "precog-table"
MAX_TEXT = 200_000 + 3 * MAX_BOX_BYTES  # a saved table (its box included) or shared string
BOX_KEYS = ("name", "fingerprint", "toml")


def saved_description(data: dict[str, Any], box: Components,
                      box_text: str | None) -> dict[str, Any]:
    """``data`` as saved: with its box (name, fingerprint and, when a box file was loaded,
    the file's text)."""
    saved_box: dict[str, Any] = {"name": box.name, "fingerprint": box.box_id}
    if box_text is not None:
        saved_box["toml"] = box_text
    return {**{k: v for k, v in data.items() if k != "box"}, "box": saved_box}


def file_text(saved: dict[str, Any]) -> str:
    """A saved description as a file's text (JSON)."""
    return json.dumps(saved, indent=1, ensure_ascii=False)


def shared_string(saved: dict[str, Any]) -> str:
    """A saved description as one string to paste (compressed, URL-safe)."""
    packed = zlib.compress(json.dumps(saved, separators=(",", ":")).encode(), 9)
    return f"{PREFIX}.{base64.urlsafe_b64encode(packed).decode().rstrip('=')}"


def read_table(text: str | bytes, say: Any = None) -> dict[str, Any]:
    """A table description from a saved table's text or a shared string; anything else a
    :class:`TableEntryError` saying why (``say`` is no longer used: kept for callers)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise _refused(Problem.of(SessionCode.TABLE_NOT_UTF8)) from None
    if not isinstance(text, str):
        raise _refused(Problem.of(SessionCode.TABLE_NO_FORMAT, format=FORMAT))
    if len(text) > MAX_TEXT:
        raise _refused(Problem.of(SessionCode.TABLE_TOO_LONG, limit=MAX_TEXT))
    data = _parsed(_unpacked(text.strip()))
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _refused(Problem.of(SessionCode.TABLE_NO_FORMAT, format=FORMAT))
    if not isinstance(data.get("seats", []), list) or not all(
            isinstance(s, dict) for s in data.get("seats", [])):
        raise _refused(Problem.of(SessionCode.TABLE_SEATS))
    return data


def _unpacked(text: str) -> str:
    """A shared string's JSON text (any other text as it is)."""
    if not text.startswith(PREFIX + "."):
        return text
    try:
        payload = text[len(PREFIX) + 1:]
        raw = zlib.decompressobj().decompress(
            base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)), MAX_TEXT)
        return raw.decode("utf-8")
    except (ValueError, zlib.error, UnicodeDecodeError):
        raise _refused(Problem.of(SessionCode.TABLE_DAMAGED)) from None


def _parsed(text: str) -> Any:
    """JSON text read within the depth bound, its strings printable."""
    if json_depth(text) > MAX_DEPTH:
        raise _refused(Problem.of(SessionCode.TABLE_TOO_DEEP, limit=MAX_DEPTH))
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # bad JSON, a number of thousands of digits
        raise _refused(Problem.of(SessionCode.TABLE_NOT_JSON)) from None
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:  # "\ud800": a lone surrogate, unprintable and unsavable
        raise _refused(Problem.of(SessionCode.TABLE_SURROGATE)) from None
    return data


def saved_box(saved: Any, box: Components, box_text: str | None
              ) -> tuple[Components, str | None]:
    """The box a saved table records: its own file's text when saved with it, else the
    blank box or ``box`` (the box loaded now, whose file's text is ``box_text``) when the
    fingerprint is theirs."""
    if saved is None:  # a table saved before tables recorded their box
        return box, box_text
    if (not isinstance(saved, dict) or any(k not in BOX_KEYS for k in saved)
            or not isinstance(saved.get("fingerprint"), str)
            or len(saved["fingerprint"]) > 40
            or not isinstance(saved.get("name", ""), str) or len(saved.get("name", "")) > 80
            or not isinstance(saved.get("toml", ""), str)):
        raise _box_refused(Problem.of(SessionCode.TABLE_BOX_FIELDS))
    want, text = saved["fingerprint"], saved.get("toml")
    if text is None:
        for known in (box, blank_box()):
            if known.box_id == want:
                return known, box_text if known is box else None
        raise TableEntryError(Problem.of(SessionCode.TABLE_BOX_MISSING, name=saved.get("name",
                                                                                       "?"),
                                         fingerprint=want))
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BOX_BYTES:
        raise _box_refused(Problem.of(SessionCode.TABLE_BOX_LARGE, limit=MAX_BOX_BYTES))
    try:
        loaded = load_box_text(text, "the table's box")
    except PrecogError as err:
        raise _box_refused(err.problem or str(err)) from None
    if loaded.box_id != want:
        raise _box_refused(Problem.of(SessionCode.TABLE_BOX_OTHER, got=loaded.box_id, want=want))
    return loaded, text


def _refused(why: Problem) -> TableEntryError:
    return TableEntryError(Problem.of(SessionCode.TABLE_FILE, why=why))


def _box_refused(why: Problem | str) -> TableEntryError:
    return TableEntryError(Problem.of(SessionCode.TABLE_BOX, why=why))
