"""The play page's bars: the setup (players, your seat, mode, difficulty, the cooperative
supplies, setup, seed, the bots) and the save / load tab."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from precog.engine import GameConfig
from precog.engine.setup import parse_rooms
from precog.engine.state import RuleOptions
from precog.session.lines import bot_name
from precog.session.words import DEFAULT_LANGUAGE, Words, words
from precog.widgets.common import Message, button, upload_button
from precog.widgets.dropdown import Dropdown
from precog.widgets.shared import own_layout

MODES = ("competitive", "team", "coop")
DIFFICULTIES = ("normal", "hard", "apocalypse")
SETUPS = ("standard", "advanced")


def _named(w: Words, prefix: str, values: tuple[str, ...]) -> list[tuple[str, str]]:
    """Dropdown options: each value under its name in the page's language."""
    return [(w.say(f"{prefix}_{v}"), v) for v in values]


class SetupBar(widgets.VBox):
    """The values a new game starts from; ``on_new`` is called by its New game button."""

    def __init__(self, players: int, seat: int, mode: str, setup: str, difficulty: str,
                 seed: int, bot: str, names: list[str], on_new: Callable[[], None],
                 lang: str = DEFAULT_LANGUAGE) -> None:
        super().__init__()
        w = words(lang)
        self.players_in = widgets.Dropdown(options=[2, 3, 4], value=players,
                                           description=w.say("setup.players"))
        self.seat_in = Dropdown(options=list(range(players)), value=seat,
                                        description=w.say("setup.seat"))
        self.mode_in = widgets.Dropdown(options=_named(w, "text.mode", MODES), value=mode,
                                        description=w.say("setup.mode"))
        self.difficulty_in = widgets.Dropdown(
            options=_named(w, "setup.difficulty", DIFFICULTIES), value=difficulty,
            description=w.say("setup.difficulty"))
        self.supplies_in = widgets.Checkbox(  # the rule option coop_supplies; coop only
            value=True, indent=False, description=w.say("setup.coop_supplies"),
            tooltip=w.say("setup.coop_supplies_tip"))
        self.supplies_in.add_class("pc-coop-supplies")
        self.setup_in = widgets.Dropdown(options=_named(w, "setup.setup", SETUPS), value=setup,
                                         description=w.say("setup.setup"))
        self.seed_in = widgets.IntText(value=seed, description=w.say("setup.seed"))
        self.rooms_in = widgets.Text(value="", description=w.say("setup.rooms"),
                                     placeholder=w.say("setup.rooms_hint"))  # empty: random
        self.rooms_in.add_class("pc-rooms-field")  # not .pc-rooms: the board's rooms grid
        self.rooms_in.layout.width = "300px"
        self.rooms_in.style.description_width = "72px"
        self.bot_in = [widgets.Dropdown(options=[(bot_name(n, w.lang), n) for n in names],
                                        value=bot if bot in names else names[0],
                                        description=w.say("board.seat", seat=i))
                       for i in range(4)]
        self.new_button = button(w.say("setup.new_game"), style="primary", icon="play",
                                 cls="pc-new-game")
        self.new_button.on_click(lambda _b: on_new())
        for box in (self.players_in, self.seat_in, self.mode_in):
            box.observe(lambda _c: self.sync(), names="value")
        for box in (self.players_in, self.seat_in, self.mode_in, self.difficulty_in,
                    self.supplies_in, self.setup_in, self.seed_in, *self.bot_in):
            # labels and values as long as the language needs (Russian ones are longer)
            box.layout.width = "auto"
            box.style.description_width = "initial"
        self.bots_box = widgets.HBox(self.bot_in)
        self.bots_box.add_class("pc-bots-row")
        row = widgets.HBox([self.players_in, self.seat_in, self.mode_in, self.difficulty_in,
                            self.supplies_in, self.setup_in, self.seed_in, self.rooms_in])
        row.add_class("pc-setup-row")
        label = widgets.HTML(f'<span class="pc-label">{w.say("setup.bots")}</span>')
        self.children = [row, widgets.HBox([label, self.bots_box, self.new_button])]
        self.add_class("pc-setup")
        self.sync()

    def sync(self) -> None:
        """Seat choices follow the player count; bots only at the other seats; difficulty
        and the cooperative supplies only in the cooperative mode."""
        n = self.players_in.value
        if list(self.seat_in.options) != list(range(n)):
            old = self.seat_in.value
            self.seat_in.options = list(range(n))
            self.seat_in.value = old if old is not None and old < n else 0
        for i, w in enumerate(self.bot_in):
            own_layout(w).display = "" if i < n and i != self.seat_in.value else "none"
        coop = self.mode_in.value == "coop"
        self.difficulty_in.disabled = not coop
        own_layout(self.supplies_in).display = "" if coop else "none"

    def follow(self, config: GameConfig, seat: int) -> None:
        """Show a loaded game's settings (its players, mode, difficulty and setup, the
        human's seat), so that the bar never names another game than the board's."""
        self.players_in.value = config.players
        self.seat_in.value = seat
        self.mode_in.value = config.mode
        if config.coop:
            self.difficulty_in.value = config.difficulty
            self.supplies_in.value = config.options.coop_supplies
        self.setup_in.value = config.setup

    def setup(self) -> dict[str, Any]:
        """``new_game`` arguments from the bar."""
        coop = self.mode_in.value == "coop"
        return {"players": self.players_in.value, "mode": self.mode_in.value,
                "setup": self.setup_in.value,
                "difficulty": self.difficulty_in.value if coop else "normal",
                "options": RuleOptions(coop_supplies=self.supplies_in.value or not coop),
                "seed": self.seed_in.value, "rooms": parse_rooms(self.rooms_in.value)}

    def bots(self) -> dict[int, str]:
        """The bot chosen for every seat (the human's seat is skipped when seating)."""
        return {i: w.value for i, w in enumerate(self.bot_in)}


class SaveLoad(widgets.VBox):
    """The position string and downloads (``save_html``), and loading pasted text or a file;
    the page is told through ``on_paste()`` and ``on_upload()``."""

    def __init__(self, on_paste: Callable[[], None], on_upload: Callable[[], None],
                 lang: str = DEFAULT_LANGUAGE) -> None:
        super().__init__()
        say = words(lang).say
        self.save_html = widgets.HTML()
        self.load_text = widgets.Textarea(placeholder=say("play.paste_here"), rows=3)
        self.load_text.layout.width = "100%"
        self.load_button = button(say("play.load_pasted"), icon="upload", cls="pc-load")
        self.load_button.on_click(lambda _b: on_paste())
        self.upload = upload_button(say("play.load_file"), ".json,.txt")
        self.upload.observe(lambda _c: on_upload(), names="value")
        self.message = Message(lang)  # what loading said, under the Load button
        self.message.add_class("pc-load-message")
        self.children = [self.save_html,
                         widgets.HTML(f'<div class="pc-sub">{say("play.load")}</div>'),
                         self.load_text, widgets.HBox([self.load_button, self.upload]),
                         self.message]
