"""Fast rollouts: many games played at once with numpy, the same as the engine would play them.

A rollout policy (the sensible player :class:`precog.analysis.playing.policy.SensiblePolicy`, or the
random baseline :class:`precog.analysis.playouts.rollouts.RandomPolicy`) picks an action index from
one uniform number per decision that has more than one legal action. The batch keeps every game
as arrays and plays them in lock step, stage by stage in the engine's order
(Decision seat by seat; each seat's Action phase: activation, then the gains on offer one kind
at a time, Food, Humans, Ymunes, healing, each Battery, then its powered Machines' gains, then
in the cooperative mode its Objective steps; the team window; Maintenance seat by seat; the
River seat by seat; the Islands and the season's Objectives), enumerating each
decision's legal actions in the engine's order. It is a mirror of the rules for speed only:
the engine stays the authority; :mod:`precog.analysis.playouts.differential` plays the same
seeded games both ways and compares them after every stage
(tests/analysis/test_batch_matches_engine_at_every_stage.py, ``scripts/differential.py``).

Scope: every mode from the start of a Decision phase. The random baseline is mirrored for the
competitive and team modes; the sensible player (:mod:`precog.analysis.playouts.batch_policy`) for
all three, the cooperative Objectives, team window and supplies included
(:mod:`precog.analysis.playouts.batch_coop`). A policy the batch does not mirror is played through
the engine, with the same results as arrays.

Any component set: the reference set, a whole box of your own, or the sampled worlds of a
partly-known box. The worlds a seat's determinizations draw differ in their unknown faces; one
batch plays them together, an unknown card, River tile or Objective getting one row of the
tables per face it has in some world (:func:`tables`), each game reading its own world's.

Speed: what depends only on the component set is built once per set and kept, keyed by its
fingerprint (never shared between two sets; at most ``CACHE_SETS`` sets): the cards' and River
tiles' arrays, every pair of cards' resolved Costs, gains and condition key
(:meth:`Tables.pairs`), the sensible player's card facts (:meth:`Tables.facts`), and per
pair of Machine Rooms (kept per box, whose worlds share them) the Machines' slots, effects by
set of powered Machines and conditions by pair key. The starts are encoded from flat lists
of all their players at once (:meth:`BatchState._load`), several worlds through one remap
array. The ranking's sampled worlds of one position skip the positions altogether: they come
dealt as arrays (:class:`Dealt`, :func:`run_dealt`), only the position's public parts encoded
once.

Which file holds what (each batch function names the engine function it mirrors in a
"Mirrors" line of its docstring):

* ``batch.py`` (this module): :class:`Batch`, the round played stage by stage
  (:func:`precog.engine.playout.play_on`), :func:`run` / :func:`run_dealt` and the final Boats
  (:class:`Finals`, :func:`seat_values`); every name below is importable from here too.
* ``batch_tables.py``: the component set as arrays (:class:`Tables`, :class:`Pairs`, the
  Ymune splits; :class:`precog.engine.components.Components`,
  :func:`precog.engine.machines.resolved_costs`).
* ``batch_machines.py``: the Machine conditions and the pairs of Machine Rooms as lookup
  tables (:func:`precog.engine.machines.condition_met`).
* ``batch_state.py``: :class:`BatchState`, the arrays of a batch loaded from its starts or
  from :class:`Dealt` worlds, and the uniform each decision reads
  (:class:`precog.engine.state.GameState`, :func:`supports`).
* ``batch_decision.py``: the Keep/Give of every seat (:func:`precog.engine.decision.play`).
* ``batch_action.py``: activation and the Machines' effects
  (:func:`precog.engine.action_phase.play`, :func:`precog.engine.action_phase.machine_effects`).
* ``batch_gains.py``: the gains on offer placed kind by kind and the Doctors' healing
  (:func:`precog.engine.gains.offer`, :func:`precog.engine.gains.heal`).
* ``batch_maintenance.py``: Maintenance, the River, the discard and the draw
  (:func:`precog.engine.maintenance.begin_maintenance`,
  :func:`precog.engine.maintenance.begin_river`, :func:`precog.engine.maintenance.end_round`).
* ``batch_objectives.py`` and ``batch_coop.py``: the cooperative mode's Objective tiles as
  arrays and their steps, checks and supplies (:func:`precog.engine.scoring.check_objectives`,
  :func:`precog.engine.action_phase.after_gains`,
  :func:`precog.engine.maintenance.coop_supplies`).
* ``batch_policy.py``: the sensible player's judgements in numpy
  (:mod:`precog.analysis.playing.policy`, :mod:`precog.analysis.playing.policy_points`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from precog.analysis.basics.errors import AnalysisCode, AnalysisError
from precog.analysis.playing.policy import SensiblePolicy
from precog.analysis.playouts.batch_action import ActionPhase
from precog.analysis.playouts.batch_coop import FROZEN as FROZEN_FIELDS
from precog.analysis.playouts.batch_coop import Coop
from precog.analysis.playouts.batch_decision import (
    GIVE_POS,
    KEEP_POS,
    REST_POS,
    DecisionPhase,
)
from precog.analysis.playouts.batch_machines import (
    MACHINE_BITS,
    Conditions,
    conditions,
)
from precog.analysis.playouts.batch_maintenance import MaintenanceAndRiver
from precog.analysis.playouts.batch_state import BatchState, Dealt, supports
from precog.analysis.playouts.batch_tables import (
    BATTERY,
    CACHE_SETS,
    DOCTOR,
    FOOD,
    HEAL,
    HUMAN,
    INT,
    MAXC,
    MAXY,
    PROTECTOR,
    RECEIVED_NAMES,
    SPLIT_COUNT,
    SPLIT_D,
    SPLIT_FULL,
    SPLIT_P,
    TYPE_NAMES,
    TYPES,
    YMUNE,
    Pairs,
    Tables,
    given_key,
    pair_key,
    tables,
    world_key,
)
from precog.analysis.playouts.uniform_row import UniformRow
from precog.analysis.projection.evaluation import coop_share
from precog.engine import GameState, Phase
from precog.engine.problems import Problem
from precog.engine.scoring import TEAMS
from precog.engine.state import ROUNDS

__all__ = [  # the batch's public names, wherever their file (the module doc's map)
    "BATTERY", "CACHE_SETS", "DOCTOR", "FOOD", "FROZEN_FIELDS", "GIVE_POS", "HEAL", "HUMAN",
    "INT", "KEEP_POS", "MACHINE_BITS", "MAXC", "MAXY", "PROTECTOR", "RECEIVED_NAMES",
    "REST_POS", "SPLIT_COUNT", "SPLIT_D", "SPLIT_FULL", "SPLIT_P", "TYPES", "TYPE_NAMES",
    "YMUNE", "Batch", "BatchState", "Conditions", "Coop", "Dealt", "Finals", "Pairs", "Tables",
    "conditions", "given_key", "pair_key", "run", "run_dealt", "seat_values", "supports",
    "tables", "world_key",
]


@dataclass
class Finals:
    """Final Boats of a batch: arrays (games, seats).
    Mirrors :class:`precog.engine.state.PlayerState`."""

    food: np.ndarray
    healthy: np.ndarray
    contaminated: np.ndarray
    doctors: np.ndarray
    protectors: np.ndarray
    bane: np.ndarray
    batteries: np.ndarray  # (games, seats, 6)
    decisions: np.ndarray  # uniforms used per game
    failed: np.ndarray | None = None  # co-op: games lost on an Objective
    chance: np.ndarray | None = None  # co-op: evaluation.last_check_chance (0: lost earlier)

    def seat(self, game: int, seat: int) -> tuple[Any, ...]:
        """The final Boat of ``seat`` in ``game``.
        Mirrors :attr:`precog.engine.state.PlayerState.boat`."""
        return (int(self.food[game, seat]), int(self.healthy[game, seat]),
                int(self.contaminated[game, seat]), int(self.doctors[game, seat]),
                int(self.protectors[game, seat]), int(self.bane[game, seat]),
                tuple(int(x) for x in self.batteries[game, seat]))


def seat_values(finals: Any, template: GameState, seat: int) -> np.ndarray:
    """Final value per game for ``seat``, as :func:`evaluation.last_check_value` counts it
    (the score; co-op, the total times the last check's chance).
    Mirrors :func:`precog.analysis.projection.evaluation.last_check_value`."""
    assert isinstance(finals, Finals)
    if template.config.mode == "coop":
        total = finals.healthy.sum(axis=1).astype(float)
        if finals.chance is not None:
            return total * finals.chance
        return total if finals.failed is None else np.where(finals.failed, 0.0, total)
    if template.config.mode == "team":
        team = TEAMS[0] if seat in TEAMS[0] else TEAMS[1]
        return finals.healthy[:, list(team)].sum(axis=1).astype(float)
    return finals.healthy[:, seat] + 0.01 * finals.contaminated[:, seat]


class Batch(DecisionPhase, ActionPhase, MaintenanceAndRiver):
    """The arrays of a batch of games (:class:`BatchState`) and the stages that play them,
    one mixin per phase (the module doc's map).
    Mirrors :class:`precog.engine.state.GameState`."""

    def play(self) -> Finals:
        """Mirrors :func:`precog.engine.playout.play_on` (every seat by the batch's policy,
        round after round to the end of the game)."""
        first = True
        while True:
            self.stage("decision")
            self.decision(first)
            first = False
            self.stage("action")
            if self.cooperative is not None:
                self.cooperative.team_window(self)  # the window that opens the Action phase
            for seat in range(self.seat_count):
                self.stage("activate", seat)
                self.action(seat)
                if self.cooperative is not None:
                    self.cooperative.seat_turn(self, seat)
            if self.cooperative is not None:
                self.stage("team")
                self.cooperative.team_window(self)
            for seat in range(self.seat_count):
                self.maintenance(seat)
            self.stage("river")
            self.river_phase()
            self.discard()
            self.stage("over")
            if self.record is not None:
                self.record.append(self.snapshot())
            if self.round >= ROUNDS:
                break
            self.draw_cards()
            self.round += 1
            if self.cooperative is not None:
                self.cooperative.new_round(self)
        cooperative = self.cooperative
        if cooperative is None:
            return Finals(self.food, self.healthy, self.contaminated, self.doctors,
                          self.protectors, self.bane, self.batteries, self.used.copy())
        food, healthy, contaminated, doctors, protectors, bane, batteries = (
            cooperative.held(name, getattr(self, name)) for name in FROZEN_FIELDS)
        return Finals(food, healthy, contaminated, doctors, protectors, bane, batteries,
                      np.where(cooperative.failed, cooperative.frozen_used, self.used),
                      cooperative.failed.copy(), cooperative.chance.copy())

    def snapshot(self) -> dict[str, np.ndarray]:
        """Every Boat's resources now: arrays (games, seats) (a co-op game lost on an
        Objective as it ended).
        Mirrors :attr:`precog.engine.state.PlayerState.boat`."""
        def now(name: str) -> np.ndarray:
            held = getattr(self, name)
            return held.copy() if self.cooperative is None else self.cooperative.held(name, held)

        return {"round": np.full(self.game_count, self.round), "food": now("food"),
                "batteries": now("batteries").sum(axis=2), "healthy": now("healthy"),
                "contaminated": now("contaminated"), "doctors": now("doctors"),
                "protectors": now("protectors"), "bane": now("bane")}


def run(starts: Sequence[GameState], rows: np.ndarray, policy: Any,
        forced: np.ndarray | None = None,
        record: list[dict[str, np.ndarray]] | None = None) -> Finals:
    """Play every start to the end with ``policy`` driven by ``rows`` (one row per start);
    ``record``, if given, receives every Boat's resources after each round.
    Mirrors :func:`precog.analysis.playouts.rollouts.play_out`."""
    if not supports(starts):
        raise AnalysisError(Problem.of(AnalysisCode.BATCH_STARTS, count=len(starts)))
    if isinstance(policy, SensiblePolicy):
        batch = Batch(starts, rows, 0.0, forced, sensible=policy)
    elif hasattr(policy, "explore") and not starts[0].config.coop:
        batch = Batch(starts, rows, policy.explore, forced)
    else:
        return _engine_run(starts, rows, policy, forced, record)
    batch.record = record
    return batch.play()


def run_seats(starts: Sequence[GameState], rows: np.ndarray,
              policies: Sequence[SensiblePolicy]) -> Finals:
    """:func:`run` with a sensible player of its own at each seat (``policies``, one per
    seat: its Keep/Give weights, temperature and judgement), as the engine plays a game of
    :class:`~precog.analysis.playing.policy.SensiblePolicy` bots with those weights.
    Mirrors :func:`precog.analysis.playouts.rollouts.play_out`."""
    if not supports(starts):
        raise AnalysisError(Problem.of(AnalysisCode.BATCH_STARTS, count=len(starts)))
    return Batch(starts, rows, 0.0, seat_policies=policies).play()


def run_dealt(dealt: Dealt, rows: np.ndarray, policy: SensiblePolicy,
              forced: np.ndarray | None = None) -> Finals:
    """:func:`run` for worlds dealt as arrays (one row of ``rows`` per game of
    ``dealt.which``), with the sensible player.
    Mirrors :func:`precog.analysis.playouts.rollouts.play_out`."""
    if not supports([dealt.template]):
        raise AnalysisError(Problem.of(AnalysisCode.BATCH_STARTS, count=len(dealt.which)),
                            state=dealt.template)
    return Batch([], rows, 0.0, forced, sensible=policy, dealt=dealt).play()


def _engine_run(starts: Sequence[GameState], rows: np.ndarray, policy: Any,
                forced: np.ndarray | None,
                record: list[dict[str, np.ndarray]] | None) -> Finals:
    """The same games through the engine, as arrays (a policy the batch does not mirror)."""
    from precog.analysis.playing.world import first_legal, until_seat
    from precog.engine import legal_actions
    from precog.engine.playout import play_on

    seats = starts[0].config.players
    rounds: list[list[GameState]] = []
    readers = [UniformRow(rows[game]) for game in range(len(starts))]
    for game, start in enumerate(starts):
        fixed = {} if forced is None else {
            seat: legal_actions(until_seat(start, seat, first_legal))[int(forced[game, seat])]
            for seat in range(seats) if forced[game, seat] >= 0}
        ends: list[GameState] = []

        def move(state: GameState, seat: int, fixed: dict[int, Any] = fixed,
                 read: UniformRow = readers[game], first: int = start.round) -> Any:
            if (fixed and state.phase is Phase.DECISION and state.round == first
                    and seat in fixed):
                return fixed[seat]
            options = legal_actions(state)
            return options[policy.index(state, read(state, seat), options)]

        def seen(before: GameState, _action: Any, after: GameState,
                 ends: list[GameState] = ends) -> None:
            if after.round != before.round or after.is_over:
                ends.append(after)

        play_on(start, move, on_move=seen, limit=1 << 30)
        rounds.append(ends)
    if record is not None:
        record.extend(_round_ends(rounds))
    finals = [ends[-1] for ends in rounds]
    boats = np.array([[p.boat for p in s.players] for s in finals], dtype=INT)
    failed = np.array([s.outcome is not None and s.outcome.code == "coop_objectives_failed"
                       for s in finals])
    chance = np.array([coop_share(s) if s.config.coop else 1.0 for s in finals])
    return Finals(boats[..., 0], boats[..., 1], boats[..., 2], boats[..., 3], boats[..., 4],
                  boats[..., 5],
                  np.array([[p.batteries for p in s.players] for s in finals], INT),
                  np.array([reader.used for reader in readers], dtype=INT), failed, chance)


def _round_ends(rounds: list[list[GameState]]) -> list[dict[str, np.ndarray]]:
    """Every Boat's resources at the end of each round, as :meth:`Batch.snapshot` records
    them, from each game's positions at its rounds' ends."""
    out = []
    for index in range(len(rounds[0])):
        at = [ends[index] for ends in rounds]
        out.append({"round": np.array([s.round if s.is_over else s.round - 1 for s in at]),
                    **{name: np.array([[getattr(p, name) for p in s.players] for s in at])
                       for name in ("food", "healthy", "contaminated", "doctors",
                                    "protectors", "bane")},
                    "batteries": np.array([[sum(p.batteries) for p in s.players]
                                           for s in at])})
    return out
