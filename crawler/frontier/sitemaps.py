"""Sitemaps as a second way into a site (site config `sitemaps: true`, `--sitemaps`).

A crawl that follows index pages reaches what the site's lists link to. Pages nothing lists
stay out of reach: a docs page only a changelog mentions, category pages no menu shows, a
tag page linked from posts alone. The site's sitemaps (robots.txt's `Sitemap:` lines, else
/sitemap.xml) name them; each page they list is fetched and scored like any other, so a leaf
is archived and an index page is followed. Reading of the files is Scrapy's own
(scrapy.utils.sitemap), as its SitemapSpider reads them.
"""
from __future__ import annotations

from urllib.parse import urljoin, urlsplit

from scrapy.utils.gz import gunzip
from scrapy.utils.sitemap import Sitemap, sitemap_urls_from_robots

# A sitemap file may hold 50,000 URLs and 50 MB uncompressed (sitemaps.org); a gzipped one
# is refused beyond this once inflated, as a decompression bomb.
MAX_SITEMAP_BYTES = 64 * 1024 * 1024
DEFAULT_SITEMAP_PATH = "/sitemap.xml"


class NotASitemap(ValueError):
    """A body that is no sitemap: the message says what it was."""


def robots_url(start_url: str) -> str:
    parts = urlsplit(start_url)
    return f"{parts.scheme}://{parts.netloc}/robots.txt"


def sitemaps_of_robots(robots_text: bytes | str, robots: str) -> list[str]:
    """The Sitemap: lines of a robots.txt, else the origin's /sitemap.xml."""
    found = list(sitemap_urls_from_robots(robots_text, base_url=robots))
    if found:
        return found
    parts = urlsplit(robots)
    return [f"{parts.scheme}://{parts.netloc}{DEFAULT_SITEMAP_PATH}"]


def read_sitemap(body: bytes, url: str = "") -> tuple[str, list[str]]:
    """(kind, locations): 'urlset' and its pages, or 'sitemapindex' and its sitemaps.
    A gzipped body (sitemap.xml.gz) is inflated first. A location given as a path (/post/,
    from a site built with an empty base URL) is read against the sitemap's own url, as a
    browser reads a relative link: the protocol wants absolute URLs, generators write these."""
    if body[:2] == b"\x1f\x8b":
        try:
            body = gunzip(body, max_size=MAX_SITEMAP_BYTES)
        except Exception as exc:        # a bad or oversized archive: say which, not why Python
            raise NotASitemap(f"a gzip body that does not inflate ({type(exc).__name__})") from None
    if not body.lstrip()[:1] == b"<":
        raise NotASitemap("no XML")
    try:
        sitemap = Sitemap(body)
    except Exception:
        raise NotASitemap("XML that does not parse") from None
    if sitemap.type not in ("urlset", "sitemapindex"):
        raise NotASitemap(f"XML whose root is <{sitemap.type}>, not <urlset> or <sitemapindex>")
    locations = [entry["loc"].strip() for entry in sitemap if (entry.get("loc") or "").strip()]
    return sitemap.type, [urljoin(url, loc) for loc in locations] if url else locations
