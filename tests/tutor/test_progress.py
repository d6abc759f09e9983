"""The tutor's progress file: atomic private writes, merging between pages, strict reading."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from precog.tutor.errors import TutorCode
from precog.tutor.progress import (
    FORMAT,
    MAX_BYTES,
    PER_VISITOR_ENV,
    VISITOR_ENV,
    LessonStatus,
    ProgressStore,
    default_path,
)

VISITOR = "0123456789abcdef0123456789abcdef"


def _write(path: Path, lessons: object) -> None:
    path.write_text(json.dumps({"format": FORMAT, "lessons": lessons}), encoding="utf-8")


# -- writing --------------------------------------------------------------------------------

def test_a_planted_symlink_at_the_old_temporary_name_is_not_followed(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    (tmp_path / "progress.tmp").symlink_to(victim)
    ProgressStore(tmp_path / "progress.json").record("lesson01", step=1, steps=4)
    assert victim.read_text(encoding="utf-8") == "keep me"
    assert ProgressStore(tmp_path / "progress.json").status("lesson01") == LessonStatus(1, 4, False)


def test_a_save_leaves_no_temporary_file_and_a_private_folder(tmp_path: Path) -> None:
    path = tmp_path / "new" / "progress.json"
    ProgressStore(path).record("lesson01", step=2, steps=4)
    assert sorted(p.name for p in path.parent.iterdir()) == ["progress.json"]
    assert path.parent.stat().st_mode & 0o777 == 0o700


def test_a_symlink_in_place_of_the_file_is_replaced_not_written_through(tmp_path: Path) -> None:
    victim = tmp_path / "victim.json"
    victim.write_text(json.dumps({"format": FORMAT, "lessons": {}}), encoding="utf-8")
    path = tmp_path / "progress.json"
    path.symlink_to(victim)
    ProgressStore(path).record("lesson01", step=1, steps=4)
    assert json.loads(victim.read_text(encoding="utf-8"))["lessons"] == {}
    assert not path.is_symlink()


def test_two_pages_open_at_once_keep_each_others_lessons(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    first, second = ProgressStore(path), ProgressStore(path)  # both read an empty file
    first.record("lesson01", step=3, steps=4)
    second.record("lesson02", step=1, steps=9)
    second.record("lesson02", step=2, steps=9)
    first.record("lesson01", step=4, steps=4, done=True)
    again = ProgressStore(path)
    assert again.status("lesson01") == LessonStatus(4, 4, True)
    assert again.status("lesson02") == LessonStatus(2, 9, False)


def test_a_page_behind_another_never_takes_progress_back(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    ahead, behind = ProgressStore(path), ProgressStore(path)
    ahead.record("lesson03", step=5, steps=6, done=False)
    behind.record("lesson03", step=1, steps=6)
    assert ProgressStore(path).status("lesson03") == LessonStatus(5, 6, False)
    assert behind.status("lesson03") == LessonStatus(5, 6, False)  # it learnt the merge


def test_the_step_to_resume_at_follows_the_page_that_moved_last(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    first, second = ProgressStore(path), ProgressStore(path)
    first.record("lesson03", step=5, steps=6, at=5)
    second.record("lesson03", step=0, steps=6, at=0)  # restarted in another page
    second.record("lesson02", step=1, steps=9)
    first.record("lesson01", step=1, steps=4)  # first never touched lesson03 again
    again = ProgressStore(path).status("lesson03")
    assert again is not None and (again.step, again.resume_at) == (5, 0)


def test_a_quizs_first_answer_is_kept_whichever_page_saves_later(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    first, second = ProgressStore(path), ProgressStore(path)
    first.record_quiz("lesson03", 1, False, steps=6)
    first.record_quiz("lesson03", 1, True, steps=6)
    second.record_quiz("lesson03", 1, True, steps=6)
    second.record_quiz("lesson03", 4, True, steps=6)
    again = ProgressStore(path).status("lesson03")
    assert again is not None and again.quizzes == ((1, False), (4, True))


def test_a_file_written_before_resuming_existed_is_read_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    _write(path, {"lesson02": {"step": 2, "steps": 9, "done": False}})
    status = ProgressStore(path).status("lesson02")
    assert status == LessonStatus(2, 9, False) and status.resume_at == 2


# -- reading --------------------------------------------------------------------------------

@pytest.mark.parametrize("entry", [
    {"step": -5, "steps": 4, "done": False},
    {"step": 1, "steps": 4, "done": "no"},
    {"step": 1.5, "steps": 4, "done": False},
    {"step": True, "steps": 4, "done": False},
    {"step": 9, "steps": 4, "done": False},
    {"step": 1, "steps": 10**9, "done": False},
    {"step": 1, "steps": 4},
    {"step": 1, "steps": 4, "done": False, "extra": 1},
    {"step": 1, "steps": 4, "done": False, "at": 7},
    {"step": 1, "steps": 4, "done": False, "at": "2"},
    {"step": 1, "steps": 4, "done": False, "quizzes": {"9": True}},
    {"step": 1, "steps": 4, "done": False, "quizzes": {"1": "yes"}},
    {"step": 1, "steps": 4, "done": False, "quizzes": [True]},
    [1, 4, False],
])
def test_an_entry_with_wrong_types_or_values_is_ignored_and_named(
        tmp_path: Path, entry: object) -> None:
    path = tmp_path / "progress.json"
    _write(path, {"lesson01": entry, "lesson02": {"step": 2, "steps": 9, "done": False}})
    store = ProgressStore(path)
    assert store.status("lesson01") is None
    assert store.status("lesson02") == LessonStatus(2, 9, False)
    assert store.problem is not None and store.problem.code == TutorCode.PROGRESS_IGNORED
    ignored = store.problem.values["entries"]
    assert [entry.values["lesson"] for entry in ignored] == ["lesson01"]


def test_done_given_as_text_is_never_taken_as_done(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    _write(path, {"lesson01": {"step": 4, "steps": 4, "done": "no"}})
    assert ProgressStore(path).status("lesson01") is None


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,
    '{"format": "precog-tutor-progress", "lessons": ' + '{"a":' * 50_000 + "1" + "}" * 50_001,
    "{not json",
    '{"format": "something-else", "lessons": {}}',
    '{"format": "precog-tutor-progress", "lessons": []}',
    '{"format": "precog-tutor-progress", "lessons": {"lesson01": ' + "9" * 5000 + "}}",
    "\udcff",
])
def test_a_file_that_is_not_a_progress_file_is_reported_and_left_untouched(
        tmp_path: Path, text: str) -> None:
    path = tmp_path / "progress.json"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    before = path.read_bytes()
    started = time.perf_counter()
    store = ProgressStore(path)
    assert time.perf_counter() - started < 1.0
    assert store.problem is not None and store.problem.code == TutorCode.PROGRESS_UNREADABLE
    assert store.problem.values["path"] == str(path)
    store.record("lesson01", step=1, steps=4)
    assert path.read_bytes() == before
    assert store.status("lesson01") == LessonStatus(1, 4, False)


def test_a_huge_file_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    with path.open("wb") as out:
        out.truncate(64 * MAX_BYTES)
    store = ProgressStore(path)
    assert store.problem is not None
    assert store.problem.values["problem"].code == TutorCode.PROGRESS_TOO_BIG


def test_a_file_that_turns_bad_between_pages_is_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    store = ProgressStore(path)
    store.record("lesson01", step=1, steps=4)
    path.write_text("{garbage", encoding="utf-8")
    store.record("lesson01", step=2, steps=4)
    assert path.read_text(encoding="utf-8") == "{garbage"
    assert store.problem is not None and store.problem.code == TutorCode.PROGRESS_UNREADABLE


# -- where --------------------------------------------------------------------------------

def test_each_browser_has_its_own_file_when_serving_several_visitors(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    env = {PER_VISITOR_ENV: "1", VISITOR_ENV: VISITOR}
    assert default_path(env) == tmp_path / ".precog" / "visitors" / VISITOR / "tutor-progress.json"
    other = {PER_VISITOR_ENV: "1", VISITOR_ENV: "f" * 32}
    assert default_path(other) != default_path(env)


@pytest.mark.parametrize("visitor", ["../../etc", "", "ABCDEF0123456789ABCDEF0123456789", "0" * 33])
def test_a_malformed_visitor_id_falls_back_to_the_shared_file(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, visitor: str) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    env = {PER_VISITOR_ENV: "1", VISITOR_ENV: visitor}
    assert default_path(env) == tmp_path / ".precog" / "tutor-progress.json"


def test_one_person_at_their_own_machine_keeps_one_file(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_path({VISITOR_ENV: VISITOR}) == tmp_path / ".precog" / "tutor-progress.json"
    explicit = str(tmp_path / "mine.json")
    assert default_path({"PRECOG_TUTOR_PROGRESS": explicit, PER_VISITOR_ENV: "1",
                         VISITOR_ENV: VISITOR}) == Path(explicit)


def test_the_environment_is_read_when_no_mapping_is_given(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PRECOG_TUTOR_PROGRESS", os.fspath(tmp_path / "p.json"))
    assert default_path() == tmp_path / "p.json"


def test_a_progress_file_problem_is_said_in_the_pages_language(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_text("{not json", encoding="utf-8")
    store = ProgressStore(path)
    assert store.problem_text("en").startswith(f"tutor progress file {path} could not be read")
    assert store.problem_text("ru").startswith(f"файл прогресса уроков {path} не удалось")
    assert ProgressStore(tmp_path / "none.json").problem_text("ru") == ""
