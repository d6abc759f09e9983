"""The Maintenance phase: Bane, Protectors, losing Humans, healing, the River, the Islands.

Order (see docs/rules-coverage.md): Bane rises by both Action Zone cards' Bane values (cap 12);
Protectors may lower it; Humans are lost to the Bane level; Doctors heal; the next River tile
is revealed and applied (a Protector may ignore a River tile); an Island feeds the Healthy
Humans; Action Zone cards are discarded.
"""

from __future__ import annotations

from collections.abc import Sequence

from precog.engine.actions import Action, IgnoreRiver, LoseHumans, SpendProtectors, shared
from precog.engine.components import NO_GAINS, Gains, Losses, RiverTile
from precog.engine.fastcopy import replace, updater
from precog.engine.formulas import feeding, healed, protectors_against, season_of
from precog.engine.refusals import Refusal, RefusalCode
from precog.engine.scoring import check_objectives, final_outcome
from precog.engine.state import (
    BANE_MAX,
    FEEDING_ROUNDS,
    PHASE_DECISION,
    PHASE_MAINTENANCE,
    PHASE_OVER,
    PHASE_RIVER,
    ROUNDS,
    STEP_CHOOSE,
    STEP_GAINS,
    STEP_IGNORE,
    STEP_LOSE,
    STEP_NONE,
    STEP_PROTECT,
    GameState,
    Outcome,
    PlayerState,
)


def bane_after_protectors(bane: int, protectors: int) -> int:
    """Each Protector lowers Bane by 2 (by 1 from level 1)."""
    return max(0, bane - 2 * protectors)


def useful_protectors(p: PlayerState) -> int:
    """The most Protectors worth returning: enough to bring Bane to 0."""
    return min(p.protectors, protectors_against(p.bane))


def humans_to_lose(p: PlayerState) -> int:
    return min(p.bane, p.humans)


def lose_range(p: PlayerState) -> range:
    """How many of the lost Humans may be Healthy ones."""
    n = humans_to_lose(p)
    return range(max(0, n - p.contaminated), min(n, p.healthy) + 1)


def begin_maintenance(state: GameState, seat: int = 0) -> GameState:
    """Bane rises for ``seat``, who then decides on Protectors and on which Humans are lost.

    Seats with nothing to decide are settled here at once (the same result as playing their
    single options, with fewer copies of the position).
    """
    return _maintenance_from(state, list(state.players), seat, state.pending,
                             state.pending_source)


def maintenance_after_actions(state: GameState, players: tuple[PlayerState, ...]) -> GameState:
    """:func:`begin_maintenance` from the Action phase's last position, ``players`` being the
    Boats at its end and nothing left on offer: the Maintenance position is not copied first
    (the next position made sets the phase, the seat to move and the offer itself)."""
    return _maintenance_from(state, list(players), 0, NO_GAINS, "")


def _maintenance_from(state: GameState, players: list[PlayerState], seat: int, pending: Gains,
                      source: str) -> GameState:
    """:func:`begin_maintenance` with the Boats given (``state``'s others not copied yet) and
    the offer (``pending`` from ``source``) the Maintenance position holds: ``state``'s own
    phase, seat to move and offer are not read (every position made here sets them)."""
    n = len(players)
    cards = state.components.cards
    heal_later = state.config.options.heal_in_action_phase
    while True:
        p = players[seat]
        bane = p.bane
        for card_id in p.action_zone:
            bane += cards[card_id].bane
        if bane > BANE_MAX:
            bane = BANE_MAX
        healthy, contaminated = p.healthy, p.contaminated
        lost = bane if bane < healthy + contaminated else healthy + contaminated  # lose_range(p),
        fewest_healthy = lost - contaminated if lost > contaminated else 0  # unrolled
        step = STEP_NONE
        if p.protectors and bane:  # useful_protectors(p) > 0
            step = STEP_PROTECT
        elif (lost if lost < healthy else healthy) > fewest_healthy:
            step = STEP_LOSE
        if step is not STEP_NONE:
            if bane != p.bane:
                players[seat] = _with_bane(p, bane)
            return _to_decide(state, tuple(players), PHASE_MAINTENANCE, step, seat, pending,
                              source)
        players[seat] = _settled_boat(p, bane, healthy - fewest_healthy,
                                      contaminated - (lost - fewest_healthy), heal_later)
        seat += 1
        if seat == n:
            return begin_river(state, tuple(players), pending, source)


_to_decide = updater(GameState, "players", "phase", "step", "to_move", "pending",
                     "pending_source")


def _settled_boat(p: PlayerState, bane: int, healthy: int, contaminated: int,
                  heal_later: bool) -> PlayerState:
    """``p`` with its Bane and its Humans after the loss, then healed unless healing waits for
    the Action phase: in one copy (``p`` itself when nothing changes)."""
    if contaminated and not heal_later:
        n = healed(p.doctors, contaminated)
        healthy, contaminated = healthy + n, contaminated - n
    if bane == p.bane and healthy == p.healthy and contaminated == p.contaminated:
        return p
    return _boat_settled(p, bane, healthy, contaminated)


_boat_settled = updater(PlayerState, "bane", "healthy", "contaminated")


def _settle(state: GameState, p: PlayerState, healthy_lost: int) -> PlayerState:
    """Lose ``healthy_lost`` Healthy Humans (the rest of the loss Contaminated), then heal."""
    lost = humans_to_lose(p)
    return _settled_boat(p, p.bane, p.healthy - healthy_lost,
                         p.contaminated - (lost - healthy_lost),
                         state.config.options.heal_in_action_phase)


_with_bane = updater(PlayerState, "bane")


def options(state: GameState) -> list[Action]:
    p = state.players[state.to_move]
    if state.step is STEP_PROTECT:
        top = useful_protectors(p)
        return list(_SPENDS[top] if top < _LISTED else _spends(top))
    if state.step is STEP_LOSE:
        n = humans_to_lose(p)
        return [_lose(h, n - h) for h in lose_range(p)]
    return [_ACCEPT, _IGNORE] if p.protectors else [_ACCEPT]


_spend, _lose = shared(SpendProtectors), shared(LoseHumans)


def _spends(top: int) -> tuple[Action, ...]:
    """Returning ``top`` Protectors down to none."""
    return tuple(_spend(k) for k in range(top, -1, -1))


_LISTED = 16
_SPENDS = tuple(_spends(top) for top in range(_LISTED))
"""The Protector options of each useful count below 16, listed once."""
_ACCEPT, _IGNORE = IgnoreRiver(False), IgnoreRiver(True)


def why_illegal(state: GameState, action: Action) -> Refusal | None:
    p = state.players[state.to_move]
    if state.step is STEP_PROTECT:
        if not isinstance(action, SpendProtectors):
            return Refusal.of(RefusalCode.PROTECTORS_EXPECTED, bane=p.bane)
        top = useful_protectors(p)
        if not 0 <= action.amount <= top:
            return Refusal.of(RefusalCode.PROTECTORS_RANGE, top=top, have=p.protectors, bane=p.bane,
                              n=action.amount)
        return None
    if state.step is STEP_LOSE:
        n = humans_to_lose(p)
        if not isinstance(action, LoseHumans):
            return Refusal.of(RefusalCode.LOSE_EXPECTED, n=n, bane=p.bane)
        if action.healthy + action.contaminated != n:
            return Refusal.of(RefusalCode.LOSE_COUNT, bane=p.bane, n=n,
                              got=action.healthy + action.contaminated)
        if action.healthy not in lose_range(p) or action.contaminated < 0:
            return Refusal.of(RefusalCode.LOSE_DOES_NOT_FIT, healthy=p.healthy,
                              contaminated=p.contaminated,
                              h=action.healthy, c=action.contaminated)
        return None
    if not isinstance(action, IgnoreRiver):
        return Refusal.of(RefusalCode.RIVER_EXPECTED)
    if action.ignore and p.protectors < 1:
        return Refusal.of(RefusalCode.IGNORE_WITHOUT_PROTECTOR)
    return None


def play(state: GameState, action: Action) -> GameState:
    seat = state.to_move
    kind = type(action)
    if kind is IgnoreRiver and not action.ignore:  # type: ignore[union-attr]
        return _apply_river(state, seat)  # the River's most common step: accept the tile
    p = state.players[seat]
    players = list(state.players)
    if kind is SpendProtectors:
        amount = action.amount  # type: ignore[union-attr]
        p = _protected(p, p.protectors - amount, bane_after_protectors(p.bane, amount))
        healthy = lose_range(p)
        if len(healthy) > 1:
            players[seat] = p
            return _to_lose(state, tuple(players), STEP_LOSE)
        healthy_lost = healthy.start
    elif kind is LoseHumans:
        healthy_lost = action.healthy  # type: ignore[union-attr]
    else:
        assert isinstance(action, IgnoreRiver)
        if not action.ignore:
            return _apply_river(state, seat)
        players[seat] = _protected(p, p.protectors - 1, p.bane)
        return _river_from(state, seat + 1, players, NO_GAINS, "")
    players[seat] = _settle(state, p, healthy_lost)
    if seat + 1 < len(players):
        return _maintenance_from(state, players, seat + 1, state.pending, state.pending_source)
    return begin_river(state, tuple(players), state.pending, state.pending_source)


_protected = updater(PlayerState, "protectors", "bane")
_to_lose = updater(GameState, "players", "step")


# -- the River -------------------------------------------------------------------------

def current_tile(state: GameState) -> RiverTile | None:
    """The River tile revealed this round, or None when it is an Island."""
    return state.components.river_by_id.get(state.river[state.round - 1])


def begin_river(state: GameState, players: tuple[PlayerState, ...], pending: Gains,
                source: str) -> GameState:
    """The River once Maintenance has settled every seat, ``players`` being the Boats after
    it, the last seat to move and ``pending`` from ``source`` on offer: ``state``'s own Boats,
    phase, seat to move and offer are not read (the position Maintenance ends in is not
    copied; every position made from here sets them)."""
    if state.components.river_by_id.get(state.river[state.round - 1]) is None:
        return _island(state, players, pending, source)
    return _river_from(state, 0, list(players), pending, source)


def _river_from(state: GameState, seat: int, players: list[PlayerState], pending: Gains,
                source: str) -> GameState:
    """The River tile met by ``seat`` and the seats after it, up to the first with a choice
    (a Protector to ignore its losses, or gains to place), in one copy of the position;
    after the last seat, the end of the round."""
    tile = state.components.river_by_id.get(state.river[state.round - 1])
    assert tile is not None
    loss = tile.losses
    losing, gaining = not loss.is_empty(), not tile.gains.is_empty()
    n = len(players)
    while seat < n:
        p = players[seat]
        if losing:
            if p.protectors > 0:
                return _river_stop(state, tuple(players), PHASE_RIVER, seat, STEP_IGNORE,
                                   pending, source)
            players[seat] = p = _river_losses(p, loss)
        if gaining:
            return _river_stop(state, tuple(players), PHASE_RIVER, seat, STEP_GAINS,
                               tile.gains, "river")
        seat, pending, source = seat + 1, NO_GAINS, ""
    if state.round < ROUNDS:  # the River's last position is never handed out: not copied
        return next_round(state, players)
    return end_round(_river_stop(state, tuple(players), PHASE_RIVER, n - 1, state.step,
                                 pending, source))


_river_stop = updater(GameState, "players", "phase", "to_move", "step", "pending",
                      "pending_source")


def _river_losses(p: PlayerState, loss: Losses) -> PlayerState:
    """``p`` after the tile's losses, each kind down to 0 at least."""
    food, healthy = p.food - loss.food, p.healthy - loss.healthy
    contaminated, doctors = p.contaminated - loss.contaminated, p.doctors - loss.doctor
    protectors = p.protectors - loss.protector
    return _after_losses(p, food if food > 0 else 0, healthy if healthy > 0 else 0,
                         contaminated if contaminated > 0 else 0,
                         doctors if doctors > 0 else 0, protectors if protectors > 0 else 0)


_after_losses = updater(PlayerState, "food", "healthy", "contaminated", "doctors", "protectors")


def _apply_river(state: GameState, seat: int) -> GameState:
    """``seat`` accepts the River tile (its losses, then its gains on offer)."""
    tile = current_tile(state)
    assert tile is not None
    players = list(state.players)
    players[seat] = _river_losses(players[seat], tile.losses)
    if not tile.gains.is_empty():
        return _river_stop(state, tuple(players), PHASE_RIVER, seat, STEP_GAINS, tile.gains,
                           "river")
    return _river_from(state, seat + 1, players, NO_GAINS, "")


def next_river_seat(state: GameState, players: tuple[PlayerState, ...]) -> GameState:
    """The River tile's gains placed: the next seat meets the tile (``players``: the Boats
    after the last placement)."""
    return _river_from(state, state.to_move + 1, list(players), NO_GAINS, "")


def _island(state: GameState, players: tuple[PlayerState, ...], pending: Gains,
            source: str) -> GameState:
    """Feeding: each Healthy Human eats 1 Food; those who cannot be fed are lost (``players``:
    the Boats after Maintenance, the last seat to move, ``pending`` from ``source`` on offer)."""
    players = tuple(feed(p) for p in players)
    if not state.config.coop and state.round < ROUNDS:  # no Objective to check: on at once
        return next_round(state, players)
    state = _fed(state, players, PHASE_RIVER, len(players) - 1, pending, source)
    if state.config.coop:
        failed = check_objectives(state)
        if failed:
            return _game_over(_discard(state), final_outcome(state, failed))
    return end_round(state)


_fed = updater(GameState, "players", "phase", "to_move", "pending", "pending_source")


def feed(p: PlayerState) -> PlayerState:
    food, healthy = feeding(p.food, p.healthy)
    return _fed_boat(p, food, healthy)


_fed_boat = updater(PlayerState, "food", "healthy")


def end_round(state: GameState) -> GameState:
    """Discard the Action Zones; start the next round (draw 2) or end the game."""
    if state.round >= ROUNDS:
        state = _discard(state)
        return _game_over(state, final_outcome(state, ()))
    return next_round(state, state.players)


def next_round(state: GameState, players: Sequence[PlayerState]) -> GameState:
    """The next round's Decision after ``state``'s round, ``players`` being the Boats at its
    end (``state``'s own or ones not copied into a position yet): each discards its Action
    Zone and draws 2."""
    boats = tuple([_next_round_boat(p, p.deck[2:], p.deck[:2], (), p.discard + p.action_zone,
                                    None, "", NO_GAINS, NO_GAINS, NO_GAINS)
                   for p in players])
    state = _next_round(state, boats, NO_GAINS, "", state.round + 1, PHASE_DECISION,
                        STEP_CHOOSE, 0, (None,) * len(boats))
    return coop_supplies(state) if state.config.mode == "coop" else state


_next_round_boat = updater(PlayerState, "deck", "hand", "action_zone", "discard", "gave",
                           "activated", "card_gains", "received", "taken")
_next_round = updater(GameState, "players", "pending", "pending_source", "round", "phase",
                      "step", "to_move", "choices")


def coop_supplies(state: GameState) -> GameState:
    """Co-op: as a season begins, every Boat receives its cooperative River tile's supplies.

    Humans arrive Contaminated (as from a card), Ymunes as the tile says, then ``heal``
    moves Contaminated Humans to the Cabins.
    """
    if (not state.config.coop or not state.config.options.coop_supplies
            or state.round - 1 not in (0, *FEEDING_ROUNDS[:-1])):
        return state
    season = season_of(state.round)
    tile = next((t for t in state.components.coop_river if t.season == season), None)
    if tile is None or tile.supplies.is_empty():
        return state
    return replace(state, players=tuple(_supply(p, tile.supplies) for p in state.players))


def _supply(p: PlayerState, g: Gains) -> PlayerState:
    p = replace(p, food=p.food + g.food, contaminated=p.contaminated + g.human,
                doctors=p.doctors + g.doctor, protectors=p.protectors + g.protector)
    n = healed(g.heal, p.contaminated)
    return replace(p, healthy=p.healthy + n, contaminated=p.contaminated - n)


def _discard(state: GameState) -> GameState:
    players = tuple([_discarded(p, p.discard + p.action_zone, (), None, "", NO_GAINS, NO_GAINS,
                                NO_GAINS)
                     for p in state.players])
    return _cleared(state, players, NO_GAINS, "")


_discarded = updater(PlayerState, "discard", "action_zone", "gave", "activated", "card_gains",
                     "received", "taken")
_cleared = updater(GameState, "players", "pending", "pending_source")


def _game_over(state: GameState, outcome: Outcome) -> GameState:
    return replace(state, phase=PHASE_OVER, step=STEP_NONE, to_move=-1, outcome=outcome,
                   choices=(None,) * state.n, pending=NO_GAINS, pending_source="")
