"""The look-ahead tree shows each value with the interval it was estimated with."""

from __future__ import annotations

import random

from precog.analysis.tree import build_tree
from precog.engine.playout import random_playout
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
