"""Time every calculator's recompute in Chromium: python tests/js/bench_calculators.py SITE_URL.

Opens each calculator page of a served site, types into each numeric field several times and
reports the recompute durations calculators.js records in window.xpurefCalcTimings. The
budget is 5 ms per input change; this script reports, it does not assert.
"""

from __future__ import annotations

import statistics
import sys

from playwright.sync_api import sync_playwright

PAGES = ("flops", "memory", "roofline", "llm", "export", "units")
ROUNDS = 5


def main(site: str) -> int:
    """Print median and worst recompute time per calculator; return 0."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page()
        for name in PAGES:
            page.goto(f"{site.rstrip('/')}/calculators/{name}/")
            for form in page.locator("form.xpuref-calc").all():
                calc_id = form.get_attribute("data-calc")
                times: list[float] = []
                for field in form.locator("input[type=text]").all():
                    original = field.input_value()
                    for _ in range(ROUNDS):
                        field.fill(original)
                        times.append(page.evaluate("window.xpurefCalcTimings.last.ms"))
                if times:
                    print(
                        f"{calc_id:18} n={len(times):3} median={statistics.median(times):.2f} ms"
                        f" max={max(times):.2f} ms"
                    )
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000/"))
