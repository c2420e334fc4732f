"""Each group of spec fields is contiguous, so a table that heads each group shows it once."""

from __future__ import annotations

from itertools import groupby

from xpuref.data.fields import SPEC_FIELDS


def test_every_group_appears_once_in_order() -> None:
    """Compare and device pages start a group at each change: no group may come back later."""
    runs = [group for group, _ in groupby(f.group for f in SPEC_FIELDS)]
    assert len(runs) == len(set(runs)), runs
    assert "Power and die" in runs
