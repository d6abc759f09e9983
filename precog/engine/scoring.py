"""End of the game: competitive and team results with tie-breaks; cooperative Objectives."""

from __future__ import annotations

from precog.engine.components import Requirement
from precog.engine.state import COOP_THRESHOLDS, GameState, Outcome, PlayerState

TEAMS = ((0, 1), (2, 3))  # team mode: neighbours are teammates


def holding(p: PlayerState, resource: str) -> int:
    """How much of an Objective resource a player holds now."""
    return {
        "food": p.food, "healthy": p.healthy, "contaminated": p.contaminated,
        "humans": p.humans, "doctor": p.doctors, "protector": p.protectors,
        "ymune": p.ymunes, "battery": sum(p.batteries),
    }[resource]


def requirement_met(state: GameState, req: Requirement) -> bool:
    held = [holding(p, req.resource) for p in state.players]
    return (max(held) if req.scope == "one" else min(held)) >= req.amount


def season_objectives(state: GameState, season: int) -> list[tuple[str, bool]]:
    """Every Objective of ``season`` as (id, mitigated): revealed ones and the face-down rest."""
    comps = state.components
    revealed = [(t, m) for t, m in state.objectives if comps.objective_by_id[t].season == season]
    hidden = [(t, False) for t in state.objective_stacks[season - 1]]
    return revealed + hidden


def check_objectives(state: GameState) -> tuple[str, ...]:
    """Objectives of the season just ended that the players fail (empty: all met)."""
    failed = []
    for tile_id, mitigated in season_objectives(state, state.season):
        tile = state.components.objective_by_id[tile_id]
        side = tile.mitigated if mitigated else tile.full
        if not all(requirement_met(state, r) for r in side):
            failed.append(tile_id)
    return tuple(failed)


def final_outcome(state: GameState, failed: tuple[str, ...]) -> Outcome:
    mode = state.config.mode
    if mode == "coop":
        return _coop_outcome(state, failed)
    if mode == "team":
        return _team_outcome(state)
    healthy = [p.healthy for p in state.players]
    best = max(healthy)
    tied = [s for s, h in enumerate(healthy) if h == best]
    if len(tied) == 1:
        return Outcome(winners=tuple(tied), scores=tuple(healthy),
                       reason=f"seat {tied[0]} has the most Healthy Humans ({best})")
    humans = {s: state.players[s].humans for s in tied}
    top = max(humans.values())
    winners = tuple(s for s in tied if humans[s] == top)
    seats = " and ".join(f"seat {s}" for s in tied)
    if len(winners) == 1:
        reason = (f"{seats} tie on {best} Healthy Humans; seat {winners[0]} wins on all Humans "
                  f"({top})")
    else:
        reason = (f"{' and '.join(f'seat {s}' for s in winners)} tie on {best} Healthy Humans "
                  f"and {top} Humans in all: a shared win")
    return Outcome(winners=winners, scores=tuple(healthy), reason=reason)


def _team_outcome(state: GameState) -> Outcome:
    ps = state.players
    healthy = [sum(ps[s].healthy for s in team) for team in TEAMS]
    contaminated = [sum(ps[s].contaminated for s in team) for team in TEAMS]
    scores = tuple(healthy[0 if s in TEAMS[0] else 1] for s in range(4))
    if healthy[0] != healthy[1]:
        win = 0 if healthy[0] > healthy[1] else 1
        return Outcome(winners=TEAMS[win], scores=scores,
                       reason=f"team {TEAMS[win]} has more Healthy Humans "
                              f"({healthy[win]} to {healthy[1 - win]})")
    if contaminated[0] != contaminated[1]:
        win = 0 if contaminated[0] > contaminated[1] else 1
        return Outcome(winners=TEAMS[win], scores=scores,
                       reason=f"teams tie on {healthy[0]} Healthy Humans; team {TEAMS[win]} "
                              f"wins on Contaminated Humans ({contaminated[win]} to "
                              f"{contaminated[1 - win]})")
    return Outcome(winners=(0, 1, 2, 3), scores=scores,
                   reason=f"teams tie on {healthy[0]} Healthy and {contaminated[0]} "
                          "Contaminated Humans: a shared win")


def _coop_outcome(state: GameState, failed: tuple[str, ...]) -> Outcome:
    total = sum(p.healthy for p in state.players)
    scores = (total,) * state.n
    if failed:
        return Outcome(winners=(), scores=scores,
                       reason=f"season {state.season} Objectives not met: {', '.join(failed)}")
    need = COOP_THRESHOLDS[state.n]
    if total >= need:
        return Outcome(winners=tuple(range(state.n)), scores=scores,
                       reason=f"all Objectives met and {total} Healthy Humans (needed {need})")
    return Outcome(winners=(), scores=scores,
                   reason=f"only {total} Healthy Humans at the end (needed {need})")
