"""Shared fixtures: paths to the project and a writable copy of the valid test data."""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import shutil
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
import yaml
from hypothesis import settings

from tests.browser_tabs import TabPool
from tests.serve_site import SEARCH_COOKIE, empty_index
from tests.shared_sites import (
    PREBUILD_ENV,
    BuiltSite,
    ensure,
    run_pid,
    served,
    shared_root,
    start_prebuild,
)
from tests.shared_sites import run_xpuref as run_xpuref  # the tests import it from here
from xpuref.data.dataset import Dataset, load_dataset
from xpuref.data.knowledge import Knowledge, load_knowledge
from xpuref.data.loader import load_model
from xpuref.data.presets import ModelPreset, PresetsFile
from xpuref.data.problems import DataError, Problem
from xpuref.data.rules import RulesFile
from xpuref.data.table_models import DataTable
from xpuref.data.tables import load_tables
from xpuref.data.yamlfile import parse_plain

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Route

# Property tests never fail on wall-clock time: a shared 2-core machine is slow at random.
# In CI the examples are also derandomised, so a run is repeatable.
settings.register_profile("dev", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

ROOT = Path(__file__).resolve().parents[1]
VALID = ROOT / "tests" / "fixtures" / "valid"


REAL_DATA = ROOT / "data"
#: Plain YAML parsing with the data layer's own safe loader (libyaml where PyYAML has it).
load_yaml = parse_plain

#: Files the fixture folders provide themselves (these name real devices the fixtures lack).
_FIXTURE_OWNED = {
    "devices",
    "systems",
    "vendors.yaml",
    "architectures.yaml",
    "export_published.yaml",
    "measurements.yaml",
    "measured",
}


def make_data_dir(target: Path, devices_from: Path = VALID) -> Path:
    """Fixture devices, vendors and architectures, plus the real reference data files.

    The real publisher registry names the makers its vendor sites speak for, so the real
    vendors the fixture lacks are appended to its vendors.yaml (after the fixture's own lines,
    which keep their line numbers).
    """
    shutil.copytree(devices_from, target)
    for item in REAL_DATA.iterdir():
        if item.name in _FIXTURE_OWNED or item.name.endswith(".md"):
            continue
        if item.is_dir():
            shutil.copytree(item, target / item.name)
        else:
            shutil.copy2(item, target / item.name)
    _add_real_vendors(target / "vendors.yaml")
    return target


def _add_real_vendors(path: Path) -> None:
    """Append to a fixture vendors.yaml each real vendor it does not define."""
    own = load_yaml(path.read_text()) or {}
    real = load_yaml((REAL_DATA / "vendors.yaml").read_text())
    extra = {k: v for k, v in real.items() if k not in own}
    if extra:
        text = path.read_text()
        sep = "" if text.endswith("\n") else "\n"
        path.write_text(text + sep + yaml.safe_dump(extra, sort_keys=False, allow_unicode=True))


def strict_tables(root: Path) -> dict[str, DataTable]:
    """Load tables/ under ``root`` alone, raising DataError on any problem."""
    problems: list[Problem] = []
    tables = load_tables(root, None, problems)
    if problems:
        raise DataError(problems)
    return tables


def strict_knowledge(root: Path) -> Knowledge:
    """Load the knowledge files under ``root`` alone, raising DataError on any problem."""
    problems: list[Problem] = []
    knowledge = load_knowledge(root, None, problems)
    if problems:
        raise DataError(problems)
    return knowledge


@functools.cache
def _real_rules_json() -> str:
    """The real export rules, validated once per test process, as JSON text."""
    problems: list[Problem] = []
    loaded = load_model(RulesFile, REAL_DATA / "export_controls.yaml", REAL_DATA, problems)
    assert loaded is not None, problems
    return json.dumps([rule.plain() for rule in loaded[0].rules])


def real_rules() -> list[dict[str, Any]]:
    """The export rules of the real data/export_controls.yaml, validated, as fresh mappings."""
    rules: list[dict[str, Any]] = json.loads(_real_rules_json())
    return rules


@functools.cache
def _real_presets() -> tuple[tuple[str, ModelPreset], ...]:
    """The real model presets, validated once per test process (the models are frozen)."""
    problems: list[Problem] = []
    loaded = load_model(PresetsFile, REAL_DATA / "models.yaml", REAL_DATA, problems)
    assert loaded is not None, problems
    return tuple(loaded[0].models.items())


def real_presets() -> dict[str, ModelPreset]:
    """The model presets of the real data/models.yaml, validated."""
    return dict(_real_presets())


@functools.cache
def real_dataset() -> Dataset:
    """The real data/, loaded and checked (published classes too) once per test process."""
    from xpuref.views.checked import load_checked

    return load_checked(REAL_DATA)


@pytest.fixture(scope="session")
def real_data() -> Dataset:
    """The real data/, validated once per test process and shared by every test that reads it."""
    return real_dataset()


@pytest.fixture(scope="session")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> Dataset:
    """The fixture devices with the real reference files (rules, presets, tables), loaded once."""
    return load_dataset(make_data_dir(tmp_path_factory.mktemp("dataset") / "data"))


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    """A fresh copy of the valid fixture data with the real reference files beside it."""
    return make_data_dir(tmp_path / "data")


@dataclass(frozen=True)
class CliRun:
    """What one in-process run of the command line returned and printed."""

    returncode: int
    stdout: str
    stderr: str


def run_cli(*args: str) -> CliRun:
    """Run the command line in this process (any escaping exception fails the calling test).

    Much cheaper than ``run_xpuref``; keep a fresh-process run where the test is about the
    process itself (exit status, no traceback printed, a hang guard).
    """
    from xpuref.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return CliRun(code, out.getvalue(), err.getvalue())


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    """The real site, built once per run (shared by the workers) and served on loopback.

    Built without the offline zip, as a plain `xpuref build` is (the offline_bundle fixture
    builds the zip on its own; tests/site/test_reproducible.py checks `build --bundle`)."""
    return served(shared_root(tmp_path_factory.getbasetemp()), "site", run_pid())


@pytest.fixture(scope="session")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    """A site built from a device whose every text field carries a script payload."""
    return served(shared_root(tmp_path_factory.getbasetemp()), "hostile", run_pid())


#: Test folders in the order a run hands their files out: the tiers whose tests build sites and
#: packages of their own (long tests, few to a file) first, then the browser tier, then the
#: quick tiers, whose hundreds of short tests keep every worker busy to the end of the run.
#: ``scripts/test.sh`` passes ``--no-loadscope-reorder``, since pytest-xdist would otherwise
#: hand out the files with the most tests first and leave the long one-test files for last.
RUN_ORDER = ("site", "package", "browser")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the collected tests in RUN_ORDER by folder (files and tests keep their order)."""

    def rank(item: pytest.Item) -> int:
        parts = item.nodeid.split("/")
        folder = parts[1] if len(parts) > 2 and parts[0] == "tests" else ""
        return RUN_ORDER.index(folder) if folder in RUN_ORDER else len(RUN_ORDER)

    items.sort(key=rank)


def pytest_sessionstart(session: pytest.Session) -> None:
    """With XPUREF_PREBUILD=site,bundle,... the run's controller starts those builds at once."""
    names = [n for n in os.environ.get(PREBUILD_ENV, "").split(",") if n]
    if names and not os.environ.get("PYTEST_XDIST_WORKER"):
        factory = session.config._tmp_path_factory  # type: ignore[attr-defined]
        start_prebuild(factory.getbasetemp(), names)


CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's headless Chromium through Playwright; never skipped in CI."""
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail("Chromium is missing in CI: scripts/setup.sh --browser installs it")
        pytest.skip("Debian chromium is not installed (scripts/setup.sh --browser)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield launched
        finally:
            launched.close()


_INDEX_SCRIPT = "var __index = "


def empty_search_index(route: Route) -> None:
    """Answer the offline bundle's search index (a script, ``var __index = {...}``, read from
    ``file://``) with the same index config and no documents. Served sites need no route: the
    test server answers their index itself (tests/serve_site.py)."""
    path = Path(urllib.parse.unquote(urllib.parse.urlsplit(route.request.url).path))
    text = path.read_text(encoding="utf-8").removeprefix(_INDEX_SCRIPT).rstrip().rstrip(";")
    route.fulfill(body=_INDEX_SCRIPT + empty_index(text), content_type="text/javascript")


def search_cookie() -> dict[str, str]:
    """The cookie that makes the test server send a page its real search index."""
    name, value = SEARCH_COOKIE
    return {"name": name, "value": value, "domain": "127.0.0.1", "path": "/"}


def checked_page(
    browser: Browser, *, search: bool = False, **context_options: Any
) -> Iterator[Page]:
    """A page in a fresh context that fails the test on any script error.

    Every page load makes the theme's search worker index the whole site (2 MB of text); the
    test server gives a page an index without documents unless ``search`` asks for the real one.
    """
    context = browser.new_context(**context_options)
    if search:
        context.add_cookies([search_cookie()])
    new_page = context.new_page()
    errors: list[str] = []
    new_page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield new_page
    context.close()
    assert not errors, errors


@pytest.fixture(scope="session")
def tab_pool(browser: Browser) -> Iterator[TabPool]:
    """Tabs this worker's tests reuse (tests/browser_tabs.py)."""
    pool = TabPool(browser, search_cookie())
    yield pool
    pool.close()


@pytest.fixture
def page(tab_pool: TabPool, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A tab that fails the test on any script error (a real search index if marked), reused
    from the previous test of this worker with what that test stored forgotten."""
    yield from tab_pool.lend(search=request.node.get_closest_marker("search") is not None)


#: A phone's screen: 390 by 844 CSS pixels, as a mobile viewport.
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True}
#: A phone screen's width in CSS pixels.
PHONE_WIDTH: int = PHONE["viewport"]["width"]

#: An address below a served test site with no page: the test server answers it with its own
#: short error page, where the theme (and its search worker, which would index every document
#: a searching tab is given) never starts.
NO_PAGE = "search/no-such-page"


@pytest.fixture
def phone_page(tab_pool: TabPool) -> Iterator[Page]:
    """A tab at a phone's size (``PHONE``), reused from test to test like ``page``."""
    yield from tab_pool.lend(**PHONE)


@pytest.fixture(scope="session")
def offline_bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The offline bundle, built once per run and unzipped: the folder holding index.html."""
    work = ensure(shared_root(tmp_path_factory.getbasetemp()), "bundle", run_pid())
    return work / "unzipped" / "xpuref-offline"
