"""Rulebook: The Dual Select System; Decision Phase (draw your cards, choose your cards)."""

from __future__ import annotations

from precog.engine import (
    GameState,
    IllegalActionError,
    Phase,
    apply,
    legal_actions,
    observation,
    parse_action,
)
from precog.engine.actions import Choose
from precog.engine.refusals import RefusalCode
from tests.codes import raises_code
from tests.engine.positions import finish_round, legal_texts, play, position, seat

# Three players so that left (seat + 1) and right (seat - 1) are different people. Each
# Decision Zone holds cards passed by the left neighbour.
BOATS = [seat(hand=("D03", "D04"), decision_zone=("T01", "T02")),
         seat(hand=("T03", "T04"), decision_zone=("P01", "P02")),
         seat(hand=("P03", "P04"), decision_zone=("D01", "D02"))]
ROUND_2 = ("keep D03 give T01", "keep T03 give P01", "keep P03 give D01")


def decision() -> GameState:
    return position(players=3, round=2, phase=Phase.DECISION, seats=BOATS)


def choices(state: GameState) -> list[Choose]:
    acts = legal_actions(state)
    assert all(isinstance(a, Choose) for a in acts)
    return [a for a in acts if isinstance(a, Choose)]


def test_keep_may_be_any_of_the_four_cards() -> None:
    assert {a.keep for a in choices(decision())} == {"D03", "D04", "T01", "T02"}


def test_give_must_come_from_the_decision_zone() -> None:
    state = decision()
    assert {a.give for a in choices(state)} == {"T01", "T02"}
    with raises_code(IllegalActionError, RefusalCode.GIVE_NOT_IN_DECISION_ZONE):
        parse_action(state, "keep D03 give D04")  # D04 is a hand card


def test_keep_and_give_cannot_be_the_same_card() -> None:
    with raises_code(IllegalActionError, RefusalCode.KEEP_IS_GIVE):
        parse_action(decision(), "keep T01 give T01")


def test_keep_must_be_one_of_your_four_cards() -> None:
    with raises_code(IllegalActionError, RefusalCode.KEEP_NOT_YOURS):
        parse_action(decision(), "keep T03 give T01")  # T03 is in seat 1's hand


def test_a_round_offers_exactly_six_choices() -> None:
    # keep a hand card (2) x give a Decision Zone card (2), or keep one Decision Zone card and
    # give the other (2)
    assert legal_texts(decision()) == {
        "keep D03 give T01", "keep D03 give T02", "keep D04 give T01", "keep D04 give T02",
        "keep T01 give T02", "keep T02 give T01"}


def test_kept_card_goes_to_own_g_slot_and_given_card_to_left_neighbours_r_slot() -> None:
    state = play(decision(), *ROUND_2)
    # each Action Zone is (own Keep, the Give of the right neighbour)
    assert [p.action_zone for p in state.players] == [
        ("D03", "D01"), ("T03", "T01"), ("P03", "P01")]
    assert [p.gave for p in state.players] == ["T01", "P01", "D01"]


def test_passed_pair_reaches_right_neighbour_decision_zone() -> None:
    state = play(decision(), *ROUND_2)
    # seat 0 passes D04 and T02 to seat 2 (its right); seat 1 to seat 0; seat 2 to seat 1
    assert set(state.players[2].decision_zone) == {"D04", "T02"}
    assert set(state.players[0].decision_zone) == {"T04", "P02"}
    assert set(state.players[1].decision_zone) == {"P04", "D02"}
    assert all(p.hand == () for p in state.players)


def test_one_passed_card_returns_next_round() -> None:
    state = finish_round(play(decision(), *ROUND_2))
    assert (state.round, state.phase) == (3, Phase.DECISION)
    state = apply(state, legal_actions(state)[0])
    state = apply(state, legal_actions(state)[0])
    # seat 2 holds the pair seat 0 passed and must give one of the two back to seat 0
    assert state.to_move == 2
    assert {a.give for a in choices(state)} == {"D04", "T02"}
    state = apply(state, Choose(state.players[2].hand[0], "T02"))
    assert state.players[0].action_zone[1] == "T02"


def test_choices_are_secret_until_all_have_chosen() -> None:
    state = play(decision(), "keep D04 give T02")
    assert state.phase is Phase.DECISION and state.to_move == 1
    seen_by_1 = observation(state, 1)
    assert seen_by_1.own_choice is None
    assert seen_by_1.seats[0].has_chosen  # that seat 0 has chosen is public, not what
    assert seen_by_1.seats[0].hand is None
    assert "D04" not in str(seen_by_1.to_json())  # seat 0's Keep (a hand card) is nowhere
    assert observation(state, 0).own_choice == Choose("D04", "T02")


def test_nothing_moves_until_the_last_seat_chooses() -> None:
    start = decision()
    state = play(start, "keep D03 give T01", "keep T03 give P01")
    assert state.phase is Phase.DECISION and state.to_move == 2
    assert state.players == start.players  # the choices are only recorded
    assert play(state, "keep P03 give D01").phase is Phase.ACTION


def test_round_12_has_no_draw_and_no_pass() -> None:
    state = position(players=3, round=12, phase=Phase.DECISION, seats=[
        seat(decision_zone=("T01", "T02")), seat(decision_zone=("P01", "P02")),
        seat(decision_zone=("D01", "D02"))])
    assert all(p.hand == () and p.deck == () for p in state.players)
    # keep one Decision Zone card and give the other: 2 choices
    assert legal_texts(state) == {"keep T01 give T02", "keep T02 give T01"}
    state = play(state, "keep T01 give T02", "keep P01 give P02", "keep D01 give D02")
    assert [p.action_zone for p in state.players] == [
        ("T01", "D02"), ("P01", "T02"), ("D01", "P02")]
    assert all(p.decision_zone == () for p in state.players)  # nothing passes right


def test_round_11_empties_the_deck_so_round_12_draws_nothing() -> None:
    state = position(players=2, round=11, phase=Phase.DECISION)
    assert all(p.deck == () and len(p.hand) == 2 for p in state.players)
    state = finish_round(state)
    assert (state.round, state.phase) == (12, Phase.DECISION)
    assert all(p.hand == () and len(p.decision_zone) == 2 for p in state.players)


def test_a_new_round_draws_the_top_two_cards_of_the_deck() -> None:
    state = position(players=2, round=2, phase=Phase.DECISION)
    decks = [p.deck for p in state.players]
    state = finish_round(state)
    assert [p.hand for p in state.players] == [d[:2] for d in decks]
    assert [p.deck for p in state.players] == [d[2:] for d in decks]


def test_two_player_left_and_right_are_the_same_opponent() -> None:
    state = position(players=2, round=2, phase=Phase.DECISION, seats=[
        seat(hand=("D03", "D04"), decision_zone=("T01", "T02")),
        seat(hand=("T03", "T04"), decision_zone=("D01", "D02"))])
    assert state.left(0) == state.right(0) == 1 and state.left(1) == state.right(1) == 0
    state = play(state, "keep D03 give T01", "keep T03 give D01")
    # seat 0's Give lands in seat 1's R slot and seat 0's passed pair in seat 1's Decision Zone
    assert state.players[1].action_zone == ("T03", "T01")
    assert set(state.players[1].decision_zone) == {"D04", "T02"}
    assert state.players[0].action_zone == ("D03", "D01")
    assert set(state.players[0].decision_zone) == {"T04", "D02"}


def test_left_is_the_next_seat_and_right_the_previous_one() -> None:
    state = decision()
    assert [state.left(s) for s in range(3)] == [1, 2, 0]
    assert [state.right(s) for s in range(3)] == [2, 0, 1]


def test_decision_phase_refuses_actions_of_other_phases() -> None:
    with raises_code(IllegalActionError, RefusalCode.CHOOSE_EXPECTED):
        parse_action(decision(), "activate both")
