"""The Play hint is worked out from the seat's view only: its data, its HTML and its link to
the explorer name no card of another seat's hand and no River tile still face down."""

from __future__ import annotations

import json
import random

import pytest

from precog.engine import GameState, Phase, apply, determinize, legal_actions, new_game
from precog.engine.view import view_of
from precog.session.hint import HintAnswer, HintRun, hint_unavailable, view_link
from precog.session.step_hint import SeatHint
from precog.session.words import words
from precog.widgets.hint import hint_html
from tests.engine.test_view import found, hidden_ids


def decisions() -> list[GameState]:
    """Decisions where the seat to move has hidden neighbours' hands and face-down tiles."""
    out = []
    for players, mode, seed, rounds in ((2, "competitive", 1, 2), (3, "competitive", 2, 5),
                                        (4, "team", 3, 8), (3, "coop", 4, 3)):
        rng = random.Random(seed)
        state = new_game(players=players, mode=mode, seed=seed)
        while state.round < rounds or state.phase is not Phase.DECISION:
            state = apply(state, rng.choice(legal_actions(state)))
        out.append(state)
    return out


def _hint(state: GameState) -> tuple[HintAnswer, str]:
    answers: list[HintAnswer] = []
    view = view_of(state, state.to_move)
    HintRun(background=False).start(view, answers.append)
    assert [a.final for a in answers] == [False, True]
    return answers[-1], view_link(view, "explorer.ipynb")


@pytest.mark.parametrize("state", decisions())
def test_the_hint_names_no_other_hand_and_no_face_down_river_tile(state: GameState) -> None:
    seat = state.to_move
    secret = hidden_ids(state, seat)
    assert secret, "a position with something hidden"
    answer, link = _hint(state)
    world = view_of(state, seat).world()
    shown = hint_html(answer, world, link)
    assert found(json.dumps(answer.to_json()), secret) == []
    assert found(shown, secret) == []
    assert found(link, secret) == []


@pytest.mark.parametrize("state", decisions()[:2])
def test_the_hint_is_the_same_whatever_the_cards_the_seat_cannot_see(state: GameState) -> None:
    seat = state.to_move
    other = determinize(state, seat, random.Random(5))
    assert other.players[(seat + 1) % state.n].hand != state.players[(seat + 1) % state.n].hand
    first, link = _hint(state)
    second, other_link = _hint(other)
    assert first.rows == second.rows and link == other_link


def test_a_hint_at_every_decision_of_the_rounds_and_none_in_the_advanced_setup() -> None:
    state = decisions()[0]
    assert hint_unavailable(state, state.to_move, True) is None
    assert hint_unavailable(state, state.to_move, False) == words("en").say(
        "hint.no_not_your_turn")
    while state.phase is Phase.DECISION:
        state = apply(state, legal_actions(state)[0])
    assert state.phase is Phase.ACTION and hint_unavailable(state, state.to_move, True) is None
    setup = new_game(players=3, seed=1, setup="advanced")
    assert setup.phase is Phase.SETUP_ROOMS
    assert hint_unavailable(setup, setup.to_move, True) is not None


def step_decisions() -> list[GameState]:
    """One position of each step after the Keep/Give (Action phase, Maintenance, the River,
    the cooperative Objective steps) offering a choice while the seat to move has hidden
    neighbours' hands and face-down River tiles."""
    found_steps: dict[str, GameState] = {}
    for players, mode, seed in ((3, "competitive", 2), (2, "competitive", 7), (3, "coop", 4),
                                (4, "team", 3)):
        rng = random.Random(seed)
        state = new_game(players=players, mode=mode, seed=seed)
        while not state.is_over:
            legal = legal_actions(state)
            key = state.step.value
            if (state.phase is not Phase.DECISION and len(legal) > 1 and key not in found_steps
                    and hidden_ids(state, state.to_move)):
                found_steps[key] = state
            state = apply(state, rng.choice(legal))
    return [found_steps[k] for k in sorted(found_steps)]


def _step_hint(state: GameState) -> HintAnswer:
    answers: list[HintAnswer] = []
    SeatHint(background=False).start(view_of(state, state.to_move), answers.append)
    assert [a.final for a in answers] == [False, True]
    return answers[-1]


def test_the_step_positions_cover_the_action_phase_maintenance_the_river_and_objectives(
        ) -> None:
    assert {s.step.value for s in step_decisions()} >= {"activate", "gains", "coop", "lose"}


@pytest.mark.parametrize("state", step_decisions(), ids=lambda s: s.step.value)
def test_the_hint_after_keep_give_names_no_other_hand_and_no_face_down_river_tile(
        state: GameState) -> None:
    seat = state.to_move
    secret = hidden_ids(state, seat)
    answer = _step_hint(state)
    assert answer.step == state.step.value
    assert {r.action for r in answer.rows} <= {str(a) for a in legal_actions(state)}
    shown = hint_html(answer, view_of(state, seat).world(), "")
    assert found(json.dumps(answer.to_json()), secret) == []
    assert found(shown, secret) == []


@pytest.mark.parametrize("state", step_decisions()[:3], ids=lambda s: s.step.value)
def test_the_hint_after_keep_give_is_the_same_whatever_the_cards_the_seat_cannot_see(
        state: GameState) -> None:
    seat = state.to_move
    other = determinize(state, seat, random.Random(5))
    assert hidden_ids(other, seat) != hidden_ids(state, seat)
    assert _step_hint(state).rows == _step_hint(other).rows


def test_the_hint_says_how_far_behind_each_choice_is_and_when_it_is_as_good_as_the_best() -> None:
    from precog.analysis.choices.ranking import rank_options
    from precog.session.hint import reasons
    from precog.session.words import words

    state = decisions()[1]
    ranking = rank_options(state, state.to_move, rollouts=64, seed=2)  # both kinds at seed 2
    say = words("en").say
    seen = set()
    for row in ranking.rows:
        first = reasons(ranking, row, state, "en")[0]
        if row.loss <= 1e-9:
            assert first == say("hint.best")
            continue
        assert first.startswith(f"{row.loss:.2f} ± {row.loss_ci95:.2f} Healthy Humans below")
        tied = row.loss <= row.loss_ci95
        assert first.endswith("as good, within the noise.") == tied
        seen.add(tied)
    assert seen == {True, False}  # this position has choices of both kinds
    by_tree = rank_options(state, state.to_move, depth_rounds=1)
    row = by_tree.rows[-1]
    assert reasons(by_tree, row, state, "en")[0] == say("hint.behind", loss=f"{row.loss:.2f}")
    assert "±" in reasons(ranking, ranking.rows[-1], state, "ru")[0]


def test_the_hint_shows_its_top_choices_once_each_though_a_card_has_a_copy() -> None:
    """Two rows that Keep and Give the same cards (one a copy from another deck) play alike:
    the hint lists the best three different choices, in the ranking's order."""
    from precog.analysis.choices.ranking import rank_options
    from precog.session.hint import TOP, answer_of
    from tests.widgets.test_explorer import _with_twin_cards

    state = _with_twin_cards()
    ranking = rank_options(state, 0, rollouts=16, seed=0, depth_rounds=1)

    def face(keep: str, give: str) -> tuple[object, object]:
        return state.card(keep).face, state.card(give).face

    faces = [face(r.keep, r.give) for r in ranking.rows]
    assert len(set(faces)) < len(faces)
    answer = answer_of(ranking, state, True, {})
    assert [face(r.keep, r.give) for r in answer.rows] == list(dict.fromkeys(faces))[:TOP]


def test_a_cooperative_hint_says_what_its_values_count_and_others_do_not() -> None:
    shown = {}
    for state in (decisions()[0], decisions()[3]):
        answer, link = _hint(state)
        shown[state.config.mode] = hint_html(answer, view_of(state, state.to_move).world(), link)
    assert "pc-coop-note" in shown["coop"] and "misses an Objective" in shown["coop"]
    assert "pc-coop-note" not in shown["competitive"]
