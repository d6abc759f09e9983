"""A game in progress: a start position, the actions played, undo and redo.

>>> game = Game(new_game(players=2, seed=3))
>>> _ = game.play(str(legal_actions(game.state)[0]))
>>> len(game.actions), game.undo() is not None, len(game.actions)
(1, True, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from precog.engine.actions import Action
from precog.engine.errors import PositionError, PrecogError
from precog.engine.playout import MAX_ACTIONS, Policy, play_on
from precog.engine.problems import ErrorCode, Problem
from precog.engine.rules import apply, legal_actions, parse_action
from precog.engine.serialize import MAX_POSITION_BYTES, from_json, from_position, load_json, to_json
from precog.engine.setup import new_game
from precog.engine.state import GameState

__all__ = ["Game", "LoadedPosition", "legal_actions", "new_game", "read_position", "replay"]

MAX_GAME_ACTIONS = 2_000  # a real game has about 100 to 400 choices


class Game:
    """Holds the positions of one game so that moves can be undone and redone."""

    def __init__(self, start: GameState) -> None:
        self._states: list[GameState] = [start]
        self._actions: list[Action] = []
        self._redo: list[Action] = []

    @property
    def state(self) -> GameState:
        return self._states[-1]

    @property
    def start(self) -> GameState:
        return self._states[0]

    @property
    def actions(self) -> list[Action]:
        return list(self._actions)

    @property
    def states(self) -> list[GameState]:
        return list(self._states)

    def __repr__(self) -> str:
        s = self.state
        where = "over" if s.is_over else f"round {s.round} {s.phase.value}"
        return (f"<Game {len(self._actions)} moves, {where} "
                f"({s.config.players} players, {s.config.mode})>")

    def play(self, action: Action | str) -> GameState:
        """Play an action (or its notation); on a refusal nothing changes."""
        act = parse_action(self.state, action) if isinstance(action, str) else action
        nxt = apply(self.state, act)
        self._states.append(nxt)
        self._actions.append(act)
        self._redo.clear()
        return nxt

    def advance(self, policy: Policy, until: Callable[[GameState], bool] | None = None,
                limit: int = MAX_ACTIONS) -> GameState:
        """Let ``policy`` play (:func:`~precog.engine.playout.play_on`) until ``until`` holds or
        the game is over, keeping every move for undo. If ``policy`` raises, the moves before
        it are kept."""

        def keep(before: GameState, action: Action, after: GameState) -> None:
            self._states.append(after)
            self._actions.append(action)
            self._redo.clear()

        return play_on(self.state, policy, until, on_move=keep, limit=limit)

    def can_undo(self) -> bool:
        return bool(self._actions)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> Action | None:
        if not self._actions:
            return None
        self._states.pop()
        act = self._actions.pop()
        self._redo.append(act)
        return act

    def redo(self) -> Action | None:
        if not self._redo:
            return None
        act = self._redo.pop()
        self._states.append(apply(self.state, act))
        self._actions.append(act)
        return act

    def to_json(self) -> dict[str, Any]:
        return {"format": "precog-game", "version": 1, "start": to_json(self.start),
                "actions": [str(a) for a in self._actions]}

    @classmethod
    def from_json(cls, data: Any, components: Any = None) -> Game:
        """Load a saved game; a bad action names its number and why it is refused."""
        if not isinstance(data, dict) or data.get("format") != "precog-game":
            raise PositionError(Problem.of(ErrorCode.POSITION_GAME_FORMAT))
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise PositionError(Problem.of(ErrorCode.POSITION_GAME_ACTIONS))
        if len(actions) > MAX_GAME_ACTIONS:
            raise PositionError(Problem.of(ErrorCode.POSITION_GAME_LONG, n=len(actions),
                                           top=MAX_GAME_ACTIONS))
        game = cls(from_json(data.get("start"), components))
        for i, text in enumerate(actions):
            try:
                game.play(text)
            except ValueError as err:
                raise PositionError(Problem.of(ErrorCode.POSITION_GAME_ACTION, n=i + 1,
                                               action=_short(text),
                                               reason=_reason(err)), input=text, state=game.state) \
                    from None
        return game


def replay(actions: Iterable[Action | str], **setup: Any) -> Game:
    """Replay a game from its setup (``new_game`` arguments, seed included) and actions."""
    game = Game(new_game(**setup))
    for act in actions:
        game.play(act)
    return game


def _reason(err: ValueError) -> Problem | str:
    """A nested error's problem (said in the outer error's language), else its text."""
    return err.problem if isinstance(err, PrecogError) and err.problem is not None else str(err)


def _short(value: object) -> str:
    return repr(value)[:40] if isinstance(value, str) else type(value).__name__


@dataclass(frozen=True)
class LoadedPosition:
    """What a user's text held: a position, and the whole game when it was a saved game."""

    state: GameState
    game: Game | None = None


EXPECTED = ("expected a position string (pg1.<data>.<check>), a JSON position or a saved game "
            "(JSON)")


def read_position(text: str | bytes, components: Any = None) -> LoadedPosition:
    """A position from any accepted text: a position string, a JSON position or a saved game.

    The one reader for user text (the CLI, the app's address, uploads and pasted text): at most
    :data:`~precog.engine.serialize.MAX_POSITION_BYTES`, every field bounded; any fault raises
    :class:`PositionError` saying what was expected. Never evaluates the text.
    """
    if not isinstance(text, str | bytes):
        raise PositionError(Problem.of(ErrorCode.POSITION_READ_TYPE,
                                       expected=Problem.of(ErrorCode.POSITION_EXPECTED),
                                   got=type(text).__name__))
    if len(text) > 2 * MAX_POSITION_BYTES:
        raise PositionError(Problem.of(ErrorCode.POSITION_READ_LONG, n=len(text),
                                   expected=Problem.of(ErrorCode.POSITION_EXPECTED)))
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise PositionError(Problem.of(ErrorCode.POSITION_READ_UTF8,
                                           expected=Problem.of(ErrorCode.POSITION_EXPECTED))) \
                from None
    text = text.strip()
    if not text:
        raise PositionError(Problem.of(ErrorCode.POSITION_READ_EMPTY,
                                       expected=Problem.of(ErrorCode.POSITION_EXPECTED)))
    if text.startswith("{"):
        data = load_json(text)
        if isinstance(data, dict) and data.get("format") == "precog-game":
            game = Game.from_json(data, components)
            return LoadedPosition(game.state, game)
        return LoadedPosition(from_json(data, components))
    if text.startswith("pg"):
        return LoadedPosition(from_position(text, components))
    shown = repr(text[:24]) + ("..." if len(text) > 24 else "")
    raise PositionError(Problem.of(ErrorCode.POSITION_READ_OTHER,
                                   expected=Problem.of(ErrorCode.POSITION_EXPECTED), got=shown),
                        input=text)
