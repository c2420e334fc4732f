"""The tests' site server (tests/serve_site.py): the search index is empty unless asked for."""

from __future__ import annotations

import functools
import http.server
import json
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.serve_site import SEARCH_COOKIE, _QuietHandler

INDEX = {"config": {"lang": ["en"], "separator": "[ ]+"}, "docs": [{"location": "a/", "text": "x"}]}


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """A folder with a page and an edition's search index, served on a free loopback port."""
    for edition in ("", "zh/"):
        (tmp_path / edition / "search").mkdir(parents=True)
        (tmp_path / edition / "search/search_index.json").write_text(json.dumps(INDEX))
    (tmp_path / "index.html").write_text("<p>home</p>")
    handler = functools.partial(_QuietHandler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def _get(url: str, cookie: str = "") -> tuple[bytes, str]:
    """The body and Cache-Control header of a GET."""
    request = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    with urllib.request.urlopen(request) as response:
        return response.read(), response.headers.get("Cache-Control", "")


@pytest.mark.parametrize("edition", ["", "zh/"])
def test_the_index_has_no_documents_without_the_cookie(served: str, edition: str) -> None:
    """Without the cookie the index keeps its config and loses its documents, and is not kept."""
    body, cache = _get(served + edition + "search/search_index.json", "other=1")
    assert json.loads(body) == {"config": INDEX["config"], "docs": []}
    assert cache == "no-store"


def test_the_cookie_brings_the_real_index(served: str) -> None:
    """With the search cookie the file is served as it is; other files never change."""
    name, value = SEARCH_COOKIE
    body, cache = _get(served + "search/search_index.json", f"a=b; {name}={value}")
    assert json.loads(body) == INDEX
    assert cache == "no-store"
    assert _get(served, "")[0] == b"<p>home</p>"
    body, _ = _get(served + "search/search_index.json", f"{name}=0")
    assert json.loads(body)["docs"] == []
