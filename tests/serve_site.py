"""A quiet loopback server for a test site that stops when the test run's process ends.

    python -m tests.serve_site FOLDER PORT_FILE WATCH_PID

It binds a free port, writes the port number to PORT_FILE, and serves FOLDER (which may not
exist yet: the site is built after the port is known, since the port is the site's address).
Below ``/__tests__/vendor/`` it serves the tests' own vendored files (axe-core), cacheable, so a
test injects them by address and Chromium compiles them once, not on every page.

Every page load makes the theme's search worker index the whole site (2 MB of text), so the
server answers ``search/search_index.json`` with the site's own index config and no documents,
unless the request carries the cookie SEARCH_COOKIE (a test that searches sets it). Answering it
here rather than from a Playwright route keeps Chromium from pausing every request of every page
for the test process to look at, which cost about 40 % of a page load.
"""

from __future__ import annotations

import functools
import http.cookies
import http.server
import io
import json
import sys
import threading
import time
from pathlib import Path
from typing import Any

from xpuref.site.build import _alive  # the build lock's own liveness check

#: Where the tests' vendored files are served, outside any path a built site uses.
VENDOR_PREFIX = "/__tests__/vendor/"
_VENDOR = Path(__file__).resolve().parent / "vendor"
#: The cookie that asks for the real search index: (name, value).
SEARCH_COOKIE = ("xpuref-tests-search", "1")
_INDEX = "search/search_index.json"
_EMPTY: dict[tuple[str, float], bytes] = {}


def empty_index(text: str) -> str:
    """A search index with the given index's config and no documents."""
    return json.dumps({"config": json.loads(text)["config"], "docs": []})


def _empty_index_bytes(file: Path) -> bytes:
    """The empty twin of an index file, kept while the file is unchanged."""
    key = (str(file), file.stat().st_mtime)
    if key not in _EMPTY:
        _EMPTY[key] = empty_index(file.read_text(encoding="utf-8")).encode()
    return _EMPTY[key]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static file handler that does not log every request."""

    def translate_path(self, path: str) -> str:
        """Site files from the folder; the tests' vendored files below VENDOR_PREFIX."""
        clean = path.split("?", 1)[0].split("#", 1)[0]
        if clean.startswith(VENDOR_PREFIX):
            target = (_VENDOR / clean.removeprefix(VENDOR_PREFIX)).resolve()
            return str(target) if target.is_relative_to(_VENDOR) else str(_VENDOR / "missing")
        return super().translate_path(path)

    def _wants_search(self) -> bool:
        """Whether the request carries the cookie asking for the real search index."""
        jar = http.cookies.SimpleCookie()
        try:
            jar.load(self.headers.get("Cookie", ""))
        except http.cookies.CookieError:
            return False
        name, value = SEARCH_COOKIE
        return name in jar and jar[name].value == value

    def send_head(self) -> Any:
        """The site's files, but an index without documents unless the test searches."""
        clean = self.path.split("?", 1)[0].split("#", 1)[0]
        if not clean.endswith("/" + _INDEX) or self._wants_search():
            return super().send_head()
        file = Path(self.translate_path(self.path))
        if not file.is_file():
            return super().send_head()
        body = _empty_index_bytes(file)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def end_headers(self) -> None:
        """Vendored test files may be cached for the run; site files revalidate as usual, and
        the search index, which depends on the cookie, is never kept."""
        if self.path.startswith(VENDOR_PREFIX):
            self.send_header("Cache-Control", "max-age=86400")
        elif self.path.split("?", 1)[0].endswith("/" + _INDEX):
            self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """Stay quiet."""


def main(argv: list[str]) -> int:
    """Serve until the watched process is gone."""
    folder, port_file, watch = Path(argv[0]), Path(argv[1]), int(argv[2])
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    partial = port_file.with_name(port_file.name + ".part")
    partial.write_text(str(server.server_address[1]))
    partial.replace(port_file)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    while _alive(watch):
        time.sleep(0.5)
    server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
