"""One URL parser: an address is tiered by the host a browser opens, never by how it looks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.conftest import REAL_DATA
from tests.hardening import edit, refused, refused_by_cli

from xpuref.data.loader import load_model
from xpuref.data.problems import Problem
from xpuref.data.publishers import PublishersFile, Registry
from xpuref.data.urls import parse_url, public_address

DEVICE = "devices/nvidia/nvidia-h100-sxm5-80gb.yaml"
GOOD = "https://glennklockwood.com/garden/processors/h100"


def _registry() -> Registry:
    """The real publisher registry."""
    problems: list[Problem] = []
    loaded = load_model(PublishersFile, REAL_DATA / "publishers.yaml", REAL_DATA, problems)
    assert loaded is not None, problems
    return Registry(tuple(loaded[0].publishers))


HOSTILE = {
    "backslash before at": ("https://aiwiki.ai\\@glennklockwood.com/x", "backslash"),
    "user info": ("https://aiwiki.ai@glennklockwood.com/x", "names a user"),
    "user and password": ("https://a:b@glennklockwood.com/x", "names a user"),
    "at after semicolon": ("https://glennklockwood.com;@aiwiki.ai/x", "names a user"),
    "dot dot": ("https://github.com/NVIDIA/../someone/x", "dot segment"),
    "encoded dot dot": ("https://github.com/NVIDIA/%2e%2e/someone/x", "dot segment"),
    "mixed case encoded": ("https://github.com/NVIDIA/%2E%2e/someone/x", "dot segment"),
    "half encoded": ("https://github.com/NVIDIA/.%2E/someone/x", "dot segment"),
    "single dot": ("https://github.com/NVIDIA/./x", "dot segment"),
    "trailing dot dot": ("https://github.com/NVIDIA/..", "dot segment"),
    "encoded slash": ("https://github.com/NVIDIA%2F..%2Fsomeone/x", "encoded slash"),
    "backslash path": ("https://github.com/NVIDIA\\..\\someone/x", "backslash"),
    "scheme slash backslash": ("https:/\\aiwiki.ai/x", "http:// or https://"),
    "tab in host": ("https://aiwiki.ai\t@glennklockwood.com/x", "U+0009"),
    "newline": ("https://glennklockwood.com/\nx", "U+000A"),
    "space": ("https://glennklockwood.com/a b", "U+0020"),
    "ftp": ("ftp://glennklockwood.com/x", "http:// or https://"),
    "javascript": ("javascript:alert(1)//https://glennklockwood.com/", "http:// or https://"),
    "no slashes": ("https:glennklockwood.com/x", "http:// or https://"),
    "cyrillic a": ("https://glennklockwооd.com/x", "non-ASCII"),
    "punycode": ("https://xn--glennklockwood-xyz.com/x", "xn--"),
    "ip address": ("https://127.0.0.1/x", "letters-only"),
    "hex ip": ("https://0x7f.1/x", "letters-only"),
    "trailing dot host": ("https://glennklockwood.com./x", "plain domain"),
    "encoded host": ("https://glennklockwood%2ecom/x", "percent-encoded"),
    "ipv6": ("https://[::1]/x", "IP literal"),
    "bad port": ("https://glennklockwood.com:99999/x", "port"),
    "empty host": ("https:///x", "no host"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_parser_refuses_what_a_browser_reads_differently(name: str) -> None:
    """Each trick is refused with a message naming it."""
    url, expected = HOSTILE[name]
    with pytest.raises(ValueError, match=re.escape(expected)):
        parse_url(url)


@pytest.mark.parametrize(
    ("url", "normal"),
    [
        ("https://GitHub.com/IBM/aihwkit", "https://github.com/IBM/aihwkit"),
        ("HTTPS://cloud.Google.com/tpu/docs", "https://cloud.google.com/tpu/docs"),
        ("https://glennklockwood.com:443/x", "https://glennklockwood.com/x"),
        ("http://glennklockwood.com:80/x?a=1#b", "http://glennklockwood.com/x?a=1#b"),
        ("https://glennklockwood.com:8443/x", "https://glennklockwood.com:8443/x"),
        ("https://glennklockwood.com/a..b/c.d/", "https://glennklockwood.com/a..b/c.d/"),
        ("https://glennklockwood.com/x?next=../y", "https://glennklockwood.com/x?next=../y"),
    ],
)
def test_parser_normalises_scheme_host_and_port(url: str, normal: str) -> None:
    """Scheme and host fold to lower case and default ports go; the path keeps its case."""
    assert parse_url(url).url == normal


@pytest.mark.parametrize(
    ("url", "tier"),
    [
        ("https://github.com/NVIDIA/open-gpu-kernel-modules", "vendor"),
        ("https://github.com/NVIDIA/../someone/x", None),
        ("https://github.com/NVIDIA/%2e%2e/someone/x", None),
        ("https://aiwiki.ai\\@glennklockwood.com/x", None),
        ("https://glennklockwood.com@aiwiki.ai/x", None),
        ("https://glennklockwood.com/garden/processors/h100", "reference"),
        ("https://GLENNKLOCKWOOD.com/garden/processors/h100", "reference"),
    ],
)
def test_registry_tiers_only_parsed_addresses(url: str, tier: str | None) -> None:
    """The registry looks up the host the parser finds; a refused address has no publisher."""
    pub = _registry().lookup(url)
    assert (pub.tier if pub else None) == tier


@pytest.mark.parametrize(
    "url",
    [
        "https://aiwiki.ai\\\\@glennklockwood.com/x",
        "https://aiwiki.ai@glennklockwood.com/x",
        "https://glennklockwood.com/garden/../../x",
        "https://glennklockwood.com/garden/%2e%2e/x",
        "https://glennklockwood.com/garden/%2E%2e/x",
    ],
)
def test_device_source_with_lying_address_is_refused(data_copy: Path, url: str) -> None:
    """In a device file, the address is refused at its line with the parser's reason."""
    edit(data_copy / DEVICE, f"url: {GOOD}", f'url: "{url}"')
    refused(data_copy, "", field="sources[0].url")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('url: "https://www.nvidia.com/"', 'url: "https://www.nvidia.com@aiwiki.ai/"'),
        ('url: "https://www.nvidia.com/"', 'url: "https://www.nvidia.com/a/../b"'),
    ],
)
def test_vendor_address_goes_through_the_parser(data_copy: Path, old: str, new: str) -> None:
    """A vendor's own address is parsed by the same parser."""
    edit(data_copy / "vendors.yaml", old, new)
    refused(data_copy, "", field="nvidia.url")


def test_lying_address_refused_by_the_command_line(data_copy: Path) -> None:
    """The command line refuses it once per place, located, with exit 1 and no traceback."""
    edit(data_copy / DEVICE, f"url: {GOOD}", 'url: "https://aiwiki.ai@glennklockwood.com/x"')
    out = refused_by_cli(data_copy, "names a user")
    assert out.count("names a user") == 1


def test_stored_address_is_the_normalised_one(data_copy: Path) -> None:
    """The dataset holds (and so publishes) exactly the normalised address."""
    from xpuref.views.checked import load_checked

    edit(
        data_copy / DEVICE,
        f"url: {GOOD}",
        "url: HTTPS://GlennKlockwood.com:443/garden/processors/h100",
    )
    ds = load_checked(data_copy)
    device = ds.devices["nvidia-h100-sxm5-80gb"]
    assert device.sources[0].url == GOOD


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("https://xpuref.example.net", "https://xpuref.example.net/"),
        ("https://Xpuref.Example.net/docs", "https://xpuref.example.net/docs/"),
        ("http://127.0.0.1:8000/", "http://127.0.0.1:8000/"),
        ("http://localhost:8123/", "http://localhost:8123/"),
    ],
)
def test_public_address_accepts_plain_addresses(given: str, expected: str) -> None:
    """A plain public address is kept, normalised, with a trailing slash."""
    assert public_address(given) == expected


@pytest.mark.parametrize(
    "given",
    [
        'https://x.example.net/"><script>alert(1)</script>',
        "https://x.example.net/<b>",
        "https://x.example.net/'onload='x",
        "https://x.example.net/a b",
        "https://user@x.example.net/",
        "javascript:alert(1)",
        "https://x.example.net/?q=1",
        "https://x.example.net/#top",
        "https://x.example.net/{{x}}",
        "https://x.example.net/`x`",
        "ftp://x.example.net/",
        "https://x.example.net/../",
    ],
)
def test_public_address_refuses_markup_and_tricks(given: str) -> None:
    """Markup, quotes, spaces, user info, queries and other schemes are refused."""
    with pytest.raises(ValueError):
        public_address(given)
