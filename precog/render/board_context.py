"""What every part of the board is drawn with: the position, the viewer, the words, the labels.

:class:`BoardContext` carries the state, the seat whose view is drawn (``None``: public), the
words, whether parts get ``data-part`` labels and tooltips, the highlighted parts and the
viewer's observation; :func:`board_context` checks the seat and builds it. The board
(:mod:`precog.render.board`), the River (:mod:`precog.render.river`) and the Boats
(:mod:`precog.render.boat`) draw from it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from precog.engine import GameState, PrecogError, observation
from precog.engine.observation import Observation
from precog.engine.problems import ErrorCode, Problem
from precog.render.speech import Speech
from precog.render.style import attrs


@dataclass(frozen=True)
class BoardContext:
    state: GameState
    viewer: int | None
    labels: bool
    speech: Speech
    highlight: Mapping[str, str] = field(default_factory=dict)
    obs: Observation | None = None

    def say(self, key: str, **values: object) -> str:
        """The board's words (``[board]`` of ``precog/data/words/<lang>/app.toml``)."""
        return self.speech.say(f"board.{key}", **values)

    def a(self, part: str, title: str) -> str:
        return attrs(part, title, self.labels, self.highlight.get(part))

    def note(self, part: str) -> str | None:
        return self.highlight.get(part)


def board_context(state: GameState, viewer: int | None, labels: bool,
             highlight: Mapping[str, str] | None, speech: Speech) -> BoardContext:
    if viewer is not None and not 0 <= viewer < state.n:
        raise PrecogError(Problem.of(ErrorCode.VIEW_SEAT, seat=viewer, top=state.n - 1),
                          input=viewer)
    obs = observation(state, viewer if viewer is not None else 0)
    return BoardContext(state, viewer, labels, speech, dict(highlight or {}), obs)
