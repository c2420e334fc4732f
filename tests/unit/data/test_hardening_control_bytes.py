"""A control byte anywhere (beside an anchor-like word too) is one located line, no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.hardening import edit, refused, refused_by_cli

#: Whole data folders through validation and the command line: the full tier, not check.sh.
pytestmark = pytest.mark.hardening

DEVICE = "devices/nvidia/nvidia-h100-sxm5-80gb.yaml"


@pytest.mark.parametrize(
    "new",
    [
        "form_factor: &a\x01SXM5",
        "form_factor: SXM5 *b\x02",
        'form_factor: "&x\x07"',
        "form_factor: SXM\x1b5",
        "form_factor: [&y\x1b]",
        "form_factor: &\x00",
        "form_factor: *\x7f",
    ],
)
def test_control_byte_is_refused_at_its_line(data_copy: Path, new: str) -> None:
    """Each is refused with the file, the line and the character named."""
    edit(data_copy / DEVICE, "form_factor: SXM5", new)
    problems = refused(data_copy, "")
    assert any("U+00" in p.message and "nvidia-h100" in p.file and p.line == 7 for p in problems), (
        problems
    )


def test_control_byte_refused_by_the_command_line(data_copy: Path) -> None:
    """The command line prints one located line, exit 1, no traceback."""
    edit(data_copy / DEVICE, "form_factor: SXM5", "form_factor: &a\x01SXM5")
    refused_by_cli(data_copy, "character U+0001 is not allowed")
