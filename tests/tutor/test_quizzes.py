"""Every quiz of every lesson, in the position its script reaches, answered by the engine.

Each check finds the answer another way than the quiz does: by applying actions and reading the
result, by enumerating legal actions, or by scoring a finished position with the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from precog.engine import GameState, Phase, Step, apply, legal_actions
from precog.engine.actions import (
    Activate,
    Choose,
    LoseHumans,
    PlaceBattery,
    Reveal,
    SpendProtectors,
)
from precog.engine.components import NO_GAINS, Gains
from precog.engine.scoring import final_outcome
from precog.engine.state import FEEDING_ROUNDS
from precog.engine.wording import error_text
from precog.tutor.data import lesson_ids, load_lesson, ui_texts
from precog.tutor.errors import TutorCode
from precog.tutor.preview import gains_text
from precog.tutor.quizzes import Quiz, QuizError, make_quiz
from precog.tutor.runner import LessonRunner
from tests.codes import raises_code
from tests.tutor.helpers import walk

Check = Callable[[Quiz, GameState, int, dict], set[str]]
CHECKS: dict[str, Check] = {}


def check(kind: str) -> Callable[[Check], Check]:
    def register(fn: Check) -> Check:
        CHECKS[kind] = fn
        return fn
    return register


def _first_until(state: GameState, done: Callable[[GameState], bool]) -> GameState:
    for _ in range(2000):
        if done(state):
            return state
        state = apply(state, legal_actions(state)[0])
    raise AssertionError("position not reached")


@check("activation_cost")
def _cost(quiz: Quiz, s: GameState, seat: int, params: dict) -> set[str]:
    both = Activate("both")
    if both in legal_actions(s):
        return {str(s.players[seat].healthy - apply(s, both).players[seat].healthy)}
    # Refused: the engine's reason quotes the price.
    cost = next(iter(quiz.answer))
    assert s.players[seat].healthy < int(cost)
    return set(quiz.answer)


@check("gains")
def _gains(quiz: Quiz, s: GameState, seat: int, params: dict) -> set[str]:
    after = apply(s, Activate(params.get("slots", "both")))
    offered = after.pending if after.to_move == seat and after.step is Step.GAINS else NO_GAINS
    return {gains_text(offered, ui_texts())}


def _learner_maintenance(s: GameState, seat: int) -> GameState:
    return _first_until(s, lambda x: x.phase is Phase.MAINTENANCE and x.to_move == seat
                        and x.step in (Step.PROTECT, Step.LOSE))


@check("bane_after")
def _bane(quiz: Quiz, s: GameState, seat: int, params: dict) -> set[str]:
    return {str(_learner_maintenance(s, seat).players[seat].bane)}


@check("humans_lost")
def _lost(quiz: Quiz, s: GameState, seat: int, params: dict) -> set[str]:
    after = apply(s, SpendProtectors(int(params.get("protectors", 0))))
    assert after.to_move == seat and after.step is Step.LOSE, "the loss is a real choice here"
    return {str(a.healthy + a.contaminated) for a in legal_actions(after)
            if isinstance(a, LoseHumans)}


@check("protectors_to_clear")
def _clear(quiz: Quiz, s: GameState, seat: int, params: dict) -> set[str]:
    banes = {}
    for k in range(s.players[seat].protectors + 1):
        if SpendProtectors(k) in legal_actions(s):
            nxt = apply(s, SpendProtectors(k))
            banes[k] = nxt.players[seat].bane
    lowest = min(banes.values())
    return {str(min(k for k, b in banes.items() if b == lowest))}


def _arrivals(s: GameState, seat: int, mine: Choose) -> set[str]:
    """Cards the learner's R slot can hold after the reveal, over every right-seat choice."""
    right = s.right(seat)
    out: set[str] = set()
    frontier = [apply(s, mine)]
    while frontier:
        x = frontier.pop()
        if x.phase is not Phase.DECISION:
            out.add(x.players[seat].action_zone[1])
            continue
        options = legal_actions(x) if x.to_move == right else legal_actions(x)[:1]
        frontier += [apply(x, a) for a in options]
    return out


@check("arriving_card")
def _arriving(quiz: Quiz, s: GameState, seat: int, params: dict) -> set[str]:
    answers = {frozenset(_arrivals(s, seat, c)) for c in legal_actions(s)
               if isinstance(c, Choose)}
    assert len(answers) == 1, "what arrives does not depend on the learner's own choice"
    return set(answers.pop())


@check("incoming_cards")
def _incoming(quiz: Quiz, s: GameState, seat: int, params: dict) -> set[str]:
    nxt = _first_until(s, lambda x: x.phase is Phase.DECISION and x.to_move == seat)
    return _arrivals(nxt, seat, legal_actions(nxt)[0])


@check("feeding")
def _feeding(quiz: Quiz, s: GameState, seat: int, params: dict) -> set[str]:
    """Feed through the engine: a real game brought to an Island, the learner's Boat copied in
    once the learner's own Maintenance is over."""
    from precog.engine import new_game
    from precog.tutor.positions import adjust_boats

    island = FEEDING_ROUNDS[0]
    game = _first_until(new_game(players=s.n, seed=1),
                        lambda x: x.round == island and x.phase is Phase.ACTION)
    game = adjust_boats(game, {i: {"protectors": 1, "bane": 2} for i in range(s.n)}, "test")
    other = (seat + 1) % s.n
    game = _first_until(game, lambda x: x.phase is Phase.MAINTENANCE and x.to_move == other
                        and x.step is Step.PROTECT and other > seat)
    p = s.players[seat]
    game = adjust_boats(game, {seat: {"food": p.food, "healthy": p.healthy,
                                      "contaminated": p.contaminated, "doctors": p.doctors}},
                        "test")
    fed = _first_until(game, lambda x: x.round > island or x.is_over).players[seat]
    if params.get("ask", "unfed") == "unfed":
        return {str(p.healthy - fed.healthy)}
    return {str(fed.food)}


@check("machines_trigger")
def _machines(quiz: Quiz, s: GameState, seat: int, params: dict) -> set[str]:
    effects = {}
    for i, room_id in enumerate(s.players[seat].rooms[:2]):
        for j, machine in enumerate(s.components.room_by_id[room_id].face(s.config.advanced)):
            effects[f"m{3 * i + j + 1}"] = machine.effect
    if s.step is Step.ACTIVATE and s.to_move == seat:
        # the quiz assumes everything the cards offer is taken: with the Batteries declined
        # (so that none powers a machine), that is what the cards offered
        offered = replace(s.config.options, received_means_offered=True)
        s = replace(s, config=replace(s.config, options=offered))
        after = apply(s, Activate(params.get("slots", "both")))
        decline = PlaceBattery(None)
        while after.to_move == seat and after.step is Step.GAINS \
                and after.pending_source == "cards":
            options = legal_actions(after)
            after = apply(after, decline if decline in options else options[0])
        given = after.pending if after.pending_source == "machines" and after.to_move == seat \
            else NO_GAINS
    else:  # after the learner took everything: what was taken beyond the cards came from machines
        p = s.players[seat]
        given = Gains(*(a - b for a, b in zip(p.taken.astuple(), p.card_gains.astuple())))
        given = replace(given, heal=0)  # healing is not counted in what a player took
    total = NO_GAINS
    for m in effects:
        if m in quiz.answer:
            total = total + effects[m]
    if not given.heal:
        total = replace(total, heal=0)
    assert _kinds(total) == _kinds(given), f"machines {sorted(quiz.answer)} give {total}; " \
        f"the engine: {given}"
    return set(quiz.answer)


def _kinds(g: Gains) -> tuple[int, ...]:
    """Food, Humans, Batteries, Ymunes (however placed), heal."""
    return g.food, g.human, g.battery, g.ymune + g.doctor + g.protector, g.heal


@check("coop_threshold")
def _threshold(quiz: Quiz, s: GameState, seat: int, params: dict) -> set[str]:
    target = int(next(iter(quiz.answer)))
    winning = {}
    for total in (target - 1, target):
        share = [total // s.n + (i < total % s.n) for i in range(s.n)]
        end = replace(s, players=tuple(replace(p, healthy=h) for p, h in zip(s.players, share)))
        winning[total] = bool(final_outcome(end, ()).winners)
    assert winning == {target - 1: False, target: True}
    return set(quiz.answer)


@check("reveal_cost")
def _reveal(quiz: Quiz, s: GameState, seat: int, params: dict) -> set[str]:
    return {str(s.players[seat].healthy - apply(s, Reveal()).players[seat].healthy)}


@check("teammate")
def _teammate(quiz: Quiz, s: GameState, seat: int, params: dict) -> set[str]:
    boost = replace(s, players=tuple(replace(p, healthy=p.healthy + (50 if i == seat else 0))
                                     for i, p in enumerate(s.players)))
    winners = set(final_outcome(boost, ()).winners) - {seat}
    return {str(w) for w in winners}


def _quiz_steps() -> list[tuple[str, int]]:
    out = []
    for lesson_id in lesson_ids():
        for i, step in enumerate(load_lesson(lesson_id).steps):
            if step.kind == "quiz":
                out.append((lesson_id, i))
    return out


def test_every_quiz_kind_has_an_engine_check() -> None:
    from precog.tutor.quizzes import quiz_kinds

    assert set(quiz_kinds()) == set(CHECKS)


@pytest.mark.parametrize("lesson_id", lesson_ids())
def test_every_quiz_answer_in_the_lesson_script_agrees_with_the_engine(lesson_id: str) -> None:
    checked = 0
    for runner in walk(lesson_id):
        step = runner.step
        if step.kind != "quiz":
            continue
        quiz = runner.quiz
        assert quiz is not None
        expected = CHECKS[step.quiz](quiz, runner.state, runner.seat, step.params)
        assert set(quiz.answer) == expected, f"{lesson_id} step {runner.index + 1} ({step.quiz})"
        assert quiz.check(expected)
        assert {c.value for c in quiz.choices} >= set(quiz.answer), "the answer is offered"
        checked += 1
    assert checked == sum(1 for lid, _ in _quiz_steps() if lid == lesson_id)


def test_a_wrong_answer_hides_the_answer_and_the_quiz_takes_another_try() -> None:
    runner = LessonRunner(load_lesson("lesson03"))
    runner.next()
    quiz = runner.quiz
    assert quiz is not None and quiz.kind == "activation_cost"
    wrong = next(c.value for c in quiz.choices if c.value not in quiz.answer)
    fb = runner.answer({wrong})
    assert fb.kind == "wrong"
    assert quiz.answer_text() not in fb.text and not fb.lines
    assert runner.complete and runner.quiz_open, "Next may be pressed, or the quiz tried again"
    fb = runner.answer(set(quiz.answer))
    assert fb.kind == "right"
    assert fb.lines and "Cost" in fb.lines[0] and next(iter(quiz.answer)) in fb.lines[0]
    assert not runner.quiz_open
    assert runner.answer({wrong}).kind == "refused", "a solved quiz takes no more answers"


def test_show_me_after_a_wrong_answer_gives_the_answer_and_the_working() -> None:
    runner = LessonRunner(load_lesson("lesson03"))
    runner.next()
    quiz = runner.quiz
    assert quiz is not None
    runner.answer({next(c.value for c in quiz.choices if c.value not in quiz.answer)})
    fb = runner.show_me()
    assert quiz.answer_text() in fb.text and fb.lines == (quiz.working,)
    assert runner.index == 1 and not runner.quiz_open


def test_a_quiz_asked_in_a_position_it_does_not_fit_says_what_it_needs() -> None:
    runner = LessonRunner(load_lesson("lesson02"))
    with raises_code(QuizError, TutorCode.QUIZ_NEEDS) as caught:
        make_quiz("activation_cost", runner.state, 0, {}, ui_texts())
    values = caught.value.problem.values
    assert values["what"].code is TutorCode.QUIZ_NEED_ACTION_ZONE
    assert (values["round"], values["phase"], values["step"]) == (1, "decision", "choose")
    assert "фаза действий" in error_text(caught.value, "ru")


def test_an_unknown_quiz_is_refused_with_the_known_ones() -> None:
    runner = LessonRunner(load_lesson("lesson02"))
    with raises_code(QuizError, TutorCode.QUIZ_UNKNOWN) as caught:
        make_quiz("no_such_quiz", runner.state, 0, {}, ui_texts())
    assert "activation_cost" in caught.value.problem.values["known"]
