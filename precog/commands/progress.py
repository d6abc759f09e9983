"""A progress bar on standard error for the long commands (tqdm; drawn only on a terminal, so
piped output and tests see nothing), and the Dask dashboard's address when on a cluster."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from precog.commands.cli_words import cli_words
from precog.commands.common import language
from precog.engine.wording import fill

T = TypeVar("T")

ENGLISH = {"games": "games", "decisions": "decisions", "positions": "positions",
           "runs": "runs", "pages": "pages",
           "dashboard": "Dask dashboard (progress of every worker): {link}"}


def word(key: str) -> str:
    """``key`` of ``[progress]`` in the command line's language."""
    return str(cli_words(language()).get("progress", {}).get(key, ENGLISH[key]))


@contextmanager
def progress_bar(total: int, unit: str = "games") -> Iterator[Callable[[float, str], None]]:
    """A bar of ``total`` steps; yields the ``progress(fraction, text)`` callback the analysis
    layer's long functions take (:func:`precog.analysis.parallel.jobs.run_jobs`)."""
    from tqdm import tqdm

    with tqdm(total=total, unit=" " + word(unit), disable=None, file=sys.stderr,
              leave=False, dynamic_ncols=True) as bar:

        def update(fraction: float, _text: str) -> None:
            bar.n = min(total, round(fraction * total))
            bar.refresh()

        yield update


@contextmanager
def count_bar(unit: str) -> Iterator[Callable[[int, int], None]]:
    """A bar whose total is learnt as it goes; yields ``step(done, total)``."""
    from tqdm import tqdm

    with tqdm(total=None, unit=" " + word(unit), disable=None, file=sys.stderr,
              leave=False, dynamic_ncols=True) as bar:

        def step(done: int, total: int) -> None:
            bar.total = total
            bar.n = min(done, total)
            bar.refresh()

        yield step


@contextmanager
def overall_bar(total: int, unit: str = "games"
                ) -> Iterator[Callable[[int], Callable[[float, str], None]]]:
    """One bar over several runs of ``total`` steps in all (the tournaments of a balance
    script); yields ``part(size)``, the ``progress(fraction, text)`` callback of the next run
    of ``size`` steps."""
    with progress_bar(total, unit) as update:
        start = [0]

        def part(size: int) -> Callable[[float, str], None]:
            base = start[0]
            start[0] += size

            def progress(fraction: float, text: str) -> None:
                update((base + fraction * size) / max(total, 1), text)

            return progress

        yield part


def steps(items: Iterable[T], unit: str, total: int | None = None) -> Iterator[T]:
    """``items`` one by one, counted on a bar (on a terminal only)."""
    from tqdm import tqdm

    yield from tqdm(items, total=total, unit=" " + word(unit), disable=None, file=sys.stderr,
                    leave=False, dynamic_ncols=True)


def announce_dashboard(link: str) -> None:
    """Print the Dask dashboard's address on standard error."""
    print(fill(language(), word("dashboard"), {"link": link}), file=sys.stderr, flush=True)
