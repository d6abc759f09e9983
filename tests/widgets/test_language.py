"""``?lang=ru`` reaches every widget: the landing page, Play (played to the end by clicks)
and the explorer show no English word of the UI, and links keep the language."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import ipywidgets as widgets
import pytest

from precog.analysis.search.tree import principal_line
from precog.app_landing import landing
from precog.engine import GameState, legal_actions, reference_components
from precog.session.words import words
from precog.widgets.explorer import Explorer
from precog.widgets.play import PlayApp

REPO = Path(__file__).resolve().parent.parent.parent

# Words of the English UI (labels, prompts, phases, resources, messages). Card, room, tile and
# Prescient names are component data and are not translated.
ENGLISH_UI_WORDS = (
    "Keep", "Give", "Decision", "Action Zone", "Activate", "Healthy", "Contaminated", "Food",
    "Humans", "Battery", "Batteries", "Doctors", "Protectors", "Bane", "Round", "Seat",
    "Undo", "Redo", "Hint", "Game log", "Save", "Load", "Players", "Mode", "Setup", "Seed",
    "River", "Cabins", "Infirmary", "Deck", "Hand", "Take", "Done", "Objectives", "Cost",
    "season", "phase", "Maintenance", "New game", "Analyse", "Cancel", "Opponents",
    "Rollouts", "Compare", "Horizon", "Ranked", "Position", "Download", "Copy", "Explorer",
    "Play", "Tutorials", "unofficial", "competitive", "standard", "nothing", "none",
)


def _texts(w: object) -> Iterator[str]:
    """Every text a widget tree shows: HTML values, button labels, descriptions, options,
    tab titles, placeholders (scripts and styles left out)."""
    shown = w.value if isinstance(w, widgets.HTML) else getattr(w, "picture", None)
    if isinstance(shown, str):  # an HTML widget, or a card button's picture
        text = re.sub(r"<(style|script)\b.*?</\1>", " ", shown, flags=re.S)
        text = re.sub(r'onclick="[^"]*"', " ", text)
        yield html.unescape(re.sub(r"<[^>]+>", " ", text))
        yield from (html.unescape(t) for t in re.findall(r'title="([^"]*)"', text))
    for attr in ("description", "placeholder"):  # tooltips of choices are action notation
        value = getattr(w, attr, None)
        if isinstance(value, str):
            yield value
    if isinstance(w, widgets.Dropdown):
        yield from (str(label) for label, _ in w.options) if w.options and isinstance(
            w.options[0], tuple) else ()
    if isinstance(w, widgets.Tab):
        yield from (w.get_title(i) or "" for i in range(len(w.children)))
    for child in getattr(w, "children", ()):
        yield from _texts(child)


def _component_names() -> list[str]:
    comps = reference_components()
    names = [c.name for c in comps.cards.values()] + [r.name for r in comps.rooms]
    names += [t.name for t in comps.river] + [t.name for t in comps.islands]
    return sorted((n for n in names if n), key=len, reverse=True)


COMPONENT_NAMES = _component_names()


def _english_words(w: object, skip: tuple[str, ...] = ()) -> set[str]:
    text = " ".join(_texts(w))
    for name in (*skip, *COMPONENT_NAMES):  # names of cards, rooms, tiles are data
        text = text.replace(name, " ")
    return {word for word in ENGLISH_UI_WORDS if re.search(rf"\b{re.escape(word)}\b", text)}


class FirstLegalBot:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, state: GameState) -> object:
        return legal_actions(state)[0]


def test_the_english_word_list_does_find_the_english_ui() -> None:
    app = PlayApp(players=2, seed=3, bots={"First": FirstLegalBot}, bot="First", lang="en")
    assert len(_english_words(app)) > 10


def test_lang_ru_in_the_address_reaches_the_play_page(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "lang=ru")
    app = PlayApp(players=2, seed=3, bots={"First": FirstLegalBot}, bot="First")
    assert app.lang == "ru"
    assert app.undo_button.description == "Отменить"
    assert _english_words(app) == set()


@pytest.mark.parametrize("mode", ["competitive", "coop"])
def test_a_russian_game_played_to_the_end_by_clicks_shows_no_english(mode: str) -> None:
    app = PlayApp(players=2, seed=5, mode=mode, bots={"First": FirstLegalBot}, bot="First",
                  lang="ru")
    seen: set[str] = set()
    for _ in range(600):
        seen |= _english_words(app)
        if app.game.state.is_over:  # type: ignore[union-attr]
            break
        if app.choices.picker is not None:
            for _click in range(2):
                row = app.choices.picker.children[1].children
                next(c for c in row if hasattr(c, "card_id")).click()
        else:
            app.choices.buttons[0].click()
    assert app.game.state.is_over  # type: ignore[union-attr]
    seen |= _english_words(app)
    assert seen == set()


def test_lang_ru_reaches_the_explorer_and_its_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "lang=ru")
    explorer = Explorer(background=False)
    explorer.wait(60)
    assert explorer.lang == "ru" and explorer.ranking is not None
    assert explorer.analyse_button.description == "Анализировать"
    tree = explorer.tree
    assert tree.root is not None
    for node in principal_line(tree.root):  # open the line to its end: every kind of label
        if node.id not in tree.open and (node.children or node.expandable):
            tree.toggle(node.id)
    tree.select(tree.visible()[-1][0].id)
    kinds = {type(n.edge).__name__ for n, _, _ in tree.visible()}
    assert {"Start", "Chosen", "Arrives", "Plan", "RiverTile"} <= kinds
    assert _english_words(explorer) == set()


def test_the_landing_page_switches_language_and_its_links_keep_it() -> None:
    english = landing(REPO, lang="en").value
    russian = landing(REPO, lang="ru").value
    assert 'href="index.ipynb?lang=ru"' in english and "Русский" in english
    assert 'href="play.ipynb?lang=ru"' in russian
    assert 'href="../tutorials/index.ipynb?lang=ru"' in russian
    assert 'href="play.ipynb"' in english
    assert _english_words(landing(REPO, lang="ru")) == set()


def test_the_play_hint_link_to_the_explorer_keeps_the_language() -> None:
    app = PlayApp(players=2, seed=3, bots={"First": FirstLegalBot}, bot="First", lang="ru",
                  background=False)
    app.hint()
    link = app.hint_panel.body.value
    assert "&amp;lang=ru" in link and "view=pv1." in link
    assert words("ru").say("hint.open") in link
