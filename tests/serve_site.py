"""A quiet loopback server for a test site that stops when the test run's process ends.

    python -m tests.serve_site FOLDER PORT_FILE WATCH_PID

It binds a free port, writes the port number to PORT_FILE, and serves FOLDER (which may not
exist yet: the site is built after the port is known, since the port is the site's address).
Below ``/__tests__/vendor/`` it serves the tests' own vendored files (axe-core), cacheable, so a
test injects them by address and Chromium compiles them once, not on every page.
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
import time
from pathlib import Path

from xpuref.site.build import _alive  # the build lock's own liveness check

#: Where the tests' vendored files are served, outside any path a built site uses.
VENDOR_PREFIX = "/__tests__/vendor/"
_VENDOR = Path(__file__).resolve().parent / "vendor"


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static file handler that does not log every request."""

    def translate_path(self, path: str) -> str:
        """Site files from the folder; the tests' vendored files below VENDOR_PREFIX."""
        clean = path.split("?", 1)[0].split("#", 1)[0]
        if clean.startswith(VENDOR_PREFIX):
            target = (_VENDOR / clean.removeprefix(VENDOR_PREFIX)).resolve()
            return str(target) if target.is_relative_to(_VENDOR) else str(_VENDOR / "missing")
        return super().translate_path(path)

    def end_headers(self) -> None:
        """Vendored test files may be cached for the run; site files revalidate as usual."""
        if self.path.startswith(VENDOR_PREFIX):
            self.send_header("Cache-Control", "max-age=86400")
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
