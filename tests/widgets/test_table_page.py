"""The "Your table" page, driven without a browser."""

from __future__ import annotations

import ipywidgets as widgets

from precog.widgets.table_page import TablePage


def type_card(page: TablePage, seat: int, zone: str, i: int, **face: str) -> None:
    form = page.seats[seat].cards[zone, i]
    for key, value in face.items():
        form.fields[key].value = value


def test_a_typed_table_is_checked_live_and_a_bad_field_named_without_loss():
    page = TablePage(query="")
    page.game["round"].value = 6
    page.seats[1].boat["food"].value = "lots"
    assert 'data-field="seats.1.food"' in page.errors.value
    assert "Seat 1 · Food" in page.errors.value
    assert page.analyse_button.disabled
    assert page.seats[1].boat["food"].value == "lots"  # what was typed stays
    page.seats[1].boat["food"].value = "7"
    type_card(page, 0, "hand", 0, type="Food", season="2", cost="1", gain="3")
    assert "pc-ok" in page.errors.value and not page.analyse_button.disabled
    assert 'data-card' in page.seats[0].cards["hand", 0].drawing.value  # the live drawing
    assert page.built.state is not None and page.built.state.players[1].food == 7


def test_the_picker_offers_cards_already_entered():
    page = TablePage(query="")
    type_card(page, 0, "hand", 0, type="Human", season="1", cost="X", gain="2")
    other = page.seats[2].cards["decision_zone", 1]
    labels = [label for label, _ in other.picker.options]
    assert any(label.startswith("Human s1 X→2") for label in labels)
    other.picker.value = 0
    assert other.value() == {"type": "Human", "season": "1", "cost": "X", "gain": "2"}


def test_save_as_a_string_and_load_it_back_into_a_new_page():
    page = TablePage(query="")
    page.game["round"].value = 4
    page.seats[0].boat["doctors"].value = "2"
    type_card(page, 0, "decision_zone", 1, type="Battery", season="1", cost="2", gain="3",
              bonus="food 1")
    text = page.draft.share_string()
    assert text in page.save.value
    again = TablePage(query="")
    assert again.load_text(text)
    assert again.game["round"].value == 4 and again.seats[0].boat["doctors"].value == "2"
    assert again.seats[0].cards["decision_zone", 1].fields["bonus"].value == "food 1"
    assert again.draft.data == page.draft.data
    assert not again.load_text("precog-table.garbage")
    assert again.draft.data == page.draft.data


def test_analyse_opens_the_explorer_for_the_chosen_seat():
    page = TablePage(query="")
    page.game["seat"].value = 2
    page.analyse()
    explorer = page.analysis.children[1]
    assert explorer.seat == 2 and explorer.state.round == 1


def test_the_page_speaks_russian():
    page = TablePage(query="lang=ru")
    assert "Ваш стол" in page.children[1].value


def test_a_hand_edited_file_with_wrong_shapes_loads_and_names_the_fields():
    page = TablePage(query="")
    text = ('{"format": "precog-table", "round": 3, "river": 5, "seats": [{"rooms": 7, '
            '"batteries": "x", "hand": ["a"], "food": "9"}]}')
    assert page.load_text(text)
    assert page.seats[0].boat["food"].value == "9"
    assert "pc-error" in page.errors.value and page.analyse_button.disabled


def test_the_table_and_box_pages_link_back_to_the_app_home() -> None:
    from precog.widgets.box import BoxEditor

    for page in (TablePage(query=""), BoxEditor(query="lang=ru")):
        heads = [w.value for w in page.children if isinstance(w, widgets.HTML)]
        assert any('class="pc-home"' in h and "index.ipynb" in h for h in heads)
