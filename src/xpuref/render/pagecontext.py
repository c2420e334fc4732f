"""What a page macro knows about the build and the page it renders into."""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from dataclasses import dataclass, field

from xpuref.data.dataset import Dataset
from xpuref.data.version import DataVersion
from xpuref.views.urls import page_url, relative_url

__all__ = ["BUNDLE_PATH", "ENGLISH_SITE", "PageContext", "Published"]

#: Where a site built with its offline bundle publishes the zip.
BUNDLE_PATH = "downloads/xpuref-offline.zip"


@dataclass(frozen=True)
class Published:
    """Where a generated page is published: the public address, URL style and language."""

    site_url: str = ""
    directory_urls: bool = True
    language: str = "en"


#: The English edition with no public address and directory URLs (MkDocs' default).
ENGLISH_SITE = Published()


@dataclass(frozen=True)
class PageContext:
    """The catalog, the data version, and where the current page sits in the site."""

    catalog: Dataset
    version: DataVersion
    page_url: str
    directory_urls: bool
    site_url: str = ""
    #: Where this page's edition sits below the site root ("" or "zh/"): links to pages stay
    #: in the edition, links to static files (one copy for both) do not.
    edition: str = ""
    #: Size in bytes of the offline zip this build publishes at BUNDLE_PATH (0: none).
    bundle_bytes: int = 0
    #: Written pages' titles by source path (``guides/storage.md``), where the build knows them.
    titles: Mapping[str, str] = field(default_factory=dict)

    @property
    def language(self) -> str:
        """The language of this page's edition: "en", or the edition's folder name ("zh")."""
        return self.edition.strip("/") or "en"

    def link_to_page(self, src_uri: str) -> str:
        """Relative link from this page to another Markdown page (``devices/x.md``)."""
        target = self.edition + page_url(src_uri, self.directory_urls)
        return relative_url(self.page_url, target)

    def link_to_file(self, path: str) -> str:
        """Relative link from this page to a static file (``assets/js/x.js``)."""
        here = self.page_url if self.page_url.endswith("/") else posixpath.dirname(self.page_url)
        rel = posixpath.relpath(path, here.rstrip("/") or ".")
        return rel
