"""Which pages a browser crawl opens: every page made from its own source, and a sample of
the pages made from one template per record.

Device pages share one template; what changes their layout is the shape of their record (its
vendor and kind, a multi-chip card, MIG slices). A crawl opens the richest page (the largest
file) of each shape, in both editions; the tests that read HTML without a browser still read
every page.

Some checks run the same script on every page with inputs the HTML tests read on every page
(the language switch, the offline bundle's relative links): for those one page per kind is
enough, where a kind is an edition, a top-level section and a depth (``kind_sample``).

axe checks every page whose article holds something the site's scripts build or drive, and of
the plain written pages (one template, Markdown articles) enough that every kind of element
any of their articles holds is checked on at least one page (``kind_cover``); the other plain
pages are read without a browser for the problems that belong to one element, not to a kind
(``read_article``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

from xpuref.data.dataset import Dataset

#: Top folders that hold no article pages.
_NOT_PAGES = ("search", "assets", "data")


def _shape(device: object, *, by_vendor: bool = True) -> tuple[object, ...]:
    """What sets a device page's layout: vendor (unless left out), kind, several chips or
    visible devices, MIG."""
    chips = getattr(device, "chips_per_package", None) or 1
    visible = getattr(device, "visible_devices", None) or 1
    return (
        getattr(device, "vendor", None) if by_vendor else None,
        getattr(device, "kind", None),
        chips > 1 or visible > 1,
        bool(getattr(device, "mig", None)),
    )


def device_sample(root: Path, ds: Dataset, *, by_vendor: bool = True) -> list[str]:
    """One device id per record shape (``_shape``): the one whose built page is the largest."""
    best: dict[tuple[object, ...], tuple[int, str]] = {}
    for device in ds.sorted_devices():
        html = root / "devices" / device.id / "index.html"
        if not html.is_file():
            html = root / "devices" / f"{device.id}.html"  # the offline bundle's URL style
        if not html.is_file():
            continue
        size = html.stat().st_size
        key = _shape(device, by_vendor=by_vendor)
        if key not in best or size > best[key][0]:
            best[key] = (size, device.id)
    return sorted(device_id for _, device_id in best.values())


def is_redirect(html: Path) -> bool:
    """A former id's page: it only moves the reader on, and has no layout of its own."""
    with html.open(encoding="utf-8", errors="replace") as fh:
        return 'http-equiv="refresh"' in fh.read(2000)


def all_pages(root: Path) -> list[str]:
    """Every article page of a built site (both editions), as a path relative to the root."""
    found = []
    for html in sorted(root.rglob("*.html")):
        relative = html.relative_to(root).as_posix()
        parts = relative.split("/")
        top = parts[1] if parts[0] == "zh" and len(parts) > 1 else parts[0]
        if top in _NOT_PAGES or is_redirect(html):
            continue
        found.append(relative)
    return found


def _device_id(relative: str) -> str | None:
    """The device a page shows (devices/ID/index.html or devices/ID.html), else None."""
    parts = relative.split("/")
    if parts[0] != "devices" or len(parts) < 2 or parts[1] == "index.html":
        return None
    return parts[1].removesuffix(".html")


def crawl_pages(
    root: Path,
    ds: Dataset,
    *,
    editions: Iterable[str] = ("", "zh/"),
    vendor_shapes: Iterable[str] = ("", "zh/"),
) -> list[str]:
    """Pages a browser crawl opens: all but device pages, and the device sample, per edition
    (one device per shape with its vendor in the editions named by ``vendor_shapes``, one per
    shape less the vendor in the others)."""
    samples = {
        edition: set(device_sample(root, ds, by_vendor=edition in set(vendor_shapes)))
        for edition in ("", "zh/")
    }
    chosen = []
    for relative in all_pages(root):
        prefix = "zh/" if relative.startswith("zh/") else ""
        if prefix not in editions:
            continue
        if _device_id(relative.removeprefix(prefix)) not in samples[prefix] | {None}:
            continue
        chosen.append(relative)
    return chosen


def styled(article: Article) -> bool:
    """Whether an element of the article carries its own inline style (a width, say)."""
    return any("style" in kind.rsplit("[", 1)[1].rstrip("]").split(",") for kind in article.kinds)


def plain_cover(
    root: Path,
    pages: Iterable[str],
    *,
    keep: Callable[[str], bool],
    plain: Callable[[str, Article], bool] | None = None,
) -> tuple[list[str], dict[str, Article]]:
    """Of ``pages`` (paths relative to ``root``), those a crawl opens, and every page's article.

    A crawl opens the pages ``keep`` names, those whose article holds a scripted widget or an
    inline style (unless ``plain`` counts the page as plain all the same), and of the other
    (plain) pages enough that every kind of element any of them holds is opened on at least one
    page (``kind_cover``), in the order given."""
    pages = list(pages)
    articles = {p: _file_article(_html_file(root, p)) for p in pages}
    always = [
        p
        for p in pages
        if keep(p)
        or (
            (articles[p].scripted or styled(articles[p]))
            and not (plain is not None and plain(p, articles[p]))
        )
    ]
    chosen = set(always) | set(kind_cover(articles, always))
    return [p for p in pages if p in chosen], articles


def _html_file(root: Path, relative: str) -> Path:
    """The HTML file behind a page path (``x/`` is ``x/index.html``)."""
    return root / (relative + "index.html" if relative.endswith("/") or not relative else relative)


def page_kind(relative: str) -> tuple[str, str, int]:
    """A page's kind: its edition, its top-level section and how deep it sits."""
    edition = "zh/" if relative.startswith("zh/") else ""
    parts = relative.removeprefix(edition).removesuffix("index.html").strip("/").split("/")
    parts = [p for p in parts if p]
    return (edition, parts[0].removesuffix(".html") if parts else "", len(parts))


def kind_sample(root: Path, pages: Iterable[str]) -> list[str]:
    """One page per kind (``page_kind``): the largest file of each, in the order given."""
    pages = list(pages)
    best: dict[tuple[str, str, int], tuple[int, str]] = {}
    for relative in pages:
        size = _html_file(root, relative).stat().st_size
        key = page_kind(relative)
        if key not in best or size > best[key][0]:
            best[key] = (size, relative)
    chosen = {relative for _, relative in best.values()}
    return [p for p in pages if p in chosen]


#: Form controls: in an article only the site's scripts give them something to do.
_CONTROLS = frozenset({"input", "select", "button", "textarea", "form"})
#: Ids every article carries (the layout strings the shared script reads), not a widget.
_SHARED_IDS = frozenset({"xpuref-layout-text", "xpuref-layout-text-json"})
#: Attributes that change what assistive technology or the palette makes of an element.
_KIND_ATTRIBUTES = ("role", "tabindex", "style")
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                   "source", "track", "wbr"})  # fmt: skip


@dataclass(frozen=True)
class Article:
    """What a page's article holds, as read from its HTML."""

    #: a widget the site's scripts build or drive (a data attribute, an id, a form control)
    scripted: bool
    kinds: frozenset[str]  #: every kind of element: tag, classes, and the attributes that matter
    problems: tuple[str, ...]  #: problems of single elements a reader would meet without a browser
    controls: bool = False  #: a form control (its labels and options are words set on one line)
    styles: frozenset[str] = frozenset()  #: the inline styles of its elements, as written


@dataclass
class _Open:
    """An element still open while the article is read: its tag and the text it has so far."""

    tag: str
    name: str  # what names it besides its text (alt, aria-label, title)
    text: list[str] = field(default_factory=list)


class _ArticleReader(HTMLParser):
    """Collects an article's element kinds, scripted widgets and one-element problems, and the
    page's ids."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.scripted = False
        self.controls = False
        self.styles: set[str] = set()
        self.kinds: set[str] = set()
        self.problems: list[str] = []
        self.ids: set[str] = set()
        self.open: list[_Open] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Note the element's kind, and what it says about widgets and names."""
        a = {k: v or "" for k, v in attrs}
        if a.get("id"):
            if a["id"] in self.ids:
                self.problems.append(f"id {a['id']!r} is used twice")
            self.ids.add(a["id"])
        if tag == "article":
            self.depth += 1
        if not self.depth:
            return
        classes = ".".join(sorted(a.get("class", "").split()))
        marks = sorted(k for k in a if k.startswith("aria-") or k in _KIND_ATTRIBUTES)
        self.kinds.add(f"{tag}.{classes}[{','.join(marks)}]")
        own_id = a.get("id", "")
        if tag in _CONTROLS:
            self.controls = True
        if "style" in a:
            self.styles.add(a["style"])
        if (
            tag in _CONTROLS
            or any(k.startswith("data-") for k in a)
            or (own_id.startswith("xpuref-") and own_id not in _SHARED_IDS)
        ):
            self.scripted = True
        if tag == "img" and "alt" not in a:
            self.problems.append(f"image {a.get('src', '')!r} has no alt text")
        named = " ".join(a.get(k, "") for k in ("aria-label", "title")).strip()
        if tag == "img" and a.get("alt") and self.open:
            self.open[-1].text.append(a["alt"])
        if tag not in _VOID:
            self.open.append(_Open(tag, named))

    def handle_endtag(self, tag: str) -> None:
        """Check that a link, button or heading closing now has a name."""
        if tag == "article" and self.depth:
            self.depth -= 1
        while self.open:
            element = self.open.pop()
            if element.tag == tag:
                break
        else:
            return
        named = element.name or "".join(element.text).strip()
        if not named and (tag in ("a", "button") or tag in ("h1", "h2", "h3", "h4", "h5", "h6")):
            self.problems.append(f"a <{tag}> with nothing that names it")
        if self.open:
            self.open[-1].text.extend(element.text)

    def handle_data(self, data: str) -> None:
        """Text belongs to the innermost open element."""
        if self.open:
            self.open[-1].text.append(data)


def _file_article(file: Path) -> Article:
    """The article of a built page, read once per process for each version of the file (the
    crawls of one worker share a site, and so the pages they read)."""
    stat = file.stat()
    return _read_file_article(file, stat.st_mtime_ns, stat.st_size)


@cache
def _read_file_article(file: Path, mtime_ns: int, size: int) -> Article:
    """``read_article`` of a file, cached under its path, modification time and size."""
    return read_article(file.read_text(encoding="utf-8"))


def read_article(html: str) -> Article:
    """Read a page's article: its kinds of element, whether it holds a scripted widget, and
    its one-element problems (duplicate ids are looked for in the whole page)."""
    reader = _ArticleReader()
    reader.feed(html)
    reader.close()
    return Article(
        reader.scripted,
        frozenset(reader.kinds),
        tuple(reader.problems),
        reader.controls,
        frozenset(reader.styles),
    )


def kind_cover(articles: dict[str, Article], checked: Iterable[str]) -> list[str]:
    """The pages to check beside ``checked`` so that every kind of element of every article is
    on a checked page: each time the page that adds most kinds not yet checked (the first such
    page on a tie), until none is left."""
    covered: set[str] = set()
    for relative in checked:
        covered |= articles[relative].kinds if relative in articles else set()
    left = set().union(*(a.kinds for a in articles.values())) - covered
    chosen: list[str] = []
    while left:
        best = max(articles, key=lambda p: len(articles[p].kinds & left))
        chosen.append(best)
        left -= articles[best].kinds
    return chosen
