"""Where a game's resources went, seat by seat: the balance targets' ledger.

Three targets of the reference set (docs/balance.md) are about flows, not end results:
Machines pay back their Batteries, the starting Food feeds the 4 starting Humans for two
seasons and no more, Bane matters in seasons 2 and 3. A :class:`Ledger` records them from a
game's moves, as ``play_on``'s ``on_move`` sees them (the position before, the action, the
position after), without touching the engine:

* **Machines**: each Battery a seat places on a Machine (from cards, Machines or the River);
  each time its powered Machines trigger (:func:`~precog.engine.action_phase.triggered_machines`
  on the position where the engine offers their effect) and what the seat took from them.
* **Food**: at each Island, the Food in the hold and the Healthy Humans to feed (found by
  replaying the move that reaches the Island with a hold too full to run out), those lost for
  want of Food, and the Food a seat took in each season.
* **Bane**: per round, the Humans lost to the Bane level (the level after the Action Zone's
  Bane and the Protectors returned, against the Humans on the Boat as the Action phase ends),
  the Protectors returned against Bane, and the Bane the Action Zone's cards added.

>>> ledger = Ledger(2)
>>> ledger.seats[0].batteries_placed
[0, 0, 0]
"""

from __future__ import annotations

from dataclasses import dataclass, field

from precog.engine import apply
from precog.engine.action_phase import triggered_machines
from precog.engine.actions import (
    Action,
    Heal,
    Mitigate,
    PlaceBattery,
    PlaceYmunes,
    SpendProtectors,
    TakeFood,
    TakeHumans,
)
from precog.engine.components import NO_GAINS, Gains
from precog.engine.fastcopy import replace
from precog.engine.formulas import season_of
from precog.engine.maintenance import bane_after_protectors
from precog.engine.state import BANE_MAX, FEEDING_ROUNDS, GameState, Phase, Step

SEASONS = 3
FULL_HOLD = 10_000
"""Food given to every Boat when the move reaching an Island is replayed: no Boat runs out."""


def _zeros() -> list[int]:
    return [0] * SEASONS


def _no_gains() -> list[Gains]:
    return [NO_GAINS] * SEASONS


@dataclass
class SeatLedger:
    """One seat's flows, each list indexed by season (0 = season 1)."""

    batteries_placed: list[int] = field(default_factory=_zeros)  # on a Machine, any source
    machine_triggers: list[int] = field(default_factory=_zeros)  # Machines that triggered
    machine_offered: list[Gains] = field(default_factory=_no_gains)
    machine_taken: list[Gains] = field(default_factory=_no_gains)
    food_taken: list[int] = field(default_factory=_zeros)  # from cards, Machines, the River
    food_at_island: list[int] = field(default_factory=_zeros)  # in the hold before feeding
    fed: list[int] = field(default_factory=_zeros)  # Healthy Humans that ate
    starved: list[int] = field(default_factory=_zeros)  # Healthy Humans lost for want of Food
    bane_added: list[int] = field(default_factory=_zeros)  # Bane of the Action Zone's cards
    protectors_on_bane: list[int] = field(default_factory=_zeros)
    lost_to_bane: list[int] = field(default_factory=_zeros)  # Humans

    def machine_resources(self) -> int:
        """Resources taken from Machines over the game: Food, Humans, Ymunes, heal and
        Batteries each count 1."""
        return sum(g.total() for g in self.machine_taken)


@dataclass
class _Round:
    """Seat facts as the Action phase ends, settled when the round's Maintenance is over."""

    round: int
    humans: tuple[int, ...]
    bane: tuple[int, ...]  # level after the Action Zone's Bane (capped)
    added: tuple[int, ...]  # the Action Zone's Bane values
    spent: list[int]


class Ledger:
    """Records a game's flows; call it as ``on_move(before, action, after)``."""

    def __init__(self, players: int) -> None:
        self.seats = [SeatLedger() for _ in range(players)]
        self._round: _Round | None = None

    def __call__(self, before: GameState, action: Action, after: GameState) -> None:
        seat = before.to_move
        s = season_of(before.round) - 1
        if before.step is Step.GAINS:
            self._gains(before, action, seat, s)
        if before.pending_source == "cards" and after.pending_source == "machines":
            self._triggered(after, seat, s)
        if before.phase is Phase.ACTION and after.phase is not Phase.ACTION:
            self._round = _action_phase_end(before)
        if isinstance(action, SpendProtectors) and self._round is not None:
            self._round.spent[seat] += action.amount
        if self._round is not None and (after.round != before.round or after.is_over):
            self._settle_bane(self._round)
            self._round = None
        if (after.round != before.round or after.is_over) and before.round in FEEDING_ROUNDS:
            self._island(before, action, s)

    def _gains(self, before: GameState, action: Action, seat: int, s: int) -> None:
        taken = _taken(action)
        ledger = self.seats[seat]
        if isinstance(action, PlaceBattery) and action.machine is not None:
            ledger.batteries_placed[s] += 1
        ledger.food_taken[s] += taken.food
        if before.pending_source == "machines":
            ledger.machine_taken[s] = ledger.machine_taken[s] + taken

    def _triggered(self, after: GameState, seat: int, s: int) -> None:
        ledger = self.seats[seat]
        ledger.machine_triggers[s] += len(triggered_machines(after, seat))
        ledger.machine_offered[s] = ledger.machine_offered[s] + after.pending

    def _settle_bane(self, r: _Round) -> None:
        s = season_of(r.round) - 1
        for seat, ledger in enumerate(self.seats):
            level = bane_after_protectors(r.bane[seat], r.spent[seat])
            ledger.protectors_on_bane[s] += r.spent[seat]
            ledger.bane_added[s] += r.added[seat]
            ledger.lost_to_bane[s] += min(level, r.humans[seat])

    def _island(self, before: GameState, action: Action, s: int) -> None:
        """Feeding. Only the move itself changes a hold between ``before`` and the Island (no
        River tile that round), so the hold is ``before``'s plus what the move took; replaying
        the move with :data:`FULL_HOLD` more Food in every hold shows how many ate."""
        full = replace(before, players=tuple(replace(p, food=p.food + FULL_HOLD)
                                             for p in before.players))
        replayed = apply(full, action)
        supplies = 0 if replayed.is_over else _coop_supply_food(replayed)
        for seat, ledger in enumerate(self.seats):
            hold = before.players[seat].food + _food_change(before, action, seat)
            eaters = hold + FULL_HOLD + supplies - replayed.players[seat].food
            ledger.food_at_island[s] = hold
            ledger.fed[s] = min(eaters, hold)
            ledger.starved[s] = max(0, eaters - hold)


def _food_change(before: GameState, action: Action, seat: int) -> int:
    """Food a move adds to (or, mitigating an Objective, takes from) ``seat``'s hold."""
    if seat != before.to_move:
        return 0
    if isinstance(action, TakeFood):
        return action.amount
    if isinstance(action, Mitigate):
        return -before.components.objective_by_id[action.tile].mitigate_cost.food
    return 0


def _coop_supply_food(state: GameState) -> int:
    """Food the cooperative River tile of ``state``'s season brought as that season began."""
    if not state.config.coop:
        return 0
    return next((t.supplies.food for t in state.components.coop_river
                 if t.season == state.season), 0)


def _action_phase_end(before: GameState) -> _Round:
    rises = [sum(before.card(c).bane for c in p.action_zone) for p in before.players]
    return _Round(round=before.round, humans=tuple(p.humans for p in before.players),
                  bane=tuple(min(BANE_MAX, p.bane + r) for p, r in zip(before.players, rises,
                                                                         strict=True)),
                  added=tuple(rises), spent=[0] * before.n)


def _taken(action: Action) -> Gains:
    """What a gains action takes (a Battery only when placed on a Machine)."""
    if isinstance(action, TakeFood):
        return Gains(food=action.amount)
    if isinstance(action, TakeHumans):
        return Gains(human=action.amount)
    if isinstance(action, PlaceYmunes):
        return Gains(doctor=action.doctors, protector=action.protectors)
    if isinstance(action, Heal):
        return Gains(heal=action.amount)
    if isinstance(action, PlaceBattery) and action.machine is not None:
        return Gains(battery=1)
    return NO_GAINS


def starting_food_lasts(food: int, eaters: list[int]) -> int:
    """How many Islands ``food`` feeds when no Food is gained: ``eaters[k]`` Healthy Humans eat
    at Island ``k + 1``; the answer counts the Islands fed in full.

    >>> starting_food_lasts(8, [4, 4, 4])
    2
    """
    for k, n in enumerate(eaters):
        if food < n:
            return k
        food -= n
    return len(eaters)
