"""precog's rules engine: the complete game of Precognition as pure, immutable data.

>>> from precog.engine import new_game, legal_actions, apply
>>> state = new_game(players=3, seed=1)
>>> state = apply(state, legal_actions(state)[0])
>>> state.to_move
1
"""

from precog.engine.actions import Action, parse_action_text
from precog.engine.components import Card, CardType, Components, Gains
from precog.engine.data_loading import load_components, reference_components
from precog.engine.errors import (
    ActionParseError,
    DataError,
    IllegalActionError,
    OptionError,
    PositionError,
    PrecogError,
)
from precog.engine.game import Game, LoadedPosition, read_position, replay
from precog.engine.observation import (
    Observation,
    WorldSampler,
    chance_outcomes,
    determinize,
    observation,
    river_chances,
)
from precog.engine.plain_text import render_text
from precog.engine.problems import ErrorCode, Problem
from precog.engine.refusals import Refusal, RefusalCode
from precog.engine.rules import apply, legal_actions, parse_action, why_illegal
from precog.engine.serialize import from_json, from_position, to_json, to_position
from precog.engine.setup import new_game
from precog.engine.state import (
    GameConfig,
    GameState,
    Outcome,
    Phase,
    PlayerState,
    RuleOptions,
    Step,
)
from precog.engine.wording import error_text

__all__ = [
    "Action",
    "ActionParseError",
    "Card",
    "CardType",
    "Components",
    "DataError",
    "ErrorCode",
    "Gains",
    "Game",
    "GameConfig",
    "GameState",
    "IllegalActionError",
    "LoadedPosition",
    "Observation",
    "OptionError",
    "Outcome",
    "Phase",
    "PlayerState",
    "PositionError",
    "PrecogError",
    "Problem",
    "Refusal",
    "RefusalCode",
    "RuleOptions",
    "Step",
    "WorldSampler",
    "apply",
    "chance_outcomes",
    "determinize",
    "error_text",
    "from_json",
    "from_position",
    "legal_actions",
    "load_components",
    "new_game",
    "observation",
    "parse_action",
    "parse_action_text",
    "read_position",
    "reference_components",
    "render_text",
    "replay",
    "river_chances",
    "to_json",
    "to_position",
    "why_illegal",
]
