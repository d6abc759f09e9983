"""One analysis on every core: a batch cut into parts and played by helper processes gives
every game the value it gets played whole, whatever happens to the helpers."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import psutil
import pytest
from loky.backend import context as loky_context

from precog.analysis.basics.errors import AnalysisCode, AnalysisInputError
from precog.analysis.choices.ranking import rank_options
from precog.analysis.parallel import cores
from precog.analysis.parallel.jobs import run_jobs
from precog.analysis.playing.world import canonical_world
from precog.analysis.playouts.batch import Dealt
from precog.analysis.playouts.many_worlds import Dealer
from precog.analysis.playouts.rollouts import DEFAULT_POLICY
from precog.engine import GameState
from tests.analysis.test_dealt_worlds import _decisions

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def three_cores(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Two helpers for this test (the suite itself plays on one core a process), on a machine
    of any size."""
    cores.shutdown()
    monkeypatch.setenv(cores.ENV, "3")
    monkeypatch.setattr(cores, "usable_cpus", lambda: 3)
    assert cores.warm() == 3
    yield
    cores.shutdown()


def _position(players: int, mode: str, round_: int) -> GameState:
    """The start of a Decision phase from round ``round_`` on in a random game."""
    starts = [s for s in _decisions(players, mode, seed=players) if s.round >= round_]
    return canonical_world(starts[0], 0)


def _batch(state: GameState, worlds: int, times: int) -> tuple[Dealt, np.ndarray]:
    dealt = Dealer(state, 0)(np.random.default_rng(7), worlds).games(times)
    forced = np.full((len(dealt.which), state.config.players), -1, np.int64)
    forced[:, 0] = np.repeat(np.arange(times), worlds)  # choice after choice, as a ranking
    return dealt, forced


@pytest.mark.parametrize("players,mode,round_", [(2, "competitive", 3), (4, "team", 6),
                                                 (3, "coop", 7)])
def test_a_batch_split_across_helpers_gives_every_game_the_value_it_gets_whole(
        three_cores: None, players: int, mode: str, round_: int) -> None:
    state = _position(players, mode, round_)
    dealt, forced = _batch(state, 200, 4)
    whole = cores.play_part(dealt, 11, forced, DEFAULT_POLICY, 0)
    assert len(cores.helpers()) == 2
    split = cores.play(dealt, 11, forced, DEFAULT_POLICY, 0)
    assert np.array_equal(split, whole)


def test_a_ranking_gives_the_same_values_on_one_core_and_on_three(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = _position(3, "coop", 5)
    cores.shutdown()
    monkeypatch.setenv(cores.ENV, "1")
    alone = rank_options(state, 0, rollouts=256, seed=4, with_give_values=False)
    cores.shutdown()  # the setting is read when the helpers start: start them again
    monkeypatch.setenv(cores.ENV, "3")
    monkeypatch.setattr(cores, "usable_cpus", lambda: 3)
    assert cores.warm() == 3
    shared = rank_options(state, 0, rollouts=256, seed=4, with_give_values=False)
    cores.shutdown()
    assert [(r.action, r.value, r.draws) for r in shared.rows] == \
        [(r.action, r.value, r.draws) for r in alone.rows]


def test_a_helper_that_dies_has_its_part_played_here(three_cores: None) -> None:
    state = _position(4, "competitive", 4)
    dealt, forced = _batch(state, 160, 4)
    whole = cores.play_part(dealt, 5, forced, DEFAULT_POLICY, 0)
    victim = cores.helpers()[0]
    victim.proc.kill()
    victim.proc.wait()
    assert np.array_equal(cores.play(dealt, 5, forced, DEFAULT_POLICY, 0), whole)
    assert victim.dead and len(cores.helpers()) == 1  # the other still plays its share
    assert np.array_equal(cores.play(dealt, 5, forced, DEFAULT_POLICY, 0), whole)


def test_two_analyses_at_once_never_share_a_helper(three_cores: None) -> None:
    state = _position(3, "competitive", 7)
    batches = [_batch(state, 150 + 10 * k, 4) for k in range(4)]
    wholes = [cores.play_part(d, k, f, DEFAULT_POLICY, 0) for k, (d, f) in enumerate(batches)]
    got: dict[int, np.ndarray] = {}

    def run(k: int) -> None:
        for _ in range(3):
            d, f = batches[k]
            got[k] = cores.play(d, k, f, DEFAULT_POLICY, 0)
            assert np.array_equal(got[k], wholes[k])

    threads = [threading.Thread(target=run, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(got) == [0, 1, 2, 3]


def test_a_small_batch_is_played_without_the_helpers(three_cores: None) -> None:
    state = _position(2, "competitive", 5)
    dealt, forced = _batch(state, 10, 4)
    assert len(dealt.which) < cores.MIN_GAMES
    sent: list[object] = []
    for h in cores.helpers():
        h.send = sent.append  # type: ignore[method-assign,assignment]
    assert np.array_equal(cores.play(dealt, 3, forced, DEFAULT_POLICY, 0),
                          cores.play_part(dealt, 3, forced, DEFAULT_POLICY, 0))
    assert sent == []


@pytest.mark.parametrize("text", ["0", "65", "two", "-1", "1.5", "²", "٣", "3 4", "9" * 99])
def test_the_cores_setting_refuses_what_is_not_a_count_of_cores(text: str) -> None:
    with pytest.raises(AnalysisInputError) as caught:
        cores.cores({cores.ENV: text})
    assert caught.value.problem is not None
    assert caught.value.problem.code == AnalysisCode.CORES
    assert caught.value.input == text


def test_never_more_processes_than_the_cpus_this_process_may_use(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cores, "usable_cpus", lambda: 2)
    assert cores.cores({cores.ENV: "64"}) == 2
    assert cores.cores({cores.ENV: "1"}) == 1
    assert cores.cores({}) == 2
    monkeypatch.setattr(cores, "usable_cpus", lambda: 32)
    assert cores.cores({}) == cores.MOST_CORES
    assert cores.cores({cores.ENV: "6"}) == 6


def test_the_usable_cpus_follow_a_container_quota(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loky_context, "_cpu_count_cgroup", lambda count: 1)
    assert cores.usable_cpus() == 1
    assert cores.cores({}) == 1


def _without_linux_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    """This process as macOS or Windows shows it: no CPU affinity call, no cgroup files."""
    monkeypatch.delattr(os, "sched_getaffinity", raising=False)
    monkeypatch.delattr(psutil.Process, "cpu_affinity", raising=False)
    exists = os.path.exists
    monkeypatch.setattr(os.path, "exists",
                        lambda path: not str(path).startswith("/sys/") and exists(path))


def test_a_large_ranking_runs_without_the_linux_only_calls(
        monkeypatch: pytest.MonkeyPatch) -> None:
    cores.shutdown()
    monkeypatch.delenv(cores.ENV)
    _without_linux_calls(monkeypatch)
    assert cores.usable_cpus() == (os.cpu_count() or 1)
    state = _position(3, "competitive", 4)
    try:
        assert cores.warm() == min(cores.MOST_CORES, os.cpu_count() or 1)
        ranking = rank_options(state, 0, rollouts=cores.MIN_GAMES, seed=3)
    finally:
        cores.shutdown()
    assert all(row.samples >= cores.MIN_GAMES for row in ranking.rows)


def test_a_helper_stops_when_its_analysis_closes_its_input() -> None:
    helper = cores.Helper()
    assert helper.ready(wait=cores.START_S)
    helper.to_child.close()
    assert helper.proc.wait(timeout=30) == 0
    helper.close()


def test_a_script_without_a_main_guard_can_use_the_helpers(tmp_path: Path) -> None:
    # helpers are fresh processes that never import the script that started them
    script = tmp_path / "unguarded.py"
    script.write_text(textwrap.dedent("""
        from precog.analysis.parallel import cores
        from precog.analysis.choices.ranking import rank_options
        from precog.engine import new_game
        state = new_game(players=2, seed=2)
        print("processes", cores.warm())
        ranking = rank_options(state, 0, rollouts=512, seed=1, with_give_values=False)
        print("best", ranking.rows[0].action)
    """))
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         timeout=300, cwd=tmp_path,
                         env={**os.environ, cores.ENV: "2", "PYTHONPATH": str(REPO)})
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("processes 2") == 1 and out.stdout.count("best") == 1


def _in_child(queue: Any) -> None:
    queue.put(len(cores.helpers(start=False)))


def test_a_forked_child_never_speaks_to_its_parent_s_helpers(three_cores: None) -> None:
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_in_child, args=(queue,))
    child.start()
    assert queue.get(timeout=60) == 0
    child.join(timeout=60)
    state = _position(2, "competitive", 4)
    dealt, forced = _batch(state, 200, 4)
    assert len(cores.helpers()) == 2  # the parent's are alive and still its own
    assert np.array_equal(cores.play(dealt, 2, forced, DEFAULT_POLICY, 0),
                          cores.play_part(dealt, 2, forced, DEFAULT_POLICY, 0))


def _cores_of_a_job(_: int) -> tuple[str | None, int]:
    return os.environ.get(cores.ENV), cores.warm()


def test_a_pool_s_workers_play_their_analyses_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    # the pool already uses every core: a helper per worker would only crowd them
    monkeypatch.setenv(cores.ENV, "3")
    assert run_jobs(_cores_of_a_job, [1, 2, 3], workers=2) == [("1", 1)] * 3


def test_an_analysis_plays_on_when_the_system_refuses_a_helper(
        monkeypatch: pytest.MonkeyPatch) -> None:
    cores.shutdown()
    monkeypatch.setenv(cores.ENV, "2")

    def refuse(*_: object, **__: object) -> None:
        raise OSError("Resource temporarily unavailable")
    monkeypatch.setattr(cores.subprocess, "Popen", refuse)
    assert cores.warm() == 1
    state = _position(2, "competitive", 6)
    ranking = rank_options(state, 0, rollouts=256, seed=2, with_give_values=False)
    assert ranking.meta["samples"] == 256
    cores.shutdown()


def test_an_interrupted_helper_stops_at_once_without_a_traceback(
        capfd: pytest.CaptureFixture[str]) -> None:
    import signal

    from precog.analysis.parallel.helper import INTERRUPTED

    helper = cores.Helper()
    assert helper.ready(wait=cores.START_S)
    helper.proc.send_signal(signal.SIGINT)  # a kernel interrupted or shut down with its group
    assert helper.proc.wait(timeout=30) == INTERRUPTED
    assert helper.send((None,)) is False or helper.receive() is None  # found gone
    helper.close()
    assert "Traceback" not in capfd.readouterr().err
