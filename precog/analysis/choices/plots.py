"""Plot builders: pure functions from analysis data to plotly figures (plotly imported here
only, so the rest of the analysis runs without it)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from precog.analysis.basics.errors import AnalysisCode, AnalysisInputError
from precog.analysis.projection.evaluation import RESOURCES
from precog.engine.problems import Problem
from precog.engine.state import ROUNDS

SERIES = ("score", *RESOURCES)
LABELS = {"score": "Score (Healthy Humans that count)", "food": "Food",
          "batteries": "Batteries", "healthy": "Healthy Humans",
          "contaminated": "Contaminated Humans", "doctors": "Doctors",
          "protectors": "Protectors", "bane": "Bane"}
COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b"]


def trajectory_figure(data: dict[str, Any], resources: Sequence[str] = ("healthy", "food"),
                      choices: Sequence[str] | None = None, names: Mapping[str, str] | None = None,
                      labels: Mapping[str, str] = LABELS,
                      hover: str = "round %{x}: %{y:.2f} {resource}",
                      games: Callable[[int], str] = "{} games".format) -> go.Figure:
    """One panel per resource: each choice's mean over rounds with its 10-90 % band; dotted
    lines mark the feeding rounds (Islands). In the ``score`` panel a diamond with an error bar
    at the last round marks each choice's value (the mean final score, the same number as the
    ranked table's; a dashed line leads to it when the futures stop before the end).
    ``names`` (a choice's name in the legend, by its notation), ``labels`` (resource names)
    and ``hover`` (the hover text, ``{resource}`` and Plotly's ``%{x}``/``%{y}``) put the
    words of another language on it; ``games(n)`` says the rollouts a value rests on (its
    ``samples``) in the diamond's hover."""
    unknown = [resource for resource in resources if resource not in SERIES]
    if unknown:
        raise AnalysisInputError(Problem.of(AnalysisCode.ONE_OF, name="resources", got=unknown,
                                            known=list(SERIES)), input=unknown)
    picked = list(choices or data["choices"])
    rounds = data["rounds"]
    figure = make_subplots(rows=len(resources), cols=1, shared_xaxes=True,
                           subplot_titles=[labels.get(resource, LABELS[resource])
                                           for resource in resources],
                           vertical_spacing=0.08)
    for number, choice in enumerate(picked):
        colour = COLOURS[number % len(COLOURS)]
        name = (names or {}).get(choice, choice)
        for row, resource in enumerate(resources, start=1):
            series = data["choices"][choice][resource]
            figure.add_trace(go.Scatter(
                x=rounds + rounds[::-1], y=series["p90"] + series["p10"][::-1],
                fill="toself", fillcolor=colour, opacity=0.15, line={"width": 0},
                hoverinfo="skip", showlegend=False, legendgroup=choice), row=row, col=1)
            figure.add_trace(go.Scatter(
                x=rounds, y=series["mean"], mode="lines+markers", name=name,
                line={"color": colour}, legendgroup=choice, showlegend=row == 1,
                hovertemplate=f"{name}<br>"
                              + hover.replace("{resource}",
                                              labels.get(resource, LABELS[resource]))
                              + "<extra></extra>"), row=row, col=1)
            value = data["choices"][choice].get("value")
            if resource == "score" and value is not None:
                _value_marker(figure, row, rounds[-1], series["mean"][-1], value, colour, name,
                              games)
    for feeding in data.get("feeding_rounds", []):
        figure.add_vline(x=feeding, line={"dash": "dot", "color": "grey"})
    figure.update_xaxes(title_text="after round (first point: now)", row=len(resources),
                        col=1, dtick=1)
    figure.update_layout(height=220 * len(resources) + 80, margin={"t": 60, "b": 40},
                         title=f"seat {data['player']}: {data['samples']} samples, model "
                               f"{data['model']}, seed {data['seed']} (band: 10th-90th "
                               "percentile; dotted: Islands)")
    return figure


def _value_marker(figure: go.Figure, row: int, last: int, last_mean: float,
                  value: dict[str, Any], colour: str, name: str,
                  games: Callable[[int], str]) -> None:
    """The choice's value at the end of the game, with its 95 % interval and the games it
    rests on."""
    end = ROUNDS
    if last < end:
        figure.add_trace(go.Scatter(x=[last, end], y=[last_mean, value["mean"]], mode="lines",
                                    line={"color": colour, "dash": "dash"}, hoverinfo="skip",
                                    showlegend=False, legendgroup=name), row=row, col=1)
    figure.add_trace(go.Scatter(
        x=[end], y=[value["mean"]], mode="markers", marker={"symbol": "diamond", "size": 10,
                                                           "color": colour},
        error_y={"type": "data", "array": [value["ci95"]], "visible": True},
        showlegend=False, legendgroup=name,
        hovertemplate=f"{name}<br>%{{y:.2f}} ± {value['ci95']:.2f}"
                      f"{'<br>' + games(value['samples']) if value.get('samples') else ''}"
                      "<extra></extra>"),
        row=row, col=1)
