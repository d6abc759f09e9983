"""Your table's tiles by their faces: the River tiles flipped so far and, in co-op, the
revealed Objectives, entered by what they print (no widgets here).

A player at a real table knows what a tile does, not the reference set's id for it. In a
table description a flipped River place (``"river"``, one entry per round so far) holds

* ``""``: a default (the default game's tile, its face drawn from the prior when unknown);
* a tile id of the box (``"W2b"``): that tile as the box prints it; a tile the box leaves
  unknown is the reference set's tile of that id (what the reference set prints under it);
* ``{"effect": "food 2, healthy 1", "name": "…"}``: the tile's face, checked as the box
  editor checks a tile (what a season 1 tile gives, what a later one takes). It becomes the
  box's tile with that face if the box prints one, else a tile the box leaves unknown,
  given that face as a fact of the position. The tiles not entered stay unknown.

The Island places (rounds 4, 8, 12) take nothing: the Islands are the same in every box.

In co-op, ``"objective_faces"`` lists the revealed Objectives typed by their face
(``{"season": "2", "full": "one 4 food", "mitigated": "one 2 food", "cost": "food 1",
"flipped": false}``), for a tile the loaded box does not print; each is placed like a River
face, on an unknown Objective of its season.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from precog.engine import Components
from precog.engine.components import Gains, Losses, ObjectiveTile, Requirement, RiverTile
from precog.engine.faces import Face, face_of, face_values
from precog.engine.formulas import season_of
from precog.session.box import (
    OBJECTIVE_SLOTS,
    RIVER_SLOTS,
    BoxDraft,
    ObjectiveEntry,
    RiverEntry,
)

__all__ = ["MAX_TILE_TEXT", "OBJECTIVE_FIELDS", "check_objective_face", "check_river_face",
           "is_island", "place_objective_faces", "place_river", "river_choices",
           "river_value", "slot_season"]

MAX_TILE_TEXT = 200  # characters in one typed tile field
OBJECTIVE_FIELDS = ("season", "full", "mitigated", "cost")
Say = Callable[..., str]


def slot_season(k: int) -> int:
    """The season of the River's place ``k`` (0-based: round ``k + 1``)."""
    return season_of(k + 1)


def is_island(k: int) -> bool:
    return k % 4 == 3


def river_value(text: str, box: Components) -> str | dict[str, str]:
    """What the page's field for one River place holds: ``""``, a tile id of the box (the
    field's first word, as the picker writes it: ``"W1a · Fishing: +2 Food"``), or a face."""
    text = text.strip()
    if not text:
        return ""
    head = text.split()[0]
    if head in box.river_by_id or any(i.id == head for i in box.islands):
        return head
    return {"effect": text}


def river_choices(box: Components, season: int, describe: Callable[[RiverTile], str]
                  ) -> list[str]:
    """The picker's offers for a place of ``season``: each tile the box prints (not those it
    leaves unknown), as ``"W1a · Fishing: +2 Food"``."""
    return [f"{t.id} · {describe(t)}" for t in box.river
            if t.season == season and t.id not in box.unknown]


def check_river_face(raw: dict[str, Any], season: int, lang: str
                     ) -> tuple[RiverTile | None, str]:
    """The face ``raw`` describes at a place of ``season`` (its id: the season's first slot,
    replaced when placed), or None and the message of the field that does not fit."""
    draft = BoxDraft(lang=lang)
    effect, name = raw.get("effect", ""), raw.get("name", "")
    if not isinstance(effect, str) or not isinstance(name, str) or len(effect) > MAX_TILE_TEXT:
        return None, draft.say("table.bad_shape", what=draft.say("table.shape_effect"))
    name = name.strip() or draft.say("table.river_tile")
    checked = draft.check_river(RiverEntry(id=RIVER_SLOTS[season][0], season=str(season),
                                           name=name, effect=effect))
    if checked.errors:
        return None, checked.errors.get("effect") or next(iter(checked.errors.values()))
    table = checked.table
    return RiverTile(id=table["id"], season=season, name=table["name"],
                     gains=Gains(**table.get("gains", {})),
                     losses=Losses(**table.get("losses", {}))), ""


def place_river(box: Components, entries: list[Any], shown: int, position: dict[str, Any],
                faces: dict[str, Face], errors: dict[str, str], say: Say, lang: str) -> None:
    """Put the entered River tiles in the position's River, places ``0..shown-1``; each one
    that does not fit is named (``river.K``); a face typed in goes to ``faces``."""
    if len(entries) > shown:
        errors["river"] = say("table.river_count", n=shown)
        return
    river: list[str] = position["river"]
    for k, raw in enumerate(entries):
        if raw in ("", None, {}):
            continue
        path, season = f"river.{k}", slot_season(k)
        if is_island(k):
            if raw != river[k]:
                errors[path] = say("table.river_island", round=k + 1, id=river[k])
            continue
        ident = _river_tile(box, raw, season, river, k, faces, path, errors, say, lang)
        if ident is None:
            continue
        if ident in river:
            j = river.index(ident)
            river[k], river[j] = river[j], river[k]
        else:
            river[k] = ident  # a tile of the box this game had left out


def _river_tile(box: Components, raw: Any, season: int, river: list[str], k: int,
                faces: dict[str, Face], path: str, errors: dict[str, str], say: Say,
                lang: str) -> str | None:
    """The id the entry at place ``k`` becomes (its face in ``faces`` when unknown)."""
    before = river[:k]
    if isinstance(raw, str):
        tile = box.river_by_id.get(raw)
        if tile is None or tile.season != season:
            fits = [t.id for t in box.river if t.season == season and t.id not in before]
            errors[path] = say("table.bad_choice", options=", ".join(fits))
            return None
        if raw in before:
            errors[path] = say("table.river_twice")
            return None
        if raw in box.unknown:
            faces[raw] = face_of(box, raw)  # the reference set's tile of that id
        return raw
    if not isinstance(raw, dict) or len(raw) > 2:
        errors[path] = say("table.bad_shape", what=say("table.shape_tile"))
        return None
    face, message = check_river_face(raw, season, lang)
    if face is None:
        errors[path] = message
        return None
    ident = _slot_for(box, face, [t for t in box.river if t.season == season], before,
                      [river[k]], faces)
    if ident is None:
        errors[path] = say("table.no_tile", season=season)
        return None
    if ident in box.unknown:
        faces[ident] = replace(face, id=ident)
    return ident


def _slot_for(box: Components, face: Face, tiles: list[Any], taken: list[str],
              here: list[str], faces: dict[str, Face]) -> str | None:
    """A tile of ``tiles`` that may carry ``face``: one the box prints with that face, else
    one it leaves unknown and not yet given a face (those in ``here`` first: the default
    game's tile at that place); None if none is left."""
    free = [t for t in tiles if t.id not in taken and t.id not in faces]
    for t in free:
        if t.id not in box.unknown and face_values(t) == face_values(face):
            return str(t.id)
    unknown = sorted((t.id for t in free if t.id in box.unknown), key=lambda i: i not in here)
    return unknown[0] if unknown else None


# ---------------------------------------------------------------- Objectives by face

def check_objective_face(raw: dict[str, Any], season_now: int, lang: str
                         ) -> tuple[ObjectiveTile | None, dict[str, str]]:
    """The Objective face ``raw`` describes (revealed by season ``season_now``), or None and
    each field's message (``season``, ``full``, ``mitigated``, ``cost``)."""
    draft = BoxDraft(lang=lang)
    texts = {k: raw.get(k, "") for k in OBJECTIVE_FIELDS}
    bad = [k for k, v in texts.items() if not isinstance(v, str) or len(v) > MAX_TILE_TEXT]
    if bad:
        said = draft.say("table.bad_shape", what=draft.say("table.shape_text"))
        return None, dict.fromkeys(bad, said)
    season = texts["season"].strip()
    if season in ("1", "2", "3") and int(season) > season_now:
        return None, {"season": draft.say("table.bad_number", low=1, high=season_now)}
    slot = OBJECTIVE_SLOTS[int(season)][0] if season in ("1", "2", "3") else ""
    checked = draft.check_objective(ObjectiveEntry(
        id=slot, season=season, full=texts["full"], mitigated=texts["mitigated"],
        cost=texts["cost"]))
    if checked.errors:
        return None, checked.errors
    t = checked.table
    return ObjectiveTile(
        id=slot, season=int(season),
        full=tuple(Requirement(**r) for r in t["full"]),
        mitigated=tuple(Requirement(**r) for r in t["mitigated"]),
        mitigate_cost=Gains(**t["mitigate_cost"])), {}


def place_objective_faces(box: Components, entries: list[Any], season_now: int,
                          position: dict[str, Any], faces: dict[str, Face],
                          errors: dict[str, str], say: Say, lang: str) -> None:
    """Reveal the Objectives typed by their face (after those picked by id): each becomes the
    box's tile with that face, else an unknown one of its season given that face."""
    stacks: list[list[str]] = position["objective_stacks"]
    revealed: list[list[Any]] = position["objectives"]
    for i, raw in enumerate(entries):
        path = f"objective_faces.{i}"
        if not isinstance(raw, dict):
            errors[path] = say("table.bad_shape", what=say("table.shape_table"))
            continue
        face, problems = check_objective_face(raw, season_now, lang)
        for key, message in problems.items():
            errors[f"{path}.{key}"] = message
        if face is None:
            continue
        taken = [str(t) for t, _m in revealed]
        stack = stacks[face.season - 1]
        ident = _slot_for(box, face, [o for o in box.objectives if o.season == face.season],
                          taken, stack, faces)
        if ident is None:
            errors[path] = say("table.no_objective", season=face.season)
            continue
        if ident in stack:
            stack.remove(ident)
        elif stack:
            stack.pop()  # a tile this game had left out takes the place of one dealt
        else:
            errors[path] = say("table.objectives_full", season=face.season)
            continue
        if ident in box.unknown:
            faces[ident] = replace(face, id=ident)
        revealed.append([ident, raw.get("flipped") is True])
