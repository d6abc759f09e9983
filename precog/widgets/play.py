"""Play a whole game of Precognition against the bots.

The game is an engine :class:`~precog.engine.Game` (so undo and redo are the engine's); each
decision offers only ``legal_actions``; bots come from :mod:`precog.analysis.bots`.

>>> app = PlayApp(players=2, seed=3, bot="Random")
>>> app.game.state.to_move == app.human
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from precog.engine import Action, Game, GameState, Phase, PrecogError, new_game, to_json
from precog.engine import to_position as position_of
from precog.engine.actions import Choose, ChooseRooms, PassCards
from precog.render.board import seat_name
from precog.widgets.board import BoardView
from precog.widgets.choices import ChoicePanel
from precog.widgets.common import (
    Message,
    button,
    copy_box_html,
    discard,
    download_html,
    read_position,
    steps_html,
    stylesheet,
    uploaded_bytes,
)
from precog.widgets.dropdown import Dropdown
from precog.widgets.figures import game_resources_figure
from precog.widgets.seats import BOT_NAMES, DEFAULT_BOT, Bot, make_bot

SECRET = (Choose, ChooseRooms, PassCards)
MAX_BOT_MOVES = 2000  # a whole game is a few hundred actions; this only guards a stuck bot


class PlayApp(widgets.VBox):
    """The play page: a setup bar, the decision of the moment, the board, log, save and load.

    ``explorer`` builds the hint panel (an :class:`~precog.widgets.explorer.Explorer` by
    default) as ``explorer(state, seat)``.
    """

    def __init__(self, players: int = 3, seat: int = 0, mode: str = "competitive",
                 setup: str = "standard", difficulty: str = "normal", seed: int = 1,
                 bot: str = DEFAULT_BOT, bots: Mapping[str, Callable[[int], Bot]] | None = None,
                 explorer: Callable[[GameState, int], widgets.Widget] | None = None,
                 explorer_url: str = "explorer.ipynb") -> None:
        super().__init__()
        self.add_class("pc-app")
        self.add_class("pc-play")
        self.bot_factories = dict(bots) if bots is not None else None
        names = list(self.bot_factories) if self.bot_factories is not None else list(BOT_NAMES)
        self.explorer_factory = explorer
        self.explorer_url = explorer_url
        self.message = Message()
        self._build_setup(players, seat, mode, setup, difficulty, seed, bot, names)
        self._build_play()
        self.game: Game | None = None
        self.human = seat
        self.bots: dict[int, Bot] = {}
        self.bot_labels: dict[int, str] = {}
        self.children = [stylesheet(), self._title(), self.setup_box, self.message,
                         self.steps, self.toolbar, self.choices, self.result, self.board,
                         self.tabs]
        self.new_game()

    # -- building --------------------------------------------------------------------------
    def _title(self) -> widgets.HTML:
        return widgets.HTML('<div class="pc-title"><span class="pc-title-main">precog</span>'
                            '<span class="pc-title-page">Play against the bots</span>'
                            '<span class="pc-title-note">unofficial fan project · reference '
                            "components</span></div>")

    def _build_setup(self, players: int, seat: int, mode: str, setup: str, difficulty: str,
                     seed: int, bot: str, names: list[str]) -> None:
        self.players_in = widgets.Dropdown(options=[2, 3, 4], value=players,
                                           description="Players")
        self.seat_in = Dropdown(options=list(range(players)), value=seat,
                                description="Your seat")
        self.mode_in = widgets.Dropdown(options=["competitive", "team", "coop"], value=mode,
                                        description="Mode")
        self.difficulty_in = widgets.Dropdown(options=["normal", "hard", "apocalypse"],
                                              value=difficulty, description="Difficulty")
        self.setup_in = widgets.Dropdown(options=["standard", "advanced"], value=setup,
                                         description="Setup")
        self.seed_in = widgets.IntText(value=seed, description="Seed")
        self.bot_in = [widgets.Dropdown(options=names, value=bot if bot in names else names[0],
                                        description=f"Seat {i}") for i in range(4)]
        self.new_button = button("New game", style="primary", icon="play", cls="pc-new-game")
        self.new_button.on_click(lambda _b: self.new_game())
        for w in (self.players_in, self.seat_in, self.mode_in):
            w.observe(lambda _c: self._sync_setup(), names="value")
        for w in (self.players_in, self.seat_in, self.mode_in, self.difficulty_in,
                  self.setup_in, self.seed_in, *self.bot_in):
            w.layout.width = "180px"
            w.style.description_width = "72px"
        self.bots_box = widgets.HBox(self.bot_in)
        self.bots_box.add_class("pc-bots-row")
        row = widgets.HBox([self.players_in, self.seat_in, self.mode_in, self.difficulty_in,
                            self.setup_in, self.seed_in])
        row.add_class("pc-setup-row")
        label = widgets.HTML('<span class="pc-label">Bots</span>')
        self.setup_box = widgets.VBox([row, widgets.HBox([label, self.bots_box,
                                                          self.new_button])])
        self.setup_box.add_class("pc-setup")
        self._sync_setup()

    def _sync_setup(self) -> None:
        n = self.players_in.value
        if list(self.seat_in.options) != list(range(n)):
            old = self.seat_in.value
            self.seat_in.options = list(range(n))
            self.seat_in.value = old if old is not None and old < n else 0
        for i, w in enumerate(self.bot_in):
            w.layout.display = "" if i < n and i != self.seat_in.value else "none"
        self.difficulty_in.disabled = self.mode_in.value != "coop"

    def _build_play(self) -> None:
        self.steps = widgets.HTML()
        self.undo_button = button("Undo", icon="undo", tooltip="take back your last choice")
        self.redo_button = button("Redo", icon="repeat", tooltip="play your undone choice again")
        self.hint_button = button("Hint", icon="lightbulb-o",
                                  tooltip="open the explorer on this decision")
        self.undo_button.on_click(lambda _b: self.undo())
        self.redo_button.on_click(lambda _b: self.redo())
        self.hint_button.on_click(lambda _b: self.hint())
        self.toolbar = widgets.HBox([self.undo_button, self.redo_button, self.hint_button])
        self.toolbar.add_class("pc-toolbar")
        self.choices = ChoicePanel(self.human_plays)
        self.result = widgets.VBox()
        self.result.add_class("pc-result-box")
        self.board = BoardView(labels=True)
        self.game_log = widgets.HTML()
        self.save_html = widgets.HTML()
        self.load_text = widgets.Textarea(placeholder="Paste a position string (pg1.…) or "
                                          "JSON (a position or a saved game)", rows=3)
        self.load_text.layout.width = "100%"
        self.load_button = button("Load pasted text", icon="upload", cls="pc-load")
        self.load_button.on_click(lambda _b: self.load_text_value())
        self.upload = widgets.FileUpload(accept=".json,.txt", multiple=False,
                                         description="Load a file")
        self.upload.observe(lambda _c: self.load_upload(), names="value")
        save = widgets.VBox([self.save_html, widgets.HTML('<div class="pc-sub">Load</div>'),
                             self.load_text, widgets.HBox([self.load_button, self.upload])])
        self.hint_box = widgets.VBox([widgets.HTML(
            '<div class="pc-none">Click Hint on one of your decisions to analyse it.</div>')])
        self.tabs = widgets.Tab([self.game_log, save, self.hint_box])
        for i, title in enumerate(("Game log", "Save / load", "Hint")):
            self.tabs.set_title(i, title)
        self.tabs.add_class("pc-tabs")

    # -- game flow ------------------------------------------------------------------------
    def new_game(self) -> None:
        """Start a game with the setup bar's values; a refused setup keeps the current game."""
        self._sync_setup()
        mode = self.mode_in.value
        try:
            state = new_game(players=self.players_in.value, mode=mode, setup=self.setup_in.value,
                             difficulty=self.difficulty_in.value if mode == "coop" else "normal",
                             seed=self.seed_in.value)
        except PrecogError as err:
            self.message.error("New game", err)
            return
        self._start(Game(state), self.seat_in.value)
        self.message.ok(f"New game: {state.config.players} players, {mode}, seed "
                        f"{state.config.seed}. You are Seat {self.human}.")

    def _start(self, game: Game, seat: int) -> None:
        self.game = game
        self.human = seat
        n = game.state.config.players
        self.bots, self.bot_labels = {}, {}
        for s in range(n):
            if s == seat:
                continue
            name = self.bot_in[s].value
            self.bots[s] = self._make_bot(name, game.state.config.seed * 10 + s)
            self.bot_labels[s] = name
        self._bots_play()
        self.refresh()

    def _make_bot(self, name: str, seed: int) -> Bot:
        if self.bot_factories is not None:
            return self.bot_factories[name](seed)
        return make_bot(name, seed)

    def _bots_play(self) -> None:
        """Let the bots move until it is the human's turn or the game is over."""
        assert self.game is not None
        for _ in range(MAX_BOT_MOVES):
            state = self.game.state
            if state.is_over or state.to_move == self.human:
                return
            try:
                self.game.play(self.bots[state.to_move].act(state))
            except PrecogError as err:  # a bot bug: say so, keep the game as it is
                self.message.error(f"Seat {state.to_move}'s bot", err)
                return
        raise RuntimeError("the bots did not hand the turn back (a bot bug)")

    def human_plays(self, action: Action) -> None:
        """Play the human's ``action`` (from a click), then the bots' answers."""
        game = self.game
        if game is None or game.state.is_over or game.state.to_move != self.human:
            self.message.error("Your choice", "it is not your turn")
            return
        try:
            game.play(action)
        except PrecogError as err:
            self.message.error("Your choice", err)
            return
        self.message.clear()
        self._bots_play()
        self.refresh()

    def undo(self) -> None:
        """Take back the human's last action (and the bots' moves after it)."""
        game = self.game
        if game is None or not any(self._actor(i) == self.human
                                   for i in range(len(game.actions))):
            self.message.info("Nothing of yours to undo.")
            return
        while game.can_undo():
            game.undo()
            if game.state.to_move == self.human:
                break
        self.message.info("Undone.")
        self.refresh()

    def redo(self) -> None:
        """Play the undone action again (and the bots' moves that followed it)."""
        game = self.game
        if game is None or not game.can_redo():
            self.message.info("Nothing to redo.")
            return
        game.redo()
        while game.can_redo() and game.state.to_move != self.human and not game.state.is_over:
            game.redo()
        self._bots_play()
        self.message.info("Redone.")
        self.refresh()

    def _actor(self, i: int) -> int:
        assert self.game is not None
        return self.game.states[i].to_move

    # -- save, load, hint -------------------------------------------------------------------
    def load_text_value(self) -> None:
        self._load(self.load_text.value, "Load (pasted text)")

    def load_upload(self) -> None:
        got = uploaded_bytes(self.upload.value)
        if got is None:
            return
        name, content = got
        self._load(content, f"Load (file {name})")

    def _load(self, text: str | bytes, source: str) -> None:
        try:
            loaded = read_position(text)
        except PrecogError as err:
            self.message.error(source, err)
            return
        game = loaded.game or Game(loaded.state)
        n = game.state.config.players
        seat = self.human if self.human < n else 0
        self.players_in.value = n
        self.seat_in.value = seat
        self._start(game, seat)
        self.message.ok(f"{source}: loaded round {game.state.round}; you are Seat {seat}.")

    def hint(self) -> None:
        """Open the explorer on the human's current decision (in the Hint tab)."""
        state = self.game.state if self.game else None
        if state is None or state.is_over or state.to_move != self.human \
                or state.phase is not Phase.DECISION:
            self.message.info("Hints are for your Decision phase choices (Keep and Give).")
            return
        factory = self.explorer_factory or _default_explorer
        link = (f'<a class="pc-link" target="_blank" href="{escape(self.explorer_url)}?position='
                f'{position_of(state)}&seat={self.human}">open this decision in the Explorer '
                "page</a>")
        old = self.hint_box.children
        for w in old:
            if hasattr(w, "cancel"):
                w.cancel()
        self.hint_box.children = [widgets.HTML(link), factory(state, self.human)]
        discard(old)
        self.tabs.selected_index = 2
        self.message.info("The explorer below ranks your choices.")

    # -- drawing --------------------------------------------------------------------------
    def refresh(self) -> None:
        game = self.game
        assert game is not None
        state = game.state
        self.board.show(state, self.human)
        self.undo_button.disabled = not any(self._actor(i) == self.human
                                            for i in range(len(game.actions)))
        self.redo_button.disabled = not game.can_redo()
        self.hint_button.disabled = state.is_over or state.phase is not Phase.DECISION
        if state.is_over:
            self.choices.show(None)
            self._show_result()
        elif self.result.children:
            old = self.result.children
            self.result.children = []
            discard(old)
            self.choices.show(state)
        else:
            self.choices.show(state)
        self.game_log.value = self._log_html()
        self.save_html.value = self._save_html(state)
        self.steps.value = steps_html(state, len(game.actions))  # last: tests wait on it

    def _show_result(self) -> None:
        assert self.game is not None
        state = self.game.state
        out = state.outcome
        assert out is not None
        names = [self._seat_label(s) for s in range(state.config.players)]
        rows = "".join(
            f'<tr class="{"pc-won" if s in out.winners else ""}"><td>{escape(names[s])}</td>'
            f"<td>{p.healthy}</td><td>{p.contaminated}</td><td>{p.humans}</td>"
            f"<td>{out.scores[s]}</td></tr>" for s, p in enumerate(state.players))
        table = ('<table class="pc-table"><tr><th>Seat</th><th>Healthy</th><th>Contaminated'
                 f"</th><th>Humans</th><th>Score</th></tr>{rows}</table>")
        head = widgets.HTML(f'<div class="pc-result"><div class="pc-result-title">Game over'
                            f'</div><div class="pc-result-reason">{escape(out.reason)}</div>'
                            f"{_tie_break_note(state)}{table}</div>")
        fig = go.FigureWidget(game_resources_figure(self.game.states, names))
        old = self.result.children
        self.result.children = [head, fig]
        discard(old)

    def _seat_label(self, seat: int) -> str:
        assert self.game is not None
        who = "you" if seat == self.human else self.bot_labels.get(seat, "bot")
        return f"{seat_name(self.game.state, seat)} ({who})"

    def _log_html(self) -> str:
        game = self.game
        assert game is not None
        states = game.states
        final = states[-1]
        items = []
        for i, action in enumerate(game.actions):
            before = states[i]
            secret = isinstance(action, SECRET) and before.to_move != self.human and (
                (final.round, final.phase) == (before.round, before.phase))
            text = "chose (secret until everyone has chosen)" if secret else str(action)
            who = "You" if before.to_move == self.human else f"Seat {before.to_move}"
            items.append(f'<li><span class="pc-log-round">R{before.round}</span>'
                         f'<span class="pc-log-who">{who}</span><code>{escape(text)}</code></li>')
        body = "".join(reversed(items)) or '<li class="pc-none">No moves yet.</li>'
        return f'<ol class="pc-log" reversed>{body}</ol>'

    def _save_html(self, state: GameState) -> str:
        assert self.game is not None
        game_file = download_html("precog-game.json", self.game.to_json(),
                                  "Download the game (JSON, with its moves)")
        position_file = download_html("precog-position.json", to_json(state),
                                      "Download this position (JSON)")
        return ('<div class="pc-sub">Position string (paste it in the Explorer or here)</div>'
                f"{copy_box_html(position_of(state))}"
                f'<div class="pc-downloads">{game_file}{position_file}</div>')


def _tie_break_note(state: GameState) -> str:
    out = state.outcome
    assert out is not None
    if state.config.coop:
        text = ("Cooperative: every season's Objectives must be met and the table needs "
                "enough Healthy Humans in total.")
    elif state.config.mode == "team":
        text = ("Teams: Seats 0+1 against 2+3. Most Healthy Humans wins; a tie goes to the "
                "team with more Contaminated Humans; still tied, the win is shared.")
    else:
        text = ("Most Healthy Humans wins; a tie goes to the most Humans in all (Healthy + "
                "Contaminated); still tied, the win is shared.")
    return f'<div class="pc-tiebreak"><b>How the winner is decided.</b> {escape(text)}</div>'


def _default_explorer(state: GameState, seat: int) -> Any:
    from precog.widgets.explorer import Explorer

    return Explorer(state=state, seat=seat, compact=True)
