"""Rulebook: Setup (standard setup, advanced setup); Content (decks, River, rooms)."""

from __future__ import annotations

from collections import Counter

import pytest

from precog.engine import GameState, OptionError, Phase, legal_actions, new_game, observation
from precog.engine.actions import ChooseRooms, PassCards
from precog.engine.problems import ErrorCode
from precog.engine.refusals import RefusalCode
from tests.codes import raises_code
from tests.engine.positions import COMPONENTS, card, play

SEEDS = (1, 2, 3)
SEASON_SIZES = {1: 10, 2: 8, 3: 6}


def full_deck(state: GameState, seat: int) -> tuple[str, ...]:
    """A seat's deck as it was stacked: the top 2 went right, then the hand, then the rest."""
    p = state.players[seat]
    return state.players[state.right(seat)].decision_zone + p.hand + p.deck


@pytest.mark.parametrize("players", [2, 3, 4])
def test_standard_boat_starts_with_8_food_1_doctor_4_healthy_and_bane_0(players: int) -> None:
    for p in new_game(players=players, seed=1).players:
        assert (p.food, p.doctors, p.healthy, p.bane) == (8, 1, 4, 0)
        assert (p.protectors, p.contaminated, p.batteries) == (0, 0, (0,) * 6)


@pytest.mark.parametrize("seed", SEEDS)
def test_deck_is_stacked_season_1_over_season_2_over_season_3(seed: int) -> None:
    state = new_game(players=4, seed=seed)
    for seat, code in enumerate(state.config.decks):
        deck = full_deck(state, seat)
        assert sorted(deck) == sorted(c.id for c in COMPONENTS.decks[code])
        seasons = [card(c).season for c in deck]
        assert seasons == sorted(seasons)
        assert Counter(seasons) == SEASON_SIZES


def test_each_season_is_shuffled_by_the_seed() -> None:
    orders = {full_deck(new_game(players=2, seed=seed), 0) for seed in range(5)}
    assert len(orders) > 1
    assert full_deck(new_game(players=2, seed=4), 0) == full_deck(new_game(players=2, seed=4), 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_top_two_cards_go_face_up_to_the_right_neighbours_decision_zone(players: int) -> None:
    state = new_game(players=players, seed=2)
    for seat in range(players):
        dz = state.players[seat].decision_zone
        owner = state.config.decks[state.left(seat)]  # given by the player on the left
        assert len(dz) == 2 and all(card(c).deck == owner and card(c).season == 1 for c in dz)


def test_round_1_starts_in_the_decision_phase_with_two_cards_in_hand() -> None:
    state = new_game(players=3, seed=2)
    assert (state.round, state.phase, state.to_move) == (1, Phase.DECISION, 0)
    for p in state.players:
        assert len(p.hand) == 2 and all(card(c).season == 1 for c in p.hand)
        assert len(p.deck) == 20


@pytest.mark.parametrize("seed", SEEDS)
def test_river_is_three_of_four_tiles_per_season_then_its_island(seed: int) -> None:
    river = new_game(players=2, seed=seed).river
    islands = {i.season: i.id for i in COMPONENTS.islands}
    for season in (1, 2, 3):
        part = river[4 * (season - 1):4 * season]
        assert part[3] == islands[season]
        tiles = [COMPONENTS.river_by_id[t] for t in part[:3]]
        assert len(set(part[:3])) == 3 and all(t.season == season for t in tiles)


def test_river_leaves_out_a_different_tile_depending_on_the_seed() -> None:
    assert len({new_game(players=2, seed=s).river for s in range(8)}) > 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_machine_rooms_are_all_different_across_seats(players: int) -> None:
    for seed in SEEDS:
        rooms = [r for p in new_game(players=players, seed=seed).players for r in p.rooms]
        assert len(rooms) == 2 * players == len(set(rooms))


def test_team_mode_needs_exactly_four_players() -> None:
    with raises_code(OptionError, ErrorCode.OPTION_TEAM):
        new_game(players=3, mode="team")


def test_difficulty_exists_only_in_the_cooperative_mode() -> None:
    with raises_code(OptionError, ErrorCode.OPTION_DIFFICULTY_COOP):
        new_game(players=2, difficulty="hard")


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players: int) -> None:
    with raises_code(OptionError, ErrorCode.OPTION_PLAYERS):
        new_game(players=players)


# ---------------------------------------------------------------- advanced setup

def test_advanced_setup_deals_three_different_rooms_to_each_seat() -> None:
    state = new_game(players=4, setup="advanced", seed=3)
    assert state.phase is Phase.SETUP_ROOMS
    rooms = [r for p in state.players for r in p.rooms]
    assert len(rooms) == 12 == len(set(rooms))


def test_advanced_setup_keeps_two_of_three_rooms() -> None:
    state = new_game(players=2, setup="advanced", seed=3)
    a, b, c = state.players[0].rooms
    assert set(legal_actions(state)) == {ChooseRooms((a, b)), ChooseRooms((a, c)),
                                         ChooseRooms((b, c))}
    d, _, f = state.players[1].rooms
    state = play(state, f"rooms {a} {c}", f"rooms {d} {f}")
    assert state.phase is Phase.SETUP_PASS
    assert [p.rooms for p in state.players] == [(a, c), (d, f)]


def test_advanced_setup_chooses_rooms_before_any_card_is_drawn() -> None:
    """Setup step 2 (the rooms) comes before the deck is formed and any card drawn: a seat
    choosing its rooms holds no card, sees none of its own, and every deck is whole."""
    state = new_game(players=3, setup="advanced", seed=4)
    assert state.phase is Phase.SETUP_ROOMS
    for seat, p in enumerate(state.players):
        assert p.hand == () and len(p.deck) == 24 and p.decision_zone == ()
        seen = observation(state, seat)
        assert seen.seats[seat].hand == () and seen.seats[seat].hand_size == 0
    after = play(state, *(f"rooms {p.rooms[0]} {p.rooms[1]}" for p in state.players))
    assert [p.hand for p in after.players] == [p.deck[:4] for p in state.players]


def test_advanced_setup_rooms_are_played_on_their_advanced_face() -> None:
    state = _advanced_after_rooms()
    assert state.config.advanced
    room = COMPONENTS.room_by_id[state.players[0].rooms[0]]
    assert all(m.line == i + 1 for i, m in enumerate(room.face(state.config.advanced)))


def _advanced_after_rooms() -> GameState:
    state = new_game(players=2, setup="advanced", seed=3)
    return play(state, *(f"rooms {p.rooms[0]} {p.rooms[1]}" for p in state.players))


def test_advanced_setup_draws_the_first_four_cards() -> None:
    state = _advanced_after_rooms()
    for p in state.players:
        assert len(p.hand) == 4 and len(p.deck) == 20 and p.decision_zone == ()
        assert all(card(c).season == 1 for c in p.hand)
    assert len(legal_actions(state)) == 6  # 2 of 4 cards: 6 pairs
    assert all(isinstance(a, PassCards) for a in legal_actions(state))


def test_advanced_setup_passes_two_of_the_first_four_cards_to_the_right() -> None:
    state = _advanced_after_rooms()
    hands = [p.hand for p in state.players]
    state = play(state, f"pass {hands[0][1]} {hands[0][3]}", f"pass {hands[1][0]} {hands[1][1]}")
    assert state.phase is Phase.DECISION and state.round == 1
    assert set(state.players[1].decision_zone) == {hands[0][1], hands[0][3]}  # seat 0's right
    assert set(state.players[0].decision_zone) == {hands[1][0], hands[1][1]}


def test_advanced_setup_other_two_cards_go_back_on_top_and_are_drawn_in_round_1() -> None:
    state = _advanced_after_rooms()
    hand, deck = state.players[0].hand, state.players[0].deck
    state = play(state, f"pass {hand[1]} {hand[3]}",
                 f"pass {state.players[1].hand[0]} {state.players[1].hand[1]}")
    assert set(state.players[0].hand) == {hand[0], hand[2]}
    assert state.players[0].deck == deck  # the rest of the deck is untouched


def test_advanced_setup_choices_are_secret_until_all_have_chosen() -> None:
    state = new_game(players=2, setup="advanced", seed=3)
    a, b, _ = state.players[0].rooms
    state = play(state, f"rooms {a} {b}")
    assert state.phase is Phase.SETUP_ROOMS and len(state.players[0].rooms) == 3
    view = observation(state, 1)
    assert view.own_choice is None and view.seats[0].has_chosen
    assert f"rooms {a} {b}" not in str(view.to_json())
    assert observation(state, 0).own_choice == ChooseRooms((a, b))


def _reversed(action: object) -> object:
    if isinstance(action, ChooseRooms):
        return ChooseRooms((action.rooms[1], action.rooms[0]))
    if isinstance(action, PassCards):
        return PassCards((action.cards[1], action.cards[0]))
    return action


@pytest.mark.parametrize("seed", range(6))
def test_the_room_pair_and_pass_pair_are_one_action_in_either_order(seed: int) -> None:
    from precog.engine import IllegalActionError, parse_action, why_illegal

    state = new_game(players=2 + seed % 3, setup="advanced", seed=seed)
    while state.phase in (Phase.SETUP_ROOMS, Phase.SETUP_PASS):
        listed = legal_actions(state)
        order = RefusalCode.ROOMS_ORDER if state.phase is Phase.SETUP_ROOMS \
            else RefusalCode.PASS_ORDER
        for action in listed:
            flipped = _reversed(action)
            assert why_illegal(state, flipped) is not None  # only the listed order is accepted
            with raises_code(IllegalActionError, order):
                from precog.engine import apply

                apply(state, flipped)  # type: ignore[arg-type]
            assert parse_action(state, str(flipped)) == action  # typed either way: one action
        state = play(state, str(_reversed(listed[-1])))  # the notation reads either order


@pytest.mark.parametrize("seed", range(8))
def test_every_accepted_action_is_a_listed_one(seed: int) -> None:
    # property: over the positions of a random game, every action of a wide pool (the listed
    # actions of many positions, and their pairs reversed) is accepted only if it is listed
    import random

    from precog.engine import apply, why_illegal

    rng = random.Random(seed)
    setup = {"players": 2 + seed % 3, "setup": "advanced" if seed % 2 else "standard",
             "mode": "coop" if seed % 4 == 3 else "competitive"}
    state = new_game(seed=seed, **setup)  # type: ignore[arg-type]
    pool: set[object] = set()
    seen = []
    while not state.is_over and len(seen) < 120:
        listed = legal_actions(state)
        pool.update(listed)
        pool.update(_reversed(a) for a in listed)
        seen.append(state)
        state = apply(state, rng.choice(listed))
    for s in seen:
        listed = set(legal_actions(s))
        for action in pool:
            if why_illegal(s, action) is None:  # type: ignore[arg-type]
                assert action in listed, (str(action), repr(s))


def test_standard_setup_rooms_may_be_chosen_by_hand_and_are_random_by_default() -> None:
    chosen = new_game(players=3, seed=5, rooms=[("R01", "R05"), ("R02", "R07"), ("R12", "R03")])
    assert [p.rooms for p in chosen.players] == [("R01", "R05"), ("R02", "R07"), ("R12", "R03")]
    dealt = new_game(players=3, seed=5)
    assert [p.deck for p in dealt.players] == [p.deck for p in chosen.players]  # same shuffle
    assert dealt.river == chosen.river
    assert len({r for p in dealt.players for r in p.rooms}) == 6
    advanced = new_game(players=2, seed=5, setup="advanced",
                        rooms=[("R01", "R05", "R09"), ("R02", "R07", "R11")])
    assert advanced.players[1].rooms == ("R02", "R07", "R11")  # the 3 to choose from


@pytest.mark.parametrize(("rooms", "code", "names"), [
    ([("R01", "R05")], ErrorCode.OPTION_ROOMS_SHAPE, {"seats": 2, "n": 2}),
    ("R01 R05", ErrorCode.OPTION_ROOMS_SHAPE, {"got": "R01 R05"}),
    ([("R01", "R05"), ("R02",)], ErrorCode.OPTION_ROOMS_SEAT, {"seat": 1, "got": "R02"}),
    ([("R01", "R05"), ("R02", "X9")], ErrorCode.OPTION_ROOM_UNKNOWN, {"seat": 1, "room": "'X9'"}),
    ([("R01", "R05"), ("R05", "R02")], ErrorCode.OPTION_ROOM_TWICE, {"seat": 1, "room": "R05"}),
])
def test_rooms_chosen_by_hand_are_refused_naming_the_input(
        rooms: object, code: ErrorCode, names: dict[str, object]) -> None:
    with raises_code(OptionError, code) as caught:
        new_game(players=2, seed=1, rooms=rooms)  # type: ignore[arg-type]
    values = caught.value.problem.values
    assert {name: values[name] for name in names} == names


def test_rooms_of_too_few_seats_are_said_as_typed_with_an_example_for_every_seat() -> None:
    from precog.engine.setup import parse_rooms

    with pytest.raises(OptionError) as refused:
        new_game(players=3, seed=1, rooms=parse_rooms("7"))
    assert refused.value.problem is not None
    values = refused.value.problem.values
    assert (values["seats"], values["got"]) == (3, "7")  # as typed, not a Python tuple
    example = str(values["example"])
    assert [len(seat.split()) for seat in example.split(", ")] == [2, 2, 2]  # 3 seats of 2
    new_game(players=3, seed=1, rooms=parse_rooms(example))  # the example is a valid entry
