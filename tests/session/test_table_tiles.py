"""Your table's River tiles and Objectives by their faces, and a saved table that carries its
box: faces typed become facts of the position, unseen tiles stay unknown, and a table's box
comes back with it (or is named when it is missing or differs)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from precog.engine import determinize, from_json, to_json
from precog.engine.box import load_box_text
from precog.engine.components import Gains, Losses
from precog.engine.data_loading import reference_components
from precog.session.errors import SessionCode
from precog.session.table_entry import TableDraft, TableEntryError, blank_box, new_description
from precog.session.table_tiles import river_value
from tests.codes import raises_code

MY_BOX = Path("docs/examples/my_box.toml")


def table(mode: str = "competitive", box: Any = None, **game: Any) -> TableDraft:
    data = new_description(4, mode)
    data.update(round=6, **game)
    return TableDraft(data, box=box)


def test_a_river_tile_typed_by_its_effect_is_a_fact_of_the_position():
    d = table(river=[{"effect": "food 4, ymune 1"}, "", "", "", {"effect": "healthy 2, food 1"}])
    built = d.build()
    assert built.errors == {} and built.state is not None
    s = built.state
    first, fifth = s.components.river_by_id[s.river[0]], s.components.river_by_id[s.river[4]]
    assert first.gains == Gains(food=4, ymune=1) and first.season == 1
    assert fifth.losses == Losses(healthy=2, food=1) and fifth.season == 2
    # no reference tile prints these faces: they sit on tiles the box leaves unknown
    ref = reference_components()
    assert all(t.gains != first.gains for t in ref.river)
    assert {s.river[0], s.river[4]} <= s.components.unknown
    # saved and read back, the faces stay
    again = from_json(to_json(s), d.box)
    assert again.components.river_by_id[s.river[0]].gains == first.gains


def test_river_faces_typed_survive_the_seats_view_and_unseen_tiles_are_redrawn():
    d = table(river=[{"effect": "food 4, ymune 1"}])
    s = d.build().state
    assert s is not None
    later = s.river[5]  # a season 2 tile not flipped yet: unknown, never a fact
    faces = set()
    for seed in range(12):
        view = determinize(s, 0, random.Random(seed))
        assert view.components.river_by_id[s.river[0]].gains == Gains(food=4, ymune=1)
        faces.add(view.components.river_by_id[later].losses)
    assert len(faces) > 1


def test_a_river_face_that_does_not_fit_is_named_under_its_place():
    d = table(river=[{"effect": "healthy 2"}, {"effect": "food 99"}, "", "I9"])
    errors = d.build().errors
    assert "healthy" in errors["river.0"]  # a season 1 tile gives: no losses
    assert "river.1" in errors and "river.3" in errors  # an Island place takes nothing
    assert d.data["river"][0] == {"effect": "healthy 2"}  # nothing typed is lost


@pytest.mark.parametrize(("place", "effect"), [(4, "healthy 1, bane 1"), (0, "food 2, heal 1"),
                                               (0, "doctor 1")])
def test_a_river_face_that_raises_bane_or_heals_is_refused_under_its_place(place, effect):
    """River tiles only give (season 1) or take (seasons 2 and 3) Resources."""
    river: list[object] = ["", "", "", "", ""]
    river[place] = {"effect": effect}
    built = table(river=river).build()
    assert set(built.errors) == {f"river.{place}"} and built.state is None


def test_a_river_face_the_box_prints_is_that_tile_and_one_it_lacks_is_refused():
    box = load_box_text(MY_BOX.read_text(encoding="utf-8"), "my_box.toml")
    known = [t for t in box.river if t.season == 1 and t.id not in box.unknown]
    assert known, "the example box prints a season 1 River tile"
    effect = ", ".join(f"{k} {v}" for k, v in known[0].gains.items())
    s = table(box=box, river=[{"effect": effect}]).build().state
    assert s is not None and s.river[0] == known[0].id
    full = load_box_text(_full_river_box(), "full.toml")
    refused = table(box=full, river=[{"effect": "food 7"}]).build()
    assert "season 1" in refused.errors["river.0"]


def _full_river_box() -> str:
    lines = ['name = "full river"']
    for t in reference_components().river:
        effect = t.gains if t.season == 1 else t.losses
        table = ", ".join(f"{k} = {v}" for k, v in effect.items())
        key = "gains" if t.season == 1 else "losses"
        lines += ["[[river]]", f'id = "{t.id}"', f"season = {t.season}", f'name = "{t.name}"',
                  f"{key} = {{ {table} }}"]
    return "\n".join(lines) + "\n"


def test_the_page_field_reads_a_picked_tile_as_its_id_and_typed_text_as_a_face():
    box = blank_box()
    assert river_value("W1b · Fishing: +2 Food", box) == "W1b"
    assert river_value("  food 2 ", box) == {"effect": "food 2"}
    assert river_value("", box) == ""


OBJECTIVE = {"season": "2", "full": "each 6 food", "mitigated": "one 2 food", "cost": "food 1",
             "flipped": True}


def test_an_objective_typed_by_its_face_is_revealed_with_that_face():
    d = table("coop", objective_faces=[OBJECTIVE])
    built = d.build()
    assert built.errors == {} and built.state is not None
    s = built.state
    (ident, mitigated), = s.objectives
    tile = s.components.objective_by_id[ident]
    assert mitigated and tile.season == 2
    assert [(r.resource, r.amount, r.scope) for r in tile.full] == [("food", 6, "each")]
    assert ident not in {t for st in s.objective_stacks for t in st}
    again = from_json(to_json(s), d.box)  # a face the reference set lacks is saved too
    assert again.components.objective_by_id[ident] == tile


@pytest.mark.parametrize("change,field", [
    ({"mitigated": "one 9 food"}, "mitigated"),  # not easier than the full side
    ({"full": "many 6 food"}, "full"),
    ({"cost": "gold 2"}, "cost"),
    ({"season": "3"}, "season"),  # season 3 in round 6
    ({"season": "x"}, "season"),
])
def test_an_objective_face_that_does_not_fit_names_its_field(change: dict[str, str],
                                                            field: str):
    d = table("coop", objective_faces=[{**OBJECTIVE, **change}])
    built = d.build()
    assert f"objective_faces.0.{field}" in built.errors and built.state is None


def test_a_saved_table_carries_its_box_and_restores_it_alone():
    text = MY_BOX.read_text(encoding="utf-8")
    box = load_box_text(text, "my_box.toml")
    d = table(river=[{"effect": "food 4, ymune 1"}])
    d.use_box(box, text)
    for saved in (d.save_text(), d.share_string()):
        fresh = TableDraft()  # a page with no box loaded
        note = fresh.load_text(saved)
        assert fresh.box.box_id == box.box_id and fresh.box_text == text
        assert box.name in note
        assert "box" not in fresh.data and fresh.build().state is not None


def test_a_table_whose_box_content_differs_from_its_fingerprint_is_refused_naming_it():
    text = MY_BOX.read_text(encoding="utf-8")
    d = table()
    d.use_box(load_box_text(text, "my_box.toml"), text)
    saved = d.saved()
    saved["box"]["toml"] = text.replace('name = "', 'name = "other ', 1)
    fresh = TableDraft()
    import json

    with raises_code(TableEntryError, SessionCode.TABLE_BOX):
        fresh.load_text(json.dumps(saved))
    assert fresh.box is blank_box()  # nothing changed


def test_a_table_naming_a_box_that_is_not_loaded_nor_saved_is_refused_naming_it():
    import json

    saved = table().saved()
    saved["box"] = {"name": "Anna's box", "fingerprint": "box-0123abcd"}
    with raises_code(TableEntryError, SessionCode.TABLE_BOX_MISSING):
        TableDraft().load_text(json.dumps(saved))


@pytest.mark.parametrize("bad", [
    "not a table", {"fingerprint": 7}, {"fingerprint": "x", "toml": 5},
    {"fingerprint": "x", "pickle": "…"}, {"fingerprint": "x", "toml": "a = \n"},
    {"fingerprint": "x", "toml": "name = '" + "x" * 300_000 + "'\n"},
])
def test_a_malformed_saved_box_is_refused_as_a_table_error(bad: Any):
    import json

    saved = table().saved()
    saved["box"] = bad
    with pytest.raises(TableEntryError):
        TableDraft().load_text(json.dumps(saved))


def test_a_table_saved_on_the_blank_box_loads_on_it_and_an_older_table_keeps_the_page_box():
    import json

    text = MY_BOX.read_text(encoding="utf-8")
    box = load_box_text(text, "my_box.toml")
    page = TableDraft()
    page.use_box(box, text)
    note = page.load_text(table().save_text())  # saved on the blank box
    assert page.box is blank_box() and note
    older = {k: v for k, v in table().saved().items() if k != "box"}
    page.use_box(box, text)
    assert page.load_text(json.dumps(older)) == "" and page.box is box
