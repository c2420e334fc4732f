"""MkDocs run directly (build or serve) checks XPUREF_SITE_URL as xpuref build does."""

from __future__ import annotations

import pytest
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError

from xpuref.site.adapter import _check_site_url


def _config() -> MkDocsConfig:
    """A minimal MkDocs configuration."""
    config = MkDocsConfig()
    config.load_dict({"site_name": "x", "site_url": "https://a.example.org/", "extra": {}})
    return config


def test_plain_address_is_normalised_into_site_url(monkeypatch: pytest.MonkeyPatch) -> None:
    """A plain address becomes site_url and the public address, normalised."""
    monkeypatch.setenv("XPUREF_SITE_URL", "HTTPS://Docs.Example.org/xpuref")
    config = _config()
    _check_site_url(config)
    assert config["site_url"] == "https://docs.example.org/xpuref/"
    assert config.extra["public_url"] == "https://docs.example.org/xpuref/"


@pytest.mark.parametrize(
    "address",
    [
        'https://x.example.org/"><script>alert(1)</script>',
        "https://x.example.org/<img src=x onerror=alert(1)>",
        "https://x.example.org/'",
        "https://x.example.org/?q=<b>",
        "https://evil@x.example.org/",
        "data:text/html,<script>alert(1)</script>",
    ],
)
def test_markup_in_the_address_stops_the_build(
    monkeypatch: pytest.MonkeyPatch, address: str
) -> None:
    """Markup, quotes, user information or another scheme: a one-line PluginError."""
    monkeypatch.setenv("XPUREF_SITE_URL", address)
    config = _config()
    with pytest.raises(PluginError) as caught:
        _check_site_url(config)
    message = str(caught.value)
    assert message.startswith("XPUREF_SITE_URL: ") and "\n" not in message
    assert config["site_url"] == "https://a.example.org/"
