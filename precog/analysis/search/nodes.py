"""The look-ahead tree's nodes: :class:`TreeNode` and what walks, moves or draws a tree of
them (the building is :mod:`precog.analysis.search.tree`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from precog.analysis.basics.display import node_text, tree_html
from precog.analysis.basics.edges import Chosen, Edge
from precog.analysis.basics.errors import AnalysisCode
from precog.analysis.basics.intervals import half_width
from precog.analysis.fitted.value import leaf_error
from precog.analysis.playing.world import AnalysisError
from precog.engine import GameState, to_position
from precog.engine.actions import Choose
from precog.engine.collector import fewer_collections
from precog.engine.problems import Problem

KINDS = ("decision", "opponent", "chance", "plan", "leaf")


@dataclass(eq=False)
class TreeNode:
    """One node of the look-ahead tree (plain data: the app draws, filters and expands it).

    ``edge`` is the edge from the parent as data (a choice, a card, a plan, a River tile: see
    :mod:`precog.analysis.basics.edges`), ``label`` its notation; ``kind`` says who chooses below
    this node; ``probability`` is the edge's (chance, or the opponent model's);
    ``value`` is in Healthy Humans; ``resources`` summarises the analysing seat's Boat here.
    """

    id: str
    edge: Edge
    kind: str
    probability: float = 1.0
    value: float = 0.0
    ci95: float | None = None
    resources: dict[str, int] = field(default_factory=dict)
    children: list[TreeNode] = field(default_factory=list)
    principal: bool = False
    state: GameState | None = field(default=None, repr=False)
    meta: dict[str, Any] = field(default_factory=dict, repr=False)
    expander: Callable[[TreeNode], None] | None = field(default=None, repr=False)
    shift: float = field(default=0.0, repr=False)  # moved to the rollouts' level (anchor_below)

    @property
    def label(self) -> str:
        """The edge in the analysis' notation (``keep T16 give T15``, ``River W2b``)."""
        return str(self.edge)

    @property
    def position(self) -> str:
        """The position here as a position string (a sampled world: show it hidden for the
        analysing seat, other players' hands are guesses)."""
        return to_position(self.state) if self.state is not None else ""

    @property
    def expandable(self) -> bool:
        return self.expander is not None

    def __repr__(self) -> str:
        return f"<TreeNode {node_text(self)}>"

    def _repr_html_(self) -> str:
        """The node and two levels below it, each value ± 95 % as a dot and whisker."""
        return tree_html(self)

    def to_dict(self, max_depth: int = 99) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id, "label": self.label, "kind": self.kind,
            "probability": round(self.probability, 6), "value": round(self.value, 4),
            "ci95": None if self.ci95 is None else round(self.ci95, 4),
            "resources": self.resources, "principal": self.principal,
            "expandable": self.expandable}
        if max_depth > 0:
            out["children"] = [c.to_dict(max_depth - 1) for c in self.children]
        return out


def expand(node: TreeNode) -> TreeNode:
    """Build the children of a node that was left collapsed; returns the node."""
    if node.expander is not None:
        grow, node.expander = node.expander, None
        shift = node.shift
        if shift:  # grown on the look-ahead's own values, then moved like the rest
            move_below(node, -shift)
        with fewer_collections():  # a subtree keeps most of what it makes
            grow(node)
        set_intervals(node)
        if shift:
            move_below(node, shift)
    return node


def move_below(node: TreeNode, offset: float, seen: set[int] | None = None) -> None:
    """Move ``node`` and every node below it by ``offset`` Healthy Humans (each node once;
    ``seen``: nodes already moved, left alone). Values back up by maximum and by weighted
    means, so the moved subtree still backs up to its top and its branches keep their
    differences; each node remembers its move (``shift``) so that an expansion grows on the
    look-ahead's own values and is moved likewise (:func:`expand`)."""
    seen = set() if seen is None else seen
    for n in iter_nodes(node):
        if id(n) in seen:
            continue
        seen.add(id(n))
        n.value += offset
        n.shift += offset
        if abs(n.shift) < 1e-12:
            n.shift = 0.0


def set_intervals(node: TreeNode) -> float:
    """Give ``node`` and every node below it its ``ci95``; returns ``node``'s standard error.

    A leaf's error is the fitted value's held-out error on positions of its kind
    (:func:`~precog.analysis.fitted.value.leaf_error`, 0 for a finished game), or, for a leaf valued
    by playouts, their standard error (``meta["se"]``). Above the leaves the
    errors of the children are not independent (the same model errs the same way on similar
    Boats), so a node keeps its largest child error; a chance node over the next cards,
    averaged over a few sampled worlds, adds the sampling error of that mean (the spread of its
    outcomes over the square root of the worlds)."""
    seen: dict[int, float] = {}

    def walk(n: TreeNode) -> float:
        if id(n) in seen:
            return seen[id(n)]
        if n.children:
            se = max(walk(c) for c in n.children)
            worlds = n.meta.get("worlds")
            if worlds:
                spread = sum(c.probability * (c.value - n.value) ** 2 for c in n.children)
                se = (se * se + spread / worlds) ** 0.5
        elif "se" in n.meta:  # valued by playouts: their standard error
            se = n.meta["se"]
        else:
            se = leaf_error(n.state) if n.state is not None else 0.0
        n.ci95 = half_width(se)
        seen[id(n)] = se
        return se

    return walk(node)


def iter_nodes(node: TreeNode) -> Iterator[TreeNode]:
    """Every node below ``node`` (each shared node once), depth first."""
    seen: set[int] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if id(n) in seen:
            continue
        seen.add(id(n))
        yield n
        stack.extend(reversed(n.children))


def choice_of(node: TreeNode) -> Choose:
    """The (Keep, Give) choice on the edge into ``node`` (a child of a Decision)."""
    if not isinstance(node.edge, Chosen):
        raise AnalysisError(Problem.of(AnalysisCode.NOT_A_CHOICE, node=node.id, label=node.label),
                            input=node.id)
    return node.edge.choice


def principal_line(node: TreeNode) -> list[TreeNode]:
    """The nodes of the principal line below ``node``."""
    out = []
    while node.children:
        best = [c for c in node.children if c.principal] or node.children[:1]
        node = best[0]
        out.append(node)
    return out


def node_notation(n: TreeNode) -> str:
    """One node on one line: its edge, kind, value and probability (the analysis' notation)."""
    prob = f" p={n.probability:.2f}" if n.probability < 0.999 else ""
    return f"{n.label}  ({n.kind}) value {n.value:.2f}{prob}"


def render_tree_text(node: TreeNode, max_depth: int = 4, principal_only: bool = False,
                     describe: Callable[[TreeNode], str] = node_notation) -> str:
    """The tree as indented text for the terminal (``*`` marks the principal line, ``[+]`` a
    node left collapsed); ``describe`` writes a node's line (another language's words)."""
    lines: list[str] = []

    def walk(n: TreeNode, depth: int, prefix: str) -> None:
        mark = "*" if n.principal else " "
        more = " [+]" if n.expandable else ""
        lines.append(f"{prefix}{mark} {describe(n)}{more}")
        if depth >= max_depth:
            return
        for child in n.children:
            if principal_only and not child.principal:
                continue
            walk(child, depth + 1, prefix + "  ")

    walk(node, 0, "")
    return "\n".join(lines)


def twin(node: TreeNode, probability: float, edge: Edge | None = None) -> TreeNode:
    """A transposition: the same subtree reached on another edge (``edge``, or the node's
    own; same children)."""
    twin = TreeNode(id=node.id, edge=edge or node.edge, kind=node.kind, probability=probability,
                    value=node.value, resources=node.resources, children=node.children,
                    state=node.state, meta=node.meta)
    return twin

