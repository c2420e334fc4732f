"""Names marked translate="no" are not counted as English; a sentence cannot hide as a name."""

from __future__ import annotations

from pathlib import Path

import pytest

from xpuref.devtools.chinese_share import chinese_share
from xpuref.render.datatext import NAME_WORDS, DataText, mark_names


def test_a_name_marked_translate_no_is_not_counted() -> None:
    """Latin letters inside translate="no" do not count; those outside it do."""
    html = (
        '<article><p>英伟达 <span translate="no">H100 SXM5</span> 显存带宽</p>'
        "<p>Memory</p></article>"
    )
    share, letters = chinese_share(html)
    assert letters == 7 + 6
    assert share == pytest.approx(7 / 13)


def test_marking_names_marks_short_latin_runs_only() -> None:
    """Short Latin runs in a translation are names; a run of English words is never marked."""
    marked = str(mark_names("英伟达 H100 SXM5 的 BF16 稠密算力"))
    assert '<span translate="no">H100 SXM5</span>' in marked
    assert '<span translate="no">BF16</span>' in marked
    sentence = "the rates are not copied from any sibling part of the same die at all"
    assert len(sentence.split()) > NAME_WORDS
    hidden = str(mark_names(f"说明：{sentence}。"))
    assert "translate" not in hidden
    share, _ = chinese_share(f"<article><p>{hidden}</p></article>")
    assert share < 0.2


def test_marked_names_are_escaped() -> None:
    """Text from the catalogue is escaped around and inside the marks."""
    marked = str(mark_names("<b>名称</b> A&B"))
    assert "<b>" not in marked
    assert '<span translate="no">A&amp;B</span>' in marked


def test_untranslated_text_is_shown_as_written_and_remembered(tmp_path: Path) -> None:
    """A text without a translation stays English and is listed; English pages are untouched."""
    folder = tmp_path / "translations" / "zh"
    folder.mkdir(parents=True)
    (folder / "t.yaml").write_text(
        '- en: "the {l_rates} rates are not published"\n  zh: "{l_rates}算力未公布"\n'
        '- en: "{n_p} matrix"\n  zh: "{n_p} 矩阵"\n- en: "covers the whole card"\n'
        '  zh: "为整卡数字"\n',
        encoding="utf-8",
    )
    text = DataText(tmp_path, "zh").for_page("devices/x.md")
    assert str(text("covers the whole card")) == "为整卡数字"
    found = str(text("the BF16 matrix and FP8 matrix rates are not published"))
    assert found == (
        '<span translate="no">BF16</span> 矩阵、<span translate="no">FP8</span> 矩阵算力未公布'
    )
    assert str(text("covers the whole card; an edited note")) == "为整卡数字；an edited note"
    assert text.missing == {"an edited note": "devices/x.md"}
    english = DataText(tmp_path, "en")
    assert english("an edited note") == "an edited note"
    assert english.missing == {}


def test_a_bare_name_is_marked_whole_unless_it_holds_chinese(tmp_path: Path) -> None:
    """A product name is one translate="no" element; a name with Chinese marks its Latin runs."""
    text = DataText(tmp_path, "zh")
    assert str(text.name("NVIDIA H100 SXM5 80GB")) == (
        '<span translate="no">NVIDIA H100 SXM5 80GB</span>'
    )
    mixed = str(text.name("Suisi 2.x (邃思2.0)"))
    assert mixed == '<span translate="no">Suisi 2.x</span> (邃思2.0)'
    assert DataText(tmp_path, "en").name("H100") == "H100"
