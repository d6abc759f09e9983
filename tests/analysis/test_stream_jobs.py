"""stream_jobs: endless job lists on a process pool, results as they finish, stopped at will."""

from __future__ import annotations

import itertools
import time

from precog.analysis.parallel.jobs import stream_jobs


def test_every_job_comes_back_once_with_its_result():
    done = dict(stream_jobs(abs, [-3, 1, -4, 1, -5, -9, 2], workers=2))
    assert done == {-3: 3, 1: 1, -4: 4, -5: 5, -9: 9, 2: 2}


def test_leaving_an_endless_list_stops_the_workers_at_once():
    results = stream_jobs(abs, itertools.count(0, -1), workers=2)
    got = [result for _, (_, result) in zip(range(6), results)]
    start = time.monotonic()
    results.close()
    assert time.monotonic() - start < 10
    assert len(got) == 6 and all(value >= 0 for value in got)


def test_one_worker_plays_the_jobs_in_order_here():
    assert list(stream_jobs(abs, [-2, 3], workers=1)) == [(-2, 2), (3, 3)]
