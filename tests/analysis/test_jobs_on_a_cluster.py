"""Independent jobs give the same results on a Dask cluster, a process pool or serially."""

from __future__ import annotations

from dataclasses import replace

import pytest

from precog.analysis.arena.tournament import run_tournament
from precog.analysis.basics.errors import AnalysisCode, AnalysisError
from precog.analysis.game_review.review import recorded_game, review_game, review_many
from precog.analysis.parallel.jobs import ENVIRONMENT, iter_jobs, run_jobs, scheduler_address
from tests.codes import raises_code


def _plain(result):
    return [replace(r, seconds=0.0) for r in result.records]


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, host="127.0.0.1") as local:
        yield local


def test_a_tournament_on_a_dask_cluster_equals_the_serial_run(cluster):
    serial = run_tournament(["greedy", "random"], games=4, seed=5, workers=1)
    on_cluster = run_tournament(["greedy", "random"], games=4, seed=5,
                                scheduler=cluster.scheduler_address)
    assert cluster.scheduler_address.startswith("tcp://")
    assert _plain(on_cluster) == _plain(serial)
    assert on_cluster.standings == serial.standings


def test_the_scheduler_may_come_from_the_environment(cluster, monkeypatch):
    monkeypatch.setenv(ENVIRONMENT, cluster.scheduler_address)
    assert scheduler_address() == cluster.scheduler_address
    assert run_jobs(abs, [-3, 2, -7, 0]) == [3, 2, 7, 0]


def test_jobs_keep_their_order_on_a_process_pool():
    assert run_jobs(abs, list(range(-6, 0)), workers=2) == [6, 5, 4, 3, 2, 1]


def test_no_scheduler_means_the_local_pool(monkeypatch):
    monkeypatch.delenv(ENVIRONMENT, raising=False)
    assert scheduler_address() is None
    assert scheduler_address("") is None


@pytest.mark.parametrize("bad", ["localhost:8786", "tcp://", "http://x:1", "tcp://a b:1",
                                 "tcp://" + "x" * 500])
def test_a_malformed_scheduler_address_is_refused_naming_it(bad):
    with raises_code(AnalysisError, AnalysisCode.SCHEDULER_ADDRESS):
        scheduler_address(bad)


def test_a_malformed_address_in_the_environment_names_the_variable(monkeypatch):
    monkeypatch.setenv(ENVIRONMENT, "not an address")
    with raises_code(AnalysisError, AnalysisCode.SCHEDULER_ADDRESS):
        run_jobs(abs, [1])


def test_a_scheduler_that_does_not_answer_is_a_clear_error(monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr("precog.analysis.parallel.jobs.CONNECT_TIMEOUT", "1s")
    with raises_code(AnalysisError, AnalysisCode.NO_SCHEDULER):
        run_jobs(abs, [1], scheduler="tcp://127.0.0.1:9")


def test_a_review_with_fixed_rollouts_is_the_same_on_a_dask_cluster_as_here(cluster):
    # no clock (budget_s=None): the explorer's fixed rollouts, so the values cannot depend on
    # which machine played them
    game = recorded_game(["greedy"], seed=6, players=2)
    here = review_game(game, 1, budget_s=None, depth_rounds=1, actions=False).to_dict()
    [there] = review_many([game.to_json()], 1, budget_s=None, depth_rounds=1, actions=False,
                          scheduler=cluster.scheduler_address)
    assert there == here


def test_the_dask_dashboard_address_is_told_when_jobs_go_to_a_cluster(cluster):
    from precog.analysis.parallel.jobs import on_dashboard

    told: list[str] = []
    on_dashboard(told.append)
    try:
        assert run_jobs(abs, [-1, 2], scheduler=cluster.scheduler_address) == [1, 2]
        assert run_jobs(abs, [-1, 2], workers=1) == [1, 2]  # no cluster: nothing to tell
    finally:
        on_dashboard(None)
    assert len(told) == 1 and told[0].startswith("http")


def _sleep_then_echo(seconds: float) -> float:
    import time

    time.sleep(seconds)
    return seconds


def test_progress_on_a_cluster_follows_the_jobs_as_they_finish(cluster):
    # the first job is the slowest: the other worker's quick jobs are counted done before it is
    # yielded (how many of the three depends on the scheduler's placing and stealing: at least
    # one, as the second worker is free throughout), and every job is counted once
    told: list[int] = []
    results = iter_jobs(_sleep_then_echo, [2.0, 0.0, 0.0, 0.0],
                        scheduler=cluster.scheduler_address, done=told.append)
    first = next(results)
    assert first == 2.0 and len(told) >= 2 and told == list(range(1, len(told) + 1))
    assert list(results) == [0.0, 0.0, 0.0]
    assert told == [1, 2, 3, 4]


def test_run_jobs_reports_every_job_once_up_to_the_whole(cluster):
    fractions: list[float] = []
    assert run_jobs(abs, [-1, 2, -3], scheduler=cluster.scheduler_address,
                    progress=lambda f, _text: fractions.append(f)) == [1, 2, 3]
    assert sorted(fractions) == fractions and fractions[-1] == 1.0 and len(fractions) == 3
