"""The reused tab (tests/browser_tabs.py): what one test stores or sets does not reach the next."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from tests.browser_tabs import TabPool
from tests.conftest import NO_PAGE
from tests.shared_sites import BuiltSite

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser


def _lent(pool: TabPool) -> tuple[Page, Iterator[Page]]:
    """Borrow a tab from the pool; return it with the loan (to be finished with next())."""
    loan = pool.lend()
    return next(loan), loan


def _finish(loan: Iterator[Page]) -> None:
    """End a loan as pytest ends a fixture (reset or close the tab)."""
    with pytest.raises(StopIteration):
        next(loan)


def test_storage_and_media_are_forgotten_between_tests(
    tab_pool: TabPool, built_site: BuiltSite
) -> None:
    """Local and session storage set by one test, and its colour scheme, are gone for the next;
    the tab itself is the same one."""
    first, loan = _lent(tab_pool)
    first.emulate_media(color_scheme="dark")
    first.goto(built_site.url)
    first.evaluate("() => { localStorage.setItem('k', 'v'); sessionStorage.setItem('s', 'v'); }")
    _finish(loan)
    second, loan = _lent(tab_pool)
    try:
        assert second is first and second.url == "about:blank"
        second.goto(built_site.url)
        stored = second.evaluate("() => [localStorage.getItem('k'), sessionStorage.getItem('s')]")
        assert stored == [None, None]
        assert not second.evaluate("() => matchMedia('(prefers-color-scheme: dark)').matches")
    finally:
        _finish(loan)


def test_listeners_routes_and_size_are_taken_back(tab_pool: TabPool, built_site: BuiltSite) -> None:
    """A test's listener, route and viewport size do not reach the next test, which gets the
    same tab: the listener hears nothing, the routed address is served, the size is back."""
    first, loan = _lent(tab_pool)
    size = first.viewport_size
    heard: list[str] = []
    first.on("console", lambda message: heard.append(message.text))
    first.route("**/devices/", lambda route: route.fulfill(body="<p>routed</p>"))
    first.set_viewport_size({"width": 333, "height": 444})
    first.goto(built_site.url + "devices/")
    assert first.inner_text("body") == "routed"
    first.evaluate("() => console.log('first')")
    _finish(loan)
    second, loan = _lent(tab_pool)
    try:
        assert second is first and heard == ["first"]
        second.goto(built_site.url + "devices/")
        assert second.locator("#xpuref-catalog").count() == 1
        second.evaluate("() => console.log('second')")
        assert heard == ["first"] and second.viewport_size == size
    finally:
        _finish(loan)


def test_a_tab_given_an_init_script_is_not_passed_on(
    tab_pool: TabPool, built_site: BuiltSite
) -> None:
    """A script run on every load cannot be taken back: the tab is closed, the next is fresh."""
    first, loan = _lent(tab_pool)
    first.add_init_script("window.__mark = 1")
    first.goto(built_site.url)
    _finish(loan)
    assert first.is_closed()
    second, loan = _lent(tab_pool)
    try:
        assert second is not first and not second.is_closed()
        second.goto(built_site.url)
        assert second.evaluate("() => window.__mark") is None
    finally:
        _finish(loan)


def test_a_script_error_fails_the_loan(tab_pool: TabPool) -> None:
    """An error thrown by a page's script fails the test that borrowed the tab."""
    page, loan = _lent(tab_pool)
    page.set_content("<script>setTimeout(() => { throw new Error('boom'); }, 0)</script>")
    page.wait_for_timeout(200)
    with pytest.raises(AssertionError, match="boom"):
        next(loan)


def _documents(page: Page) -> int:
    """How many documents the served search index gives this page (from ``NO_PAGE``)."""
    count: int = page.evaluate(
        "async () => (await (await fetch('search_index.json')).json()).docs.length"
    )
    return count


def test_only_a_searching_tab_gets_the_real_index(tab_pool: TabPool, built_site: BuiltSite) -> None:
    """A tab lent for search gets every document of the index, and again after the reset has
    forgotten its cookies; a tab lent for anything else gets none."""
    for _ in range(2):
        loan = tab_pool.lend(search=True)
        page = next(loan)
        try:
            response = page.goto(built_site.url + NO_PAGE)
            assert response is not None and response.status == 404
            assert _documents(page) > 100
        finally:
            _finish(loan)
    page, loan = _lent(tab_pool)
    try:
        page.goto(built_site.url + NO_PAGE)
        assert _documents(page) == 0
    finally:
        _finish(loan)
