"""The lesson runner: refusals from the engine, previews, undo, restart, progress."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from precog.engine import Phase, PrecogError, RefusalCode, apply, legal_actions, why_illegal
from precog.engine.actions import Action, Activate, Choose, LoseHumans, SpendProtectors
from precog.tutor.data import PositionSpec, lesson_ids, load_lesson, ui_texts
from precog.tutor.errors import TutorCode
from precog.tutor.flow import card_flow
from precog.tutor.positions import build_position
from precog.tutor.preview import preview, reveals_river
from precog.tutor.progress import ProgressStore
from precog.tutor.runner import LessonRunner
from precog.tutor.words import action_kind
from tests.codes import raises_code
from tests.engine.test_rules_notation import ONE_OF_EACH
from tests.tutor.helpers import walk


def _runner_at(lesson_id: str, step: int, store: ProgressStore | None = None) -> LessonRunner:
    runner = LessonRunner(load_lesson(lesson_id), store=store)
    while runner.index < step:
        runner.next() if runner.complete else runner.show_me()
    return runner


def test_giving_a_hand_card_is_refused_in_kind_words_built_on_the_engine_reason() -> None:
    runner = _runner_at("lesson02", 2)
    p = runner.state.players[0]
    attempt = Choose(p.decision_zone[0], p.hand[0])
    engine_reason = why_illegal(runner.state, attempt)
    assert engine_reason is not None
    assert engine_reason.code is RefusalCode.GIVE_NOT_IN_DECISION_ZONE
    said = runner.refusal(attempt)
    assert said is not None and said.startswith("You can only give a card from your Decision Zone")
    assert all(card in said for card in p.decision_zone)
    fb = runner.play(attempt)
    assert fb.kind == "refused" and runner.state.phase is Phase.DECISION


def test_the_learner_is_offered_exactly_the_engines_legal_actions_as_clickable() -> None:
    for lesson_id in lesson_ids():
        for runner in walk(lesson_id):
            if runner.learner_to_move and not runner.step.accept:
                legal = {str(a) for a in legal_actions(runner.state)}
                clickable = {str(o.action) for o in runner.options() if o.legal}
                assert clickable == legal, f"{lesson_id} step {runner.index + 1}"
                for o in runner.options():
                    assert o.legal or o.reason, "every greyed-out option says why"


def test_activating_both_beyond_the_cabins_is_greyed_out_with_the_price() -> None:
    runner = _runner_at("lesson03", 7)
    assert runner.step.title == "When both is too much" and runner.learner_to_move
    both = next(o for o in runner.options() if o.action == Activate("both"))
    assert not both.legal
    assert "Activate one card instead" in both.reason
    assert str(runner.state.players[0].healthy) in both.reason


def test_a_step_asking_for_one_kind_of_move_refuses_a_legal_other_with_its_hint() -> None:
    runner = _runner_at("lesson04", 1)
    assert Activate("G") in legal_actions(runner.state)
    fb = runner.play(Activate("G"))
    assert fb.kind == "refused" and fb.text == runner.step.hint
    assert runner.play(Activate("both")).kind == "ok"
    assert runner.complete


def test_next_waits_for_the_step_and_show_me_always_moves_on() -> None:
    runner = _runner_at("lesson02", 1)
    assert runner.step.kind == "quiz" and not runner.complete
    assert runner.next().kind == "refused" and runner.index == 1
    runner.show_me()
    assert runner.complete
    assert runner.next().kind == "info" and runner.index == 2


def test_undo_takes_back_the_learners_move_and_the_others_replies() -> None:
    runner = _runner_at("lesson02", 2)
    before = runner.state
    runner.play(legal_actions(before)[0])
    assert runner.state.phase is Phase.ACTION and runner.can_undo
    runner.undo()
    assert runner.state == before and not runner.can_undo and not runner.complete
    assert runner.undo().kind == "refused"


def test_restart_returns_to_the_first_step_and_the_scripted_position() -> None:
    runner = _runner_at("lesson03", 6)
    runner.restart()
    fresh = LessonRunner(load_lesson("lesson03"))
    assert runner.index == 0 and runner.state == fresh.state


def test_every_lesson_can_be_finished_with_show_me_alone() -> None:
    for lesson_id in lesson_ids():
        runners = list(walk(lesson_id))
        assert len(runners) == len(load_lesson(lesson_id).steps)


def test_progress_is_saved_step_by_step_and_a_finished_lesson_is_done(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "progress.json")
    runner = _runner_at("lesson01", 2, store)
    st = store.status("lesson01")
    assert st is not None and (st.step, st.done) == (2, False)
    while not runner.finished:
        runner.next() if runner.complete else runner.show_me()
    again = ProgressStore(tmp_path / "progress.json").status("lesson01")
    assert again is not None and again.done and again.step == again.steps


def test_a_lesson_resumes_at_the_step_where_it_was_left(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    left = _runner_at("lesson03", 5, ProgressStore(path))
    again = LessonRunner(load_lesson("lesson03"), store=ProgressStore(path))
    assert again.index == 0, "a runner starts at step 1 until asked to resume"
    assert again.resume() == 5
    assert again.index == 5 and again.step.title == left.step.title
    assert again.state == left.state, "the steps before are replayed as show me plays them"


def test_a_restarted_lesson_resumes_at_its_start_but_keeps_its_furthest_step(
        tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    runner = _runner_at("lesson03", 5, ProgressStore(path))
    runner.restart()
    status = ProgressStore(path).status("lesson03")
    assert status is not None and (status.step, status.resume_at) == (5, 0)
    assert LessonRunner(load_lesson("lesson03"), store=ProgressStore(path)).resume() == 0


def test_a_finished_lesson_opens_again_at_its_first_step(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    runner = LessonRunner(load_lesson("lesson01"), store=ProgressStore(path))
    while not runner.finished:
        runner.next() if runner.complete else runner.show_me()
    assert LessonRunner(load_lesson("lesson01"), store=ProgressStore(path)).resume() == 0


def test_resuming_does_not_record_the_replayed_quizzes_as_answers(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    _runner_at("lesson03", 4, ProgressStore(path))
    LessonRunner(load_lesson("lesson03"), store=ProgressStore(path)).resume()
    status = ProgressStore(path).status("lesson03")
    assert status is not None and status.quizzes == ()


def test_progress_records_a_quizs_first_answer_not_the_retry(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    runner = LessonRunner(load_lesson("lesson03"), store=ProgressStore(path))
    runner.next()
    quiz = runner.quiz
    assert quiz is not None
    runner.answer({next(c.value for c in quiz.choices if c.value not in quiz.answer)})
    assert runner.answer(set(quiz.answer)).kind == "right"
    status = ProgressStore(path).status("lesson03")
    assert status is not None and status.quizzes == ((1, False),)


def test_an_unreadable_progress_file_is_reported_and_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_text("{not json", encoding="utf-8")
    store = ProgressStore(path)
    assert store.problem is not None and store.problem.code == TutorCode.PROGRESS_UNREADABLE
    assert store.problem.values["path"] == str(path)
    store.record("lesson01", step=1, steps=4)
    assert path.read_text(encoding="utf-8") == "{not json"
    assert store.status("lesson01") is not None


# -- previews ---------------------------------------------------------------------------------

def test_the_activation_preview_states_what_apply_pays_and_offers() -> None:
    runner = _runner_at("lesson03", 3)
    state = runner.state
    lines = runner.preview(Activate("both"))
    after = apply(state, Activate("both"))
    paid = state.players[0].healthy - after.players[0].healthy
    assert f"You pay {paid} Healthy" in lines[0]
    assert lines[1].startswith("Your cards give:")
    assert str(after.pending.food) in lines[1] and str(after.pending.battery) in lines[1]


def test_the_choice_preview_sends_each_card_where_the_reveal_puts_it() -> None:
    runner = _runner_at("lesson02", 2)
    choice = legal_actions(runner.state)[0]
    assert isinstance(choice, Choose)
    lines = runner.preview(choice)
    runner.play(choice)
    flow = runner.flow
    assert flow is not None
    for move in flow.moves_of(0):
        zone = ui_texts().section("zone")[move.to_zone]
        who = "you" if move.to_seat == 0 else f"seat {move.to_seat}"
        assert f"**{move.card}** → {who}: {zone}." in lines


def test_a_preview_stops_before_turning_a_river_tile() -> None:
    spec = PositionSpec(setup={"players": 3, "seed": 13}, seat=2,
                        play_to="round:7 step:protect")
    state = build_position(spec)
    state = apply(state, SpendProtectors(0))
    assert state.to_move == 2 and state.step.value == "lose"
    lose = next(a for a in legal_actions(state) if isinstance(a, LoseHumans))
    assert reveals_river(state, apply(state, lose))
    lines = preview(state, 2, lose, ui_texts())
    assert lines[-1] == ui_texts().say("preview", "then_river")
    assert not any("→" in line for line in lines), "no Boat value after the River is shown"


def test_the_card_flow_sends_keeps_left_gives_and_passes_where_the_engine_did() -> None:
    runner = _runner_at("lesson02", 3)
    assert runner.resolution is not None
    before, last, after = runner.resolution
    flow = card_flow(before, last, after)
    for move in flow.moves:
        seat = move.from_seat
        expected = {"keep": (seat, "G"), "give": ((seat + 1) % 3, "R"),
                    "pass": ((seat - 1) % 3, "decision")}[move.role]
        assert (move.to_seat, move.to_zone) == expected
    assert len(flow.moves) == 3 * 4


@pytest.mark.parametrize("move", ["keep Z99 give T06", "activate both"])
def test_a_scripted_move_that_the_engine_refuses_names_the_move(move: str) -> None:
    from precog.engine import DataError

    spec = PositionSpec(setup={"players": 3, "seed": 11}, moves=(move,), where="lesson99")
    with raises_code(DataError, TutorCode.LESSON_MOVE_REFUSED) as caught:
        build_position(spec)
    assert caught.value.problem.values["where"] == "lesson99: move 1"


def test_a_boat_adjustment_the_engine_rejects_is_reported_with_the_position() -> None:
    from precog.engine import DataError

    spec = PositionSpec(setup={"players": 2, "seed": 1}, boat={0: {"food": -3}},
                        where="lessons/en/lesson05.toml step 8.position")
    with raises_code(DataError, TutorCode.LESSON_BOAT_POSITION) as caught:
        build_position(spec)
    assert caught.value.problem.values["where"] == "lessons/en/lesson05.toml step 8.position"


def test_the_board_of_a_reveal_shown_move_by_move_keeps_in_step_with_its_stepper() -> None:
    from precog.tutor.flow import STAGES

    runner = _runner_at("lesson02", 3)  # the reveal, move by move
    assert runner.step.kind == "flow" and runner.flow is not None
    before, after = runner.flow.before, runner.state
    assert before.players[0].hand != after.players[0].hand  # the reveal moved cards
    for stage in range(len(STAGES) - 1):  # "Move 1 of 4" …: the cards where they were
        runner.flow_to(stage)
        assert runner.board_state is before
    runner.flow_to(len(STAGES) - 1)  # the last move: where they went
    assert runner.board_state is after


@pytest.mark.parametrize("action", ONE_OF_EACH, ids=str)
def test_a_moves_kind_is_the_first_word_of_its_notation(action: Action) -> None:
    # a lesson's accepted moves are written in notation; the kind comes from the action itself
    assert action_kind(action) == str(action).split(" ")[0]


def test_a_flow_step_without_a_dual_select_reveal_before_it_is_refused_with_its_code() -> None:
    lesson = load_lesson("lesson02")
    flow = next(step for step in lesson.steps if step.kind == "flow")
    with raises_code(PrecogError, TutorCode.LESSON_FLOW_REVEAL) as caught:
        LessonRunner(replace(lesson, steps=(flow, *lesson.steps)))
    assert caught.value.problem.values["where"] == flow.where
