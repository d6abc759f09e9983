"""A position shows itself in a notebook as the drawn table, hiding hidden cards."""

from precog.engine import new_game


def test_notebook_display_shows_the_hand_of_the_player_to_move_only() -> None:
    state = new_game(players=3, seed=4)
    html = state._repr_html_()
    mover = state.players[state.to_move]
    others = [c for s, p in enumerate(state.players) if s != state.to_move for c in p.hand]
    assert all(f">{card}<" in html for card in mover.hand)
    assert not any(card in html for card in others)
    assert "<style>" in html
