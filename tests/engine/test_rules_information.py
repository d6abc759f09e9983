"""Rulebook: what each player may see (secret choices, hands, deck order, the face-down River,
the face-down Objectives), and positions sampled from one player's point of view."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from precog.engine import (
    GameState,
    Phase,
    Step,
    apply,
    determinize,
    legal_actions,
    new_game,
    observation,
)
from precog.engine.decision import options as decision_options
from tests.engine.positions import RIVER, card, position, seat


def seen(state: GameState, player: int) -> str:
    return str(observation(state, player).to_json())


def test_observation_hides_other_players_hands() -> None:
    state = position(players=3, round=2, phase=Phase.DECISION, seats=[
        seat(hand=("D03", "D04")), seat(hand=("T03", "T04")), seat(hand=("P03", "P04"))])
    view = observation(state, 1)
    assert view.seats[1].hand == ("T03", "T04")
    assert view.seats[0].hand is None and view.seats[0].hand_size == 2
    text = seen(state, 1)
    assert all(c not in text for c in ("D03", "D04", "P03", "P04"))


def test_observation_shows_deck_sizes_by_season_but_not_their_order() -> None:
    state = new_game(players=2, seed=8)
    view = observation(state, 0)
    for s, p in enumerate(state.players):
        counts = Counter(card(c).season for c in p.deck)
        assert view.seats[s].deck_size == len(p.deck)
        assert view.seats[s].deck_seasons == (counts[1], counts[2], counts[3])
        text = seen(state, 0)
        assert all(f"'{c}'" not in text for c in p.deck)  # own deck too: its order is secret


def test_observation_hides_the_river_tiles_not_yet_flipped() -> None:
    state = position(players=2, round=6, phase=Phase.DECISION, river=RIVER)
    view = observation(state, 0)
    assert view.river_revealed == RIVER[:5]
    # the rest of each season's tiles, the one left out included: which is which is hidden
    assert view.river_unseen == (("W1d",), ("W2b", "W2c", "W2d"), ("W3a", "W3b", "W3c", "W3d"))
    other = position(players=2, round=6, phase=Phase.DECISION, river=RIVER[:5] + (
        "W2d", "W2b", "I2", "W3d", "W3a", "W3b", "I3"))
    assert observation(other, 0) == view


def test_the_river_tile_is_public_once_flipped() -> None:
    state = position(players=2, round=5, phase=Phase.RIVER, step=Step.IGNORE, river=RIVER,
                     seats=[seat(protectors=1)])
    assert observation(state, 1).river_revealed == RIVER[:5]


def test_observation_hides_face_down_objectives() -> None:
    stacks = (("O1a", "O1g"), ("O2a", "O2b"), ("O3a", "O3f"))
    state = position(players=2, mode="coop", objective_stacks=stacks)
    view = observation(state, 0)
    assert view.objective_stack_sizes == (2, 2, 2) and view.objectives == ()
    assert all(t not in seen(state, 0) for s in stacks for t in s)


def test_a_made_choice_is_hidden_from_the_other_seats() -> None:
    state = new_game(players=3, seed=6)
    choice = legal_actions(state)[0]
    state = apply(state, choice)
    for other in (1, 2):
        view = observation(state, other)
        assert view.own_choice is None and view.seats[0].has_chosen
        assert str(choice) not in seen(state, other)
    assert observation(state, 0).own_choice == choice


def test_a_sampled_position_looks_the_same_to_the_observer() -> None:
    rng = random.Random(4)
    state = new_game(players=3, seed=4)
    checked = 0
    while not state.is_over:
        for player in range(3):
            if any(c is not None for s, c in enumerate(state.choices) if s != player):
                continue  # others' secret choices are dropped: they choose again
            sample = determinize(state, player, rng)
            assert observation(sample, player) == observation(state, player)
            checked += 1
        acts = legal_actions(state)
        state = apply(state, acts[rng.randrange(len(acts))])
    assert checked > 100


def test_a_sampled_position_offers_its_own_legal_actions() -> None:
    # engine bug fixed: determinize copied the legal-action cache of the original position
    state = new_game(players=2, seed=1)
    state = apply(state, legal_actions(state)[0])  # seat 0 chose; seat 1 to move
    assert state.to_move == 1
    sample = determinize(state, 1, random.Random(0))
    assert sample.to_move == 0  # seat 0's secret choice is dropped: it chooses again
    assert legal_actions(sample) == decision_options(sample)
    assert legal_actions(sample) != legal_actions(state)  # seat 0's cards, not seat 1's


def test_a_sampled_position_keeps_every_card_count() -> None:
    state = new_game(players=4, seed=2)
    sample = determinize(state, 2, random.Random(1))
    assert sample.players[2].hand == state.players[2].hand
    for p, q in zip(state.players, sample.players, strict=True):
        assert sorted(p.hand + p.deck) == sorted(q.hand + q.deck)
        assert [card(c).season for c in p.deck] == [card(c).season for c in q.deck]


def test_a_sampled_position_depends_only_on_what_the_observer_sees() -> None:
    # two positions that differ only in hidden card order give the same samples for one seed
    state = new_game(players=3, seed=5)
    shuffled = list(state.players)
    for s in (1, 2):
        p = shuffled[s]
        hidden = list(p.hand + p.deck)
        random.Random(s).shuffle(hidden)
        by_season = {n: [c for c in hidden if card(c).season == n] for n in (1, 2, 3)}
        hand = tuple(by_season[card(c).season].pop() for c in p.hand)
        deck = tuple(by_season[card(c).season].pop() for c in p.deck)
        shuffled[s] = replace(p, hand=hand, deck=deck)
    twin = replace(state, players=tuple(shuffled))
    assert twin.players[1].deck != state.players[1].deck
    assert observation(twin, 0) == observation(state, 0)
    assert determinize(twin, 0, random.Random(9)) == determinize(state, 0, random.Random(9))
