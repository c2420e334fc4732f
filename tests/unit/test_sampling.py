"""The crawl sampler (tests/sampling.py): one page per edition, section and depth."""

from __future__ import annotations

from pathlib import Path

from tests.sampling import (
    Article,
    device_sample,
    kind_cover,
    kind_sample,
    page_kind,
    plain_cover,
    read_article,
    styled,
)


def _page(root: Path, relative: str, size: int) -> str:
    """Write a page of ``size`` bytes at ``relative`` (``x/`` is ``x/index.html``)."""
    path = root / (relative + "index.html" if relative.endswith("/") or not relative else relative)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("x" * size, encoding="utf-8")
    return relative


def test_a_kind_is_edition_section_and_depth() -> None:
    """Index files and trailing slashes do not change a page's kind; zh/ is its own edition."""
    assert page_kind("") == page_kind("index.html") == ("", "", 0)
    assert page_kind("guides/") == page_kind("guides/index.html") == ("", "guides", 1)
    assert page_kind("guides/storage/") == ("", "guides", 2)
    assert page_kind("devices/x.html") == ("", "devices", 2)  # the bundle's address style
    assert page_kind("zh/guides/storage/") == ("zh/", "guides", 2)


def test_the_sample_keeps_the_largest_page_of_each_kind_in_order(tmp_path: Path) -> None:
    """Each kind is kept once, by its largest file, in the order the pages came in."""
    pages = [
        _page(tmp_path, "", 10),
        _page(tmp_path, "guides/", 10),
        _page(tmp_path, "guides/a/", 30),
        _page(tmp_path, "guides/b/", 50),
        _page(tmp_path, "guides/c/", 40),
        _page(tmp_path, "zh/guides/a/", 5),
        _page(tmp_path, "devices/h100.html", 7),
    ]
    assert kind_sample(tmp_path, pages) == [
        "",
        "guides/",
        "guides/b/",
        "zh/guides/a/",
        "devices/h100.html",
    ]


def _article(body: str, outside: str = "") -> str:
    """A page whose article holds ``body``, with ``outside`` in its frame."""
    return f"<html><body><header>{outside}</header><article>{body}</article></body></html>"


def test_an_article_is_read_for_kinds_and_widgets() -> None:
    """Kinds are tag, classes and the attributes that matter; the frame is not read; a data
    attribute, an own xpuref id or a form control makes the article scripted, the shared
    layout strings do not."""
    plain = read_article(
        _article(
            '<p>a <code class="b a">x</code></p><div role="note" style="c">n</div>'
            '<script id="xpuref-layout-text">{}</script>',
            '<nav class="x">frame</nav>',
        )
    )
    assert plain.kinds == {
        "article.[]", "p.[]", "code.a.b[]", "div.[role,style]", "script.[]",
    }  # fmt: skip
    assert not plain.scripted and plain.problems == ()
    for widget in ('<div data-calc="x"></div>', '<div id="xpuref-trends"></div>', "<select>"):
        assert read_article(_article(widget)).scripted, widget


def test_one_element_problems_are_found() -> None:
    """A missing alt, a link, button or heading with no name, and a reused id are reported;
    a link named by its image or its title, and an empty alt on a decorative image, are not."""
    found = read_article(
        _article(
            '<img src="a.png"><a href="/x"> </a><button></button><h2><span></span></h2>'
            '<p id="k">1</p><p id="k">2</p>'
            '<a href="/y"><img src="y.png" alt="Y"></a><a href="/z" title="Z"></a>'
            '<img src="d.png" alt=""><h3>Title<a class="headerlink" href="#t">¶</a></h3>'
        )
    ).problems
    assert found == (
        "image 'a.png' has no alt text",
        "a <a> with nothing that names it",
        "a <button> with nothing that names it",
        "a <h2> with nothing that names it",
        "id 'k' is used twice",
    )


def test_the_cover_adds_pages_until_every_kind_is_checked() -> None:
    """Kinds already on checked pages need nothing; the page adding most new kinds comes first."""
    kinds = {
        "a": {"p", "table"},
        "b": {"p", "table", "img", "pre"},
        "c": {"p", "dl"},
        "d": {"p"},
    }
    articles = {k: Article(False, frozenset(v), ()) for k, v in kinds.items()}
    assert kind_cover(articles, ["d"]) == ["b", "c"]
    assert kind_cover(articles, ["b", "c"]) == []
    assert kind_cover(articles, []) == ["b", "c"]


def test_device_shapes_with_and_without_the_vendor(tmp_path: Path) -> None:
    """By vendor, each vendor's kind is a shape of its own; without it, the largest page of a
    kind stands for every vendor's."""
    from types import SimpleNamespace

    devices = [
        SimpleNamespace(id="a1", vendor="a", kind="gpu"),
        SimpleNamespace(id="a2", vendor="a", kind="gpu"),
        SimpleNamespace(id="b1", vendor="b", kind="gpu"),
        SimpleNamespace(id="b2", vendor="b", kind="npu", mig=["1g"]),
    ]
    for size, device in zip((5, 9, 20, 3), devices, strict=True):
        _page(tmp_path, f"devices/{device.id}/", size)
    ds = SimpleNamespace(sorted_devices=lambda: devices)
    assert device_sample(tmp_path, ds) == ["a2", "b1", "b2"]  # type: ignore[arg-type]
    assert device_sample(tmp_path, ds, by_vendor=False) == ["b1", "b2"]  # type: ignore[arg-type]


def _written(root: Path, relative: str, body: str) -> str:
    """Write a page whose article is ``body``."""
    path = root / relative / "index.html"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"<html><body><article>{body}</article></body></html>", encoding="utf-8")
    return f"{relative}/"


def test_an_inline_style_is_noticed_wherever_it_sits_among_the_marks() -> None:
    """``styled`` finds a style attribute alone or beside role, aria and tabindex marks."""
    assert styled(read_article("<article><p style='width:900px'>x</p></article>"))
    assert styled(read_article("<article><div role=note style='x' tabindex=0>x</div></article>"))
    assert styled(read_article("<article><div aria-label=a style='x'>x</div></article>"))
    assert not styled(read_article("<article><div role=note tabindex=0>x</div></article>"))


def test_plain_cover_opens_kept_scripted_styled_and_covering_pages(tmp_path: Path) -> None:
    """Kept, scripted and styled pages are opened; of the plain ones only those adding a kind
    of element not yet opened, in the order given."""
    pages = [
        _written(tmp_path, "keep", "<p>k</p>"),
        _written(tmp_path, "plain-a", "<p>a</p><table><tr><td>1</td></tr></table>"),
        _written(tmp_path, "plain-b", "<p>b</p>"),
        _written(tmp_path, "widget", "<div data-chart='x'>w</div>"),
        _written(tmp_path, "styled", "<p style='width:800px'>s</p>"),
        _written(tmp_path, "plain-c", "<table><tr><td>2</td></tr></table><pre>c</pre>"),
    ]
    opened, articles = plain_cover(tmp_path, pages, keep=lambda p: p == "keep/")
    assert opened == ["keep/", "widget/", "styled/", "plain-c/"]
    assert set(articles) == set(pages)
    left = set(pages) - set(opened)
    seen = set().union(*(articles[p].kinds for p in opened))
    assert left == {"plain-a/", "plain-b/"} and all(articles[p].kinds <= seen for p in left)


def test_a_page_counted_plain_is_covered_like_a_plain_page(tmp_path: Path) -> None:
    """``plain`` lets a scripted or styled page be read instead when another opened page holds
    its kinds; a page with a form control says so (``controls``)."""
    pages = [
        _written(tmp_path, "twin", "<div data-chart='x'>w</div><p style='width:1px'>s</p>"),
        _written(tmp_path, "zh/twin", "<div data-chart='x'>字</div><p style='width:1px'>s</p>"),
        _written(tmp_path, "zh/form", "<form><select><option>一</option></select></form>"),
    ]
    opened, articles = plain_cover(
        tmp_path,
        pages,
        keep=lambda p: p == "twin/",
        plain=lambda p, a: p == "zh/twin/" and not a.controls,
    )
    assert opened == ["twin/", "zh/form/"]
    assert articles["zh/form/"].controls and not articles["zh/twin/"].controls
    assert articles["zh/twin/"].scripted and styled(articles["zh/twin/"])
    assert articles["zh/twin/"].styles == {"width:1px"} and articles["zh/form/"].styles == set()
    everything_kept, _ = plain_cover(tmp_path, pages, keep=lambda p: p == "twin/")
    assert everything_kept == pages
