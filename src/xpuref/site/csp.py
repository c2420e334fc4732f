"""A Content-Security-Policy that lets the site's own inline scripts run and nothing else.

Material for MkDocs puts a few small scripts inline; each page's meta tag lists the SHA-256
hashes of the inline scripts on that page, and `_headers` (the format Netlify and Cloudflare
Pages read) carries one policy with every hash the build produced.
"""

from __future__ import annotations

import base64
import hashlib
import re

__all__ = ["HEADERS_FILE", "add_meta", "headers_file", "policy", "script_hashes"]

HEADERS_FILE = "_headers"
_INLINE = re.compile(r"<script(?P<attrs>[^>]*)>(?P<body>.*?)</script>", re.DOTALL | re.IGNORECASE)
_DATA_TYPES = ("application/json", "application/ld+json", "text/template")


def script_hashes(html: str) -> set[str]:
    """The 'sha256-...' sources of every inline script a browser would run on a page."""
    found = set()
    for match in _INLINE.finditer(html):
        attrs = match.group("attrs").lower()
        if "src=" in attrs or any(kind in attrs for kind in _DATA_TYPES):
            continue
        digest = hashlib.sha256(match.group("body").encode("utf-8")).digest()
        found.add("'sha256-" + base64.b64encode(digest).decode("ascii") + "'")
    return found


def policy(hashes: set[str]) -> str:
    """The policy: own scripts and the listed inline ones; no other origin, no plugins."""
    scripts = " ".join(["'self'", *sorted(hashes)])
    return (
        "default-src 'self'; "
        f"script-src {scripts}; "
        "style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; "
        "font-src 'self' data:; "
        "connect-src 'self'; "
        "worker-src 'self' blob:; "
        "object-src 'none'; "
        "base-uri 'self'; "
        "form-action 'self'"
    )


#: Headers a meta tag cannot carry: no framing by other sites (clickjacking), no MIME sniffing,
#: and only the origin sent as referrer to other sites.
_EXTRA_HEADERS = (
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "strict-origin-when-cross-origin"),
    ("X-Frame-Options", "DENY"),
)


def headers_file(hashes: set[str]) -> str:
    """The ``_headers`` file: the policy (with ``frame-ancestors``) and the other headers."""
    lines = [f"  Content-Security-Policy: {policy(hashes)}; frame-ancestors 'none'"]
    lines += [f"  {name}: {value}" for name, value in _EXTRA_HEADERS]
    return "/*\n" + "\n".join(lines) + "\n"


def add_meta(html: str, hashes: set[str]) -> str:
    """The page with its policy as the first element of <head>."""
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy(hashes)}">'
    return re.sub(r"<head([^>]*)>", lambda m: f"<head{m.group(1)}>\n{meta}", html, count=1)
