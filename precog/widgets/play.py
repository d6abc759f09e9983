"""Play a whole game of Precognition against the bots.

A thin view of :class:`~precog.session.play.PlaySession` (a table: the human's seat, bots at
the others, undo and redo from the engine's :class:`~precog.engine.Game`): it draws the
position and forwards clicks; each decision offers only ``legal_actions``.

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

from precog.engine import Action, Game, GameState, PrecogError, to_json
from precog.engine import to_position as position_of
from precog.render.board import seat_name
from precog.session.play import LogEntry, PlaySession
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
from precog.widgets.figures import game_resources_figure
from precog.widgets.play_setup import SetupBar
from precog.widgets.seats import BOT_NAMES, DEFAULT_BOT, make_bot


class PlayApp(widgets.VBox):
    """The play page: a setup bar, the decision of the moment, the board, log, save and load.

    ``bots`` maps a bot name to a factory ``factory(seed)`` (a bot, a policy or an object with
    ``act(state)``); ``explorer`` builds the hint panel (an
    :class:`~precog.widgets.explorer.Explorer` by default) as ``explorer(state, seat)``.
    """

    def __init__(self, players: int = 3, seat: int = 0, mode: str = "competitive",
                 setup: str = "standard", difficulty: str = "normal", seed: int = 1,
                 bot: str = DEFAULT_BOT, bots: Mapping[str, Callable[[int], Any]] | None = None,
                 explorer: Callable[[GameState, int], widgets.Widget] | None = None,
                 explorer_url: str = "explorer.ipynb") -> None:
        super().__init__()
        self.add_class("pc-app")
        self.add_class("pc-play")
        factories = dict(bots) if bots is not None else None
        names = list(factories) if factories is not None else list(BOT_NAMES)
        self.session = PlaySession(
            (lambda name, s: factories[name](s)) if factories is not None else make_bot)
        self.explorer_factory = explorer
        self.explorer_url = explorer_url
        self.message = Message()
        self.setup_bar = SetupBar(players, seat, mode, setup, difficulty, seed, bot, names,
                                  on_new=self.new_game)
        for name in ("players_in", "seat_in", "mode_in", "difficulty_in", "setup_in",
                     "seed_in", "bot_in", "new_button"):
            setattr(self, name, getattr(self.setup_bar, name))
        self._build_play()
        self.children = [stylesheet(), self._title(), self.setup_bar, self.message,
                         self.steps, self.toolbar, self.choices, self.result, self.board,
                         self.tabs]
        self.new_game()

    @property
    def game(self) -> Game | None:
        return self.session.game

    @property
    def human(self) -> int:
        return self.session.human

    # -- building --------------------------------------------------------------------------
    def _title(self) -> widgets.HTML:
        return widgets.HTML('<div class="pc-title"><span class="pc-title-main">precog</span>'
                            '<span class="pc-title-page">Play against the bots</span>'
                            '<span class="pc-title-note">unofficial fan project · reference '
                            "components</span></div>")

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

    # -- game flow: forwarded to the session -------------------------------------------------
    def new_game(self) -> None:
        """Start a game with the setup bar's values; a refused setup keeps the current game."""
        bar = self.setup_bar
        bar.sync()
        try:
            state = self.session.new(bar.seat_in.value, bar.bots(), **bar.setup())
        except PrecogError as err:
            self.message.error("New game", err)
            return
        self._after_bots()
        self.refresh()
        self.message.ok(f"New game: {state.config.players} players, {state.config.mode}, seed "
                        f"{state.config.seed}. You are Seat {self.human}.")

    def _after_bots(self) -> None:
        failure = self.session.failure
        if failure is not None:  # a bot bug: say so, keep the game as it is
            self.message.error(f"Seat {failure.seat}'s bot", failure.error)

    def human_plays(self, action: Action) -> None:
        """Play the human's ``action`` (from a click), then the bots' answers."""
        try:
            self.session.play(action)
        except PrecogError as err:
            self.message.error("Your choice", err)
            return
        self.message.clear()
        self._after_bots()
        self.refresh()

    def undo(self) -> None:
        """Take back the human's last action (and the bots' moves after it)."""
        if not self.session.undo():
            self.message.info("Nothing of yours to undo.")
            return
        self.message.info("Undone.")
        self.refresh()

    def redo(self) -> None:
        """Play the undone action again (and the bots' moves that followed it)."""
        if not self.session.redo():
            self.message.info("Nothing to redo.")
            return
        self.message.info("Redone.")
        self._after_bots()
        self.refresh()

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
        self.session.start(game, seat, self.setup_bar.bots())
        self._after_bots()
        self.refresh()
        self.message.ok(f"{source}: loaded round {game.state.round}; you are Seat {seat}.")

    def hint(self) -> None:
        """Open the explorer on the human's current decision (in the Hint tab)."""
        if not self.session.can_hint:
            self.message.info("Hints are for your Decision phase choices (Keep and Give).")
            return
        state = self.session.state
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
        session = self.session
        game = session.game
        assert game is not None
        state = game.state
        self.board.show(state, self.human)
        self.undo_button.disabled = not session.can_undo
        self.redo_button.disabled = not session.can_redo
        self.hint_button.disabled = not session.can_hint
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
        self.game_log.value = log_html(session.log())
        self.save_html.value = save_html(game)
        self.steps.value = steps_html(state, len(game.actions))  # last: tests wait on it

    def _show_result(self) -> None:
        game = self.session.game
        assert game is not None
        names = [self._seat_label(s) for s in range(game.state.config.players)]
        fig = go.FigureWidget(game_resources_figure(game.states, names))
        old = self.result.children
        self.result.children = [widgets.HTML(result_html(game.state, names)), fig]
        discard(old)

    def _seat_label(self, seat: int) -> str:
        who = "you" if seat == self.human else self.session.bot_names.get(seat, "bot")
        return f"{seat_name(self.session.state, seat)} ({who})"


def result_html(state: GameState, names: list[str]) -> str:
    """The final table: each seat's Humans and score, winners marked, the tie-break rule."""
    out = state.outcome
    assert out is not None
    rows = "".join(
        f'<tr class="{"pc-won" if s in out.winners else ""}"><td>{escape(names[s])}</td>'
        f"<td>{p.healthy}</td><td>{p.contaminated}</td><td>{p.humans}</td>"
        f"<td>{out.scores[s]}</td></tr>" for s, p in enumerate(state.players))
    table = ('<table class="pc-table"><tr><th>Seat</th><th>Healthy</th><th>Contaminated'
             f"</th><th>Humans</th><th>Score</th></tr>{rows}</table>")
    return (f'<div class="pc-result"><div class="pc-result-title">Game over'
            f'</div><div class="pc-result-reason">{escape(out.reason)}</div>'
            f"{_tie_break_note(state)}{table}</div>")


def log_html(entries: list[LogEntry]) -> str:
    """The game log, newest first (secret choices of other seats hidden)."""
    items = []
    for e in entries:
        text = "chose (secret until everyone has chosen)" if e.text is None else e.text
        who = "You" if e.mine else f"Seat {e.seat}"
        items.append(f'<li><span class="pc-log-round">R{e.round}</span>'
                     f'<span class="pc-log-who">{who}</span><code>{escape(text)}</code></li>')
    body = "".join(reversed(items)) or '<li class="pc-none">No moves yet.</li>'
    return f'<ol class="pc-log" reversed>{body}</ol>'


def save_html(game: Game) -> str:
    """The position string to copy and the two downloads (the game, this position)."""
    state = game.state
    game_file = download_html("precog-game.json", game.to_json(),
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
