"""The explorer without a browser: sources, the ranked table, the tree, the editor, bad input."""

from __future__ import annotations

import json
import random
import re
import time

import pytest

from precog.engine import GameState, Phase, apply, from_position, legal_actions, to_position
from precog.engine.actions import Choose
from precog.engine.playout import random_playout
from precog.widgets.explorer import Explorer, ranking_table_html


def _state(round_: int = 3, seed: int = 2, players: int = 3) -> GameState:
    return random_playout(random.Random(seed), stop_round=round_, players=players,
                          seed=seed).final


def _explorer(state: GameState | None = None, **kw: object) -> Explorer:
    """An explorer that analyses in the calling thread (deterministic for tests)."""
    kw.setdefault("background", False)
    return Explorer(state=state, query="" if state is None else None,
                    **kw)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def explorer() -> Explorer:
    return _explorer(_state())


def _table_actions(ex: Explorer) -> list[str]:
    return re.findall(r'data-action="([^"]+)"', ex.table.value)


def test_the_table_ranks_every_legal_keep_and_give_once(explorer: Explorer) -> None:
    legal = {str(a) for a in legal_actions(explorer.state) if isinstance(a, Choose)}
    shown = _table_actions(explorer)
    assert sorted(shown) == sorted(legal)
    values = [r.value for r in explorer.ranking.rows]
    assert values == sorted(values, reverse=True)
    assert explorer.status.value and "Done" in explorer.status.value


def test_the_tree_opens_on_the_choices_and_a_closed_node_expands(explorer: Explorer) -> None:
    tree = explorer.tree
    rows = tree.visible()
    root_children = [n for n, depth, _ in rows if depth == 1]
    assert len(root_children) == len(explorer.ranking.rows)
    closed = next(n for n, _, _ in rows if n.id not in tree.open and (n.children or n.expandable))
    before = len(tree.visible())
    tree.toggles[closed.id].click()
    assert len(tree.visible()) > before
    assert closed.children and not closed.expandable
    tree.toggles[closed.id].click()
    assert len(tree.visible()) == before


def test_clicking_a_node_shows_its_resources_and_the_boat_there(explorer: Explorer) -> None:
    tree = explorer.tree
    node = next(n for n, depth, _ in tree.visible() if depth == 2)
    tree.labels[node.id].click()
    assert tree.selected is node
    assert node.label.split()[0] in tree.detail.value
    assert f"<b>{node.resources['healthy']}</b>" in tree.detail.value
    assert "pc-boat" in tree.detail.value


def test_the_principal_line_is_marked(explorer: Explorer) -> None:
    best = explorer.ranking.rows[0].action
    row = next(r for nid, r in explorer.tree.rows.items()
               if explorer.tree.find(nid).label == best)
    assert "pc-principal" in row._dom_classes


def test_the_analysis_download_holds_the_ranking_and_the_position(explorer: Explorer) -> None:
    data = explorer.analysis_json()
    assert from_position(data["position"]) == explorer.state
    assert [r["action"] for r in data["ranking"]["rows"]] == _table_actions(explorer)
    json.dumps(data)
    assert "precog-analysis" in explorer.download.value


def test_a_position_in_the_address_is_loaded_for_the_seat_it_names() -> None:
    state = _state(round_=5, seed=3)
    ex = Explorer(query=f"position={to_position(state)}&seat=0", background=False, auto=False)
    assert ex.state == state and ex.seat == 0
    assert ex.message.text.startswith("Loaded the page address")


def test_a_damaged_address_says_so_and_falls_back_to_a_new_game() -> None:
    ex = Explorer(query="position=pg1.xyz.0&seat=1", background=False, auto=False)
    assert ex.message.kind == "error"
    assert ex.message.text.startswith("Address (?position=): position string")
    assert ex.state is not None


def test_a_malformed_paste_names_the_input_and_keeps_position_and_analysis(
        explorer: Explorer) -> None:
    state, ranking = explorer.state, explorer.ranking
    explorer.paste_in.value = "not a position"
    explorer.paste_button.click()
    assert explorer.message.kind == "error"
    assert explorer.message.text.startswith("Pasted position: expected a position string")
    assert explorer.state is state and explorer.ranking is ranking


def test_a_pasted_position_replaces_the_old_one_and_is_analysed() -> None:
    ex = _explorer(_state())
    other = _state(round_=6, seed=8)
    ex.paste_in.value = to_position(other)
    ex.paste_button.click()
    assert ex.state == other and ex.ranking is not None
    assert ex.ranking.meta["round"] == 6


def test_an_uploaded_file_that_is_not_json_is_refused_with_its_name() -> None:
    from datetime import UTC, datetime

    ex = _explorer(_state(), auto=False)
    state = ex.state
    ex.upload.value = ({"name": "notes.json", "type": "application/json", "size": 5,
                        "content": memoryview(b"{oops"), "last_modified": datetime.now(UTC)},)
    assert ex.message.text.startswith("File notes.json: not valid JSON")
    assert ex.state is state


def test_a_new_game_is_dealt_at_the_chosen_round() -> None:
    ex = _explorer(auto=False)
    ex.round_in.value = 7
    ex.players_in.value = 4
    ex.deal_button.click()
    assert ex.state.round == 7 and ex.state.config.players == 4


def test_an_edited_position_is_loaded_and_an_impossible_one_keeps_the_old() -> None:
    ex = _explorer(_state(), auto=False)
    editor = ex.editor
    editor.resource_inputs["food"].value = 1
    editor.apply_button.click()
    assert ex.state.players[0].food == 1
    state = ex.state
    editor.resource_inputs["bane"].value = 40
    editor.apply_button.click()
    assert editor.message.kind == "error" and "bane" in editor.message.text
    assert ex.state is state


def test_outside_a_decision_the_explorer_says_there_is_nothing_to_rank() -> None:
    state = _state()
    while state.phase is Phase.DECISION:
        state = apply(state, legal_actions(state)[0])
    ex = _explorer(state)
    assert ex.ranking is None and ex.message.kind == "info"
    assert "Decision phase" in ex.message.text


def test_cancel_stops_a_background_analysis_and_shows_what_was_found() -> None:
    ex = Explorer(state=_state(), background=True, auto=False)
    ex.rollouts_in.value = 1024
    ex.analyse_button.click()
    assert ex.running and not ex.cancel_button.disabled and ex.analyse_button.disabled
    ex.cancel_button.click()
    ex.wait(timeout=120)
    assert not ex.running and not ex.analyse_button.disabled and ex.cancel_button.disabled
    assert ex.analysis_meta["cancelled"] and ex.message.kind != "error"
    assert ex.ranking.meta["samples"] < 1024
    assert "Cancelled: partial result" in ex.status.value
    assert len(_table_actions(ex)) == len(ex.ranking.rows)


def test_a_pages_own_first_analysis_waits_for_the_page_and_later_ones_start_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from precog.session.explore import Exploration, PageStart
    from precog.widgets.explorer import PAGE_START_DELAY_S

    pages: list[PageStart | None] = []
    monkeypatch.setattr(Exploration, "start",
                        lambda self, *args, page=None, **kw: pages.append(page))
    ex = Explorer(state=_state(), background=True)
    ex.analyse_button.click()
    Explorer(state=_state(), background=False)  # tests and scripts: no wait
    Explorer(state=_state(), background=True, auto=False).analyse_button.click()
    assert pages == [PageStart(ex.shown.event, PAGE_START_DELAY_S, first=ex._first_answer),
                     None, None, None]
    assert PAGE_START_DELAY_S > 0


def test_the_first_analysis_is_shown_only_once_the_browser_has_drawn_the_page() -> None:
    ex = Explorer(state=_state(), background=True)
    deadline = time.monotonic() + 120
    while ex.model.ranking is None and time.monotonic() < deadline:  # the analysis is done...
        time.sleep(0.05)
    assert ex.model.ranking is not None and ex.running
    assert ex.progress.value == 0.0 and _table_actions(ex) == []  # ...and not shown yet
    ex.shown.set_state({"shown": True})  # what the view sends once the browser drew it
    ex.wait(timeout=120)
    assert not ex.running and ex.shown.event.is_set()
    assert len(_table_actions(ex)) == len(ex.ranking.rows)


def test_cancel_during_the_first_wait_still_ends_the_analysis() -> None:
    ex = Explorer(state=_state(), background=True)
    assert ex.running
    ex.cancel_button.click()
    ex.wait(timeout=120)
    assert not ex.running and not ex.analyse_button.disabled


def test_rollouts_give_each_choice_a_spread() -> None:
    ex = _explorer(_state(), auto=False)
    ex.rollouts_in.value = 16
    ex.analyse_button.click()
    assert all(r.ci95 is not None for r in ex.ranking.rows)
    assert "16 rollouts per choice" in ex.table.value and "±" in ex.table.value


def test_trajectories_of_the_two_best_choices_are_plotted_side_by_side(
        explorer: Explorer) -> None:
    import plotly.graph_objects as go

    figures = explorer.plots.children
    assert len(figures) == 2 and all(isinstance(f, go.FigureWidget) for f in figures)
    best = [r.action for r in explorer.ranking.rows[:2]]
    assert set(explorer.trajectory_data["choices"]) == set(best)
    names = {t.name for f in figures for t in f.data if t.showlegend is not False}
    cards = explorer.state.components.cards
    left = (explorer.seat + 1) % 3
    assert {f"Keep {cards[r.keep].name} ·{r.keep}, give {cards[r.give].name} ·{r.give} "
            f"to Seat {left}" for r in explorer.ranking.rows[:2]} <= names  # by name and mark
    assert explorer.trajectory_data["rounds"][-1] == 12  # to the end by default


def test_choosing_other_choices_to_compare_redraws_the_trajectories(
        explorer: Explorer) -> None:
    row = explorer.ranking.rows[2]
    third = row.action
    explorer.compare_in.value = (third,)
    assert list(explorer.trajectory_data["choices"]) == [third]
    names = {t.name for f in explorer.plots.children for t in f.data if t.name}
    cards = explorer.state.components.cards
    left = (explorer.seat + 1) % 3
    assert names == {f"Keep {cards[row.keep].name} ·{row.keep}, give {cards[row.give].name} "
                     f"·{row.give} to Seat {left}"}
    explorer.horizon_in.value = False
    assert explorer.trajectory_data["rounds"][-1] < 12
    assert explorer.analysis_json()["trajectories"]["choices"].keys() == {third}


def test_a_seats_view_from_play_opens_without_editor_or_seat_switch() -> None:
    """``?view=pv1…`` (Play's "Open in explorer"): analysed for that seat, nothing to edit,
    no other seat to switch to; the copy box holds the view string, not the full position."""
    from precog.engine.view import to_view_position

    state = _state(players=3)
    seat = state.to_move
    ex = Explorer(query=f"view={to_view_position(state, seat)}", background=False, lang="en")
    assert ex.view is not None and ex.seat == seat and ex.ranking is not None
    assert ex.editor is None and ex.editor_box.layout.display == "none"
    assert ex.seat_in.layout.display == "none"
    assert "pv1." in ex.position_html.value and "pg1." not in ex.position_html.value
    assert ex.what_if_button.layout.display != "none"
    ex.what_if()
    assert ex.view is None and ex.editor is not None and ex.editor_box.layout.display != "none"
    assert "what-if copy" in ex.message.text


def test_a_damaged_view_address_is_refused_with_the_reason() -> None:
    ex = Explorer(query="view=pv1.broken.00000000", background=False, lang="en", auto=False)
    assert ex.message.kind == "error" and "view string" in ex.message.text


def test_the_table_names_cards_says_why_and_heads_every_column_with_a_tooltip(
        explorer: Explorer) -> None:
    html = explorer.table.value
    cards = explorer.state.components.cards
    for row in explorer.ranking.rows:
        assert f'data-card="{row.keep}"' in html and cards[row.keep].name in html
    heads = re.findall(r'<th title="([^"]+)">([^<]+)</th>', html)
    assert len(heads) == 9 and all(tip and name for tip, name in heads)
    left = (explorer.seat + 1) % explorer.state.config.players
    assert f"Give: worth to Seat {left}" in [name for _, name in heads]
    assert html.count('<td class="pc-why"><ul><li>') == len(explorer.ranking.rows)
    assert "To left" not in html


def test_a_cancelled_run_heads_its_table_with_the_rollouts_it_finished() -> None:
    from precog.analysis.choices.ranking import rank_options

    ranking = rank_options(_state(), 0, rollouts=64, budget_s=0.001)  # stops at the minimum
    assert ranking.meta["samples"] < 64
    note = re.search(r'pc-table-note">([^<]*)<', ranking_table_html(ranking)).group(1)
    assert f"{ranking.meta['samples']} of 64 rollouts per choice (cancelled)" in note


def test_each_loss_shows_its_paired_interval_and_a_choice_within_it_is_marked_as_good() -> None:
    from precog.analysis.choices.ranking import rank_options

    ranking = rank_options(_state(), 0, rollouts=64, seed=1)
    for lang, tied in (("en", "as good, within the noise"), ("ru", "не хуже, в пределах шума")):
        html = ranking_table_html(ranking, lang)
        cells = re.findall(r"<td>([^<]*)</td><td>((?:(?!</td>).)*)</td><td>±", html)
        assert len(cells) == len(ranking.rows)
        decimal = "," if lang == "ru" else "."  # Russian writes a decimal comma

        def number(x: float, decimal: str = decimal) -> str:
            return f"{x:.2f}".replace(".", decimal)

        for (value, behind), row in zip(cells, ranking.rows, strict=True):
            assert value == number(row.value)
            if row is ranking.rows[0]:
                assert behind == number(0.0)
                continue
            assert behind.startswith(f'{number(row.loss)} <span class="pc-ci">±'
                                     f"{number(row.loss_ci95)}</span>")
            assert (tied in behind) == (row.loss <= row.loss_ci95)
    by_tree = ranking_table_html(rank_options(_state(), 0, depth_rounds=1))
    assert "pc-ci" not in by_tree and "pc-tied" not in by_tree  # no rollouts, no paired loss


def test_an_address_error_gives_way_to_the_next_analysis() -> None:
    ex = Explorer(query="position=pg1.xyz.0&seat=1", background=False, auto=True)
    assert ex.message.kind == "error"  # over the first analysis (of the game dealt instead)
    ex.analyse()
    assert ex.message.kind != "error" and ex.ranking is not None


def _with_twin_cards(seat: int = 0) -> GameState:
    """A Decision where the seat's four cards hold two copies of one card (two decks')."""
    for seed in range(40):
        state = random_playout(random.Random(seed), stop_round=3, players=3, seed=seed).final
        p = state.players[seat]
        names = [state.card(c).name for c in p.hand + p.decision_zone]
        if len(set(names)) < len(names):
            return state
    raise AssertionError("no position with two copies of a card in 40 games")


def test_a_choice_of_the_same_cards_as_an_earlier_row_says_so() -> None:
    from precog.analysis.choices.ranking import rank_options

    state = _with_twin_cards()
    ranking = rank_options(state, 0, rollouts=16, seed=0, depth_rounds=1)
    html_text = ranking_table_html(ranking)
    rows = re.findall(r'<tr class="[^"]*" data-action="[^"]*">.*?</tr>', html_text, re.S)
    assert len(rows) == len(ranking.rows)
    seen: dict[object, int] = {}
    twins = 0
    for i, (row, r) in enumerate(zip(rows, ranking.rows), 1):
        face = (state.card(r.keep).face, state.card(r.give).face)
        if face in seen:
            twins += 1
            assert f"the same cards as choice {seen[face]}" in row
        else:
            seen[face] = i
            assert "the same cards as choice" not in row
    assert twins >= 1


def test_the_plots_compare_two_different_choices_and_a_copy_says_whose_cards_it_holds() -> None:
    """Where a row is a copy of another (the same cards from another deck), the choices
    compared by default are the first two of different cards (two copies draw the same
    lines), and in the compare list and the plots' legends the copy says whose cards it
    holds, so that no two entries read alike."""
    state = _with_twin_cards()
    ex = _explorer(state, auto=False)
    ex.rollouts_in.value = 16
    ex.analyse_button.click()
    rows = ex.ranking.rows
    faces = [(state.card(r.keep).face, state.card(r.give).face) for r in rows]
    assert len(set(faces)) < len(faces)  # the position has a copy
    compared = list(ex.trajectory_data["choices"])
    assert list(ex.compare_in.value) == compared
    assert [faces[i] for i, r in enumerate(rows) if r.action in compared] == \
        list(dict.fromkeys(faces))[:2]  # the first two different cards, in table order
    labels = [label for label, _ in ex.compare_in.options]
    names = [label.split(". ", 1)[1] for label in labels]
    assert len(set(names)) == len(names)
    for i, face in enumerate(faces):
        first = faces.index(face)
        assert ("(the same cards as " in names[i]) == (first < i)
        if first < i:
            assert names[i].endswith(f"(the same cards as {first + 1})")


def test_a_cooperative_table_says_what_its_value_counts_and_how_the_sensible_team_fares(
) -> None:
    """Cooperative values read far below a strong team's (the sensible team misses an
    Objective in most games): the table says so, in the page's language; other modes do not
    carry the note."""
    from precog.analysis.choices.ranking import rank_options

    coop = random_playout(random.Random(3), stop_round=3, players=3, seed=3, mode="coop").final
    ranking = rank_options(coop, 0, depth_rounds=1)
    english = ranking_table_html(ranking, "en")
    assert 'class="pc-coop-note"' in english and "misses an Objective" in english
    assert "не выполнит цель" in ranking_table_html(ranking, "ru")
    competitive = rank_options(_state(), 0, depth_rounds=1)
    assert "pc-coop-note" not in ranking_table_html(competitive, "en")



def test_the_position_editor_is_built_when_its_fold_is_first_opened_with_the_position_shown(
        ) -> None:
    from precog.widgets.editor import PositionEditor

    ex = _explorer(_state(), auto=False)
    assert not any(isinstance(w, PositionEditor) for w in ex.editor_box.children)
    shown = _state(round_=5, seed=4)
    ex.load_state(shown, 1)
    ex.editor_box.selected_index = 0
    editor = ex.editor_box.children[0]
    assert isinstance(editor, PositionEditor) and ex.editor is editor
    assert editor.state is shown and editor.seat_in.value == 1


def test_a_page_built_before_its_visitor_opens_the_visitors_seat_view_as_one_built_for_it(
        ) -> None:
    """precog.page.ahead builds the explorer with no address and no analysis; arrive() then
    reads the visitor's address: a seat's view loads without editor and is analysed, as a page
    built with that address is."""
    from precog.engine.view import to_view_position

    state = _state(players=3)
    seat = state.to_move
    ex = Explorer(query="", background=False, auto=False, lang="en")
    assert ex.ranking is None and ex.view is None
    ex.editor  # noqa: B018  (built, as opening its fold would)
    ex.arrive(f"view={to_view_position(state, seat)}")
    assert ex.view is not None and ex.seat == seat and ex.ranking is not None
    assert ex.editor is None and ex.editor_box.layout.display == "none"
    built = Explorer(query=f"view={to_view_position(state, seat)}", background=False, lang="en")
    assert [r.action for r in ex.ranking.rows] == [r.action for r in built.ranking.rows]
    plain = Explorer(query="", background=False, auto=False, lang="en")
    dealt = plain.state
    plain.arrive("")
    assert plain.state is dealt and plain.ranking is not None  # the deal analysed, not redealt
