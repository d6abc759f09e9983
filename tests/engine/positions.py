"""Literal positions for rule scenarios.

A scenario says what matters and lets this module fill in the rest so that the position is one
the game can reach the shape of (:func:`precog.engine.validate.check_state` passes)::

    state = position(players=2, round=1, phase=Phase.ACTION, seats=[
        seat(healthy=3, doctors=1, action_zone=("D02", "T05")),
        seat(action_zone=("T01", "D01")),
    ])

Cards not placed by the scenario fill each seat's deck (latest seasons last, as the deck is
stacked), then the zones the phase needs (a hand in the Decision phase, a Decision Zone, an
Action Zone), and whatever is left goes to its owner's discard pile. ``gave`` follows from the
Action Zones: a seat gave the card lying in its left neighbour's R slot.

The reference component data is the project's own and is still being tuned, so scenarios state
the facts they rely on with :func:`need` / :func:`need_machine` and compute the expected numbers
from the cards, never from memory.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from precog.engine import (
    Action,
    Card,
    GameState,
    Phase,
    PlayerState,
    RuleOptions,
    Step,
    apply,
    legal_actions,
    new_game,
    parse_action,
    reference_components,
)
from precog.engine.actions import Heal, PlaceBattery, PlaceYmunes, TakeFood, TakeHumans
from precog.engine.components import NO_GAINS, Gains, Machine
from precog.engine.fastcopy import replace
from precog.engine.state import ROUNDS
from precog.engine.validate import check_state

SEED = 7
COMPONENTS = reference_components()
STEP_OF_PHASE = {Phase.SETUP_ROOMS: Step.CHOOSE, Phase.SETUP_PASS: Step.CHOOSE,
                 Phase.DECISION: Step.CHOOSE, Phase.ACTION: Step.ACTIVATE,
                 Phase.MAINTENANCE: Step.PROTECT, Phase.RIVER: Step.IGNORE,
                 Phase.OVER: Step.NONE}
PLAYING = (Phase.ACTION, Phase.MAINTENANCE, Phase.RIVER)
ZONES = ("hand", "decision_zone", "action_zone", "deck", "discard")
# A River laid out in order: 3 tiles of each season, then its Island.
RIVER = ("W1a", "W1b", "W1c", "I1", "W2a", "W2b", "W2c", "I2", "W3a", "W3b", "W3c", "I3")
# "take nothing" for every kind of gain: how a player declines what is on offer
DECLINE = (TakeFood(0), TakeHumans(0), PlaceYmunes(0, 0), Heal(0), PlaceBattery(None))


# ---------------------------------------------------------------- component facts

def card(card_id: str) -> Card:
    return COMPONENTS.cards[card_id]


def need(card_id: str, *, type: str | None = None, x_cost: bool | None = None,
         x_gain: bool | None = None, bane: bool | None = None, bonus: bool | None = None,
         cost_is: int | None = None) -> Card:
    """The card ``card_id``, after checking the facts a scenario relies on.

    ``bane``/``bonus`` True means "has a Bane value"/"has a bonus", False "has none".
    """
    c = card(card_id)
    facts = {"type": (type, c.type.value), "x_cost": (x_cost, c.cost is None),
             "x_gain": (x_gain, c.gain is None), "bane": (bane, c.bane > 0),
             "bonus": (bonus, not c.bonus.is_empty()), "cost_is": (cost_is, c.cost)}
    for name, (want, got) in facts.items():
        assert want is None or want == got, (
            f"scenario needs {card_id} with {name}={want} but the component data says {got} "
            f"({c.describe()}): pick another card for this scenario")
    return c


def cost(card_id: str) -> int:
    """A numeric Cost (refuses X: scenarios resolve X themselves)."""
    c = need(card_id, x_cost=False)
    assert c.cost is not None
    return c.cost


def gain(card_id: str) -> int:
    c = need(card_id, x_gain=False)
    assert c.gain is not None
    return c.gain


def machine(room_id: str, index: int, advanced: bool = False) -> Machine:
    """Machine ``index`` (0..2) of a room face."""
    return COMPONENTS.room_by_id[room_id].face(advanced)[index]


def need_machine(room_id: str, index: int, condition: str, advanced: bool = False) -> Machine:
    """The machine, after checking that its condition reads ``condition``."""
    m = machine(room_id, index, advanced)
    assert m.condition.text == condition, (
        f"scenario needs {room_id} machine {index + 1} ({'advanced' if advanced else 'standard'})"
        f" to check {condition!r}, the component data says {m.condition.text!r}")
    return m


# ---------------------------------------------------------------- positions

def seat(**fields: Any) -> dict[str, Any]:
    """One Boat of a scenario: any :class:`PlayerState` field, by name.

    ``batteries`` may also be a mapping like ``{"m1": 1, "m4": 2}``.
    """
    unknown = set(fields) - set(PlayerState.__dataclass_fields__)
    assert not unknown, f"seat(): unknown fields {sorted(unknown)}"
    return fields


def _without_coop_supplies(state: GameState) -> GameState:
    """Scenario Boats start as the rulebook's, without the cooperative River tile's supplies."""
    if not state.config.coop:
        return state
    g = next(t.supplies for t in state.components.coop_river if t.season == 1)
    fresh = PlayerState()
    return replace(state, players=tuple(
        replace(p, food=p.food - g.food, healthy=fresh.healthy,
                contaminated=fresh.contaminated, doctors=fresh.doctors,
                protectors=fresh.protectors) for p in state.players))


def position(players: int = 2, *, mode: str = "competitive", setup: str = "standard",
             difficulty: str = "normal", options: RuleOptions | None = None, round: int = 1,
             phase: Phase = Phase.DECISION, step: Step | None = None, to_move: int = 0,
             seats: Sequence[Mapping[str, Any]] = (), river: Sequence[str] | None = None,
             choices: Sequence[Action | None] | None = None, pending: Gains = NO_GAINS,
             pending_source: str = "", objective_stacks: Sequence[Sequence[str]] | None = None,
             objectives: Sequence[tuple[str, bool]] = (), seed: int = SEED) -> GameState:
    """A checked position built from a seeded new game and the literal fields given."""
    base = new_game(players=players, mode=mode, setup=setup, difficulty=difficulty,
                    options=options, seed=seed)
    base = _without_coop_supplies(base)
    specs = [dict(s) for s in seats] + [{} for _ in range(players - len(seats))]
    boats = [_boat(phase, p, spec) for p, spec in zip(base.players, specs, strict=True)]
    state = replace(
        base, round=round, phase=phase, step=step or STEP_OF_PHASE[phase], to_move=to_move,
        players=tuple(boats), choices=tuple(choices or (None,) * players), pending=pending,
        pending_source=pending_source, river=tuple(river or base.river),
        objective_stacks=tuple(tuple(s) for s in objective_stacks)
        if objective_stacks is not None else base.objective_stacks,
        objectives=tuple(objectives), outcome=None)
    state = _deal(state, specs)
    check_state(state)
    return state


def _boat(phase: Phase, p: PlayerState, spec: dict[str, Any]) -> PlayerState:
    rooms = spec.pop("rooms", p.rooms if phase is Phase.SETUP_ROOMS else p.rooms[:2])
    batteries = spec.pop("batteries", (0,) * 6)
    if isinstance(batteries, Mapping):
        slots = [0] * 6
        for name, n in batteries.items():
            slots[int(name[1:]) - 1] = n
        batteries = tuple(slots)
    plain = {k: v for k, v in spec.items() if k not in ZONES}
    return replace(p, rooms=tuple(rooms), batteries=tuple(batteries), **plain)


def zone_sizes(round: int, phase: Phase) -> dict[str, int]:
    """How many cards each zone holds at this point of the game."""
    setup = phase in (Phase.SETUP_ROOMS, Phase.SETUP_PASS)
    hand = 4 if setup else 2 if phase is Phase.DECISION and round < ROUNDS else 0
    dz = 0 if setup or (phase is not Phase.DECISION and round == ROUNDS) else 2
    return {"hand": hand, "decision_zone": dz, "action_zone": 2 if phase in PLAYING else 0,
            "deck": 20 if setup else max(0, 22 - 2 * round)}


def _deal(state: GameState, specs: list[dict[str, Any]]) -> GameState:
    n, sizes = state.n, zone_sizes(state.round, state.phase)
    placed = {c for spec in specs for z in ZONES for c in spec.get(z, ())}
    pools = {code: [c.id for c in sorted(state.components.decks[code],
                                         key=lambda c: (c.season, c.id)) if c.id not in placed]
             for code in state.config.decks}
    code = state.config.decks
    zones: list[dict[str, tuple[str, ...]]] = [{} for _ in range(n)]
    for s, spec in enumerate(specs):  # decks first: they hold the latest cards
        if "deck" in spec:
            zones[s]["deck"] = tuple(spec["deck"])
        else:
            k = sizes["deck"]
            zones[s]["deck"] = tuple(pools[code[s]][len(pools[code[s]]) - k:]) if k else ()
            del pools[code[s]][len(pools[code[s]]) - k:]
    sources = {"hand": (0,), "decision_zone": (1, 1), "action_zone": (0, -1)}
    for s, spec in enumerate(specs):
        for zone, owners in sources.items():
            if zone in spec:
                zones[s][zone] = tuple(spec[zone])
            elif sizes[zone]:
                seats = owners if zone != "hand" else owners * sizes[zone]
                zones[s][zone] = tuple(_take(pools, code[(s + d) % n]) for d in seats)
            else:
                zones[s][zone] = ()
    for s, spec in enumerate(specs):
        zones[s]["discard"] = tuple(spec.get("discard", ())) + tuple(pools[code[s]])
    playing = state.phase in PLAYING
    boats = tuple(
        replace(p, **zones[s], gave=zones[(s + 1) % n]["action_zone"][1] if playing else None)
        for s, p in enumerate(state.players))
    return replace(state, players=boats)


def _take(pools: dict[str, list[str]], code: str) -> str:
    """The next spare card of deck ``code``, or of any deck once that one is used up."""
    pool = pools[code] or next((p for p in pools.values() if p), None)
    assert pool, "position(): more cards placed than the decks in play hold"
    return pool.pop(0)


# ---------------------------------------------------------------- playing

def play(state: GameState, *texts: str) -> GameState:
    """Apply actions written in notation, one after the other."""
    for text in texts:
        state = apply(state, parse_action(state, text))
    return state


def decline(state: GameState) -> GameState:
    """Decline everything on offer until the gains step ends or its source changes."""
    source = state.pending_source
    while state.step is Step.GAINS and state.pending_source == source:
        state = apply(state, next(a for a in legal_actions(state) if a in DECLINE))
    return state


def legal_texts(state: GameState) -> set[str]:
    return {str(a) for a in legal_actions(state)}


def finish_round(state: GameState) -> GameState:
    """Play the first legal action until the next round's Decision phase (or the end)."""
    start = state.round
    while not state.is_over and (state.round == start or state.phase is not Phase.DECISION):
        state = apply(state, legal_actions(state)[0])
    return state


def cards_of(state: GameState, seat_index: int, zones: Iterable[str] = ZONES) -> set[str]:
    p = state.players[seat_index]
    return {c for z in zones for c in getattr(p, z)}
