"""The analysis on a partly-known box: it answers, and it says what its numbers rest on."""

from __future__ import annotations

import random

from precog.analysis.choices.ranking import rank_options
from precog.analysis.fitted.provenance import REFIT_COMMAND
from precog.engine.playout import random_playout
from precog.session.reports import ranking_text
from tests.engine.test_partly_known import half_box


def test_the_ranking_on_a_half_known_box_ranks_every_choice_and_flags_the_set() -> None:
    state = random_playout(random.Random(2), components=half_box(), players=3, seed=2,
                           stop_round=5).final
    ranking = rank_options(state, 0, depth_rounds=1)
    assert len(ranking.rows) == len(ranking.tree.children) > 1  # type: ignore[union-attr]
    assert ranking.rows[0].loss == 0.0
    note = ranking.meta["components"]
    assert note["reference"] is False and note["name"] == "half box"
    assert note["unknown_faces"] == len(half_box().unknown)
    assert note["calibration"] == "fitted on the reference set"
    assert "scripts/fit_evaluation.py --box" in note["refit"] == REFIT_COMMAND
    assert "not the reference set" in ranking_text(ranking, "en")
    assert "не эталонный" in ranking_text(ranking, "ru")


def test_rollouts_on_a_half_known_box_give_intervals() -> None:
    state = random_playout(random.Random(3), components=half_box(), players=2, seed=3,
                           stop_round=3).final
    ranking = rank_options(state, 0, rollouts=4, seed=1)
    assert all(r.samples == 4 and r.ci95 is not None for r in ranking.rows)


def test_the_reference_set_is_not_flagged() -> None:
    state = random_playout(random.Random(2), players=3, seed=2, stop_round=5).final
    note = rank_options(state, 0, depth_rounds=1).meta["components"]
    assert note["reference"] is True and "refit" not in note
    assert "not the reference set" not in ranking_text(rank_options(state, 0, depth_rounds=1),
                                                        "en")


def test_the_ranking_does_not_depend_on_faces_the_seat_has_not_seen() -> None:
    from dataclasses import replace

    from precog.engine.faces import draw_world, seen_by

    state = random_playout(random.Random(4), components=half_box(), players=3, seed=4,
                           stop_round=6).final
    other = replace(state, components=draw_world(state.components, random.Random(77),
                                                 keep=seen_by(state, 1)))
    assert other.components.fingerprint != state.components.fingerprint
    first, second = (rank_options(s, 1, depth_rounds=1, seed=3) for s in (state, other))
    assert [(r.action, r.value) for r in first.rows] == [(r.action, r.value) for r in second.rows]


def test_the_explorer_table_shows_the_box_note() -> None:
    from precog.widgets.explorer_results import ranking_table_html

    state = random_playout(random.Random(2), components=half_box(), players=3, seed=2,
                           stop_round=5).final
    ranking = rank_options(state, 0, depth_rounds=1)
    assert "pc-box-note" in ranking_table_html(ranking, "en")
    assert "half box" in ranking_table_html(ranking, "en")
    assert "не эталонный" in ranking_table_html(ranking, "ru")


def test_rollouts_on_a_half_known_box_run_in_the_batch_with_the_engine_s_values(
        monkeypatch) -> None:
    # the worlds the seat samples differ in their unknown faces; the numpy batch plays them
    # all at once (no fallback to the engine) and gives the engine's own values
    from precog.analysis.playouts import batch

    state = random_playout(random.Random(3), components=half_box(), players=3, seed=3,
                           stop_round=4).final
    scalar = rank_options(state, 0, rollouts=6, seed=2, engine="scalar")
    played = []
    real_run = batch.run
    monkeypatch.setattr(batch, "run", lambda *a, **k: played.append(1) or real_run(*a, **k))
    fast = rank_options(state, 0, rollouts=6, seed=2, engine="auto")
    assert played, "the batch was not used on the box"
    assert [(r.action, r.value) for r in fast.rows] == \
        [(r.action, r.value) for r in scalar.rows]


def test_cards_without_a_name_are_called_by_their_id_in_the_analysis_text() -> None:
    # a box's unknown or unnamed cards have no name: the lines name them by id, never by ""
    state = random_playout(random.Random(2), components=half_box(), players=3, seed=2,
                           stop_round=5).final
    ranking = rank_options(state, 0, depth_rounds=1)
    text = ranking_text(ranking, "en")
    assert "Keep , give" not in text
    row = ranking.rows[0]
    assert f"Keep {state.card(row.keep).name or row.keep}" in text
