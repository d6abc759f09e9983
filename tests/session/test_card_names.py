"""Two cards of one name are told apart on every page: the same mark (the card's id) in the
explorer's table, the tree, the plot legend, the hint, the review and the command line."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from precog.analysis.basics.edges import Chosen
from precog.analysis.choices.ranking import Ranking, rank_options
from precog.engine import GameState, Phase, legal_actions, reference_components
from precog.engine.actions import Choose
from precog.engine.playout import random_playout
from precog.session.card_names import card_mark, card_name
from precog.session.hint import answer_of
from precog.session.lines import choice_text, edge_text, move_text
from precog.session.reports import ranking_text
from precog.widgets.explorer_results import Results, ranking_table_html
from precog.widgets.hint import hint_html


def test_a_shared_name_is_marked_with_the_card_id_in_every_language() -> None:
    comps = reference_components()
    assert card_mark("K05", comps) == "K05" and card_mark("T05", comps) == "T05"
    assert card_name("K05", comps) != card_name("T05", comps)
    assert card_name("K05", comps).endswith("·K05")
    assert card_name("K05", comps, "ru").endswith("·K05")
    assert card_name("K05", comps, "ru").startswith("Дрейфующий плот")


def test_a_name_no_other_card_has_is_shown_alone_and_an_unnamed_card_by_its_id() -> None:
    comps = reference_components()
    defitia = comps.decks["D"]
    alone = dataclasses.replace(comps, decks={"D": defitia}, cards={})  # one deck: no twins
    assert card_mark("D05", alone) == "" and card_name("D05", alone) == "Drifting raft"
    raft = next(c for c in defitia if c.id == "D05")
    unnamed = dataclasses.replace(comps, decks={"D": tuple(
        dataclasses.replace(raft, name="") if c is raft else c for c in defitia)}, cards={})
    assert card_name("D05", unnamed) == "D05"


def _twin_position() -> tuple[GameState, list[str]]:
    """A Decision whose seat may Keep or Give two cards of one name (from two decks)."""
    for seed in range(1, 400):
        state = random_playout(random.Random(seed), stop_round=2, players=3, seed=seed).final
        if state.phase is not Phase.DECISION:
            continue
        cards = {c for a in legal_actions(state) if isinstance(a, Choose) for c in (a.keep, a.give)}
        names = Counter(state.card(c).name for c in cards)
        twins = sorted(c for c in cards if names[state.card(c).name] > 1)
        if twins:
            return state, twins
    raise AssertionError("no position with two cards of one name in 400 seeds")


@pytest.fixture(scope="module")
def twin() -> tuple[GameState, list[str], Ranking]:
    state, twins = _twin_position()
    return state, twins, rank_options(state, state.to_move, rollouts=0, depth_rounds=1)


def _marks(text: str, twins: list[str]) -> bool:
    return all(f"·{card}" in text for card in twins)


def test_the_two_cards_are_told_apart_in_the_choice_the_tree_and_the_review(
        twin: tuple[GameState, list[str], Ranking]) -> None:
    state, twins, _ = twin
    seat = state.to_move
    for choice in (a for a in legal_actions(state) if isinstance(a, Choose)):
        shown = [c for c in twins if c in (choice.keep, choice.give)]
        for card in shown:
            mark = f"·{card}"
            assert mark in choice_text(choice, "en", state, seat)
            assert mark in edge_text(Chosen(choice), "en", state, seat)  # a row of the tree
            assert mark in move_text(choice, "ru", state, seat)  # the review's words


def test_the_two_cards_are_told_apart_in_the_table_legend_hint_and_command_line(
        twin: tuple[GameState, list[str], Ranking]) -> None:
    state, twins, ranking = twin
    assert _marks(ranking_table_html(ranking), twins)
    results = Results(lambda: None)
    results.show(ranking, state.to_move, state)
    assert _marks(" ".join(results.names.values()), twins)  # the plot legend's names
    assert _marks(ranking_text(ranking, "en"), twins)
    answer = answer_of(ranking, state, True, {"seconds": 0.1})
    hinted = {c for r in answer.rows for c in (r.keep, r.give)} & set(twins)
    assert hinted and _marks(hint_html(answer, state, "explorer.ipynb"), sorted(hinted))
