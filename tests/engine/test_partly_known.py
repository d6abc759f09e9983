"""A partly-known box: unknown card, River and Objective faces are hidden information.

The rules run unchanged on a world drawn from the box; an observation shows only the faces its
seat has seen; ``determinize`` redraws every other unknown face from the prior and never reads
the hidden ones; a face seen stays the same for the rest of the game."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from precog.engine import (
    GameState,
    PositionError,
    apply,
    determinize,
    from_json,
    legal_actions,
    new_game,
    observation,
    to_json,
)
from precog.engine.box import load_box_text
from precog.engine.components import Card, Components
from precog.engine.data_loading import reference_components
from precog.engine.faces import (
    draw_world,
    face_of,
    face_values,
    prior_face_pool,
    seen_by,
)
from precog.engine.playout import random_playout
from precog.engine.problems import ErrorCode
from tests.codes import raises_code

HALF_BOX = """
name = "half box"

[[deck]]
code = "D"
[[deck.card]]
id = "D01"
type = "Food"
season = 1
cost = 1
gain = 3
bonus = { human = 1 }
[[deck.card]]
id = "D02"
type = "Human"
season = 1
cost = 0
gain = 1

[[deck]]
code = "T"
[[deck.card]]
id = "T05"
type = "Battery"
season = 2
cost = 3
gain = 2
bane = 1
[[deck.card]]
id = "T06"
type = "Ymune"
season = 3

[[river]]
id = "W1a"
season = 1
name = "Fish shoal"
gains = { food = 3 }
"""


def half_box() -> Components:
    return load_box_text(HALF_BOX, "half.toml")


def test_a_box_leaves_unknown_what_it_does_not_enter() -> None:
    box = half_box()
    assert box.cards["D01"].bonus.human == 1 and "D01" not in box.unknown
    assert "T06" in box.unknown  # entered with type and season only
    assert box.cards["T06"].season == 3 and box.cards["T06"].type.value == "Ymune"
    # 96 cards - 3 known faces, 11 of 12 River tiles, all 24 Objectives
    assert len(box.unknown) == 93 + 11 + 24
    assert {c.id for c in box.decks["K"]} <= box.unknown  # a deck not entered: all unknown
    ref = reference_components()
    for code, deck in box.decks.items():  # every slot keeps the distribution table's shape
        for season in (1, 2, 3):
            for kind in ref.distribution[season]:
                assert sum(c.season == season and c.type is kind for c in deck) == \
                    ref.distribution[season][kind], (code, season, kind)


def test_a_world_draws_each_unknown_face_from_the_prior_of_its_deck_season_and_type() -> None:
    box = half_box()
    world = draw_world(box, random.Random(3))
    assert world.box_id == box.fingerprint and world.fingerprint != box.fingerprint
    ref = reference_components()
    for ident in box.unknown:
        slot, face = face_of(box, ident), face_of(world, ident)
        allowed = {face_values(f) for f in prior_face_pool(slot, ref)}
        assert face_values(face) in allowed, ident
        if isinstance(slot, Card):
            assert isinstance(face, Card)
            assert (face.deck, face.season, face.type) == (slot.deck, slot.season, slot.type)
    for ident in ("D01", "D02", "T05", "W1a"):  # known faces are never drawn
        assert face_values(face_of(world, ident)) == face_values(face_of(box, ident))


@pytest.mark.parametrize("mode,players", [("competitive", 4), ("coop", 3), ("team", 4)])
def test_a_random_game_on_a_half_known_box_runs_to_the_end_with_every_invariant(
        mode: str, players: int) -> None:
    result = random_playout(random.Random(11), check=True, components=half_box(), mode=mode,
                            players=players, seed=5)
    assert result.final.is_over
    assert result.final.components.box_id == half_box().fingerprint


def test_the_advanced_setup_runs_on_a_half_known_box() -> None:
    result = random_playout(random.Random(2), components=half_box(), setup="advanced", seed=9)
    assert result.final.is_over


def mid_game(seed: int = 4, round_: int = 6) -> GameState:
    return random_playout(random.Random(seed), components=half_box(), players=3, seed=seed,
                          stop_round=round_).final


def test_observation_shows_the_faces_the_seat_has_seen_and_no_other() -> None:
    state = mid_game()
    for seat in range(3):
        view = observation(state, seat)
        shown = {i for i, _ in view.faces}
        assert shown == seen_by(state, seat)
        assert set(state.players[seat].hand) & state.components.unknown <= shown
        for other in range(3):
            if other != seat:
                assert not set(state.players[other].hand) & shown - seen_by(state, other)
        assert not set(state.players[seat].deck) & shown  # a deck's faces are never shown


def test_determinize_keeps_every_face_the_seat_has_seen() -> None:
    state = mid_game()
    for seed in range(5):
        world = determinize(state, 1, random.Random(seed))
        assert observation(world, 1) == observation(state, 1)
        for ident in seen_by(state, 1):
            assert face_values(face_of(world.components, ident)) == \
                face_values(face_of(state.components, ident))


def test_determinize_redraws_the_unseen_faces() -> None:
    state = mid_game()
    hidden = sorted(state.components.unknown - seen_by(state, 0))
    draws = {tuple(face_values(face_of(determinize(state, 0, random.Random(s)).components, i))
                   for i in hidden) for s in range(4)}
    assert len(draws) == 4  # a fresh draw each time, not the real hidden faces


def test_determinize_never_reads_a_hidden_face() -> None:
    """Two positions alike except for faces seat 0 has not seen: the same samples."""
    state = mid_game()
    other_world = draw_world(state.components, random.Random(99), keep=seen_by(state, 0))
    other = replace(state, components=other_world)
    assert other_world.fingerprint != state.components.fingerprint
    assert observation(other, 0) == observation(state, 0)
    for seed in range(3):
        assert determinize(state, 0, random.Random(seed)) == \
            determinize(other, 0, random.Random(seed))


def test_a_face_seen_on_the_table_stays_the_same_until_the_end() -> None:
    state = mid_game(round_=3)
    table = set.intersection(*(set(seen_by(state, s)) for s in range(3)))
    assert table  # cards in the Action Zones and discards are on the table
    faces = {i: face_values(face_of(state.components, i)) for i in table}
    rng = random.Random(1)
    while not state.is_over:
        options = legal_actions(state)
        state = apply(state, options[rng.randrange(len(options))])
        for i in table:
            assert face_values(face_of(state.components, i)) == faces[i]
            assert i in seen_by(state, 0)


def test_a_saved_position_keeps_its_world() -> None:
    state = mid_game()
    data = to_json(state)
    assert data["components"]["fingerprint"] == half_box().fingerprint
    assert from_json(data, half_box()) == state


def test_a_saved_position_must_give_the_faces_on_the_table() -> None:
    state = mid_game()
    data = to_json(state)
    table = sorted(set.intersection(*(set(seen_by(state, s)) for s in range(3))))
    del data["components"]["faces"][table[0]]
    with raises_code(PositionError, ErrorCode.FACES_ON_TABLE):
        from_json(data, half_box())


def test_a_saved_position_draws_the_hidden_faces_it_leaves_out() -> None:
    state = mid_game()
    data = to_json(state)
    hidden = sorted(state.components.unknown - seen_by(state, 0) - seen_by(state, 1)
                    - seen_by(state, 2))
    for ident in hidden:
        del data["components"]["faces"][ident]
    loaded = from_json(data, half_box())
    assert all(observation(loaded, s) == observation(state, s) for s in range(3))


def test_a_new_game_on_the_reference_set_is_unchanged() -> None:
    state = new_game(players=3, seed=7)
    assert not state.components.unknown and state.components is reference_components()
    assert observation(state, 0).faces == ()


def test_faces_entered_at_a_table_hold_and_the_rest_is_drawn() -> None:
    from precog.engine.faces import world_with

    box = half_box()
    entered = replace(box.cards["D05"], cost=2, gain=4)
    world = world_with(box, {"D05": entered}, random.Random(1))
    assert face_values(world.cards["D05"]) == face_values(entered)
    again = world_with(box, {"D05": entered}, random.Random(2))
    assert face_values(again.cards["D05"]) == face_values(entered)
    assert world.fingerprint != again.fingerprint  # the other unknown faces were drawn anew


def test_a_seat_s_view_string_carries_the_faces_it_has_seen_and_no_other() -> None:
    # a view string shows the seat's facts: the unknown faces it has seen, as they are; the
    # faces it has not seen never leave the game (read back, they are drawn from the prior)
    from precog.engine.serialize import unpack
    from precog.engine.view import PREFIX, from_view_position, to_view_position

    state = mid_game()
    for seat in range(3):
        text = to_view_position(state, seat)
        faces = unpack(text, PREFIX, "view string")["components"]["faces"]
        assert set(faces) == seen_by(state, seat)
        view = from_view_position(text, half_box())
        assert view.observation == observation(state, seat)
        world = view.world()
        for ident in seen_by(state, seat):
            assert face_values(face_of(world.components, ident)) == \
                face_values(face_of(state.components, ident))


def test_a_view_string_of_a_box_game_is_refused_without_its_box() -> None:
    from precog.engine.view import from_view_position, to_view_position

    text = to_view_position(mid_game(), 0)
    with raises_code(PositionError, ErrorCode.VIEW_OTHER_BOX):
        from_view_position(text)


def test_a_face_once_seen_stays_seen_and_the_same_in_every_later_sample() -> None:
    # "a card seen on the table becomes known for good": along a whole game, what each seat
    # has seen only grows, and every later determinization keeps each seen face as it is
    state = mid_game(seed=6, round_=2)
    first: dict[tuple[int, str], tuple[object, ...]] = {}
    rng = random.Random(3)
    while not state.is_over:
        for seat in range(3):
            seen = seen_by(state, seat)
            assert {i for s, i in first if s == seat} <= seen  # never forgotten
            for ident in seen:
                first.setdefault((seat, ident), face_values(face_of(state.components, ident)))
            world = determinize(state, seat, random.Random(rng.randrange(1000)))
            for ident in seen:
                assert face_values(face_of(world.components, ident)) == first[seat, ident]
        options = legal_actions(state)
        state = apply(state, options[rng.randrange(len(options))])
    assert len(first) > 30


def _new_objective(box, **change):
    from precog.engine.components import Gains, ObjectiveTile, Requirement

    ident = sorted(o.id for o in box.objectives if o.id in box.unknown and o.season == 1)[0]
    face = ObjectiveTile(id=ident, season=1, full=(Requirement("food", 7, "each"),),
                         mitigated=(Requirement("food", 3, "one"),),
                         mitigate_cost=Gains(food=2))
    return replace(face, **change)


def test_an_objective_face_outside_the_reference_set_is_saved_and_read_back():
    box = half_box()
    from precog.engine.faces import faces_json, world_from_json, world_with

    face = _new_objective(box)
    world = world_with(box, {face.id: face}, random.Random(1))
    saved = faces_json(world)[face.id]
    assert "like" not in saved and saved["mitigate_cost"] == {"food": 2}
    again = world_from_json(box, faces_json(world), seed=9, seen=frozenset({face.id}))
    assert face_of(again, face.id) == face


def test_an_objective_face_whose_mitigated_side_is_harder_is_refused_naming_it():
    box = half_box()
    from precog.engine.faces import faces_json, world_from_json, world_with

    face = _new_objective(box)
    saved = faces_json(world_with(box, {face.id: face}, random.Random(1)))
    saved[face.id]["mitigated"] = [{"resource": "food", "amount": 9, "scope": "one"}]
    with raises_code(PositionError, ErrorCode.FACES_OBJECTIVE):
        world_from_json(box, saved, seed=9)
    saved[face.id]["mitigated"] = [{"resource": "food", "amount": 10**9, "scope": "one"}]
    with raises_code(PositionError, ErrorCode.FACES_OBJECTIVE):
        world_from_json(box, saved, seed=9)


def test_one_world_sampler_draws_what_fresh_determinize_calls_draw_sample_after_sample() -> None:
    """The sampler works out what hides where once; drawing must leave that untouched, so its
    hundredth world is the one a fresh ``determinize`` gives from the same generator state."""
    from precog.engine import WorldSampler

    states = [mid_game()] + [random_playout(random.Random(s), players=n, mode=mode, seed=s,
                                            stop_round=r).final
                             for s, (n, mode, r) in enumerate(((2, "competitive", 3),
                                                              (4, "team", 7),
                                                              (3, "coop", 5),
                                                              (4, "coop", 10)))]
    for state in states:
        for seat in range(state.config.players):
            sample = WorldSampler(state, seat)
            mine, fresh = random.Random(seat), random.Random(seat)
            for _ in range(20):
                assert sample(mine) == determinize(state, seat, fresh)
