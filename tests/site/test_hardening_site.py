"""The built site: headers on every page, a checked public address, stored figures exact."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.conftest import BuiltSite, run_xpuref

pytestmark = pytest.mark.site

P4 = "nvidia-tesla-p4-8gb"


def test_404_page_carries_a_policy(built_site: BuiltSite) -> None:
    """404.html has its CSP meta tag, listing the hashes of its own inline scripts."""
    html = (built_site.root / "404.html").read_text(encoding="utf-8")
    meta = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html)
    assert meta, html[:500]
    assert "default-src 'self'" in meta.group(1)
    assert "object-src 'none'" in meta.group(1)


def test_headers_file_sends_framing_sniffing_and_referrer_policies(built_site: BuiltSite) -> None:
    """_headers: the CSP with frame-ancestors, nosniff, a referrer policy and no framing."""
    text = (built_site.root / "_headers").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0] == "/*"
    headers = dict(line.strip().split(": ", 1) for line in lines[1:])
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "strict-origin-when-cross-origin"
    assert headers["X-Frame-Options"] == "DENY"
    html_404 = (built_site.root / "404.html").read_text(encoding="utf-8")
    for digest in re.findall(r"'sha256-[^']+'", html_404):
        assert digest in headers["Content-Security-Policy"]


def test_stored_figure_is_shown_with_all_its_digits(built_site: BuiltSite) -> None:
    """The P4's FP16 rate, stored as 0.08912, is shown as 0.08912 (not rounded to 0.0891)."""
    html = (built_site.root / "devices" / P4 / "index.html").read_text(encoding="utf-8")
    row = re.search(r'<tr id="fp16".*?</tr>', html, re.DOTALL)
    assert row, "no fp16 row"
    assert "0.08912" in row.group(0)
    assert "0.0891<" not in row.group(0) and "0.0891 " not in row.group(0)


@pytest.mark.parametrize(
    "address",
    [
        'https://xpuref.example.net/"><script>alert(1)</script>',
        "https://xpuref.example.net/<b>",
        "https://xpuref.example.net/' onmouseover='x",
        "https://xpuref.example.net/a b",
        "https://user:pass@xpuref.example.net/",
        "javascript:alert(1)",
        "https://xpuref.example.net\\@evil.example/",
        "ftp://xpuref.example.net/",
    ],
)
def test_bad_public_address_is_refused_in_one_line(tmp_path: Path, address: str) -> None:
    """XPUREF_SITE_URL that is not a plain http(s) address: one line, exit 1, nothing written."""
    out = tmp_path / "site"
    done = run_xpuref("build", "--out", str(out), XPUREF_SITE_URL=address)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert done.stderr.startswith("build failed: XPUREF_SITE_URL: ")
    assert list(tmp_path.iterdir()) == []


def test_bad_public_address_refused_by_bundle(tmp_path: Path) -> None:
    """The bundle command refuses it the same way, writing nothing."""
    out = tmp_path / "dist" / "x.zip"
    done = run_xpuref("bundle", "--out", str(out), XPUREF_SITE_URL="https://x.example/<svg>")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("bundle failed: XPUREF_SITE_URL: ")
    assert list(tmp_path.iterdir()) == []
