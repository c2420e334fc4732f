"""The package's layers, as a contract: each stage imports only the stages below it."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

PACKAGE = ROOT / "src" / "xpuref"

#: Each layer and the layers it may import (its own included). Order: lowest first.
ALLOWED: dict[str, set[str]] = {
    "calc": {"calc"},
    "core": {"core", "calc"},
    # data shares the core's standard-library helpers (one name normaliser for both) and
    # derives figures from stated inputs at load time with calc (stdlib-only pure math).
    "data": {"data", "core", "calc"},
    "views": {"views", "data", "calc", "core"},
    "render": {"render", "views", "data", "calc", "core"},
    "site": {"site", "render", "views", "data", "calc", "core"},
    "devtools": {"devtools", "site", "render", "views", "data", "calc", "core"},
    "cli": {"cli", "core", "data", "views", "site", "devtools"},
    "__init__": {"core", "data", "views", "calc"},
}
#: Third-party packages each layer may import (the standard library is always allowed).
THIRD_PARTY: dict[str, set[str]] = {
    "calc": set(),
    "core": set(),
    "data": {"pydantic", "pydantic_core", "yaml"},
    "views": {"plotly"},
    "render": {"jinja2", "markupsafe", "yaml"},
    "site": {"mkdocs", "material", "markupsafe"},
    "devtools": {"playwright", "yaml"},
    "cli": set(),
    "__init__": set(),
}


def _layer(path: Path, package: Path = PACKAGE) -> str:
    """The layer a module belongs to: its subpackage, or its own name at the top."""
    parts = path.relative_to(package).parts
    return parts[0] if len(parts) > 1 else path.stem


def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) for every import in a file, lazy ones inside functions included."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "xpuref":
                found += [(node.lineno, f"xpuref.{alias.name}") for alias in node.names]
            else:
                found.append((node.lineno, node.module))
    return found


def layer_violations(package: Path = PACKAGE) -> list[str]:
    """Every import that goes the wrong way between layers or pulls in a foreign package."""
    problems = []
    for path in sorted(package.rglob("*.py")):
        layer = _layer(path, package)
        for line, module in _imports(path):
            top = module.split(".")[0]
            where = f"{path.relative_to(package.parent)}:{line}"
            if top == "xpuref":
                target = module.split(".")[1] if "." in module else "__init__"
                if target not in ALLOWED[layer]:
                    problems.append(f"{where}: layer '{layer}' imports '{module}'")
            elif top == "__future__" or top in sys.stdlib_module_names:
                continue
            elif top not in THIRD_PARTY[layer]:
                problems.append(f"{where}: layer '{layer}' imports third-party '{top}'")
    return problems


def test_every_module_belongs_to_a_layer() -> None:
    """No module sits outside the known layers."""
    layers = {_layer(p) for p in PACKAGE.rglob("*.py")}
    assert layers <= set(ALLOWED), layers - set(ALLOWED)
    assert {"calc", "core", "data", "views", "render", "site", "devtools"} <= layers


def test_imports_follow_the_layers() -> None:
    """Each layer imports only the layers below it, and calc only the standard library."""
    assert layer_violations() == []


def test_contract_catches_a_wrong_way_import(tmp_path: Path) -> None:
    """A data module importing render, or calc importing yaml, is reported."""
    fake = tmp_path / "xpuref"
    (fake / "data").mkdir(parents=True)
    (fake / "calc").mkdir()
    (fake / "data" / "bad.py").write_text("from xpuref.render.env import ENV\n")
    (fake / "calc" / "bad.py").write_text("def f():\n    import yaml\n")
    found = layer_violations(fake)
    assert found == [
        "xpuref/calc/bad.py:2: layer 'calc' imports third-party 'yaml'",
        "xpuref/data/bad.py:1: layer 'data' imports 'xpuref.render.env'",
    ]


@pytest.mark.parametrize("layer", ["calc", "core", "data", "views", "render", "site", "devtools"])
def test_layer_is_a_package(layer: str) -> None:
    """Each layer is a package with a docstring saying what it holds."""
    init = PACKAGE / layer / "__init__.py"
    doc = ast.get_docstring(ast.parse(init.read_text()))
    assert doc and doc.strip()
