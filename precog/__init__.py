"""precog: a rules engine, tutor and explorer for the board game Precognition.

An unofficial fan project; Precognition, its name and its rules are © Ludonaute.

Imported inside IPython (a notebook), it gives IPython the drawings of a position and a game
(:mod:`precog.render.notebook`), loaded the first time one is shown: the engine itself imports
nothing above it.
"""

import sys
from typing import Any

__version__ = "0.2.0.dev0"
"""The version, written only here (the build reads it; CHANGELOG.md says what changed)."""

LANDING_PATH = "notebooks/index.ipynb"
"""The app's landing page, relative to the folder the app serves."""


def _show(kind: str) -> Any:
    """The notebook drawing ``kind`` of :mod:`precog.render.notebook`, imported when first
    used (a position shown in a notebook), not when ``precog`` is."""

    def draw(value: object) -> str:
        from precog.render import notebook
        from precog.session.speech import speech

        drawing: str = getattr(notebook, kind)(value, speech())
        return drawing

    return draw


def _register_notebook_displays() -> None:
    """In IPython: a ``GameState`` and a ``Game`` display as HTML (by type name, so that the
    engine is not imported here)."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    formatters = getattr(getattr(shell, "display_formatter", None), "formatters", {})
    html = formatters.get("text/html")
    if html is None:
        return
    html.for_type_by_name("precog.engine.state", "GameState", _show("state_html"))
    html.for_type_by_name("precog.engine.game", "Game", _show("game_html"))


_register_notebook_displays()
