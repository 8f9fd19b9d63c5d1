"""The publication days a site's own feed gives its posts.

Nearly every blog and news engine advertises an RSS or Atom feed in each page's head
(`<link rel="alternate" type="application/rss+xml">`: WordPress, Ghost, Jekyll's jekyll-feed,
Hugo, Pelican, Nikola, ABlog, Mezzanine…), and the feed names each post's address and
publication date as data, whatever the theme prints. Some themes print no date at all (ABlog
shows it only in a sidebar card, minimal themes leave it out), so the feed is where a crawl
learns it. Pure functions: HTML or feed bytes in, data out; the crawl fetches (spiders) and
the archive applies it (workers/feed_dating.py).
"""
from __future__ import annotations

import re
from datetime import date
from urllib.parse import urljoin, urlsplit

from lxml import etree, html as lxml_html

from .page_date import iso_date

FEED_TYPES = frozenset({"application/rss+xml", "application/atom+xml", "application/rdf+xml"})
MAX_FEEDS = 3
"""Feeds taken from one page: a site's main feed comes first in its head; WordPress adds a
comments feed and a category's, which add nothing or less."""
MAX_FEED_BYTES = 8 * 1024 * 1024
"""A feed larger than this is not read: a full-text feed of a few hundred posts is ~2 MB."""

_DAY = re.compile(r"(\d{4})-\d{2}-\d{2}")
FIRST_YEAR = 1991
"""No web page is older. Hugo writes an undated page's pubDate as 0001-01-01, the zero time."""
_ATOM = "{http://www.w3.org/2005/Atom}"
_DC_DATE = "{http://purl.org/dc/elements/1.1/}date"
_RDF_ABOUT = "{http://www.w3.org/1999/02/22-rdf-syntax-ns#}about"


class NotAFeed(ValueError):
    """The body is no RSS, RDF or Atom document (an HTML error page, a broken file)."""


def advertised_feeds(html: str | bytes, url: str) -> list[str]:
    """The feeds a page's head advertises, absolute, in document order (at most MAX_FEEDS)."""
    try:
        root = lxml_html.fromstring(html)
    except (etree.ParserError, ValueError):
        return []
    out: list[str] = []
    for link in root.iter("link"):
        rel = (link.get("rel") or "").lower().split()
        kind = (link.get("type") or "").strip().lower()
        href = (link.get("href") or "").strip()
        if "alternate" in rel and kind in FEED_TYPES and href:
            feed = urljoin(url, href)
            if feed not in out and urlsplit(feed).scheme in ("http", "https"):
                out.append(feed)
    return out[:MAX_FEEDS]


def page_key(url: str) -> str:
    """How a feed's entry and a crawled page are matched: host (no www.) and path with its
    query, not the scheme. A site that moved to https often still names http in its feed."""
    parts = urlsplit(url.strip())
    host = (parts.hostname or "").lower().removeprefix("www.")
    port = f":{parts.port}" if parts.port else ""
    return f"{host}{port}{parts.path or '/'}" + (f"?{parts.query}" if parts.query else "")


def read_feed(body: bytes, url: str) -> dict[str, str]:
    """{page_key(entry address): ISO date} for a feed's entries.

    RSS items give pubDate (or dc:date); Atom entries their `published`, and `updated` only
    in a feed where no entry has `published` (ABlog writes only `updated`, the post's day);
    in a feed that has both, an entry's `updated` is its last edit. Entries that point inside
    a page (#comment-3: a comments feed) date a comment, not the page, and are left out."""
    if len(body) > MAX_FEED_BYTES:
        raise NotAFeed(f"larger than {MAX_FEED_BYTES // (1024 * 1024)} MB")
    parser = etree.XMLParser(recover=True, resolve_entities=False, no_network=True, huge_tree=False)
    try:
        root = etree.fromstring(body, parser)
    except etree.XMLSyntaxError as exc:
        raise NotAFeed(f"not XML: {exc}") from None
    if root is None or not isinstance(root.tag, str):
        raise NotAFeed("not XML")
    name = etree.QName(root).localname.lower()
    if name == "feed":
        entries = _atom_entries(root, url)
    elif name in ("rss", "rdf"):
        entries = _rss_items(root, url)
    else:
        raise NotAFeed(f"its root element is <{name}>, not <rss>, <rdf:RDF> or <feed>")
    out: dict[str, str] = {}
    for link, value in entries:
        day = iso_date((value or "").strip())
        if not link or not day or urlsplit(link).fragment or not _plausible(day):
            continue
        out.setdefault(page_key(link), day)
    return out


def _plausible(day: str) -> bool:
    m = _DAY.match(day)
    # a day next year at most: a feed written in a zone ahead of UTC on New Year's Eve
    return bool(m) and FIRST_YEAR <= int(m.group(1)) <= date.today().year + 1


def _text(el, tag: str) -> str | None:
    found = el.find(tag)
    return found.text if found is not None else None


def _rss_items(root, url: str) -> list[tuple[str | None, str | None]]:
    out = []
    for item in root.iter("item", "{http://purl.org/rss/1.0/}item"):
        link = None
        for tag in ("link", "{http://purl.org/rss/1.0/}link"):
            link = _text(item, tag)
            if link:
                break
        guid = item.find("guid")
        if not link and guid is not None and guid.get("isPermaLink", "true") == "true":
            link = guid.text
        link = link or item.get(_RDF_ABOUT)
        date = _text(item, "pubDate") or _text(item, _DC_DATE)
        out.append((urljoin(url, link.strip()) if link else None, date))
    return out


def _atom_entries(root, url: str) -> list[tuple[str | None, str | None]]:
    entries = list(root.iter(f"{_ATOM}entry"))
    has_published = any(e.find(f"{_ATOM}published") is not None for e in entries)
    date_tag = f"{_ATOM}published" if has_published else f"{_ATOM}updated"
    out = []
    for entry in entries:
        link = None
        for el in entry.iter(f"{_ATOM}link"):
            if el.get("rel", "alternate") == "alternate" and el.get("href"):
                link = el.get("href")
                break
        out.append((urljoin(url, link.strip()) if link else None, _text(entry, date_tag)))
    return out
