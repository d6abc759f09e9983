"""A page's start in the app: its imports first, then the visitor's request.

``precog app`` keeps a kernel started ahead for every page (``precog.serve.POOLED_PAGES``,
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

A page whose widgets take long to build (Play, the explorer, Your table) is built before the
visitor arrives instead, by :func:`ahead`, in the default language and without an address;
once the visitor arrives the page is handed its address (or built anew in another language)::

    from precog.widgets.play import PlayApp
    from precog.page import ahead

    ahead(PlayApp)

This is Voila's ``voila.utils.wait_for_request`` without its imports: that module brings in
jupyter_server and jupyterlab_server, about 50 MB in every waiting kernel (measured with
``/usr/bin/time -f %M``: 82 MB for ``import voila.utils`` against 26 MB for the websocket
client). The protocol is Voila 0.5's: the kernel opens ``<server>voila/query/<kernel id>``
and receives one JSON object of environment variables (``voila.request_info_handler``).

>>> visitor({})  # not a pre-heated kernel: nothing to wait for
>>> query_url({"VOILA_KERNEL_ID": "k1", "VOILA_APP_PORT": "8866", "VOILA_SERVER_URL": "/"})
'ws://127.0.0.1:8866/voila/query/k1'
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, MutableMapping
from typing import Any, TypeVar

Page = TypeVar("Page")

PREHEAT_ENV = "VOILA_PREHEAT"  # "True" in a kernel Voila started ahead
OPEN_TIMEOUT_S = 10.0


def query_url(env: Mapping[str, str]) -> str:
    """Where a kernel started ahead asks for its request (the variables Voila gives it)."""
    protocol = env.get("VOILA_WS_PROTOCOL", "ws")
    address = env.get("VOILA_APP_IP", "127.0.0.1")
    port = env.get("VOILA_APP_PORT", "8866")
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{address}:{port}{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}"


def visitor(environ: MutableMapping[str, str] | None = None) -> None:
    """In a kernel started ahead, wait for the visitor's request and put its address and
    headers in ``os.environ`` (``QUERY_STRING``, ``HTTP_X_PRECOG_VISITOR``); elsewhere return
    at once. A server that cannot be reached leaves the page its defaults."""
    env = os.environ if environ is None else environ
    if env.get(PREHEAT_ENV) != "True":
        return
    env[PREHEAT_ENV] = "False"  # one visitor per kernel: a second call returns at once
    from websockets.exceptions import WebSocketException  # the app's kernels only (`app`)
    from websockets.sync.client import connect

    try:
        # The wait for a visitor may last hours with nothing said: no keepalive pings, which a
        # busy server could miss and so drop the wait (the page would then lose its address);
        # and no proxy from the environment for a socket on this machine's own server.
        with connect(query_url(env), open_timeout=OPEN_TIMEOUT_S, ping_interval=None,
                     proxy=None) as socket:
            message = socket.recv()
    except (OSError, TimeoutError, WebSocketException):
        return
    values = json.loads(message)
    if isinstance(values, dict):
        env.update({str(k): str(v) for k, v in values.items()})


def ahead(make: Callable[..., Page], arrived: Callable[[Page], None] | None = None,
          environ: MutableMapping[str, str] | None = None, **early: Any) -> Page:
    """The page ``make()`` builds, built before its visitor arrives where it can be.

    In a kernel started ahead the page is built while no one waits (``make(**early)``: no
    address yet, the default language), then :func:`visitor` waits for the visitor and
    ``arrived(page)`` hands it the address (a position to load, the first analysis to start):
    the visitor's page then waits for neither the kernel's start nor the building of its
    widgets. A visitor asking for another language gets the page built anew in it (the one
    built ahead closed). Anywhere else this is ``make()``.
    """
    env = os.environ if environ is None else environ
    if env.get(PREHEAT_ENV) != "True":
        return make()
    from ipywidgets import Widget  # the app's kernels only

    from precog.session.language import page_language

    page = make(**early)
    visitor(env)
    if page_language(env.get("QUERY_STRING", "")) != getattr(page, "lang", None):
        Widget.close_all()  # nothing of the page built ahead is sent to the browser
        return make()
    if arrived is not None:
        arrived(page)
    return page
