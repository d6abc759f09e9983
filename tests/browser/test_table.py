"""The "Your table" page in Chromium: a scripted mid-game table entered by clicks and typing,
checked live, analysed for one seat, saved as a file and loaded back; a co-op table at an
Action-phase step with a revealed Objective; the fields needed counted from the page; River
tiles typed by their effect on your box, the table saved with its box and reloaded alone."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from precog.session.table_entry import TableDraft
from tests.browser.helpers import PageWatch, screenshot

pytestmark = pytest.mark.browser

TABLE = "/voila/render/notebooks/table.ipynb"

# what a player reads off the real table (round 6, seat 0's Keep/Give decision; the
# keys below count tabs from 1: tab n is seat n - 1)
SCRIPT = {
    "round": "6",
    "seats": {
        1: {"food": "5", "healthy": "4", "doctors": "2", "room-0": "(R03)", "room-1": "(R10)",
            "battery-1": "1", "battery-4": "2",
            "hand": [("Food", "2", "1", "3", ""), ("Battery", "2", "2", "2", "food 1")],
            "decision-zone": [("Human", "2", "X", "2", ""), ("Ymune", "2", "0", "1", "")]},
        2: {"food": "7", "bane": "2"},
        3: {"food": "4", "contaminated": "1"},
        4: {"food": "6", "protectors": "1"},
    },
    "river": ["food 2", "human 1"],  # the River tiles flipped, by what they do
}


def _fill(page: Page, scope: str, cls: str, value: str) -> None:
    box = page.locator(f"{scope} .{cls} input").first
    box.fill(value)
    box.press("Tab")  # the kernel sees the value when the field is left


def _type_card(page: Page, scope: str, card: tuple[str, str, str, str, str]) -> None:
    kind, season, cost, gain, bonus = card
    page.locator(f"{scope} .pc-table-card-type select").select_option(kind)
    page.locator(f"{scope} .pc-table-card-season select").select_option(season)
    for name, value in (("cost", cost), ("gain", gain), ("bonus", bonus)):
        if value:
            _fill(page, scope, f"pc-table-card-{name}", value)
    page.locator(f"{scope} [data-card]").wait_for()  # drawn as typed


def _pick(page: Page, select: str, parts: list[str]) -> None:
    """Choose the options of a drop-down or list whose shown label holds each of ``parts``
    (labels are names such as "Generator (R03)"; the widget shows their spaces unbroken)."""
    labels = [label.replace("\xa0", " ") for label in
              page.locator(f"{select} option").evaluate_all("os => os.map(o => o.text)")]
    chosen = [next(i for i, label in enumerate(labels) if part in label) for part in parts]
    page.locator(select).select_option(index=chosen)


def _save_table(page: Page, tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    """Download the table as a file, as a player saves it; its path and its data."""
    with page.expect_download() as download:
        page.locator(".pc-table-save .pc-download").click()
    saved = tmp_path / "my_table.json"
    download.value.save_as(saved)
    return saved, json.loads(saved.read_text(encoding="utf-8"))


def _upload(page: Page, button: str, path: Path) -> None:
    """Choose ``path`` in the file dialog that ``button`` opens."""
    with page.expect_file_chooser() as chooser:
        page.locator(button).click()
    chooser.value.set_files(str(path))


def _enter_table(page: Page) -> None:
    page.locator(".pc-table-round select").select_option(SCRIPT["round"])
    for n, seat in SCRIPT["seats"].items():
        page.locator(".lm-TabBar-tab", has_text=f"Seat {n - 1}").first.click()
        scope = f".pc-table-seat-{n - 1}"
        if any(k in seat for k in ("hand", "decision-zone")):  # the cards by face are folded
            page.locator(f"{scope} .pc-table-by-face").click()
        for key, value in seat.items():
            if key in ("hand", "decision-zone"):
                for i, card in enumerate(value):
                    _type_card(page, f"{scope} .pc-table-{key}-{i}", card)
            elif key.startswith("room-"):
                _pick(page, f"{scope} .pc-table-{key} select", [value])
            elif key.startswith("battery-"):
                _fill(page, scope, f"pc-table-battery-{int(key[8:]) - 1}", value)
            else:
                _fill(page, scope, f"pc-table-{key}", value)
    for k, effect in enumerate(SCRIPT["river"]):
        _fill(page, "", f"pc-table-river-{k}", effect)
        page.locator(f".pc-table-river-{k} .pc-tile").wait_for()  # drawn as typed


def test_a_table_is_entered_by_typing_analysed_saved_and_loaded(
        app_url: str, page: Page, watch: PageWatch, tmp_path: Path) -> None:
    page.goto(app_url + TABLE)
    page.locator(".pc-table-errors .pc-ok").wait_for()
    # a field that does not fit is named, and what was typed stays
    page.locator(".lm-TabBar-tab", has_text="Seat 1").first.click()
    _fill(page, ".pc-table-seat-1", "pc-table-food", "lots")
    page.locator('.pc-table-errors li[data-field="seats.1.food"]').wait_for()
    assert page.locator(".pc-table-seat-1 .pc-table-food input").input_value() == "lots"
    screenshot(page, "table-page-error")
    _enter_table(page)
    page.locator(".pc-table-errors .pc-ok").wait_for()
    assert fields_entered(page) <= 60
    page.locator(".lm-TabBar-tab", has_text="Seat 0").first.click()
    assert "Generator (R03)" in page.locator(".pc-table-seat-0 .pc-table-machines").inner_text()
    screenshot(page, "table-page")
    page.set_viewport_size({"width": 1024, "height": 768})
    screenshot(page, "table-page-1024")
    page.set_viewport_size({"width": 1400, "height": 900})
    screenshot(page, "table-page-1400")
    page.locator(".pc-table-analyse").click()
    page.locator(".pc-table-analysis .pc-explorer").wait_for(timeout=60_000)
    page.locator(".pc-table-analysis .pc-explorer .pc-board").first.wait_for(timeout=60_000)
    screenshot(page, "table-page-analysis")
    saved, data = _save_table(page, tmp_path)
    built = TableDraft(data).build()
    assert built.errors == {}
    assert built.state is not None and built.state.round == 6
    assert [p.food for p in built.state.players] == [5, 7, 4, 6]
    # a fresh page, then the saved file loaded into it
    page.goto(app_url + TABLE)
    page.locator(".pc-table-errors .pc-ok").wait_for()
    _upload(page, ".pc-table-upload", saved)
    page.locator(".pc-message-box .pc-msg-ok").wait_for()
    assert page.locator(".pc-table-seat-0 .pc-table-food input").input_value() == "5"
    for k, effect in enumerate(SCRIPT["river"]):
        assert page.locator(f".pc-table-river-{k} input").input_value() == effect
    watch.check()


def fields_entered(page: Page) -> int:
    """The count the page states under the form ("The position fits: N fields entered.")."""
    text = page.locator(".pc-table-errors .pc-ok").inner_text()
    found = re.search(r"(\d+) fields", text)
    assert found, text
    return int(found.group(1))


def test_a_coop_action_step_with_an_objective_is_entered_analysed_and_reloaded(
        app_url: str, page: Page, watch: PageWatch, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 1400, "height": 900})
    page.goto(app_url + TABLE)
    page.locator(".pc-table-errors .pc-ok").wait_for()
    page.locator(".pc-table-mode select").select_option("coop")
    page.locator(".pc-table-objectives select").wait_for()
    page.locator(".pc-table-round select").select_option("6")
    page.locator(".pc-table-difficulty select").select_option("hard")
    # season 2's tiles are offered once the kernel has taken the round
    page.locator(".pc-table-objectives select option", has_text="O2b").wait_for(
        state="attached")
    _pick(page, ".pc-table-objectives select", ["O1a ·", "O2b ·"])
    _pick(page, ".pc-table-mitigated select", ["O1a ·"])
    _pick(page, ".pc-table-phase select", ["Action"])
    page.locator(".pc-table-step select option", has_text="placing gains").wait_for(
        state="attached")
    _pick(page, ".pc-table-step select", ["placing gains"])
    page.locator(".pc-table-activated select").select_option("G")
    page.locator(".pc-table-gains").wait_for()
    scope = ".pc-table-seat-0"
    page.locator(f"{scope} .pc-table-by-face").click()  # the cards by face are folded
    _type_card(page, f"{scope} .pc-table-action-zone-0", ("Food", "2", "1", "3", ""))
    _fill(page, scope, "pc-table-food", "6")
    # the drawing of a typed card carries its name, not a placeholder id
    assert "your card" in page.locator(f"{scope} .pc-table-action-zone-0 .pc-card").inner_text()
    page.locator(".pc-table-errors .pc-ok").wait_for()
    screenshot(page, "table-page-coop-step")
    page.locator(".pc-table-analyse").click()
    page.locator(".pc-table-analysis .pc-table-step-rank tr").first.wait_for(timeout=120_000)
    assert "Take" in page.locator(".pc-table-analysis .pc-table-step-rank").inner_text()
    # the step's values are cooperative: the note says what they count
    assert "misses an Objective" in page.locator(
        ".pc-table-analysis .pc-table-step-rank .pc-coop-note").inner_text()
    screenshot(page, "table-page-coop-step-analysis")
    saved, data = _save_table(page, tmp_path)
    assert (data["phase"], data["step"], data["objectives"]) == ("action", "gains",
                                                                 ["O1a", "O2b"])
    # mode, round, difficulty, 2 Objectives, 1 mitigated, phase, step, activated, 4 card
    # fields, Food
    n = TableDraft(data).field_count()
    assert n == 14
    page.goto(app_url + TABLE)
    page.locator(".pc-table-errors .pc-ok").wait_for()
    _upload(page, ".pc-table-upload", saved)
    page.locator(".pc-message-box .pc-msg-ok").wait_for()
    step = page.locator(".pc-table-step select")
    assert step.evaluate("s => s.options[s.selectedIndex].text").replace("\xa0", " ") == (
        "placing gains")
    page.locator(".pc-table-errors .pc-ok", has_text=f"{n} fields").wait_for()
    watch.check()


MY_BOX = Path("docs/examples/my_box.toml")


def test_river_tiles_by_effect_on_your_box_are_saved_with_the_box_and_reloaded_alone(
        app_url: str, page: Page, watch: PageWatch, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 1400, "height": 900})
    page.goto(app_url + TABLE)
    page.locator(".pc-table-errors .pc-ok").wait_for()
    _upload(page, ".pc-box-source-upload", MY_BOX)
    page.locator(".pc-table-box-note", has_text="my box").wait_for()
    page.locator(".pc-table-round select").select_option("3")
    page.locator(".pc-table-river-1 input").wait_for()
    # a tile your box does not print, typed by its effect: drawn as typed
    _fill(page, "", "pc-table-river-0", "food 2, human 1")
    page.locator(".pc-table-river-0 .pc-tile").wait_for()
    # an effect that does not fit is named under the form and at its place, and kept
    _fill(page, "", "pc-table-river-1", "food 2, gold 1")
    page.locator('.pc-table-errors li[data-field="river.1"]').wait_for()
    page.locator(".pc-table-river-1 .pc-table-river-error").wait_for()
    assert page.locator(".pc-table-river-1 input").input_value() == "food 2, gold 1"
    # the picker offers the tiles your box prints: its season 1 tile, by name and effect
    offered = page.locator(".pc-table-river-1 datalist option").evaluate_all(
        "os => os.map(o => o.value)")
    assert offered == ["W1a · Fish shoal: +3 Food"], offered
    _fill(page, "", "pc-table-river-1", offered[0])
    page.locator(".pc-table-errors .pc-ok").wait_for()
    page.locator(".pc-table-river-1 .pc-tile", has_text="Fish shoal").wait_for()
    screenshot(page, "table-page-river")
    saved, data = _save_table(page, tmp_path)
    assert data["river"] == [{"effect": "food 2, human 1"}, "W1a"]
    assert data["box"]["toml"] == MY_BOX.read_text(encoding="utf-8")
    # a fresh page with no box loaded: the table alone brings its box back
    page.goto(app_url + TABLE)
    page.locator(".pc-table-errors .pc-ok").wait_for()
    _upload(page, ".pc-table-upload", saved)
    page.locator(".pc-message-box .pc-msg-ok", has_text="my box").wait_for()
    page.locator(".pc-table-box-note", has_text="my box").wait_for()
    assert page.locator(".pc-table-river-0 input").input_value() == "food 2, human 1"
    assert page.locator(".pc-table-river-1 input").input_value() == offered[0]
    page.locator(".pc-table-errors .pc-ok").wait_for()
    screenshot(page, "table-page-river-reloaded")
    # a table whose saved box was altered is refused, naming the box
    data["box"]["toml"] = data["box"]["toml"].replace('name = "my box"', 'name = "other"')
    bad = tmp_path / "bad_table.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    _upload(page, ".pc-table-upload", bad)
    page.locator(".pc-message-box .pc-msg-error", has_text="box").wait_for()
    watch.check()


def _upload_faces(page: Page) -> list[dict[str, Any]]:
    """What each upload button of the page shows: its own text's size, the words drawn
    after it (``::after``) and its tooltip."""
    return page.locator(".widget-upload").evaluate_all(
        """bs => bs.map(b => {
            const after = getComputedStyle(b, '::after');
            const pen = document.createElement('canvas').getContext('2d');
            pen.font = `${after.fontSize} ${after.fontFamily}`;
            const box = b.getBoundingClientRect();
            let room = box.width, up = b.parentElement;  // the width left by every clipping box
            for (; up; up = up.parentElement) {
                if (getComputedStyle(up).overflowX !== 'visible') {
                    const r = up.getBoundingClientRect();
                    room = Math.min(room,
                        Math.min(box.right, r.right) - Math.max(box.left, r.left));
                }
            }
            const own = getComputedStyle(b), icon = b.querySelector('i');
            const iconPx = icon ? icon.getBoundingClientRect().width
                + parseFloat(getComputedStyle(icon).marginRight) : 0;
            room -= parseFloat(own.paddingLeft) + parseFloat(own.paddingRight) + iconPx;
            return {size: own.fontSize, after: after.content, title: b.title,
                    cls: b.className, words_px: pen.measureText(b.title).width, room_px: room};
        })""")


def test_upload_buttons_show_their_words_without_a_file_count(
        app_url: str, page: Page, watch: PageWatch) -> None:
    page.set_viewport_size({"width": 1400, "height": 900})
    page.goto(app_url + TABLE)
    page.locator(".pc-table-errors .pc-ok").wait_for()
    _upload(page, ".pc-box-source-upload", MY_BOX)  # a loaded file makes the count 1
    page.locator(".pc-table-box-note", has_text="my box").wait_for()
    faces = _upload_faces(page)
    assert len(faces) >= 3, faces  # the box, the fit and the table's own file
    for face in faces:
        assert "pc-upload" in face["cls"], face
        assert face["size"] == "0px", face  # the widget's "Words (1)" is not drawn
        assert face["after"] == json.dumps(face["title"]), face  # the words, from the tooltip
        assert face["title"] and "(" not in face["title"], face
        assert face["words_px"] < face["room_px"], face  # the whole words fit in the button
    words = {face["title"] for face in faces}
    assert {"Your box file", "Your fit file", "Load a file"} <= words, words
    screenshot(page, "table-page-uploads")
    watch.check()


def _app_pages() -> Any:
    """benchmarks/app_pages.py as a module (the benchmarks are scripts, not a package)."""
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "benchmarks" / "app_pages.py"
    spec = importlib.util.spec_from_file_location("app_pages_for_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_docs_round6_table_is_typed_in_lines_within_30_fields_and_400_keystrokes(
        app_url: str, page: Page, watch: PageWatch, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 1400, "height": 900})
    page.goto(app_url + TABLE)
    page.locator(".pc-table-errors .pc-ok").wait_for()
    # a 3-player table offers three seats, in the tabs and in "Your seat"
    page.locator(".pc-table-players select").select_option("3")
    page.locator(".pc-table-seat select option", has_text="Seat 3").wait_for(state="detached")
    assert page.locator(".lm-TabBar-tab").count() == 3
    page.locator(".pc-table-players select").select_option("4")
    page.locator(".lm-TabBar-tab", has_text="Seat 3").wait_for()
    # a line that does not fit is named by its seat, and what was typed stays
    box = page.locator(".pc-table-seat-0 .pc-table-lines textarea")
    box.fill("hand: s")
    box.press("Tab")
    page.locator('.pc-table-errors li[data-field="seats.0.lines.1"]').wait_for()
    assert box.input_value() == "hand: s"
    box.fill("")
    box.press("Tab")
    page.locator(".pc-table-errors .pc-ok").wait_for()
    counts = _app_pages().enter_table(page)
    assert counts["table_entry_errors"] == 0, counts
    assert counts["table_entry_fields"] <= 30, counts
    assert counts["table_entry_keystrokes"] <= 400, counts
    page.locator(".lm-TabBar-tab", has_text="Seat 0").first.click()
    read = page.locator(".pc-table-seat-0 .pc-table-lines-read").inner_text()
    assert "Wreck of a barge" in read and "Eel traps" in read, read
    screenshot(page, "table-page-lines-1400")
    page.set_viewport_size({"width": 1024, "height": 768})
    screenshot(page, "table-page-lines-1024")
    _, data = _save_table(page, tmp_path)
    built = TableDraft(data).build()
    assert built.errors == {} and built.state is not None
    assert [built.state.card(c).name for c in built.state.players[0].hand] == [
        "Wreck of a barge", "Eel traps"]
    # the next round: the Boats stay, the cards go
    page.locator(".pc-table-next-round").click()
    page.wait_for_function(
        "() => document.querySelector('.pc-table-round select').selectedIndex === 6")
    lines = ".pc-table-seat-0 .pc-table-lines textarea"
    # the round and the lines arrive as separate widget messages: wait for the lines too
    page.wait_for_function(
        f"() => !document.querySelector('{lines}').value.includes('h: wreck')")
    kept = page.locator(lines).input_value()
    assert "h: wreck" not in kept and "d: wreck" not in kept, kept
    watch.check()
