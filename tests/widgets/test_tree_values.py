"""The look-ahead tree shows each value with the interval it was estimated with."""

from __future__ import annotations

import html
import random

from precog.analysis.search.tree import build_tree
from precog.engine.playout import random_playout
from precog.session.words import words
from precog.widgets.tree import node_detail_html, value_text


def test_a_tree_node_shows_its_value_with_its_95_percent_interval() -> None:
    state = random_playout(random.Random(1), players=3, seed=1, stop_round=3).final
    root = build_tree(state, 0, depth_rounds=1)
    node = root.children[0]
    assert node.ci95 is not None  # the fitted value's measured error
    assert value_text(node) == f"{node.value:.2f} ±{node.ci95:.2f}"
    assert value_text(node) in node_detail_html(node, 0)
    node.ci95 = None
    assert value_text(node) == f"{node.value:.2f}"


def test_a_second_round_decision_says_which_choice_its_value_counts(monkeypatch) -> None:
    from precog.analysis.search.tree import iter_nodes
    from precog.widgets import tree as tree_widget
    from precog.widgets.tree import TreeView

    monkeypatch.setattr(tree_widget, "MAX_ROWS", 100_000)  # every open row drawn

    state = random_playout(random.Random(1), players=3, seed=1, stop_round=3).final
    root = build_tree(state, 0, depth_rounds=2, worlds=1)
    node = next(n for n in iter_nodes(root) if n.meta.get("follows") == "sensible")
    view = TreeView()
    view.show(root, 0)
    view.open.update(n.id for n in iter_nodes(root))
    view.toggle(node.id)  # closes it: it was opened above
    view.toggle(node.id)  # opens it again, growing the other choices
    rows = {n.id: view.rows[n.id] for n in node.children if n.id in view.rows}
    assert len(rows) == len(node.children) >= 2

    say = words("en").say

    def kind_text(n):
        return html.unescape(rows[n.id].children[2].value)

    for child in node.children:
        expected = say("tree.edge_sensible" if child.meta["sensible"] else "tree.edge_aside")
        assert expected in kind_text(child)
    assert say("tree.kind_decision_sensible") in html.unescape(node_detail_html(node, 0))


def test_the_rows_of_sampled_deals_of_the_same_cards_read_apart_though_cut_short(
        monkeypatch) -> None:
    # round 11 of a cooperative game (one that gets there: a game whose Objectives fail ends
    # at an Island): my next cards are known, so the tree's worlds differ only in the cards I
    # cannot see; a row's label is cut to fit, and the deal must survive
    from precog.analysis.basics.edges import Draw
    from precog.analysis.search.tree import iter_nodes
    from precog.widgets import tree as tree_widget
    from precog.widgets.tree import TreeView

    monkeypatch.setattr(tree_widget, "MAX_ROWS", 100_000)  # every open row drawn

    state = random_playout(random.Random(11), stop_round=11, seed=11, players=4,
                           mode="coop").final
    root = build_tree(state, 0, depth_rounds=2, seed=0, worlds=4)
    view = TreeView()
    view.show(root, 0)
    view.open.update(n.id for n in iter_nodes(root))
    view.toggle(root.id)  # closes the root (opened above) ...
    view.toggle(root.id)  # ... and opens it again: every row drawn
    groups: dict[str, list[str]] = {}
    for n in iter_nodes(root):
        for c in n.children:
            if isinstance(c.edge, Draw) and c.edge.deal and c.id in view.labels:
                groups.setdefault(n.id, []).append(view.labels[c.id].description)
    assert groups
    for labels in groups.values():
        assert len(labels) >= 2 and len(set(labels)) == len(labels), labels


def test_of_two_tree_choices_of_the_same_cards_the_one_off_the_principal_line_is_marked() -> None:
    from precog.widgets.tree import TreeView
    from tests.widgets.test_explorer import _with_twin_cards

    state = _with_twin_cards()
    root = build_tree(state, 0, depth_rounds=1)
    view = TreeView()
    view.show(root, 0)
    shown = [c for c in root.children if c.id in view.rows]
    # the principal choice first: of two of the same cards, the other one is marked
    order = sorted(shown, key=lambda c: (not c.principal, list(view.rows).index(c.id)))
    faces = [(state.card(c.edge.choice.keep).face, state.card(c.edge.choice.give).face)
             for c in order]
    noted = ["a copy from another deck" in view.rows[c.id].children[2].value for c in order]
    assert noted == [face in faces[:i] for i, face in enumerate(faces)]
    assert any(noted) and not noted[0] and order[0].principal


def test_each_choice_of_the_tree_says_the_tables_number_and_its_games():
    """With rollouts a choice's row reads the ranked table's value, interval and rollouts,
    and the bold (principal) choice is the table's first, the highest row: no row says
    another choice is first."""
    from precog.analysis.choices.ranking import rank_options
    from precog.analysis.search.tree import choice_of
    from precog.widgets.tree import TreeView

    state = random_playout(random.Random(3), stop_round=3, players=3, seed=3).final
    ranking = rank_options(state, 0, rollouts=32, seed=0, depth_rounds=1)
    assert ranking.tree is not None
    view = TreeView()
    view.show(ranking.tree, 0)
    rows = {r.choice: r for r in ranking.rows}
    for c in ranking.tree.children:
        row = rows[choice_of(c)]
        shown = view.rows[c.id].children[2].value
        assert f"{row.value:.2f} ±{row.ci95:.2f} · 32 games" in shown
        assert ("pc-principal" in view.rows[c.id]._dom_classes) == (row is ranking.rows[0])
