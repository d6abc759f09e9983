"""End of the game: competitive and team results with tie-breaks; cooperative Objectives."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from operator import attrgetter

from precog.engine.components import Requirement
from precog.engine.state import COOP_THRESHOLDS, GameState, Outcome, PlayerState
from precog.engine.wording import DEFAULT_LANGUAGE, fill, load_words

TEAMS = ((0, 1), (2, 3))  # team mode: neighbours are teammates


def holding(p: PlayerState, resource: str) -> int:
    """How much of an Objective resource a player holds now."""
    return HOLDING[resource](p)


HOLDING: dict[str, Callable[[PlayerState], int]] = {
    "food": attrgetter("food"), "healthy": attrgetter("healthy"),
    "contaminated": attrgetter("contaminated"), "humans": attrgetter("humans"),
    "doctor": attrgetter("doctors"), "protector": attrgetter("protectors"),
    "ymune": attrgetter("ymunes"), "battery": lambda p: sum(p.batteries),
}
"""How each Objective resource is read from a Boat (a table: this runs at every look-ahead
leaf of the cooperative mode)."""


def requirement_met(state: GameState, req: Requirement) -> bool:
    held = list(map(HOLDING[req.resource], state.players))
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


class OutcomeCode(StrEnum):
    """Why a game ended as it did; the sentence is ``[outcome]`` of the words files."""

    MOST_HEALTHY = "most_healthy"                    # seat, best
    TIE_WON_ON_HUMANS = "tie_won_on_humans"          # seats, best, winner, top
    TIE_SHARED = "tie_shared"                        # seats, best, top
    TEAM_MORE_HEALTHY = "team_more_healthy"          # team, a, b
    TEAM_WON_ON_CONTAMINATED = "team_won_on_contaminated"  # healthy, team, a, b
    TEAM_SHARED = "team_shared"                      # healthy, contaminated
    COOP_OBJECTIVES_FAILED = "coop_objectives_failed"  # season, tiles
    COOP_WON = "coop_won"                            # total, need
    COOP_SHORT = "coop_short"                        # total, need


def outcome_text(code: str, values: Mapping[str, object], lang: str = DEFAULT_LANGUAGE) -> str:
    """The sentence for an outcome ``code`` in ``lang`` (starting with a capital: "Seat 1
    has…", "Season 1 Objectives…")."""
    template = load_words(lang).get("outcome", {}).get(code)
    if not isinstance(template, str):
        template = load_words(DEFAULT_LANGUAGE)["outcome"][code]
    text = fill(lang, template, values)
    return text[:1].upper() + text[1:]


def _outcome(winners: tuple[int, ...], scores: tuple[int, ...], code: OutcomeCode,
             **values: int | tuple[int, ...] | tuple[str, ...]) -> Outcome:
    listed = tuple(sorted(values.items()))
    key = (code.value, listed)
    reason = _REASONS.get(key)
    if reason is None:
        if len(_REASONS) >= _MOST_REASONS:
            _REASONS.clear()
        reason = _REASONS[key] = outcome_text(code, values)
    return Outcome(winners=winners, scores=scores, reason=reason, code=code.value,
                   values=listed)


_REASONS: dict[tuple[str, tuple[tuple[str, object], ...]], str] = {}
"""The English sentence of each (code, values) already said: results repeat (the same seat
wins with the same count in many games), and filling a sentence costs more than a game's
last step."""
_MOST_REASONS = 10_000


def final_outcome(state: GameState, failed: tuple[str, ...]) -> Outcome:
    mode = state.config.mode
    if mode == "coop":
        return _coop_outcome(state, failed)
    if mode == "team":
        return _team_outcome(state)
    healthy = tuple(p.healthy for p in state.players)
    best = max(healthy)
    tied = tuple(s for s, h in enumerate(healthy) if h == best)
    if len(tied) == 1:
        return _outcome(tied, healthy, OutcomeCode.MOST_HEALTHY, seat=tied[0], best=best)
    humans = {s: state.players[s].humans for s in tied}
    top = max(humans.values())
    winners = tuple(s for s in tied if humans[s] == top)
    if len(winners) == 1:
        return _outcome(winners, healthy, OutcomeCode.TIE_WON_ON_HUMANS, seats=tied, best=best,
                        winner=winners[0], top=top)
    return _outcome(winners, healthy, OutcomeCode.TIE_SHARED, seats=winners, best=best, top=top)


def _team_outcome(state: GameState) -> Outcome:
    ps = state.players
    healthy = [sum(ps[s].healthy for s in team) for team in TEAMS]
    contaminated = [sum(ps[s].contaminated for s in team) for team in TEAMS]
    scores = tuple(healthy[0 if s in TEAMS[0] else 1] for s in range(4))
    if healthy[0] != healthy[1]:
        win = 0 if healthy[0] > healthy[1] else 1
        return _outcome(TEAMS[win], scores, OutcomeCode.TEAM_MORE_HEALTHY, team=TEAMS[win],
                        a=healthy[win], b=healthy[1 - win])
    if contaminated[0] != contaminated[1]:
        win = 0 if contaminated[0] > contaminated[1] else 1
        return _outcome(TEAMS[win], scores, OutcomeCode.TEAM_WON_ON_CONTAMINATED,
                        healthy=healthy[0], team=TEAMS[win], a=contaminated[win],
                        b=contaminated[1 - win])
    return _outcome((0, 1, 2, 3), scores, OutcomeCode.TEAM_SHARED, healthy=healthy[0],
                    contaminated=contaminated[0])


def _coop_outcome(state: GameState, failed: tuple[str, ...]) -> Outcome:
    total = sum(p.healthy for p in state.players)
    scores = (total,) * state.n
    if failed:
        return _outcome((), scores, OutcomeCode.COOP_OBJECTIVES_FAILED, season=state.season,
                        tiles=failed)
    need = COOP_THRESHOLDS[state.n]
    if total >= need:
        return _outcome(tuple(range(state.n)), scores, OutcomeCode.COOP_WON, total=total,
                        need=need)
    return _outcome((), scores, OutcomeCode.COOP_SHORT, total=total, need=need)
