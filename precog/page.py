"""A page's start in the app: its imports first, then the visitor's request.

``precog app`` keeps a kernel started ahead for its busiest pages (``precog.serve.POOLED_PAGES``,
Voila's pre-heated kernels): Voila runs such a page's notebook before anyone asks for it, so the
page's imports are done by the time a visitor arrives. What depends on the visitor (the page's
address: ``?lang=``, a position, a seat; the visitor id header) is only known then, so a page's
notebook imports what it needs, calls :func:`visitor`, and only then builds its widgets::

    from precog.widgets.play import PlayApp
    from precog.page import visitor

    visitor()
    PlayApp()

Anywhere else (Jupyter, nbval, Voila without a pool, a page with no kernel waiting) the
request is already in the environment and :func:`visitor` returns at once.

>>> visitor({})  # not a pre-heated kernel: nothing to wait for
"""

from __future__ import annotations

import os
from collections.abc import Mapping

PREHEAT_ENV = "VOILA_PREHEAT"  # "True" in a kernel Voila started ahead (voila.utils)


def visitor(environ: Mapping[str, str] | None = None) -> None:
    """In a kernel started ahead, wait for the visitor's request and put its address and
    headers in ``os.environ`` (``QUERY_STRING``, ``HTTP_X_PRECOG_VISITOR``); elsewhere return
    at once."""
    env = os.environ if environ is None else environ
    if env.get(PREHEAT_ENV) != "True":
        return
    from voila.utils import wait_for_request  # only in the app's kernels (the `app` extra)

    wait_for_request()
    os.environ[PREHEAT_ENV] = "False"  # one visitor per kernel: a second call returns at once
