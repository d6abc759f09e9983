"""The review widgets: the page loads saved games only, the graph's points select a
decision, and Play offers "Review this game" once a game is over."""

from __future__ import annotations

import json
from types import SimpleNamespace

from precog.analysis.game_review.review import (
    KEEP_GIVE,
    decision_points,
    recorded_game,
    reviewed_count,
)
from precog.engine import to_position
from precog.widgets.play import PlayApp
from precog.widgets.review import ReviewPage

GAME = recorded_game(["greedy", "greedy"], seed=5, players=2)


def reviewed_page() -> ReviewPage:
    page = ReviewPage(lang="en", background=False, budgets=(0.05,))
    page.load(json.dumps(GAME.to_json()))
    page.panel.start()
    return page


def test_a_position_alone_is_refused_with_what_was_expected() -> None:
    page = ReviewPage(lang="en", background=False)
    page.load(to_position(GAME.states[3]))
    assert page.message.kind == "error" and "precog-game" in page.message.text
    assert page.panel.layout.display == "none"
    page.load("{not json")
    assert page.message.kind == "error"


def test_the_review_draws_a_row_per_decision_the_graph_and_the_summary() -> None:
    page = reviewed_page()
    panel = page.panel
    assert panel.table.value.count('class="pc-review-row"') == reviewed_count(GAME, 0)
    assert panel.table.value.count('class="pc-review-round"') == 12  # grouped per round
    assert len(panel.figure.data) == 5  # two seats, the marks, two seats' chances to win
    assert list(panel.figure.data[0].x) == list(range(1, 13))
    assert list(panel.figure.data[3].x) == list(range(1, 13))
    assert all(0 <= p <= 1 for p in panel.figure.data[3].y)
    assert "pc-review-summary" in panel.summary.value
    assert "pc-provenance" in panel.summary.value  # which set and which fit
    assert "Cards: the reference set" in panel.summary.value
    assert panel.cancel_button.disabled and not panel.start_button.disabled


def test_clicking_a_point_of_the_graph_shows_that_decision_with_its_explorer_link() -> None:
    panel = reviewed_page().panel
    curve = panel.figure.data[1]  # the other seat's curve: the same decision points
    panel._clicked(curve, SimpleNamespace(point_inds=[4]), None)
    fifth = [r.number for r in panel.run.rows if r.kind == KEEP_GIVE][4]
    assert panel.run.rows[fifth].index == decision_points(GAME, 0)[4]
    assert panel.selected == fifth
    assert f'data-number="{fifth}"' in panel.detail.value
    assert f"?view={panel.run.rows[fifth].view}" in panel.detail.value
    assert "Chance to win after this choice" in panel.detail.value
    panel._clicked(curve, SimpleNamespace(point_inds=[]), None)  # another trace's click
    assert panel.selected == fifth
    panel._clicked(panel.figure.data[3], SimpleNamespace(point_inds=[4]), None)  # the chance
    assert panel.selected == fifth


def test_play_offers_the_review_only_when_the_game_is_over() -> None:
    app = PlayApp(players=2, background=False, lang="en")
    assert app.game_review.layout.display == "none"
    app._load(json.dumps(GAME.to_json()), "test")
    assert app.game is not None and app.game.state.is_over
    assert app.game_review.layout.display == ""
    app.game_review.review()
    panel = app.game_review.panel
    assert panel is not None and panel.run.review is not None
    assert panel.run.review.seat == app.human and panel.run.review.complete
    app.new_game()
    assert app.game_review.layout.display == "none"


def test_the_review_graph_is_made_when_a_review_starts_not_with_the_page() -> None:
    from precog.widgets.review import ReviewPanel

    panel = ReviewPanel(background=False, budgets=(0.05,))
    assert panel.figure is None and panel.figure_slot.children == ()
    panel.show(GAME, seat=0, start=True)
    assert panel.figure_slot.children == (panel.figure,)
    assert "pc-review-figure" in panel.figure._dom_classes


def test_a_cooperative_review_says_what_its_values_count_and_a_competitive_one_does_not(
) -> None:
    page = ReviewPage(lang="en", background=False, budgets=(0.05,))
    page.load(json.dumps(recorded_game(["greedy", "greedy"], seed=5, players=2,
                                       mode="coop").to_json()))
    page.panel.start()
    assert "pc-coop-note" in page.panel.summary.value
    assert "misses an Objective" in page.panel.summary.value
    assert "pc-coop-note" not in reviewed_page().panel.summary.value
