"""One number per choice, the tree and the rollouts merged: each row's principal line and the
chance its passed cards come back, read from the look-ahead tree (:func:`explain_rows`,
:func:`describe_line`, :func:`return_chance`); the tree's choices moved onto the rows' values
(:func:`anchor_tree`); a row made from a tree's choice when there are no rollouts
(:func:`row_from_tree`)."""

from __future__ import annotations

from precog.analysis.basics.edges import (
    Arrives,
    Chosen,
    Draw,
    Edge,
    Plan,
    RiverTile,
    with_chance,
)
from precog.analysis.choices.rows import RankingRow
from precog.analysis.search.tree import TreeNode, choice_of, move_below, principal_line

LINE_EDGES = (Arrives, Plan, RiverTile, Draw, Chosen)


def explain_rows(rows: list[RankingRow], tree: TreeNode) -> None:
    """Each row's principal line and the chance its passed cards come back, from its choice
    in the tree (a choice the tree did not reach in its time keeps none)."""
    nodes = {choice_of(child): child for child in tree.children}
    for row in rows:
        node = nodes.get(row.choice)
        if node is not None:
            row.line = describe_line(node)
            row.return_chance = return_chance(node, node.meta.get("passed", ()))


def anchor_tree(tree: TreeNode, rows: list[RankingRow]) -> None:
    """One number per choice: each choice of the tree reads its row's value, interval and
    rollouts (``meta["samples"]``), and every node below it is moved by the same amount (the
    row's value less the tree's own, kept in ``meta["tree_value"]`` with its interval in
    ``meta["tree_ci95"]``), so the look-ahead's
    branches keep their differences, back up to the choice's number and read on the same
    level; the principal choice is the table's first (the only one called best) and the root
    is worth it. A choice the tree did not reach in its time gets a node of its own, without
    branches (``meta["unexplored"]``)."""
    nodes = {choice_of(child): child for child in tree.children}
    moved: set[int] = set()
    children = []
    for index, row in enumerate(rows):
        node = nodes.get(row.choice)
        if node is None:
            node = TreeNode(id=f"{tree.id}r{index}", edge=Chosen(row.choice), kind="opponent",
                            value=row.value, state=tree.state, meta={"unexplored": True})
        else:
            node.meta["tree_value"] = node.value - node.shift
            node.meta.setdefault("tree_ci95", node.ci95)
            move_below(node, row.value - node.value, moved)
        node.value, node.ci95, node.principal = row.value, row.ci95, row is rows[0]
        node.meta["samples"] = row.samples
        node.meta.pop("tree_first", None)
        children.append(node)
    tree.children = children
    tree.value, tree.ci95 = rows[0].value, rows[0].ci95
    tree.meta["samples"] = rows[0].samples


def row_from_tree(choice_node: TreeNode) -> RankingRow:
    """A row valued by the tree alone: the choice's value and interval in the look-ahead."""
    passed = choice_node.meta.get("passed", ())
    row = RankingRow(choice=choice_of(choice_node), value=choice_node.value,
                     ci95=choice_node.ci95, line=describe_line(choice_node))
    row.return_chance = return_chance(choice_node, passed)
    return row


def describe_line(choice_node: TreeNode) -> tuple[Edge, ...]:
    """What the principal line says, as data: what arrives, the plan, the River, the next
    cards and the next choice (:func:`~precog.analysis.basics.edges.line_notation` writes it). Each
    edge chance decides (the card that arrives, the River tile, the next cards) carries its
    chance (its node's probability): the line is one sampled future among others, said as
    a possibility."""
    return tuple(with_chance(node.edge, node.probability)
                 for node in principal_line(choice_node) if isinstance(node.edge, LINE_EDGES))


def return_chance(choice_node: TreeNode, passed: tuple[str, ...]) -> dict[str, float]:
    """The chance each passed card comes back next round (under the opponent model)."""
    if not passed:
        return {}
    totals = {card: 0.0 for card in passed}
    mass = 0.0

    def walk(node: TreeNode, weight: float) -> None:
        nonlocal mass
        if node.kind == "opponent" and node.children \
                and isinstance(node.children[0].edge, Arrives) and node is not choice_node:
            for child in node.children:
                assert isinstance(child.edge, Arrives)
                if child.edge.card in totals:
                    totals[child.edge.card] += weight * child.probability
            mass += weight
            return
        if node.kind in ("chance",):
            for child in node.children:
                walk(child, weight * child.probability)
        elif node.children:
            best = [child for child in node.children if child.principal] or node.children[:1]
            for child in best:
                walk(child, weight)

    for plan in choice_node.children:
        walk(plan, plan.probability)
    if mass <= 0:
        return {card: 1.0 / len(passed) for card in passed}
    return {card: total / mass for card, total in totals.items()}
