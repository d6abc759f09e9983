"""A seat's plan for the rest of a round: activation, placing gains, Protectors, losses, River.

:class:`RoundSearch` plays the rest of the current round in one sampled world through the
engine (``legal_actions`` / ``apply``), branching on the analysing seat's decisions and
letting every other seat play a fixed policy. The River tile is chance: the search forks the
world at the moment the tile would be revealed, once per tile the seat cannot rule out, and
the seat's plan before the fork is the same in every branch (it cannot see the tile yet).

Plans that can only lose are pruned: taking less Food, fewer Humans or less healing than is
on offer, leaving an Ymune or a Battery unplaced. Real trade-offs stay: which cards to
activate, the Doctor/Protector split, which Machine a Battery goes to (the ``battery_width``
most advanced Machines), how many Protectors to spend, which Humans are lost (all
Contaminated first, or all Healthy first), whether to ignore a River tile.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from precog.analysis.playing.policy import sensible_move
from precog.analysis.playing.world import (
    Policy,
    first_legal,
    past_river,
    river_outcomes,
    with_river_tile,
)
from precog.engine import Action, GameState, Observation, apply, legal_actions
from precog.engine.actions import (
    Heal,
    PlaceBattery,
    PlaceYmunes,
    Reveal,
    TakeFood,
    TakeHumans,
)
from precog.engine.fastcopy import maker
from precog.engine.gains import capacities
from precog.engine.state import (
    PHASE_OVER,
    PHASE_RIVER,
    STEP_ACTIVATE,
    STEP_COOP,
    STEP_GAINS,
    STEP_IGNORE,
    STEP_LOSE,
    STEP_TEAM,
)

LeafValue = Callable[[GameState], float]
Played = tuple[GameState, GameState, dict[str | None, GameState] | None]
"""A move a search made: the position, the next one, and (the move that reveals the River
tile) the next one for each tile."""
RiverKey = Callable[[GameState, int], Hashable | None]
"""What the rest of the round from a position depends on for the searching seat, given how
many rounds' River tiles it has seen (its Boat, the tiles, ...), or None where that is the
whole position: searches that reach equal keys share one line."""


@dataclass(frozen=True, slots=True)
class Line:
    """The best continuation found: its value, the seat's decisions, and the River forks."""

    value: float
    steps: tuple[Action, ...] = ()
    forks: tuple[tuple[float, str | None, Line], ...] = ()
    end: GameState | None = None

    def text(self) -> str:
        """The decisions as action notation (River branches in brackets)."""
        parts = [str(a) for a in self.steps]
        if self.forks:
            inner = []
            for _, tile, line in self.forks:
                sub = line.text()
                if sub:
                    inner.append(f"{tile}: {sub}")
            if inner:
                parts.append("[" + "; ".join(inner) + "]")
        return ", ".join(parts)

    def ends(self) -> list[tuple[float, str | None, GameState, float]]:
        """(probability, River tile, end-of-round state, value) of every branch."""
        if self.end is not None:
            return [(1.0, None, self.end, self.value)]
        out = []
        for p, tile, line in self.forks:
            for q, t, end, v in line.ends():
                out.append((p * q, tile if t is None else t, end, v))
        return out


def round_over(start_round: int, state: GameState) -> bool:
    return state.is_over or state.round > start_round


make_line = maker(Line)
"""``Line(value, steps, forks, end)``, every field given in order, built faster (a search
makes one for every move it weighs)."""


def battery_candidates(state: GameState, seat: int, options: list[Action],
                       width: int) -> list[Action]:
    """The ``width`` free Machines closest to being powered (declining only if none)."""
    slots = [a for a in options if isinstance(a, PlaceBattery) and a.machine is not None]
    if not slots:
        return options[-1:]
    p = state.players[seat]
    capacity = capacities(state, p.rooms)  # each Machine's Battery slots, read once

    def need(a: PlaceBattery) -> tuple[int, int]:
        m = a.machine or 0
        return capacity[m] - p.batteries[m], m

    best: list[Action] = list(sorted(slots, key=need)[:width])
    return best


def candidates(state: GameState, seat: int, battery_width: int = 2) -> list[Action]:
    """The seat's decisions worth comparing now (dominated ones pruned), best guess first."""
    options = legal_actions(state)
    first = options[0]
    if state.step is STEP_GAINS:
        if isinstance(first, TakeFood | TakeHumans | Heal):
            return [first]  # the most on offer: taking less never helps
        if isinstance(first, PlaceYmunes):
            most = max(a.doctors + a.protectors for a in options if isinstance(a, PlaceYmunes))
            return [a for a in options
                    if isinstance(a, PlaceYmunes) and a.doctors + a.protectors == most]
        if isinstance(first, PlaceBattery):
            return battery_candidates(state, seat, options, battery_width)
    if state.step is STEP_LOSE and len(options) > 2:
        return [options[0], options[-1]]  # Contaminated first, or Healthy first
    if state.step is STEP_ACTIVATE:  # revealing first is judged where it is decided, over
        return [a for a in options if not isinstance(a, Reveal)]  # many worlds (bots.py)
    return options


class NodeKey:
    """A search node's key (the position's key and whether its River is forked) with its hash
    worked out once: a node's two tables are asked and filled with it three times, and
    hashing a position's key asks every Boat, the configuration and the offer for theirs (a
    call each). Equal to another node key of an equal value."""

    __slots__ = ("hashed", "value")

    def __init__(self, value: tuple[object, bool]) -> None:
        self.value = value
        self.hashed = hash(value)

    def __hash__(self) -> int:
        return self.hashed

    def __eq__(self, other: object) -> bool:
        if type(other) is NodeKey:
            return self.value == other.value
        return NotImplemented


@dataclass
class RoundSearch:
    """Best plan of ``seat`` for the rest of the round in one world (see the module doc).

    ``rivers`` are the River outcomes the seat cannot rule out (from its observation);
    ``others`` plays every other seat; ``leaf`` values a state where the round is over;
    ``narrow`` keeps only the activation choice as a real branch (a fast first answer);
    ``sensible`` plays the sensible player's every decision (one line, forked on the River);
    ``shared`` and ``river_key``: lines from once the seat's cards are played on, shared
    between the searches of one analysis (other worlds, other choices, other River tiles) whose
    positions have the same ``river_key``
    (:meth:`precog.analysis.playing.rounds.RoundPlayer.river_key`).
    """

    seat: int
    rivers: list[tuple[str | None, float]]
    leaf: LeafValue
    others: Policy = first_legal
    battery_width: int = 2
    narrow: bool = False
    sensible: bool = False
    nodes: int = 0
    _cache: dict[NodeKey, Line] = field(default_factory=dict)
    options: dict[NodeKey, list[tuple[Action, float]]] = field(default_factory=dict)
    shared: dict[Hashable, Line] | None = None
    river_key: RiverKey | None = None
    played: dict[tuple[int, Action], Played] | None = None

    def known_step(self, state: GameState, action: Action) -> GameState:
        """``apply(state, action)``, taken from :attr:`played` when this search made that
        move from this very position (a plan played again right after it was found)."""
        found = self.played.get((id(state), action)) if self.played is not None else None
        if found is not None and found[0] is state:
            return found[1]
        return apply(state, action)

    def known_fork(self, state: GameState, action: Action, tile: str | None,
                   nxt: GameState) -> GameState:
        """``action`` played from ``state`` with ``tile`` as this round's River tile, the move
        that reveals it (``nxt``: played in ``state``'s own world), from :attr:`played` when
        this search forked there."""
        found = self.played.get((id(state), action)) if self.played is not None else None
        if found is not None and found[0] is state and found[2] and tile in found[2]:
            return found[2][tile]
        world = with_river_tile(state, tile)
        return nxt if world is state else apply(world, action)

    @classmethod
    def for_observation(cls, obs: Observation, leaf: LeafValue, **kw: object) -> RoundSearch:
        return cls(seat=obs.player, rivers=river_outcomes(obs), leaf=leaf,
                   **kw)  # type: ignore[arg-type]

    def run(self, state: GameState) -> Line:
        """The best line from ``state`` (any point of the round after the Decision phase)."""
        forked = len(self.rivers) < 2 or state.phase in (PHASE_RIVER, PHASE_OVER)
        return self._search(state, forked, state.round)

    def _step(self, state: GameState, action: Action,
              forked: bool) -> list[tuple[float, str | None, GameState]] | GameState:
        nxt = apply(state, action)
        if forked or not past_river(state, nxt):
            if self.played is not None:
                self.played[(id(state), action)] = (state, nxt, None)
            return nxt
        out = []
        for tile, p in self.rivers:  # the world's own tile: the move just played
            world = with_river_tile(state, tile)
            out.append((p, tile, nxt if world is state else apply(world, action)))
        if self.played is not None:
            self.played[(id(state), action)] = (state, nxt, {tile: s for _, tile, s in out})
        return out

    def _search(self, state: GameState, forked: bool, start: int) -> Line:
        if self.shared is None or self.river_key is None:
            return self._search_here(state, forked, start)
        revealed = state.round if forked else state.round - 1  # this round's tile, once shown
        mine = self.river_key(state, revealed)
        if mine is None:
            return self._search_here(state, forked, start)
        key = (self.narrow, self.sensible, self.battery_width, forked,
               None if forked else tuple(self.rivers), mine)
        line = self.shared.get(key)
        if line is None:
            line = self.shared[key] = self._search_here(state, forked, start)
        return line

    def _search_here(self, state: GameState, forked: bool, start: int) -> Line:
        self.nodes += 1
        seat = self.seat
        while not (state.phase is PHASE_OVER or state.round > start) and state.to_move != seat:
            nxt = self._step(state, self.others(state, state.to_move), forked)
            if isinstance(nxt, list):
                return self._fork(nxt, (), start)
            state = nxt
        if state.phase is PHASE_OVER or state.round > start:  # round_over(start, state)
            return make_line(self.leaf(state), (), (), state)
        key = NodeKey((state.key(), forked))
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        best: Line | None = None
        scored: list[tuple[Action, float]] = []
        for action in self._candidates(state):
            nxt = self._step(state, action, forked)
            if isinstance(nxt, list):
                line = self._fork(nxt, (action,), start)
            else:
                sub = self._search(nxt, forked, start)
                line = make_line(sub.value, (action,) + sub.steps, sub.forks, sub.end)
            scored.append((action, line.value))
            if best is None or line.value > best.value + 1e-12:
                best = line
        assert best is not None
        self._cache[key] = best
        self.options[key] = scored
        return best

    def _fork(self, outs: list[tuple[float, str | None, GameState]], steps: tuple[Action, ...],
              start: int) -> Line:
        forks = tuple((p, tile, self._search(s, True, start)) for p, tile, s in outs)
        return make_line(sum(p * line.value for p, _, line in forks), steps, forks, None)

    def _candidates(self, state: GameState) -> list[Action]:
        if self.sensible:
            return [sensible_move(state, self.seat)]
        if self.narrow and state.step in (STEP_COOP, STEP_TEAM):
            return [sensible_move(state, self.seat)]  # reveal or mitigate as a playout would
        if self.narrow and state.step not in (STEP_ACTIVATE, STEP_IGNORE):
            found = candidates(state, self.seat, 1)
            return found if isinstance(found[0], PlaceYmunes) else found[:1]
        return candidates(state, self.seat, self.battery_width)

    def deviations(self, state: GameState, line: Line, limit: int) -> list[Line]:
        """The best line for each single deviation from ``line`` (before the River shows)."""
        out: list[Line] = []
        start = state.round
        forked = len(self.rivers) < 2 or state.phase in (PHASE_RIVER, PHASE_OVER)
        steps = list(line.steps)
        prefix: tuple[Action, ...] = ()
        while steps and not round_over(start, state):
            if state.to_move != self.seat:
                nxt = self._step(state, self.others(state, state.to_move), forked)
                if isinstance(nxt, list):
                    break
                state = nxt
                continue
            best = steps.pop(0)
            for alt in self._candidates(state):
                if alt == best:
                    continue
                moved = self._step(state, alt, forked)
                if isinstance(moved, list):
                    out.append(self._fork(moved, prefix + (alt,), start))
                else:
                    sub = self._search(moved, forked, start)
                    out.append(Line(sub.value, prefix + (alt,) + sub.steps, sub.forks, sub.end))
            nxt = self._step(state, best, forked)
            prefix += (best,)
            if isinstance(nxt, list):
                break
            state = nxt
        out.sort(key=lambda x: -x.value)
        return out[:limit]

    def steps_for(self, line: Line, tile: str | None) -> list[Action]:
        """The seat's decisions along ``line`` when the River shows ``tile``."""
        steps = list(line.steps)
        for _, t, sub in line.forks:
            if t == tile or tile is None or t is None:
                return steps + self.steps_for(sub, tile)
        return steps
