"""The compile-target table speaks the page's language: headers, target names and links."""

from __future__ import annotations

import re

import pytest
from tests.conftest import REAL_DATA

from xpuref.data.dataset import Dataset
from xpuref.data.version import DataVersion
from xpuref.devtools.chinese_share import chinese_share
from xpuref.render.knowledge import compute_targets_html
from xpuref.render.pagecontext import PageContext
from xpuref.views.checked import load_checked

GUIDE = "guides/gpu-programming-model/"


@pytest.fixture(scope="module")
def catalog() -> Dataset:
    """The real data."""
    return load_checked(REAL_DATA)


def _table(catalog: Dataset, edition: str) -> str:
    """The table as the guide of one edition shows it."""
    ctx = PageContext(
        catalog, DataVersion("test", "2026-11-23", 0), edition + GUIDE, True, edition=edition
    )
    return str(compute_targets_html(catalog, ctx))


def test_english_table_keeps_its_words(catalog: Dataset) -> None:
    """The English edition keeps its headers, its toolkit names and the plain data text."""
    html = _table(catalog, "")
    assert "<th>Compile target</th><th>Matrix-unit precisions</th><th>Scale-up link</th>" in html
    assert "<small>compute capability (sm_90)</small>" in html
    assert "<small>LLVM AMDGPU target</small>" in html
    assert "translate=" not in html
    assert re.search(r", read 2026-\d\d-\d\d\.</li>", html)


def test_chinese_table_reads_as_chinese(catalog: Dataset) -> None:
    """The Chinese edition translates headers, toolkit names and link phrases, names kept."""
    html = _table(catalog, "zh/")
    assert "<th>编译目标</th><th>矩阵单元精度</th><th>纵向扩展互连</th>" in html
    assert "计算能力（" in html and "compute capability" not in html
    assert "bridge card" not in html and "<td>无</td>" in html
    assert 'href="../../devices/nvidia-h100-sxm5-80gb/">英伟达' in html
    share, letters = chinese_share(f"<article>{html}</article>")
    assert letters > 100 and share > 0.9
