"""Placing what a player receives (from cards, machines or the River), one kind at a time.

Order: Food, Humans, Ymunes (Doctor or Protector), healing, then each Battery. Any part of a
gain may be declined: ``food 1`` when 3 are on offer takes 1.

What a player takes from its activated cards is kept in ``PlayerState.received`` (line-1
Machine conditions look at it): a declined resource is not received, a Battery lost for want
of a free slot was received (and then lost).
"""

from __future__ import annotations

from functools import lru_cache

from precog.engine.actions import (
    Action,
    Heal,
    PlaceBattery,
    PlaceYmunes,
    TakeFood,
    TakeHumans,
    shared,
)
from precog.engine.components import NO_GAINS, Gains, make_gains
from precog.engine.fastcopy import replace_with, updater
from precog.engine.formulas import healed
from precog.engine.refusals import Refusal
from precog.engine.refusals import RefusalCode as R
from precog.engine.state import GameState, PlayerState, Step


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
    face_advanced = state.config.advanced
    free = []
    for i, room_id in enumerate(p.rooms[:2]):
        machines = state.components.room_by_id[room_id].face(face_advanced)
        for j, machine in enumerate(machines):
            m = 3 * i + j
            if p.batteries[m] < machine.batteries:
                free.append(m)
    return free


def options(state: GameState) -> list[Action]:
    g = state.pending
    kind = current_kind(g)
    if kind == "food":
        return [_take_food(n) for n in range(g.food, -1, -1)]
    if kind == "human":
        return [_take_humans(n) for n in range(g.human, -1, -1)]
    if kind == "ymune":
        return list(_ymune_options(g.doctor, g.protector, g.ymune))
    if kind == "heal":
        top = healed(g.heal, state.players[state.to_move].contaminated)
        return [_heal(n) for n in range(top, -1, -1)]
    acts: list[Action] = [_place_battery(m) for m in battery_slots(state, state.to_move)]
    return acts + [_place_battery(None)]


_take_food, _take_humans, _heal = shared(TakeFood), shared(TakeHumans), shared(Heal)
_place_ymunes, _place_battery = shared(PlaceYmunes), shared(PlaceBattery)


@lru_cache(maxsize=1024)
def _ymune_options(doctor: int, protector: int, ymune: int) -> tuple[Action, ...]:
    """The :class:`PlaceYmunes` options of an offer (a few offers recur all game)."""
    offer = make_gains(0, 0, 0, ymune, doctor, protector, 0)
    return tuple(_place_ymunes(d, p) for d, p in _ymune_splits(offer))


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
        return Refusal.of(R.GAINS_EXPECTED, kind=kind, offer=tuple(g.items()),
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
            return Refusal.of(R.YMUNES_DONT_FIT, doctors=action.doctors,
                              protectors=action.protectors, offer=tuple(g.items()))
        return None
    assert isinstance(action, PlaceBattery)
    if action.machine is not None and action.machine not in battery_slots(state, state.to_move):
        free = tuple(f"m{m + 1}" for m in battery_slots(state, state.to_move))
        return Refusal.of(R.BATTERY_SLOT_FULL, machine=action.machine + 1, free=free)
    return None


def _amount(n: int, top: int, kind: str) -> Refusal | None:
    if 0 <= n <= top:
        return None
    return Refusal.of(R.TAKE_RANGE, kind=kind, top=top, n=n)


def play(state: GameState, action: Action) -> GameState:
    seat = state.to_move
    p = state.players[seat]
    g = state.pending
    source = state.pending_source
    bump = NO_GAINS  # what this action adds to what the player took
    received = p.received
    changes: dict[str, object]
    if isinstance(action, TakeFood):
        n = action.amount
        changes = {"food": p.food + n}
        bump = make_gains(n, 0, 0, 0, 0, 0, 0)
        g = make_gains(0, g.human, g.battery, g.ymune, g.doctor, g.protector, g.heal)
    elif isinstance(action, TakeHumans):
        n = action.amount
        changes = {"contaminated": p.contaminated + n}
        bump = make_gains(0, n, 0, 0, 0, 0, 0)
        g = make_gains(0, 0, g.battery, g.ymune, g.doctor, g.protector, g.heal)
    elif isinstance(action, PlaceYmunes):
        d, q = action.doctors, action.protectors
        changes = {"doctors": p.doctors + d, "protectors": p.protectors + q}
        bump = make_gains(0, 0, 0, 0, d, q, 0)
        g = make_gains(0, 0, g.battery, 0, 0, 0, g.heal)
    elif isinstance(action, Heal):
        changes = {"contaminated": p.contaminated - action.amount,
                   "healthy": p.healthy + action.amount}
        g = make_gains(0, 0, g.battery, 0, 0, 0, 0)
    else:
        assert isinstance(action, PlaceBattery)
        m = action.machine
        if m is not None:
            bats = p.batteries
            changes = {"batteries": bats[:m] + (bats[m] + 1,) + bats[m + 1:]}
            bump = make_gains(0, 0, 1, 0, 0, 0, 0)
        else:
            changes = {}
            if source == "cards" and not battery_slots(state, seat):  # lost: still received
                received = received + make_gains(0, 0, 1, 0, 0, 0, 0)
        g = make_gains(0, 0, g.battery - 1, 0, 0, 0, 0)
    if source != "river":
        changes["taken"] = p.taken + bump
    if source == "cards":
        changes["received"] = received + bump
    players = list(state.players)
    players[seat] = replace_with(p, changes)
    return _placed(state, tuple(players), g)


_placed = updater(GameState, "players", "pending")


def offer(state: GameState, gains: Gains, source: str) -> GameState:
    """Put ``gains`` on offer to the player to move."""
    return _offered(state, gains, source, Step.GAINS)


_offered = updater(GameState, "pending", "pending_source", "step")
