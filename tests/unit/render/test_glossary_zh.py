"""The Chinese glossary reads in Chinese: Chinese term first, the English once, Chinese names."""

from __future__ import annotations

import re

import pytest
from tests.conftest import REAL_DATA, real_dataset

from xpuref.data.version import data_version
from xpuref.devtools.chinese_share import chinese_share
from xpuref.render.datatext import NAME_WORDS
from xpuref.render.knowledge import english_term, glossary_html
from xpuref.render.pagecontext import PageContext

_MARKED = re.compile(r'<span translate="no">([^<]*)</span>')
_HAN = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    """The glossary macro's output in both editions, over the real data."""
    real = real_dataset()
    version = data_version(REAL_DATA)
    return {
        "en": str(glossary_html(real.knowledge, PageContext(real, version, "glossary/", True))),
        "zh": str(
            glossary_html(
                real.knowledge,
                PageContext(real, version, "zh/glossary/", True, edition="zh/"),
            )
        ),
    }


def test_the_chinese_glossary_is_chinese(pages: dict[str, str]) -> None:
    """Counted as the site measure counts a page, the Chinese glossary is over 92 % Chinese."""
    share, letters = chinese_share(f"<article>{pages['zh']}</article>")
    assert letters > 10_000
    assert share >= 0.92


def test_a_heading_leads_with_chinese_and_gives_the_english_once(pages: dict[str, str]) -> None:
    """The Chinese term heads the entry; the English follows, its words counted as English."""
    zh = pages["zh"]
    assert (
        '<h3 id="cpu">中央处理器 <span class="xpuref-en" lang="en">'
        '<span translate="no">CPU</span> (central processing unit)</span>'
    ) in zh
    # A term given as a product name is one name; notes of the English heading are left out.
    assert '<span class="xpuref-en" lang="en"><span translate="no">Tensor Core</span>' in zh
    assert '<span translate="no">DPU</span></span>' in zh
    assert "(two meanings)" not in zh
    visible = re.sub(r'<span class="xpuref-search-words" hidden>[^<]*</span>', "", zh)
    assert visible.count("central processing unit") == 1


def test_other_names_are_listed_in_chinese(pages: dict[str, str]) -> None:
    """The aliases line lists the Chinese names; English descriptions stay only in search words."""
    zh, en = pages["zh"], pages["en"]
    assert '<p class="xpuref-aliases">又称：主机处理器、主机</p>' in zh
    assert "键值缓存" in zh
    assert "host processor, 主机</p>" in en
    hidden = re.compile(r'<span class="xpuref-search-words" hidden>[^<]*</span>')
    assert "host processor" in zh
    assert "host processor" not in hidden.sub("", zh)


def test_marked_names_are_short_and_hold_no_chinese(pages: dict[str, str]) -> None:
    """Every translate="no" element on the Chinese glossary is a short Latin name."""
    marked = _MARKED.findall(pages["zh"])
    assert len(marked) > 300
    for name in marked:
        assert not _HAN.search(name), name
        assert len(name.split()) <= NAME_WORDS, name


def test_the_english_edition_keeps_its_words(pages: dict[str, str]) -> None:
    """English headings, definitions and aliases are as written, with no marks added."""
    en = pages["en"]
    assert '<h3 id="cpu">CPU (central processing unit) <span class="xpuref-zh" lang="zh">' in en
    assert "The general-purpose processor that runs the operating system" in en
    assert 'translate="no"' not in en


def test_english_term_marks_acronyms_only() -> None:
    """Acronyms and spellings with figures are names; English words are not; escaped."""
    assert str(english_term("HBM (high bandwidth memory)")) == (
        '<span translate="no">HBM</span> (high bandwidth memory)'
    )
    assert str(english_term("Structured sparsity (2:4)")) == "Structured sparsity (2:4)"
    assert str(english_term("FP8 (E4M3 / E5M2)")).count('translate="no"') == 3
    assert str(english_term("A <b> & C", whole_name=True)) == (
        '<span translate="no">A &lt;b&gt; &amp; C</span>'
    )
