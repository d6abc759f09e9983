"""The evaluation of a position for one seat, in Healthy Humans (see docs/analysis.md).

A position is worth the Healthy Humans the seat has now plus a projection of what its Boat is
likely to make of the rounds still to come: Contaminated Humans its Doctors will heal, Humans
its Bane will take, Healthy Humans the coming Islands cannot feed, what its powered Machines
and spare Ymunes will bring. Every term is a plain number so that it can be shown and
explained (:func:`explain`); the weights live in :class:`Weights` so that they can be tuned.

>>> from precog.engine import new_game
>>> round(evaluate(new_game(players=2, seed=1), 0), 2) > 0
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from precog.analysis.projection.remembered import Remembered
from precog.engine import GameState, PlayerState
from precog.engine.components import Components, ObjectiveTile, Requirement
from precog.engine.data_fields import SEASONS
from precog.engine.formulas import feeding, protectors_against, season_of
from precog.engine.scoring import HOLDING, TEAMS, OutcomeCode, requirement_met
from precog.engine.state import (
    FEEDING_ROUNDS,
    PHASE_ACTION,
    PHASE_DECISION,
    PHASE_MAINTENANCE,
    PHASE_OVER,
    PHASE_RIVER,
    ROUNDS,
)

RESOURCES = ("food", "batteries", "healthy", "contaminated", "doctors", "protectors", "bane")


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluation's tunable numbers (defaults documented in docs/analysis.md)."""

    heal: float = 0.9  # a Contaminated Human a Doctor will heal before the end
    bane: float = 0.6  # a Human the current Bane (after Protectors) is projected to take
    food_income: float = 1.2  # Food a Boat is expected to find per round from now on
    starve: float = 1.0  # a Healthy Human an Island is projected not to feed
    machine: float = 0.22  # a powered Machine, per round left
    battery: float = 0.08  # a Battery on a Machine not yet powered, per round left
    spare_protector: float = 0.7  # a Protector not needed against the current Bane, while
    #                               the Bane still to come needs it (bane_ahead)
    bane_ahead: float = 1.0  # share of the average card's Bane a Boat takes every round left
    spare_doctor: float = 0.12  # a Doctor beyond the Contaminated, per round left (max 4)
    food_left: float = 0.04  # Food left after every projected feeding
    contaminated_left: float = 0.05  # a Contaminated Human nobody will heal (tie-break)
    objective: float = 0.5  # cooperative: a unit this season's Objectives still lack (tie-break)
    objective_reach: float = 1.5  # cooperative: units of a lacking resource gained per round
    mitigate_option: float = 0.5  # cooperative: share of the full-to-mitigated risk gap a
    #                                revealed tile's mitigation is expected to remove


DEFAULT = Weights()


def rounds_left(state: GameState) -> int:
    """Maintenance phases still to come (the current round's counts until its Bane is due)."""
    if state.phase is PHASE_OVER:
        return 0
    done_this_round = state.phase is PHASE_RIVER
    return ROUNDS - state.round + (0 if done_this_round else 1)


def feedings_left(state: GameState) -> list[int]:
    """Rounds whose Island is still to come."""
    if state.phase is PHASE_OVER:
        return []
    return [r for r in FEEDING_ROUNDS if r > state.round or (
        r == state.round and state.phase is not PHASE_RIVER)]


def machines(state: GameState, seat: int) -> tuple[int, float]:
    """(powered Machines, Batteries on Machines not yet powered) of ``seat``."""
    p = state.players[seat]
    powered, partial = 0, 0.0
    for i, room_id in enumerate(p.rooms[:2]):
        face = state.components.room_by_id[room_id].face(state.config.advanced)
        for j, machine in enumerate(face):
            filled = p.batteries[3 * i + j]
            if filled >= machine.batteries:
                powered += 1
            else:
                partial += filled
    return powered, partial


def explain(state: GameState, seat: int, weights: Weights = DEFAULT) -> dict[str, float]:
    """Each term of ``seat``'s projection (they add up to :func:`project`)."""
    p = state.players[seat]
    left = rounds_left(state)
    terms: dict[str, float] = {"healthy now": float(p.healthy)}
    healed = min(p.contaminated, p.doctors * left)
    terms["heal by Doctors"] = weights.heal * healed
    useful = min(p.protectors, protectors_against(p.bane))
    bane_after = max(0, p.bane - 2 * useful)
    lost = min(bane_after * left, p.humans)
    terms["lost to Bane"] = -weights.bane * lost
    healthy = max(0.0, p.healthy + weights.heal * healed - weights.bane * lost)
    starved, food = _feedings(state, p, healthy, weights)
    terms["unfed at Islands"] = -weights.starve * starved
    powered, partial = machines(state, seat)
    terms["powered Machines"] = weights.machine * powered * left
    terms["Batteries on the way"] = weights.battery * partial * left
    spare_p = p.protectors - useful
    needed = protectors_ahead(state.components, left, weights)
    terms["spare Protectors"] = weights.spare_protector * min(spare_p, needed)
    spare_d = min(2, max(0, p.doctors - p.contaminated))
    terms["spare Doctors"] = weights.spare_doctor * spare_d * min(left, 4)
    terms["Food to spare"] = weights.food_left * food
    terms["Contaminated left"] = weights.contaminated_left * (p.contaminated - healed)
    return terms


def protectors_ahead(components: Components, left: int, weights: Weights = DEFAULT) -> int:
    """The Protectors the Bane of the ``left`` rounds still to come is expected to call for:
    each round a Boat puts two cards in its Action Zone, each bringing ``weights.bane_ahead``
    of the average Bane of its season's cards, and each Protector returned lowers the Bane by
    2. Season 3's cards bring the most, so a Boat is worth more Protectors kept than the Bane
    it holds now shows. Worked out once per component set and weights (:data:`NEEDS`)."""
    needs = NEEDS.get(id(components), components, weights)
    if needs is None:
        bane = season_bane(components)
        share = weights.bane_ahead
        needs = NEEDS.put(id(components), components, weights, tuple(
            math.ceil(sum(2 * share * bane[season_of(round_)]
                          for round_ in range(ROUNDS - n + 1, ROUNDS + 1)) / 2 - 1e-9)
            for n in range(ROUNDS + 1)))
    return needs[left]  # type: ignore[no-any-return]


def season_bane(components: Components) -> dict[int, float]:
    """The average Bane of a card of each season in ``components``."""
    bane: dict[int, list[int]] = {season: [] for season in SEASONS}
    for card in components.cards.values():
        bane[card.season].append(card.bane)
    return {season: sum(v) / len(v) if v else 0.0 for season, v in bane.items()}


def _feedings(state: GameState, p: PlayerState, healthy: float,
              weights: Weights) -> tuple[float, float]:
    """Projected (unfed Healthy Humans, Food left) over the coming Islands."""
    food, starved = float(p.food), 0.0
    income_in = state.phase in (PHASE_MAINTENANCE, PHASE_RIVER)  # this round's cards are in
    last = state.round if income_in else state.round - 1
    for island in feedings_left(state):
        food += weights.food_income * (island - last)
        last = island
        food, fed = feeding(food, healthy)
        starved += healthy - fed
        healthy = fed
    return starved, food


PROJECTIONS = Remembered()
"""Each Boat's :func:`project` by its Boat, round and phase (see :mod:`.remembered`)."""
OBJECTIVES = Remembered()
"""The cooperative Objectives' part of :func:`evaluate` by every Boat, round, phase and tile."""
NEEDS = Remembered(limit=64)
"""Each component set's :func:`protectors_ahead` by rounds left, with the weights it used."""


def project(state: GameState, seat: int, weights: Weights = DEFAULT) -> float:
    """``seat``'s projected final Healthy Humans (its own Boat only)."""
    if state.is_over:
        return float(state.players[seat].healthy)
    return sum(explain(state, seat, weights).values())


def remembered_projection(state: GameState, seat: int, weights: Weights = DEFAULT) -> float:
    """:func:`project`, remembered by the Boat (the team and cooperative modes project every
    Boat of the team at each line's end, most of them unchanged from the line before; in the
    competitive mode a line's end changes the one Boat projected, so it is not kept). The key
    is what :func:`explain` reads, as plain values: Boats that differ only in their cards
    share it, and a table of such keys holds nothing the garbage collector walks."""
    phase = state.phase
    if phase is PHASE_OVER:
        return float(state.players[seat].healthy)
    components = state.components
    p = state.players[seat]
    key = (id(components), id(weights), p.food, p.healthy, p.contaminated, p.doctors,
           p.protectors, p.bane, p.rooms, p.batteries, state.round,
           phase is PHASE_RIVER, phase is PHASE_MAINTENANCE, state.config.setup)
    found = PROJECTIONS.get(key, components, weights)
    if found is None:
        found = PROJECTIONS.put(key, components, weights, project(state, seat, weights))
    return found  # type: ignore[no-any-return]


def evaluate(state: GameState, seat: int, weights: Weights = DEFAULT) -> float:
    """The value of ``state`` for ``seat`` in the mode's score: own Healthy Humans
    (competitive), the team's (team mode) or everyone's (cooperative)."""
    mode = state.config.mode
    if state.is_over:
        return terminal_value(state, seat)
    if mode == "team":
        return sum(remembered_projection(state, s, weights) for s in team_of(seat))
    if mode == "coop":
        total = sum(remembered_projection(state, s, weights)
                    for s in range(state.config.players))
        met, short = objectives_part(state, weights)
        return total * met - weights.objective * short
    return project(state, seat, weights)


def objectives_part(state: GameState, weights: Weights = DEFAULT) -> tuple[float, float]:
    """Cooperative: (the chance every Objective of the season is met, what they still lack
    as :func:`objective_shortfall` weighs it), remembered by what the two read (each Boat's
    :func:`objective_holdings`, the round, phase and revealed tiles, how many of the season's
    tiles are face down)."""
    components = state.components
    stacks = state.objective_stacks
    key = (id(components), id(weights), state.config.mode, tuple(map(objective_holdings,
                                                                   state.players)),
           state.round, state.phase, state.objectives,
           len(stacks[state.season - 1]) if stacks else 0)
    found = OBJECTIVES.get(key, components, weights)
    if found is None:
        found = OBJECTIVES.put(key, components, weights, (
            1.0 - objective_risk(state, weights), objective_shortfall(state)))
    return found  # type: ignore[no-any-return]


def objective_holdings(p: PlayerState) -> tuple[object, ...]:
    """What the Objectives' part of the evaluation reads of a Boat (:func:`at_check`, every
    resource an Objective may ask for)."""
    return (p.food, p.healthy, p.contaminated, p.doctors, p.protectors, p.batteries)


def check_rounds(state: GameState) -> int:
    """Cooperative: rounds whose gains still come before this season's Objectives are
    checked (after the feeding of the season's Island)."""
    if state.phase is PHASE_OVER:
        return 0
    gains_ahead = state.phase in (PHASE_DECISION, PHASE_ACTION)
    return 4 * state.season - state.round + (1 if gains_ahead else 0)


def at_check(state: GameState, p: PlayerState, weights: Weights = DEFAULT) -> dict[str, float]:
    """What a Boat is projected to hold when the Objectives are checked: Food after the
    Island's feeding (with the expected Food income until then), Healthy Humans fed."""
    return _held_at_check(p, _income(state, weights))


def _income(state: GameState, weights: Weights) -> float:
    """The Food a Boat is expected to find before the check (:func:`at_check`)."""
    return weights.food_income * max(0, check_rounds(state) - 1)


def _held_at_check(p: PlayerState, income: float) -> dict[str, float]:
    """:func:`at_check` with the Food income worked out (the same for every Boat)."""
    food = p.food + income
    held = {resource: float(read(p)) for resource, read in _AT_CHECK}
    healthy = float(min(p.healthy, food))
    held.update(food=max(0.0, food - p.healthy), healthy=healthy,
                humans=healthy + p.contaminated)
    return held


_AT_CHECK = tuple((resource, HOLDING[resource])
                  for resource in ("contaminated", "doctor", "protector", "ymune", "battery"))
"""The resources held at the check as they are now, each with its one reader
(:data:`precog.engine.scoring.HOLDING`); Food and Healthy Humans come after the feeding."""


def lack(state: GameState, requirements: tuple[Requirement, ...],
         weights: Weights = DEFAULT, held: list[dict[str, float]] | None = None) -> float:
    """Units the team still needs to meet ``requirements`` at the check ("each": every Boat
    short of the amount counts); ``held``: every Boat's :func:`at_check`, when known."""
    if held is None:
        held = [at_check(state, p, weights) for p in state.players]
    return _lack(requirements, held, {})


def _lack(requirements: tuple[Requirement, ...], held: list[dict[str, float]],
          amounts_of: dict[str, list[float]]) -> float:
    """:func:`lack`; ``amounts_of``: each resource's amounts over the Boats, those read so
    far (filled as they are read: the tiles of one position ask for the same few)."""
    total = 0.0
    for req in requirements:
        amounts = amounts_of.get(req.resource)
        if amounts is None:
            amounts = amounts_of[req.resource] = [h[req.resource] for h in held]
        if req.scope == "one":
            total += max(0.0, req.amount - max(amounts))
        else:
            total += sum(max(0.0, req.amount - a) for a in amounts)
    return total


def miss_chance(units: float, rounds: int, weights: Weights = DEFAULT) -> float:
    """A rough chance that ``units`` still lacking are not found in ``rounds`` rounds."""
    if units <= 0:
        return 0.0
    return min(1.0, units / (1.0 + weights.objective_reach * rounds))


def tile_risks(state: GameState, weights: Weights = DEFAULT) -> list[tuple[str, float]]:
    """Cooperative: (tile, chance it is missed) for every Objective of the current season:
    a revealed tile on its shown side (lowered by the option to mitigate it while rounds are
    left), each face-down tile as the average over the tiles it could be (full side; it cannot
    be mitigated before it is revealed)."""
    if not state.config.coop or state.phase is PHASE_OVER:
        return []
    comps, season = state.components, state.season
    rounds = check_rounds(state)
    income = _income(state, weights)
    held = [_held_at_check(p, income) for p in state.players]
    amounts: dict[str, list[float]] = {}
    out: list[tuple[str, float]] = []
    for tile_id, mitigated in state.objectives:
        tile = comps.objective_by_id[tile_id]
        if tile.season != season:
            continue
        full = miss_chance(_lack(tile.mitigated if mitigated else tile.full, held, amounts),
                           rounds, weights)
        if not mitigated and rounds > 0:
            easy = miss_chance(_lack(tile.mitigated, held, amounts), rounds, weights)
            full -= weights.mitigate_option * max(0.0, full - easy)
        out.append((tile_id, full))
    hidden = len(state.objective_stacks[season - 1]) if state.objective_stacks else 0
    if hidden:
        pool = unrevealed(state, season)
        if pool:
            risk = sum(miss_chance(_lack(o.full, held, amounts), rounds, weights)
                       for o in pool) / len(pool)
            out += [("face-down", risk)] * hidden
    return out


def unrevealed(state: GameState, season: int) -> tuple[ObjectiveTile, ...]:
    """The Objective tiles of ``season`` not revealed yet: what its face-down ones may be
    (found again for the same revealed tiles of the same box: every cooperative leaf asks)."""
    tiles = state.components.objectives
    key = (season, state.objectives)
    found = _UNREVEALED.get(key)
    if found is not None and found[0] is tiles:
        return found[1]
    if len(_UNREVEALED) >= _MOST_UNREVEALED:
        _UNREVEALED.clear()
    shown = {t for t, _ in state.objectives}
    pool = tuple([o for o in tiles if o.season == season and o.id not in shown])
    _UNREVEALED[key] = (tiles, pool)
    return pool


_UNREVEALED: dict[tuple[int, tuple[tuple[str, bool], ...]],
                  tuple[tuple[ObjectiveTile, ...], tuple[ObjectiveTile, ...]]] = {}
"""The unrevealed tiles of each season and revealed tiles met so far, with the box's tiles
they were read from (another box's tiles are read again)."""
_MOST_UNREVEALED = 10_000


def objective_risk(state: GameState, weights: Weights = DEFAULT) -> float:
    """Cooperative: the chance that some Objective of this season is missed (a miss loses
    the game at once, so the team's projection is weighed by the chance of meeting them)."""
    met = 1.0
    for _, risk in tile_risks(state, weights):
        met *= 1.0 - risk
    return 1.0 - met


def objective_shortfall(state: GameState) -> float:
    """Cooperative: what this season's Objectives still lack (revealed tiles on their shown
    side; each face-down tile counted as the average full side of the tiles it could be),
    weighed more as the season's Island comes closer."""
    comps = state.components
    season = state.season
    revealed = [(comps.objective_by_id[t], m) for t, m in state.objectives
                if comps.objective_by_id[t].season == season]
    held: dict[str, list[int]] = {}
    short = sum(_lacking(state, tile.mitigated if m else tile.full, held)
                for tile, m in revealed)
    hidden = len(state.objective_stacks[season - 1]) if state.objective_stacks else 0
    if hidden:
        pool = unrevealed(state, season)
        if pool:
            short += hidden * sum(_lacking(state, o.full, held) for o in pool) / len(pool)
    island = 4 * season
    return short / (1 + max(0, island - state.round))


def _lacking(state: GameState, requirements: tuple[Requirement, ...],
             held_of: dict[str, list[int]]) -> float:
    """What the Boats lack of ``requirements`` now; ``held_of``: each resource's holdings
    over the Boats, those read so far (filled as they are read)."""
    total = 0.0
    for req in requirements:
        held = held_of.get(req.resource)
        if held is None:
            held = held_of[req.resource] = list(map(HOLDING[req.resource], state.players))
        best = max(held) if req.scope == "one" else min(held)
        total += max(0, req.amount - best)
    return total


def terminal_value(state: GameState, seat: int) -> float:
    """A finished game's score for ``seat`` (Contaminated Humans break ties; a cooperative
    game lost on an Objective is worth 0)."""
    outcome = state.outcome
    p = state.players
    if state.config.mode == "team":
        return float(sum(p[s].healthy for s in team_of(seat)))
    if state.config.mode == "coop":
        lost_on_objective = (outcome is not None
                             and outcome.code == OutcomeCode.COOP_OBJECTIVES_FAILED)
        return 0.0 if lost_on_objective else float(sum(x.healthy for x in p))
    return p[seat].healthy + 0.01 * p[seat].contaminated


def last_check_value(state: GameState, seat: int) -> float:
    """A finished playout's value for ``seat``: its score, but in the cooperative mode, once
    the last season's Objectives were checked, the Boats' total times
    :func:`last_check_chance` instead of the total or nothing."""
    if not (state.config.coop and state.is_over):
        return terminal_value(state, seat)
    return float(sum(p.healthy for p in state.players)) * coop_share(state)


def coop_share(state: GameState) -> float:
    """What a finished cooperative game's total counts for: :func:`last_check_chance` once the
    last check was played, 0 for a game lost at an earlier Island."""
    if state.round == ROUNDS:
        return last_check_chance(state)
    lost = state.outcome is not None and state.outcome.code == OutcomeCode.COOP_OBJECTIVES_FAILED
    return 0.0 if lost else 1.0


COOP_VALUE = ("2026-12-07: the cooperative weights found by self-play; the sensible player "
              "never reveals; every face-down tile by chance")
"""What a cooperative playout's value counts, as a mark (the sensible player who plays it, what
its end counts): analyses stored with another (the decision-quality benchmark's references)
were made with a value the analysis no longer gives, and must be built again."""


def last_check_chance(state: GameState) -> float:
    """Cooperative, a game over at the last check: the chance its Objectives are met, counting
    the face-down tiles by their chance.

    The revealed tiles count as they are (one unmet: 0). The tiles still face down are one
    draw of the season's unrevealed tiles, and nothing in the game depended on which: nobody
    saw them, and the sensible player never reveals one (:mod:`precog.analysis.playing.policy`). So
    they are any ``k`` of the season's ``n`` unrevealed tiles alike, and all are met when they
    are ``k`` of the ``m`` whose full side the Boats meet: C(m, k) / C(n, k). The mean over
    many playouts is the score's mean, with far less spread (docs/analysis.md, "Every
    face-down tile by its chance"). The game's own score is :func:`terminal_value`.
    """
    comps, season = state.components, state.season
    for tile_id, mitigated in state.objectives:
        tile = comps.objective_by_id[tile_id]
        if tile.season == season and not _meets(state, tile.mitigated if mitigated
                                                else tile.full):
            return 0.0
    hidden = len(state.objective_stacks[season - 1])
    if not hidden:
        return 1.0
    pool = unrevealed(state, season)
    met = sum(_meets(state, o.full) for o in pool)
    return math.comb(met, hidden) / math.comb(len(pool), hidden)


def _meets(state: GameState, side: tuple[Requirement, ...]) -> bool:
    return all(requirement_met(state, r) for r in side)


def team_of(seat: int) -> tuple[int, ...]:
    return TEAMS[0] if seat in TEAMS[0] else TEAMS[1]


def score(state: GameState, seat: int) -> float:
    """Healthy Humans now for ``seat`` in the mode's score (no projection)."""
    p = state.players
    if state.config.mode == "team":
        return float(sum(p[s].healthy for s in team_of(seat)))
    if state.config.mode == "coop":
        return float(sum(x.healthy for x in p))
    return float(p[seat].healthy)


def resources(state: GameState, seat: int) -> dict[str, int]:
    """A Boat summary: Food, Batteries, Healthy, Contaminated, Doctors, Protectors, Bane."""
    p = state.players[seat]
    return {"food": p.food, "batteries": sum(p.batteries), "healthy": p.healthy,
            "contaminated": p.contaminated, "doctors": p.doctors, "protectors": p.protectors,
            "bane": p.bane}


def immediate(state: GameState, seat: int) -> float:
    """A Boat's resources now, weighed without any projection (the greedy bot's score)."""
    p = state.players[seat]
    if state.is_over:
        return terminal_value(state, seat)
    return (p.healthy + 0.5 * p.contaminated + 0.1 * p.food + 0.3 * p.doctors
            + 0.3 * p.protectors - 0.3 * p.bane + 0.1 * sum(p.batteries))
