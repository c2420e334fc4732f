"""Browser tabs kept open from one test to the next within a test worker.

Opening a tab costs Chromium about two CPU-seconds on the 2-core machine (a new renderer, and a
first load without warm code), which is more than most browser tests spend on their own work.
So each worker keeps one tab per kind of context and lends it to test after test. Between two
tests the tab leaves the site (about:blank) and forgets what the test stored: cookies, local
storage and IndexedDB for every origin the test visited, and the session storage of the page it
ended on (the site keeps nothing there). Media emulation (the colour scheme among it) goes back
to the browser's own, and the pointer to the corner.

What a test sets on the tab itself is taken back when it can be: its event listeners are
removed, its routes dropped and the viewport given back its size. A test that leaves state that
cannot be taken back (a script run on every load, an exposed function, a locator handler, a
header or a default timeout) does not pass the tab on: it is closed after that test and the next
one opens a fresh tab.
"""

from __future__ import annotations

import contextlib
import urllib.parse
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, CDPSession, Frame, Page

#: Page methods whose effect outlives the test on that tab.
STATEFUL = (
    "on",
    "once",
    "route",
    "route_from_har",
    "route_web_socket",
    "add_init_script",
    "add_locator_handler",
    "expose_function",
    "expose_binding",
    "set_viewport_size",
    "set_extra_http_headers",
    "set_default_timeout",
    "set_default_navigation_timeout",
)
#: Of those, the ones whose effect the pool takes back after the test.
UNDONE = frozenset({"on", "once", "route", "set_viewport_size"})
#: What a test may have stored for an origin, cleared between tests (the HTTP cache is kept:
#: the sites a run serves do not change while it runs).
_STORED = "cookies,local_storage,indexeddb,cache_storage,service_workers,file_systems"


def _origin(url: str) -> str | None:
    """The origin of a loaded address (``file://`` for files), None for about: and data:."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme in ("http", "https"):
        return f"{parts.scheme}://{parts.netloc}"
    return "file://" if parts.scheme == "file" else None


class _Lent:
    """One tab as lent to one test: the errors its pages raised, the origins it visited, and
    whether the test left state on it."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.errors: list[str] = []
        self.origins: set[str] = set()
        self.stateful: list[str] = []
        self.listeners: list[tuple[str, Callable[..., Any]]] = []
        self.viewport = page.viewport_size
        page.on("pageerror", self._error)
        page.on("framenavigated", self._navigated)
        for name in STATEFUL:
            setattr(page, name, self._marking(name, getattr(page, name)))

    def _error(self, exc: Exception) -> None:
        """Keep a script error for the test's end."""
        self.errors.append(str(exc))

    def _navigated(self, frame: Frame) -> None:
        """Note the origin a frame loaded."""
        origin = _origin(frame.url)
        if origin:
            self.origins.add(origin)

    def _marking(self, name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        """The page's method, noting that the test called it."""

        def call(*args: Any, **kwargs: Any) -> Any:
            self.stateful.append(name)
            if name in ("on", "once"):
                self.listeners.append((args[0] if args else kwargs["event"],
                                       args[1] if len(args) > 1 else kwargs["f"]))  # fmt: skip
            return method(*args, **kwargs)

        return call

    def give_back(self) -> bool:
        """Undo the lending (the page's own methods, no listener of ours) and what the test set
        that can be taken back; say whether the tab can be passed on."""
        for name in STATEFUL:
            self.page.__dict__.pop(name, None)
        self.page.remove_listener("pageerror", self._error)
        self.page.remove_listener("framenavigated", self._navigated)
        if self.page.is_closed() or set(self.stateful) - UNDONE:
            return False
        for event, handler in self.listeners:
            with contextlib.suppress(KeyError, ValueError):  # a once listener that has fired
                self.page.remove_listener(event, handler)
        if "route" in self.stateful:
            self.page.unroute_all(behavior="ignoreErrors")
        if self.page.viewport_size != self.viewport and self.viewport is not None:
            self.page.set_viewport_size(self.viewport)
        return True


class TabPool:
    """One reusable tab per kind of context (with or without the real search index, and any
    context options), for the tests of one worker. A tab that searches carries the cookie that
    asks the test server for the real index (tests/serve_site.py)."""

    def __init__(self, browser: Browser, search_cookie: dict[str, str]) -> None:
        self._browser = browser
        self._search_cookie = search_cookie
        self._contexts: dict[tuple[object, ...], BrowserContext] = {}
        self._tabs: dict[tuple[object, ...], tuple[Page, CDPSession]] = {}

    def _context(self, key: tuple[object, ...], options: dict[str, Any]) -> Any:
        """The shared context for this kind, made on first use."""
        if key not in self._contexts:
            self._contexts[key] = self._browser.new_context(**options)
        return self._contexts[key]

    def lend(self, *, search: bool = False, **options: Any) -> Iterator[Page]:
        """A tab for one test; it fails the test on any script error, then is reset or closed."""
        key = (search, tuple(sorted((k, repr(v)) for k, v in options.items())))
        context = self._context(key, options)
        if search:  # asks the test server for the real index (reset forgets every cookie)
            context.add_cookies([self._search_cookie])
        page, cdp = self._tabs.pop(key, (None, None))
        if page is None or cdp is None or page.is_closed():
            page = context.new_page()
            cdp = context.new_cdp_session(page)
        lent = _Lent(page)
        try:
            yield page
        finally:
            reusable = lent.give_back()
            for other in context.pages:
                if other is not page:
                    other.close()
            if not reusable:
                if not page.is_closed():
                    page.close()
            else:
                self._reset(page, cdp, lent.origins)
                self._tabs[key] = (page, cdp)
        assert not lent.errors, lent.errors

    @staticmethod
    def _reset(page: Page, cdp: CDPSession, origins: set[str]) -> None:
        """Leave the site and forget what the test stored and set."""
        # Session storage belongs to the tab: cleared from the page while it is still there.
        page.evaluate("() => { try { sessionStorage.clear(); } catch (e) {} }")
        page.goto("about:blank")
        for origin in sorted(origins):
            try:
                cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": _STORED})
            except Exception:
                if origin != "file://":
                    raise
        page.context.clear_cookies()
        page.emulate_media(media="null", color_scheme="null", reduced_motion="null")
        page.mouse.move(0, 0)

    def close(self) -> None:
        """Close every context this pool made."""
        for context in self._contexts.values():
            context.close()
