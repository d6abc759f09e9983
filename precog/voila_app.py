"""Voila, with the app's routes and checks (``precog app`` and ``make app`` run this).

On top of stock Voila (``precog.serve`` builds its command line):

- the landing page is sent by the server itself, without a kernel (:meth:`AppPage._landing`);
- ``/``, the file tree (``/voila/tree``), the contents API, ``/voila/files/``, ``/logout`` and
  any unknown path redirect to the landing page; only notebooks of ``notebooks/`` and
  ``tutorials/`` are rendered; a bad template path answers 404 (:class:`TemplateFiles`);
- off loopback, every file needs the token or the login cookie the pages set
  (:class:`NeedsLogin`);
- every route answers only to the served host names (the Host header): any other host gets
  403, the kernel websocket included, which is what defeats DNS rebinding (an empty Host
  header too, :class:`CheckedHostApplication`);
- a page's kernel is shut down when the page is left (Voila's own request for it is refused,
  see ``ShutdownOnLeave``), and kernels of closed pages are culled anyway (``precog.serve``);
- pages fetch nothing from the internet (the icon font is served from ``precog/static``);
- a Python error in a kernel shows the visitor a short apology; its traceback goes to the
  server's log (``KERNEL_STARTUP``); a kernel that cannot start ends its page with
  :data:`APOLOGY` instead of "Running ..." forever (:func:`apologise_for_failed_pages`);
- kernels take their ports from outside the range outgoing connections are given
  (``precog.kernel_ports``), so none dies at its start with "Address already in use";
- each browser gets a random visitor id in a cookie, passed to its kernels for per-browser tutor
  progress (``precog.tutor.progress``);
- responses to another machine are gzip-compressed (:class:`CompressedOffLoopback`: a page's
  script, about 5 MB, goes as about 30 % of that), and the widget extensions'
  files whose names carry their content's hash are cached by the browser for a year
  (:class:`HashedExtensionFiles`), so a visitor's next page asks the server for none of them.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
import re
import secrets
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import tornado.web
from jupyter_server.auth.logout import LogoutHandler
from jupyter_server.base.handlers import FileFindHandler
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.iostream import StreamClosedError
from tornado.web import GZipContentEncoding
from tornado.websocket import WebSocketClosedError
from traitlets import HasTraits
from traitlets.config import Config
from voila.app import Voila
from voila.notebook_renderer import NotebookRenderer
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.static_file_handler import AllowListFileHandler, TemplateStaticFileHandler
from voila.tornado.contentshandler import VoilaContentsHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from precog import LANDING_PATH
from precog.app_landing import landing_document
from precog.kernel_ports import install as kernel_ports_below_ephemeral
from precog.session.language import page_language
from precog.tutor.progress import PER_VISITOR_ENV, VISITOR_COOKIE, VISITOR_HEADER, VISITOR_ID

STATIC = Path(__file__).resolve().parent / "static"
# Voila's lab template links Font Awesome (the icons of ipywidgets buttons) from a CDN; pages are
# rewritten to link the copy vendored in precog/static/fontawesome (Font Awesome Free 5.15.4).
CDN_FONTAWESOME = "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/"
LOCAL_FONTAWESOME = "voila/precog-static/fontawesome/css/"
APP_NOTEBOOK = re.compile(r"(?:notebooks|tutorials)/[A-Za-z0-9_-]{1,64}\.ipynb")
# A widget extension's file named by its content's hash (webpack's ``remoteEntry.<hash>.js``,
# ``<chunk>.<hash>.js``): a new version has a new name, so the browser may keep it for good.
HASHED_FILE = re.compile(r".*[./][0-9a-f]{8,}\.js")
CACHED_FOR_GOOD = "private, max-age=31536000, immutable"
TEMPLATE_FILE = re.compile(r"[A-Za-z0-9_-]{1,40}/static/[A-Za-z0-9_-][A-Za-z0-9_./-]{0,200}")
FRIENDLY_ERROR = "Sorry, something went wrong here. The details are in the server's log."
# A page whose kernel could not start or died while the page was built (both languages: the
# page's own language is not known this early).
APOLOGY = ('<div class="pc-apology" role="alert" style="margin:3em auto;max-width:40em;'
           'font-family:sans-serif"><h2>Sorry, this page could not be started.</h2>'
           "<p>The details are in the server's log. Reload the page to try again.</p>"
           '<h2 lang="ru">Извините, эту страницу не удалось запустить.</h2>'
           '<p lang="ru">Подробности — в журнале сервера. Обновите страницу, чтобы попробовать '
           "ещё раз.</p></div><script>(function(){var l=document.getElementById('loading');"
           "if(l){l.remove();}var a=document.querySelector('.pc-apology');"
           "if(a){document.body.appendChild(a);}})();</script>")

# Run in every kernel this server starts (an IPython startup file). A traceback is written to
# the kernel's original stderr, which is the server's log, and the visitor sees FRIENDLY_ERROR.
KERNEL_STARTUP = f'''
import os as _os, sys as _sys, traceback as _traceback
_ip = get_ipython()
_show = _ip._showtraceback

def _precog_showtraceback(etype, evalue, stb):
    text = "".join(_traceback.format_exception(etype, evalue, evalue.__traceback__))
    text = "[precog kernel] Traceback (most recent call last) in a visitor's page:\\n" + text
    try:
        _os.write(_sys.stderr.fileno(), text.encode("utf-8", "replace"))
    except Exception:
        print(text, file=_sys.__stderr__, flush=True)
    _show(etype, evalue, [{FRIENDLY_ERROR!r}])

_ip._showtraceback = _precog_showtraceback
del _precog_showtraceback
'''


def landing(handler: tornado.web.RequestHandler) -> str:
    base = handler.settings.get("base_url", "/")
    query = handler.request.query
    return f"{base}voila/render/{LANDING_PATH}" + (f"?{query}" if query else "")


def _stem(path: str) -> str:
    return Path(path).stem


class ToLanding(tornado.web.RequestHandler):
    """Any path that is not a page of the app: redirect to the landing page."""

    def prepare(self) -> None:
        self.redirect(landing(self))


class NeedsLogin(tornado.web.RequestHandler):
    """Off loopback (a token is set), a file is served only to a visitor the server knows:
    the token in the address or the login cookie the app's pages set. On loopback, as is."""

    async def prepare(self) -> None:
        done = super().prepare()  # a Jupyter handler's own preparation (its user) first
        if done is not None:
            await done
        provider = self.settings.get("identity_provider")
        token = getattr(provider, "token", "") if provider is not None else ""
        if not token or provider is None:
            return
        given = self.get_argument("token", "")
        if given and secrets.compare_digest(given.encode(), str(token).encode()):
            return
        user = provider.get_user_cookie(self)
        if asyncio.iscoroutine(user) or isinstance(user, asyncio.Future):
            user = await user
        if user is None:
            raise tornado.web.HTTPError(403)


    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """A plain status line: no template to render (Jupyter's could fail with a
        traceback of its own on a static file's 404)."""
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(f"{status_code}\n")


class TemplateFiles(NeedsLogin, TemplateStaticFileHandler):  # type: ignore[misc]
    """Voila's template files (``<template>/static/<file>``); any other path, a path with
    ``..`` or a template that does not exist answers 404 (Voila's own handler failed with a
    traceback and 500)."""

    def parse_url_path(self, url_path: str) -> str:
        if not TEMPLATE_FILE.fullmatch(url_path) or ".." in url_path.split("/"):
            raise tornado.web.HTTPError(404)
        try:
            return str(super().parse_url_path(url_path))
        except (AssertionError, ValueError, OSError):
            raise tornado.web.HTTPError(404) from None

    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        try:
            return super().validate_absolute_path(root, absolute_path)  # type: ignore[no-any-return]
        except (AssertionError, ValueError, OSError):
            raise tornado.web.HTTPError(404) from None


class HashedExtensionFiles(NeedsLogin, FileFindHandler):  # type: ignore[misc]
    """Voila's widget extension files (``/voila/labextensions/``): a file whose name carries
    its content's hash is kept by the browser for a year (Voila asks for every file to be
    checked again on each page: ``no-cache``); any other file, as Voila serves it."""

    def set_headers(self) -> None:
        super().set_headers()
        if HASHED_FILE.fullmatch(self.request.path):
            self.set_header("Cache-Control", CACHED_FOR_GOOD)


class CompressedOffLoopback(GZipContentEncoding):
    """tornado's gzip (``compress_response``) for visitors on other machines only: on this
    machine the network costs nothing, while compressing a page's 5 MB of script each time
    takes the busy server's processor before the page can start."""

    def __init__(self, request: Any) -> None:
        super().__init__(request)
        if self._gzipping and _is_loopback_address(request.remote_ip or ""):
            self._gzipping = False


def _is_loopback_address(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


class CheckedHostApplication(tornado.web.Application):
    """Tornado takes a request with an empty Host header for one to 127.0.0.1; here it is
    refused like a foreign host."""

    def find_handler(self, request: Any, **kwargs: Any) -> Any:
        if not request.headers.get("Host", "").strip():
            return self.get_handler_delegate(request, WrongHost)
        return super().find_handler(request, **kwargs)


def _apologising(render: Callable[..., Any]) -> Callable[..., Any]:
    """Voila's page renderer, which ends with :data:`APOLOGY` when the page's kernel fails to
    start or dies (Voila's own renderer then raised inside a task nobody awaited, and the
    visitor saw "Running ..." forever)."""

    def generate(self: Any, kernel_id: str | None = None, kernel_future: Any = None) -> Any:
        inner = render(self, kernel_id, kernel_future)

        async def outer() -> Any:
            try:
                async for item in inner:
                    yield item
            except Exception:  # any failure: an apology, the log has the rest
                logging.getLogger("precog.app").exception("a page could not be built")
                yield APOLOGY, None

        return outer()

    generate.precog_apologises = True  # type: ignore[attr-defined]
    return generate


def apologise_for_failed_pages() -> None:
    """Make Voila's renderer end a page it cannot build with an apology (idempotent)."""
    render = NotebookRenderer.generate_content_generator
    if not getattr(render, "precog_apologises", False):
        NotebookRenderer.generate_content_generator = _apologising(render)


class WrongHost(tornado.web.RequestHandler):
    """A request whose Host header names another host (e.g. a DNS-rebinding page)."""

    def prepare(self) -> None:
        self.set_status(403)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish("403: this server does not serve that host name\n")


class AppPage(TornadoVoilaHandler):
    """A page of the app; any other notebook path goes to the landing page."""

    _title: tuple[str, str] | None = None  # (the served notebook's title, the page's)
    # the notebook Voila runs for a page (precog.serve.served_notebook, set by run())
    served_notebook: Callable[[str], str] = staticmethod(lambda path: path)

    async def get(self, path: str | None = None) -> Any:
        root = Path(self.settings.get("server_root_dir_precog", "."))
        if path == LANDING_PATH:
            return self._landing(root)
        if not path or not APP_NOTEBOOK.fullmatch(path) or not (root / path).is_file():
            return self.redirect(landing(self))
        self._pass_visitor_id()
        notebook = AppPage.served_notebook(path)
        # the page's title names the page, not the notebook that serves it
        self._title = (f"<title>{_stem(notebook)}</title>", f"<title>{_stem(path)}</title>")
        self.log.info("page %s: %s", path, _pool_state(self.kernel_manager, notebook))
        return await super().get(notebook)

    @tornado.web.authenticated  # as Voila's pages: off loopback, the token or its cookie
    def _landing(self, root: Path) -> None:
        """The landing page, sent as it is: no kernel, no Voila script."""
        self._pass_visitor_id()
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(landing_document(root, page_language(self.request.query)))

    def write(self, chunk: str | bytes | dict[str, Any]) -> None:
        if isinstance(chunk, str) and CDN_FONTAWESOME in chunk:
            base = self.settings.get("base_url", "/")
            chunk = chunk.replace(CDN_FONTAWESOME, base + LOCAL_FONTAWESOME)
        title = self._title
        if isinstance(chunk, str) and title is not None and title[0] in chunk:
            chunk = chunk.replace(title[0], title[1], 1)
            self._title = None
        super().write(chunk)

    def _pass_visitor_id(self) -> None:
        """The browser's visitor id (a new one on its first page) to the page's kernel."""
        visitor = self.get_cookie(VISITOR_COOKIE, "")
        if not VISITOR_ID.fullmatch(visitor):
            visitor = secrets.token_hex(16)
            self.set_cookie(VISITOR_COOKIE, visitor, expires_days=365, httponly=True,
                            samesite="Lax")
        self.request.headers[VISITOR_HEADER] = visitor  # replaces any sent by the browser


def _pool_state(kernel_manager: Any, notebook: str) -> str:
    """What Voila's pool holds for ``notebook`` as a request arrives, for the server's log: a
    page that never showed can then be told from the log (a kernel started ahead and ready,
    one still starting, or none, so a kernel is started on request)."""
    pool = getattr(kernel_manager, "_pools", {}).get(notebook, [])
    ready = sum(1 for task in pool if task.done())
    return f"kernels started ahead {ready} ready, {len(pool) - ready} starting"


class ShutdownOnLeave(VoilaShutdownKernelHandler):
    """Voila's page-leave shutdown, made to work.

    The page sends ``POST /voila/api/shutdown/<id>`` with ``navigator.sendBeacon``, which cannot
    carry the ``_xsrf`` argument, so jupyter_server refuses it with 403 "'_xsrf' argument missing
    from POST" and the kernel lives on (voila-dashboards/voila#1458, open upstream). The request
    only stops a kernel whose random id the page was given; the Host check and, off loopback,
    the token still apply, so the XSRF check is skipped here and here only.
    """

    def check_xsrf_cookie(self) -> None:
        return None

    @tornado.web.authenticated
    async def post(self, kernel_id: str) -> None:
        if kernel_id not in self.kernel_manager:
            self.set_status(204)  # already gone (culled, or a second beacon): nothing to do
            self.finish()
            return
        await super().post(kernel_id)


def _app_handlers(handlers: list[Any]) -> list[Any]:
    """Voila's handlers with the tree and contents routes redirected, render and shutdown ours."""
    replaced: list[Any] = []
    for rule in handlers:
        pattern, handler, *rest = rule
        if handler in (TornadoVoilaTreeHandler, VoilaContentsHandler, AllowListFileHandler) \
                or (isinstance(handler, type) and issubclass(handler, LogoutHandler)):
            replaced.append((pattern, ToLanding))  # the app serves no file and has no logout
        elif handler is FileFindHandler:
            replaced.append((pattern, HashedExtensionFiles, *rest))
        elif handler is TemplateStaticFileHandler:
            replaced.append((pattern, TemplateFiles, *rest))
        elif isinstance(handler, type) and issubclass(handler, tornado.web.StaticFileHandler):
            replaced.append((pattern, _needing_login(handler), *rest))
        elif handler is TornadoVoilaHandler:
            replaced.append((pattern, AppPage, *rest))
        elif handler is VoilaShutdownKernelHandler:
            replaced.append((pattern, ShutdownOnLeave, *rest))
        else:
            replaced.append(rule)
    return replaced


def _needing_login(handler: type[tornado.web.StaticFileHandler]) -> type:
    """``handler``, serving its files off loopback only with the token (:class:`NeedsLogin`)."""
    return type(f"Login{handler.__name__}", (NeedsLogin, handler), {})


def _quiet_closed_sockets(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """A page left while kernel output was on its way to it: one log line, not a traceback.

    jupyter_server writes kernel messages to the page's websocket in tasks nobody awaits; when
    the page has just gone, each ends in WebSocketClosedError, which asyncio would log with a
    traceback as "Task exception was never retrieved". Anything else goes to asyncio's default.
    """
    if isinstance(context.get("exception"), WebSocketClosedError | StreamClosedError):
        logging.getLogger("precog.app").debug("a page closed before its kernel output was sent")
        return
    loop.default_exception_handler(context)


def _host_pattern(names: list[str]) -> str:
    return "^(?:" + "|".join(re.escape(name) for name in names) + ")$"


class CullingKernelManager(AsyncMappingKernelManager):  # type: ignore[misc]
    """jupyter_server's kernel manager, with a culler that skips a kernel already gone or
    not yet started.

    ``cull_kernels`` walks a copy of the kernel ids and awaits each idle check; a kernel shut
    down meanwhile (its page left, :class:`ShutdownOnLeave`) made ``cull_kernel_if_idle`` log
    a ``KeyError`` traceback (the timing race discussed in jupyter-server/enterprise_gateway
    #1262). A kernel still starting has no ``last_activity`` yet: jupyter/notebook #5345
    guarded that window with ``hasattr``, but on jupyter_server's ``ServerKernelManager`` the
    value is a trait without a default, so reading it raises ``TraitError`` and the check
    logs a traceback; such a kernel is not idle, and waits for the next round. Nothing is lost
    either way; this keeps the server's log free of false alarms."""

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        kernel = self._kernels.get(kernel_id)
        if kernel is None or not activity_known(kernel):
            return
        await super().cull_kernel_if_idle(kernel_id)


def activity_known(kernel: object) -> bool:
    """Whether ``kernel`` has its ``last_activity`` yet: set once it started (a trait of
    jupyter_server's kernel manager without a default, or a plain attribute elsewhere)."""
    if isinstance(kernel, HasTraits) and kernel.has_trait("last_activity"):
        return kernel.trait_has_value("last_activity")
    return hasattr(kernel, "last_activity")


class PrecogVoila(Voila):  # type: ignore[misc]
    """Voila with the app's routes; ``hostnames`` are the Host header values served."""

    hostnames: list[str] = ["127.0.0.1", "localhost"]

    def start(self) -> None:
        # Voila.start, with the handlers registered for the served host names only.
        self.connection_dir = tempfile.mkdtemp(prefix="voila_", dir=self.connection_dir_root)
        self.log.info("Storing connection files in %s.", self.connection_dir)
        settings = self.init_settings()
        settings["server_root_dir_precog"] = self.root_dir
        self.app = CheckedHostApplication(transforms=[CompressedOffLoopback], **settings)
        self.app.settings.update(self.tornado_settings)
        base = self.server_url.rstrip("/")
        handlers = [(base + "/" + LOCAL_FONTAWESOME.rsplit("fontawesome", 1)[0] + "(.*)",
                     _needing_login(tornado.web.StaticFileHandler), {"path": str(STATIC)}),
                    *_app_handlers(self.init_handlers()),
                    (base + r"/.*", ToLanding)]
        self.app.add_handlers(_host_pattern(self.hostnames), handlers)
        self.app.add_handlers(r".*", [(r".*", WrongHost)])
        self.log.info("Serving the host names %s", ", ".join(self.hostnames))
        asyncio.get_event_loop().set_exception_handler(_quiet_closed_sockets)
        self.listen()


def _kernel_profile() -> Path:
    """An IPython folder whose startup file logs tracebacks (set as the kernels' IPYTHONDIR)."""
    folder = Path(tempfile.mkdtemp(prefix="precog-ipython-"))
    startup = folder / "profile_default" / "startup"
    startup.mkdir(parents=True)
    (startup / "00-precog-tracebacks.py").write_text(KERNEL_STARTUP, encoding="utf-8")
    return folder


def run(argv: list[str], hostnames: list[str], per_visitor: bool,
        pools: dict[str, dict[str, int]] | None = None,
        request_address: str = "127.0.0.1",
        served_notebook: Callable[[str], str] | None = None, any_origin: bool = False) -> None:
    """Run Voila with ``argv`` until stopped, serving ``hostnames`` only; ``pools``: Voila's
    ``kernel_pools_config`` (kernels started ahead per page, with ``--preheat_kernel``);
    ``served_notebook``: the notebook run for a page (default: the page's own); ``any_origin``:
    the kernels' websockets accept any Origin (behind a Jupyter server's proxy, which has
    checked the visitor and sets the Host header to this server's own)."""
    kernel_ports_below_ephemeral()  # no "Address already in use" at a kernel's start
    apologise_for_failed_pages()  # a kernel that cannot start: an apology, not "Running ..."
    profile = _kernel_profile()
    os.environ["IPYTHONDIR"] = str(profile)  # kernels inherit the server's environment
    # where a pre-heated kernel asks for its visitor's request (voila.utils.wait_for_request)
    os.environ["VOILA_APP_IP"] = request_address
    if per_visitor:
        os.environ[PER_VISITOR_ENV] = "1"
    PrecogVoila.hostnames = hostnames
    if served_notebook is not None:
        AppPage.served_notebook = staticmethod(served_notebook)
    config = Config()
    if pools is not None:
        config.VoilaKernelManager.kernel_pools_config = pools
    if any_origin:
        config.Voila.tornado_settings = {"allow_origin": "*"}
    try:
        PrecogVoila.launch_instance(argv=argv, config=config)
    finally:
        shutil.rmtree(profile, ignore_errors=True)
