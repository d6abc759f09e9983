"""The Action phase: activating Action Zone cards, powered machines, cooperative Objectives.

Seats act one after another (nothing in this phase is secret). In the cooperative mode the
phase opens with a team window (``Step.TEAM`` before any seat activates), so that any seat may
reveal an Objective tile before the others choose which cards to activate; a seat may also
reveal before choosing its own activation (``Step.ACTIVATE``) and reveal or mitigate after
placing its gains (``Step.COOP``, ended by ``done``). When every seat has placed its gains, the
team window opens again: seats in turn, from seat 0, reveal, mitigate (each only with what that
seat received this round) or pass (``done``); each of these ends the seat's turn, and a window
closes when every seat has passed in a row (``state.passes`` counts them).
"""

from __future__ import annotations

from precog.engine import gains
from precog.engine.actions import Action, Activate, EndActions, Mitigate, Reveal, shared
from precog.engine.components import GAIN_KINDS, NO_GAINS, Card, Gains, Machine
from precog.engine.fastcopy import replace, updater
from precog.engine.machines import (
    Context,
    card_gains,
    condition_met,
    make_context,
    resolved_costs,
)
from precog.engine.maintenance import begin_maintenance, maintenance_after_actions
from precog.engine.refusals import Refusal, RefusalCode
from precog.engine.shared_gains import shared_value
from precog.engine.state import (
    PHASE_ACTION,
    PHASE_MAINTENANCE,
    REVEAL_COST,
    STEP_ACTIVATE,
    STEP_COOP,
    STEP_GAINS,
    STEP_TEAM,
    GameState,
    PlayerState,
)


def activation_cost(state: GameState, seat: int) -> int:
    """Healthy Humans needed to activate both Action Zone cards (X Costs resolved)."""
    return _pair(state, state.players[seat].action_zone)[0]


def _pair(state: GameState, action_zone: tuple[str, ...]) -> tuple[int, Gains, Gains, Gains]:
    """The Action Zone's cost of activating both cards, and what activating ``G``, ``R`` or
    both offers (a pair of cards met again is looked up)."""
    cards = state.components.cards
    last = _LAST_PAIR[0]  # one tuple read at once (threads may share the engine)
    if last[0] is action_zone and last[1] is cards:  # listed, then activated: asked twice
        return last[2]
    kept, received = action_zone
    g, r = cards[kept], cards[received]
    found = _PAIRS.get(action_zone)
    if found is not None and found[0] is g and found[1] is r:  # the same faces (a world's
        _LAST_PAIR[0] = (action_zone, cards, found[2])  # unknown cards have their own)
        return found[2]
    if len(_PAIRS) >= _MOST_PAIRS:
        _PAIRS.clear()
    bonus = g.type == r.type
    from_g, from_r = shared_value(card_gains(g, r, bonus)), shared_value(card_gains(r, g, bonus))
    value = (sum(resolved_costs(g, r)), from_g, from_r, shared_value(from_g + from_r))
    _PAIRS[action_zone] = (g, r, value)
    _LAST_PAIR[0] = (action_zone, cards, value)
    return value


_PAIRS: dict[tuple[str, ...], tuple[Card, Card, tuple[int, Gains, Gains, Gains]]] = {}
_LAST_PAIR: list[tuple[object, object, tuple[int, Gains, Gains, Gains]]] = [
    (None, None, (0, NO_GAINS, NO_GAINS, NO_GAINS))]
"""The last (Action Zone, cards, value) answered: the very zone object of the same box asks
again when its options are listed and then when it is activated."""
_MOST_PAIRS = 50_000


def options(state: GameState) -> list[Action]:
    seat = state.to_move
    p = state.players[seat]
    if state.step is STEP_ACTIVATE:
        both = p.healthy >= _pair(state, p.action_zone)[0]
        if state.config.mode != "coop":
            return [_BOTH, _G, _R] if both else [_G, _R]
        acts: list[Action] = [_BOTH, _G, _R] if both else [_G, _R]
        if _can_reveal(state, p):
            acts.append(_REVEAL)
        return acts
    acts = []
    if _can_reveal(state, p):
        acts.append(_REVEAL)
    acts += [_mitigate_tile(t) for t in _mitigable(state, p)]
    acts.append(_END)
    return acts


_BOTH, _G, _R = Activate("both"), Activate("G"), Activate("R")
_REVEAL, _END, _mitigate_tile = Reveal(), EndActions(), shared(Mitigate)


def why_illegal(state: GameState, action: Action) -> Refusal | None:
    seat = state.to_move
    p = state.players[seat]
    if state.step is STEP_ACTIVATE and not (state.config.coop and isinstance(action, Reveal)):
        if not isinstance(action, Activate) or action.slots not in ("both", "G", "R"):
            if state.config.coop:
                return Refusal.of(RefusalCode.ACTIVATE_OR_REVEAL_EXPECTED)
            return Refusal.of(RefusalCode.ACTIVATE_EXPECTED)
        cost = activation_cost(state, seat)
        if action.slots == "both" and p.healthy < cost:
            return Refusal.of(RefusalCode.BOTH_UNAFFORDABLE, cost=cost, cabins=p.healthy)
        return None
    if isinstance(action, EndActions):
        return None
    if isinstance(action, Reveal):
        if _can_reveal(state, p):
            return None
        stack = state.objective_stacks[state.season - 1] if state.config.coop else ()
        if not stack:
            return Refusal.of(RefusalCode.NO_OBJECTIVE_LEFT)
        return Refusal.of(RefusalCode.REVEAL_UNAFFORDABLE, cost=REVEAL_COST[state.season],
                          healthy=p.healthy)
    if isinstance(action, Mitigate):
        if action.tile in _mitigable(state, p):
            return None
        return _why_not_mitigable(state, p, action.tile)
    if state.step is STEP_TEAM:
        return Refusal.of(RefusalCode.TEAM_WINDOW_EXPECTED)
    return Refusal.of(RefusalCode.OBJECTIVE_EXPECTED)


def play(state: GameState, action: Action) -> GameState:
    seat = state.to_move
    p = state.players[seat]
    if type(action) is Activate:
        return _activate(state, seat, p, action.slots)
    if isinstance(action, Reveal):
        return _window_turn(state, _reveal(state, seat, p), acted=True)
    if isinstance(action, Mitigate):
        return _window_turn(state, _mitigate(state, seat, p, action.tile), acted=True)
    if state.step is STEP_TEAM:
        return _window_turn(state, state, acted=False)
    return next_seat(state, state.players)


def _window_turn(before: GameState, state: GameState, acted: bool) -> GameState:
    """In the team window each action ends the seat's turn; outside it, nothing moves on."""
    if before.step is not STEP_TEAM:
        return state
    passes = 0 if acted else state.passes + 1
    if passes >= state.n:
        if opening_window(state):
            return _window_closed(state, 0, 0, STEP_ACTIVATE)
        return begin_maintenance(_to_maintenance_window(state, 0, PHASE_MAINTENANCE))
    return _window_passed(state, passes, (state.to_move + 1) % state.n)


_window_closed = updater(GameState, "passes", "to_move", "step")
_window_passed = updater(GameState, "passes", "to_move")
_to_maintenance_window = updater(GameState, "passes", "phase")


def begin_action_phase(state: GameState, players: tuple[PlayerState, ...]) -> GameState:
    """The choices revealed (``players`` holding them): seat 0 activates first; in the
    cooperative mode a team window opens before, in which any seat may reveal an Objective
    tile."""
    nobody = (None,) * len(players)
    if state.config.mode == "coop":
        return _action_phase(state, players, PHASE_ACTION, 0, nobody, STEP_TEAM, 0)
    return _action_phase(state, players, PHASE_ACTION, 0, nobody, STEP_ACTIVATE, state.passes)


_action_phase = updater(GameState, "players", "phase", "to_move", "choices", "step", "passes")


def opening_window(state: GameState) -> bool:
    """Whether the team window is the one that opens the Action phase (no seat activated)."""
    return not state.players[0].activated


def _activate(state: GameState, seat: int, p: PlayerState, slots: str) -> GameState:
    cost, from_g, from_r, from_both = _pair(state, p.action_zone)
    if slots == "both":
        total = from_both
        p = _activated_both(p, p.healthy - cost, p.contaminated + cost, slots, total)
    else:
        total = from_g if slots == "G" else from_r
        p = _activated(p, slots, total)
    players = list(state.players)
    players[seat] = p
    return _offered(state, tuple(players), total, "cards", STEP_GAINS)


_activated = updater(PlayerState, "activated", "card_gains")
_activated_both = updater(PlayerState, "healthy", "contaminated", "activated", "card_gains")
_offered = updater(GameState, "players", "pending", "pending_source", "step")


def after_gains(state: GameState, players: tuple[PlayerState, ...]) -> GameState:
    """Cards' gains placed: powered machines trigger; machines' gains placed: move on.

    ``players`` are the Boats after the last placement (``state``'s own, or ones not copied
    into a position yet: the next position is then the one copy made)."""
    seat = state.to_move
    if state.pending_source == "cards" and any(players[seat].batteries):  # no Battery: no
        effect = machine_effects(state, seat, players[seat])  # Machine powered (most rounds)
        if effect is not NO_GAINS and not effect.is_empty():
            return _offered(state, players, effect, "machines", STEP_GAINS)
    config = state.config
    if config.options.heal_in_action_phase:
        healed = list(players)
        healed[seat] = gains.heal(players[seat])
        players = tuple(healed)
    if config.mode == "coop":
        return _offered(state, players, NO_GAINS, "", STEP_COOP)
    return next_seat(state, players)  # it clears what was on offer


def triggered_machines(state: GameState, seat: int, take_all: bool = False,
                       boat: PlayerState | None = None) -> list[tuple[int, Machine]]:
    """Powered machines of ``seat`` whose condition holds this round.

    ``take_all``: as if the player took everything its activated cards offer (a preview
    before the gains are placed; a free Ymune counts as the Doctor or Protector it may become).
    ``boat``: the seat's Boat if not ``state``'s own (placed gains not copied in yet).
    """
    p = state.players[seat] if boat is None else boat
    batteries = p.batteries
    if not any(batteries):  # most rounds of a game: every Machine asks for 1 to 4 Batteries
        return []
    slots, faces = gains.machines_of(state, p.rooms)
    powered = _POWERED.get((slots, batteries))
    if powered is None:
        powered = _powered(slots, batteries)
    if not powered:  # most rounds: no condition to look at
        return []
    cards = state.components.cards
    zone = p.action_zone
    kept, got = cards[zone[0]], cards[zone[1]]
    given_cost = 0
    given = cards[p.gave] if p.gave else None
    players = state.players
    if given is not None:
        left_kept = cards[players[(seat + 1) % len(players)].action_zone[0]]
        given_cost = resolved_costs(left_kept, given)[1]
    offered = take_all or state.config.options.received_means_offered
    ctx = make_context(kept, got, given, given_cost, p.card_gains if offered else p.received,
                       offered)
    return _conditions_met(powered, faces, ctx)


def _powered(slots: tuple[int, ...], batteries: tuple[int, ...]) -> tuple[int, ...]:
    """The machines (0..5) whose Battery slots are all filled, kept for these slots and
    Batteries."""
    if len(_POWERED) >= _MOST_POWERED:
        _POWERED.clear()
    powered = _POWERED[slots, batteries] = tuple(
        m for m, top in enumerate(slots) if batteries[m] >= top)
    return powered


def _conditions_met(powered: tuple[int, ...], faces: tuple[Machine, ...],
                    ctx: Context) -> list[tuple[int, Machine]]:
    """The powered machines whose condition holds in ``ctx`` (a function of its own:
    the comprehension inside :func:`triggered_machines` made a closure at every call)."""
    return [(m, faces[m]) for m in powered if condition_met(faces[m].condition, ctx)]


_POWERED: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}
"""The powered machines (0..5) of each (Battery slots, Batteries placed) met so far."""
_MOST_POWERED = 50_000


def machine_effects(state: GameState, seat: int, boat: PlayerState | None = None) -> Gains:
    total = NO_GAINS
    for _, machine in triggered_machines(state, seat, False, boat):
        total = total + machine.effect
    return total if total is NO_GAINS else shared_value(total)


def next_seat(state: GameState, players: tuple[PlayerState, ...]) -> GameState:
    """The next seat activates (after the last, the team window or Maintenance), with
    ``players`` as the Boats."""
    nxt = state.to_move + 1
    if nxt < len(players):
        return _next_activation(state, players, NO_GAINS, "", nxt, STEP_ACTIVATE)
    if state.config.mode == "coop":
        return _team_window(state, players, NO_GAINS, "", 0, STEP_TEAM, 0)
    return maintenance_after_actions(state, players)


_next_activation = updater(GameState, "players", "pending", "pending_source", "to_move", "step")
_team_window = updater(GameState, "players", "pending", "pending_source", "to_move", "step",
                       "passes")


# -- cooperative Objectives ------------------------------------------------------------

def _can_reveal(state: GameState, p: PlayerState) -> bool:
    if not state.config.coop:
        return False
    season = state.season
    return bool(state.objective_stacks[season - 1]) and p.healthy >= REVEAL_COST[season]


def _reveal(state: GameState, seat: int, p: PlayerState) -> GameState:
    cost = REVEAL_COST[state.season]
    p = replace(p, healthy=p.healthy - cost, contaminated=p.contaminated + cost)
    stacks = list(state.objective_stacks)
    tile, stacks[state.season - 1] = stacks[state.season - 1][0], stacks[state.season - 1][1:]
    return state.with_player(seat, p, objective_stacks=tuple(stacks),
                   objectives=state.objectives + ((tile, False),))


def _mitigable(state: GameState, p: PlayerState) -> list[str]:
    """The revealed tiles ``p`` may mitigate now: the conditions of :func:`_why_not_mitigable`,
    checked without building its refusals (this runs at every Action-phase step)."""
    by_id = state.components.objective_by_id
    return [t for t, mitigated in state.objectives
            if not mitigated and by_id[t].season == state.season
            and not _short(p, by_id[t].mitigate_cost)]


def _why_not_mitigable(state: GameState, p: PlayerState, tile_id: str) -> Refusal | None:
    revealed = dict(state.objectives)
    if tile_id not in revealed:
        shown = tuple(t for t, m in state.objectives if not m)
        return Refusal.of(RefusalCode.NOT_REVEALED, tile=tile_id, revealed=shown)
    if revealed[tile_id]:
        return Refusal.of(RefusalCode.ALREADY_MITIGATED, tile=tile_id)
    tile = state.components.objective_by_id[tile_id]
    if tile.season != state.season:
        return Refusal.of(RefusalCode.WRONG_SEASON, tile=tile_id, season=tile.season,
                          current=state.season)
    cost, took = tile.mitigate_cost, p.taken
    short = _short(p, cost)
    if short:
        return Refusal.of(RefusalCode.MITIGATE_SHORT, tile=tile_id, cost=tuple(cost.items()),
                          received=tuple(took.items()), short=short)
    return None


def _short(p: PlayerState, cost: Gains) -> tuple[tuple[str, int], ...]:
    """The kinds of ``cost`` that ``p`` did not take this turn or does not hold."""
    took = p.taken
    return tuple((k, n) for k, n in _price(cost) if getattr(took, k) < n or _held(p, k) < n)


def _price(cost: Gains) -> tuple[tuple[str, int], ...]:
    """The kinds a mitigation costs, with their amounts (the few a tile asks for: this runs
    at every Action-phase step of the cooperative mode), looked up by the tile's own cost
    object (hashing a :class:`Gains` by value costs more than listing it)."""
    found = _PRICES.get(id(cost))
    if found is not None and found[0] is cost:
        return found[1]
    if len(_PRICES) >= _MOST_PRICES:
        _PRICES.clear()
    price = tuple((k, n) for k, n in zip(GAIN_KINDS, cost.astuple(), strict=True) if n)
    _PRICES[id(cost)] = (cost, price)
    return price


_PRICES: dict[int, tuple[Gains, tuple[tuple[str, int], ...]]] = {}
"""Each mitigation cost met so far, with the object it was listed from (an entry holds its
object, so no key names a later object of the same ``id``)."""
_MOST_PRICES = 256


_HELD = {"food": "food", "human": "humans", "doctor": "doctors", "protector": "protectors"}
"""The Boat's field that holds each kind a mitigation may cost."""


def _held(p: PlayerState, kind: str) -> int:
    attr = _HELD.get(kind)
    return int(getattr(p, attr)) if attr else 0


def _mitigate(state: GameState, seat: int, p: PlayerState, tile_id: str) -> GameState:
    cost = state.components.objective_by_id[tile_id].mitigate_cost
    from_contaminated = min(cost.human, p.contaminated)
    p = replace(p, food=p.food - cost.food, doctors=p.doctors - cost.doctor,
                protectors=p.protectors - cost.protector,
                contaminated=p.contaminated - from_contaminated,
                healthy=p.healthy - (cost.human - from_contaminated),
                taken=replace(p.taken, food=p.taken.food - cost.food,
                              human=p.taken.human - cost.human,
                              doctor=p.taken.doctor - cost.doctor,
                              protector=p.taken.protector - cost.protector))
    objectives = tuple((t, m or t == tile_id) for t, m in state.objectives)
    return state.with_player(seat, p, objectives=objectives)
