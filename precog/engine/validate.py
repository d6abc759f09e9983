"""Checking that a position is one the game can reach the shape of (used on every load).

Each failed check raises :class:`PositionError` naming the part of the position at fault.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import fields
from typing import NoReturn

from precog.engine.actions import Choose, ChooseRooms, PassCards
from precog.engine.components import Gains
from precog.engine.data_loading import MAX_VALUE
from precog.engine.errors import PositionError, PrecogError
from precog.engine.formulas import season_of
from precog.engine.problems import ErrorCode, Problem
from precog.engine.setup import check_config
from precog.engine.state import (
    BANE_MAX,
    BOAT_FIELDS,
    MACHINES_PER_ROOM,
    ROUNDS,
    GameState,
    Phase,
    PlayerState,
    Step,
)

# The most one placement can offer, per resource: a component gives at most MAX_VALUE of each
# (data_loading checks it), two activated cards give their gain and bonus each, six machines
# can trigger together, a River tile gives once; a round's takings add cards and machines.
PENDING_MAX = {"cards": 4 * MAX_VALUE, "machines": 6 * MAX_VALUE, "river": MAX_VALUE}
CARD_GAINS_MAX = 4 * MAX_VALUE
TAKEN_MAX = 10 * MAX_VALUE
SCORE_MAX = 4 * 999  # a team's total of Healthy Humans, far above a real game
_GAIN_FIELDS = tuple(f.name for f in fields(Gains))

_STEPS = {
    Phase.SETUP_ROOMS: {Step.CHOOSE}, Phase.SETUP_PASS: {Step.CHOOSE},
    Phase.DECISION: {Step.CHOOSE}, Phase.ACTION: {Step.ACTIVATE, Step.GAINS, Step.COOP, Step.TEAM},
    Phase.MAINTENANCE: {Step.PROTECT, Step.LOSE}, Phase.RIVER: {Step.IGNORE, Step.GAINS},
    Phase.OVER: {Step.NONE},
}


def check_state(state: GameState) -> None:
    """Raise :class:`PositionError` if ``state`` is malformed or impossible."""
    try:
        check_config(state.config, state.components)
    except PrecogError as err:
        raise PositionError(Problem.of(ErrorCode.CHECK_CONFIG, detail=err.problem or str(err)),
                            state=state) from None
    _check_flow(state)
    for seat, p in enumerate(state.players):
        _check_player(state, seat, p)
    check_cards(state)
    _check_river(state)
    _check_objectives(state)
    _check_choices(state)
    _probe(state)


def _fail(code: ErrorCode, **values: object) -> NoReturn:
    raise PositionError(Problem.of(code, **values))


def _check_flow(s: GameState) -> None:
    if len(s.players) != s.n:
        _fail(ErrorCode.CHECK_BOATS, boats=len(s.players), n=s.n)
    if not 1 <= s.round <= ROUNDS:
        _fail(ErrorCode.CHECK_ROUND, top=ROUNDS, got=s.round)
    if s.step not in _STEPS[s.phase]:
        _fail(ErrorCode.CHECK_STEP_PHASE, step=s.step.value, phase=s.phase.value)
    if s.phase in (Phase.SETUP_ROOMS, Phase.SETUP_PASS) and (s.round != 1
                                                              or not s.config.advanced):
        _fail(ErrorCode.CHECK_SETUP_ROUND)
    if s.phase is Phase.OVER:
        if s.to_move != -1 or s.outcome is None:
            _fail(ErrorCode.CHECK_OVER)
        _check_outcome(s)
        return
    if s.outcome is not None:
        _fail(ErrorCode.CHECK_OUTCOME_EARLY)
    if not 0 <= s.to_move < s.n:
        _fail(ErrorCode.CHECK_TO_MOVE, top=s.n - 1, got=s.to_move)
    if (s.step is Step.GAINS) != (s.pending_source != ""):
        _fail(ErrorCode.CHECK_PENDING_STEP)
    if s.step is Step.GAINS:
        ok = {"cards", "machines"} if s.phase is Phase.ACTION else {"river"}
        if s.pending_source not in ok:
            _fail(ErrorCode.CHECK_PENDING_SOURCE, source=s.pending_source, phase=s.phase.value)
        if not s.pending.total() or min(s.pending.astuple()) < 0:
            _fail(ErrorCode.CHECK_PENDING_EMPTY)
        _check_gains("pending", s.pending, PENDING_MAX[s.pending_source],
                     Problem.of(ErrorCode.CHECK_WHAT_OFFER, source=s.pending_source))
    elif s.pending.total():
        _fail(ErrorCode.CHECK_PENDING_ELSEWHERE)
    if s.step in (Step.COOP, Step.TEAM) and not s.config.coop:
        _fail(ErrorCode.CHECK_COOP_STEP, step=s.step.value)
    if not 0 <= s.passes < (s.n if s.step is Step.TEAM else 1):
        _fail(ErrorCode.CHECK_PASSES, top=s.n - 1, got=s.passes)
    activated = [bool(p.activated) for p in s.players]
    if s.step is Step.TEAM and any(activated) and not all(activated):
        _fail(ErrorCode.CHECK_TEAM_WINDOW)


def _check_player(s: GameState, seat: int, p: PlayerState) -> None:
    where = f"players[{seat}]"
    for name in BOAT_FIELDS:
        value = getattr(p, name)
        if value < 0 or value > 999:
            _fail(ErrorCode.CHECK_BOAT_FIELD, where=where, name=name, got=value)
    if p.bane > BANE_MAX:
        _fail(ErrorCode.CHECK_BANE, where=where, top=BANE_MAX, got=p.bane)
    rooms = 3 if s.phase is Phase.SETUP_ROOMS else 2
    if len(p.rooms) != rooms or len(set(p.rooms)) != rooms:
        _fail(ErrorCode.CHECK_ROOMS, where=where, n=rooms, got=list(p.rooms))
    for r in p.rooms:
        if r not in s.components.room_by_id:
            _fail(ErrorCode.CHECK_ROOM_UNKNOWN, where=where, room=r)
    if len(p.batteries) != 2 * MACHINES_PER_ROOM:
        _fail(ErrorCode.CHECK_BATTERIES_COUNT, where=where, got=len(p.batteries))
    for m, n in enumerate(p.batteries):
        machine = s.machine(seat, m)
        top = machine.batteries if machine else 0
        if not 0 <= n <= top or (s.phase is Phase.SETUP_ROOMS and n):
            _fail(ErrorCode.CHECK_BATTERIES, where=where, machine=m + 1, top=top, got=n)
    _check_zones(s, where, p)
    _check_gains(f"{where}.card_gains", p.card_gains, CARD_GAINS_MAX,
                 Problem.of(ErrorCode.CHECK_WHAT_CARDS))
    _check_gains(f"{where}.received", p.received, CARD_GAINS_MAX,
                 Problem.of(ErrorCode.CHECK_WHAT_CARDS))
    _check_gains(f"{where}.taken", p.taken, TAKEN_MAX, Problem.of(ErrorCode.CHECK_WHAT_ROUND))


def _check_gains(where: str, g: Gains, top: int, what: Problem) -> None:
    for name in _GAIN_FIELDS:
        value = getattr(g, name)
        if not 0 <= value <= top:
            _fail(ErrorCode.CHECK_GAINS, where=where, name=name, top=top, what=what, got=value)


def _check_outcome(s: GameState) -> None:
    assert s.outcome is not None
    winners, scores = s.outcome.winners, s.outcome.scores
    if len(set(winners)) != len(winners) or not set(winners) <= set(range(s.n)):
        _fail(ErrorCode.CHECK_WINNERS, top=s.n - 1, got=list(winners))
    if len(scores) != s.n or not all(0 <= v <= SCORE_MAX for v in scores):
        _fail(ErrorCode.CHECK_SCORES, n=s.n, top=SCORE_MAX, got=list(scores))


def _check_zones(s: GameState, where: str, p: PlayerState) -> None:
    playing = s.phase in (Phase.ACTION, Phase.MAINTENANCE, Phase.RIVER)
    hand = {Phase.SETUP_ROOMS: 0, Phase.SETUP_PASS: 4,
            Phase.DECISION: 2 if s.round < ROUNDS else 0}.get(s.phase, 0)
    dz = 0 if s.phase in (Phase.SETUP_ROOMS, Phase.SETUP_PASS) or (
        s.phase is not Phase.DECISION and s.round == ROUNDS) else 2
    az = 2 if playing else 0
    if s.phase is Phase.SETUP_ROOMS:
        deck = 24  # no card drawn before the rooms are chosen
    elif s.phase is Phase.SETUP_PASS:
        deck = 20
    else:
        deck = max(0, 22 - 2 * s.round)
    expect = {"hand": hand, "decision_zone": dz, "action_zone": az, "deck": deck}
    for name, n in expect.items():
        if len(getattr(p, name)) != n:
            _fail(ErrorCode.CHECK_ZONE, where=where, name=name, n=n, round=s.round,
                  phase=s.phase.value,
                  got=len(getattr(p, name)))
    if playing != (p.gave is not None):
        _fail(ErrorCode.CHECK_GAVE_PHASE, where=where)
    if p.activated not in (("", "both", "G", "R") if playing else ("",)):
        _fail(ErrorCode.CHECK_ACTIVATED, where=where, got=p.activated)


def check_cards(s: GameState) -> None:
    """Card conservation: every card of the decks in play is in exactly one place."""
    owned = Counter(c.id for code in s.config.decks for c in s.components.decks[code])
    seen: Counter[str] = Counter()
    for p in s.players:
        seen.update(p.deck + p.hand + p.decision_zone + p.action_zone + p.discard)
    if seen != owned:
        extra = sorted((seen - owned).elements())
        missing = sorted((owned - seen).elements())
        _fail(ErrorCode.CHECK_CARDS, extra=extra[:5], missing=missing[:5])
    for seat, p in enumerate(s.players):
        if p.gave is not None and p.gave not in s.players[s.left(seat)].action_zone[1:]:
            _fail(ErrorCode.CHECK_GAVE, seat=seat, card=p.gave)
        code = s.config.decks[seat]
        for i, card_id in enumerate(p.deck):
            if s.card(card_id).deck != code:
                _fail(ErrorCode.CHECK_DECK_FOREIGN, seat=seat, index=i, card=card_id)
        seasons = [s.card(c).season for c in p.deck]
        if seasons != sorted(seasons):
            _fail(ErrorCode.CHECK_DECK_ORDER, seat=seat)


def _check_river(s: GameState) -> None:
    tiles = s.river
    if len(tiles) != ROUNDS:
        _fail(ErrorCode.CHECK_RIVER_COUNT, got=len(tiles))
    islands = {i.id: i.season for i in s.components.islands}
    for i, t in enumerate(tiles):
        season = season_of(i + 1)
        want_island = i % 4 == 3
        if want_island and islands.get(t) != season:
            _fail(ErrorCode.CHECK_RIVER_ISLAND, index=i, season=season, got=t)
        tile = s.components.river_by_id.get(t)
        if not want_island and (tile is None or tile.season != season):
            _fail(ErrorCode.CHECK_RIVER_TILE, index=i, season=season, got=t)
    if len(set(tiles)) != len(tiles):
        _fail(ErrorCode.CHECK_RIVER_TWICE)


def _check_objectives(s: GameState) -> None:
    if not s.config.coop:
        if s.objective_stacks or s.objectives:
            _fail(ErrorCode.CHECK_OBJECTIVES_COOP)
        return
    if len(s.objective_stacks) != 3:
        _fail(ErrorCode.CHECK_OBJECTIVE_STACKS)
    per_season = s.n + (1 if s.config.difficulty == "apocalypse" else 0)
    ids: list[str] = [t for st in s.objective_stacks for t in st] + [t for t, _ in s.objectives]
    if len(set(ids)) != len(ids):
        _fail(ErrorCode.CHECK_OBJECTIVE_TWICE)
    unknown = [t for t in ids if t not in s.components.objective_by_id]
    if unknown:
        _fail(ErrorCode.CHECK_OBJECTIVE_UNKNOWN, tile=unknown[0])
    for season in (1, 2, 3):
        mine = [t for t in ids if t in s.components.objective_by_id
                and s.components.objective_by_id[t].season == season]
        if len(mine) != per_season:
            _fail(ErrorCode.CHECK_OBJECTIVE_SEASON, season=season, n=per_season, got=len(mine))
    for season, stack in enumerate(s.objective_stacks, start=1):
        for t in stack:
            if s.components.objective_by_id[t].season != season:
                _fail(ErrorCode.CHECK_OBJECTIVE_STACK, index=season - 1, tile=t, season=season)
    for t, _ in s.objectives:
        if s.components.objective_by_id[t].season > s.season:
            _fail(ErrorCode.CHECK_OBJECTIVE_EARLY, tile=t)


def _check_choices(s: GameState) -> None:
    choosing = s.phase in (Phase.SETUP_ROOMS, Phase.SETUP_PASS, Phase.DECISION)
    if len(s.choices) != s.n:
        _fail(ErrorCode.CHECK_CHOICES_COUNT, got=len(s.choices))
    kind = {Phase.SETUP_ROOMS: ChooseRooms, Phase.SETUP_PASS: PassCards}.get(s.phase, Choose)
    waiting = [seat for seat, c in enumerate(s.choices) if c is None]
    if not choosing:
        if len(waiting) != s.n:
            _fail(ErrorCode.CHECK_CHOICES_WHEN)
        return
    if not waiting or waiting[0] != s.to_move:
        _fail(ErrorCode.CHECK_CHOICES_TO_MOVE)
    from precog.engine.decision import why_illegal

    for seat, c in enumerate(s.choices):
        if c is None:
            continue
        if not isinstance(c, kind):
            _fail(ErrorCode.CHECK_CHOICE_KIND, seat=seat, kind=kind.__name__, got=str(c))
        from dataclasses import replace

        reason = why_illegal(replace(s, to_move=seat), c)
        if reason:
            _fail(ErrorCode.CHECK_CHOICE_ILLEGAL, seat=seat, choice=str(c), reason=reason)


def _probe(s: GameState) -> None:
    """Last line of defence: the rules must be able to act on the position."""
    from precog.engine.rules import legal_actions

    try:
        actions = legal_actions(s)
    except (KeyError, IndexError, AssertionError, TypeError, ValueError) as err:
        raise PositionError(Problem.of(ErrorCode.CHECK_INCONSISTENT, kind=type(err).__name__,
                                       detail=str(err)),
                            state=s) from None
    if s.phase is not Phase.OVER and not actions:
        _fail(ErrorCode.CHECK_NO_MOVE)
