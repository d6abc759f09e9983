"""A position and a game in a notebook: a compact table of the board, the stylesheet and the
icons' sprite sent once per notebook.

The engine knows nothing of this module: :func:`register` hands IPython's HTML formatter the
drawings of :class:`~precog.engine.state.GameState` and :class:`~precog.engine.game.Game` (the
``precog`` package calls it when it is imported inside IPython). The app's pages draw the whole
board (:mod:`precog.render.board`) and hold the stylesheet themselves.

>>> from precog.engine import new_game
>>> from precog.session.speech import speech
>>> html = state_html(new_game(players=4, seed=1), speech("en"), head=False)
>>> len(html) < 15_000 and html.count('<tr class="pc-nb-seat') == 4
True
"""

from __future__ import annotations

from html import escape
from typing import Any

from precog.engine import GameState, PlayerState
from precog.engine.game import Game
from precog.render.board import board_sections, river_html, seat_name
from precog.render.cards import TYPE_CLASS, TYPE_ICON, card_title
from precog.render.icons import icon
from precog.render.speech import Speech
from precog.render.style import style_tag

_PAWNS = (("cabins", "healthy"), ("contaminated", "contaminated"), ("infirmary", "doctor"),
          ("bow", "protector"))
_shown_in: dict[str, Any] = {"where": None, "done": False}


def head_once() -> str:
    """The stylesheet and sprite the first time in a notebook, and again when the cell that
    held them runs again (its output is replaced); otherwise nothing."""
    cell, run = _cell_run()
    if _shown_in["done"]:
        first_cell, first_run = _shown_in["where"]
        if cell is None or cell != first_cell or run == first_run:
            return ""
    _shown_in.update(done=True, where=(cell, run))
    return style_tag()


def forget_head() -> None:
    """Send the stylesheet again with the next drawing (after its cell's output was cleared)."""
    _shown_in.update(done=False, where=None)


def _cell_run() -> tuple[str | None, int | None]:
    """The running cell's id, when the front end sends it (JupyterLab, Notebook 7), and the
    kernel's execution count."""
    try:
        from IPython import get_ipython
    except ImportError:
        return None, None
    shell = get_ipython()
    kernel = getattr(shell, "kernel", None)
    parent = kernel.get_parent() if kernel is not None and hasattr(kernel, "get_parent") else {}
    cell = (parent or {}).get("metadata", {}).get("cellId")
    return (str(cell) if cell else None), getattr(shell, "execution_count", None)


def state_html(state: GameState, speech: Speech, viewer: int | None = -1,
               head: bool = True) -> str:
    """The position as a compact table: the header, the River, one row per seat (``viewer``'s
    hand face up; -1: the player to move, ``None``: only public information)."""
    if viewer == -1:
        viewer = state.to_move if state.to_move >= 0 else None
    parts = board_sections(state, viewer, speech=speech)
    say = speech.say
    keys = ("notebook.seat", "board.food", "board.bane", *(f"board.{k}" for k, _ in _PAWNS),
            "notebook.machines", "board.hand", "board.decision_zone", "board.action_zone",
            "board.deck")
    heads = "".join(f"<th>{escape(say(key))}</th>" for key in keys)
    rows = "".join(_seat_row(state, seat, viewer, speech) for seat in range(state.n))
    return (f'{head_once() if head else ""}<div class="pc-board pc-nb">{parts.top}'
            f'{river_html(state, speech)}{parts.objectives}<table class="pc-nb-seats">'
            f"<tr>{heads}</tr>{rows}</table></div>")


def _seat_row(state: GameState, seat: int, viewer: int | None, speech: Speech) -> str:
    p = state.players[seat]
    say = speech.say
    marks = [say("board.you")] if seat == viewer else []
    if seat == state.to_move:
        marks.append(say("board.to_move"))
    if state.choices and state.choices[seat] is not None:
        marks.append(say("board.has_chosen"))
    if state.outcome is not None and seat in state.outcome.winners:
        marks.append(say("board.winner"))
    badges = "".join(f'<span class="pc-badge">{escape(m)}</span>' for m in marks)
    cells = [f'<th class="pc-nb-name">{escape(seat_name(state, seat, speech))} {badges}</th>',
             f'<td>{p.food}{icon("food", 13)}</td>', f'<td>{p.bane}{icon("bane", 13)}</td>']
    cells += [f"<td>{getattr(p, field)}{icon(kind, 14)}</td>" for field, kind in (
        ("healthy", "healthy"), ("contaminated", "contaminated"), ("doctors", "doctor"),
        ("protectors", "protector"))]
    hand = (_chips(state, p.hand, speech) if seat == viewer else
            escape(say("notebook.cards", n=len(p.hand))))
    cells += [f"<td>{_machines(state, p)}</td>", f"<td>{hand}</td>",
              f"<td>{_chips(state, p.decision_zone, speech)}</td>",
              f"<td>{_chips(state, p.action_zone, speech)}</td>", f"<td>{len(p.deck)}</td>"]
    you = " pc-you" if seat == viewer else ""
    return f'<tr class="pc-nb-seat{you}">{"".join(cells)}</tr>'


def _machines(state: GameState, p: PlayerState) -> str:
    """Batteries placed over each machine's slots: ``2/4``, bold when powered."""
    comps = state.components
    faces = [m for room in p.rooms[:2]
             for m in comps.room_by_id[room].face(state.config.advanced)]
    return " ".join(
        (f"<b>{filled}/{m.batteries}</b>" if filled >= m.batteries else f"{filled}/{m.batteries}")
        for m, filled in zip(faces, p.batteries, strict=False))


def _chips(state: GameState, cards: Any, speech: Speech) -> str:
    """Cards as small named chips (their text on pointing), or a dash."""
    out = []
    for card_id in cards:
        card = state.card(card_id)
        kind = card.type.value
        out.append(f'<span class="pc-chip pc-chip-{TYPE_CLASS[kind]}" data-card="{card_id}" title="'
                   f'{escape(card_title(card, speech))}">{icon(TYPE_ICON[kind], 12)}'
                   f'<span class="pc-chip-name">{escape(speech.name(card.name))}'
                   "</span></span>")
    return " ".join(out) or "—"


def game_html(game: Game, speech: Speech, at: int | None = None, head: bool = True) -> str:
    """A game: its moves numbered (the chosen one bold) and the board after move ``at`` (its
    last move when ``None``; 0: the start)."""
    states = game.states
    at = len(states) - 1 if at is None else max(0, min(at, len(states) - 1))
    moves = [escape(str(action)) for action in game.actions]
    listed = "".join(f"<li><b>{m}</b></li>" if i + 1 == at else f"<li>{m}</li>"
                     for i, m in enumerate(moves))
    say = speech.say
    caption = escape(say("notebook.game", moves=len(moves), at=at))
    return (f'{head_once() if head else ""}<details class="pc-nb-moves"><summary>{caption}'
            f'</summary><ol>{listed}</ol></details>'
            f"{state_html(states[at], speech, head=False)}")


def register(speech: Speech, shell: Any = None) -> bool:
    """Give IPython's HTML formatter the drawings of a position and a game in ``speech``'s
    language; False outside IPython."""
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:
            return False
        shell = get_ipython()
    if shell is None:
        return False
    formatter = shell.display_formatter.formatters["text/html"]
    formatter.for_type(GameState, lambda state: state_html(state, speech))
    formatter.for_type(Game, lambda game: game_html(game, speech))
    return True
