"""The review page's model (precog.session.review): decisions arrive one by one, Stop keeps
what was done, and the page data holds nothing the reviewed seat could not see."""

from __future__ import annotations

import json
import threading
from functools import cache
from html import escape

import pytest

from precog.analysis.game_review.review import (
    KEEP_GIVE,
    MARKS,
    decision_points,
    recorded_game,
    reviewed_count,
)
from precog.engine import Game
from precog.engine.observation import observation
from precog.engine.view import from_view_position
from precog.render.review import decision_html, rows_html, summaries_html
from precog.session.names import component_name
from precog.session.review import ReviewRun, summary_of
from precog.session.speech import speech
from precog.widgets.figures import review_figure
from tests.engine.test_view import found, hidden_ids

QUICK = {"budget_s": 0.05, "depth_rounds": 1}


@cache
def game3() -> Game:
    return recorded_game(["greedy", "random", "greedy"], seed=7, players=3)


def test_decisions_arrive_one_by_one_before_the_review_ends() -> None:
    run = ReviewRun(background=True)
    seen: list[tuple[int, int, bool]] = []
    finished = threading.Event()
    run.start(game3(), 1, **QUICK,
              on_row=lambda row, k, n: seen.append((row.number, k, finished.is_set())),
              on_done=lambda err: finished.set())
    assert finished.wait(120)
    total = reviewed_count(game3(), 1)
    assert total > len(decision_points(game3(), 1))  # the other decisions too
    assert [k for _, k, _ in seen] == list(range(1, total + 1))
    assert [n for n, _, _ in seen] == list(range(total))
    assert not any(done for _, _, done in seen), "every row came before the end"
    assert run.review is not None and run.review.complete
    points = len(decision_points(game3(), 1))  # one point of the graph per Keep/Give
    assert [len(p) for p in run.review.curves.values()] == [points] * 3
    assert [len(p) for p in run.review.wins.values()] == [points] * 3
    keep_give = [r for r in run.rows if r.kind == KEEP_GIVE]
    assert all(r.win is not None and 0 <= r.win <= 1 for r in keep_give)


def test_stopping_keeps_the_decisions_already_reviewed() -> None:
    run = ReviewRun(background=True)
    errors: list[BaseException | None] = []

    def on_row(row: object, k: int, n: int) -> None:
        if k == 3:
            run.cancel()

    run.start(game3(), 0, **QUICK, on_row=on_row, on_done=errors.append)
    run.wait(120)
    assert errors == [None]
    assert len(run.rows) == 3 < run.total
    assert run.review is not None and not run.review.complete
    assert run.summaries[0]["decisions"] == 3


def test_a_new_review_replaces_the_running_one() -> None:
    run = ReviewRun(background=True)
    first: list[int] = []
    run.start(game3(), 0, budget_s=0.5, depth_rounds=1, on_row=lambda r, k, n: first.append(k))
    run.start(game3(), 2, **QUICK)
    run.wait(120)
    assert run.review is not None and run.review.seat == 2 and run.review.complete
    assert len(first) <= 1


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_the_page_data_holds_no_card_another_seat_hides_at_each_decision(seat: int) -> None:
    game = game3()
    run = ReviewRun(background=False)
    run.start(game, seat, **QUICK)
    comps = game.start.components
    assert run.rows
    for row in run.rows:
        state = game.states[row.index]
        secret = hidden_ids(state, seat)
        data = json.dumps(row.to_json() | {"view": ""})
        html = (rows_html([row], comps, "explorer.ipynb", speech("en")).replace(row.view, "")
                + decision_html(row, comps, "explorer.ipynb", speech("en")).replace(row.view, ""))
        assert found(data, secret) == [] and found(html, secret) == []
        if row.kind == KEEP_GIVE:
            assert found(data, {row.keep, row.give}), "the search finds the seat's own cards"
        assert from_view_position(row.view).observation == observation(state, seat)
    # the graph: values only; the summary: the costliest decisions' own cards only
    assert run.review is not None
    figure = review_figure(run.review.curves, run.rows, seat, "en", run.review.wins).to_json()
    assert found(figure, set(comps.cards)) == []
    costly = run.summaries[seat]["costliest"]
    shown = {c for r in costly for c in (r.keep, r.give, r.best_keep, r.best_give) if c}
    secret = set().union(*(hidden_ids(game.states[r.index], seat) for r in costly)) - shown
    assert found(summaries_html(run.summaries, comps, speech("en"), MARKS), secret) == []


def test_the_summary_counts_marks_and_names_the_three_costliest() -> None:
    run = ReviewRun(background=False)
    run.start(recorded_game(["greedy", "greedy"], seed=5, players=2), 0, **QUICK)
    summary = summary_of(run.rows)
    assert sum(summary["marks"].values()) == sum(r.mark is not None for r in run.rows)
    losses = sorted((r.loss for r in run.rows if r.loss > 0), reverse=True)[:3]
    assert [r.loss for r in summary["costliest"]] == losses
    assert summary["mean_loss"] == pytest.approx(sum(r.loss for r in run.rows) / len(run.rows))
    assert all(r.why for r in summary["costliest"] if r.kind == KEEP_GIVE and r.loss > 0.05), \
        "each costly Keep/Give says why"
    said = [r for r in run.rows if r.kind != KEEP_GIVE and r.why]
    assert said, "the other decisions say why too"
    assert all(r.why[0].startswith(f"Against “{r.best_words}”, you end this round with ")
               for r in said)


def test_decisions_other_than_keep_give_are_said_in_words_with_the_notation_in_the_tooltip(
        ) -> None:
    run = ReviewRun(background=False)
    run.start(game3(), 1, **QUICK)
    others = [r for r in run.rows if r.kind != KEEP_GIVE]
    assert others
    comps = game3().states[0].components
    html = rows_html(run.rows, comps, "explorer.ipynb", speech("en"))
    for r in others:
        assert r.played_words and r.best_words, r
        for notation, said in ((r.played, r.played_words), (r.best, r.best_words)):
            if notation.split()[0] in ("food", "humans", "ymunes", "battery", "lose", "river"):
                assert said != notation, r  # "take 3 Food", not "food 3"
        assert f'title="{escape(r.played)}">{escape(r.played_words)}</span>' in html
        assert f'title="{escape(r.best)}">{escape(r.best_words)}</span>' in html
        assert f"<code class=\"pc-review-action\">{escape(r.played)}" not in html
    batteries = [r for r in others if r.played.startswith("battery m")]
    assert batteries
    for r in batteries:  # a Battery's Machine is named by its room, as the seat's Boat shows
        rooms = game3().states[r.index].players[1].rooms
        machine = int(r.played.split("m")[1]) - 1
        room = comps.room_by_id[rooms[machine // 3]]
        assert component_name(room.name, "en") in r.played_words, r
    why = [r.why[0] for r in others if r.why]
    assert why and all(r.best_words in r.why[0] for r in others if r.why)
