"""The play page's bars: the setup (players, your seat, mode, difficulty, setup, seed, the
bots) and the save / load tab."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from precog.engine.setup import parse_rooms
from precog.widgets.common import button


class SetupBar(widgets.VBox):
    """The values a new game starts from; ``on_new`` is called by its New game button."""

    def __init__(self, players: int, seat: int, mode: str, setup: str, difficulty: str,
                 seed: int, bot: str, names: list[str], on_new: Callable[[], None]) -> None:
        super().__init__()
        self.players_in = widgets.Dropdown(options=[2, 3, 4], value=players,
                                           description="Players")
        self.seat_in = widgets.Dropdown(options=list(range(players)), value=seat,
                                        description="Your seat")
        self.mode_in = widgets.Dropdown(options=["competitive", "team", "coop"], value=mode,
                                        description="Mode")
        self.difficulty_in = widgets.Dropdown(options=["normal", "hard", "apocalypse"],
                                              value=difficulty, description="Difficulty")
        self.setup_in = widgets.Dropdown(options=["standard", "advanced"], value=setup,
                                         description="Setup")
        self.seed_in = widgets.IntText(value=seed, description="Seed")
        self.rooms_in = widgets.Text(value="", description="Rooms",  # empty: dealt at random
                                     placeholder="random, or R01 R05, R02 R07")
        self.rooms_in.add_class("pc-rooms")
        self.rooms_in.layout.width = "300px"
        self.rooms_in.style.description_width = "72px"
        self.bot_in = [widgets.Dropdown(options=names, value=bot if bot in names else names[0],
                                        description=f"Seat {i}") for i in range(4)]
        self.new_button = button("New game", style="primary", icon="play", cls="pc-new-game")
        self.new_button.on_click(lambda _b: on_new())
        for w in (self.players_in, self.seat_in, self.mode_in):
            w.observe(lambda _c: self.sync(), names="value")
        for w in (self.players_in, self.seat_in, self.mode_in, self.difficulty_in,
                  self.setup_in, self.seed_in, *self.bot_in):
            w.layout.width = "180px"
            w.style.description_width = "72px"
        self.bots_box = widgets.HBox(self.bot_in)
        self.bots_box.add_class("pc-bots-row")
        row = widgets.HBox([self.players_in, self.seat_in, self.mode_in, self.difficulty_in,
                            self.setup_in, self.seed_in, self.rooms_in])
        row.add_class("pc-setup-row")
        label = widgets.HTML('<span class="pc-label">Bots</span>')
        self.children = [row, widgets.HBox([label, self.bots_box, self.new_button])]
        self.add_class("pc-setup")
        self.sync()

    def sync(self) -> None:
        """Seat choices follow the player count; bots only at the other seats; difficulty
        only in the cooperative mode."""
        n = self.players_in.value
        if list(self.seat_in.options) != list(range(n)):
            old = self.seat_in.value
            self.seat_in.options = list(range(n))
            self.seat_in.value = old if old is not None and old < n else 0
        for i, w in enumerate(self.bot_in):
            w.layout.display = "" if i < n and i != self.seat_in.value else "none"
        self.difficulty_in.disabled = self.mode_in.value != "coop"

    def setup(self) -> dict[str, Any]:
        """``new_game`` arguments from the bar."""
        mode = self.mode_in.value
        return {"players": self.players_in.value, "mode": mode, "setup": self.setup_in.value,
                "difficulty": self.difficulty_in.value if mode == "coop" else "normal",
                "seed": self.seed_in.value, "rooms": parse_rooms(self.rooms_in.value)}

    def bots(self) -> dict[int, str]:
        """The bot chosen for every seat (the human's seat is skipped when seating)."""
        return {i: w.value for i, w in enumerate(self.bot_in)}


class SaveLoad(widgets.VBox):
    """The position string and downloads (``save_html``), and loading pasted text or a file;
    the page is told through ``on_paste()`` and ``on_upload()``."""

    def __init__(self, on_paste: Callable[[], None], on_upload: Callable[[], None]) -> None:
        super().__init__()
        self.save_html = widgets.HTML()
        self.load_text = widgets.Textarea(placeholder="Paste a position string (pg1.…) or "
                                          "JSON (a position or a saved game)", rows=3)
        self.load_text.layout.width = "100%"
        self.load_button = button("Load pasted text", icon="upload", cls="pc-load")
        self.load_button.on_click(lambda _b: on_paste())
        self.upload = widgets.FileUpload(accept=".json,.txt", multiple=False,
                                         description="Load a file")
        self.upload.observe(lambda _c: on_upload(), names="value")
        self.children = [self.save_html, widgets.HTML('<div class="pc-sub">Load</div>'),
                         self.load_text, widgets.HBox([self.load_button, self.upload])]
