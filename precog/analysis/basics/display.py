"""Compact notebook displays of analysis results, drawn from their own data (no render layer):
a ranking as a table of values with a dot-and-whisker of each 95 % interval, the look-ahead
tree two levels deep, a tournament as a forest plot of win rates and margins, a review's
costliest decisions."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Protocol

MOST_ROWS = 12
"""Rows a display shows; the rest are counted."""
WIDTH = 160
"""The whisker column's width in pixels."""


class Valued(Protocol):
    @property
    def action(self) -> str: ...
    value: float
    ci95: float | None
    loss: float


def interval_text(value: float, half_width: float | None) -> str:
    """``value ± half_width`` with two decimals (the half-width left out when unknown).

    >>> interval_text(3.14159, 0.2), interval_text(2.0, None)
    ('3.14 ± 0.20', '2.00')
    """
    return f"{value:.2f}" if half_width is None else f"{value:.2f} ± {half_width:.2f}"


def whisker_svg(value: float, half_width: float | None, low: float, high: float) -> str:
    """A dot at ``value`` and a line over its interval, on the scale ``low`` to ``high``."""
    span = (high - low) or 1.0

    def x(v: float) -> float:
        return round(4 + (WIDTH - 8) * (v - low) / span, 1)

    whisker = "" if half_width is None else (
        f'<line x1="{x(value - half_width)}" x2="{x(value + half_width)}" y1="7" y2="7" '
        'stroke="#1565c0" stroke-width="2"/>')
    return (f'<svg width="{WIDTH}" height="14" role="img">{whisker}'
            f'<circle cx="{x(value)}" cy="7" r="4" fill="#1565c0"/></svg>')


def ranking_html(title: str, rows: Sequence[Valued]) -> str:
    """A ranked table: choice, value ± 95 %, loss against the best, and the whisker."""
    shown = list(rows[:MOST_ROWS])
    ends = [(r.value - (r.ci95 or 0.0), r.value + (r.ci95 or 0.0)) for r in shown]
    low = min((a for a, _ in ends), default=0.0)
    high = max((b for _, b in ends), default=1.0)
    cell = 'style="padding:1px 8px;text-align:{}"'
    body = "".join(
        f"<tr><td {cell.format('right')}>{i}</td>"
        f"<td {cell.format('left')}><code>{html.escape(r.action)}</code></td>"
        f"<td {cell.format('right')}>{interval_text(r.value, r.ci95)}</td>"
        f"<td {cell.format('right')}>{r.loss:.2f}</td>"
        f"<td>{whisker_svg(r.value, r.ci95, low, high)}</td></tr>"
        for i, r in enumerate(shown, 1))
    more = len(rows) - len(shown)
    foot = f'<tr><td colspan="5">… and {more} more</td></tr>' if more > 0 else ""
    head = "".join(f"<th {cell.format(side)}>{name}</th>" for name, side in (
        ("#", "right"), ("choice", "left"), ("value ± 95 %", "right"), ("loss", "right"),
        (f"{low:.1f} … {high:.1f}", "left")))
    return (f"<table><caption style='text-align:left'>{html.escape(title)}</caption>"
            f"<tr>{head}</tr>{body}{foot}</table>")


# -- the look-ahead tree, a tournament, a review ----------------------------------------------

TREE_DEPTH = 2
"""Levels of the look-ahead tree a display opens below the node shown."""


class Node(Protocol):
    @property
    def label(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def probability(self) -> float: ...
    @property
    def value(self) -> float: ...
    @property
    def ci95(self) -> float | None: ...
    @property
    def principal(self) -> bool: ...
    @property
    def children(self) -> Sequence[Node]: ...


def node_text(node: Node) -> str:
    """One line: the node's edge, who chooses below it, its value and its children.

    >>> from types import SimpleNamespace as N
    >>> node_text(N(label="keep T16 give T15", kind="opponent", value=3.1, ci95=0.25,
    ...             children=[1, 2], probability=1.0, principal=True))
    "'keep T16 give T15' (opponent) 3.10 ± 0.25, 2 children"
    """
    return (f"{node.label!r} ({node.kind}) {interval_text(node.value, node.ci95)}, "
            f"{len(node.children)} children")


def tree_html(node: Node, depth: int = TREE_DEPTH) -> str:
    """The node and ``depth`` levels below it: each child's chance, value ± 95 % and whisker
    (the principal line in bold), its own children folded beneath it."""
    return (f"<div><b>{html.escape(node_text(node))}</b>"
            f"{_children_html(node, depth)}</div>")


def _children_html(node: Node, depth: int) -> str:
    shown = list(node.children[:MOST_ROWS])
    if depth <= 0 or not shown:
        return ""
    low, high = _scale([(c.value, c.ci95) for c in shown])
    rows = []
    for child in shown:
        text = html.escape(child.label)
        text = f"<b>{text}</b>" if child.principal else text
        below = _children_html(child, depth - 1)
        name = (f"<details><summary><code>{text}</code> ({html.escape(child.kind)})</summary>"
                f"{below}</details>" if below else f"<code>{text}</code>")
        rows.append(f'<tr><td style="text-align:left">{name}</td>'
                    f'<td style="text-align:right">{child.probability:.0%}</td>'
                    f'<td style="text-align:right">{interval_text(child.value, child.ci95)}</td>'
                    f"<td>{whisker_svg(child.value, child.ci95, low, high)}</td></tr>")
    more = len(node.children) - len(shown)
    foot = f'<tr><td colspan="4">… and {more} more</td></tr>' if more > 0 else ""
    return (f'<table style="margin-left:1em"><tr><th>edge</th><th>chance</th>'
            f"<th>value ± 95 %</th><th>{low:.1f} … {high:.1f}</th></tr>{''.join(rows)}{foot}"
            "</table>")


def _scale(pairs: Sequence[tuple[float, float | None]]) -> tuple[float, float]:
    """The span covering every value and its interval."""
    ends = [(v - (c or 0.0), v + (c or 0.0)) for v, c in pairs]
    return min((a for a, _ in ends), default=0.0), max((b for _, b in ends), default=1.0)


def forest_html(title: str, rows: Sequence[tuple[str, float, float, float]],
                low: float | None = None, high: float | None = None,
                percent: bool = False) -> str:
    """A forest plot as a table: each row's name, value [low, high] and a dot on a line over
    its interval (``rows``: name, value, interval's low and high end), on one scale."""
    if not rows:
        return f"<p>{html.escape(title)}: —</p>"
    low = min(r[2] for r in rows) if low is None else low
    high = max(r[3] for r in rows) if high is None else high

    def fmt(v: float) -> str:
        return f"{v:.1%}" if percent else f"{v:+.2f}"

    body = "".join(
        f'<tr><td style="text-align:left"><code>{html.escape(name)}</code></td>'
        f'<td style="text-align:right">{fmt(value)} [{fmt(a)}, {fmt(b)}]</td>'
        f"<td>{_interval_svg(value, a, b, low, high)}</td></tr>"
        for name, value, a, b in rows)
    return (f"<table><caption style='text-align:left'>{html.escape(title)}</caption>"
            f"<tr><th></th><th>95 % interval</th><th>{fmt(low)} … {fmt(high)}</th></tr>"
            f"{body}</table>")


def _interval_svg(value: float, a: float, b: float, low: float, high: float) -> str:
    span = (high - low) or 1.0

    def x(v: float) -> float:
        return round(4 + (WIDTH - 8) * (v - low) / span, 1)

    zero = (f'<line x1="{x(0)}" x2="{x(0)}" y1="0" y2="14" stroke="#999"/>'
            if low < 0 < high else "")
    return (f'<svg width="{WIDTH}" height="14" role="img">{zero}'
            f'<line x1="{x(a)}" x2="{x(b)}" y1="7" y2="7" stroke="#1565c0" stroke-width="2"/>'
            f'<circle cx="{x(value)}" cy="7" r="4" fill="#1565c0"/></svg>')


def review_html(title: str, decisions: Sequence[Reviewed]) -> str:
    """The costliest decisions first: move, round, played, best, the loss ± 95 % and its
    whisker, the mark."""
    costly = sorted(decisions, key=lambda d: -d.loss)[:MOST_ROWS]
    low, high = _scale([(d.loss, d.loss_ci95) for d in costly])
    low = min(low, 0.0)
    cell = 'style="padding:1px 8px;text-align:{}"'
    body = "".join(
        f"<tr><td {cell.format('right')}>{d.index}</td><td {cell.format('right')}>{d.round}</td>"
        f"<td {cell.format('left')}><code>{html.escape(d.played)}</code></td>"
        f"<td {cell.format('left')}><code>{html.escape(d.best)}</code></td>"
        f"<td {cell.format('right')}>{interval_text(d.loss, d.loss_ci95)}</td>"
        f"<td>{whisker_svg(d.loss, d.loss_ci95, low, high)}</td>"
        f"<td>{html.escape(d.symbol)}</td></tr>" for d in costly)
    more = len(decisions) - len(costly)
    foot = f'<tr><td colspan="7">… and {more} more</td></tr>' if more > 0 else ""
    head = "".join(f"<th>{name}</th>" for name in (
        "move", "round", "played", "best", "loss ± 95 %", f"{low:.1f} … {high:.1f}", ""))
    return (f"<table><caption style='text-align:left'>{html.escape(title)}</caption>"
            f"<tr>{head}</tr>{body}{foot}</table>")


class Reviewed(Protocol):
    @property
    def index(self) -> int: ...
    @property
    def round(self) -> int: ...
    @property
    def played(self) -> str: ...
    @property
    def best(self) -> str: ...
    @property
    def loss(self) -> float: ...
    @property
    def loss_ci95(self) -> float | None: ...
    @property
    def symbol(self) -> str: ...
