"""Does a URL name one record (a thread, a product, a post) or a set of them?

url_shape.py reads a URL's words (/tag/x, /2019/05/a-long-slug); this module reads its
identifiers. Forums, shops and CMSs across the web address one record by a numeric key:
showthread.php?t=186269, viewtopic.php?id=309936, /topic/188682-new-case/, /dp/B0D1X…/123456.
Listings are addressed by words and page numbers instead (/category/shoes?page=2).
"""
from __future__ import annotations

import re
from urllib.parse import urlsplit

from .url_shape import DATED_SLUG, SLUG_MIN_WORDS

# A record key in a path: a long number (5+ digits, so years such as /2019/ and small page
# numbers are not keys), or a number leading a slug (/188682-new-case, IPS and phpBB style).
RECORD_ID = re.compile(r"\d{5,}|(?:^|/)\d+-[^/\d]")
# Query keys that number a page of a paged document (?page=3, ?start=40, WordPress' ?paged=2).
PAGE_NUMBER_KEYS = frozenset({"page", "paged", "pg", "start", "offset", "pagenum", "pagenumber"})
# Query keys that page, sort, filter or search a listing: a number there is not a record.
LISTING_KEYS = PAGE_NUMBER_KEYS | {"limit", "per_page", "sort", "order", "orderby", "q", "s",
                                   "query", "search", "filter", "tag", "cat", "category",
                                   "srsltid", "utm_source", "ref"}
# A record key has 3+ digits: page numbers (?p=2) rarely reach 100, record keys rarely stay below.
_NUMBER = re.compile(r"\d{3,}(?:\.\d+)?")


def query_names_record(url: str) -> bool:
    """A query parameter whose value is a number and whose key does not page or filter a
    listing: ?t=186269, ?id=309936, ?topic=589061.0 — one record, not a set of them."""
    query = url.split("#", 1)[0].partition("?")[2]
    if not query:
        return False
    for pair in query.split("&"):
        key, _, value = pair.partition("=")
        if value and _NUMBER.fullmatch(value) and key.lower() not in LISTING_KEYS:
            return True
    return False


def path_has_record_id(url: str) -> bool:
    try:
        path = urlsplit(url).path
    except ValueError:
        return False
    return bool(RECORD_ID.search(path))


# A piece of content's own address: a dated slug (/2019/05/some-title) or a slug of at least
# SLUG_MIN_WORDS words (/how-to-fix-a-bike), as in url_shape.py. Tested per link target, so
# by string operations rather than a general parse; the shapes are url_shape's own.


def target_path(url: str) -> str:
    """The path of an absolute URL by string cuts, not urlsplit: link targets are many
    and already absolute, so the general parser would cost more than the test itself."""
    start = url.find("//")
    start = start + 2 if start >= 0 else 0
    end = len(url)
    for stop in "?#":
        i = url.find(stop, start)
        if 0 <= i < end:
            end = i
    start = url.find("/", start, end)     # the path starts after the host, before any query
    if start < 0:
        return "/"
    return url[start:end]


def is_content_path(path: str) -> bool:
    slug = path.rstrip("/").rpartition("/")[2]
    if slug.count("-") + slug.count("_") + slug.count("+") >= SLUG_MIN_WORDS - 1:
        return True
    return bool(DATED_SLUG.search(path))


def is_record_path(path: str) -> bool:
    return bool(RECORD_ID.search(path))


_DIGIT = re.compile(r"\d")


# A folder's index file names the folder itself (/blog/index.html is /blog/).
_INDEX_FILE = re.compile(r"/(?:index|default)\.[a-z]+$", re.I)


def child_targets(urls, page_url: str, cap: int) -> int:
    """How many of these in-site targets sit under the page's own path, up to cap:
    /blog/ -> /blog/a-post, /shoes/ -> /shoes/boots/x. Sites across the web file a
    listing's entries beneath it (a section's posts, a category's subcategories, a
    course catalog's courses), where a leaf links across the site: to its section, its
    neighbours, the site's sections. A home has every page beneath it, so it counts none."""
    own = _INDEX_FILE.sub("", target_path(page_url).rstrip("/"))
    if not own:
        return 0
    prefix = own + "/"
    count = 0
    for url in urls:
        path = target_path(url)
        if path.startswith(prefix) and len(path) > len(prefix):
            count += 1
            if count >= cap:
                break
    return count


def target_shapes(urls, cap: int) -> tuple[int, int]:
    """(content, records): how many of these in-site link targets are addressed as one
    piece of content (a title slug or a dated slug) and as a record (a numeric key), each
    counted up to cap. A listing links to many of both; a landing page links to sections.

    target_path, is_content_path and is_record_path inlined: a page has ~70 targets, and
    the calls cost as much as the tests."""
    content = records = 0
    dated, record, digit = DATED_SLUG.search, RECORD_ID.search, _DIGIT.search
    min_seps = SLUG_MIN_WORDS - 1
    for url in urls:
        # target_path(url)
        start = url.find("//")
        start = start + 2 if start >= 0 else 0
        end = len(url)
        i = url.find("?", start)
        if i >= 0:
            end = i
        i = url.find("#", start, end)
        if i >= 0:
            end = i
        start = url.find("/", start, end)
        path = url[start:end] if start >= 0 else "/"
        # both shapes' regexes need a digit; one cheap search rules most paths out
        has_digit = digit(path) is not None
        if content < cap:
            slug = path.rstrip("/")
            slug = slug[slug.rfind("/") + 1:]
            if (slug.count("-") + slug.count("_") + slug.count("+") >= min_seps
                    or has_digit and dated(path)):
                content += 1
        if has_digit and records < cap and record(path):
            records += 1
        if content >= cap and records >= cap:
            break
    return content, records


def _target_shapes_each(urls, cap: int) -> tuple[int, int]:
    content = records = 0
    for url in urls:
        path = target_path(url)
        if content < cap and is_content_path(path):
            content += 1
        if records < cap and is_record_path(path):
            records += 1
    return content, records


# A post's number after a discussion's address: NodeBB's /topic/56/slug/16, Discourse's
# /t/slug/123/45. Such an address shows the window of the thread around that post, and its
# <link rel="canonical"> names the thread's page that holds the post (/topic/56/slug?page=2).
_POST_NUMBER = re.compile(r"/\d{1,6}/?")


def is_post_window(url: str, canonical: str | None) -> bool:
    """Is url the window of its canonical page around one post: the same site, the
    canonical's path (not the site's root) followed by a post's number? The window repeats
    posts the thread's own pages hold (a NodeBB crawl archived 57 such windows of 58
    threads, each a copy of a part of its thread). A canonical the site names wrongly (the
    home page, a section) does not make a page a window: its path is no prefix so."""
    if not canonical or canonical == url:
        return False
    try:
        page, named = urlsplit(url), urlsplit(canonical)
    except ValueError:
        return False
    base = named.path.rstrip("/")
    if (page.scheme, page.netloc) != (named.scheme, named.netloc) or not base \
            or not page.path.startswith(base):
        return False
    return bool(_POST_NUMBER.fullmatch(page.path[len(base):]))
