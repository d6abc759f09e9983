"""Placing what a player receives (from cards, machines or the River), one kind at a time.

Order: Food, Humans, Ymunes (Doctor or Protector), healing, then each Battery. Any part of a
gain may be declined: ``food 1`` when 3 are on offer takes 1.

What a player takes from its activated cards is kept in ``PlayerState.received`` (line-1
Machine conditions look at it): a declined resource is not received, a Battery lost for want
of a free slot was received (and then lost).
"""

from __future__ import annotations

from precog.engine.actions import (
    Action,
    Heal,
    PlaceBattery,
    PlaceYmunes,
    TakeFood,
    TakeHumans,
)
from precog.engine.components import Gains
from precog.engine.fastcopy import replace
from precog.engine.state import GameState, Step


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
        return [TakeFood(n) for n in range(g.food, -1, -1)]
    if kind == "human":
        return [TakeHumans(n) for n in range(g.human, -1, -1)]
    if kind == "ymune":
        return [PlaceYmunes(d, p) for d, p in _ymune_splits(g)]
    if kind == "heal":
        top = min(g.heal, state.players[state.to_move].contaminated)
        return [Heal(n) for n in range(top, -1, -1)]
    acts: list[Action] = [PlaceBattery(m) for m in battery_slots(state, state.to_move)]
    return acts + [PlaceBattery(None)]


def _ymune_splits(g: Gains) -> list[tuple[int, int]]:
    out = []
    for d in range(g.doctor + g.ymune, -1, -1):
        for p in range(g.protector + g.ymune, -1, -1):
            if max(0, d - g.doctor) + max(0, p - g.protector) <= g.ymune:
                out.append((d, p))
    return out


def why_illegal(state: GameState, action: Action) -> str | None:
    g = state.pending
    kind = current_kind(g)
    expected = {"food": TakeFood, "human": TakeHumans, "ymune": PlaceYmunes, "heal": Heal,
                "battery": PlaceBattery}[kind]
    if not isinstance(action, expected):
        return f"first place the {kind} on offer ({g.describe()}), e.g. {options(state)[0]}"
    if isinstance(action, TakeFood):
        return _amount(action.amount, g.food, "Food")
    if isinstance(action, TakeHumans):
        return _amount(action.amount, g.human, "Humans")
    if isinstance(action, Heal):
        top = min(g.heal, state.players[state.to_move].contaminated)
        return _amount(action.amount, top, "Humans to heal")
    if isinstance(action, PlaceYmunes):
        if (action.doctors, action.protectors) not in _ymune_splits(g):
            return (f"{action.doctors} Doctors and {action.protectors} Protectors do not fit the "
                    f"Ymunes on offer ({g.describe()})")
        return None
    assert isinstance(action, PlaceBattery)
    if action.machine is not None and action.machine not in battery_slots(state, state.to_move):
        free = ", ".join(f"m{m + 1}" for m in battery_slots(state, state.to_move)) or "none"
        return f"machine m{action.machine + 1} has no free Battery slot (free: {free})"
    return None


def _amount(n: int, top: int, what: str) -> str | None:
    if 0 <= n <= top:
        return None
    return f"you can take 0 to {top} {what}, not {n}"


def play(state: GameState, action: Action) -> GameState:
    seat = state.to_move
    p = state.players[seat]
    g = state.pending
    keep_taken = state.pending_source != "river"
    t = p.taken
    before = t
    if isinstance(action, TakeFood):
        n = action.amount
        p = replace(p, food=p.food + n, taken=replace(t, food=t.food + n) if keep_taken else t)
        g = Gains(0, g.human, g.battery, g.ymune, g.doctor, g.protector, g.heal)
    elif isinstance(action, TakeHumans):
        n = action.amount
        p = replace(p, contaminated=p.contaminated + n,
                    taken=replace(t, human=t.human + n) if keep_taken else t)
        g = Gains(0, 0, g.battery, g.ymune, g.doctor, g.protector, g.heal)
    elif isinstance(action, PlaceYmunes):
        d, q = action.doctors, action.protectors
        p = replace(p, doctors=p.doctors + d, protectors=p.protectors + q,
                    taken=replace(t, doctor=t.doctor + d, protector=t.protector + q)
                    if keep_taken else t)
        g = Gains(0, 0, g.battery, 0, 0, 0, g.heal)
    elif isinstance(action, Heal):
        p = replace(p, contaminated=p.contaminated - action.amount,
                    healthy=p.healthy + action.amount)
        g = Gains(0, 0, g.battery, 0, 0, 0, 0)
    else:
        assert isinstance(action, PlaceBattery)
        bats = p.batteries
        if action.machine is not None:
            m = action.machine
            bats = bats[:m] + (bats[m] + 1,) + bats[m + 1:]
        placed = keep_taken and action.machine is not None
        p = replace(p, batteries=bats, taken=replace(t, battery=t.battery + 1) if placed else t)
        g = Gains(0, 0, g.battery - 1, 0, 0, 0, 0)
        if state.pending_source == "cards" and action.machine is None and not battery_slots(
                state, seat):
            p = replace(p, received=replace(p.received, battery=p.received.battery + 1))
    if state.pending_source == "cards":
        p = replace(p, received=p.received + _difference(p.taken, before))
    return state.with_player(seat, p, pending=g)


def _difference(after: Gains, before: Gains) -> Gains:
    return Gains(*(a - b for a, b in zip(after.astuple(), before.astuple(), strict=True)))


def offer(state: GameState, gains: Gains, source: str) -> GameState:
    """Put ``gains`` on offer to the player to move."""
    return replace(state, pending=gains, pending_source=source, step=Step.GAINS)
