"""Compact notebook displays of analysis results, drawn from their own data (no render layer):
a ranking as a table of values with a dot-and-whisker of each 95 % interval."""

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
