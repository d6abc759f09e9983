"""The explorer's input bars: where the position comes from, and the analysis controls."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from precog.widgets.common import button

MODELS = (("uniform: each card equally likely", "uniform"),
          ("worst case for you", "worst"), ("a bot's prediction", "bot"))
ROLLOUTS = (("none (look-ahead only, fast)", 0), ("16 per choice", 16), ("64 per choice", 64),
            ("256 per choice", 256), ("1024 per choice", 1024))


class Sources(widgets.Tab):
    """A new game at a round, a pasted position, or a file; the page is told through
    ``on_deal()``, ``on_paste(text)`` and ``on_upload()``."""

    def __init__(self, on_deal: Callable[[], None], on_paste: Callable[[str], None],
                 on_upload: Callable[[], None]) -> None:
        super().__init__()
        self.players_in = widgets.Dropdown(options=[2, 3, 4], value=3, description="Players")
        self.mode_in = widgets.Dropdown(options=["competitive", "team", "coop"],
                                        description="Mode")
        self.setup_in = widgets.Dropdown(options=["standard", "advanced"], description="Setup")
        self.round_in = widgets.IntSlider(value=3, min=1, max=12, description="Round")
        self.game_seed_in = widgets.IntText(value=1, description="Seed")
        self.deal_button = button("Deal this position", style="primary", icon="random",
                                  cls="pc-deal")
        self.deal_button.on_click(lambda _b: on_deal())
        for w in (self.players_in, self.mode_in, self.setup_in, self.round_in,
                  self.game_seed_in):
            w.layout.width = "210px"
            w.style.description_width = "60px"
        fresh = widgets.HBox([self.players_in, self.mode_in, self.setup_in, self.round_in,
                              self.game_seed_in, self.deal_button])
        fresh.add_class("pc-setup-row")
        self.paste_in = widgets.Textarea(placeholder="Paste a position string (pg1.…) or a JSON "
                                         "position / saved game", rows=3)
        self.paste_in.layout.width = "100%"
        self.paste_button = button("Load pasted position", icon="upload", cls="pc-load")
        self.paste_button.on_click(lambda _b: on_paste(self.paste_in.value))
        self.upload = widgets.FileUpload(accept=".json,.txt", multiple=False,
                                         description="JSON file")
        self.upload.observe(lambda _c: on_upload(), names="value")
        note = widgets.HTML('<div class="pc-hint-text">Or open this page with '
                            "<code>?position=pg1…&amp;seat=N</code> in its address.</div>")
        self.children = [fresh, widgets.VBox([self.paste_in, self.paste_button]),
                         widgets.VBox([self.upload, note])]
        for i, t in enumerate(("New game at a round", "Paste a position", "Load a file")):
            self.set_title(i, t)
        self.add_class("pc-sources")

    def setup(self) -> tuple[dict[str, object], int, int]:
        """(``new_game`` arguments, seed, round) of the new game to deal."""
        return ({"players": self.players_in.value, "mode": self.mode_in.value,
                 "setup": self.setup_in.value}, self.game_seed_in.value, self.round_in.value)



class Controls(widgets.VBox):
    """Opponent model, rollouts, look-ahead depth and seed; Analyse and Cancel; progress."""

    def __init__(self, on_analyse: Callable[[], None], on_cancel: Callable[[], None]) -> None:
        super().__init__()
        self.model_in = widgets.Dropdown(options=MODELS, value="uniform",
                                         description="Opponents")
        self.rollouts_in = widgets.Dropdown(options=ROLLOUTS, value=0, description="Rollouts")
        self.depth_in = widgets.Dropdown(options=[("1 round", 1), ("2 rounds", 2)], value=2,
                                         description="Look-ahead")
        self.seed_in = widgets.IntText(value=0, description="Seed")
        for w in (self.model_in, self.rollouts_in, self.depth_in, self.seed_in):
            w.style.description_width = "76px"
        self.model_in.layout.width = "300px"
        self.rollouts_in.layout.width = "290px"
        self.depth_in.layout.width = "190px"
        self.seed_in.layout.width = "160px"
        self.analyse_button = button("Analyse", style="primary", icon="search",
                                     cls="pc-analyse")
        self.cancel_button = button("Cancel", icon="stop", style="warning", cls="pc-cancel")
        self.cancel_button.disabled = True
        self.analyse_button.on_click(lambda _b: on_analyse())
        self.cancel_button.on_click(lambda _b: on_cancel())
        self.progress = widgets.FloatProgress(value=0.0, min=0.0, max=1.0)
        self.progress.layout.width = "260px"
        self.status = widgets.HTML()
        self.status.add_class("pc-status")
        row1 = widgets.HBox([self.model_in, self.rollouts_in, self.depth_in, self.seed_in])
        row2 = widgets.HBox([self.analyse_button, self.cancel_button, self.progress,
                             self.status])
        row1.add_class("pc-setup-row")
        row2.add_class("pc-run-row")
        self.children = [row1, row2]
        self.add_class("pc-setup")

    def params(self) -> dict[str, object]:
        """``rank_options`` arguments from the controls."""
        return {"model": self.model_in.value, "rollouts": self.rollouts_in.value,
                "depth_rounds": self.depth_in.value, "seed": self.seed_in.value}

