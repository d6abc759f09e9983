"""Unknown faces: a partly-known box, and the worlds drawn from it.

A box (:class:`Components`) may leave the printed face of some cards, River tiles and
Objectives unknown (``components.unknown``): their deck, season and type are known, their
values are not. Those faces are hidden information, like the order of a deck:

* a game never runs on the box itself but on a *world*: the box with every unknown face given a
  value. :func:`draw_world` samples one from the **prior**: by default each unknown face is
  drawn, independently and uniformly, from the faces the reference set prints for the same
  deck, season and type (any deck's, for a deck the reference set lacks); an unknown River tile
  or Objective from the reference set's tiles of its season;
* :func:`seen_by` is what a player has seen of them: the faces on the table (Decision Zones,
  Action Zones, cards given, discards, revealed River tiles and Objectives) and in the player's
  own hand. A face once seen stays in the world for the rest of the game (components never change
  during a game) and every determinization keeps it;
* ``determinize`` redraws every unknown face the player has not seen, so an analysis never
  relies on a sampled value as if it were printed, and never on the real hidden one.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from precog.engine.components import (
    LOSS_KINDS,
    MITIGATION_RESOURCES,
    REQUIREMENT_RESOURCES,
    RESOURCE_GAINS,
    Card,
    Components,
    Gains,
    Losses,
    ObjectiveTile,
    Requirement,
    RiverTile,
)
from precog.engine.errors import PositionError
from precog.engine.problems import ErrorCode, Problem
from precog.engine.state import GameState, revealed_count

Face = Card | RiverTile | ObjectiveTile
PRIOR_TEXT = ("each unknown face drawn uniformly from the reference set's faces of the same "
              "deck, season and type (River tiles and Objectives: of the same season)")

MAX_REQUIREMENTS = 8  # requirements on one side of an Objective face read from a position
_POOLS: dict[tuple[str, str], dict[str, tuple[Face, ...]]] = {}


def face_of(comps: Components, ident: str) -> Face:
    """The face ``ident`` (a card, River tile or Objective id) has in ``comps``."""
    found: Face | None = (comps.cards.get(ident) or comps.river_by_id.get(ident)
                          or comps.objective_by_id.get(ident))
    if found is None:
        raise KeyError(ident)
    return found


def prior_pools(box: Components, prior: Components) -> dict[str, tuple[Face, ...]]:
    """Unknown id -> the faces it may have (the prior's, re-labelled with the id)."""
    key = (box.box_id, prior.fingerprint)
    found = _POOLS.get(key)
    if found is None:
        if len(_POOLS) > 16:
            _POOLS.clear()
        found = _POOLS[key] = {i: prior_face_pool(face_of(box, i), prior)
                               for i in sorted(box.unknown)}
    return found


def prior_face_pool(slot: Face, prior: Components) -> tuple[Face, ...]:
    """The faces the prior offers for ``slot``, re-labelled with its id."""
    if isinstance(slot, Card):
        decks = [prior.decks[slot.deck]] if slot.deck in prior.decks else list(
            prior.decks.values())
        pool: list[Face] = [replace(c, id=slot.id, deck=slot.deck, name="") for d in decks
                            for c in d if c.season == slot.season and c.type is slot.type]
    elif isinstance(slot, RiverTile):
        pool = [replace(t, id=slot.id, name=slot.name) for t in prior.river
                if t.season == slot.season]
    else:
        pool = [replace(o, id=slot.id) for o in prior.objectives if o.season == slot.season]
    if not pool:
        raise PositionError(Problem.of(ErrorCode.FACES_NO_PRIOR, id=slot.id))
    return tuple(pool)


def prior_of(comps: Components) -> Components:
    """The set ``comps.prior`` names; the reference set is the only prior so far."""
    from precog.engine.data_loading import reference_components

    del comps  # every box names the reference set as its prior for now
    return reference_components()


def draw_world(comps: Components, rng: random.Random,
               keep: Iterable[str] = ()) -> Components:
    """A world of ``comps``: every unknown face not in ``keep`` drawn from the prior, the faces
    in ``keep`` as ``comps`` has them. ``comps`` itself when nothing is unknown.

    The draw reads only the ids, the kept faces and ``rng``: never a face it replaces.
    """
    if not comps.unknown:
        return comps
    kept = set(keep)
    pools = prior_pools(comps, prior_of(comps))
    faces: dict[str, Face] = {}
    for ident in sorted(comps.unknown):
        if ident in kept:
            faces[ident] = face_of(comps, ident)
        else:
            pool = pools[ident]
            faces[ident] = pool[rng.randrange(len(pool))]
    return with_faces(comps, faces)


def world_with(box: Components, faces: Mapping[str, Face], rng: random.Random) -> Components:
    """A world of ``box`` where ``faces`` hold (faces seen at a real table: facts) and every
    other unknown face is drawn from the prior. What a position editor builds its state on."""
    entered = {i: f for i, f in faces.items() if i in box.unknown}
    return draw_world(with_faces(box, entered), rng, keep=entered)


def with_faces(comps: Components, faces: Mapping[str, Face]) -> Components:
    """``comps`` with the given unknown faces replaced: a world of the same box."""
    if not faces:
        return comps
    cards = {i: f for i, f in faces.items() if isinstance(f, Card)}
    river = {i: f for i, f in faces.items() if isinstance(f, RiverTile)}
    objectives = {i: f for i, f in faces.items() if isinstance(f, ObjectiveTile)}
    decks = {code: tuple(cards.get(c.id, c) for c in deck) for code, deck in comps.decks.items()}
    box = comps.box_id
    digest = hashlib.sha256(box.encode())
    for ident in sorted(comps.unknown):
        digest.update(repr(face_values(face_of(comps, ident) if ident not in faces
                                       else faces[ident])).encode())
    return Components(
        name=comps.name, decks=decks, prescients=comps.prescients,
        distribution=comps.distribution, rooms=comps.rooms,
        river=tuple(river.get(t.id, t) for t in comps.river), islands=comps.islands,
        coop_river=comps.coop_river,
        objectives=tuple(objectives.get(o.id, o) for o in comps.objectives),
        fingerprint=digest.hexdigest()[:12], unknown=comps.unknown, box_fingerprint=box,
        prior=comps.prior)


def face_values(face: Face) -> tuple[Any, ...]:
    """What is printed on a face, beyond its id, deck, season and type."""
    if isinstance(face, Card):
        return (face.cost, face.gain, face.bonus.astuple(), face.bane)
    if isinstance(face, RiverTile):
        return (face.gains.astuple(), face.losses.astuple())
    return (tuple((r.resource, r.amount, r.scope) for r in face.full),
            tuple((r.resource, r.amount, r.scope) for r in face.mitigated),
            face.mitigate_cost.astuple())


def seen_by(state: GameState, seat: int) -> frozenset[str]:
    """Ids of the unknown faces ``seat`` has seen: on the table or in its own hand."""
    unknown = state.components.unknown
    if not unknown:
        return frozenset()
    ids: set[str] = set(state.players[seat].hand)
    for p in state.players:
        ids.update(p.decision_zone, p.action_zone, p.discard)
        if p.gave:
            ids.add(p.gave)
    ids.update(state.river[:revealed_count(state)])
    ids.update(t for t, _ in state.objectives)
    return frozenset(ids & unknown)


def seen_faces(state: GameState, seat: int) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """The unknown faces ``seat`` has seen, with their values (what an observation shows)."""
    comps = state.components
    return tuple((i, face_values(face_of(comps, i))) for i in sorted(seen_by(state, seat)))


# ---------------------------------------------------------------- saving a world's faces

def faces_json(comps: Components) -> dict[str, Any]:
    """The faces a world gives its unknown ids, as plain JSON data."""
    out: dict[str, Any] = {}
    for ident in sorted(comps.unknown):
        face = face_of(comps, ident)
        if isinstance(face, Card):
            out[ident] = {"cost": "X" if face.cost is None else face.cost,
                          "gain": "X" if face.gain is None else face.gain,
                          "bonus": dict(face.bonus.items()), "bane": face.bane}
            if face.name:  # a card entered by its name keeps it
                out[ident]["name"] = face.name
        elif isinstance(face, RiverTile):
            out[ident] = {"gains": dict(face.gains.items()), "losses": dict(face.losses.items())}
        else:
            out[ident] = _objective_json(face)
    return out


def _objective_json(face: ObjectiveTile) -> dict[str, Any]:
    """``{"like": id}`` for a face the reference set prints; else the face itself, as in
    ``objectives.toml`` (an Objective entered at a real table)."""
    from precog.engine.data_loading import reference_components

    for o in reference_components().objectives:
        if o.season == face.season and face_values(o) == face_values(face):
            return {"like": o.id}
    return {"full": [_requirement_json(r) for r in face.full],
            "mitigated": [_requirement_json(r) for r in face.mitigated],
            "mitigate_cost": dict(face.mitigate_cost.items())}


def _requirement_json(req: Requirement) -> dict[str, Any]:
    return {"resource": req.resource, "amount": req.amount, "scope": req.scope}


def read_objective_face(slot: ObjectiveTile, raw: Mapping[str, Any]) -> ObjectiveTile:
    """An Objective face written as in ``objectives.toml`` (``full``, ``mitigated``,
    ``mitigate_cost``) for ``slot``, checked as the loader checks a tile (each requirement's
    resource, amount and scope; a mitigated side that is easier than the full one)."""
    from precog.engine.data_loading import _easier

    def bad() -> PositionError:
        return PositionError(Problem.of(ErrorCode.FACES_OBJECTIVE, id=slot.id, season=slot.season))

    def side(value: object) -> tuple[Requirement, ...]:
        if not isinstance(value, list) or not 1 <= len(value) <= MAX_REQUIREMENTS:
            raise bad()
        out = []
        for r in value:
            if (not isinstance(r, dict) or set(r) != {"resource", "amount", "scope"}
                    or r["resource"] not in REQUIREMENT_RESOURCES
                    or type(r["amount"]) is not int or not 1 <= r["amount"] <= 99
                    or r["scope"] not in ("one", "each")):
                raise bad()
            out.append(Requirement(str(r["resource"]), int(r["amount"]), str(r["scope"])))
        return tuple(out)

    if set(raw) != {"full", "mitigated", "mitigate_cost"}:
        raise bad()
    full, mitigated = side(raw["full"]), side(raw["mitigated"])
    if not all(any(_easier(easy, hard) for hard in full) for easy in mitigated):
        raise bad()
    cost = raw["mitigate_cost"]
    if (not isinstance(cost, dict) or not cost
            or any(k not in MITIGATION_RESOURCES or type(v) is not int or not 0 <= v <= 9
                   for k, v in cost.items())):
        raise bad()
    return ObjectiveTile(id=slot.id, season=slot.season, full=full, mitigated=mitigated,
                         mitigate_cost=Gains(**{str(k): int(v) for k, v in cost.items()}))


def world_from_json(box: Components, data: object, seed: int,
                    seen: frozenset[str] = frozenset()) -> Components:
    """The world ``data`` (from :func:`faces_json`) describes. Unknown ids it leaves out are
    drawn from the prior (seeded by ``seed``) unless they are in ``seen``: a face on the table
    must be given, never invented."""
    if not isinstance(data, dict):
        raise PositionError(Problem.of(ErrorCode.FACES_NOT_TABLE, got=repr(data)[:40]))
    for ident in data:
        if ident not in box.unknown:
            raise PositionError(Problem.of(ErrorCode.FACES_NOT_UNKNOWN, id=ident, box=box.name))
    missing = sorted(seen - set(data))
    if missing:
        raise PositionError(Problem.of(ErrorCode.FACES_ON_TABLE, ids=missing[:5]))
    faces = {i: _read_face(face_of(box, i), data[i]) for i in sorted(data)}
    return world_with(box, faces, random.Random(seed))


def _face_name(slot: Face, value: object) -> str:
    """A card face's name in a position's faces: a text of at most 80 characters."""
    if not isinstance(value, str) or len(value) > 80:
        raise PositionError(Problem.of(ErrorCode.FACES_NAME, id=slot.id, got=value))
    return value


def _read_face(slot: Face, raw: object) -> Face:
    from precog.engine.data_loading import MAX_BANE, MAX_VALUE, reference_components

    def number(value: object, high: int, x: bool = False) -> int | None:
        if x and value == "X":
            return None
        if type(value) is not int or not 0 <= value <= high:
            raise PositionError(Problem.of(ErrorCode.FACES_NUMBER, id=slot.id, high=high,
                                           x=" / X" if x else "", got=value))
        return value

    def amounts(value: object, names: tuple[str, ...]) -> dict[str, int]:
        if not isinstance(value, dict) or any(k not in names for k in value):
            raise PositionError(Problem.of(ErrorCode.FACES_AMOUNTS, id=slot.id, names=list(names),
                                           got=value))
        return {str(k): int(number(v, MAX_VALUE) or 0) for k, v in value.items()}

    if not isinstance(raw, dict):
        raise PositionError(Problem.of(ErrorCode.FACES_ENTRY, id=slot.id, got=raw))
    if isinstance(slot, Card):
        return replace(slot, cost=number(raw.get("cost"), MAX_VALUE, True),
                       gain=number(raw.get("gain"), MAX_VALUE, True),
                       bonus=Gains(**amounts(raw.get("bonus", {}), RESOURCE_GAINS)),
                       bane=number(raw.get("bane", 0), MAX_BANE) or 0,
                       name=_face_name(slot, raw.get("name", "")))
    if isinstance(slot, RiverTile):
        return replace(slot, gains=Gains(**amounts(raw.get("gains", {}), RESOURCE_GAINS)),
                       losses=Losses(**amounts(raw.get("losses", {}), LOSS_KINDS)))
    if "like" not in raw:
        return read_objective_face(slot, raw)
    like = reference_components().objective_by_id.get(str(raw.get("like")))
    if like is None or like.season != slot.season:
        raise PositionError(Problem.of(ErrorCode.FACES_OBJECTIVE, id=slot.id, season=slot.season))
    return replace(like, id=slot.id)
