"""The device finder's data for device-page rooflines, written at build time as one script.

A device page's roofline has the same "find a device" box as the catalog charts; typing a
device there draws that device's roofs over the page's own. The name maps (those of
`xpuref lookup`) and every device's bandwidth and dense peaks sit in one shared script,
``assets/js/xpuref-find.js``, that charts.js loads only when a reader uses the box, so no
device page carries a copy.
"""

from __future__ import annotations

import json
from typing import Any

from xpuref.data.dataset import Dataset
from xpuref.data.fields import RATES
from xpuref.views.lookup import lookup_maps

__all__ = ["FIND_JS_PATH", "find_payload", "find_script"]

#: Where the generated script sits in the site (loaded on demand by charts.js).
FIND_JS_PATH = "assets/js/xpuref-find.js"


def find_payload(ds: Dataset) -> dict[str, Any]:
    """Name maps, each device's name, and the roofline inputs of every device that has them."""
    devices = sorted(ds.devices.values(), key=lambda d: d.id)
    roofs: dict[str, dict[str, Any]] = {}
    for device in devices:
        bandwidth = device.memory.bandwidth_gbs
        if bandwidth is not None and device.peak_dense:
            roofs[device.id] = {"bw": bandwidth, "peaks": dict(device.peak_dense)}
    keys = sorted({key for roof in roofs.values() for key in roof["peaks"]})
    return {
        **lookup_maps(ds),
        "devices": {d.id: d.name for d in devices},
        "roofs": roofs,
        "labels": {key: RATES[key].label if key in RATES else key for key in keys},
    }


def find_script(ds: Dataset) -> str:
    """The script defining ``globalThis.xpurefFind`` (the finder's maps and roofline inputs)."""
    # "</" never occurs in JSON from json.dumps of these names unless a name holds it; escape
    # it anyway, as every inline JSON is, since the script text is data.
    text = json.dumps(find_payload(ds), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    text = text.replace("</", "<\\/")
    return (
        "/* Generated at build time from the catalog: do not edit. */\n"
        f"globalThis.xpurefFind = Object.freeze({text});\n"
    )
