"""The position text of ``precog show`` in any language; in English exactly the engine's."""

from __future__ import annotations

import random

import pytest

from precog.engine import apply, legal_actions, new_game, render_text
from precog.session.describe import position_text


@pytest.mark.parametrize("setup", [{"players": 2, "mode": "coop", "setup": "advanced"},
                                   {"players": 4, "mode": "team"}, {"players": 3}])
def test_the_english_position_text_is_the_engines_line_for_line(setup: dict[str, object]) -> None:
    rng = random.Random(2)
    state = new_game(seed=4, **setup)  # type: ignore[arg-type]
    while not state.is_over:
        if rng.random() < 0.1:
            assert position_text(state) == render_text(state)
            assert position_text(state, hidden_for=0) == render_text(state, hidden_for=0)
        state = apply(state, rng.choice(legal_actions(state)))
    assert position_text(state) == render_text(state)


def test_the_russian_position_text_uses_russian_words_and_the_same_numbers() -> None:
    state = new_game(players=3, mode="coop", seed=2)
    text = position_text(state, "ru", hidden_for=0)
    assert "Раунд 1, сезон 1 — Фаза решений" in text
    assert "Каюта: здоровых 4" in text and "скрыто (2 карты)" in text
    assert "Healthy" not in text and "Round" not in text
    assert len(text.splitlines()) == len(render_text(state, hidden_for=0).splitlines())
