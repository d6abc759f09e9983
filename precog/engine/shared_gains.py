"""Gains met again and again while gains are placed, shared as one object each.

Placing gains is close to half of a game's steps. Each placement used to build three new
:class:`Gains` (what stays on offer, what the player took, what it received from its cards).
Here each result is computed once and kept with the very objects it came from, and found
again by identity: the offers come from a few shared values (a pair of cards, a River tile),
what a player took starts each round from ``NO_GAINS``, and every result kept here is itself
shared, so the next lookups find it too. An entry holds the objects its key names, so no key
can name a later object of the same ``id``. The tables are bounded; a value met once costs
no more than before.
"""

from __future__ import annotations

from precog.engine.components import NO_GAINS, Gains, make_gains

_MOST = 50_000
_AFTER: dict[int, tuple[Gains, Gains]] = {}
_SUMS: dict[tuple[int, int], tuple[Gains, Gains, Gains]] = {}
_LISTED = 16


def after_placing(offer: Gains) -> Gains:
    """What stays on offer once the first kind of ``offer`` still on it is placed (taken,
    declined or partly taken: the rest of that kind is declined): Food, then Humans, then
    Ymunes, then healing, then one Battery at a time. ``NO_GAINS`` itself when nothing stays."""
    found = _AFTER.get(id(offer))
    if found is not None and found[0] is offer:
        return found[1]
    if len(_AFTER) >= _MOST:
        _AFTER.clear()
    g = offer
    if g.food:
        rest = (0, g.human, g.battery, g.ymune, g.doctor, g.protector, g.heal)
    elif g.human:
        rest = (0, 0, g.battery, g.ymune, g.doctor, g.protector, g.heal)
    elif g.ymune or g.doctor or g.protector:
        rest = (0, 0, g.battery, 0, 0, 0, g.heal)
    elif g.heal:
        rest = (0, 0, g.battery, 0, 0, 0, 0)
    else:
        rest = (0, 0, g.battery - 1, 0, 0, 0, 0)
    shared = one_of(rest)
    _AFTER[id(offer)] = (offer, shared)
    return shared


known_rest = _AFTER.get
"""``known_rest(id(offer))``: ``(offer, rest)`` once :func:`after_placing` has answered for
that offer (check ``[0] is offer``), else None: the look-up alone, which the placing step
makes itself before it calls :func:`after_placing` (a placement is half of a game's steps)."""


def one_of(values: tuple[int, ...]) -> Gains:
    """The shared :class:`Gains` of these seven amounts (field order); ``NO_GAINS`` for none."""
    found = _BY_VALUE.get(values)
    if found is None:
        if len(_BY_VALUE) >= _MOST:
            _BY_VALUE.clear()
            _BY_VALUE[_NOTHING] = NO_GAINS
        found = _BY_VALUE[values] = make_gains(*values)
    return found


def shared_value(gains: Gains) -> Gains:
    """The shared object of the value of ``gains`` (for offers made anew: a pair of cards met
    for the first time, the sum of the machines that triggered)."""
    return one_of(gains.astuple())


_NOTHING = (0,) * 7
_BY_VALUE: dict[tuple[int, ...], Gains] = {_NOTHING: NO_GAINS}


def plus(total: Gains, more: Gains) -> Gains:
    """``total + more``, one shared object for each pair of shared objects."""
    key = (id(total), id(more))
    found = _SUMS.get(key)
    if found is not None and found[0] is total and found[1] is more:
        return found[2]
    if len(_SUMS) >= _MOST:
        _SUMS.clear()
    result = total + more
    _SUMS[key] = (total, more, result)
    return result


def _one_kind(index: int) -> tuple[Gains, ...]:
    """``n`` of one kind (``index`` in field order) for ``n`` below 16; 0 is ``NO_GAINS``."""
    made = [NO_GAINS]
    for n in range(1, _LISTED):
        values = [0] * 7
        values[index] = n
        made.append(make_gains(*values))
    return tuple(made)


FOOD, HUMANS, DOCTORS, PROTECTORS = _one_kind(0), _one_kind(1), _one_kind(4), _one_kind(5)
ONE_BATTERY = make_gains(0, 0, 1, 0, 0, 0, 0)
_YMUNES: dict[tuple[int, int], Gains] = {}


def food(n: int) -> Gains:
    """``n`` Food, shared."""
    return FOOD[n] if 0 <= n < _LISTED else make_gains(n, 0, 0, 0, 0, 0, 0)


def humans(n: int) -> Gains:
    """``n`` Humans, shared."""
    return HUMANS[n] if 0 <= n < _LISTED else make_gains(0, n, 0, 0, 0, 0, 0)


def ymunes(doctors: int, protectors: int) -> Gains:
    """``doctors`` Doctors and ``protectors`` Protectors, shared."""
    found = _YMUNES.get((doctors, protectors))
    if found is None:
        if len(_YMUNES) >= _MOST:
            _YMUNES.clear()
        found = make_gains(0, 0, 0, 0, doctors, protectors, 0)
        if found == NO_GAINS:
            found = NO_GAINS
        _YMUNES[doctors, protectors] = found
    return found
