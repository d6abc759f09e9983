"""The balance ledger: Batteries placed and what their Machines produced, feeding at the
Islands, Humans lost to Bane; checked on hand-built positions and against whole games."""

from __future__ import annotations

import pytest

from precog.analysis.arena.bots import make_bot
from precog.analysis.arena.tournament import lineup, play_one
from precog.analysis.balance.ledger import Ledger, starting_food_lasts
from precog.analysis.balance.ledger_games import islands_fed_by_start, play_ledger_game
from precog.analysis.balance.variants import make_player
from precog.analysis.playing.players import as_policy, ask
from precog.engine import GameState, Phase, apply, legal_actions, new_game
from precog.engine.actions import (
    Action,
    Activate,
    PlaceBattery,
    PlaceYmunes,
    SpendProtectors,
    TakeFood,
)
from precog.engine.components import Gains, Losses, RiverTile
from precog.engine.fastcopy import replace
from precog.engine.playout import play_on
from tests.engine.positions import COMPONENTS, need, need_machine, position, seat


def run(ledger: Ledger, state: GameState, *actions: Action) -> GameState:
    """Apply ``actions``, showing every move to the ledger as ``play_on`` does."""
    for action in actions:
        after = apply(state, action)
        ledger(state, action, after)
        state = after
    return state


def run_declining(ledger: Ledger, state: GameState) -> GameState:
    """Decline whatever is on offer (the last option of a gains step), through the ledger."""
    source = state.pending_source
    while state.pending_source == source and state.step.value == "gains":
        state = run(ledger, state, legal_actions(state)[-1])
    return state


def until_round(ledger: Ledger, state: GameState, round_: int) -> GameState:
    """Play the first legal action, through the ledger, until round ``round_`` or the end."""
    while not state.is_over and state.round < round_:
        state = run(ledger, state, legal_actions(state)[0])
    return state


# -- Machines ---------------------------------------------------------------------------

def battery_scenario() -> GameState:
    """Seat 0 owns R02, whose Machine 2 (2 Batteries, "Battery + other": 1 Protector) holds 1
    Battery, and activates a Battery card with a Food card."""
    need("D07", type="Battery", cost_is=1, bane=False)
    need("D01", type="Food", cost_is=0, bane=False)
    need_machine("R02", 1, "pair: Battery + other")
    return position(players=2, round=1, phase=Phase.ACTION, seats=[
        seat(healthy=5, rooms=("R02", "R12"), batteries={"m2": 1}, action_zone=("D07", "D01")),
        seat(action_zone=("T01", "T07"))])


def test_ledger_counts_a_battery_placed_and_what_its_machine_produced() -> None:
    state = battery_scenario()
    ledger = Ledger(2)
    food = COMPONENTS.cards["D01"].gain
    machine = need_machine("R02", 1, "pair: Battery + other")
    state = run(ledger, state, Activate("both"), TakeFood(food or 0), PlaceBattery(1))
    state = run_declining(ledger, state)  # the card's other Batteries: not placed
    assert state.pending_source == "machines" and state.pending == machine.effect
    state = run(ledger, state, PlaceYmunes(0, machine.effect.protector))
    mine = ledger.seats[0]
    assert mine.batteries_placed == [1, 0, 0]
    assert mine.machine_triggers == [1, 0, 0]
    assert mine.machine_offered[0] == machine.effect
    assert mine.machine_taken[0] == Gains(protector=machine.effect.protector)
    assert mine.machine_resources() == machine.effect.protector
    assert mine.food_taken == [food, 0, 0]
    assert ledger.seats[1].batteries_placed == [0, 0, 0]


def test_ledger_counts_nothing_for_a_declined_battery_and_an_unpowered_machine() -> None:
    state = battery_scenario()
    ledger = Ledger(2)
    state = run(ledger, state, Activate("both"))
    state = run_declining(ledger, state)  # no Food, no Battery: Machine 2 stays at 1 of 2
    assert state.pending_source != "machines"
    assert ledger.seats[0].batteries_placed == [0, 0, 0]
    assert ledger.seats[0].machine_triggers == [0, 0, 0]
    assert ledger.seats[0].machine_resources() == 0


# -- Bane -------------------------------------------------------------------------------

def bane_scenario(protectors: int) -> GameState:
    """Round 5 (season 2): seat 0 has Bane 2, 6 Healthy Humans and keeps a card with Bane;
    seat 1 no Bane at all. The River tile flipped as the round ends takes a Doctor, no Human."""
    need("D12", type="Food", bane=True)
    river = ("W1a", "W1b", "W1c", "I1", "W2d", "W2b", "W2c", "I2", "W3a", "W3b", "W3c", "I3")
    assert COMPONENTS.river_by_id["W2d"].losses == Losses(doctor=1)
    return position(players=2, round=5, phase=Phase.ACTION, river=river, seats=[
        seat(healthy=6, bane=2, protectors=protectors, action_zone=("D12", "D01")),
        seat(healthy=4, action_zone=("T01", "T04"))])


@pytest.mark.parametrize("protectors", [0, 1])
def test_ledger_counts_the_humans_lost_to_the_bane_level(protectors: int) -> None:
    state = bane_scenario(protectors)
    ledger = Ledger(2)
    state = run(ledger, state, Activate("G"))
    state = run_declining(ledger, state)
    humans = state.players[0].humans  # seat 0's Boat as its Action phase ends
    state = run(ledger, state, Activate("G"))
    state = run_declining(ledger, state)
    if protectors:
        assert state.phase is Phase.MAINTENANCE
        state = run(ledger, state, SpendProtectors(protectors))
    level = max(0, 2 + COMPONENTS.cards["D12"].bane - 2 * protectors)
    end = until_round(ledger, state, 6)
    assert ledger.seats[0].lost_to_bane == [0, min(level, humans), 0]
    assert end.players[0].humans == humans - min(level, humans)  # the engine agrees
    assert ledger.seats[0].protectors_on_bane == [0, protectors, 0]
    assert ledger.seats[0].bane_added == [0, COMPONENTS.cards["D12"].bane, 0]
    assert ledger.seats[1].lost_to_bane == [0, 0, 0]


# -- Food -------------------------------------------------------------------------------

def test_ledger_feeds_the_healthy_humans_at_the_island_and_counts_the_starved() -> None:
    """Round 4 ends at Island 1: seat 0 holds 3 Food for 5 Healthy Humans; seat 1's last move
    takes the Food of its card, so its hold at the Island includes it."""
    food = COMPONENTS.cards["T01"].gain or 0
    state = position(players=2, round=4, phase=Phase.ACTION, seats=[
        seat(healthy=5, food=3, action_zone=("D01", "D04")),
        seat(healthy=4, food=2, action_zone=("T01", "T04"))])
    ledger = Ledger(2)
    state = run(ledger, state, Activate("R"))
    state = run_declining(ledger, state)
    state = run(ledger, state, Activate("G"), TakeFood(food))
    assert state.round == 5
    assert ledger.seats[0].food_at_island[0] == 3
    assert (ledger.seats[0].fed[0], ledger.seats[0].starved[0]) == (3, 2)
    assert state.players[0].healthy == 3
    assert ledger.seats[1].food_at_island[0] == 2 + food
    assert (ledger.seats[1].fed[0], ledger.seats[1].starved[0]) == (min(4, 2 + food),
                                                                    max(0, 4 - 2 - food))


@pytest.mark.parametrize("seed", [3, 4])
def test_ledger_agrees_with_the_final_boats_of_a_whole_game(seed: int) -> None:
    """Batteries never leave a Machine, and the last Island is the game's last event: the
    Batteries placed are those on the Machines at the end, the fed are the final Healthy."""
    state = new_game(players=3, seed=seed)
    ledger = Ledger(3)
    final = play_on(state, as_policy([make_bot("random", seed + s) for s in range(3)]),
                    on_move=ledger, limit=1 << 30)
    for p, mine in zip(final.players, ledger.seats, strict=True):
        assert sum(mine.batteries_placed) == sum(p.batteries)
        assert mine.fed[2] == p.healthy


# -- what the rules and data alone say --------------------------------------------------

def test_starting_food_lasts_counts_the_islands_fed_in_full() -> None:
    assert starting_food_lasts(8, [4, 4, 4]) == 2
    assert starting_food_lasts(8, [5, 4, 4]) == 1
    assert starting_food_lasts(12, [4, 4, 4]) == 3
    assert starting_food_lasts(3, [4, 0, 0]) == 0


def test_a_river_tile_that_takes_food_shortens_the_starting_food() -> None:
    """One season 2 tile of four takes 3 Food: it is in 3 of the 4 layouts, and there 8 Food
    feed 4 Humans at Island 1 only (8 - 4 - 3 < 4)."""
    plain = [RiverTile(id=f"W{s}{k}", season=s, name="x") for s in (1, 2, 3) for k in "abcd"]
    spoiled = [replace(t, losses=Losses(food=3)) if t.id == "W2a" else t for t in plain]
    assert islands_fed_by_start(replace(COMPONENTS, river=tuple(plain))) == {2: 1.0}
    assert islands_fed_by_start(replace(COMPONENTS, river=tuple(spoiled))) == {1: 0.75,
                                                                              2: 0.25}
    assert islands_fed_by_start(replace(COMPONENTS, river=tuple(spoiled)), river=False) == {
        2: 1.0}


def test_the_starting_food_feeds_the_starting_humans_two_seasons_on_every_reference_river(
        ) -> None:
    """No season 2 River tile of the reference set takes Food (a Food loss lives on season 3
    tiles only): on every layout 8 Food feed the 4 starting Humans at Islands 1 and 2, and
    never at Island 3."""
    assert [t.id for t in COMPONENTS.river if t.season == 2 and t.losses.food] == []
    assert islands_fed_by_start(COMPONENTS) == {2: 1.0}


def test_the_no_machines_variant_declines_a_battery_the_look_ahead_bot_places() -> None:
    """With a Battery on offer and a free slot, ``lookahead`` places it (so the position
    offers a real choice) and ``lookahead-nomachines`` declines it."""
    state = run(Ledger(2), battery_scenario(), Activate("both"),
                TakeFood(COMPONENTS.cards["D01"].gain or 0))
    assert any(isinstance(a, PlaceBattery) and a.machine is not None
               for a in legal_actions(state))
    assert ask(make_bot("lookahead", 1), state) != PlaceBattery(None)
    assert ask(make_player("lookahead-nomachines", 1), state) == PlaceBattery(None)
    record = play_ledger_game((0, 5, ("lookahead-nomachines", "random"), {}))
    assert sum(record.seats[0].batteries_placed) == 0


def test_a_ledger_game_is_the_tournaments_game_of_the_same_seed_and_index() -> None:
    setup = {"mode": "competitive", "setup": "standard", "difficulty": "normal"}
    for index in (0, 1):
        seats = lineup(["greedy", "random"], 2, index, "competitive")
        ours = play_ledger_game((index, 9, seats, {"mode": "competitive"}))
        theirs = play_one((index, 9, seats, setup))
        assert (ours.seed, ours.lineup, ours.healthy) == (theirs.seed, theirs.lineup,
                                                           theirs.healthy)
