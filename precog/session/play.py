"""The model behind the play page: one human seat, bots at the others, on a :class:`Table`.

No widget here: the page draws what this holds and forwards clicks to it.

>>> from precog.analysis.arena.bots import RandomBot
>>> play = PlaySession(lambda name, seed: RandomBot(seed))
>>> play.start(new_game(players=2, seed=3), seat=0, bots={1: "Random"})
>>> play.state.to_move == play.human, play.can_undo
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from precog.analysis.playing.players import Player
from precog.engine import Action, Game, GameState, Phase, PrecogError, new_game, read_position
from precog.engine.actions import Choose, ChooseRooms, PassCards
from precog.engine.problems import Problem
from precog.engine.view import SeatView, view_of
from precog.session.ahead import BotsAhead
from precog.session.errors import SessionCode
from precog.session.hint import hint_unavailable
from precog.session.lines import move_text
from precog.session.table import BotSeat, Human, Seat, StandIn, Table, TableError
from precog.session.words import DEFAULT_LANGUAGE

SECRET = (Choose, ChooseRooms, PassCards)

BotFactory = Callable[[str, int], Any]
"""``factory(name, seed)``: a :class:`~precog.analysis.playing.players.Player`, a policy
``(state, seat) -> action``, or an object with ``act(state)`` (a stand-in given the whole
position)."""


def seat_for(bot: Any, name: str) -> Seat:
    """The table seat for what a bot factory made (see :data:`BotFactory`)."""
    if hasattr(bot, "choose"):
        player: Player = bot
        return BotSeat(player, name)
    if hasattr(bot, "act"):
        act = bot.act
        return StandIn(lambda state, seat: act(state), name)
    return StandIn(bot, name)


@dataclass(frozen=True)
class BotFailure:
    """A bot that raised instead of moving (a bot bug): the game stays as it was."""

    seat: int
    error: PrecogError


@dataclass(frozen=True)
class LogEntry:
    """One move in the game log: hidden when another seat's secret choice is still secret."""

    round: int
    seat: int
    mine: bool
    text: str | None  # None: a secret choice, not yet revealed


class PlaySession:
    """A game against the bots: start, the human's moves, undo and redo, the log."""

    def __init__(self, bot_factory: BotFactory, background: bool = True) -> None:
        self.bot_factory = bot_factory
        self.ahead = BotsAhead(background)
        self.table: Table | None = None
        self.human = 0
        self.bot_names: dict[int, str] = {}
        self.failure: BotFailure | None = None
        self._words: dict[tuple[int, int, Action, str], str] = {}

    # -- reading --------------------------------------------------------------------------
    @property
    def game(self) -> Game | None:
        return self.table.game if self.table is not None else None

    @property
    def state(self) -> GameState:
        return self._table.state

    @property
    def _table(self) -> Table:
        if self.table is None:
            raise TableError(Problem.of(SessionCode.TABLE_NO_GAME))
        return self.table

    @property
    def my_turn(self) -> bool:
        return self.table is not None and self._table.waiting_for_human()

    @property
    def can_undo(self) -> bool:
        return self.table is not None and self._table.can_undo(self.human)

    @property
    def can_redo(self) -> bool:
        return self.table is not None and self._table.game.can_redo()

    @property
    def can_hint(self) -> bool:
        """Whether the human has a decision the hint can rank now (any of the rounds')."""
        return self.my_turn and self.no_hint() is None

    def no_hint(self, lang: str = DEFAULT_LANGUAGE) -> str | None:
        """Why there is no hint now, in ``lang`` (None when there is one)."""
        if self.table is None:
            return None
        return hint_unavailable(self.state, self.human, self.my_turn, lang)

    def view(self) -> SeatView:
        """What the human's seat sees now: all a hint is given (never the whole position)."""
        return view_of(self.state, self.human)

    # -- playing --------------------------------------------------------------------------
    def new(self, seat: int, bots: Mapping[int, str], **setup: Any) -> GameState:
        """A new game (``new_game`` arguments); a refused setup raises and changes nothing."""
        state = new_game(**setup)
        self.start(Game(state), seat, bots)
        return state

    def start(self, game: Game | GameState, seat: int, bots: Mapping[int, str]) -> None:
        """Seat the human at ``seat`` and the named bots (seeded by the game's seed) at the
        others, then let the bots play up to the human's first decision."""
        table = Table(game)
        n = table.state.config.players
        self.human, self.bot_names = seat, {}
        table.sit(seat, Human())
        for s in range(n):
            if s != seat:
                name = bots[s]
                table.sit(s, seat_for(self.bot_factory(name, table.state.config.seed * 10 + s),
                                      name))
                self.bot_names[s] = name
        self.table = table
        self.bots_play()

    def read(self, text: str | bytes, components: Any = None) -> tuple[Game, int]:
        """A position string, JSON position or saved game to play (start it with
        :meth:`start`), and the human's seat in it: the same seat, or seat 0 when the game has
        fewer seats. A bad text raises :class:`PrecogError` and changes nothing.
        ``components``: the box the text was played with (default: the reference set)."""
        loaded = read_position(text, components)
        game = loaded.game or Game(loaded.state)
        return game, self.human if self.human < game.state.config.players else 0

    def bots_play(self) -> BotFailure | None:
        """Let the bots move until it is the human's turn or the game is over; a bot that
        raises is reported (:attr:`failure`) and the game stays as it was before its move."""
        self.failure = None
        try:
            self._table.play_until()
        except PrecogError as err:
            self.failure = BotFailure(self.state.to_move, err)
            return self.failure
        if not self.state.is_over and not self.my_turn:
            raise RuntimeError("the bots did not hand the turn back (a bot bug)")
        self.ahead.start(self._table, self.human)
        return None

    def play(self, action: Action) -> None:
        """The human's move (raises :class:`PrecogError` with the reason when refused, the
        game unchanged), then the bots' answers."""
        if not self.my_turn:
            raise TableError(Problem.of(SessionCode.TABLE_NOT_YOUR_TURN), input=action)
        game = self._table.game
        before = game.state
        ahead = self.ahead.take(before)
        game.play(action)
        for seat in sorted(ahead):  # the bots' secret choices, made while you were choosing
            if game.state.phase is Phase.DECISION and game.state.to_move == seat:
                game.play(ahead[seat])
        self.bots_play()

    def undo(self) -> bool:
        """Take back the human's last move and the bots' moves after it."""
        if self.table is None or not self._table.undo(self.human):
            return False
        self.ahead.start(self._table, self.human)
        return True

    def redo(self) -> bool:
        """Play the undone move again (and the bots' moves that followed), then play on."""
        if self.table is None or not self._table.game.can_redo():
            return False
        self.failure = None
        try:
            self._table.redo(self.human)
        except PrecogError as err:
            self.failure = BotFailure(self.state.to_move, err)
            return True
        self.ahead.start(self._table, self.human)
        return True

    # -- the log --------------------------------------------------------------------------
    def log(self, lang: str = DEFAULT_LANGUAGE) -> list[LogEntry]:
        """Every move so far, oldest first, in words (cards and rooms by name); another seat's
        secret choice stays hidden until every seat has chosen."""
        game = self._table.game
        states, final = game.states, game.state
        out = []
        for i, action in enumerate(game.actions):
            before = states[i]
            mine = before.to_move == self.human
            secret = isinstance(action, SECRET) and not mine and (
                (final.round, final.phase) == (before.round, before.phase))
            out.append(LogEntry(before.round, before.to_move, mine,
                                None if secret else self._said(game, i, lang)))
        return out

    def _said(self, game: Game, i: int, lang: str) -> str:
        """Move ``i`` of ``game`` in words, worked out once (the log is redrawn every move)."""
        action = game.actions[i]
        key = (id(game), i, action, lang)
        if key not in self._words:
            if len(self._words) > 4096:
                self._words.clear()
            before = game.states[i]
            self._words[key] = move_text(action, lang, before, before.to_move)
        return self._words[key]
