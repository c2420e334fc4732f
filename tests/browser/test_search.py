"""Typed search finds the right page first, for Chinese and English queries, online and offline.

The search plugin keeps `lang: en` and a separator that splits at spaces and punctuation (ASCII
and CJK) but never inside a run of Chinese characters, so Chinese names stay whole words that a
typed prefix matches. `lang: [en, zh]` was tried: its lunr.zh tokenizer needs jieba in the
browser and a query with a digit ("Gaudi 3") then finds nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from tests.conftest import NO_PAGE, BuiltSite, checked_page

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.search]

# Query, then the pages (site paths without suffix) any one of which is right as the first hit.
# Concept words that device names also carry ("tensor core", "HBM3e", 推理) must find the page
# that explains them; device names and driver strings must still find the device.
#: The pages of the parts the family name '昇腾910B' (Ascend 910B) covers.
ASCEND_910B = tuple(f"devices/huawei-ascend-910{v}" for v in ("b1", "b2", "b2c", "b3", "b4"))
QUERIES = [
    # Concepts, English.
    ("tensor core", ("glossary#tensor-core",)),
    ("HBM3e", ("glossary#hbm",)),
    ("KV cache", ("calculators/llm", "glossary#kv-cache")),
    ("TDP", ("glossary#tdp",)),
    ("NVLink", ("guides/interconnects", "glossary#nvlink")),
    ("roofline", ("calculators/roofline", "charts/roofline", "glossary#roofline")),
    ("MFU", ("calculators/mfu", "glossary#mfu")),
    ("BF16", ("glossary#bf16", "guides/numeric-formats")),
    ("structured sparsity", ("glossary#structured-sparsity",)),
    ("export control", ("calculators/export", "export-controls", "charts/export-map")),
    ("out of memory", ("guides/out-of-memory",)),
    # Words in device titles too: a device whose name carries the word twice ("OAM" in
    # "MetaX Xiyun C500 OAM 64GB · mxc500 (oam)") must not outrank the entry explaining it.
    ("memory bandwidth", ("glossary#memory-bandwidth",)),
    ("OAM", ("glossary#oam",)),
    ("InfiniBand", ("glossary#infiniband",)),
    ("FLOPs MACs", ("guides/flops-and-macs",)),
    # Words that name a link, a memory or a way of building a chip, carried by device pages
    # ("UALink over Ethernet", "128 GB LPDDR5X", "Wafer-Scale Engine"): the entry explains them.
    ("UALink", ("glossary#ualink",)),
    ("LPDDR5X", ("glossary#lpddr5x",)),
    ("wafer-scale", ("glossary#wafer-scale",)),
    # Concepts, Chinese.
    ("张量核", ("glossary#tensor-core",)),
    ("张量核心", ("glossary#tensor-core",)),
    ("显存带宽", ("glossary#memory-bandwidth", "glossary#hbm")),
    ("带宽", ("glossary#memory-bandwidth",)),
    ("推理", ("calculators/llm", "guides/measuring-inference")),
    ("算力", ("glossary#flops",)),
    ("高带宽内存", ("glossary#hbm",)),
    ("屋顶线", ("glossary#roofline",)),
    ("晶圆级", ("glossary#wafer-scale",)),
    ("超加速器链路", ("glossary#ualink",)),
    ("低功耗内存", ("glossary#lpddr5x",)),
    ("术语表", ("glossary",)),
    ("华为昇腾", ("ecosystem",)),
    # Devices: names, Chinese names and driver strings as nvidia-smi prints them, typed key
    # by key: the half-typed 'A100-SXM4-' must not hold the worker, or the finished name's
    # results arrive late.
    # A family name: any of its parts' pages (no one part owns the name).
    ("昇腾910B", ASCEND_910B),
    ("MI300X", ("devices/amd-instinct-mi300x-oam-192gb",)),
    ("TPU v5p", ("devices/google-tpu-v5p",)),
    ("H100 SXM5", ("devices/nvidia-h100-sxm5-80gb",)),
    ("NVIDIA H100 80GB HBM3", ("devices/nvidia-h100-sxm5-80gb",)),
    ("NVIDIA A100-SXM4-80GB", ("devices/nvidia-a100-sxm4-80gb",)),
    ("NVIDIA A100-SXM4-40GB", ("devices/nvidia-a100-sxm4-40gb",)),
    ("A100-PCIE-40GB", ("devices/nvidia-a100-pcie-40gb",)),
    ("NVIDIA A100 80GB PCIe", ("devices/nvidia-a100-pcie-80gb",)),
    ("Gaudi 3", ("devices/intel-gaudi3-oam-128gb", "devices/intel-gaudi3-pcie-128gb")),
]


def _normalise(href: str, base: str) -> str:
    """A result link as a site path: no origin, query, `.html`, `index` or trailing slash."""
    path = href[len(base) :] if href.startswith(base) else href
    path, _, fragment = path.partition("#")
    path = path.split("?")[0]
    path = re.sub(r"(index)?\.html$", "", path).strip("/")
    return f"{path}#{fragment}" if fragment else path


def _open_search(page: Page) -> None:
    """Open the search box and wait until the worker has built its index."""
    page.locator("label.md-search__icon, .md-search__input").first.click()
    page.wait_for_function(
        "() => !/Initializing/.test(document.querySelector('.md-search-result__meta').textContent)",
        timeout=20000,
    )


def _first_hits(page: Page, query: str, base: str) -> list[str]:
    """Type the query into the search box and return the first few result links, normalised."""
    _open_search(page)
    return _typed_hits(page, query, base)


def _typed_hits(page: Page, query: str, base: str) -> list[str]:
    """Clear the open search box, enter the query and return the first result links.

    The query is put in whole and one key is pressed, so the theme searches once for it (typed
    key by key, it searches once per key, and only the last search decides what is shown);
    typing itself is checked by the tests that press each key (test_offline_bundle and others).
    """
    box = page.locator("input.md-search__input")
    if box.input_value():
        box.fill("")
        box.press("End")
        page.wait_for_function(
            "() => !document.querySelector('.md-search-result__item')", timeout=10000
        )
    box.fill(query)
    box.press("End")  # the theme searches on a key coming up, as after typing
    # Wait until the results are for the whole query: the highlight parameter of a top result
    # (not its path, which may hold the same word) carries the last word typed.
    last = query.split()[-1].lower().replace("-", "+").split("+")[-1]
    page.wait_for_function(
        """last => Array.from(document.querySelectorAll('.md-search-result__item > a'))
            .slice(0, 4).some(a => (new URL(a.href).searchParams.get('h') || '')
                .toLowerCase().split(' ').some(word => word.startsWith(last)))""",
        arg=last if last.isascii() else last[:2],  # a CJK query may still be composing
        timeout=15000,
    )
    page.wait_for_timeout(400)
    links = page.locator(".md-search-result__item > a").evaluate_all(
        "as => as.slice(0, 6).map(a => a.href)"
    )
    return [_normalise(str(h), base) for h in links]


def _check(hits: list[str], right: tuple[str, ...]) -> None:
    """The first article, or for a section hit its first section, is one of the right pages."""
    article = hits[0]
    section = next((h for h in hits if h.startswith(article + "#")), article)
    assert article in right or section in right, hits


def test_the_query_table_is_large_and_bilingual() -> None:
    """At least 25 queries, Chinese ones among them, concepts and devices both."""
    assert len(QUERIES) >= 25
    assert sum(not q.isascii() for q, _ in QUERIES) >= 8
    assert sum(any(r.startswith("devices/") for r in right) for _, right in QUERIES) >= 8


@pytest.fixture(scope="module")
def online_search(built_site: BuiltSite, browser: Browser) -> Iterator[tuple[Page, str]]:
    """One served page with its search index built, shared by the query table's rows."""
    for page in checked_page(browser, search=True):
        page.goto(built_site.url)
        _open_search(page)
        yield page, built_site.url


@pytest.fixture(scope="module")
def offline_search(offline_bundle: Path, browser: Browser) -> Iterator[tuple[Page, str]]:
    """The bundle's home page from file:// with its search index built, shared likewise."""
    for page in checked_page(browser, search=True):
        page.goto((offline_bundle / "index.html").as_uri())
        _open_search(page)
        yield page, offline_bundle.as_uri() + "/"


@pytest.mark.parametrize(("query", "right"), QUERIES)
def test_search_online(online_search: tuple[Page, str], query: str, right: tuple[str, ...]) -> None:
    """On the served site the right page is the first result."""
    _check(_typed_hits(online_search[0], query, online_search[1]), right)


#: The offline bundle's index holds the same documents as the served one
#: (test_offline_index_ranks_like_the_served_one), so its worker ranks them the same way; in the
#: browser the bundle answers a sample of the table: a concept in each language, a Chinese
#: device name and two driver strings typed key by key.
OFFLINE_QUERIES = [
    (q, right)
    for q, right in QUERIES
    if q in {"tensor core", "张量核", "显存带宽", "昇腾910B", "NVIDIA A100-SXM4-80GB", "Gaudi 3"}
]


def _index(path: Path) -> dict[str, object]:
    """A search index as the site serves it (JSON) or the bundle inlines it (a script)."""
    return json.loads(path.read_text().removeprefix("var __index = ").rstrip().rstrip(";"))


def test_offline_index_ranks_like_the_served_one(
    built_site: BuiltSite, offline_bundle: Path
) -> None:
    """Both editions' offline indexes hold the served documents (titles, texts and boosts, at the
    same pages) and the same configuration. The one section that names the copy's own address
    (how to cite it) differs, as it should; lunr does not score a document's address."""
    assert len(OFFLINE_QUERIES) == 6
    for edition in ("", "zh/"):
        served = _index(built_site.root / edition / "search/search_index.json")
        inlined = _index(offline_bundle / edition / "search/search_index.js")
        assert served["config"] == inlined["config"]

        def documents(index: dict[str, object]) -> dict[str, tuple[object, ...]]:
            docs = index["docs"]
            assert isinstance(docs, list) and len(docs) > 1000
            return {_normalise(d["location"], ""): (d["title"], d["text"], d.get("boost"))
                    for d in docs}  # fmt: skip

        online, offline = documents(served), documents(inlined)
        assert online.keys() == offline.keys(), edition
        differ = [where for where in online if online[where] != offline[where]]
        assert len(differ) <= 2, differ
        assert all(built_site.url in str(online[where][1]) for where in differ), differ


@pytest.mark.parametrize(("query", "right"), OFFLINE_QUERIES)
def test_search_offline(
    offline_search: tuple[Page, str], query: str, right: tuple[str, ...]
) -> None:
    """From file:// in the offline bundle the right page is the first result too."""
    _check(_typed_hits(offline_search[0], query, offline_search[1]), right)


@pytest.mark.parametrize("query", ["3", "v", "1"])
def test_one_character_prefixes_find_pages(online_search: tuple[Page, str], query: str) -> None:
    """A bare digit or letter still finds pages (glued table-cell words once broke lunr)."""
    assert len(_typed_hits(online_search[0], query, online_search[1])) >= 4


@pytest.mark.parametrize(
    ("typed", "sent"),
    [
        ("NVIDIA A100-SXM4-80GB", "NVIDIA A100 SXM4 80GB"),
        ("昇腾-910B", "昇腾 910B"),
        ("fp8 -sparse", "fp8 -sparse"),  # a hyphen that starts a word stays lunr's NOT
        ("NVIDIA A100-SXM4-", "NVIDIA A100 SXM4 "),  # a prefix typed on the way to the name
        ("a- b", "a  b"),
    ],
)
def test_inner_hyphens_become_spaces(
    online_search: tuple[Page, str], typed: str, sent: str
) -> None:
    """The page's query rewrite turns only a hyphen after a letter or digit into a space."""
    page = online_search[0]
    assert page.evaluate("() => Worker.prototype.__xpurefQuery === true")
    assert page.evaluate("t => window.xpurefSearchQuery(t)", typed) == sent


def test_hyphenated_driver_name_ranks_like_the_spaced_one(
    online_search: tuple[Page, str],
) -> None:
    """'A100-SXM4-40GB' as nvidia-smi prints it gives the same first hits as 'A100 SXM4 40GB'."""
    page, base = online_search
    hyphenated = _typed_hits(page, "A100-SXM4-40GB", base)
    spaced = _typed_hits(page, "A100 SXM4 40GB", base)
    assert hyphenated[0] == "devices/nvidia-a100-sxm4-40gb", hyphenated
    assert hyphenated[:3] == spaced[:3]


#: The theme's settings in a built page (among them the address of its search worker script).
_CONFIG = re.compile(r'<script id="__config" type="application/json">(.*?)</script>', re.S)


def _load_worker_lunr(page: Page, site: BuiltSite) -> None:
    """Run the site's own search worker script in the page, which leaves its lunr on `window`.

    The page is an address of the site with no page (the test server's short error page), so
    the theme, whose worker would index the whole site first, never starts."""
    found = _CONFIG.search((site.root / "index.html").read_text(encoding="utf-8"))
    assert found, "the home page holds the theme's settings"
    src: str = json.loads(found.group(1))["search"]
    page.goto(site.url + NO_PAGE)
    page.add_script_tag(url=site.url + src.lstrip("/"))
    page.wait_for_function("() => window.lunr && window.lunr.TokenSet")


def test_worker_keys_states_apart_where_digit_labels_collide(
    built_site: BuiltSite, page: Page
) -> None:
    """One edge '2' to state 481 and edges '2' to 4 plus '8' to 1 must not share a key.

    lunr writes labels and ids end to end, so both read "02481"; minimisation then merged them.
    """
    _load_worker_lunr(page, built_site)
    keys = page.evaluate(
        """() => {
            const T = window.lunr.TokenSet;
            const leaf = id => { const n = new T(); n.id = id; return n; };
            const a = new T(), b = new T();
            a.edges['2'] = leaf(481);
            b.edges['2'] = leaf(4); b.edges['8'] = leaf(1);
            const glued = n => (n.final ? '1' : '0') + Object.keys(n.edges).sort()
                .map(k => k + n.edges[k].id).join('');
            return [a.toString(), b.toString(), glued(a), glued(b)];
        }"""
    )
    assert keys[2] == keys[3] == "02481"  # the collision the unpatched key makes
    assert keys[0] != keys[1]


def test_worker_automaton_holds_exactly_the_indexed_words(
    built_site: BuiltSite, page: Page
) -> None:
    """Over the real search index, wildcard expansion can only reach words the index holds."""
    _load_worker_lunr(page, built_site)
    bogus, missing, total = page.evaluate(
        """async index => {
            const data = await (await fetch(index)).json();
            const lunr = window.lunr, strip = s => s.replace(/<[^>]+>/g, ' ');
            lunr.tokenizer.separator = new RegExp(data.config.separator);
            lunr.TokenSet._nextId = 0;  // a fresh worker numbers its states from 0
            const idx = lunr(function () {
                this.ref('location'); this.field('title'); this.field('text');
                this.pipeline.reset(); this.pipeline.add(lunr.trimmer, lunr.stopWordFilter);
                this.searchPipeline.reset();
                for (const d of data.docs) {
                    this.add({location: d.location, title: strip(d.title), text: strip(d.text)});
                }
            });
            const words = new Set(idx.tokenSet.toArray()), keys = Object.keys(idx.invertedIndex);
            return [[...words].filter(w => !(w in idx.invertedIndex)),
                    keys.filter(k => !words.has(k)), keys.length];
        }""",
        built_site.url + "search/search_index.json",
    )
    assert total > 5000
    assert bogus == [] and missing == []
