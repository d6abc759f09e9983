"""The box editor page (widgets): cards entered by typing, drawn live, checked field by field,
saved and loaded as a box file."""

from __future__ import annotations

import base64
import re

from precog.engine.box import load_box_text
from precog.widgets.box import BoxEditor


def type_card(page: BoxEditor, **values: str) -> None:
    for key, value in values.items():
        page.fields[key].value = value


def saved_text(page: BoxEditor) -> str:
    payload = re.search(r"base64,([A-Za-z0-9+/=]+)", page.save.value)
    assert payload is not None
    return base64.b64decode(payload.group(1)).decode("utf-8")


def test_a_card_typed_in_is_drawn_live_and_entered() -> None:
    page = BoxEditor(query="")
    assert page.card.value == "D01"
    type_card(page, type="Food", season="1", cost="1", gain="3", bonus="human 1")
    assert 'data-card="D01"' in page.drawing.value and page.errors.value == ""
    page.enter_card()
    assert "Tal Defitia: 1 of 24 cards entered" in page.progress.value
    assert page.card.value == "D02"  # on to the next card not entered
    box = load_box_text(saved_text(page))
    assert box.cards["D01"].gain == 3 and "D01" not in box.unknown


def test_each_field_that_does_not_fit_is_named_and_nothing_is_entered() -> None:
    page = BoxEditor(query="")
    type_card(page, type="Food", season="1", cost="12", gain="2", bane="1", bonus="gold 2")
    fields = set(re.findall(r'data-field="(\w+)"', page.errors.value))
    assert fields == {"cost", "bane", "bonus"}
    assert "season 1 cards have no Bane" in page.errors.value
    before = saved_text(page)
    page.enter_card()
    assert page.message.kind == "error" and saved_text(page) == before


def test_the_distribution_table_limits_each_type_per_season() -> None:
    page = BoxEditor(query="")
    for ident in ("D01", "D02"):
        page.card.value = ident
        type_card(page, type="Food", season="1", cost="0", gain="1")
        page.enter_card()
    page.card.value = "D03"
    type_card(page, type="Food", season="1", cost="0", gain="1")
    assert 'data-field="type"' in page.errors.value and "2 Food cards" in page.errors.value


def test_a_card_with_only_type_and_season_is_drawn_face_down_as_unknown() -> None:
    page = BoxEditor(query="")
    type_card(page, type="Human", season="2")
    assert "pc-back" in page.drawing.value and "face unknown" in page.drawing.value
    page.enter_card()
    assert "D01" in load_box_text(saved_text(page)).unknown


def test_a_river_tile_is_entered() -> None:
    page = BoxEditor(query="")
    page.river["season"].value = "2"
    page.river["name"].value = "Rapids"
    page.river["effect"].value = "food 2"
    page.enter_river()
    assert "1 of 12" in page.river_progress.value
    assert load_box_text(saved_text(page)).river_by_id["W2a"].losses.food == 2


def test_a_saved_box_loads_back_and_a_bad_file_loses_nothing() -> None:
    page = BoxEditor(query="")
    type_card(page, type="Food", season="1", cost="1", gain="3")
    page.enter_card()
    text = saved_text(page)
    other = BoxEditor(query="")
    other.load_file([{"name": "my_box.toml", "content": text.encode()}])
    assert other.message.kind == "ok" and "1 of 24" in other.progress.value
    other.load_file([{"name": "bad.toml", "content": b"[[deck]]\ncode = 5\n"}])
    assert other.message.kind == "error" and "'code'" in other.message.text
    assert "1 of 24" in other.progress.value and saved_text(other) == text


def test_the_page_speaks_russian() -> None:
    page = BoxEditor(query="lang=ru")
    assert "введено 0 из 24 карт" in page.progress.value
    type_card(page, type="Food", season="1", cost="1", gain="3", bonus="человек 1")
    page.enter_card()
    assert load_box_text(saved_text(page)).cards["D01"].bonus.human == 1


def test_the_explorer_deals_and_reads_positions_on_a_loaded_box() -> None:
    from precog.widgets.explorer import Explorer
    from tests.engine.test_partly_known import HALF_BOX

    page = Explorer(query="", background=False, auto=False)
    assert "reference components" in page.box_source.title.value
    page.box_source.load([{"name": "half.toml", "content": HALF_BOX.encode()}])
    assert "half box" in page.box_source.status.value
    # the title line names the set in play, not the reference components
    assert "your box half box" in page.box_source.title.value
    assert "reference components" not in page.box_source.title.value
    assert page.state.components.box_id == page.box_source.components.box_id
    page.box_source.load([{"name": "bad.toml", "content": b"deck = 3"}])
    assert page.message.kind == "error" and "bad.toml" in page.message.text
    assert page.box_source.components.name == "half box"  # the loaded box is kept


def test_play_starts_a_game_on_a_loaded_box() -> None:
    from precog.widgets.play import PlayApp
    from tests.engine.test_partly_known import HALF_BOX

    page = PlayApp()
    page.box_source.load([{"name": "half.toml", "content": HALF_BOX.encode()}])
    assert "your box half box" in page.children[1].value
    assert page.game is not None
    assert page.game.state.components.box_id == page.box_source.components.box_id


def test_an_objective_is_entered_and_one_not_easier_when_mitigated_is_refused() -> None:
    page = BoxEditor(query="")
    page.objective["season"].value = "1"
    page.objective["full"].value = "one 4 food"
    page.objective["mitigated"].value = "one 6 food"
    page.objective["cost"].value = "food 2"
    assert 'data-field="mitigated"' in page.objective_errors.value
    assert "easier than the full side" in page.objective_errors.value
    page.enter_objective_tile()
    assert page.message.kind == "error" and "0 of 24" in page.objective_progress.value
    page.objective["mitigated"].value = "one 2 food"
    assert page.objective_errors.value == ""
    page.enter_objective_tile()
    assert "1 of 24" in page.objective_progress.value
    tile = load_box_text(saved_text(page)).objective_by_id["O1a"]
    assert (tile.full[0].amount, tile.mitigated[0].amount, tile.mitigate_cost.food) == (4, 2, 2)


def test_a_requirement_that_cannot_be_read_is_named() -> None:
    page = BoxEditor(query="lang=ru")
    page.objective["season"].value = "2"
    page.objective["full"].value = "один 4 золота"
    assert 'data-field="full"' in page.objective_errors.value
    page.objective["full"].value = "каждый 2 здоровых"
    page.objective["mitigated"].value = "один 2 здоровых"
    page.objective["cost"].value = "еда 1"
    assert page.objective_errors.value == ""


def test_the_explorer_loads_your_fit_for_your_box_and_its_table_says_so() -> None:
    from precog.analysis.fitted import value
    from precog.widgets.explorer import Explorer
    from tests.analysis.test_own_fit import fit_text
    from tests.engine.test_partly_known import HALF_BOX, half_box

    value._USER_FITS.clear()
    try:
        page = Explorer(query="", background=False, auto=False)
        page.box_source.load([{"name": "half.toml", "content": HALF_BOX.encode()}])
        assert "fitted on the reference set" in page.box_source.status.value
        # a fit made on another set is refused and changes nothing
        other = fit_text(page.state.components.box_id.replace("box-", "xox-"))
        page.box_source.load_fit([{"name": "other_fit.toml", "content": other.encode()}])
        assert page.message.kind == "error" and "other_fit.toml" in page.message.text
        assert value.user_fit(half_box().fingerprint) is None
        mine = fit_text(half_box().fingerprint)
        page.box_source.load_fit([{"name": "my_fit.toml", "content": mine.encode()}])
        assert "your own fit made on this box (2026-12-01" in page.box_source.status.value
        page.depth_in.value = 1
        page.analyse()
        assert page.ranking.meta["components"]["fit"]["own"] is True
        assert "pc-box-note" in page.table.value and "your own fit" in page.table.value
    finally:
        value._USER_FITS.clear()


def test_the_explorer_names_the_reference_set_and_its_fit() -> None:
    from precog.widgets.explorer import Explorer

    page = Explorer(query="", background=False, auto=False)
    page.depth_in.value = 1
    page.analyse()
    assert "pc-ref-note" in page.table.value
    assert "Cards: the reference set (the project&#x27;s own" in page.table.value


def test_two_river_tiles_entered_in_a_row_take_two_slots_never_one_id_twice() -> None:
    page = BoxEditor(query="")
    page.river["season"].value = "1"
    for name, effect in (("Fish shoal", "food 3"), ("Drifting crate", "battery 1")):
        page.river["name"].value = name
        page.river["effect"].value = effect
        page.enter_river()
    box = load_box_text(saved_text(page))
    assert box.river_by_id["W1a"].name == "Fish shoal"
    assert box.river_by_id["W1b"].name == "Drifting crate"
    assert page.river["id"].value == "W1c" and page.river["name"].value == ""
    assert page.river_errors.value == ""  # a blank form is not an error yet
    # an entered slot shows its tile; changing it is an edit, said live under the slot
    page.river["id"].value = "W1a"
    assert page.river["name"].value == "Fish shoal" and page.river["effect"].value == "food 3"
    assert 'data-field="slot"' not in page.river_errors.value
    page.river["effect"].value = "food 4"
    assert 'data-field="slot"' in page.river_errors.value
    assert "W1a is entered already" in page.river_errors.value
    page.enter_river()
    box = load_box_text(saved_text(page))
    assert [t.id for t in box.river if t.id not in box.unknown] == ["W1a", "W1b"]
    assert box.river_by_id["W1a"].gains.food == 4


def test_two_objectives_entered_in_a_row_take_two_slots() -> None:
    page = BoxEditor(query="")
    page.objective["season"].value = "2"
    for full in ("one 5 food", "each 1 doctor"):
        page.objective["full"].value = full
        page.objective["mitigated"].value = full.replace("5", "2")
        page.objective["cost"].value = "food 1"
        page.enter_objective_tile()
    box = load_box_text(saved_text(page))
    assert box.objective_by_id["O2a"].full[0].amount == 5
    assert box.objective_by_id["O2b"].full[0].resource == "doctor"
    assert page.objective["id"].value == "O2c"
    page.objective["id"].value = "O2a"
    assert page.objective["full"].value == "one 5 food"


def test_two_cards_with_the_same_printed_values_are_allowed_but_never_one_id_twice() -> None:
    # the rulebook has no rule against two cards printing the same values; an id is one card
    page = BoxEditor(query="")
    for _ in range(2):
        type_card(page, type="Food", season="1", cost="1", gain="3")
        page.enter_card()
    box = load_box_text(saved_text(page))
    assert box.cards["D01"].gain == box.cards["D02"].gain == 3
    page.card.value = "D01"  # an entered card shows its face: entering it again edits it
    assert page.fields["gain"].value == "3"
    page.fields["gain"].value = "4"
    page.enter_card()
    box = load_box_text(saved_text(page))
    assert box.cards["D01"].gain == 4 and sum(c.id == "D01" for c in box.decks["D"]) == 1


def test_the_explorer_s_your_box_tab_holds_the_box_source_and_the_seed_stays_in_its_row() -> None:
    from precog.widgets.explorer import Explorer

    page = Explorer(query="", background=False, auto=False)
    assert page._box_source is None  # made when its tab is first opened
    page.sources.selected_index = len(page.sources.children) - 1
    assert page._box_source is not None and page.sources.children[-1] is page._box_source
    assert page.sources.children[-1] is page.box_source
    assert page.game_seed_in in page.sources.children[0].children
    page.sources.selected_index = 3  # Your table
    assert page.sources.children[3] is page.table_source


def test_play_s_view_of_a_box_game_opens_in_the_explorer_once_the_box_is_loaded() -> None:
    # Play's "Open in explorer" on your box: the explorer first says which box it needs,
    # then reads the view again when that box is loaded (the seat's seen faces as facts)
    import random

    from precog.engine.playout import random_playout
    from precog.engine.view import to_view_position
    from precog.widgets.explorer import Explorer
    from tests.engine.test_partly_known import HALF_BOX, half_box

    state = random_playout(random.Random(4), components=half_box(), players=3, seed=4,
                           stop_round=6).final
    seat = state.to_move
    page = Explorer(query="view=" + to_view_position(state, seat), background=False,
                    auto=False)
    assert page.message.kind == "error" and "load that box first" in page.message.text
    page.box_source.load([{"name": "half.toml", "content": HALF_BOX.encode()}])
    assert page.view is not None and page.seat == seat and page.state.round == state.round
    mine = set(state.players[seat].hand)
    assert set(page.state.players[seat].hand) == mine
    for card in mine:
        assert page.state.card(card) == state.card(card)  # the faces the seat has seen
