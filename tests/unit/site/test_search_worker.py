"""The search worker patch: added once, before the source-map line, and refused on a wrong tree."""

from __future__ import annotations

from pathlib import Path

import pytest

from xpuref.site.search_worker import MARKER, PATCH, SearchWorkerError, patch_search_worker

_WORKER = (
    "(()=>{var Y={default:{}};self.lunr=Y.default;addEventListener('message',()=>{});})();"
    "class U{search(e){return[...fe(e,this.index.invertedIndex)].join('* ')}}\n"
)
#: The worker as patched: the theme's cut of a Chinese run goes through the patch's check.
_PATCHED = _WORKER.replace(
    "[...fe(e,this.index.invertedIndex)]", "[...self.__xpurefHan(e,this.index,fe)]"
)
_MAP = "//# sourceMappingURL=search.abc.min.js.map\n"


def _site(tmp_path: Path, *names: str, body: str = _WORKER + _MAP) -> Path:
    """A site folder whose workers folder holds the named scripts."""
    workers = tmp_path / "assets" / "javascripts" / "workers"
    workers.mkdir(parents=True)
    for name in names:
        (workers / name).write_text(body, encoding="utf-8")
    return tmp_path


def test_patch_goes_after_the_worker_code_and_before_the_map_line(tmp_path: Path) -> None:
    """The keying fix runs after `self.lunr` is set; the source-map comment stays last."""
    site = _site(tmp_path, "search.abc.min.js", "search.abc.min.js.map")
    worker = patch_search_worker(site)
    text = worker.read_text(encoding="utf-8")
    assert worker.name == "search.abc.min.js"
    assert text == _PATCHED + PATCH + _MAP
    assert text.index("self.lunr=Y.default") < text.index(MARKER) < text.index("sourceMappingURL")


def test_patching_twice_changes_nothing(tmp_path: Path) -> None:
    """A rebuild over the same folder keeps one copy of the patch."""
    site = _site(tmp_path, "search.abc.min.js")
    first = patch_search_worker(site).read_text(encoding="utf-8")
    second = patch_search_worker(site).read_text(encoding="utf-8")
    assert first == second and first.count(MARKER) == 1


def test_a_worker_without_a_map_line_gets_the_patch_at_the_end(tmp_path: Path) -> None:
    """Without a source-map comment the patch is simply appended."""
    site = _site(tmp_path, "search.abc.min.js", body=_WORKER)
    assert patch_search_worker(site).read_text(encoding="utf-8") == _PATCHED + PATCH


@pytest.mark.parametrize("names", [(), ("search.a.min.js", "search.b.min.js")])
def test_no_worker_or_two_workers_are_refused(tmp_path: Path, names: tuple[str, ...]) -> None:
    """The build stops rather than guess which worker the pages load."""
    with pytest.raises(SearchWorkerError, match="expected one search worker"):
        patch_search_worker(_site(tmp_path, *names))


def test_a_worker_that_hides_lunr_is_refused(tmp_path: Path) -> None:
    """If a theme update stops exposing lunr, the build says so instead of shipping the bug."""
    site = _site(tmp_path, "search.abc.min.js", body="(()=>{})();\n")
    with pytest.raises(SearchWorkerError, match=r"no longer exposes self\.lunr"):
        patch_search_worker(site)


def test_a_worker_without_the_chinese_cut_is_refused(tmp_path: Path) -> None:
    """If a theme update changes how it cuts Chinese queries, the build says so."""
    body = _WORKER.replace("this.index.invertedIndex", "this.words")
    with pytest.raises(SearchWorkerError, match="Chinese query segmentation"):
        patch_search_worker(_site(tmp_path, "search.abc.min.js", body=body))
