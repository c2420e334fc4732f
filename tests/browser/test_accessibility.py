"""axe-core (vendored from npm, a test asset no page loads) finds no serious or critical problem
on every written page of the site (each Markdown page under content/, calculators, charts,
guides, the glossary and the reference pages among them), a device page, a system page and
compare with sources, and the Chinese twins of one page of each kind (tests/browser/zh_sample.py),
in the light palette (every rule that can find something serious) and, after the theme's
toggle, the dark one (the rules that read colours). A Chinese page whose English twin is checked
and holds every kind of element it holds leaves the colour rules to that twin: no stylesheet
selects by language, so the two draw the same elements in the same colours (``colour_twin``).
Only serious and critical findings count,
so the rules axe's own data rates minor or moderate in every check (landmarks, heading order)
are switched off (LESSER_RULES).

The site's frame (header, tabs, the navigation sidebar and the footer) is the same markup on
every page but for which link is marked current; axe checks it on the pages in FRAME_CHECKED and
leaves it out elsewhere, so each page's check is spent on what the page itself holds (its
article and its table of contents).

The plain written pages (a Markdown article in the one page template, no widget) differ from
each other only in which elements their articles hold. axe checks every other page, and of the
plain ones enough that every kind of element any article holds (tag, classes, role and aria
attributes) is checked on at least one page (tests/sampling.py ``kind_cover``). A plain page
left out is still read: every kind of element it holds must be on a checked page, and none of
its elements may lack a name or alt text or reuse an id.

Within a checked page's main area (its content and, on the frame-checked pages, the navigation
sidebar), a row or item that repeats an earlier sibling's kind (the same tag, classes, role, aria
and style attributes, the same parity, holding text or not, and the same of everything inside it)
is hidden while axe runs: the catalog's hundreds of rows are checked as the few kinds of row they
are, a navigation list as its kinds of entry (the current page's link is a kind of its own).
(Hidden, not excluded: axe matches every node against an exclude list, which costs more than the
rows it spares.) What a repeat could still get wrong alone (a missing name or alt text, a reused
id) is read from every checked page's HTML."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from tests.browser.zh_sample import ZH_SAMPLE
from tests.browser_tabs import TabPool
from tests.conftest import ROOT, BuiltSite
from tests.sampling import Article, is_redirect, plain_cover
from tests.serve_site import VENDOR_PREFIX

if TYPE_CHECKING:
    from playwright.sync_api import Page

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
def page(tab_pool: TabPool) -> Iterator[Page]:
    """A page whose CSP lets the test inject axe (the site's own scripts are unchanged)."""
    yield from tab_pool.lend(bypass_csp=True)


#: The site's frame: the same on every page but for the current link.
FRAME = [".md-header", ".md-tabs", ".md-sidebar--primary", ".md-footer"]
#: Pages whose frame is checked too: each edition's home page, and pages whose current link
#: sits in a nested section (a guide) or a generated section (a device).
FRAME_CHECKED = {"", "zh/", "guides/interconnects/", "devices/nvidia-h100-sxm5-80gb/"}

#: Hides (data-axe-repeat, display: none) every element of the page's main area that repeats the
#: kind of an earlier sibling of the same parity: its tag, classes, role, tabindex, aria and style
#: attributes, whether it holds text of its own, and the kinds of everything inside it. Hiding
#: keeps every element where it was, so the rows left keep their parity. Charts are never hidden
#: (a hidden chart is not redrawn in the dark palette). Returns how many it hid.
HIDE_REPEATS = """() => {
  const kinds = new Map();
  const kind = el => {
    if (kinds.has(el)) return kinds.get(el);
    const marks = Array.from(el.attributes)
      .filter(a => a.name.startsWith('aria-') || ['role', 'tabindex', 'style'].includes(a.name))
      .map(a => a.name + '=' + a.value).sort().join(',');
    const text = Array.from(el.childNodes).some(n => n.nodeType === 3 && n.data.trim());
    const own = el.tagName + '.' + Array.from(el.classList).sort().join('.') + '[' + marks + ']' +
      (text ? 't' : '') + '(' + Array.from(el.children).map(kind).join(',') + ')';
    kinds.set(el, own);
    return own;
  };
  if (!document.getElementById('axe-repeat-style')) {
    const style = document.createElement('style');
    style.id = 'axe-repeat-style';
    style.textContent = '[data-axe-repeat] { display: none !important; }';
    document.head.appendChild(style);
  }
  for (const el of document.querySelectorAll('[data-axe-repeat]')) {
    el.removeAttribute('data-axe-repeat');
  }
  let hidden = 0;
  for (const parent of document.querySelectorAll('.md-content, .md-content *, main, main *')) {
    if (parent.children.length < 3) continue;
    const seen = new Set();
    Array.from(parent.children).forEach((child, i) => {
      const key = kind(child) + (i % 2);
      const chart = child.matches('.xpuref-chart') || child.querySelector('.xpuref-chart');
      if (seen.has(key) && !chart) { child.setAttribute('data-axe-repeat', ''); hidden += 1; }
      seen.add(key);
    });
  }
  return hidden;
}"""

#: The axe rules whose verdict depends on the palette: the dark pass runs only these, since
#: the theme's toggle changes colours and nothing else (the light pass runs every rule).
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def colour_twin(path: str, checked: set[str], articles: dict[str, Article]) -> str | None:
    """The English twin whose colour checks stand for a Chinese page's, or None.

    No stylesheet of the site selects by language (a test reads them all), so a Chinese page
    and its English twin draw the same kinds of element in the same colours; only the words
    differ. Where the twin is checked in both palettes, shows the frame alike, and its article
    holds every kind of element the Chinese one holds, the Chinese page runs every other rule
    and leaves the colour rules to its twin."""
    twin = path.removeprefix("zh/")
    if twin == path or twin not in checked or path not in articles or twin not in articles:
        return None
    if (path in FRAME_CHECKED) != (twin in FRAME_CHECKED):
        return None
    return twin if articles[path].kinds <= articles[twin].kinds else None


@pytest.fixture(scope="module")
def axe_pages(built_site: BuiltSite) -> tuple[set[str], dict[str, Article]]:
    """The pages axe checks (every page with a widget or an inline style, the generated and
    Chinese samples, the frame-checked pages, and the plain pages that cover every kind of
    element: tests/sampling.py ``plain_cover``), and every page's article as read from its
    HTML."""
    written = [path for path in PAGES if "?" not in path]
    checked, articles = plain_cover(
        built_site.root,
        written,
        keep=lambda p: p in FRAME_CHECKED or p in GENERATED or p in ZH_SAMPLE,
    )
    return set(checked) | {path for path in PAGES if "?" in path}, articles


#: The enabled axe rules that can never report anything serious or critical: every check they
#: run (or the rule itself) is rated minor or moderate in axe's own data. The checks below keep
#: only serious and critical findings, so these rules are switched off rather than run for
#: nothing.
LESSER_RULES = """() => {
  const order = ['minor', 'moderate', 'serious', 'critical'];
  const rated = id => order.indexOf((axe._audit.data.checks[id] || {}).impact);
  return axe._audit.rules
    .filter(rule => rule.enabled !== false)
    .filter(rule => {
      const levels = rule.impact ? [order.indexOf(rule.impact)]
        : [...rule.any, ...rule.all, ...rule.none].map(check => rated(check.id));
      return levels.length > 0 && levels.every(level => level === 0 || level === 1);
    })
    .map(rule => rule.id);
}"""


def serious_violations(
    page: Page,
    *,
    loaded: bool = False,
    only: list[str] | None = None,
    without: list[str] | None = None,
    leave_out: list[str] | None = None,
    site: BuiltSite | None = None,
) -> list[dict[str, Any]]:
    """Run axe (every rule that can find something serious but those named by ``without``, or
    only those named by ``only``) on the page as it stands, less the parts named by
    ``leave_out`` selectors; return its serious and critical findings. On a served site axe is
    loaded from the test server's address for it, so Chromium compiles it once per run."""
    if not loaded and site is not None:
        page.add_script_tag(url=site.url.rstrip("/") + VENDOR_PREFIX + "axe-core/axe.min.js")
    elif not loaded:
        page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        "async ([only, without, leaveOut]) => { const lesser = "
        + LESSER_RULES
        + """;
          const options = { resultTypes: ['violations'] };
          if (only) options.runOnly = { type: 'rule', values: only };
          else options.rules = Object.fromEntries(
            [...lesser(), ...without].map(id => [id, { enabled: false }]));
          const context = leaveOut ? { exclude: leaveOut.map(s => [s]) } : document;
          const result = await axe.run(context, options);
          return result.violations
            .filter(v => v.impact === 'serious' || v.impact === 'critical')
            .map(v => ({ id: v.id, impact: v.impact, help: v.help,
              nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' | ' +
                                               (n.failureSummary || '').slice(0, 160)) }));
        }""",
        [only, without or [], leave_out],
    )
    return found


def test_the_page_list_covers_the_site() -> None:
    """Every calculator and chart page, the glossary and the guides are among the pages checked."""
    for path in ("calculators/mfu/", "calculators/accuracy/", "charts/timeline/", "glossary/"):
        assert path in PAGES
    assert sum(p.startswith("guides/") for p in PAGES) >= 10
    assert not [p for p in PAGES if ".zh" in p], "Chinese twins are zh/ pages, not x.zh/"
    assert {"zh/", "zh/devices/", "zh/glossary/", "zh/charts/trends/"} <= set(PAGES)
    assert set(PAGES) >= FRAME_CHECKED


def test_leaving_the_frame_out_still_checks_the_article(page: Page) -> None:
    """With the frame left out, a problem in the article is still found and one in the header
    is not (so the frame is checked only where FRAME_CHECKED says)."""
    page.set_content(
        "<html lang=en><head><title>t</title></head><body>"
        "<header class='md-header'><img src='a.png'></header><main><article>"
        "<img src='b.png'></article></main></body></html>"
    )
    found = serious_violations(page, leave_out=FRAME)
    assert [(v["id"], len(v["nodes"])) for v in found] == [("image-alt", 1)]
    assert found[0]["nodes"][0].startswith('img[src="b.png"]')
    every = serious_violations(page, loaded=True)
    assert [(v["id"], len(v["nodes"])) for v in every] == [("image-alt", 2)]


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
    assert serious_violations(page, loaded=True, without=COLOUR_RULES) == []


def test_no_stylesheet_selects_by_language(built_site: BuiltSite) -> None:
    """No stylesheet the site ships (the theme's and its own) and no style block of a page
    chooses by language, and every page of both editions opens with the same ``<html>`` tag but
    for its language (the theme's ``[dir=rtl]`` rules match neither edition): a Chinese page
    takes its twin's colours (``colour_twin``)."""
    sheets = sorted(built_site.root.joinpath("assets").rglob("*.css"))
    assert len(sheets) >= 5
    by_language = re.compile(r":lang\(|\[\s*(xml:)?lang\b")
    for sheet in sheets:
        assert not by_language.search(sheet.read_text(encoding="utf-8")), sheet
    roots = set()
    for html in built_site.root.rglob("*.html"):
        text = html.read_text("utf-8")
        for block in re.findall(r"<style[^>]*>(.*?)</style>", text, re.S):
            assert not by_language.search(block), html
        tag = re.search(r"<html\b[^>]*>", text)
        if tag and not is_redirect(html):
            roots.add(re.sub(r'\s*lang="[^"]*"', "", tag.group(0)))
    assert len(roots) == 1 and "rtl" not in roots.pop()


def test_chinese_twins_leave_only_their_colours_to_checked_english_pages(
    axe_pages: tuple[set[str], dict[str, Article]],
) -> None:
    """A Chinese page leaves its colour checks to an English twin only where that twin is
    checked and holds every kind of element the Chinese one does; the others run every rule."""
    checked, articles = axe_pages
    twins = {p: colour_twin(p, checked, articles) for p in ZH_SAMPLE if p in checked}
    assert twins["zh/"] == "" and twins["zh/charts/trends/"] == "charts/trends/"
    # the glossary's Chinese entries wrap English terms in spans the English page lacks
    assert twins["zh/glossary/"] is None and "glossary/" in checked
    for path, twin in twins.items():
        if twin is not None:
            assert twin in checked and articles[path].kinds <= articles[twin].kinds
    english = {p.removeprefix("zh/") for p in ZH_SAMPLE}
    unchecked = [p for p in english if p not in checked and p in articles]
    assert unchecked, "some Chinese page has no checked twin, so it runs the colour rules"
    assert all(twins["zh/" + p] is None for p in unchecked)


def test_the_rules_left_out_only_ever_find_lesser_problems(page: Page) -> None:
    """The rules switched off are the ones rated minor or moderate (landmarks, heading order),
    none that can be serious (contrast, names); on a page that breaks two of them a full axe run
    rates what they find below serious, and the check without them finds the same: nothing."""
    page.set_content(
        "<html lang=en><head><title>t</title></head><body>"
        "<main><h1>one</h1><h4>skipped levels</h4></main><p>outside every landmark</p>"
        "</body></html>"
    )
    page.add_script_tag(path=str(AXE))
    lesser = set(page.evaluate(LESSER_RULES))
    assert {"region", "heading-order"} <= lesser
    assert not {"color-contrast", "image-alt", "link-name", "button-name", "label"} & lesser
    every = page.evaluate(
        "async () => (await axe.run(document, { resultTypes: ['violations'] }))"
        ".violations.map(v => [v.id, v.impact])"
    )
    assert {"region", "heading-order"} <= {rule for rule, _ in every}
    assert all(impact in ("minor", "moderate") for rule, impact in every if rule in lesser)
    assert serious_violations(page, loaded=True) == []


def test_repeated_rows_are_hidden_and_a_different_row_is_still_checked(page: Page) -> None:
    """Of six rows, the third to fifth repeat the first two (same kind, same parity) and are
    hidden; a sixth row whose link has no name is a different kind, so axe still finds it."""
    row = "<tr><td><a href='#x'>name</a></td><td class='num'>1</td></tr>"
    page.set_content(
        "<html lang=en><head><title>t</title></head><body><main><table><tbody>"
        + row * 5
        + "<tr><td><a href='#x'></a></td><td class='num'>1</td></tr>"
        + "</tbody></table></main></body></html>"
    )
    assert page.evaluate(HIDE_REPEATS) == 3
    shown = page.locator("tbody tr").evaluate_all(
        "rows => rows.map(r => getComputedStyle(r).display !== 'none')"
    )
    assert shown == [True, True, False, False, False, True]
    found = serious_violations(page)
    assert [(v["id"], len(v["nodes"])) for v in found] == [("link-name", 1)]


def _drawn(page: Page, path: str, scheme: str) -> None:
    """Wait until the page's first chart (on a chart page) is drawn in ``scheme``."""
    chart_page = path.removeprefix("zh/").startswith("charts/") and not path.endswith("charts/")
    if page.locator(".xpuref-chart").count() and chart_page:
        page.locator(f'.xpuref-chart[data-drawn][data-scheme="{scheme}"]').first.wait_for(
            timeout=20000
        )


def test_the_sample_checks_widgets_and_leaves_out_plain_pages(
    axe_pages: tuple[set[str], dict[str, Article]],
) -> None:
    """Every calculator, chart and generated page is checked by axe, and some plain pages are
    left to the HTML reading (else the sampling saves nothing and this file says otherwise)."""
    checked, articles = axe_pages
    assert {"calculators/mfu/", "charts/timeline/", "devices/", "compare/", ""} <= checked
    assert set(GENERATED) | set(ZH_SAMPLE) | FRAME_CHECKED <= checked
    plain = {path for path, article in articles.items() if not article.scripted}
    assert len(plain - checked) >= 5 and plain & checked


@pytest.mark.parametrize("path", PAGES)
def test_no_serious_violations(
    built_site: BuiltSite,
    axe_pages: tuple[set[str], dict[str, Article]],
    page: Page,
    path: str,
) -> None:
    """axe reports nothing serious or critical once the page (and any chart) has drawn, in the
    light palette the page opens in and again after the reader switches it to dark with the
    theme's own toggle (charts redraw in the new palette); a Chinese page with a colour twin
    runs every rule but the colour ones, once. A plain page axe leaves out holds
    only kinds of element axe checked elsewhere, and no element without a name or alt text."""
    checked, articles = axe_pages
    if path not in checked:
        article = articles[path]
        seen = set().union(*(articles[p].kinds for p in checked if p in articles))
        assert sorted(article.kinds - seen) == [], "kinds of element axe never checked"
        assert article.problems == ()
        return
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
    if path in articles:  # one-element problems of the rows axe leaves out as repeats
        assert articles[path].problems == ()
    leave_out = None if path in FRAME_CHECKED else FRAME
    page.evaluate(HIDE_REPEATS)
    twin = colour_twin(path, checked, articles)
    light = serious_violations(
        page, without=None if twin is None else COLOUR_RULES, leave_out=leave_out, site=built_site
    )
    if twin is not None:  # its colours are its twin's, checked in both palettes there
        assert light == []
        return
    page.locator('label[for="__palette_1"]').click()
    page.locator('body[data-md-color-scheme="slate"]').wait_for(timeout=5000)
    _drawn(page, path, "slate")
    page.evaluate(HIDE_REPEATS)  # a chart redrawn in the new palette is marked afresh
    dark = serious_violations(page, loaded=True, only=COLOUR_RULES, leave_out=leave_out)
    assert (light, dark) == ([], [])
