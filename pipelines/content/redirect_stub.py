"""A page that only sends its reader on: <meta http-equiv="refresh" content="0; url=…"> or a
small document whose script sets location. A browser follows it at once; a plain crawl read
it as a page of a few words (or, through Scrapy's MetaRefreshMiddleware, followed it to
another host where the offsite filter dropped it without a word). The crawl treats it as the
redirect it is, in both render modes: followed on the site, a failure naming its target off
it (pure)."""

from __future__ import annotations

import re
from urllib.parse import urljoin

# A refresh later than this is a page that reloads itself or moves on after being read
# (a news front, a "you will be redirected" page with content): not a stub.
MAX_REFRESH_DELAY_S = 5
# The meta refresh is looked for in the document's head, within this many characters.
HEAD_CHARS = 8192
# A script redirect counts only in a document this small: a stub, not an app that may
# navigate later.
SCRIPT_STUB_MAX_CHARS = 4096

_META_REFRESH = re.compile(r"<meta\b[^>]*http-equiv\s*=\s*[\"']?refresh\b[^>]*>", re.I)
_CONTENT = re.compile(r"content\s*=\s*([\"'])(.*?)\1|content\s*=\s*([^\s>]+)", re.I | re.S)
_DELAY_URL = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(?:[;,]\s*(?:url\s*=\s*)?[\"']?([^\"']+?)[\"']?\s*)?$", re.I)
_SCRIPT_LOCATION = re.compile(
    r"(?:window\.|document\.|top\.|self\.)?location(?:\.href)?\s*=\s*[\"']([^\"']+)[\"']"
    r"|location\.(?:replace|assign)\(\s*[\"']([^\"']+)[\"']\s*\)")


def stub_target(html: str | bytes, url: str) -> str | None:
    """The absolute URL this page sends its reader to at once, or None."""
    small = len(html) <= SCRIPT_STUB_MAX_CHARS
    if isinstance(html, bytes):       # a plain fetch's body: only its start is read
        html = html[:HEAD_CHARS].decode("utf-8", "replace")
    for tag in _META_REFRESH.finditer(html[:HEAD_CHARS]):
        content = _CONTENT.search(tag.group(0))
        if content is None:
            continue
        value = content.group(2) if content.group(2) is not None else content.group(3)
        parts = _DELAY_URL.match(value or "")
        if parts and parts.group(2) and float(parts.group(1)) <= MAX_REFRESH_DELAY_S:
            return _elsewhere(urljoin(url, parts.group(2).strip()), url)
    found = _SCRIPT_LOCATION.search(html) if small else None
    if found:
        return _elsewhere(urljoin(url, found.group(1) or found.group(2)), url)
    return None


def _elsewhere(target: str, url: str) -> str | None:
    """target, when it is an http(s) page other than url itself."""
    if not target.startswith(("http://", "https://")):
        return None
    return target if target.split("#")[0] != url.split("#")[0] else None
