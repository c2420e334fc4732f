"""Time the in-page calculators' recomputes in headless Chromium, for ``xpuref bench``."""

from __future__ import annotations

import functools
import http.server
import statistics
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

__all__ = ["CHROMIUM", "calculator_timings", "served"]

CHROMIUM = "/usr/bin/chromium"
_PAGES = ("flops", "memory", "roofline", "llm", "mfu", "export", "units")
_ROUNDS = 5


class _Quiet(http.server.SimpleHTTPRequestHandler):
    """Static files without a log line per request."""

    def log_message(self, format: str, *args: object) -> None:
        """Stay quiet."""


@contextmanager
def served(site: Path) -> Iterator[str]:
    """Serve a built site on a free loopback port and yield its address."""
    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def calculator_timings(site: Path) -> dict[str, Any]:
    """Median and worst recompute time (ms) per calculator, as calculators.js records them."""
    from playwright.sync_api import sync_playwright

    per_calc: dict[str, dict[str, float]] = {}
    with served(site) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        page = browser.new_page()
        for name in _PAGES:
            page.goto(f"{url}calculators/{name}/")
            for form in page.locator("form.xpuref-calc").all():
                calc_id = str(form.get_attribute("data-calc"))
                times: list[float] = []
                for field in form.locator("input[type=text]").all():
                    if not field.is_visible():
                        continue  # advanced fields folded away on the page
                    original = field.input_value()
                    for _ in range(_ROUNDS):
                        field.fill(original)
                        times.append(float(page.evaluate("window.xpurefCalcTimings.last.ms")))
                if times:
                    per_calc[calc_id] = {
                        "median_ms": statistics.median(times),
                        "max_ms": max(times),
                        "samples": len(times),
                    }
        browser.close()
    medians = [v["median_ms"] for v in per_calc.values()]
    return {
        "calculators": per_calc,
        "worst_median_ms": max(medians) if medians else None,
        "worst_ms": max((v["max_ms"] for v in per_calc.values()), default=None),
    }
