"""Plot builders for the play page: pure functions returning plotly figures.

They only read positions (no rule is applied here).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from precog.engine import GameState, Phase
from precog.engine.state import FEEDING_ROUNDS
from precog.session.words import DEFAULT_LANGUAGE, words

RESOURCES = (
    ("healthy", lambda p: p.healthy),
    ("contaminated", lambda p: p.contaminated),
    ("food", lambda p: p.food),
    ("batteries", lambda p: sum(p.batteries)),
    ("ymunes", lambda p: p.doctors + p.protectors),
    ("bane", lambda p: p.bane),
)
SEAT_COLOURS = ("#b9770e", "#137a7a", "#6d45a6", "#a8322f")
PLAY_FIGURE_WIDTH = 660  # pixels: the play page's left column is 674 wide in a 1024 window


def round_snapshots(states: Sequence[GameState]) -> list[tuple[float, GameState]]:
    """One position per round start (its Decision phase) plus the final one, as (x, state).

    x is the round number; the end of a finished game is drawn at ``last round + 0.9``.
    """
    out: list[tuple[float, GameState]] = []
    seen: set[int] = set()
    for state in states:
        if state.phase is Phase.DECISION and state.round not in seen:
            seen.add(state.round)
            out.append((float(state.round), state))
    if states and states[-1].is_over:
        out.append((states[-1].round + 0.9, states[-1]))
    return out


def game_resources_figure(states: Sequence[GameState], names: Sequence[str] = (),
                          lang: str = DEFAULT_LANGUAGE) -> go.Figure:
    """Each player's resources over the rounds of a game (one panel per resource).

    Dotted lines mark the feeding rounds (an Island ends rounds 4, 8 and 12).
    """
    snaps = round_snapshots(states)
    n = states[0].config.players if states else 0
    w = words(lang)
    fig = make_subplots(rows=3, cols=2,
                        subplot_titles=[w.say(f"figure.{key}") for key, _ in RESOURCES],
                        horizontal_spacing=0.09, vertical_spacing=0.11)
    for i, (_, read) in enumerate(RESOURCES):
        row, col = divmod(i, 2)
        for seat in range(n):
            fig.add_trace(go.Scatter(
                x=[x for x, _ in snaps], y=[read(s.players[seat]) for _, s in snaps],
                mode="lines+markers",
                name=names[seat] if seat < len(names) else w.say("board.seat", seat=seat),
                legendgroup=f"seat{seat}", showlegend=i == 0,
                line={"color": SEAT_COLOURS[seat % 4], "width": 2}, marker={"size": 5}),
                row=row + 1, col=col + 1)
        for r in FEEDING_ROUNDS:
            fig.add_vline(x=r + 0.5, line={"dash": "dot", "color": "#c9ad6a", "width": 1},
                          row=row + 1, col=col + 1)
    ticks = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 12.9]
    fig.update_xaxes(range=[0.6, 13.2], tickvals=ticks,
                     ticktext=[*map(str, ticks[:-1]), w.say("figure.end")],
                     tickangle=0, tickfont={"size": 10}, title_text="", showgrid=False)
    fig.update_yaxes(rangemode="tozero", tickfont={"size": 10})
    # A fixed size that fits the play page's left column from a 1024-pixel window up: a
    # FigureWidget does not follow its container's width (plotly/plotly.py#5208), and at
    # 1,120 pixels the right third was cut off beside the Hint panel.
    fig.update_layout(width=PLAY_FIGURE_WIDTH, height=660, separators=w.plot_separators(),
                      margin={"l": 40, "r": 10, "t": 60, "b": 30},
                      paper_bgcolor="#fbf9f4", plot_bgcolor="#ffffff",
                      legend={"orientation": "h", "y": -0.08},
                      title={"text": w.say("figure.title"),
                             "font": {"size": 14}})
    return fig


MARK_COLOURS = {"dubious": "#d4ac0d", "mistake": "#e67e22", "blunder": "#c0392b"}


def review_figure(curves: dict[int, list[tuple[int, float]]], rows: Sequence[Any], seat: int,
                  lang: str = DEFAULT_LANGUAGE,
                  wins: dict[int, list[tuple[int, float, float]]] | None = None,
                  mode: str = "competitive") -> go.Figure:
    """Every seat's expected final Healthy Humans over the rounds (as ``seat`` could estimate
    them), with ``seat``'s marks on its curve, and below it each seat's chance to win (in the
    cooperative mode the chance to meet every Objective) with its 95 % interval; each
    point's ``customdata`` is the number of the reviewed decision it belongs to (rows:
    :class:`precog.session.review.DecisionRow`, the Keep/Give rows carry the points)."""
    say = words(lang).say
    numbers = [r.number for r in rows if r.kind == "keep_give"]
    fig = make_subplots(rows=2, cols=1, shared_xaxes=True, vertical_spacing=0.08,
                        row_heights=[0.65, 0.35])
    for s in sorted(curves):
        pts = curves[s]
        fig.add_trace(go.Scatter(
            x=[r for r, _ in pts], y=[v for _, v in pts], customdata=numbers[:len(pts)],
            mode="lines+markers", name=say("review_page.figure_seat", seat=s),
            legendgroup=str(s),
            line={"color": SEAT_COLOURS[s % len(SEAT_COLOURS)], "width": 3 if s == seat else 1.5},
            marker={"size": 8 if s == seat else 5},
            hovertemplate="%{y:.2f}<extra>" + say("review_page.figure_seat", seat=s) + "</extra>"),
            row=1, col=1)
    marked = [r for r in rows if r.mark]
    fig.add_trace(go.Scatter(
        x=[r.round for r in marked], y=[r.value for r in marked],
        customdata=[r.number for r in marked], text=[r.symbol for r in marked],
        mode="markers+text", textposition="top center", name=say("review_page.figure_marks",
                                                                  seat=seat),
        marker={"size": 14, "symbol": "diamond", "color": [MARK_COLOURS[r.mark] for r in marked],
                "line": {"width": 1, "color": "#333"}},
        hovertext=[f"{r.symbol} {say('review.mark_' + r.mark)}: "
                   f"−{words(lang).number(r.loss, '.2f')}" for r in marked],
        hovertemplate="%{hovertext}<extra></extra>"), row=1, col=1)
    _add_win_chances(fig, wins or {}, seat, numbers, mode == "coop", say)
    fig.update_layout(
        title={"text": say("review_page.figure_title", seat=seat), "font": {"size": 14},
               "x": 0.01, "xanchor": "left", "y": 0.98}, width=860, height=520,
        margin={"l": 50, "r": 20, "t": 60, "b": 40}, hovermode="closest",
        legend={"orientation": "h", "y": -0.12}, separators=words(lang).plot_separators())
    fig.update_xaxes(dtick=1, row=1, col=1)
    fig.update_xaxes(title=say("review_page.figure_x"), dtick=1, row=2, col=1)
    fig.update_yaxes(title=say("review_page.figure_y"), row=1, col=1)
    fig.update_yaxes(title=say("review_page.figure_win_y"), range=[0, 1], tickformat=".0%",
                     row=2, col=1)
    return fig


def _add_win_chances(fig: go.Figure, wins: dict[int, list[tuple[int, float, float]]],
                     seat: int, numbers: list[int], coop: bool,
                     say: Callable[..., str]) -> None:
    """The review figure's lower panel: each seat's chance to win over the rounds with its
    95 % interval (co-op: the one chance of the whole table to meet every Objective)."""
    for s in sorted(wins):
        if coop and s != seat:
            continue  # one chance for the whole table
        odds = wins[s]
        name = say("review_page.figure_coop_win") if coop else say("review_page.figure_win",
                                                                    seat=s)
        fig.add_trace(go.Scatter(
            x=[r for r, _, _ in odds], y=[p for _, p, _ in odds],
            customdata=numbers[:len(odds)],
            error_y={"type": "data", "array": [c for _, _, c in odds], "thickness": 1,
                     "width": 2},
            mode="lines+markers", name=name, legendgroup=str(s), showlegend=False,
            line={"color": SEAT_COLOURS[s % len(SEAT_COLOURS)], "width": 3 if s == seat else 1.5,
                  "dash": "dot"},
            marker={"size": 7 if s == seat else 4},
            hovertemplate="%{y:.0%} ± %{error_y.array:.0%}<extra>" + name + "</extra>"),
            row=2, col=1)
