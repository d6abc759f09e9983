"""A position and a game show themselves in a notebook: a compact table drawn from above the
engine (registered with IPython's HTML formatter), the stylesheet and sprite sent once."""

from __future__ import annotations

import subprocess
import sys

import pytest

import precog
from precog.engine import new_game, replay
from precog.engine.playout import random_playout
from precog.render import notebook
from precog.render.icons import icon_names, sprite
from precog.render.style import style_tag
from precog.session.speech import speech

ENGLISH = speech("en")
NOTEBOOK_LIMIT = 15_000
"""Bytes of HTML a 4-player position may take in a notebook once the stylesheet is there."""


@pytest.fixture(autouse=True)
def _fresh_notebook() -> None:
    notebook.forget_head()


def test_a_4_player_board_takes_under_15_kb_after_the_first_drawing() -> None:
    import random

    states = [new_game(players=4, seed=1),
              random_playout(random.Random(2), stop_round=7, players=4, seed=2).final]
    notebook.state_html(states[0], ENGLISH)  # the first drawing carries the stylesheet
    sizes = [len(notebook.state_html(s, ENGLISH).encode()) for s in states]
    assert max(sizes) < NOTEBOOK_LIMIT


def test_the_stylesheet_and_sprite_are_sent_with_the_first_drawing_only() -> None:
    state = new_game(players=3, seed=4)
    first, second = notebook.state_html(state, ENGLISH), notebook.state_html(state, ENGLISH)
    assert first.count("<style>") == 1 and first.count("<symbol") == len(icon_names())
    assert "<style>" not in second and "<symbol" not in second
    notebook.forget_head()
    assert notebook.state_html(state, ENGLISH).startswith(style_tag())


def test_every_icon_drawn_points_at_a_symbol_of_the_sprite() -> None:
    html = notebook.state_html(new_game(players=4, seed=1), ENGLISH, head=False)
    used = {part.split('"')[0] for part in html.split('href="#pc-i-')[1:]}
    assert used and all(f'id="pc-i-{name}"' in sprite() for name in used)
    assert "<path" not in html  # the pictures are in the sprite only


def test_the_table_shows_the_hand_of_the_player_to_move_only() -> None:
    state = new_game(players=3, seed=4)
    html = notebook.state_html(state, ENGLISH, head=False)
    mover = state.players[state.to_move]
    others = [c for s, p in enumerate(state.players) if s != state.to_move for c in p.hand]
    assert all(f'data-card="{card}"' in html for card in mover.hand)
    assert not any(f'data-card="{card}"' in html for card in others)
    assert html.count('<tr class="pc-nb-seat') == 3


def test_the_public_view_shows_no_hand() -> None:
    state = new_game(players=3, seed=4)
    html = notebook.state_html(state, ENGLISH, viewer=None, head=False)
    assert not any(f'data-card="{c}"' in html for p in state.players for c in p.hand)


def test_a_game_lists_its_moves_and_draws_the_board_at_the_chosen_move() -> None:
    import random

    played = random_playout(random.Random(3), record=True, stop_round=2, players=3, seed=5)
    game = replay(played.actions, players=3, seed=5)
    html = notebook.game_html(game, ENGLISH, at=2, head=False)
    assert html.count("<li>") == len(game.actions) and html.count("<li><b>") == 1
    assert f"<li><b>{game.actions[1]}</b></li>" in html
    board = notebook.state_html(game.states[2], ENGLISH, head=False)
    assert html.endswith(board)


def test_in_ipython_a_position_and_a_game_display_as_html() -> None:
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    precog._register_notebook_displays()
    state = new_game(players=2, seed=1)
    data, _ = shell.display_formatter.format(state)
    assert 'class="pc-board pc-nb"' in data["text/html"]
    data, _ = shell.display_formatter.format(replay([], players=2, seed=1))
    assert "pc-nb-moves" in data["text/html"]


def test_the_engine_shown_as_text_loads_no_render_module() -> None:
    code = ("import sys\nfrom precog.engine import new_game\ns = new_game(players=2, seed=1)\n"
            "str(s), repr(s)\nprint(sorted(m for m in sys.modules if m.startswith("
            "('precog.render', 'precog.session', 'precog.analysis'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120).stdout.strip()
    assert out == "[]"


def test_the_stylesheet_comes_again_when_its_own_cell_runs_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    where = ["cell-a", 1]
    monkeypatch.setattr(notebook, "_cell_run", lambda: tuple(where))
    state = new_game(players=2, seed=1)
    assert "<style>" in notebook.state_html(state, ENGLISH)
    assert "<style>" not in notebook.state_html(state, ENGLISH)  # a second drawing in the same run
    where[:] = ["cell-b", 2]
    assert "<style>" not in notebook.state_html(state, ENGLISH)
    where[:] = ["cell-a", 3]  # its output (and the stylesheet in it) is replaced
    assert "<style>" in notebook.state_html(state, ENGLISH)
