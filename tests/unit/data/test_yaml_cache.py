"""Files parsed once per process: each read still gets its own objects and sees edits."""

from __future__ import annotations

from pathlib import Path

import pytest

from xpuref.data.problems import DataError
from xpuref.data.yamlfile import forget_parsed, read_yaml


def test_a_second_read_gets_equal_data_of_its_own(tmp_path: Path) -> None:
    """The cached read returns the same data and lines, in new objects a caller may change."""
    path = tmp_path / "a.yaml"
    path.write_text("name: x\nrates: {bf16: 1.5, ok: true}\nlist: [1, 2]\n", encoding="utf-8")
    forget_parsed()
    first = read_yaml(path, "data/a.yaml")
    first.data["rates"]["bf16"] = 99
    first.data["list"].append(3)
    second = read_yaml(path, "data/a.yaml")
    assert second.data == {"name": "x", "rates": {"bf16": 1.5, "ok": True}, "list": [1, 2]}
    assert second.data["rates"]["ok"] is True
    assert second.lines.line_of(("list",)) == 3
    assert second.data is not first.data


def test_an_edit_is_read_and_a_bad_file_is_refused_every_time(tmp_path: Path) -> None:
    """Changed text is parsed again; a refused file is never remembered as good."""
    path = tmp_path / "b.yaml"
    path.write_text("name: x\n", encoding="utf-8")
    assert read_yaml(path, "data/b.yaml").data == {"name": "x"}
    path.write_text("name: y\n", encoding="utf-8")
    assert read_yaml(path, "data/b.yaml").data == {"name": "y"}
    path.write_text("name: [unclosed\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(DataError, match=r"data/b\.yaml:\d+"):
            read_yaml(path, "data/b.yaml")


def test_only_the_latest_text_of_a_file_is_kept(tmp_path: Path) -> None:
    """Editing a file replaces what was kept for it, so a long session holds one copy a file."""
    from xpuref.data import yamlfile

    path = tmp_path / "c.yaml"
    forget_parsed()
    for value in range(5):
        path.write_text(f"name: v{value}\n", encoding="utf-8")
        assert read_yaml(path, "data/c.yaml").data == {"name": f"v{value}"}
    assert list(yamlfile._PARSED) == ["data/c.yaml"]
    assert yamlfile._PARSED["data/c.yaml"][0] == "name: v4\n"
