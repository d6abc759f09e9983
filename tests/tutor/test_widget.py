"""The tutor's pages driven headlessly, as a learner would: by clicking buttons."""

from __future__ import annotations

from pathlib import Path

import pytest

from precog.engine import Phase
from precog.tutor.data import languages, lesson_ids, load_lesson
from precog.tutor.progress import ProgressStore
from precog.widgets.tutor import LessonPage, TutorIndex

MAX_CLICKS = 3000


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(tmp_path / "progress.json")


def _act(page: LessonPage) -> None:
    """Make the learner's move with the page's own controls (never "show me")."""
    r = page.runner
    if r.state.phase is Phase.DECISION:
        keep = next(c for c, b in page.keep_buttons.items() if not b.disabled)
        page.keep_buttons[keep].click()
        give = next(c for c, b in page.give_buttons.items() if not b.disabled)
        page.give_buttons[give].click()
    else:
        suggestion = r.suggestion()
        assert suggestion is not None
        page.option_buttons[str(suggestion)].click()
    assert not page.commit_button.disabled and page.preview_box.value
    page.commit_button.click()


def _answer(page: LessonPage) -> None:
    quiz = page.runner.quiz
    assert quiz is not None
    if quiz.multi:
        for value in quiz.answer:
            page.quiz_buttons[value].value = True
        page.check_button.click()
    else:
        page.quiz_buttons[next(iter(quiz.answer))].click()
    assert page.texts.say("quiz", "right") in page.feedback_box.value


def play_by_clicks(page: LessonPage) -> int:
    r = page.runner
    for clicks in range(MAX_CLICKS):
        if r.finished:
            return clicks
        kind = r.step.kind
        if r.complete:
            assert not page.next_button.disabled
            page.next_button.click()
        elif kind == "act" and r.learner_to_move:
            _act(page)
        elif kind == "quiz":
            _answer(page)
        elif kind == "flow":
            page.flow_next_button.click()
        elif kind == "explore":
            unseen = next(p.id for p in r.step.parts if p.id not in r.seen_parts)
            page.part_buttons[unseen].click()
        else:
            page.show_me_button.click()
    raise AssertionError(f"not finished after {MAX_CLICKS} clicks at step {r.index + 1}")


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("lesson_id", lesson_ids())
def test_every_lesson_plays_to_its_end_by_clicks(lesson_id: str, lang: str,
                                                 store: ProgressStore) -> None:
    page = LessonPage(lesson_id, lang, store=store)
    assert page.lesson.lang == lang, f"{lesson_id} has no {lang} edition"
    clicks = play_by_clicks(page)
    assert clicks > len(load_lesson(lesson_id, lang).steps)
    status = store.status(lesson_id)
    assert status is not None and status.done
    end = page.panel.children[0].value
    suffix = "" if lang == "en" else f"?lang={lang}"
    assert page.texts.say("feedback", "lesson_done") in end
    assert f'href="index.ipynb{suffix}"' in end
    ids = lesson_ids(lang)
    if lesson_id != ids[-1]:
        assert f'href="{ids[ids.index(lesson_id) + 1]}.ipynb{suffix}"' in end
    assert page.next_button.disabled and page.show_me_button.disabled


def test_every_lesson_page_says_its_cards_are_the_projects_reference_set(
        store: ProgressStore) -> None:
    for lang, words in (("en", "reference set, not the publisher"),
                        ("ru", "эталонный набор проекта")):
        for lesson_id in lesson_ids(lang):
            page = LessonPage(lesson_id, lang, store=store)
            footer = page.children[-1].value
            assert "pt-footer" in footer and words in footer, (lang, lesson_id)


def test_give_buttons_on_hand_cards_are_greyed_with_the_reason_shown(
        store: ProgressStore) -> None:
    page = LessonPage("lesson02", store=store)
    page.next_button.click()
    page.show_me_button.click()
    page.next_button.click()
    p = page.runner.state.players[0]
    for card in p.hand:
        assert page.give_buttons[card].disabled
    for card in p.decision_zone:
        assert not page.give_buttons[card].disabled
    shown = "".join(w.value for w in page.panel.children if hasattr(w, "value"))
    assert "Greyed out, and why" in shown and "only give a card from your Decision Zone" in shown


def test_keeping_a_decision_zone_card_greys_out_giving_it(store: ProgressStore) -> None:
    page = LessonPage("lesson02", store=store)
    for _ in range(2):
        page.show_me_button.click() if not page.runner.complete else page.next_button.click()
    while page.runner.step.kind != "act":
        page.next_button.click()
    card = page.runner.state.players[0].decision_zone[0]
    page.keep_buttons[card].click()
    assert page.give_buttons[card].disabled
    assert "already your Keep" in page.give_buttons[card].tooltip


def test_a_wrong_quiz_answer_can_be_tried_again_and_the_first_answer_is_recorded(
        store: ProgressStore) -> None:
    page = LessonPage("lesson03", store=store)
    page.next_button.click()
    quiz = page.runner.quiz
    assert quiz is not None
    wrong = next(c.value for c in quiz.choices if c.value not in quiz.answer)
    page.quiz_buttons[wrong].click()
    fb = page.feedback_box.value
    assert "Not quite" in fb and quiz.answer_text() not in fb
    assert not any(b.disabled for b in page.quiz_buttons.values()), "the quiz takes a retry"
    assert "pt-quiz-wrong" in page.quiz_buttons[wrong]._dom_classes
    assert not page.next_button.disabled and not page.show_me_button.disabled
    page.quiz_buttons[next(iter(quiz.answer))].click()
    assert page.texts.say("quiz", "right") in page.feedback_box.value
    assert "Cost" in page.feedback_box.value, "the working comes with the right answer"
    assert all(b.disabled for b in page.quiz_buttons.values())
    status = ProgressStore(store.path).status("lesson03")
    assert status is not None and status.quizzes == ((1, False),)


def test_a_multiple_choice_quiz_is_checked_again_after_a_wrong_try(store: ProgressStore) -> None:
    page = LessonPage("lesson02", store=store)
    page.next_button.click()
    quiz = page.runner.quiz
    assert quiz is not None and quiz.multi and page.check_button is not None
    page.check_button.click()  # nothing picked: wrong
    assert "Not quite" in page.feedback_box.value
    for value in quiz.answer:
        page.quiz_buttons[value].value = True
    page.check_button.click()
    assert page.texts.say("quiz", "right") in page.feedback_box.value


def test_lesson_text_wraps_glossary_terms_in_tooltips(store: ProgressStore) -> None:
    page = LessonPage("lesson02", store=store)
    html = page.step_box.value
    assert 'data-term="decision-zone"' in html and 'title="The ' in html
    assert html.count('data-term="decision-zone"') == 1


def test_the_board_is_drawn_with_labelled_parts_and_the_steps_highlights(
        store: ProgressStore) -> None:
    page = LessonPage("lesson01", store=store)
    page.next_button.click()
    page.part_buttons["bane"].click()
    board = page.board.value
    assert 'data-part="seat0.bane"' in board and "data-hl" in board
    assert "Bane" in page.feedback_box.value


def test_restart_and_undo_buttons_bring_the_lesson_back(store: ProgressStore) -> None:
    page = LessonPage("lesson02", store=store)
    start = page.runner.state
    page.next_button.click()
    page.show_me_button.click()
    page.next_button.click()
    assert page.undo_button.disabled
    _act(page)
    assert not page.undo_button.disabled
    page.undo_button.click()
    assert page.runner.state.phase is Phase.DECISION
    page.restart_button.click()
    page.restart_yes.click()
    assert page.runner.index == 0 and page.runner.state == start


def test_restart_lesson_asks_first_and_cancel_keeps_the_lesson(store: ProgressStore) -> None:
    page = LessonPage("lesson02", store=store)
    page.next_button.click()
    page.show_me_button.click()
    page.next_button.click()
    assert page.restart_ask.layout.display == "none"
    page.restart_button.click()
    assert page.restart_ask.layout.display is None, "the question is shown"
    assert page.runner.index == 2, "nothing is reset before the answer"
    assert "Restart this lesson" in page.restart_ask.children[0].value
    page.restart_no.click()
    assert page.restart_ask.layout.display == "none" and page.runner.index == 2
    assert not page.restart_button.disabled
    page.restart_button.click()
    page.restart_yes.click()
    assert page.runner.index == 0 and page.restart_ask.layout.display == "none"


@pytest.mark.parametrize("lang", languages())
def test_a_lesson_page_opens_at_the_step_where_it_was_left(store: ProgressStore,
                                                          lang: str) -> None:
    page = LessonPage("lesson03", lang, store=store)
    for _ in range(4):
        page.show_me_button.click() if not page.runner.complete else page.next_button.click()
    left = page.runner.index
    assert left > 0
    again = LessonPage("lesson03", lang, store=ProgressStore(store.path))
    assert again.runner.index == left
    welcome = again.texts.say("retry", "resumed", n=left + 1).split("**")[0]
    assert welcome in again.feedback_box.value and f"{left + 1}" in welcome
    assert f"{left + 1}" in again.header.value


def test_play_this_asks_the_browser_to_scroll_to_the_steps_panel(store: ProgressStore) -> None:
    page = LessonPage("lesson02", store=store)
    while page.runner.step.kind != "act":
        page.show_me_button.click() if not page.runner.complete else page.next_button.click()
    before = page.scroller.request
    _act(page)
    assert page.scroller.request == before + 1 and page.scroller.target == ".pt-panel"
    assert page.scroller in page.children, "the scroller is on the page to do it"


@pytest.mark.parametrize("word, term", [("X", "x"), ("bonus", "bonus"), ("feeding", "island"),
                                        ("Protector", "protector")])
def test_the_rules_lookup_finds_the_term_and_its_lesson(word: str, term: str,
                                                        store: ProgressStore) -> None:
    page = TutorIndex(store=store)
    page.lookup.query.value = word
    html = page.lookup.results.value
    first = html.split('<li class="pt-hit">')[1]
    from precog.tutor.glossary import glossary

    entry = glossary().entry(term)
    assert entry.term in first and f'href="{entry.lesson}.ipynb"' in first


def test_the_lookup_says_so_when_nothing_matches(store: ProgressStore) -> None:
    page = TutorIndex(store=store)
    page.lookup.query.value = "zeppelin"
    assert "Nothing found" in page.lookup.results.value


def test_the_index_lists_every_lesson_with_its_progress(store: ProgressStore) -> None:
    store.record("lesson02", step=3, steps=10)
    store.record("lesson01", step=4, steps=4, done=True)
    html = TutorIndex(store=store).list_box.value
    assert html.count('class="pt-lesson ') == len(lesson_ids())
    assert "step 3 of 10" in html and "done ✓" in html and "1 of 9 lessons done" in html
    assert 'href="lesson09.ipynb"' in html


@pytest.mark.parametrize("word, term", [("X", "x"), ("бонус", "bonus"), ("кормление", "island"),
                                        ("защитники", "protector"), ("угрозу", "bane")])
def test_the_russian_lookup_finds_the_term_and_its_lesson_in_any_case_form(
        word: str, term: str, store: ProgressStore) -> None:
    from precog.tutor.glossary import glossary

    page = TutorIndex("ru", store=store)
    page.lookup.query.value = word
    first = page.lookup.results.value.split('<li class="pt-hit">')[1]
    entry = glossary("ru").entry(term)
    assert entry.term in first and f'href="{entry.lesson}.ipynb?lang=ru"' in first


def test_the_russian_index_is_in_russian_and_its_links_keep_the_language(
        store: ProgressStore) -> None:
    store.record("lesson02", step=3, steps=11)
    page = TutorIndex("ru", store=store)
    html = page.list_box.value
    assert "шаг 3 из 11" in html and "Пройдено уроков: 0 из 9" in html
    assert 'href="lesson09.ipynb?lang=ru"' in html and "Думать наперёд" in html
    head = page.children[1].value
    assert "Учимся играть" in head and 'href="../notebooks/index.ipynb?lang=ru"' in head
    page.lookup.query.value = "дирижабль"
    assert "ничего не нашлось" in page.lookup.results.value


def test_a_page_takes_its_language_from_the_query_and_falls_back_to_english(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from precog.session.language import page_language

    monkeypatch.setenv("QUERY_STRING", "lang=ru")
    assert page_language() == "ru"
    monkeypatch.setenv("QUERY_STRING", "lang=de")
    assert page_language() == "en"
    monkeypatch.delenv("QUERY_STRING")
    assert page_language() == "en"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_feedback_on_a_keep_and_give_names_the_cards_not_their_ids(
        store: ProgressStore, lang: str) -> None:
    from precog.session.card_names import card_name

    page = LessonPage("lesson02", lang, store=store)
    for _ in range(MAX_CLICKS):
        r = page.runner
        if r.step.kind == "act" and r.learner_to_move and r.state.phase is Phase.DECISION:
            break
        if r.complete:
            page.next_button.click()
        elif r.step.kind == "quiz":
            _answer(page)
        elif r.step.kind == "flow":
            page.flow_next_button.click()
        else:
            page.show_me_button.click()
    state = page.runner.state
    keep = next(c for c, b in page.keep_buttons.items() if not b.disabled)
    page.keep_buttons[keep].click()
    give = next(c for c, b in page.give_buttons.items() if not b.disabled)
    page.give_buttons[give].click()
    page.commit_button.click()
    said = page.feedback_box.value
    # by name, the id only as the mark that tells a card from its namesakes of other decks
    # (in «quotes» after a noun in Russian)
    assert card_name(keep, state.components, lang, quoted=True) in said
    assert card_name(give, state.components, lang, quoted=True) in said
    unmarked = said.replace(f"·{keep}", "").replace(f"·{give}", "")
    assert keep not in unmarked and give not in unmarked


def test_a_lesson_page_shows_the_lesson_its_address_names(
        store: ProgressStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """The app serves every lesson page with lesson 1's notebook (one kernel started ahead):
    the lesson shown is the one in the page's address; without an address, the one asked."""
    from precog.widgets.tutor import lesson

    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/tutorials/lesson04.ipynb")
    monkeypatch.setenv("QUERY_STRING", "lang=ru")
    page = lesson("lesson01")
    assert page.lesson.title == load_lesson("lesson04", "ru").title
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/notebooks/play.ipynb")
    assert lesson("lesson02").lesson.title == load_lesson("lesson02", "ru").title
    monkeypatch.delenv("SCRIPT_NAME")
    monkeypatch.delenv("QUERY_STRING")
    assert lesson("lesson03").lesson.title == load_lesson("lesson03").title
