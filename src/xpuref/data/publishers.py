"""The publisher registry: which sites a source may come from, and how far each is trusted."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import Field

from xpuref.data.base import LongText, Strict, Text
from xpuref.data.urls import parse_url

__all__ = ["CITABLE_TIERS", "TIERS", "Publisher", "PublishersFile", "Registry", "Tier"]

Tier = Literal["vendor", "vendor-copy", "reference", "other", "refused"]
#: Tiers in order of trust; "refused" sites may not be cited at all.
TIERS: tuple[str, ...] = ("vendor", "vendor-copy", "reference", "other", "refused")
#: Tiers that may back a figure on their own.
CITABLE_TIERS: frozenset[str] = frozenset({"vendor", "vendor-copy", "reference"})

Site = Annotated[
    str, Field(pattern=r"^[a-z0-9-]+(\.[a-z0-9-]+)+(/[A-Za-z0-9._~-]+)*$", max_length=200)
]


class Publisher(Strict):
    """A site (host, or host plus path prefix for shared hosts) with its tier and why."""

    site: Site
    name: Text
    tier: Tier
    reason: LongText
    #: For a ``vendor`` site: the makers (vendor ids) whose own word it is. A vendor site cited
    #: for another maker's device (PyTorch's table of NVIDIA figures, say) counts as a reference.
    makers: list[Text] = []


class PublishersFile(Strict):
    """The whole publishers.yaml."""

    publishers: Annotated[list[Publisher], Field(min_length=1)]


def _host_and_path(url: str) -> tuple[str, str]:
    """The host without 'www.' and the path of an address, as a browser reads them.

    An address the one URL parser refuses has no publisher at all (host and path empty).
    """
    try:
        parts = parse_url(url)
    except ValueError:
        return "", ""
    return parts.host.removeprefix("www."), parts.path


@dataclass(frozen=True)
class Registry:
    """Publishers by site, looked up by the most specific site that matches an address."""

    publishers: tuple[Publisher, ...]
    _index: dict[str, list[Publisher]] = field(init=False, repr=False, compare=False)
    _seen: dict[str, Publisher | None] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Index by host for lookups in constant time per candidate."""
        index: dict[str, list[Publisher]] = {}
        for pub in self.publishers:
            index.setdefault(pub.site.split("/", 1)[0], []).append(pub)
        object.__setattr__(self, "_index", index)
        object.__setattr__(self, "_seen", {})

    def _candidates(self, host: str) -> Iterable[Publisher]:
        """Publishers registered for this host or any parent domain of it."""
        index: dict[str, list[Publisher]] = self._index
        labels = host.split(".")
        for start in range(len(labels) - 1):
            yield from index.get(".".join(labels[start:]), [])

    def lookup(self, url: str) -> Publisher | None:
        """The registered publisher of an address, or None when its site is not registered."""
        if url not in self._seen:
            self._seen[url] = self._find(url)
        return self._seen[url]

    def tier_for(self, url: str, maker: str | None) -> Tier | None:
        """The tier of an address as a source for a device or system made by ``maker``.

        A ``vendor`` site that names its makers is the vendor's word only for their parts;
        for anyone else's it is a reference (it then traces only through what it cites).
        An unknown maker (None) leaves the site's tier as registered.
        """
        pub = self.lookup(url)
        if pub is None:
            return None
        if pub.tier == "vendor" and pub.makers and maker is not None and maker not in pub.makers:
            return "reference"
        return pub.tier

    def _find(self, url: str) -> Publisher | None:
        """The most specific registered site matching an address."""
        host, path = _host_and_path(url)
        best: Publisher | None = None
        best_len = -1
        for pub in self._candidates(host):
            site_host, _, prefix = pub.site.partition("/")
            if prefix and not (path.lower() + "/").startswith(f"/{prefix.lower()}/"):
                continue
            length = len(site_host) + (len(prefix) + 1 if prefix else 0)
            if length > best_len:
                best, best_len = pub, length
        return best
