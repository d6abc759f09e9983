"""Your table at any decision: the phase and step a position is entered at, the co-op
Objectives revealed so far, the rooms in play by name, and the options of a step valued.

The default game (:func:`reach`) is played by the sensible player to the step the table names
(every seat's Activate step comes round in each Action phase; the co-op team window after the
last seat; Maintenance and River steps are set on the position after the last seat's turn,
since whether a seat has a Protector or a loss to decide depends on what is entered). Steps
that follow a move of the seat itself (the gains of its activated cards, the co-op window
after them) are reached by the engine playing that move (:func:`advance`) on the entered
position, so the offer is the engine's own. Every result goes through the engine's
``from_json`` checks, whose messages the page shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from precog.analysis.playouts import rollouts
from precog.analysis.playouts.uniform_row import UniformRow
from precog.engine import (
    Components,
    GameState,
    Phase,
    PrecogError,
    apply,
    legal_actions,
)
from precog.engine.action_phase import activation_cost
from precog.engine.actions import Activate
from precog.engine.fastcopy import replace
from precog.engine.maintenance import current_tile, lose_range, useful_protectors
from precog.engine.playout import play_on
from precog.engine.problems import Problem
from precog.engine.state import DIFFICULTIES, Step
from precog.session.errors import SessionCode

STEPS: dict[str, tuple[str, ...]] = {
    "decision": ("choose",),
    "action": ("activate", "gains", "coop", "team"),
    "maintenance": ("protect", "lose"),
    "river": ("ignore",),
}
"""The steps a table may be entered at, by phase (the first is the phase's default)."""
COOP_STEPS = ("coop", "team")
SLOTS = ("both", "G", "R")
OFFER = ("food", "human", "ymune", "heal", "battery")
OFFER_SOURCES = ("cards", "machines")
__all__ = ["COOP_STEPS", "DIFFICULTIES", "OFFER", "OFFER_SOURCES", "SLOTS", "STEPS",
           "StepRow", "advance", "objective_text", "place_objectives", "rank_step", "reach",
           "room_text", "set_rooms", "set_step", "step_problem"]


def _goal(config: dict[str, Any]) -> Callable[[GameState], bool]:
    """Where the default game stops for ``config``'s round, phase, step and seat."""
    r, phase, step, seat = config["round"], config["phase"], config["step"], config["seat"]
    last = config["players"] - 1

    def there(s: GameState) -> bool:
        if s.round != r:
            return False
        if phase == "decision":
            return s.phase is Phase.DECISION and all(c is None for c in s.choices)
        if s.phase is not Phase.ACTION:
            return False
        if step == "team":
            return s.step is Step.TEAM and all(p.activated for p in s.players)
        who = seat if phase == "action" else last
        return s.step is Step.ACTIVATE and s.to_move == who

    return there


def policy_move(seed: int) -> Callable[[GameState, int], Any]:
    """The sensible player, driven by the uniforms of ``seed`` (the same game every time)."""
    read = UniformRow(rollouts.uniforms(1, seed)[0])

    def move(s: GameState, seat: int) -> Any:
        options = legal_actions(s)
        return options[rollouts.DEFAULT_POLICY.index(s, read(s, seat), options)]

    return move


def reach(state: GameState, config: dict[str, Any], seed: int) -> GameState | None:
    """The default game played on to the step ``config`` names (None: the game ended)."""
    there = _goal(config)
    reached = play_on(state, policy_move(seed), there, limit=1 << 20)
    return reached if there(reached) else None


def set_step(position: dict[str, Any], config: dict[str, Any]) -> None:
    """The step of a position past the seat's turn (team window, Maintenance, River): set on
    the position's JSON (the engine checks the result)."""
    phase, step, seat = config["phase"], config["step"], config["seat"]
    if step == "team":
        position["to_move"], position["passes"] = seat, 0
        return
    if phase not in ("maintenance", "river"):
        return
    position.update(phase=phase, step=step, to_move=seat, pending={}, pending_source="",
                    passes=0)
    for p in position["players"]:
        p["activated"] = p.get("activated") or "both"


def advance(state: GameState, config: dict[str, Any], seed: int) -> GameState:
    """The seat's own move(s) before its step: Activate (``config["activated"]``) for the
    gains step; Activate then placing every gain for the co-op window. Raises the engine's
    :class:`~precog.engine.IllegalActionError` when the move does not fit."""
    if config["step"] not in ("gains", "coop"):
        return state
    slots = config.get("activated") or "both"
    if slots == "both":  # the Cabins entered are after paying: the cost was there before
        seat, p = state.to_move, state.players[state.to_move]
        state = state.with_player(seat, replace(
            p, healthy=p.healthy + activation_cost(state, seat)))
    state = apply(state, Activate(slots))
    if config["step"] == "coop":
        move = policy_move(seed)
        while state.step is Step.GAINS:
            state = apply(state, move(state, state.to_move))
    return state


def step_problem(state: GameState, config: dict[str, Any]) -> str:
    """Why the seat has nothing to decide at the entered step ("" when it has): the words key
    of the message."""
    p = state.players[state.to_move]
    if state.step is Step.PROTECT and not useful_protectors(p):
        return "table.no_protect"
    if state.step is Step.LOSE and len(lose_range(p)) < 2:
        return "table.no_lose"
    if state.step is Step.IGNORE:
        tile = current_tile(state)
        if tile is None or tile.losses.is_empty() or not p.protectors:
            return "table.no_ignore"
    if config["step"] == "coop" and state.step is not Step.COOP:
        return "table.no_coop"
    return ""


# -- co-op Objectives ------------------------------------------------------------------

def place_objectives(position: dict[str, Any], box: Components, revealed: list[Any],
                     mitigated: list[Any], season: int,
                     fail: Callable[[str, str, dict[str, Any]], None]) -> None:
    """The revealed Objectives are exactly ``revealed`` (``mitigated``: those mitigated);
    the default game's revealed ones go back to their stacks, and a tile this game had left
    out takes the place of one dealt of its season. ``fail(path, key, values)``."""
    stacks = [list(s) for s in position["objective_stacks"]]
    for tile, _m in position["objectives"]:
        stacks[box.objective_by_id[tile].season - 1].append(tile)
    out: list[list[Any]] = []
    for i, tile_id in enumerate(revealed):
        tile = box.objective_by_id.get(tile_id) if isinstance(tile_id, str) else None
        if tile is None or tile.season > season:
            fits = [t.id for t in box.objectives if t.season <= season]
            fail(f"objectives.{i}", "table.bad_choice", {"options": ", ".join(fits)})
            continue
        stack = stacks[tile.season - 1]
        if tile_id in [t for t, _m in out]:
            fail(f"objectives.{i}", "table.objective_twice", {})
            continue
        if tile_id in stack:
            stack.remove(tile_id)
        elif stack:
            stack.pop()
        else:
            fail(f"objectives.{i}", "table.objectives_full", {"season": tile.season})
            continue
        out.append([tile_id, tile_id in mitigated])
    for i, tile_id in enumerate(mitigated):
        if tile_id not in revealed:
            fail(f"mitigated.{i}", "table.not_revealed", {})
    position["objective_stacks"], position["objectives"] = stacks, out


def objective_text(box: Components, tile_id: str, say: Callable[..., str],
                   resource: Callable[[str, int], str], own_box: bool = True) -> str:
    """``O2a · season 2: one player holds 3 Food`` (and, for a tile the box leaves unknown,
    that this is the reference set's tile of that id, which picking it means; not said
    when no box is loaded, ``own_box`` False)."""
    tile = box.objective_by_id[tile_id]
    head = say("table.objective_head", id=tile_id, season=tile.season)
    reqs = "; ".join(say(f"board.requirement_{r.scope}", n=r.amount,
                         what=resource(r.resource, r.amount)) for r in tile.full)
    if tile_id in box.unknown and own_box:  # a stand-in: the reference set's tile of the id
        return f"{head}: {reqs} ({say('table.objective_unknown')})"
    return f"{head}: {reqs}"


# -- rooms -----------------------------------------------------------------------------

def set_rooms(position: dict[str, Any], box: Components, rooms: list[Any],
              advanced: bool) -> None:
    """Each seat's two rooms in play: the entered ones; a seat left at its default keeps its
    rooms unless an entered seat took one, which is replaced by a room nobody has. Batteries
    beyond a new machine's slots are cut to fit (the entered Batteries come after)."""
    players = position["players"]
    taken = {r for seat in rooms if seat for r in seat}
    for n, p in enumerate(players):
        if n < len(rooms) and rooms[n]:
            p["rooms"] = list(rooms[n])
    held = {r for p in players for r in p["rooms"]}
    spare = [r.id for r in box.rooms if r.id not in held and r.id not in taken]
    for n, p in enumerate(players):
        if not (n < len(rooms) and rooms[n]):
            p["rooms"] = [spare.pop(0) if r in taken else r for r in p["rooms"]]
        slots = [m.batteries for r in p["rooms"] for m in box.room_by_id[r].face(advanced)]
        p["batteries"] = [min(b, top) for b, top in zip(p["batteries"], slots, strict=False)]


def room_text(box: Components, room_id: str, advanced: bool,
              describe: Callable[[Any], str]) -> str:
    """A room's three machines on the face in play, one line each."""
    room = box.room_by_id[room_id]
    return " | ".join(f"m{j + 1}: {describe(m)}" for j, m in enumerate(room.face(advanced)))


# -- the options of a step, valued --------------------------------------------------------

@dataclass(frozen=True)
class StepRow:
    """One option of the step: its label, its mean value and 95 % half-width."""

    label: str
    mean: float
    half: float


def rank_step(state: GameState, seat: int, count: int, seed: int,
              label: Callable[[GameState, Any], str]) -> list[StepRow]:
    """Every legal option of ``seat``'s step valued by ``count`` rollouts of the sensible
    player from worlds ``seat`` cannot tell apart (the same worlds and uniforms for each
    option), best first. Raises :class:`PrecogError` when it is not ``seat``'s move."""
    if state.to_move != seat or state.is_over:
        raise PrecogError(Problem.of(SessionCode.NOT_TO_MOVE, seat=seat), input=seat)
    starts = rollouts.sample_starts(state, seat, count, seed)
    rows = []
    for action in legal_actions(state):
        after = [apply(s, action) for s in starts]
        values = rollouts.values(after, seat, seed, engine="scalar")
        mean, half = rollouts.mean_ci(np.asarray(values))
        rows.append(StepRow(label(state, action), mean, half))
    return sorted(rows, key=lambda r: -r.mean)
