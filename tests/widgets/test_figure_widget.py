"""plotly's FigureWidget without jsonschema's slow optional IRI checker (see
precog.widgets.figure_widget): a working widget, the checker's package left importable."""

from __future__ import annotations

import subprocess
import sys

CHECK = """
import sys
from precog.widgets.figure_widget import SLOW_OPTIONAL, figure_widget
import plotly.graph_objects as go
fig = figure_widget(go.Figure(go.Scatter(x=[1, 2], y=[3, 4])))
assert type(fig).__name__ == "FigureWidget" and list(fig.data[0].y) == [3, 4]
assert "nbformat" in sys.modules  # plotly's renderers still have nbformat
assert SLOW_OPTIONAL not in sys.modules, "the slow checker was imported"
__import__(SLOW_OPTIONAL)  # still importable by anyone who needs it
print("ok")
"""


def test_the_first_figure_widget_skips_the_iri_checker_and_leaves_it_importable() -> None:
    done = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.stdout.strip() == "ok", done.stderr
