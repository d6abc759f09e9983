"""The explorer's input bars: where the position comes from, and the analysis controls."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from precog.analysis.choices import ranking
from precog.session.words import DEFAULT_LANGUAGE, words
from precog.widgets.common import button, upload_button
from precog.widgets.play_setup import MODES, SETUPS

MODEL_KEYS = ("uniform", "worst", "bot")
ROLLOUT_COUNTS = (0, 16, 64, 256, 1024)
# the table's values: playouts of the sensible player (docs/analysis.md)
DEFAULT_ROLLOUTS = ranking.DEFAULT_ROLLOUTS


def models(lang: str = DEFAULT_LANGUAGE) -> tuple[tuple[str, str], ...]:
    """The opponent models as dropdown options in ``lang``."""
    return tuple((words(lang).say(f"explorer.model_{k}"), k) for k in MODEL_KEYS)


def rollouts(lang: str = DEFAULT_LANGUAGE) -> tuple[tuple[str, int], ...]:
    """The rollout counts as dropdown options in ``lang``."""
    w = words(lang)
    return tuple((w.say("explorer.rollouts_none") if n == 0 else
                  w.say("explorer.rollouts_n", n=n), n) for n in ROLLOUT_COUNTS)


MODELS = models()
ROLLOUTS = rollouts()


class Sources(widgets.Tab):
    """A new game at a round, a pasted position, or a file; the page is told through
    ``on_deal()``, ``on_paste(text)`` and ``on_upload()``."""

    def __init__(self, on_deal: Callable[[], None], on_paste: Callable[[str], None],
                 on_upload: Callable[[], None], lang: str = DEFAULT_LANGUAGE,
                 box: Callable[[], widgets.Widget] | None = None,
                 table: Callable[[], widgets.Widget] | None = None) -> None:
        """``box`` and ``table`` make their tabs' contents, when the tab is first opened (the
        page's first drawing waits for fewer widgets) or :meth:`place` is asked."""
        super().__init__()
        w = words(lang)
        say = w.say
        self.players_in = widgets.Dropdown(options=[2, 3, 4], value=3,
                                           description=say("setup.players"))
        self.mode_in = widgets.Dropdown(options=[(say(f"text.mode_{m}"), m) for m in MODES],
                                        description=say("setup.mode"))
        self.setup_in = widgets.Dropdown(options=[(say(f"setup.setup_{s}"), s) for s in SETUPS],
                                         description=say("setup.setup"))
        self.round_in = widgets.IntSlider(value=3, min=1, max=12,
                                          description=say("explorer.round"))
        self.game_seed_in = widgets.IntText(value=1, description=say("setup.seed"))
        self.deal_button = button(say("explorer.deal"), style="primary", icon="random",
                                  cls="pc-deal")
        self.deal_button.on_click(lambda _b: on_deal())
        # labels as long as the language needs (Russian ones are longer than English)
        # (not named ``box``: that is the box source tab, which this loop once replaced by the
        # seed field, so the explorer's "Your box" tab showed the seed)
        for field in (self.players_in, self.mode_in, self.setup_in, self.round_in,
                      self.game_seed_in):
            field.layout.width = "auto"
            field.style.description_width = "initial"
        self.round_in.layout.width = "260px"
        self.deal_button.layout.width = "auto"
        fresh = widgets.HBox([self.players_in, self.mode_in, self.setup_in, self.round_in,
                              self.game_seed_in, self.deal_button])
        fresh.add_class("pc-setup-row")
        self.paste_in = widgets.Textarea(placeholder=say("explorer.paste_here"), rows=3)
        self.paste_in.layout.width = "100%"
        self.paste_button = button(say("explorer.load_pasted"), icon="upload", cls="pc-load",
                                   width="auto")  # the whole label ("Load pasted pos…" was cut)
        self.paste_button.on_click(lambda _b: on_paste(self.paste_in.value))
        self.upload = upload_button(say("explorer.json_file"), ".json,.txt")
        self.upload.observe(lambda _c: on_upload(), names="value")
        note = widgets.HTML(f'<div class="pc-hint-text">{say("explorer.address_note")}</div>')
        tabs: list[tuple[widgets.Widget, str]] = [
            (fresh, "explorer.tab_new"),
            (widgets.VBox([self.paste_in, self.paste_button]), "explorer.tab_paste"),
            (widgets.VBox([self.upload, note]), "explorer.tab_file")]
        # the lazy tabs: where each sits, and what makes it (the page's maker calls put)
        self.slots: dict[str, int] = {}
        self.makers: dict[str, Callable[[], widgets.Widget]] = {}
        for name, make, key in (("table", table, "table.source"), ("box", box, "box.tab")):
            if make is not None:
                self.slots[name], self.makers[name] = len(tabs), make
                tabs.append((widgets.VBox(), key))
        self.children = [w for w, _key in tabs]
        for i, (_w, key) in enumerate(tabs):
            self.set_title(i, say(key))
        self.add_class("pc-sources")
        self.observe(lambda c: self._opened(c["new"]), names="selected_index")

    def _opened(self, index: object) -> None:
        for name, slot in self.slots.items():
            if slot == index:
                self.makers[name]()

    def put(self, name: str, made: widgets.Widget) -> None:
        """Put ``made`` in the tab of ``name`` ("table" or "box")."""
        slot = self.slots.get(name)
        if slot is None or self.children[slot] is made:
            return
        children = list(self.children)
        children[slot] = made
        self.children = children

    def setup(self) -> tuple[dict[str, object], int, int]:
        """(``new_game`` arguments, seed, round) of the new game to deal."""
        return ({"players": self.players_in.value, "mode": self.mode_in.value,
                 "setup": self.setup_in.value}, self.game_seed_in.value, self.round_in.value)



class TableSource(widgets.VBox):
    """"Your table" as a source: a table saved on the table page (pasted, its shareable
    string, or its file); ``on_table(text, source)`` is told."""

    def __init__(self, on_table: Callable[[str | bytes, str], None],
                 lang: str = DEFAULT_LANGUAGE) -> None:
        super().__init__()
        say = words(lang).say
        self.paste_in = widgets.Textarea(placeholder=say("table.load_tip"), rows=3,
                                         layout={"width": "100%"})
        self.paste_in.add_class("pc-table-source-paste")
        self.load_button = button(say("table.source_load"), icon="upload",
                                  cls="pc-table-source-load", width="auto")
        self.load_button.on_click(lambda _b: on_table(self.paste_in.value,
                                                      say("table.source")))
        self.upload = upload_button(say("table.source_file"), ".json,.txt",
                                    "pc-table-source-upload")
        self.upload.observe(lambda c: self._uploaded(c["new"], on_table), names="value")
        tip = widgets.HTML(f'<div class="pc-hint-text">{escape(say("table.source_tip"))}</div>')
        self.children = [tip, self.paste_in, widgets.HBox([self.load_button, self.upload])]
        self.add_class("pc-table-source")

    @staticmethod
    def _uploaded(value: object, on_table: Callable[[str | bytes, str], None]) -> None:
        from precog.widgets.common import uploaded_bytes

        got = uploaded_bytes(value)
        if got is not None:
            on_table(got[1], got[0])


class Controls(widgets.VBox):
    """Opponent model, rollouts, look-ahead depth and seed; Analyse and Cancel; progress."""

    def __init__(self, on_analyse: Callable[[], None], on_cancel: Callable[[], None],
                 lang: str = DEFAULT_LANGUAGE) -> None:
        super().__init__()
        say = words(lang).say
        self.model_in = widgets.Dropdown(options=models(lang), value="uniform",
                                         description=say("explorer.opponents"))
        self.rollouts_in = widgets.Dropdown(options=rollouts(lang), value=DEFAULT_ROLLOUTS,
                                            description=say("explorer.rollouts"))
        self.depth_in = widgets.Dropdown(
            options=[(say("explorer.depth", n=n), n) for n in (1, 2)], value=2,
            description=say("explorer.lookahead"))
        self.seed_in = widgets.IntText(value=0, description=say("setup.seed"))
        for box in (self.model_in, self.rollouts_in, self.depth_in, self.seed_in):
            box.style.description_width = "initial"
            box.layout.width = "auto"
        self.say = say
        self.analyse_button = button(say("explorer.analyse"), style="primary", icon="search",
                                     cls="pc-analyse", width="auto")
        self.cancel_button = button(say("explorer.cancel"), icon="stop", style="warning",
                                    cls="pc-cancel", width="auto")
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

    def busy(self, text: str) -> None:
        self.status.value = f'<span class="pc-busy">{escape(text[:80])}</span>'

    def started(self) -> None:
        self.analyse_button.disabled = True
        self.cancel_button.disabled = False
        self.progress.value = 0.0
        self.progress.bar_style = "info"
        self.busy(self.say("explorer.analysing"))

    def finished(self, cancelled: bool | None, seconds: float = 0.0) -> None:
        """The end of a run after ``seconds``: done, ``cancelled`` (None: it failed)."""
        self.analyse_button.disabled = False
        self.cancel_button.disabled = True
        if cancelled is None:
            self.progress.bar_style = "danger"
            self.status.value = ""
            return
        self.progress.value = 1.0
        self.progress.bar_style = "success"
        key = "explorer.cancelled_in" if cancelled else "explorer.done_in"
        self.status.value = f'<span class="pc-done">{escape(self.say(key, seconds=seconds))}</span>'

    def params(self) -> dict[str, object]:
        """``rank_options`` arguments from the controls."""
        return {"model": self.model_in.value, "rollouts": self.rollouts_in.value,
                "depth_rounds": self.depth_in.value, "seed": self.seed_in.value}

