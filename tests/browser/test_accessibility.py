"""axe-core (vendored from npm, a test asset no page loads) finds no serious or critical problem
on every written page of the site (each Markdown page under content/, calculators, charts,
guides, the glossary and the reference pages among them), a device page, a system page and
compare with sources, and the Chinese twins of one page of each kind (tests/browser/zh_sample.py),
in the light palette (every rule) and, after the theme's toggle, the dark one (the rules that
read colours)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from tests.browser.zh_sample import ZH_SAMPLE
from tests.conftest import ROOT, BuiltSite, checked_page

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

AXE = ROOT / "tests/vendor/axe-core/axe.min.js"


def _written_pages() -> list[str]:
    """The site path of every Markdown page under content/ ('' for the home page)."""
    paths = []
    for source in sorted((ROOT / "content").rglob("*.md")):
        if source.suffixes[-2:] == [".zh", ".md"]:
            continue  # a Chinese twin (content/x.zh.md is zh/x/): sampled in ZH_SAMPLE
        relative = source.relative_to(ROOT / "content").with_suffix("").as_posix()
        path = relative.removesuffix("index").rstrip("/")
        paths.append(f"{path}/" if path else "")
    return paths


#: Pages generated from the data, one of each kind, and compare in its busiest state.
GENERATED = [
    "devices/nvidia-h100-sxm5-80gb/",
    "systems/nvidia-dgx-h100/",
    "compare/?ids=nvidia-h100-sxm5-80gb,amd-instinct-mi300x-oam-192gb&sources=1",
]
PAGES = _written_pages() + GENERATED + ZH_SAMPLE


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A page whose CSP lets the test inject axe (the site's own scripts are unchanged)."""
    yield from checked_page(browser, bypass_csp=True)


#: The axe rules whose verdict depends on the palette: the dark pass runs only these, since
#: the theme's toggle changes colours and nothing else (the light pass runs every rule).
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def serious_violations(
    page: Page, *, loaded: bool = False, only: list[str] | None = None
) -> list[dict[str, Any]]:
    """Run axe (every rule, or only those named) on the page as it stands; return its serious
    and critical findings."""
    if not loaded:
        page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        """async (only) => {
          const options = { resultTypes: ['violations'] };
          if (only) options.runOnly = { type: 'rule', values: only };
          const result = await axe.run(document, options);
          return result.violations
            .filter(v => v.impact === 'serious' || v.impact === 'critical')
            .map(v => ({ id: v.id, impact: v.impact, help: v.help,
              nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' | ' +
                                               (n.failureSummary || '').slice(0, 160)) }));
        }""",
        only,
    )
    return found


def test_the_page_list_covers_the_site() -> None:
    """Every calculator and chart page, the glossary and the guides are among the pages checked."""
    for path in ("calculators/mfu/", "calculators/accuracy/", "charts/timeline/", "glossary/"):
        assert path in PAGES
    assert sum(p.startswith("guides/") for p in PAGES) >= 10
    assert not [p for p in PAGES if ".zh" in p], "Chinese twins are zh/ pages, not x.zh/"
    assert {"zh/", "zh/devices/", "zh/glossary/", "zh/charts/trends/"} <= set(PAGES)


def test_the_dark_pass_rules_exist_and_catch_low_contrast(page: Page) -> None:
    """axe knows each colour rule by name, and the dark pass's subset fails grey-on-grey text
    (so a renamed rule cannot silently turn the dark pass into no check)."""
    page.set_content(
        "<html lang=en><head><title>t</title></head><body><main>"
        "<p style='color:#777;background:#666'>faint words on a dark ground</p>"
        "</main></body></html>"
    )
    page.add_script_tag(path=str(AXE))
    known = page.evaluate("() => axe.getRules().map(r => r.ruleId)")
    assert set(COLOUR_RULES) <= set(known)
    found = serious_violations(page, loaded=True, only=COLOUR_RULES)
    assert [v["id"] for v in found] == ["color-contrast"]


def _drawn(page: Page, path: str, scheme: str) -> None:
    """Wait until the page's first chart (on a chart page) is drawn in ``scheme``."""
    chart_page = path.removeprefix("zh/").startswith("charts/") and not path.endswith("charts/")
    if page.locator(".xpuref-chart").count() and chart_page:
        page.locator(f'.xpuref-chart[data-drawn][data-scheme="{scheme}"]').first.wait_for(
            timeout=20000
        )


@pytest.mark.parametrize("path", PAGES)
def test_no_serious_violations(built_site: BuiltSite, page: Page, path: str) -> None:
    """axe reports nothing serious or critical once the page (and any chart) has drawn, in the
    light palette the page opens in and again after the reader switches it to dark with the
    theme's own toggle (charts redraw in the new palette)."""
    page.emulate_media(color_scheme="light")
    response = page.goto(built_site.url + path)
    assert response is not None and response.ok, path
    page.wait_for_load_state("load")
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "default"
    _drawn(page, path, "default")
    # Invalid input: a calculator shows its message, which must be tied to the field.
    calculator = path.removeprefix("zh/").startswith("calculators/")
    if calculator and page.locator(".xpuref-calc input[type=text]").count():
        field = page.locator(".xpuref-calc input[type=text]").first
        field.fill("-5")
        field.dispatch_event("input")
        page.wait_for_timeout(100)
        if field.get_attribute("aria-invalid") == "true":
            described = field.get_attribute("aria-describedby")
            assert described, "an invalid field points to its message"
            assert page.locator(f"#{described}").inner_text().strip()
    light = serious_violations(page)
    page.locator('label[for="__palette_1"]').click()
    page.locator('body[data-md-color-scheme="slate"]').wait_for(timeout=5000)
    _drawn(page, path, "slate")
    dark = serious_violations(page, loaded=True, only=COLOUR_RULES)
    assert (light, dark) == ([], [])
