"""Rulebook: Action Phase (activate your cards, the different types of cards, the 2 cards in your
Action Zone are of the same type); placing what a card gives."""

from __future__ import annotations

import random

import pytest

from precog.engine import (
    GameState,
    IllegalActionError,
    Phase,
    Step,
    apply,
    legal_actions,
    new_game,
    parse_action,
)
from precog.engine.action_phase import activation_cost
from precog.engine.components import Gains
from precog.engine.refusals import RefusalCode
from tests.codes import raises_code
from tests.engine.positions import (
    COMPONENTS,
    card,
    cost,
    gain,
    legal_texts,
    need,
    play,
    position,
    seat,
)


def acting(boat: dict[str, object], round: int = 1, players: int = 2) -> GameState:
    """Seat 0 about to activate its Action Zone."""
    return position(players=players, round=round, phase=Phase.ACTION, seats=[boat])


def gives(card_id: str, bonus: bool = False) -> Gains:
    """What a card with a numeric gain gives on its own (plus its bonus)."""
    c = card(card_id)
    base = Gains.of_type(c.type, gain(card_id))
    return base + c.bonus if bonus else base


# ---------------------------------------------------------------- activation and Costs

def test_activating_both_moves_the_summed_cost_from_cabins_to_contaminated() -> None:
    need("D02", type="Food")
    need("T04", type="Human")
    state = acting(seat(healthy=4, contaminated=1, action_zone=("D02", "T04")))
    paid = cost("D02") + cost("T04")
    assert paid > 0
    state = play(state, "activate both")
    p = state.players[0]
    assert (p.healthy, p.contaminated) == (4 - paid, 1 + paid)
    assert state.pending == gives("D02") + gives("T04")  # different types: no bonus


def test_activating_both_is_allowed_with_exactly_the_cost_in_the_cabins() -> None:
    paid = cost("D02") + cost("T04")
    state = play(acting(seat(healthy=paid, action_zone=("D02", "T04"))), "activate both")
    assert (state.players[0].healthy, state.players[0].contaminated) == (0, paid)


def test_activating_both_is_refused_when_the_cabins_cannot_pay() -> None:
    paid = cost("D02") + cost("T04")
    state = acting(seat(healthy=paid - 1, action_zone=("D02", "T04")))
    assert legal_texts(state) == {"activate G", "activate R"}
    with pytest.raises(IllegalActionError) as err:
        parse_action(state, "activate both")
    assert err.value.refusal.code is RefusalCode.BOTH_UNAFFORDABLE
    assert err.value.refusal.values == {"cost": paid, "cabins": paid - 1}
    with pytest.raises(IllegalActionError):
        apply(state, err.value.action)  # type: ignore[arg-type]


@pytest.mark.parametrize(("slot", "card_id"), [("G", "D02"), ("R", "T04")])
def test_activating_one_card_is_free(slot: str, card_id: str) -> None:
    need("D02", type="Food")
    need("T04", type="Human")
    state = acting(seat(healthy=0, contaminated=2, action_zone=("D02", "T04")))
    state = play(state, f"activate {slot}")
    p = state.players[0]
    assert (p.healthy, p.contaminated, p.activated) == (0, 2, slot)
    assert state.pending == gives(card_id)


def test_x_cost_copies_the_other_cards_cost() -> None:
    need("D05", x_cost=True)
    state = acting(seat(healthy=4, action_zone=("D05", "T04")))
    assert activation_cost(state, 0) == 2 * cost("T04")
    state = play(state, "activate both")
    assert state.players[0].healthy == 4 - 2 * cost("T04")


def test_two_x_costs_are_both_zero() -> None:
    need("D05", x_cost=True)
    need("T05", x_cost=True)
    state = acting(seat(healthy=0, contaminated=3, action_zone=("D05", "T05")))
    assert activation_cost(state, 0) == 0
    state = play(state, "activate both")  # free even with empty Cabins
    assert (state.players[0].healthy, state.players[0].contaminated) == (0, 3)


def test_x_gain_equals_the_other_cards_cost() -> None:
    need("D13", x_gain=True, type="Human")
    need("T12", type="Food")
    state = acting(seat(healthy=9, action_zone=("D13", "T12")), round=5)
    state = play(state, "activate both")
    assert state.pending == Gains(human=cost("T12")) + gives("T12")


def test_x_gain_uses_the_other_cards_cost_when_only_that_card_is_activated() -> None:
    state = acting(seat(healthy=9, action_zone=("D13", "T12")), round=5)
    state = play(state, "activate G")
    assert state.pending == Gains(human=cost("T12"))


def test_x_gain_next_to_an_x_cost_uses_the_resolved_cost() -> None:
    need("D05", x_cost=True)
    # D05's X Cost copies D13's Cost, and D13's X gain is that resolved Cost
    need("D13", type="Human")
    state = play(acting(seat(healthy=9, action_zone=("D13", "D05")), round=5), "activate G")
    # both are Human cards: D13 also gives its bonus
    assert state.pending == Gains(human=cost("D13")) + card("D13").bonus


# ---------------------------------------------------------------- same-type bonus

def test_same_type_bonus_when_both_cards_share_a_type() -> None:
    need("D02", type="Food", bonus=True)
    need("T02", type="Food", bonus=True)
    state = play(acting(seat(healthy=9, action_zone=("D02", "T02"))), "activate both")
    assert state.pending == gives("D02", bonus=True) + gives("T02", bonus=True)


def test_no_bonus_when_the_types_differ() -> None:
    need("T04", type="Human")
    state = play(acting(seat(healthy=9, action_zone=("D02", "T04"))), "activate both")
    assert state.pending == gives("D02") + gives("T04")


@pytest.mark.parametrize(("slot", "card_id"), [("G", "D02"), ("R", "T02")])
def test_only_the_activated_card_gives_its_bonus(slot: str, card_id: str) -> None:
    state = play(acting(seat(healthy=9, action_zone=("D02", "T02"))), f"activate {slot}")
    assert state.pending == gives(card_id, bonus=True)


# ---------------------------------------------------------------- placing gains

def test_any_part_of_a_gain_may_be_declined() -> None:
    state = play(acting(seat(food=8, action_zone=("D02", "T04"))), "activate G")
    offered = gain("D02")
    assert legal_texts(state) == {f"food {n}" for n in range(offered + 1)}
    state = play(state, "food 1")
    assert state.players[0].food == 8 + 1
    assert state.players[0].card_gains == gives("D02")  # what the card gave, before declining


def test_food_received_raises_the_food_count_past_10() -> None:
    state = play(acting(seat(food=8, healthy=9, action_zone=("D02", "T02"))), "activate both")
    food = state.pending.food
    state = play(state, f"food {food}")
    assert state.players[0].food == 8 + food and 8 + food > 10


def test_humans_received_go_to_the_contaminated_deck() -> None:
    state = play(acting(seat(healthy=4, contaminated=0, action_zone=("D02", "T04"))),
                 "activate R")
    state = play(state, f"humans {gain('T04')}")
    p = state.players[0]
    assert (p.healthy, p.contaminated) == (4, gain("T04"))


def test_ymunes_may_be_split_between_infirmary_and_bow() -> None:
    state = position(players=2, phase=Phase.ACTION, step=Step.GAINS, pending=Gains(ymune=2),
                     pending_source="cards", seats=[seat(doctors=1, protectors=0)])
    assert legal_texts(state) == {"ymunes 2D 0P", "ymunes 1D 1P", "ymunes 0D 2P",
                                  "ymunes 1D 0P", "ymunes 0D 1P", "ymunes 0D 0P"}
    p = play(state, "ymunes 1D 1P").players[0]
    assert (p.doctors, p.protectors) == (1 + 1, 0 + 1)


def test_a_ymune_given_as_a_doctor_cannot_become_a_protector() -> None:
    state = position(players=2, phase=Phase.ACTION, step=Step.GAINS,
                     pending=Gains(doctor=1, ymune=1), pending_source="cards")
    assert "ymunes 0D 2P" not in legal_texts(state)
    assert legal_texts(state) >= {"ymunes 2D 0P", "ymunes 1D 1P", "ymunes 0D 1P"}
    with raises_code(IllegalActionError, RefusalCode.YMUNES_DONT_FIT):
        parse_action(state, "ymunes 0D 2P")


def test_ymunes_on_offer_with_humans_are_still_placed() -> None:
    # engine bug fixed: taking Humans used to drop the Ymunes still on offer
    state = position(players=2, phase=Phase.ACTION, step=Step.GAINS,
                     pending=Gains(human=1, ymune=1), pending_source="cards",
                     seats=[seat(doctors=1, protectors=0)])
    state = play(state, "humans 1")
    assert state.pending == Gains(ymune=1) and state.to_move == 0
    state = play(state, "ymunes 0D 1P")
    assert (state.players[0].doctors, state.players[0].protectors) == (1, 1)


def test_ymune_cards_with_a_human_bonus_give_both() -> None:
    d24 = need("D24", type="Ymune", bonus=True)
    need("D18", type="Ymune")
    assert d24.bonus.human > 0
    state = play(acting(seat(healthy=9, action_zone=("D24", "D18")), round=9), "activate both")
    offered = gives("D24", bonus=True) + gives("D18", bonus=True)
    assert state.pending == offered
    state = play(state, f"food {offered.food}", f"humans {offered.human}")
    state = play(state, f"ymunes {offered.ymune}D 0P")
    assert state.players[0].doctors == 1 + offered.ymune


def test_battery_goes_onto_a_machine_with_a_free_slot() -> None:
    state = position(players=2, phase=Phase.ACTION, step=Step.GAINS, pending=Gains(battery=2),
                     pending_source="cards",
                     seats=[seat(rooms=("R01", "R02"), batteries={"m1": 1})])
    full = machine_slots("R01")[0]
    assert full == 1  # R01's first machine holds a single Battery and is full
    assert legal_texts(state) == {"battery m2", "battery m3", "battery m4", "battery m5",
                                  "battery m6", "battery none"}
    with raises_code(IllegalActionError, RefusalCode.BATTERY_SLOT_FULL):
        parse_action(state, "battery m1")
    state = play(state, "battery m2", "battery m2")
    assert state.players[0].batteries == (1, 2, 0, 0, 0, 0)


def machine_slots(room_id: str) -> list[int]:
    from tests.engine.positions import machine

    return [machine(room_id, i).batteries for i in range(3)]


def test_battery_is_lost_when_no_machine_has_a_free_slot() -> None:
    need("D07", type="Battery")
    need("T07", type="Battery")
    full = {f"m{i + 1}": n for i, n in enumerate(machine_slots("R01") + machine_slots("R02"))}
    state = acting(seat(healthy=0, rooms=("R01", "R02"), batteries=full,
                        action_zone=("D07", "T07")))
    state = play(state, "activate G")
    # no choice to make: the Batteries are lost and seat 1 acts next (two Battery cards meet
    # no standard machine's condition)
    assert (state.phase, state.to_move) == (Phase.ACTION, 1)
    assert state.players[0].batteries == tuple(full.values())
    assert state.players[0].taken == Gains()


def test_a_machines_heal_moves_contaminated_humans_to_the_cabins() -> None:
    """A heal (a Machine's effect; no card bonus heals) moves Contaminated Humans to the
    Cabins, as many as the player takes."""
    healers = [m for r in COMPONENTS.rooms for m in r.advanced if m.effect.heal]
    assert healers
    state = position(players=2, phase=Phase.ACTION, step=Step.GAINS, pending=Gains(heal=2),
                     pending_source="machines", seats=[seat(healthy=4, contaminated=3)])
    assert legal_texts(state) == {"heal 0", "heal 1", "heal 2"}
    p = play(state, "heal 2").players[0]
    assert (p.healthy, p.contaminated) == (6, 1)


def test_heal_is_limited_to_the_contaminated_humans_present() -> None:
    state = position(players=2, phase=Phase.ACTION, step=Step.GAINS, pending=Gains(heal=3),
                     pending_source="machines", seats=[seat(contaminated=1)])
    assert legal_texts(state) == {"heal 1", "heal 0"}


def test_gains_are_placed_one_kind_at_a_time() -> None:
    state = position(players=2, phase=Phase.ACTION, step=Step.GAINS,
                     pending=Gains(food=1, human=1), pending_source="cards")
    with raises_code(IllegalActionError, RefusalCode.GAINS_EXPECTED):
        parse_action(state, "humans 1")


def test_every_position_handed_out_waits_for_a_real_choice() -> None:
    rng = random.Random(5)
    for setup in ("standard", "advanced"):
        state = new_game(players=3, setup=setup, seed=5)
        while not state.is_over:
            acts = legal_actions(state)
            assert len(acts) >= 2, f"a forced move was handed out: {state!r} {acts}"
            state = apply(state, acts[rng.randrange(len(acts))])
