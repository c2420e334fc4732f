"""The one parser for web addresses in data: what a browser opens is what the tier is decided on.

An address is accepted only in a form where Python, the publisher registry and a browser's
WHATWG parser agree on its host: plain ``http``/``https``, an ASCII host name with a
letters-only top-level domain, no user information, no backslashes, no dot segments (written
plainly or percent-encoded), no encoded slashes, no whitespace or control characters, and no
punycode (``xn--``) labels that could spell a look-alike name. The normalised form (scheme and
host in lower case, default port dropped) is what the data holds and the site publishes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["MAX_URL_CHARS", "ParsedUrl", "parse_url", "public_address"]

MAX_URL_CHARS = 2000
_SCHEME = re.compile(r"(?i)(https?)://")
_LABEL = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?")
_TLD = re.compile(r"[a-z]{2,63}")
_PORT = re.compile(r"[0-9]{1,5}")
#: Characters a browser strips from or reads specially inside an address.
_FORBIDDEN = re.compile(r"[\x00-\x20\x7f-\x9f\\]")
_DEFAULT_PORT = {"http": 80, "https": 443}


@dataclass(frozen=True)
class ParsedUrl:
    """An address split the way a browser splits it, in normal form."""

    scheme: str
    host: str
    port: int | None
    path: str
    rest: str  # the query and fragment, with their leading '?' or '#'

    @property
    def url(self) -> str:
        """The normalised address: the only form that is stored and published."""
        port = f":{self.port}" if self.port is not None else ""
        return f"{self.scheme}://{self.host}{port}{self.path}{self.rest}"


_IPV4 = re.compile(r"(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}"
                   r"(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])")  # fmt: skip


def _check_host(host: str, *, local: bool = False) -> None:
    """Refuse anything but an ASCII DNS name ending in a letters-only top-level domain."""
    if not host:
        raise ValueError("the address has no host")
    if local and (host == "localhost" or _IPV4.fullmatch(host)):
        return  # a preview server's own address (only for the site's public address)
    if not host.isascii():
        raise ValueError(
            f"host {host!r} has non-ASCII letters (look-alike names are refused); "
            "write the site's ASCII name"
        )
    labels = host.split(".")
    if len(labels) < 2 or not all(_LABEL.fullmatch(label) for label in labels):
        raise ValueError(f"host {host!r} is not a plain domain name")
    if not _TLD.fullmatch(labels[-1]):
        raise ValueError(f"host {host!r} must end in a letters-only top-level domain")
    if any(label.startswith("xn--") for label in labels):
        raise ValueError(f"host {host!r} is an encoded international name (xn--); not accepted")


def _check_path(path: str) -> None:
    """Refuse dot segments and encoded slashes, which move a path above its publisher's prefix."""
    lowered = path.lower()
    if "%2f" in lowered or "%5c" in lowered:
        raise ValueError("the path has an encoded slash or backslash (%2F, %5C)")
    for segment in lowered.split("/"):
        if segment.replace("%2e", ".") in {".", ".."}:
            raise ValueError(
                "the path has a dot segment ('.' or '..', also as %2e); write the resolved path"
            )


def parse_url(text: str, *, local: bool = False) -> ParsedUrl:
    """Parse an absolute http(s) address; raise ValueError saying what a browser would misread.

    ``local`` also accepts ``localhost`` and dotted IPv4 hosts (a preview server's address).
    """
    if len(text) > MAX_URL_CHARS:
        raise ValueError(f"the address has {len(text)} characters; at most {MAX_URL_CHARS}")
    scheme = _SCHEME.match(text)
    if scheme is None:
        raise ValueError("must be an absolute http:// or https:// address")
    found = _FORBIDDEN.search(text)
    if found:
        what = (
            "a backslash" if found.group() == "\\" else f"the character U+{ord(found.group()):04X}"
        )
        raise ValueError(
            f"must be an absolute http(s) address without {what} (a browser reads it differently)"
        )
    after = text[scheme.end() :]
    end = min((i for i in (after.find(c) for c in "/?#") if i >= 0), default=len(after))
    authority, tail = after[:end], after[end:]
    if "@" in authority:
        raise ValueError(
            f"the address names a user ({authority.rsplit('@', 1)[0]!r}@): a browser would "
            f"open {authority.rsplit('@', 1)[1]!r}; user information is not accepted"
        )
    if "%" in authority or "[" in authority:
        raise ValueError("the host may not be percent-encoded or an IP literal")
    host, colon, port_text = authority.partition(":")
    host = host.lower()
    _check_host(host, local=local)
    port: int | None = None
    name = scheme.group(1).lower()
    if colon:
        if not _PORT.fullmatch(port_text) or not 0 < int(port_text) < 65536:
            raise ValueError(f"port {port_text!r} is not a number from 1 to 65535")
        port = None if int(port_text) == _DEFAULT_PORT[name] else int(port_text)
    cut = min((i for i in (tail.find(c) for c in "?#") if i >= 0), default=len(tail))
    path, rest = tail[:cut], tail[cut:]
    _check_path(path)
    return ParsedUrl(name, host, port, path, rest)


#: Characters that would break out of an attribute or a script in the page that prints an address.
_MARKUP = re.compile(r"[<>\"'`{}|^\s]")


def public_address(text: str) -> str:
    """Check the site's public address (XPUREF_SITE_URL); return it normalised, ending in '/'."""
    found = _MARKUP.search(text)
    if found:
        raise ValueError(f"may not contain {found.group()!r}: give a plain http(s) address")
    parsed = parse_url(text, local=True)
    if parsed.rest:
        raise ValueError("may not have a query or fragment ('?' or '#')")
    path = parsed.path if parsed.path.endswith("/") else parsed.path + "/"
    return ParsedUrl(parsed.scheme, parsed.host, parsed.port, path, "").url
