"""The "Your table" page, driven without a browser."""

from __future__ import annotations

import datetime
from pathlib import Path

import ipywidgets as widgets

from precog.widgets.table_page import TablePage


def type_card(page: TablePage, seat: int, zone: str, i: int, **face: str) -> None:
    form = page.seat_form(seat).cards[zone, i]
    for key, value in face.items():
        form.fields[key].value = value


def test_a_typed_table_is_checked_live_and_a_bad_field_named_without_loss():
    page = TablePage(query="")
    page.game["round"].value = 6
    page.seat_form(1).boat["food"].value = "lots"
    assert 'data-field="seats.1.food"' in page.errors.value
    assert "Seat 1 · Food" in page.errors.value
    assert page.analyse_button.disabled
    assert page.seat_form(1).boat["food"].value == "lots"  # what was typed stays
    page.seat_form(1).boat["food"].value = "7"
    type_card(page, 0, "hand", 0, type="Food", season="2", cost="1", gain="3")
    assert "pc-ok" in page.errors.value and not page.analyse_button.disabled
    assert 'data-card' in page.seat_form(0).cards["hand", 0].drawing.value  # the live drawing
    assert page.built.state is not None and page.built.state.players[1].food == 7


def test_the_picker_offers_cards_already_entered():
    page = TablePage(query="")
    type_card(page, 0, "hand", 0, type="Human", season="1", cost="X", gain="2")
    other = page.seat_form(2).cards["decision_zone", 1]
    labels = [label for label, _ in other.picker.options]
    assert any(label.startswith("Human s1 X→2") for label in labels)
    other.picker.value = 0
    assert other.value() == {"type": "Human", "season": "1", "cost": "X", "gain": "2"}


def test_save_as_a_string_and_load_it_back_into_a_new_page():
    page = TablePage(query="")
    page.game["round"].value = 4
    page.seat_form(0).boat["doctors"].value = "2"
    type_card(page, 0, "decision_zone", 1, type="Battery", season="1", cost="2", gain="3",
              bonus="food 1")
    text = page.draft.share_string()
    assert text in page.save.value
    again = TablePage(query="")
    assert again.load_text(text)
    assert again.game["round"].value == 4 and again.seat_form(0).boat["doctors"].value == "2"
    assert again.seat_form(0).cards["decision_zone", 1].fields["bonus"].value == "food 1"
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
    assert page.seat_form(0).boat["food"].value == "9"
    assert "pc-error" in page.errors.value and page.analyse_button.disabled


def test_the_table_and_box_pages_link_back_to_the_app_home() -> None:
    from precog.widgets.box import BoxEditor

    for page in (TablePage(query=""), BoxEditor(query="lang=ru")):
        heads = [w.value for w in page.children if isinstance(w, widgets.HTML)]
        assert any('class="pc-home"' in h and "index.ipynb" in h for h in heads)


# -- steps, co-op, rooms by name, your box, the explorer source (h-table2) ----------------

BOX = Path(__file__).resolve().parents[2] / "docs" / "examples" / "my_box.toml"


def upload(content: bytes, name: str) -> tuple[dict[str, object], ...]:
    return ({"name": name, "type": "text/plain", "size": len(content),
             "content": memoryview(content),
             "last_modified": datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)},)


def test_an_action_step_shows_its_fields_and_builds_the_engine_s_offer():
    page = TablePage(query="")
    page.game["round"].value = 6
    page.game["phase"].value = "action"
    assert [v for _l, v in page.game["step"].options] == ["activate", "gains", "coop", "team"]
    assert page.steps.gains_row.layout.display == "none"
    page.game["step"].value = "gains"
    page.game["activated"].value = "G"
    assert page.steps.gains_row.layout.display == ""
    assert page.seat_form(0).hand_box.layout.display == "none"
    assert page.seat_form(0).action_box.layout.display == ""
    type_card(page, 0, "action_zone", 0, type="Food", season="2", cost="1", gain="3")
    assert page.built.state is not None and page.built.state.pending.food == 3
    page.steps.offer["food"].value = "x"
    assert 'data-field="offer.food"' in page.errors.value
    assert "Left to place · Food" in page.errors.value


def test_analysing_an_action_step_values_each_option():
    page = TablePage(query="")
    page.game["round"].value = 6
    page.game["phase"].value = "action"
    page.analyse()
    ranking = page.analysis.children[1].value
    assert "pc-table-step-rank" in ranking and ranking.count("<tr>") >= 2 and "±" in ranking


def test_coop_shows_difficulty_and_the_objectives_of_the_set_with_their_effect():
    page = TablePage(query="")
    assert page.steps.coop_row.layout.display == "none"
    page.game["mode"].value = "coop"
    assert page.steps.coop_row.layout.display == ""
    labels = [label for label, _v in page.steps.objectives.options]
    assert len(labels) == 8 and labels[0].startswith("O1a · season 1")  # round 1: season 1's
    page.game["round"].value = 6
    assert len(page.steps.objectives.options) == 16
    page.game["difficulty"].value = "hard"
    page.steps.objectives.value = ("O1a", "O2c")
    page.steps.mitigated.value = ("O1a",)
    state = page.built.state
    assert state is not None and state.objectives == (("O1a", True), ("O2c", False))
    assert state.config.difficulty == "hard"


def test_rooms_are_picked_by_name_and_their_machines_described():
    page = TablePage(query="")
    seat = page.seat_form(1)
    assert "R03" in [v for _l, v in seat.rooms[0].options]
    seat.rooms[0].value, seat.rooms[1].value = "R03", "R10"
    assert "Generator (R03)" in seat.machines.value and seat.machines.value.count("m1:") == 2
    assert page.built.state is not None and page.built.state.players[1].rooms == ("R03", "R10")
    page.game["setup"].value = "advanced"
    assert seat.advanced and page.built.state is not None
    assert page.built.state.players[1].rooms == ("R03", "R10")


def test_a_box_file_is_loaded_and_the_page_says_which_set_is_in_use():
    page = TablePage(query="")
    assert "reference set" in page.box_note.value
    page.box_source.upload.value = upload(BOX.read_bytes(), "my_box.toml")
    assert "my box" in page.box_note.value  # and no shell command:
    assert "scripts/" not in page.box_note.value and ".venv" not in page.box_note.value
    assert page.draft.box.name == "my box" and page.built.state is not None
    page.box_source.upload.value = upload(b"format = 7", "bad.toml")
    assert page.draft.box.name == "my box"  # a refused box changes nothing


def test_a_typed_card_is_drawn_with_its_name_or_as_your_card():
    page = TablePage(query="")
    type_card(page, 0, "decision_zone", 0, type="Food", season="1", cost="1", gain="2")
    drawing = page.seat_form(0).cards["decision_zone", 0].drawing.value
    assert "your card" in drawing and "D01" not in drawing
    type_card(page, 0, "decision_zone", 0, name="Spore pod")
    assert "Spore pod" in page.seat_form(0).cards["decision_zone", 0].drawing.value


def test_a_saved_step_table_loads_back_with_its_step_fields():
    page = TablePage(query="")
    page.game["mode"].value = "coop"
    page.game["round"].value = 6
    page.game["phase"].value = "action"
    page.game["step"].value = "team"
    page.steps.objectives.value = ("O2a",)
    again = TablePage(query="")
    assert again.load_text(page.draft.share_string())
    assert again.game["step"].value == "team" and again.steps.objectives.value == ("O2a",)
    assert again.draft.data == page.draft.data


def test_a_typical_mid_game_action_table_needs_about_60_fields():
    """Round 6, seat 0 to activate: every Boat as it differs from the defaults, every
    seat's Prescient, rooms and two Batteries, the Action Zone and Decision Zone of one's own
    seat, the left neighbour's Action Zone, and the River so far."""
    page = TablePage(query="")
    page.game["round"].value = 6
    page.game["phase"].value = "action"
    for n, code in enumerate("DTPK"):
        seat = page.seat_form(n)
        seat.prescient.value = code
        for key, value in (("food", "5"), ("healthy", "3"), ("bane", "1")):
            seat.boat[key].value = value
        seat.rooms[0].value, seat.rooms[1].value = f"R{2 * n + 1:02}", f"R{2 * n + 2:02}"
        seat.batteries[0].value, seat.batteries[3].value = "1", "1"
    for zone, seat in (("action_zone", 0), ("decision_zone", 0), ("action_zone", 1)):
        type_card(page, seat, zone, 0, type="Food", season="2", cost="1", gain="3")
        type_card(page, seat, zone, 1, type="Human", season="2", cost="X", gain="2")
    for k, effect in ((0, "food 2"), (1, "human 1"), (2, "ymune 1"), (4, "food 1")):
        page.river.places[k].field.value = effect  # round 4 ends on an Island: nothing typed
    assert page.built.state is not None, page.built.errors
    assert page.draft.field_count() == 62  # 2 + 4 × 8 + 6 cards × 4 + 4 River tiles


def test_the_explorer_opens_a_saved_table_for_its_seat():
    from precog.session.table_entry import TableDraft, new_description
    from precog.widgets.explorer import Explorer

    data = new_description(4)
    data.update(round=6, seat=2, phase="action")
    ex = Explorer(query="")
    titles = [ex.sources.get_title(i) for i in range(len(ex.sources.children))]
    table_source, box_source = ex.table_source, ex.box_source  # each built when first opened
    assert ex.sources.children[titles.index("Your table")] is table_source
    assert ex.sources.children[titles.index("Your box")] is box_source
    ex.table_source.paste_in.value = TableDraft(data).share_string()
    ex.table_source.load_button.click()
    assert ex.seat == 2 and ex.state is not None and ex.state.round == 6
    assert ex.state.phase.value == "action"
    ex.table_source.upload.value = upload(b"not a table", "t.json")
    assert ex.message.kind == "error" and ex.state.round == 6


def test_a_river_tile_typed_by_its_effect_is_drawn_and_a_bad_one_named_live():
    page = TablePage(query="")
    page.game["round"].value = 6
    places = page.river.places
    assert len(places) == 5 and places[4].layout.display == ""  # rounds to come: not built
    places[0].field.value = "food 4, human 1"
    assert "pc-tile pc-up pc-s1" in places[0].drawing.value  # drawn as typed
    state = page.built.state
    assert state is not None
    assert state.components.river_by_id[state.river[0]].gains.food == 4
    places[4].field.value = "food 2, gold 1"
    assert "pc-table-river-error" in places[4].drawing.value
    assert 'data-field="river.4"' in page.errors.value and "Round 5 · season 2" in \
        page.errors.value
    assert places[4].field.value == "food 2, gold 1"  # nothing typed is lost


def test_the_river_picker_offers_the_tiles_your_box_prints():
    from precog.engine.box import load_box_text

    text = Path("docs/examples/my_box.toml").read_text(encoding="utf-8")
    page = TablePage(query="")
    page.game["round"].value = 3
    page.use_box(load_box_text(text, "my_box.toml"), text)
    offered = page.river.places[0].field.options
    known = [t.id for t in page.draft.box.river if t.season == 1
             and t.id not in page.draft.box.unknown]
    assert offered and [o.split()[0] for o in offered] == known
    page.river.places[0].field.value = offered[0]
    assert page.draft.data["river"][0] == known[0] and page.built.state is not None
    assert page.built.state.river[0] == known[0]


def test_a_coop_objective_typed_by_its_face_is_summarised_and_revealed():
    page = TablePage(query="")
    page.game["mode"].value = "coop"
    page.game["round"].value = 6
    assert page.objective_faces.layout.display == ""
    page.objective_faces.add.click()
    row = page.objective_faces.rows[0]
    row.fields["season"].value = "2"
    row.fields["full"].value = "each 6 food"
    row.fields["cost"].value = "food 1"
    row.fields["mitigated"].value = "one 9 food"  # not easier than the full side
    assert "pc-error" in row.summary.value
    assert 'data-field="objective_faces.0.mitigated"' in page.errors.value
    assert "Objective by face 1 · Mitigated side" in page.errors.value
    row.fields["mitigated"].value = "one 2 food"
    assert "pc-ok" in row.summary.value and "6" in row.summary.value
    state = page.built.state
    assert state is not None and len(state.objectives) == 1
    tile = state.components.objective_by_id[state.objectives[0][0]]
    assert tile.full[0].amount == 6 and tile.full[0].scope == "each"


def test_a_saved_table_reloaded_on_a_fresh_page_brings_its_box_back():
    from precog.engine.box import load_box_text

    text = Path("docs/examples/my_box.toml").read_text(encoding="utf-8")
    page = TablePage(query="")
    page.use_box(load_box_text(text, "my_box.toml"), text)
    page.game["round"].value = 2
    page.river.places[0].field.value = "food 3"
    saved = page.draft.share_string()
    fresh = TablePage(query="")
    assert fresh.load_text(saved)
    assert fresh.draft.box.box_id == page.draft.box.box_id
    assert "my" in fresh.box_note.value.lower() or page.draft.box.name in fresh.box_note.value
    assert fresh.river.places[0].field.value == "food 3"
    assert fresh.built.state is not None


def test_the_saved_table_file_carries_the_loaded_box():
    import base64
    import json
    import re

    from precog.engine.box import load_box_text

    text = Path("docs/examples/my_box.toml").read_text(encoding="utf-8")
    page = TablePage(query="")
    page.use_box(load_box_text(text, "my_box.toml"), text)
    link = re.search(r'href="data:[^;]+;base64,([^"]+)"', page.save.value)
    assert link, page.save.value[:200]
    saved = json.loads(base64.b64decode(link.group(1)))
    assert saved["box"]["toml"] == text and saved["box"]["name"] == "my box"


def test_the_explorer_opens_a_table_saved_with_its_box_on_that_box():
    from precog.engine.box import load_box_text
    from precog.session.table_entry import TableDraft, new_description
    from precog.widgets.explorer import Explorer

    text = Path("docs/examples/my_box.toml").read_text(encoding="utf-8")
    box = load_box_text(text, "my_box.toml")
    data = new_description(4)
    data.update(round=3, seat=1, river=[{"effect": "food 2, human 1"}])
    draft = TableDraft(data)
    draft.use_box(box, text)
    ex = Explorer(query="")  # no box loaded in the explorer
    ex.table_source.paste_in.value = draft.share_string()
    ex.table_source.load_button.click()
    assert ex.state is not None and ex.seat == 1
    assert ex.state.components.box_id == box.box_id
    river = ex.state.components.river_by_id[ex.state.river[0]]
    assert (river.gains.food, river.gains.human) == (2, 1)  # seen by every seat: kept


def test_objectives_of_your_box_it_leaves_unknown_are_labelled_as_the_reference_tiles():
    from precog.engine.box import load_box_text

    text = Path("docs/examples/my_box.toml").read_text(encoding="utf-8")
    page = TablePage(query="")
    page.game["mode"].value = "coop"
    blank = [label for label, _v in page.steps.objectives.options]
    assert not any("not in your box" in label for label in blank)  # no box loaded
    page.use_box(load_box_text(text, "my_box.toml"), text)
    mine = dict((v, label) for label, v in page.steps.objectives.options)
    unknown = [i for i in mine if i in page.draft.box.unknown]
    assert unknown and all("not in your box" in mine[i] for i in unknown)


def _descendants(w: widgets.Widget) -> list[widgets.Widget]:
    out, todo = [], [w]
    while todo:
        here = todo.pop()
        out.append(here)
        todo.extend(c for c in getattr(here, "children", ()) if isinstance(c, widgets.Widget))
    return out


def test_the_page_starts_with_the_first_tabs_seat_form_only():
    """The first view builds one seat's forms (the open tab), no River place before round 2;
    another seat's form is built when its tab is opened."""
    from precog.widgets.table_entry import CardForm, SeatForm

    page = TablePage(query="")
    shown = _descendants(page)
    assert [type(w) for w in shown].count(SeatForm) == 1 and set(page.forms) == {0}
    assert sum(isinstance(w, CardForm) for w in shown) == 0  # the cards by face: folded
    assert page.river.places == []
    assert len(shown) < 110  # with every seat's forms at once, 508
    page.forms[0].by_face.value = True  # opened: seat 0's hand and Decision Zone
    assert sum(isinstance(w, CardForm) for w in _descendants(page)) == 4
    assert ("action_zone", 0) not in page.forms[0].cards  # not shown at the decision
    page.seat_tabs.selected_index = 2
    assert set(page.forms) == {0, 2}
    assert page.forms[2] in _descendants(page.seat_tabs.children[2])
    assert ("hand", 0) not in page.forms[2].cards  # another seat's hand: not entered
    page.forms[2].by_face.value = True
    page.game["phase"].value = "action"
    assert ("action_zone", 1) in page.forms[2].cards and ("action_zone", 1) in \
        page.forms[0].cards


def test_a_loaded_table_fills_forms_opened_later_and_is_saved_whole():
    from precog.session.table_entry import TableDraft, new_description

    data = new_description(4)
    data.update(round=3, seat=0)
    data["seats"][2].update(food="7", prescient="P")
    data["seats"][3]["decision_zone"] = [{"type": "Food", "season": "1", "cost": "1",
                                          "gain": "3"}, {}]
    data["seats"][0]["action_zone"] = [{"type": "Human", "season": "1", "cost": "X",
                                        "gain": "2"}, {}]
    data["river"] = ["food 2", "human 1"]
    page = TablePage(query="")
    assert page.load_text(TableDraft(data).share_string())
    assert set(page.forms) == {0} and len(page.river.places) == 2
    assert page.river.places[1].field.value == "human 1"
    page.seat_form(0).boat["doctors"].value = "2"  # a change elsewhere keeps seats 2 and 3
    saved = TableDraft()
    saved.load_text(page.draft.share_string())  # the string the page offers to save
    assert saved.data["seats"][2]["food"] == "7" and saved.data["seats"][0]["doctors"] == "2"
    assert saved.data["seats"][3]["decision_zone"][0]["gain"] == "3"
    assert saved.data["seats"][0]["action_zone"][0]["cost"] == "X"  # its forms not built
    page.game["phase"].value = "action"
    assert page.forms[0].cards["action_zone", 0].fields["cost"].value == "X"
    page.seat_tabs.selected_index = 3
    card = page.forms[3].cards["decision_zone", 0]
    assert card.fields["gain"].value == "3" and "data-card" in card.drawing.value
    page.seat_tabs.selected_index = 2
    assert page.forms[2].boat["food"].value == "7" and page.forms[2].prescient.value == "P"
    assert page.draft.data["seats"][2]["food"] == "7" and page.built.state is not None


def test_a_cooperative_step_s_values_say_what_they_count() -> None:
    from precog.session.table_entry import TableDraft, new_description
    from precog.widgets.table_steps import step_rank_html

    shown = {}
    for mode in ("coop", "competitive"):
        data = new_description(4, mode)
        data.update(round=6, phase="action", step="activate", seat=0)
        state = TableDraft(data).build().state
        assert state is not None
        shown[mode] = step_rank_html(state, 0, "en")
    assert "pc-coop-note" in shown["coop"] and "misses an Objective" in shown["coop"]
    assert "pc-table-step-rank" in shown["competitive"]
    assert "pc-coop-note" not in shown["competitive"]


def test_the_seat_tabs_are_the_players_at_the_table() -> None:
    page = TablePage(query="")
    assert page.game["players"].value == 4 and len(page.seat_tabs.children) == 4
    page.seat_tabs.selected_index = 3
    page.game["players"].value = 3
    assert len(page.seat_tabs.children) == 3
    assert [page.seat_tabs.get_title(n) for n in range(3)] == [
        page.say("table.seat_n", n=n) for n in range(3)]
    assert page.seat_tabs.selected_index == 0  # seat 3 is not at a 3-player table
    page.game["players"].value = 2
    assert len(page.seat_tabs.children) == 2
    page.game["players"].value = 4
    assert len(page.seat_tabs.children) == 4 and page.seat_tabs.children[3] is page.seat_boxes[3]


def test_a_seat_typed_in_lines_is_read_completed_and_built():
    page = TablePage(query="")
    page.game["round"].value = 6
    form = page.seat_form(0)
    form.lines.value = "p: kartus\nf 9, h 6, d 2\nh: drif, salv"
    assert "pc-ok" in page.errors.value
    assert "Drifting raft" in form.lines_read.value  # the name completed beside the text
    state = page.built.state
    assert state is not None and (state.players[0].food, state.players[0].healthy) == (9, 6)
    assert [state.card(c).name for c in state.players[0].hand] == ["Drifting raft",
                                                                   "Salvage crate"]
    form.lines.value = "p: kartus\nh: s"
    assert 'data-field="seats.0.lines.2"' in page.errors.value
    assert form.lines.value == "p: kartus\nh: s"  # what was typed stays
    assert page.analyse_button.disabled


def test_your_seat_offers_the_players_at_the_table_only():
    page = TablePage(query="")
    assert [v for _, v in page.game["seat"].options] == [0, 1, 2, 3]
    page.game["seat"].value = 3
    page.game["players"].value = 3
    assert [v for _, v in page.game["seat"].options] == [0, 1, 2]
    assert page.game["seat"].value == 0 and len(page.seat_tabs.children) == 3


def test_next_round_carries_the_table_forward_and_clears_the_cards():
    page = TablePage(query="")
    page.game["round"].value = 6
    page.seat_form(0).lines.value = "f 9, h 6\nh: drif, salv"
    page.next_round_button.click()
    assert page.game["round"].value == 7
    assert page.seat_form(0).lines.value == "f 9, h 6"
    assert page.built.state is not None and page.built.state.players[0].food == 9


def test_an_empty_card_season_says_the_rounds():
    page = TablePage(query="")
    page.game["round"].value = 9
    season = page.seat_form(0).cards["decision_zone", 0].fields["season"]
    assert season.options[0][1] == "" and "3" in season.options[0][0]
