"""The finder script of device-page rooflines: name maps and each device's roofline inputs."""

from __future__ import annotations

import json

from tests.conftest import real_dataset

from xpuref.render.find_js import find_payload, find_script
from xpuref.views.lookup import lookup_maps


def test_the_payload_holds_the_lookup_maps_and_every_roof() -> None:
    """The same name maps as `xpuref lookup`, and the H100's bandwidth and dense peaks."""
    ds = real_dataset()
    payload = find_payload(ds)
    maps = lookup_maps(ds)
    assert payload["names"] == maps["names"] and payload["compact"] == maps["compact"]
    h100 = ds.devices["nvidia-h100-sxm5-80gb"]
    roof = payload["roofs"][h100.id]
    assert roof == {"bw": h100.memory.bandwidth_gbs, "peaks": dict(h100.peak_dense)}
    assert payload["devices"][h100.id] == h100.name
    assert payload["labels"]["bf16_matrix"] == "BF16 matrix"
    without = [d for d in ds.devices.values() if d.memory.bandwidth_gbs is None]
    assert without and all(d.id not in payload["roofs"] for d in without)


def test_the_script_defines_one_frozen_global_and_escapes_closing_tags() -> None:
    """The script parses back to the payload; no ``</`` survives in it."""
    text = find_script(real_dataset())
    head = "globalThis.xpurefFind = Object.freeze("
    body = text.split(head, 1)[1].rsplit(");", 1)[0]
    assert json.loads(body) == json.loads(json.dumps(find_payload(real_dataset())))
    assert "</" not in text
