"""The board drawing: hidden information stays hidden, parts are labelled, cards have faces."""

from __future__ import annotations

import random
import re

from precog.engine import GameState, PrecogError, apply, legal_actions, new_game, observation
from precog.engine.playout import random_playout
from precog.engine.problems import ErrorCode
from precog.render.board import board_html
from precog.render.cards import card_back_html, card_html
from precog.session.speech import speech
from tests.codes import raises_code

ENGLISH = speech("en")


def _body(html: str) -> str:
    """The drawing without its stylesheet."""
    return re.sub(r"<style>.*?</style>", "", html, flags=re.S)


def _cards_shown(html: str) -> set[str]:
    return set(re.findall(r'data-card="([A-Z0-9a-z]+)"', html))


def _mid_game(players: int = 3, round_: int = 6, seed: int = 5, **kw: object) -> GameState:
    return random_playout(random.Random(seed), stop_round=round_, players=players, seed=seed,
                          **kw).final


def test_other_players_hands_are_face_down_and_own_hand_face_up() -> None:
    state = _mid_game()
    html = board_html(state, viewer=1, speech=ENGLISH)
    shown = _cards_shown(html)
    assert set(state.players[1].hand) <= shown
    for seat in (0, 2):
        assert not set(state.players[seat].hand) & shown
    assert html.count("pc-back-mark") >= 4  # 2 face-down hands of 2 (decks not counted here)


def test_public_view_shows_no_hand_at_all() -> None:
    state = _mid_game()
    shown = _cards_shown(board_html(state, viewer=None, speech=ENGLISH))
    assert not {c for p in state.players for c in p.hand} & shown


def test_deck_cards_and_their_order_are_never_shown() -> None:
    state = _mid_game(players=4)
    for viewer in (None, 0, 3):
        html = board_html(state, viewer=viewer, labels=True, speech=ENGLISH)
        for p in state.players:
            assert not set(p.deck) & _cards_shown(html)
            assert not any(f">{card}<" in html for card in p.deck)


def test_river_tiles_not_flipped_yet_stay_face_down() -> None:
    state = _mid_game(round_=6)
    flipped = len(observation(state, 0).river_revealed)
    assert flipped == 5
    # (\u00ad: where a long name may split)
    html = board_html(state, viewer=0, speech=ENGLISH).replace("\u00ad", "")
    comps = state.components
    for i, tile_id in enumerate(state.river):
        if i % 4 == 3:
            continue  # an Island: one per season, known to all
        name = comps.river_by_id[tile_id].name
        assert (name in html) == (i < flipped), (i, name)
    assert html.count("pc-tile pc-down") == 12 - flipped - 2  # islands of seasons 2 and 3


def test_a_secret_choice_shows_only_to_the_seat_that_made_it() -> None:
    state = new_game(players=3, seed=4)
    choice = legal_actions(state)[0]
    state = apply(state, choice)
    own = _body(board_html(state, viewer=0, speech=ENGLISH))
    other = _body(board_html(state, viewer=1, speech=ENGLISH))
    assert "pc-tag-keep" in own and "pc-tag-give" in own
    assert "pc-tag-keep" not in other and "pc-tag-give" not in other
    assert "has chosen" in other


def test_labels_name_every_part_of_every_boat_and_the_river() -> None:
    state = _mid_game(players=2)
    html = board_html(state, viewer=0, labels=True, speech=ENGLISH)
    parts = set(re.findall(r'data-part="([^"]+)"', html))
    for seat in (0, 1):
        for name in ("food", "cabins", "contaminated", "infirmary", "bow", "bane", "room1",
                     "room2", "m1", "m6", "hand", "decision-zone", "action-zone",
                     "action-zone.G", "action-zone.R", "deck"):
            assert f"seat{seat}.{name}" in parts
    assert {"river", "river.1", "river.12"} <= parts
    assert all(f"card.{c}" in parts for c in state.players[0].decision_zone)
    # every labelled part carries a tooltip
    assert html.count("data-part=") == len(re.findall(r'data-part="[^"]+" title="[^"]+"', html))


def test_without_labels_no_part_is_named() -> None:
    assert "data-part" not in board_html(new_game(players=2, seed=1), viewer=0, speech=ENGLISH)


def test_highlight_rings_the_named_part_with_its_note() -> None:
    html = board_html(new_game(players=2, seed=1), viewer=0, labels=True,
                      highlight={"seat0.food": "8 Food to start"}, speech=ENGLISH)
    assert re.search(r'data-part="seat0.food" title="[^"]+" data-hl="8 Food to start"', html)


def test_cooperative_board_shows_objective_stacks() -> None:
    state = new_game(players=2, mode="coop", seed=2)
    html = board_html(state, viewer=0, labels=True, speech=ENGLISH)
    assert 'data-part="objectives"' in html and "face down" in html


def test_viewer_outside_the_table_is_refused() -> None:
    with raises_code(PrecogError, ErrorCode.VIEW_SEAT) as caught:
        board_html(new_game(players=2, seed=1), viewer=2, speech=ENGLISH)
    assert caught.value.problem.values == {"seat": 2, "top": 1}


def test_card_face_shows_type_cost_gain_bonus_bane_and_season() -> None:
    state = new_game(players=2, seed=1)
    late = next(c for c in state.components.cards.values() if c.season == 3 and c.bane)
    html = card_html(late, labels=True, part=f"card.{late.id}", speech=ENGLISH)
    assert f"pc-{late.type.value.lower()}" in html
    assert f">+{late.gain_text}<" in html
    assert "pc-card-bane" in html and f"{late.bane}</span>" in html
    assert ">III<" in html
    assert f"Bane {late.bane}" in html  # in the tooltip
    early = next(c for c in state.components.cards.values() if c.season == 1)
    assert "pc-card-bane" not in card_html(early, speech=ENGLISH)


def test_card_back_shows_only_the_deck() -> None:
    html = card_back_html("D", "Tal Defitia", count=12, speech=ENGLISH)
    assert ">D<" in html and ">12<" in html and "data-card" not in html


def test_a_long_word_of_a_river_name_may_split_only_between_syllables_and_is_drawn_smaller():
    from precog.render.board import SOFT_HYPHEN, syllables, tile_name_html

    assert syllables("Stranded").split(SOFT_HYPHEN) == ["Stran", "ded"]
    assert syllables("generator").split(SOFT_HYPHEN) == ["gene", "ra", "tor"]
    assert syllables("Mutiny") == "Mutiny"  # short words stay whole
    for word in ("Deserters", "Infirmary", "Дезертиры"):
        parts = syllables(word).split(SOFT_HYPHEN)
        assert "".join(parts) == word and len(parts) > 1
        assert all(len(p) >= 3 for p in parts)
    assert "pc-tile-name-long" in tile_name_html("Stranded supply barge")
    assert "pc-tile-name-long" not in tile_name_html("Fish shoal")
