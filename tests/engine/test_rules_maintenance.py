"""Rulebook: Maintenance Phase (increase the Bane level, lower your Bane level, lose Humans,
heal your Contaminated Humans, sail down the River) and the end of the round."""

from __future__ import annotations

import pytest

from precog.engine import (
    GameState,
    IllegalActionError,
    Phase,
    RuleOptions,
    Step,
    parse_action,
)
from precog.engine.components import Gains, Losses
from precog.engine.refusals import RefusalCode
from precog.engine.state import BANE_MAX, FEEDING_ROUNDS
from tests.codes import raises_code
from tests.engine.positions import (
    COMPONENTS,
    RIVER,
    card,
    decline,
    legal_texts,
    need,
    play,
    position,
    seat,
)


def maintenance(boat: dict[str, object], step: Step = Step.PROTECT, round: int = 9,
                options: RuleOptions | None = None) -> GameState:
    """Seat 0 of 2 in the Maintenance phase (its Bane has already risen). The River tile
    flipped as the round ends takes only Food, so the Humans and Ymunes seen after it are the
    Maintenance phase's own."""
    flipped = COMPONENTS.river_by_id[RIVER[round - 1]].losses
    assert flipped == Losses(food=flipped.food), (RIVER[round - 1], flipped)
    return position(players=2, round=round, phase=Phase.MAINTENANCE, step=step,
                    seats=[boat], river=RIVER, options=options)


def river_round(tile: str) -> tuple[int, tuple[str, ...]]:
    """A River in which ``tile`` is flipped, and the round it is flipped in."""
    if tile in RIVER:
        return RIVER.index(tile) + 1, RIVER
    season = COMPONENTS.river_by_id[tile].season
    at = 4 * (season - 1)
    return at + 1, RIVER[:at] + (tile,) + RIVER[at + 1:]


def last_loss(boats: list[dict[str, object]], tile: str) -> GameState:
    """Seat 1, the last seat, about to lose its Humans; then ``tile`` is flipped."""
    round, river = river_round(tile)
    return position(players=2, round=round, phase=Phase.MAINTENANCE, step=Step.LOSE,
                    to_move=1, river=river, seats=boats)


def sail(state: GameState) -> GameState:
    """Seat 1 loses no Human (Bane 0): the River tile is flipped."""
    return play(state, "lose 0H 0C")


# ---------------------------------------------------------------- Bane rises

def bane_cards() -> tuple[str, str]:
    need("D12", bane=True)
    need("T14", bane=True)
    return "D12", "T14"


def after_actions(bane: int, activated: str) -> GameState:
    """Seat 1 ends the Action phase; seat 0 had activated ``activated`` of its Bane cards."""
    state = position(players=2, round=5, phase=Phase.ACTION, to_move=1, seats=[
        seat(bane=bane, protectors=1, activated=activated, action_zone=bane_cards())])
    return decline(play(state, "activate G"))


@pytest.mark.parametrize("activated", ["both", "G", "R"])
def test_bane_rises_by_both_action_zone_cards_activated_or_not(activated: str) -> None:
    state = after_actions(bane=2, activated=activated)
    assert (state.phase, state.step, state.to_move) == (Phase.MAINTENANCE, Step.PROTECT, 0)
    assert state.players[0].bane == 2 + card("D12").bane + card("T14").bane


def test_bane_never_exceeds_12() -> None:
    assert BANE_MAX == 12
    state = after_actions(bane=BANE_MAX - 1, activated="both")
    assert card("D12").bane + card("T14").bane > 1
    assert state.players[0].bane == BANE_MAX


# ---------------------------------------------------------------- Protectors

def test_each_protector_returned_lowers_bane_by_2() -> None:
    state = maintenance(seat(bane=4, protectors=3))
    assert legal_texts(state) == {"protectors 0", "protectors 1", "protectors 2"}
    p = play(state, "protectors 1").players[0]
    assert (p.bane, p.protectors) == (4 - 2, 3 - 1)


def test_a_protector_lowers_bane_1_by_1() -> None:
    p = play(maintenance(seat(bane=1, protectors=2)), "protectors 1").players[0]
    assert (p.bane, p.protectors) == (0, 1)


def test_protectors_cannot_lower_bane_below_0() -> None:
    state = maintenance(seat(bane=3, protectors=5))
    assert legal_texts(state) == {"protectors 0", "protectors 1", "protectors 2"}  # 3 -> 1 -> 0
    with raises_code(IllegalActionError, RefusalCode.PROTECTORS_RANGE):
        parse_action(state, "protectors 3")
    assert play(state, "protectors 2").players[0].bane == 0


def test_without_bane_no_protector_decision_is_offered() -> None:
    need("D01", bane=False)
    need("T01", bane=False)
    state = position(players=2, round=1, phase=Phase.ACTION, to_move=1, river=RIVER,
                     seats=[seat(protectors=2, action_zone=("D01", "T01"))])
    state = decline(play(state, "activate G"))
    # Bane 0 everywhere: Maintenance asks nothing and the River's gains are offered
    assert (state.phase, state.step, state.to_move) == (Phase.RIVER, Step.GAINS, 0)
    assert state.players[0].protectors == 2


# ---------------------------------------------------------------- losing Humans

def test_humans_lost_equal_the_bane_level_choosing_healthy_or_contaminated() -> None:
    state = maintenance(seat(bane=3, healthy=4, contaminated=2, doctors=0), step=Step.LOSE)
    assert legal_texts(state) == {"lose 3H 0C", "lose 2H 1C", "lose 1H 2C"}
    p = play(state, "lose 1H 2C").players[0]
    assert (p.healthy, p.contaminated) == (4 - 1, 2 - 2)


def test_losing_the_wrong_number_of_humans_is_refused() -> None:
    state = maintenance(seat(bane=3, healthy=4, contaminated=2), step=Step.LOSE)
    with raises_code(IllegalActionError, RefusalCode.LOSE_COUNT):
        parse_action(state, "lose 1H 1C")


def test_losses_stop_when_no_human_is_left() -> None:
    state = maintenance(seat(bane=5, healthy=2, contaminated=1), step=Step.LOSE)
    assert legal_texts(state) == {"lose 2H 1C"}  # min(Bane 5, 3 Humans)
    p = play(state, "lose 2H 1C").players[0]
    assert (p.healthy, p.contaminated, p.bane) == (0, 0, 5)


def test_bane_stays_after_losing_humans() -> None:
    p = play(maintenance(seat(bane=2, healthy=4), step=Step.LOSE), "lose 2H 0C").players[0]
    assert (p.bane, p.healthy) == (2, 4 - 2)


# ---------------------------------------------------------------- healing

def test_doctors_heal_after_humans_are_lost() -> None:
    state = maintenance(seat(bane=2, healthy=4, contaminated=2, doctors=2), step=Step.LOSE)
    # the 2 Contaminated are still there to be lost: healing has not happened yet
    assert "lose 0H 2C" in legal_texts(state)
    p = play(state, "lose 2H 0C").players[0]
    assert (p.healthy, p.contaminated) == (4 - 2 + 2, 0)


def test_enough_doctors_heal_every_contaminated_human() -> None:
    p = play(maintenance(seat(bane=0, healthy=1, contaminated=2, doctors=3), step=Step.LOSE),
             "lose 0H 0C").players[0]
    assert (p.healthy, p.contaminated) == (1 + 2, 0)


def test_each_doctor_heals_one_contaminated_human() -> None:
    p = play(maintenance(seat(bane=0, healthy=1, contaminated=3, doctors=1), step=Step.LOSE),
             "lose 0H 0C").players[0]
    assert (p.healthy, p.contaminated) == (1 + 1, 3 - 1)


def test_heal_in_action_phase_option_heals_at_the_end_of_the_action_phase() -> None:
    opts = RuleOptions(heal_in_action_phase=True)
    state = position(players=2, phase=Phase.ACTION, options=opts, seats=[
        seat(healthy=1, contaminated=3, doctors=2, action_zone=("D01", "T01"))])
    state = decline(play(state, "activate G"))
    assert state.to_move == 1
    p = state.players[0]
    assert (p.healthy, p.contaminated) == (1 + 2, 3 - 2)
    # ... and not again after losing Humans
    state = maintenance(seat(bane=0, healthy=1, contaminated=3, doctors=2), step=Step.LOSE,
                        options=opts)
    p = play(state, "lose 0H 0C").players[0]
    assert (p.healthy, p.contaminated) == (1, 3)


def test_by_default_no_healing_happens_in_the_action_phase() -> None:
    state = position(players=2, phase=Phase.ACTION, seats=[
        seat(healthy=1, contaminated=3, doctors=2, action_zone=("D01", "T01"))])
    p = decline(play(state, "activate G")).players[0]
    assert (p.healthy, p.contaminated) == (1, 3)


# ---------------------------------------------------------------- the River

def river_tile(tile_id: str) -> object:
    return COMPONENTS.river_by_id[tile_id]


def test_season_1_river_tile_gives_resources_to_every_player() -> None:
    tile = COMPONENTS.river_by_id["W1a"]
    assert tile.season == 1 and tile.gains == Gains(food=tile.gains.food) and tile.gains.food
    state = sail(last_loss([seat(food=1), seat(food=2)], "W1a"))
    assert (state.phase, state.step, state.to_move) == (Phase.RIVER, Step.GAINS, 0)
    assert state.pending == tile.gains
    state = play(state, f"food {tile.gains.food}")
    assert state.to_move == 1 and state.pending == tile.gains
    state = play(state, "food 0")  # River gains may be declined like any other
    assert (state.players[0].food, state.players[1].food) == (1 + tile.gains.food, 2)
    assert (state.round, state.phase) == (RIVER.index("W1a") + 2, Phase.DECISION)


def test_river_gains_do_not_count_as_taken_for_objectives() -> None:
    state = play(sail(last_loss([seat(food=1)], "W1a")), "food 1")
    assert state.players[0].taken == Gains()


def test_no_ignore_is_offered_for_a_tile_that_only_gives() -> None:
    state = sail(last_loss([seat(protectors=2)], "W1a"))
    assert state.step is Step.GAINS and state.players[0].protectors == 2


@pytest.mark.parametrize("tile_id", ["W2a", "W2b", "W2c", "W3c", "W3d"])
def test_later_river_tiles_take_resources_but_never_below_zero(tile_id: str) -> None:
    tile = COMPONENTS.river_by_id[tile_id]
    assert tile.season > 1 and tile.gains == Gains()
    loss = tile.losses
    rich = seat(food=9, healthy=5, contaminated=5, doctors=3, protectors=0)
    poor = seat(food=0, healthy=0, contaminated=0, doctors=0, protectors=0)
    state = sail(last_loss([rich, poor], tile_id))
    p, q = state.players
    assert (p.food, p.healthy, p.contaminated, p.doctors) == (
        9 - loss.food, 5 - loss.healthy, 5 - loss.contaminated, 3 - loss.doctor)
    assert (q.food, q.healthy, q.contaminated, q.doctors) == (0, 0, 0, 0)


def test_river_tiles_of_seasons_2_and_3_make_players_lose_resources_not_raise_bane() -> None:
    later = [t for t in COMPONENTS.river if t.season > 1]
    assert len(later) == 8
    for tile in later:
        assert not tile.losses.is_empty() and tile.gains == Gains(), tile.id
        state = sail(last_loss([seat(food=9, healthy=5, contaminated=5, doctors=3),
                                seat(food=9, healthy=5, contaminated=5, doctors=3)], tile.id))
        assert [p.bane for p in state.players] == [0, 0], tile.id  # Bane is not a Resource


def test_a_protector_may_ignore_a_river_tile_that_takes() -> None:
    loss = COMPONENTS.river_by_id["W3a"].losses
    assert loss.food
    state = sail(last_loss([seat(food=5, protectors=2), seat(food=5)], "W3a"))
    assert (state.step, state.to_move) == (Step.IGNORE, 0)
    assert legal_texts(state) == {"river accept", "river ignore"}
    ignored = play(state, "river ignore")
    assert (ignored.players[0].food, ignored.players[0].protectors) == (5, 2 - 1)
    assert ignored.players[1].food == max(0, 5 - loss.food)  # seat 1 had no Protector
    accepted = play(state, "river accept")
    assert (accepted.players[0].food, accepted.players[0].protectors) == (
        max(0, 5 - loss.food), 2)


def test_ignoring_the_river_needs_a_protector() -> None:
    state = sail(last_loss([seat(food=5, protectors=1), seat(food=5)], "W2a"))
    state = play(state, "river ignore")
    assert state.players[0].protectors == 0
    # no Protector: the tile applies without asking (seat 1 above); asking anyway is refused
    refused = position(players=2, round=5, phase=Phase.RIVER, step=Step.IGNORE,
                       river=RIVER, seats=[seat(protectors=0)])
    assert legal_texts(refused) == {"river accept"}
    with raises_code(IllegalActionError, RefusalCode.IGNORE_WITHOUT_PROTECTOR):
        parse_action(refused, "river ignore")


# ---------------------------------------------------------------- the Islands

def test_islands_end_rounds_4_8_and_12() -> None:
    assert FEEDING_ROUNDS == (4, 8, 12)
    islands = {i.id for i in COMPONENTS.islands}
    assert [r + 1 for r, t in enumerate(RIVER) if t in islands] == list(FEEDING_ROUNDS)


def test_island_feeds_each_healthy_human_one_food() -> None:
    state = sail(last_loss([seat(food=8, healthy=5, contaminated=3, protectors=2)], "I1"))
    p = state.players[0]
    assert (p.food, p.healthy, p.contaminated, p.protectors) == (8 - 5, 5, 3, 2)
    assert (state.round, state.phase) == (5, Phase.DECISION)  # an Island cannot be ignored


def test_island_without_enough_food_loses_the_unfed_healthy_humans() -> None:
    state = sail(last_loss([seat(food=2, healthy=5, contaminated=3)], "I2"))
    p = state.players[0]
    assert (p.food, p.healthy, p.contaminated) == (0, 2, 3)


def test_no_feeding_outside_the_islands() -> None:
    state = sail(last_loss([seat(food=2, healthy=5)], "W2b"))
    p = state.players[0]
    assert p.food == 2 and p.healthy == 5 - COMPONENTS.river_by_id["W2b"].losses.healthy


# ---------------------------------------------------------------- end of the round

def test_action_zone_cards_are_discarded_at_the_end_of_the_round() -> None:
    state = last_loss([seat(action_zone=("D01", "T01")), seat(action_zone=("T02", "D02"))],
                      "W1b")
    before = [p.discard for p in state.players]
    state = decline(sail(state))
    assert state.phase is Phase.DECISION
    assert [p.discard for p in state.players] == [before[0] + ("D01", "T01"),
                                                  before[1] + ("T02", "D02")]
    assert all(p.action_zone == () and p.gave is None and p.activated == ""
               for p in state.players)


def test_maintenance_runs_bane_protectors_loss_heal_river_in_order() -> None:
    need("T01", bane=False)
    need("D01", bane=False)
    round, river = river_round("W2b")
    loss = COMPONENTS.river_by_id["W2b"].losses
    state = position(players=2, round=round, phase=Phase.ACTION, to_move=1, river=river, seats=[
        seat(bane=1, protectors=1, healthy=4, contaminated=12, doctors=1,
             action_zone=bane_cards()),
        seat(bane=2, healthy=2, contaminated=2, doctors=0, action_zone=("T01", "D01"))])
    state = decline(play(state, "activate G"))
    bane = 1 + card("D12").bane + card("T14").bane  # 1. both cards raise Bane
    assert (state.step, state.players[0].bane) == (Step.PROTECT, bane)
    state = play(state, "protectors 1")  # 2. a Protector lowers it
    bane = max(0, bane - 2)
    assert (state.step, state.players[0].bane) == (Step.LOSE, bane)
    state = play(state, f"lose 0H {bane}C")  # 3. lose that many Humans, then 4. heal 1
    p = state.players[0]
    assert (p.healthy, p.contaminated, p.bane) == (4 + 1, 12 - bane - 1, bane)
    assert (state.step, state.to_move) == (Step.LOSE, 1)  # seat 1's turn: no Protector
    state = play(state, "lose 1H 1C")  # 5. the River, once every seat is done
    assert (state.round, state.phase) == (round + 1, Phase.DECISION)
    p = state.players[0]
    assert (p.healthy, p.contaminated) == (4 + 1 - loss.healthy, 12 - bane - 1 - loss.contaminated)
