"""Placing what a player receives (from cards, machines or the River), one kind at a time.

Order: Food, Humans, Ymunes (Doctor or Protector), healing, then each Battery. Any part of a
gain may be declined: ``food 1`` when 3 are on offer takes 1.

What a player takes from its activated cards is kept in ``PlayerState.received`` (line-1
Machine conditions look at it): a declined resource is not received, a Battery lost for want
of a free slot was received (and then lost).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from precog.engine import shared_gains
from precog.engine.actions import (
    Action,
    Heal,
    PlaceBattery,
    PlaceYmunes,
    TakeFood,
    TakeHumans,
    shared,
)
from precog.engine.components import NO_GAINS, Gains, Machine, MachineRoom, make_gains
from precog.engine.fastcopy import updater
from precog.engine.formulas import healed
from precog.engine.refusals import Refusal, RefusalCode
from precog.engine.shared_gains import ONE_BATTERY, after_placing, plus
from precog.engine.state import MACHINES_PER_ROOM, STEP_GAINS, GameState, PlayerState


def heal(p: PlayerState) -> PlayerState:
    """Each Doctor heals one Contaminated Human (all of them if there are enough Doctors)."""
    n = healed(p.doctors, p.contaminated)
    return _healed(p, p.healthy + n, p.contaminated - n) if n else p


_healed = updater(PlayerState, "healthy", "contaminated")


def current_kind(pending: Gains) -> str:
    if pending.food:
        return "food"
    if pending.human:
        return "human"
    if pending.ymune or pending.doctor or pending.protector:
        return "ymune"
    if pending.heal:
        return "heal"
    if pending.battery:
        return "battery"
    return ""


def battery_slots(state: GameState, seat: int) -> list[int]:
    """Machines (0..5) of ``seat`` with a free Battery slot."""
    p = state.players[seat]
    batteries = p.batteries
    return [m for m, top in enumerate(capacities(state, p.rooms)) if batteries[m] < top]


def capacities(state: GameState, rooms: tuple[str, ...]) -> tuple[int, ...]:
    """The Battery slots of each machine (0..5) of ``rooms`` on the setup's face (a room not
    chosen yet: none)."""
    return machines_of(state, rooms)[0]


def machines_of(state: GameState, rooms: tuple[str, ...]
                ) -> tuple[tuple[int, ...], tuple[Machine, ...]]:
    """The Battery slots and the Machines (0..5) of ``rooms`` on the setup's face, read once
    per pair of rooms (a room not chosen yet: none)."""
    by_id, advanced = state.components.room_by_id, state.config.setup == "advanced"
    table = _ADVANCED if advanced else _STANDARD
    found = table.get(rooms)
    if found is not None and found[0] is by_id:
        return found[1]
    return _read_machines(table, by_id, advanced, rooms)


def _read_machines(table: dict[tuple[str, ...], tuple[dict[str, MachineRoom], tuple[
                       tuple[int, ...], tuple[Machine, ...]]]],
                   by_id: dict[str, MachineRoom], advanced: bool, rooms: tuple[str, ...]
                   ) -> tuple[tuple[int, ...], tuple[Machine, ...]]:
    """:func:`machines_of` for rooms not met yet in ``by_id`` (the rooms of another box: the
    same rooms are kept, read again from ``by_id``). Apart so that the lookup above builds no
    closure for these comprehensions at each call."""
    found = table.get(rooms)
    if found is not None:
        known = found[0]
        if all(known[room] is by_id[room] for room in rooms[:2]):
            table[rooms] = (by_id, found[1])
            return found[1]
    if len(table) >= _MOST_CAPACITIES:
        table.clear()
    machines = tuple(machine for room_id in rooms[:2]
                     for machine in by_id[room_id].face(advanced))
    value = (tuple(machine.batteries for machine in machines), machines)
    table[rooms] = (by_id, value)
    return value


_STANDARD: dict[tuple[str, ...], tuple[dict[str, MachineRoom],
                                       tuple[tuple[int, ...], tuple[Machine, ...]]]] = {}
"""The Battery slots and Machines of each pair of rooms met so far on the standard faces,
with the rooms they were read from (positions of one box share them; another box's rooms of
the same ids are read again)."""
_ADVANCED: dict[tuple[str, ...], tuple[dict[str, MachineRoom],
                                       tuple[tuple[int, ...], tuple[Machine, ...]]]] = {}
"""The same on the advanced faces."""
_MOST_CAPACITIES = 10_000


def options(state: GameState) -> list[Action]:
    g = state.pending
    if g.food:
        return list(_TAKE_FOOD[g.food] if 0 < g.food < _LISTED else _listed(_take_food, g.food))
    if g.human:
        return list(_TAKE_HUMANS[g.human] if 0 < g.human < _LISTED
                    else _listed(_take_humans, g.human))
    if g.ymune or g.doctor or g.protector:
        return list(_ymune_options(g.doctor, g.protector, g.ymune))
    if g.heal:
        top = healed(g.heal, state.players[state.to_move].contaminated)
        return list(_HEALS[top] if 0 <= top < _LISTED else _listed(_heal, top))
    p = state.players[state.to_move]  # each machine with a free slot, then none
    listed: list[Action] = [place for place, top, placed in zip(
        _PLACE_ON, machines_of(state, p.rooms)[0], p.batteries) if placed < top]
    listed.append(_NO_BATTERY)
    return listed


def _listed(make: Callable[[int], Action], top: int) -> tuple[Action, ...]:
    """``make(n)`` for ``n`` from ``top`` down to 0: taking all, some or none."""
    return tuple(make(n) for n in range(top, -1, -1))


_take_food, _take_humans, _heal = shared(TakeFood), shared(TakeHumans), shared(Heal)
place_ymunes, _place_battery = shared(PlaceYmunes), shared(PlaceBattery)
"""``PlaceYmunes(doctors, protectors)``: the one object of that split that the options list."""
_LISTED = 16  # offers below this many of a kind are listed from a table
_TAKE_FOOD = [_listed(_take_food, n) for n in range(_LISTED)]
_TAKE_HUMANS = [_listed(_take_humans, n) for n in range(_LISTED)]
_HEALS = [_listed(_heal, n) for n in range(_LISTED)]
_NO_BATTERY = _place_battery(None)
_PLACE_ON = tuple(_place_battery(m) for m in range(2 * MACHINES_PER_ROOM))
"""``PlaceBattery(m)`` for each machine (0..5), looked up."""


@lru_cache(maxsize=1024)
def _ymune_options(doctor: int, protector: int, ymune: int) -> tuple[Action, ...]:
    """The :class:`PlaceYmunes` options of an offer (a few offers recur all game)."""
    offer = make_gains(0, 0, 0, ymune, doctor, protector, 0)
    return tuple(place_ymunes(d, p) for d, p in _ymune_splits(offer))


def _ymune_splits(g: Gains) -> list[tuple[int, int]]:
    """Every (Doctors, Protectors) placing some of the Ymunes on offer, most first.

    Free Ymunes fill either task; the work is the length of the answer (no pair is tried and
    dropped), and validate.py bounds the offer.
    """
    out: list[tuple[int, int]] = []
    for d in range(g.doctor + g.ymune, -1, -1):
        free_left = g.ymune - max(0, d - g.doctor)
        out.extend((d, p) for p in range(g.protector + free_left, -1, -1))
    return out


def _ymune_fits(g: Gains, doctors: int, protectors: int) -> bool:
    return (0 <= doctors <= g.doctor + g.ymune and protectors >= 0
            and max(0, doctors - g.doctor) + max(0, protectors - g.protector) <= g.ymune)


def why_illegal(state: GameState, action: Action) -> Refusal | None:
    g = state.pending
    kind = current_kind(g)
    expected = {"food": TakeFood, "human": TakeHumans, "ymune": PlaceYmunes, "heal": Heal,
                "battery": PlaceBattery}[kind]
    if not isinstance(action, expected):
        return Refusal.of(RefusalCode.GAINS_EXPECTED, kind=kind, offer=tuple(g.items()),
                          example=str(options(state)[0]))
    if isinstance(action, TakeFood):
        return _amount(action.amount, g.food, "food")
    if isinstance(action, TakeHumans):
        return _amount(action.amount, g.human, "human")
    if isinstance(action, Heal):
        top = healed(g.heal, state.players[state.to_move].contaminated)
        return _amount(action.amount, top, "heal")
    if isinstance(action, PlaceYmunes):
        if not _ymune_fits(g, action.doctors, action.protectors):
            return Refusal.of(RefusalCode.YMUNES_DONT_FIT, doctors=action.doctors,
                              protectors=action.protectors, offer=tuple(g.items()))
        return None
    assert isinstance(action, PlaceBattery)
    if action.machine is not None and action.machine not in battery_slots(state, state.to_move):
        free = tuple(f"m{m + 1}" for m in battery_slots(state, state.to_move))
        return Refusal.of(RefusalCode.BATTERY_SLOT_FULL, machine=action.machine + 1, free=free)
    return None


def _amount(n: int, top: int, kind: str) -> Refusal | None:
    if 0 <= n <= top:
        return None
    return Refusal.of(RefusalCode.TAKE_RANGE, kind=kind, top=top, n=n)


def play(state: GameState, action: Action) -> GameState:
    return still_placing(state, *placing(state, action))


def placing(state: GameState, action: Action) -> tuple[tuple[PlayerState, ...], Gains]:
    """The Boats after ``action`` and what stays on offer: :func:`play` without the copy of
    the position (the engine moves on from the last placement in that one copy)."""
    seat = state.to_move
    p = state.players[seat]
    source = state.pending_source
    kind = type(action)
    if kind is Heal:
        n = action.amount  # type: ignore[union-attr]
        p = _healed(p, p.healthy + n, p.contaminated - n)
    elif kind is PlaceBattery:
        p = _battery(state, seat, p, source, action.machine)  # type: ignore[union-attr]
    else:
        if kind is TakeFood:
            n = action.amount  # type: ignore[union-attr]
            took = _FOOD[n] if 0 <= n < _SHARED else shared_gains.food(n)
        elif kind is TakeHumans:
            n = action.amount  # type: ignore[union-attr]
            took = _HUMANS[n] if 0 <= n < _SHARED else shared_gains.humans(n)
        else:
            assert isinstance(action, PlaceYmunes)
            took = shared_gains.ymunes(action.doctors, action.protectors)
        taken, received = _took(p, source, took)
        if kind is TakeFood:
            p = _fed(p, p.food + n, taken, received)
        elif kind is TakeHumans:
            p = _boarded(p, p.contaminated + n, taken, received)
        else:
            p = _ymunes(p, p.doctors + took.doctor, p.protectors + took.protector, taken,
                        received)
    players = list(state.players)
    players[seat] = p
    offer = state.pending
    known = _known_rest(id(offer))  # after_placing(offer), answered before for this offer
    if known is not None and known[0] is offer:
        return tuple(players), known[1]
    return tuple(players), after_placing(offer)


_FOOD, _HUMANS = shared_gains.FOOD, shared_gains.HUMANS
_known_rest = shared_gains.known_rest
_SHARED = len(_FOOD)  # amounts below this are listed in both tables


def _took(p: PlayerState, source: str, took: Gains) -> tuple[Gains, Gains]:
    """``p.taken`` and ``p.received`` after taking ``took`` from ``source`` (unchanged when
    the source does not count for them)."""
    taken, received = p.taken, p.received
    if source != "river" and took is not NO_GAINS:
        if source == "cards":
            if received is taken:  # cards' gains placed first: the one shared value so far
                taken = received = plus(taken, took)
                return taken, received
            received = plus(received, took)
        taken = plus(taken, took)
    return taken, received


def _battery(state: GameState, seat: int, p: PlayerState, source: str,
             machine: int | None) -> PlayerState:
    """``p`` with a Battery on ``machine`` (None: declined, or lost for want of a free slot,
    which still counts as received from cards)."""
    if machine is not None:
        bats = p.batteries
        taken, received = _took(p, source, ONE_BATTERY)  # not passed as *args: a call
        return _charged(p, bats[:machine] + (bats[machine] + 1,) + bats[machine + 1:], taken,
                        received)  # with a star is not inlined by the interpreter
    if source == "cards" and not battery_slots(state, seat):  # lost: still received
        return _with_received(p, plus(p.received, ONE_BATTERY))
    return p


_fed = updater(PlayerState, "food", "taken", "received")
_boarded = updater(PlayerState, "contaminated", "taken", "received")
_ymunes = updater(PlayerState, "doctors", "protectors", "taken", "received")
_charged = updater(PlayerState, "batteries", "taken", "received")
_with_received = updater(PlayerState, "received")
still_placing = updater(GameState, "players", "pending")
"""``still_placing(state, players, rest)``: the position after a placement that leaves
``rest`` on offer (the Boats and ``rest`` from :func:`placing`)."""


def offer(state: GameState, gains: Gains, source: str) -> GameState:
    """Put ``gains`` on offer to the player to move."""
    return _offered(state, gains, source, STEP_GAINS)


_offered = updater(GameState, "pending", "pending_source", "step")
