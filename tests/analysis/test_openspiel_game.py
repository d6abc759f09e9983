"""precog as an OpenSpiel game: OpenSpiel's own random-simulation checks, and its bots."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")
openspiel_game = pytest.importorskip("precog.analysis.arena.openspiel_game")


@pytest.mark.parametrize("name", ["python_precog", "python_precog_turns"])
@pytest.mark.parametrize("params", [{"players": 2}, {"players": 3, "mode": "coop"},
                                    {"players": 4, "mode": "team", "setup": "advanced"}])
def test_openspiel_random_simulation_checks_pass(name, params):
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_the_decision_phase_is_one_simultaneous_node_after_the_setup_chance_node():
    game = pyspiel.load_game("python_precog", {"players": 3, "seeds": 5})
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert [p for _, p in state.chance_outcomes()] == pytest.approx([0.2] * 5)
    state.apply_action(2)
    assert state.is_simultaneous_node()
    assert [len(state.legal_actions(p)) for p in range(3)] == [6, 6, 6]
    state.apply_actions([0, 1, 2])
    assert not state.is_simultaneous_node() and state.current_player() == 0


def test_observations_hide_other_hands_and_resampling_keeps_the_information_state():
    game = pyspiel.load_game("python_precog_turns", {"players": 2, "seeds": 3})
    state = game.new_initial_state()
    state.apply_action(1)
    state.apply_action(0)  # seat 0 chooses in secret; seat 1 to move
    seen = state.information_state_string(1)
    hand_0 = state.position.players[0].hand
    assert all(card not in seen.split("Hand:")[1].split("|")[0] for card in hand_0)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(5):
        other = state.resample_from_infostate(1, sampler)
        assert other.current_player() == 1
        assert other.information_state_string(1) == seen


@pytest.mark.parametrize("kind", ["ismcts", "mcts"])
def test_openspiel_search_bots_play_legal_precog_games_from_any_seat(kind):
    from precog.analysis.arena.bots import make_bot, play_game

    bots = [make_bot("random", 2), openspiel_game.SpielPlayer(1, kind=kind, simulations=2),
            openspiel_game.SpielPlayer(3, kind=kind, evaluator="precog", simulations=2)]
    assert play_game(bots, seed=5, players=3).is_over
