"""plotly's ``FigureWidget``, imported without the seconds one optional checker costs.

The first ``go.FigureWidget`` imports ``plotly.io._renderers``, which imports ``nbformat``, whose
schema validator imports ``jsonschema._format``, which (when installed, as Jupyter's
``jsonschema[format-nongpl]`` installs it) imports ``rfc3987_syntax``: that module compiles
about 35 Lark parsers at import, a second or more (``python -X importtime`` shows it), to
check the "iri" string format no schema of the app's stack uses
(python-jsonschema/jsonschema#1428 and #1392). A page's first figure therefore arrived seconds
late. :func:`figure_widget` imports the widget with ``rfc3987_syntax`` marked absent, so
jsonschema simply leaves out its two IRI checks (what it does whenever that package is not
installed); the package itself stays importable afterwards.
"""

from __future__ import annotations

import sys
from typing import Any

SLOW_OPTIONAL = "rfc3987_syntax"  # only jsonschema's optional "iri" format checker uses it


def _import_widget_module() -> None:
    """Import plotly's widget machinery once, with :data:`SLOW_OPTIONAL` hidden meanwhile."""
    if "plotly.basewidget" in sys.modules:
        return
    hidden = SLOW_OPTIONAL not in sys.modules and "jsonschema._format" not in sys.modules
    if hidden:
        sys.modules[SLOW_OPTIONAL] = None  # type: ignore[assignment]  # import: ImportError
    try:
        import plotly.basewidget  # noqa: F401  (imports plotly.io._renderers, nbformat)
    finally:
        if hidden and sys.modules.get(SLOW_OPTIONAL, 0) is None:
            del sys.modules[SLOW_OPTIONAL]


def figure_widget(figure: Any = None) -> Any:
    """``plotly.graph_objects.FigureWidget(figure)``, its first import made quick."""
    _import_widget_module()
    import plotly.graph_objects as go

    return go.FigureWidget(figure)
