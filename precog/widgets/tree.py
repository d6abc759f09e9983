"""The interactive look-ahead tree: expand and collapse nodes, click one to see it.

It draws an analysis :class:`~precog.analysis.search.tree.TreeNode` (built by the analysis package);
nodes left collapsed by the analysis are grown on demand with ``analysis.tree.expand``. Only
the open part of the tree is drawn, one row per node.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from precog.analysis.basics.edges import Chosen
from precog.analysis.choices.copies import copies
from precog.analysis.search.tree import TreeNode, expand, principal_line
from precog.render.board import boat_html
from precog.render.cards import marked_html
from precog.session.lines import edge_marked, edge_row_text, edge_text
from precog.session.speech import speech
from precog.session.words import DEFAULT_LANGUAGE, words
from precog.widgets.common import discard

KINDS = ("decision", "opponent", "chance", "plan", "leaf")
MAX_NODES = ("decision", "plan")  # the analysing seat chooses: best first
MAX_ROWS = 160
RESOURCE_KEYS = ("healthy", "contaminated", "food", "batteries", "doctors", "protectors", "bane")


class TreeView(widgets.VBox):
    """Rows of the open nodes; ▸/▾ opens and closes, the label selects a node."""

    def __init__(self, lang: str = DEFAULT_LANGUAGE,
                 on_select: Callable[[TreeNode], None] | None = None) -> None:
        super().__init__()
        self.lang = lang
        self.say = words(lang).say
        self.add_class("pc-tree")
        self.root: TreeNode | None = None
        self.seat = 0
        self.open: set[str] = set()
        self.selected: TreeNode | None = None
        self.on_select = on_select
        self.rows: dict[str, widgets.HBox] = {}
        self.copies: set[str] = set()  # choice rows of the same cards as another (marked)
        self.toggles: dict[str, widgets.Button] = {}
        self.labels: dict[str, widgets.Button] = {}
        self.body = widgets.VBox()
        self.body.add_class("pc-tree-body")
        self.detail = widgets.HTML()
        self.detail.add_class("pc-node-detail")
        legend = widgets.HTML(
            '<div class="pc-tree-legend">'
            + "".join(f'<span class="pc-k pc-k-{k}">{self.say(f"tree.legend_{k}")}</span>'
                      for k in ("principal", "chance", "opponent", "plan"))
            + "</div>")
        split = widgets.HBox([self.body, self.detail])
        split.add_class("pc-tree-split")
        self.children = [legend, split]

    def show(self, root: TreeNode | None, seat: int = 0) -> None:
        """Draw a new tree: its root open, the principal line open to the first plan."""
        self.root, self.seat = root, seat
        self.open, self.selected = set(), None
        if root is not None:
            self.open.add(root.id)
            line = principal_line(root)
            for node in line[:2]:
                self.open.add(node.id)
        self._draw()
        self.detail.value = (f'<div class="pc-none">{self.say("tree.click")}</div>'
                             if root is not None else "")

    def toggle(self, node_id: str) -> None:
        """Open or close a node (growing it first if the analysis left it collapsed)."""
        node = self.find(node_id)
        if node is None:
            return
        if node_id in self.open:
            self.open.discard(node_id)
        else:
            if node.expandable:
                expand(node)
            self.open.add(node_id)
        self._draw()

    def select(self, node_id: str) -> None:
        node = self.find(node_id)
        if node is None:
            return
        self.selected = node
        self.detail.value = node_detail_html(node, self.seat, self.lang)
        for nid, b in self.labels.items():
            if nid == node_id:
                b.add_class("pc-selected")
            else:
                b.remove_class("pc-selected")
        if self.on_select is not None:
            self.on_select(node)

    def find(self, node_id: str) -> TreeNode | None:
        for node, _depth, _edge in self._walk(open_only=False):
            if node.id == node_id:
                return node
        return None

    def visible(self) -> list[tuple[TreeNode, int, str]]:
        """The rows drawn now: (node, depth, kind of its parent), at most :data:`MAX_ROWS`."""
        return list(self._walk(open_only=True))[:MAX_ROWS]

    def _walk(self, open_only: bool) -> Any:
        if self.root is None:
            return
        stack: list[tuple[TreeNode, int, str]] = [(self.root, 0, "")]
        seen: set[int] = set()
        while stack:
            node, depth, edge = stack.pop()
            if not open_only:  # a shared node (transposition) is searched once
                if id(node) in seen:
                    continue
                seen.add(id(node))
            yield node, depth, edge
            if not open_only or node.id in self.open:
                kids = node.children
                if node.kind in MAX_NODES:
                    kids = sorted(kids, key=lambda c: -c.value)
                stack.extend((c, depth + 1, node.kind) for c in reversed(kids))

    def _draw(self) -> None:
        old = list(self.body.children)
        self.rows, self.toggles, self.labels = {}, {}, {}
        visible = self.visible()
        self.copies = copied_choices([node for node, _depth, _edge in visible])
        self.body.children = [self._row(node, depth, edge) for node, depth, edge in visible]
        discard(old)

    def _row(self, node: TreeNode, depth: int, edge: str) -> widgets.HBox:
        has_more = bool(node.children) or node.expandable
        is_open = node.id in self.open
        toggle = widgets.Button(description="▾" if is_open else "▸" if has_more else "·",
                                tooltip=self.say("tree.collapse" if is_open else "tree.expand")
                                if has_more else self.say("tree.no_more"),
                                disabled=not has_more)
        toggle.add_class("pc-tree-toggle")
        toggle.on_click(lambda _b, nid=node.id: self.toggle(nid))
        text = edge_text(node.edge, self.lang, node.state, self.seat)
        row_text = edge_row_text(node.edge, self.lang, node.state, self.seat)
        label = widgets.Button(description=_short(row_text), tooltip=text)
        label.add_class("pc-tree-label")
        label.on_click(lambda _b, nid=node.id: self.select(nid))
        if self.selected is not None and self.selected.id == node.id:
            label.add_class("pc-selected")
        prob = (f'<span class="pc-prob">{words(self.lang).number(node.probability, ".0%")}</span>'
                if node.probability < 0.999 else "")
        edge_name = self.say(f"tree.edge_{edge_kind(node, edge)}") \
            if edge in (*KINDS, "") else edge
        badges = "".join(badge(*found) for found in self._badges(node))
        info = widgets.HTML(f'{prob}<span class="pc-val" title="{self.say("tree.value_tip")}">'
                            f'{value_text(node, self.lang)}</span><span class="pc-kind">'
                            f"{escape(edge_name)}</span>{badges}")
        info.add_class("pc-tree-info")
        row = widgets.HBox([toggle, label, info])
        row.add_class("pc-tree-row")
        row.add_class(f"pc-k-{edge or 'root'}")
        if node.principal or node is self.root:
            row.add_class("pc-principal")
        row.layout.padding = f"0 0 0 {depth * 18}px"
        self.rows[node.id] = row
        self.toggles[node.id] = toggle
        self.labels[node.id] = label
        return row

    def _badges(self, node: TreeNode) -> list[tuple[str, str]]:
        """The short marks of a row, each with its reason: a choice of the same cards as
        another. (A choice reads the ranked table's number, so the tree never puts another
        choice first: :func:`~precog.analysis.choices.ranking.anchor_tree`.)"""
        out = []
        if node.id in self.copies:
            out.append((self.say("tree.copy"), self.say("tree.copy_tip")))
        return out


def copied_choices(rows: Sequence[TreeNode]) -> set[str]:
    """The ids of the (Keep, Give) choice nodes among ``rows`` that Keep and Give the same
    cards as another choice drawn under the same node (:mod:`precog.analysis.choices.copies`): of
    two such, the one off the principal line, else the lower one."""
    order = {id(n): i for i, n in enumerate(rows)}
    out: set[str] = set()
    for node in rows:
        kids = sorted(((c, c.edge.choice) for c in node.children
                       if id(c) in order and isinstance(c.edge, Chosen)),
                      key=lambda kid: (not kid[0].principal, order[id(kid[0])]))
        state = node.state
        if len(kids) > 1 and state is not None:
            found = copies([(choice.keep, choice.give) for _, choice in kids], state)
            out.update(kids[i][0].id for i in found)
    return out


def badge(text: str, reason: str) -> str:
    """A short mark beside a row's value, its reason in the tooltip."""
    return f'<span class="pc-badge" title="{escape(reason)}">{escape(text)}</span>'


def edge_kind(node: TreeNode, parent_kind: str) -> str:
    """The words key of the edge into ``node``: its parent's kind, or, below a second-round
    Decision, whether it is the sensible player's choice (the one counted) or another."""
    if parent_kind == "decision" and "sensible" in node.meta:
        return "sensible" if node.meta["sensible"] else "aside"
    return parent_kind or "root"


def _short(text: str, n: int = 80) -> str:
    return text if len(text) <= n else text[:n - 1] + "…"


def node_detail_html(node: TreeNode, seat: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """The selected node: what it is, its value and the analysing seat's Boat there."""
    say = words(lang).say
    res = node.resources
    cells = "".join(f"<tr><td>{say(f'tree.res_{key}')}</td><td><b>{res[key]}</b></td></tr>"
                    for key in RESOURCE_KEYS if key in res)
    table = f'<table class="pc-table pc-res-table">{cells}</table>' if cells else ""
    prob = say("tree.probability", p=words(lang).number(node.probability, ".0%")) \
        if node.probability < 0.999 else ""
    boat = ""
    if node.state is not None:
        boat = (f'<div class="pc-sub">{say("tree.boat_here")}</div>'
                + boat_html(node.state, seat, viewer=seat, speech=speech(lang)))
    kind = say(f"tree.kind_{node.kind}") if node.kind in KINDS else node.kind
    if node.meta.get("follows") == "sensible":
        kind = say("tree.kind_decision_sensible")
    principal = say("tree.on_principal") if node.principal else ""
    comps = node.state.components if node.state is not None else None
    title = marked_html(edge_marked(node.edge, lang, node.state, seat), comps, speech(lang))
    return (f'<div class="pc-node"><div class="pc-node-title">{title}</div>'
            f'<div class="pc-node-meta">{escape(kind)} · '
            f'{escape(say("tree.value", value=value_text(node, lang)))}{escape(prob)}'
            f"{escape(principal)}</div>{table}{boat}</div>")


def value_text(node: TreeNode, lang: str = DEFAULT_LANGUAGE) -> str:
    """A node's value with its 95 % interval when it has one ("5.91 ±5.30"; "5,91 ±5,30" in
    Russian), and the rollouts it rests on where it is the ranked table's number
    ("2.95 ±0.34 · 256 games")."""
    number = words(lang).number
    value = number(node.value, ".2f")
    text = value if node.ci95 is None else f"{value} ±{number(node.ci95, '.2f')}"
    games = int(node.meta.get("samples", 0))
    return text if not games else words(lang).say("tree.value_games", value=text, n=games)
