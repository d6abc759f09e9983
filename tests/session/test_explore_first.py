"""The explorer page's own first analysis answers quickly, then refines with its controls'."""

from __future__ import annotations

import threading
from typing import Any

from precog.session.explore import FIRST, Exploration, PageStart, deal

CONTROLS = {"model": "uniform", "rollouts": 32, "depth_rounds": 2, "seed": 0}


def test_the_pages_first_analysis_shows_a_quick_answer_then_the_controls_own() -> None:
    state = deal(3, 1, players=3)
    drawn = threading.Event()
    drawn.set()
    firsts: list[tuple[BaseException | None, Any, dict[str, Any]]] = []
    ex = Exploration(background=False, with_trajectories=False)
    page = PageStart(drawn, 0.0, first=lambda e: firsts.append((e, ex.ranking, dict(ex.meta))))
    ex.start(state, state.to_move, CONTROLS, False, page=page)
    assert len(firsts) == 1 and firsts[0][0] is None
    _, quick, meta = firsts[0]
    assert meta["first"] and meta["depth_rounds"] == FIRST["depth_rounds"] == 1
    assert meta["budget_s"] == FIRST["budget_s"] and meta["rollouts"] == CONTROLS["rollouts"]
    assert ex.ranking is not quick and ex.meta["depth_rounds"] == 2 and "first" not in ex.meta
    assert sorted(r.action for r in quick.rows) == sorted(r.action for r in ex.ranking.rows)


def test_an_analysis_asked_for_later_has_no_first_answer() -> None:
    state = deal(3, 1, players=3)
    ex = Exploration(background=False, with_trajectories=False)
    ex.start(state, state.to_move, CONTROLS, False)
    assert ex.meta["depth_rounds"] == 2 and "first" not in ex.meta
