"""A table: a game and who sits at each seat, one way to let the others play, one undo.

Seats are :class:`Human` (the table waits for :meth:`Table.play`), :class:`BotSeat` (a
:class:`~precog.analysis.playing.players.Player`, asked through
:func:`~precog.analysis.playing.players.ask`: it sees only its seat's observation),
:class:`Scripted` (a lesson's moves for that seat, in order, then a policy) or
:class:`StandIn` (a :data:`~precog.engine.playout.Policy` that is handed the whole position:
lesson stand-ins and tests). :meth:`Table.play_until` lets every non-human seat play, through
the engine's one loop (:meth:`~precog.engine.Game.advance`), and undo and redo are the
:class:`~precog.engine.Game`'s.

>>> from precog.engine import new_game
>>> from precog.analysis.arena.bots import RandomBot
>>> table = Table(new_game(players=3, seed=2), {0: Human(), 1: BotSeat(RandomBot(1)),
...                                              2: BotSeat(RandomBot(2))})
>>> table.play_until().to_move
0
>>> _ = table.play(table.legal()[0])   # the human's move; then the bots play on
>>> table.state.to_move, table.undo(0), table.state.to_move
(0, True, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from precog.analysis.basics.errors import AnalysisCode, AnalysisError
from precog.analysis.playing.players import Player, ask, first_legal
from precog.engine import (
    Action,
    Game,
    GameState,
    Phase,
    PrecogError,
    Step,
    legal_actions,
    parse_action,
)
from precog.engine.playout import MAX_ACTIONS, Policy
from precog.engine.problems import Problem
from precog.session.errors import SessionCode

__all__ = ["BotSeat", "Human", "Scripted", "Seat", "StandIn", "Table", "TableError", "Target"]


class TableError(PrecogError):
    """A move the table cannot make: a human's move when another seat is to move, and the
    like (the message names the seat)."""


@dataclass(frozen=True)
class Human:
    """A seat the table never plays: :meth:`Table.play_until` stops when it is to move."""

    name: str = "you"


@dataclass(frozen=True)
class BotSeat:
    """A bot: chooses from its seat's observation (and worlds sampled from it)."""

    player: Player
    name: str = "bot"


@dataclass(frozen=True)
class StandIn:
    """A policy given the whole position (``policy(state, seat)``): a lesson's stand-in."""

    policy: Policy = first_legal
    name: str = "stand-in"


@dataclass(frozen=True)
class Scripted:
    """A lesson's moves for this seat (notation), played in order, then ``then``."""

    moves: tuple[str, ...]
    then: Policy = first_legal
    name: str = "script"


Seat = Human | BotSeat | StandIn | Scripted
Target = int | Step | Phase | Callable[[GameState], bool] | None
"""Where :meth:`Table.play_until` stops: a seat to move, an engine step or phase, a test."""


@dataclass
class Table:
    """A :class:`~precog.engine.Game` and its seats (a mapping seat -> :data:`Seat`; seats
    not given are ``default``)."""

    game: Game
    seats: dict[int, Seat] = field(default_factory=dict)
    default: Seat = field(default_factory=StandIn)

    def __init__(self, game: Game | GameState, seats: Mapping[int, Seat] | Sequence[Seat] = (),
                 default: Seat | None = None) -> None:
        self.game = game if isinstance(game, Game) else Game(game)
        self.seats = dict(seats) if isinstance(seats, Mapping) else dict(enumerate(seats))
        self.default = default if default is not None else StandIn()

    # -- reading --------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.game.state

    def seat(self, number: int) -> Seat:
        return self.seats.get(number, self.default)

    def sit(self, number: int, who: Seat) -> None:
        """Put ``who`` at seat ``number`` (from the next move on)."""
        self.seats[number] = who

    def legal(self) -> list[Action]:
        return legal_actions(self.state)

    @property
    def humans(self) -> list[int]:
        return [s for s in range(self.state.config.players) if isinstance(self.seat(s), Human)]

    def waiting_for_human(self) -> bool:
        """Whether the seat to move is a human (the table cannot play on by itself)."""
        return not self.state.is_over and isinstance(self.seat(self.state.to_move), Human)

    def mover(self, index: int) -> int:
        """The seat that made the game's ``index``-th action."""
        return self.game.states[index].to_move

    def moves_of(self, seat: int, since: int = 0) -> int:
        """How many actions ``seat`` made from action ``since`` on."""
        states = self.game.states
        return sum(1 for i in range(since, len(states) - 1) if states[i].to_move == seat)

    # -- playing --------------------------------------------------------------------------
    def play(self, action: Action | str, then: Target = None) -> GameState:
        """A human seat's move (refused with a reason, nothing changed), then the others play
        on (:meth:`play_until` ``then``)."""
        state = self.state
        if state.is_over:
            raise TableError(Problem.of(SessionCode.TABLE_OVER), input=action, state=state)
        if not isinstance(self.seat(state.to_move), Human):
            raise TableError(Problem.of(SessionCode.TABLE_NOT_HUMAN, seat=state.to_move),
                             input=action, state=state)
        self.game.play(action)
        return self.play_until(then)

    def play_until(self, target: Target = None, limit: int = MAX_ACTIONS) -> GameState:
        """Let the non-human seats play until ``target`` (a seat to move, a step, a phase or a
        test of the position), a human seat is to move, or the game is over."""
        reached = _reached(target)
        return self.game.advance(self._policy(),
                                 lambda s: isinstance(self.seat(s.to_move), Human) or reached(s),
                                 limit)

    def _policy(self) -> Policy:
        def move(state: GameState, seat: int) -> Action:
            who = self.seat(seat)
            if isinstance(who, BotSeat):
                return ask(who.player, state, seat)
            if isinstance(who, Scripted):
                done = self.moves_of(seat)
                if done < len(who.moves):
                    return parse_action(state, who.moves[done])
                return who.then(state, seat)
            if isinstance(who, StandIn):
                return who.policy(state, seat)
            raise AnalysisError(Problem.of(AnalysisCode.HUMAN_SEAT, seat=seat))

        return move

    # -- undo and redo --------------------------------------------------------------------
    def can_undo(self, seat: int, floor: int = 0) -> bool:
        """Whether ``seat`` made a move at or after action ``floor`` that can be taken back."""
        return self.moves_of(seat, floor) > 0

    def undo(self, seat: int, floor: int = 0) -> bool:
        """Take back ``seat``'s last move (not before action ``floor``) and every move after
        it; False (nothing changed) when there is none."""
        if not self.can_undo(seat, floor):
            return False
        while self.game.can_undo():
            self.game.undo()
            if self.state.to_move == seat:
                break
        return True

    def redo(self, seat: int) -> bool:
        """Play ``seat``'s undone move again with the moves that followed it, then let the
        others play on; False when there is nothing to redo."""
        if not self.game.can_redo():
            return False
        self.game.redo()
        while self.game.can_redo() and self.state.to_move != seat and not self.state.is_over:
            self.game.redo()
        self.play_until()
        return True


def _reached(target: Target) -> Callable[[GameState], bool]:
    if target is None:
        return lambda s: False
    if isinstance(target, Step):
        return lambda s: s.step is target
    if isinstance(target, Phase):
        return lambda s: s.phase is target
    if isinstance(target, int):
        return lambda s: s.to_move == target
    return target
