"""Which pages a browser crawl opens: every page made from its own source, and a sample of
the pages made from one template per record.

Device pages share one template; what changes their layout is the shape of their record (its
vendor and kind, a multi-chip card, MIG slices). A crawl opens the richest page (the largest
file) of each shape, in both editions; the tests that read HTML without a browser still read
every page.

Some checks run the same script on every page with inputs the HTML tests read on every page
(the language switch, the offline bundle's relative links): for those one page per kind is
enough, where a kind is an edition, a top-level section and a depth (``kind_sample``).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from xpuref.data.dataset import Dataset

#: Top folders that hold no article pages.
_NOT_PAGES = ("search", "assets", "data")


def _shape(device: object) -> tuple[object, ...]:
    """What sets a device page's layout: vendor, kind, several chips or visible devices, MIG."""
    chips = getattr(device, "chips_per_package", None) or 1
    visible = getattr(device, "visible_devices", None) or 1
    return (
        getattr(device, "vendor", None),
        getattr(device, "kind", None),
        chips > 1 or visible > 1,
        bool(getattr(device, "mig", None)),
    )


def device_sample(root: Path, ds: Dataset) -> list[str]:
    """One device id per record shape: the one whose built page is the largest."""
    best: dict[tuple[object, ...], tuple[int, str]] = {}
    for device in ds.sorted_devices():
        html = root / "devices" / device.id / "index.html"
        if not html.is_file():
            html = root / "devices" / f"{device.id}.html"  # the offline bundle's URL style
        if not html.is_file():
            continue
        size = html.stat().st_size
        key = _shape(device)
        if key not in best or size > best[key][0]:
            best[key] = (size, device.id)
    return sorted(device_id for _, device_id in best.values())


def _is_redirect(html: Path) -> bool:
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
        if top in _NOT_PAGES or _is_redirect(html):
            continue
        found.append(relative)
    return found


def _device_id(relative: str) -> str | None:
    """The device a page shows (devices/ID/index.html or devices/ID.html), else None."""
    parts = relative.split("/")
    if parts[0] != "devices" or len(parts) < 2 or parts[1] == "index.html":
        return None
    return parts[1].removesuffix(".html")


def crawl_pages(root: Path, ds: Dataset, *, editions: Iterable[str] = ("", "zh/")) -> list[str]:
    """Pages a browser crawl opens: all but device pages, and the device sample, per edition."""
    sample = set(device_sample(root, ds))
    chosen = []
    for relative in all_pages(root):
        prefix = "zh/" if relative.startswith("zh/") else ""
        if prefix not in editions:
            continue
        if _device_id(relative.removeprefix(prefix)) not in sample | {None}:
            continue
        chosen.append(relative)
    return chosen


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
