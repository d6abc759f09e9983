"""Play a whole game of Precognition against the bots.

A thin view of :class:`~precog.session.play.PlaySession` (a table: the human's seat, bots at
the others, undo and redo from the engine's :class:`~precog.engine.Game`): it draws the
position and forwards clicks; each decision offers only ``legal_actions`` (the refused ones
nearby greyed, with the reason). The hint beside the board (:mod:`precog.widgets.hint`) sees
only what the human's seat sees.

>>> app = PlayApp(players=2, seed=3, bot="Random")
>>> app.game.state.to_move == app.human
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape
from typing import Any

import ipywidgets as widgets

from precog.engine import Action, Game, GameState, PrecogError
from precog.render.board import seat_name
from precog.session.hint import HintAnswer
from precog.session.language import page_language
from precog.session.lines import bot_name
from precog.session.play import LogEntry, PlaySession
from precog.session.speech import speech
from precog.session.words import DEFAULT_LANGUAGE, words
from precog.widgets import play_tabs
from precog.widgets.board import LiveBoard
from precog.widgets.box import BoxSource
from precog.widgets.choices import ChoicePanel
from precog.widgets.common import (
    Message,
    button,
    replace_children,
    steps_html,
    stylesheet,
    title,
)
from precog.widgets.figure_widget import figure_widget
from precog.widgets.figures import game_resources_figure
from precog.widgets.hint import HintPanel
from precog.widgets.play_setup import SaveLoad, SetupBar
from precog.widgets.review import GameReview
from precog.widgets.seats import BOT_NAMES, DEFAULT_BOT, make_bot
from precog.widgets.shared import share_parts


class PlayApp(widgets.VBox):
    """The play page: a setup bar, the decision of the moment, the board with the hint beside
    it, the log, save and load.

    ``bots`` maps a bot name to a factory ``factory(seed)`` (a bot, a policy or an object with
    ``act(state)``). The hint is given the human seat's view only
    (:meth:`~precog.session.play.PlaySession.view`).
    """

    def __init__(self, players: int = 3, seat: int = 0, mode: str = "competitive",
                 setup: str = "standard", difficulty: str = "normal", seed: int = 1,
                 bot: str = DEFAULT_BOT, bots: Mapping[str, Callable[[int], Any]] | None = None,
                 explorer_url: str = "explorer.ipynb", lang: str | None = None,
                 background: bool = True) -> None:
        super().__init__()
        self.lang = page_language() if lang is None else lang
        self.background = background
        self.w = words(self.lang)
        self.add_class("pc-app")
        self.add_class("pc-play")
        factories = dict(bots) if bots is not None else None
        names = list(factories) if factories is not None else list(BOT_NAMES)
        self.session = PlaySession(
            (lambda name, s: factories[name](s)) if factories is not None else make_bot,
            background)
        self.message = Message(self.lang)
        self.setup_bar = SetupBar(players, seat, mode, setup, difficulty, seed, bot, names,
                                  on_new=self.new_game, lang=self.lang)
        for name in ("players_in", "seat_in", "mode_in", "difficulty_in", "supplies_in",
                     "setup_in", "seed_in", "rooms_in", "bot_in", "new_button"):
            setattr(self, name, getattr(self.setup_bar, name))
        self.hint_panel = HintPanel(self.hint, explorer_url, self.lang, background,
                                    on_answer=self._hint_answered)
        self.hint_button = self.hint_panel.ask_button
        self._build_play()
        self.title = title("play.title", self.lang)
        self.children = [stylesheet(), self.title, self.setup_bar,
                         self.message, self.steps, self.toolbar, self.table, self.tabs]
        self.new_game()
        share_parts(self)  # one model for the layouts (styles) of equal values

    @property
    def game(self) -> Game | None:
        return self.session.game

    @property
    def human(self) -> int:
        return self.session.human

    def _build_play(self) -> None:
        say = self.w.say
        self.steps = widgets.HTML()
        self.undo_button = button(say("play.undo"), icon="undo", tooltip=say("play.undo_tip"))
        self.redo_button = button(say("play.redo"), icon="repeat", tooltip=say("play.redo_tip"))
        self.undo_button.on_click(lambda _b: self.undo())
        self.redo_button.on_click(lambda _b: self.redo())
        self.toolbar = widgets.HBox([self.undo_button, self.redo_button])
        self.toolbar.add_class("pc-toolbar")
        self.choices = ChoicePanel(self.human_plays, self.lang)
        self.result = widgets.VBox()
        self.game_review = GameReview(self.hint_panel.explorer_url, self.lang, self.background)
        self.result.add_class("pc-result-box")
        self.board = LiveBoard(labels=True, lang=self.lang)
        play = widgets.VBox([self.choices, self.result, self.game_review, self.board])
        play.add_class("pc-play-main")
        self.table = widgets.HBox([play, self.hint_panel])
        self.table.add_class("pc-play-table")
        self._save_load: SaveLoad | None = None
        self._box_source: BoxSource | None = None
        self.game_log, self.tabs = play_tabs.build_tabs(self)  # Save / load, Your box: lazy

    # -- the lower tabs and loading a saved game (in play_tabs) -------------------------
    _tab_opened = play_tabs.tab_opened
    save_load = property(play_tabs.save_load)
    box_source = property(play_tabs.box_source)
    _components = play_tabs.components
    load_text_value = play_tabs.load_text_value
    load_upload = play_tabs.load_upload
    _load = play_tabs.load
    _draw_save = play_tabs.draw_save
    save_html = property(lambda self: self.save_load.save_html)
    load_text = property(lambda self: self.save_load.load_text)
    load_button = property(lambda self: self.save_load.load_button)
    upload = property(lambda self: self.save_load.upload)
    # a load's message sits under its Load button
    load_message = property(lambda self: self.save_load.message)

    # -- game flow: forwarded to the session -------------------------------------------------
    def new_game(self) -> None:
        """Start a game with the setup bar's values; a refused setup keeps the current game."""
        bar = self.setup_bar
        bar.sync()
        try:
            setup = bar.setup()
            if self._components() is not None:  # your box (else the reference set)
                setup["components"] = self._components()
            state = self.session.new(bar.seat_in.value, bar.bots(), **setup)
        except PrecogError as err:
            self.message.error(self.w.say("play.new_game"), err)
            return
        self._after_bots()
        self.refresh()
        self.message.ok(self.w.say("play.started", players=state.config.players,
                                   mode=self.w.say(f"text.mode_{state.config.mode}"),
                                   seed=state.config.seed, seat=self.human))

    def _after_bots(self) -> None:
        failure = self.session.failure
        if failure is not None:  # a bot bug: say so, keep the game as it is
            self.message.error(self.w.say("play.bot_of", seat=failure.seat), failure.error)

    def human_plays(self, action: Action) -> None:
        """Play the human's ``action`` (from a click), then the bots' answers."""
        try:
            self.session.play(action)
        except PrecogError as err:
            self.message.error(self.w.say("play.your_choice"), err)
            return
        self.message.clear()
        self._after_bots()
        self.refresh()

    def undo(self) -> None:
        """Take back the human's last action (and the bots' moves after it)."""
        done = self.session.undo()
        self.message.info(self.w.say("play.undone" if done else "play.nothing_to_undo"))
        if done:
            self.refresh()

    def redo(self) -> None:
        """Play the undone action again (and the bots' moves that followed it)."""
        if not self.session.redo():
            self.message.info(self.w.say("play.nothing_to_redo"))
            return
        self.message.info(self.w.say("play.redone"))
        self._after_bots()
        self.refresh()

    # -- hint ---------------------------------------------------------------------------
    def hint(self) -> None:
        """Rank the human's choices at this decision beside the board, from its seat's view
        only."""
        reason = self.session.no_hint(self.lang)
        if reason is not None:
            self.message.info(reason)
            self.hint_panel.unavailable(reason)
            return
        self.hint_panel.show(self.session.view())

    def _hint_answered(self, answer: HintAnswer | None) -> None:
        """Outside a Keep/Give, the options the hint ranked are marked on their buttons."""
        ranked = [r.action for r in answer.rows] if answer and answer.step != "choose" else []
        self.choices.mark(ranked)

    # -- drawing --------------------------------------------------------------------------
    def refresh(self) -> None:
        session = self.session
        game = session.game
        assert game is not None
        state = game.state
        self.board.show(state, self.human)
        self.undo_button.disabled = not session.can_undo
        self.redo_button.disabled = not session.can_redo
        self.hint_panel.unavailable(session.no_hint(self.lang))
        self.game_review.offer(game if state.is_over else None, self.human)
        if state.is_over:
            self.choices.show(None)
            self._show_result()
        else:
            replace_children(self.result, [])
            self.choices.show(state)
        self.game_log.value = log_html(session.log(self.lang), self.lang)
        self._draw_save()
        self.steps.value = steps_html(state, len(game.actions), self.lang)  # last: tests wait

    def _show_result(self) -> None:
        game = self.session.game
        assert game is not None
        names = [self._seat_label(s) for s in range(game.state.config.players)]
        fig = figure_widget(game_resources_figure(game.states, names, self.lang))
        replace_children(self.result, [widgets.HTML(result_html(game.state, names, self.lang)),
                                       fig])

    def _seat_label(self, seat: int) -> str:
        who = (self.w.say("play.you") if seat == self.human else
               bot_name(self.session.bot_names[seat], self.lang)
               if seat in self.session.bot_names else self.w.say("play.bot"))
        return f"{seat_name(self.session.state, seat, speech(self.lang))} ({who})"


def result_html(state: GameState, names: list[str], lang: str = DEFAULT_LANGUAGE) -> str:
    """The final table: each seat's Humans and score, winners marked, the tie-break rule."""
    out = state.outcome
    assert out is not None
    w = words(lang)
    rows = "".join(
        f'<tr class="{"pc-won" if s in out.winners else ""}"><td>{escape(names[s])}</td>'
        f"<td>{p.healthy}</td><td>{p.contaminated}</td><td>{p.humans}</td>"
        f"<td>{out.scores[s]}</td></tr>" for s, p in enumerate(state.players))
    head = "".join(f"<th>{escape(w.say(f'result.{k}'))}</th>"
                   for k in ("seat", "healthy", "contaminated", "humans", "score"))
    table = f'<table class="pc-table"><tr>{head}</tr>{rows}</table>'
    return (f'<div class="pc-result"><div class="pc-result-title">{w.say("result.title")}'
            f'</div><div class="pc-result-reason">{escape(w.outcome(out))}</div>'
            f"{_tie_break_note(state, lang)}{table}</div>")


def log_html(entries: list[LogEntry], lang: str = DEFAULT_LANGUAGE) -> str:
    """The game log, newest first (secret choices of other seats hidden)."""
    w = words(lang)
    items = []
    for e in entries:
        text = w.say("log.secret") if e.text is None else e.text
        who = w.say("board.you") if e.mine else w.say("board.seat", seat=e.seat)
        items.append(f'<li><span class="pc-log-round">R{e.round}</span>'
                     f'<span class="pc-log-who">{who}</span>'
                     f'<span class="pc-log-move">{escape(text)}</span></li>')
    body = "".join(reversed(items)) or f'<li class="pc-none">{w.say("log.empty")}</li>'
    return f'<ol class="pc-log" reversed>{body}</ol>'


def _tie_break_note(state: GameState, lang: str = DEFAULT_LANGUAGE) -> str:
    w = words(lang)
    text = w.say(f"result.rule_{state.config.mode}")
    return (f'<div class="pc-tiebreak"><b>{escape(w.say("result.rule_title"))}</b> '
            f"{escape(text)}</div>")

