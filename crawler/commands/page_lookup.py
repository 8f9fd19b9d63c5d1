"""Find a stored page by the URL a user types: forgiving of a trailing slash, the scheme,
an index.html, or a place in the page, and naming the nearest stored URLs when none is."""

from __future__ import annotations

import difflib
from urllib.parse import urlsplit, urlunsplit

from pipelines.indexiness.page_address import page_address
from pipelines.store.score_store import as_text
from pipelines.store import redis_keys as rk  # Names a directory's own page is served under: /a/index.html is the page /a/.
INDEX_FILES = ("index.html", "index.htm")
# How many near URLs a failed look-up offers, and how alike they must be (difflib's ratio).
NEAREST_SHOWN = 5
NEAREST_CUTOFF = 0.6


def url_variants(url: str) -> list[str]:
    """url, then the forms of the same address a site may have stored it under."""
    url = page_address(url.strip())
    parts = urlsplit(url)
    paths = [parts.path or "/"]
    path = paths[0]
    for name in INDEX_FILES:
        if path.endswith("/" + name):
            paths.append(path[: -len(name)])
    if path.endswith("/") and path != "/":
        paths.append(path.rstrip("/"))
    elif not path.endswith("/") and not any(path.endswith("/" + n) for n in INDEX_FILES):
        paths.append(path + "/")
    paths += [p + INDEX_FILES[0] for p in list(paths) if p.endswith("/")]
    schemes = [parts.scheme] + [s for s in ("https", "http") if s != parts.scheme]
    seen: dict[str, None] = {}
    for scheme in schemes:
        for p in paths:
            seen[urlunsplit((scheme, parts.netloc, p, parts.query, parts.fragment))] = None
    return list(seen)


def lookup_page(store, url: str) -> dict | None:
    """The record stored under url or under one of its variants (url_variants)."""
    for candidate in [url] + url_variants(url):
        page = store.get_page(candidate)
        if page is not None:
            return page
    return None


def nearest_urls(store, url: str) -> list[str]:
    """The stored URLs most like url (same host first), for a look-up that found none."""
    host = urlsplit(url).netloc
    urls: list[str] = []
    for site in store.sites():
        urls += [as_text(u) for u in store.redis.zrange(rk.site_scores_key(store.prefix, site), 0, -1)]
    same_host = [u for u in urls if urlsplit(u).netloc == host] or urls
    return difflib.get_close_matches(url, same_host, n=NEAREST_SHOWN, cutoff=NEAREST_CUTOFF)
