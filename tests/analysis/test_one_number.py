"""One number per choice: the explorer's table, its tree's choices, the end of its plot, the
Play hint and the review say the same value, interval and rollouts for the same choice.

Every view is built the way its page builds it (the explorer's :class:`Exploration`, the
hint's :class:`HintRun` from the seat's view, the review's :func:`review_decision`), on one
position of every mode and player count, with the same analysis (fewer rollouts than the
pages' 256, which changes nothing of the comparison: the numbers must be equal, not close).
"""

from __future__ import annotations

import pytest

from precog.analysis.game_review import review as review_module
from precog.analysis.search.tree import choice_of
from precog.engine.view import view_of
from precog.session import hint as hint_module
from precog.session.explore import Exploration, deal

POSITIONS = [("competitive", 2, 5, 3), ("competitive", 3, 3, 1), ("competitive", 4, 3, 1),
             ("team", 4, 6, 2), ("coop", 2, 4, 1), ("coop", 3, 4, 2), ("coop", 4, 5, 1)]
ANALYSIS = {"model": "uniform", "rollouts": 48, "depth_rounds": 1, "seed": 0}


def number(value: float, ci95: float | None, samples: int) -> tuple[float, float | None, int]:
    return value, ci95, samples


@pytest.mark.parametrize("mode,players,round_,seed", POSITIONS,
                         ids=[f"{m}-{p}p-round{r}" for m, p, r, _ in POSITIONS])
def test_every_view_says_the_same_number_for_the_same_choice(monkeypatch, mode, players,
                                                             round_, seed):
    state = deal(round_, seed, players=players, mode=mode)
    seat = state.to_move
    explorer = Exploration(background=False)
    explorer.start(state, seat, ANALYSIS, to_end=True)
    ranking = explorer.ranking
    assert ranking is not None and ranking.tree is not None
    table = {r.action: number(r.value, r.ci95, r.samples) for r in ranking.rows}
    assert all(samples == ANALYSIS["rollouts"] for _, _, samples in table.values())

    tree = {str(choice_of(c)): number(c.value, c.ci95, c.meta["samples"])
            for c in ranking.tree.children}
    assert tree == table
    best = ranking.rows[0].action
    assert [str(choice_of(c)) for c in ranking.tree.children if c.principal] == [best]

    explorer.compare(list(table), to_end=True)  # every choice plotted
    assert explorer.trajectory_data is not None
    plot = {a: number(c["value"]["mean"], c["value"]["ci95"], c["value"]["samples"])
            for a, c in explorer.trajectory_data["choices"].items()}
    assert plot == {a: (v, ci or 0.0, n) for a, (v, ci, n) in table.items()}

    monkeypatch.setattr(hint_module, "QUICK", {**ANALYSIS, "budget_s": 60.0})
    monkeypatch.setattr(hint_module, "REFINE", ANALYSIS)
    answers: list[hint_module.HintAnswer] = []
    hint_module.HintRun(background=False).start(view_of(state, seat), answers.append)
    for answer in answers:  # the first answer too: the same rollouts, with time to spare
        assert f"keep {answer.rows[0].keep} give {answer.rows[0].give}" == best
        for row in answer.rows:
            assert number(row.value, row.ci95, row.samples) == table[
                f"keep {row.keep} give {row.give}"]

    monkeypatch.setattr(review_module, "EXPLORER", {"model": "uniform",
                                                    "rollouts": ANALYSIS["rollouts"]})
    played = ranking.rows[-1].choice
    reviewed = review_module.review_decision(state, seat, played, 0, budget_s=None)
    assert reviewed.best == best
    assert number(reviewed.played_value, reviewed.ci95, reviewed.samples) == table[str(played)]
    assert {a.action: number(a.value, a.ci95, a.samples) for a in reviewed.alternatives} == {
        a: table[a] for a in [r.action for r in ranking.rows[:3]]}


def test_the_explorers_two_round_tree_reads_the_tables_numbers_too():
    """The explorer's default tree looks two rounds ahead: its choices read the table's
    numbers and the nodes below each back up to them."""
    state = deal(3, 1, players=4)
    explorer = Exploration(background=False, with_trajectories=False)
    explorer.start(state, state.to_move, {**ANALYSIS, "depth_rounds": 2}, to_end=False)
    ranking = explorer.ranking
    assert ranking is not None and ranking.tree is not None
    rows = {r.action: r for r in ranking.rows}
    for c in ranking.tree.children:
        row = rows[str(choice_of(c))]
        assert (c.value, c.ci95) == (row.value, row.ci95)
        assert sum(p.probability * p.value for p in c.children) == pytest.approx(c.value)
