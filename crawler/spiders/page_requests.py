"""What the site spider's requests carry (their meta keys) and how it reads their
responses and links: constants and helpers shared by its parts."""
from __future__ import annotations

import re

from scrapy.http import HtmlResponse, TextResponse
from scrapy.linkextractors import IGNORED_EXTENSIONS
from w3lib.encoding import http_content_type_encoding

from crawler.frontier.revisits import REVISIT_META

REFERRER = "leafcrawl_referrer"
REFERRER_SCORE = "leafcrawl_referrer_score"
# What a short leaf's HTML showed (its links, its text), carried to its render (note_frame)
PLAIN_VIEW_META = "leafcrawl_plain_view"
# In the JOBDIR of an interrupted crawl: the short leaves held for --render auto's trials
# (their requests were seen, so the resumed crawl's dupefilter would drop them)
HELD_FRAMES_FILE = "leafcrawl-held-frames.json"
# Every HTTP error status, for a request whose callback reads errors too
ERROR_STATUSES = list(range(400, 600))
# Request meta: a start request (its redirect may lead to another host: adopt_host)
START_META = "leafcrawl_start"
# Request meta: the host, adopted as the site's, of the page requested (adopt_host)
SITE_HOST_META = "leafcrawl_site_host"
CONTINUES_META = "leafcrawl_continues"
"""Request meta: {"print": the content print (pipelines/indexiness/continuations.py) of the leaf whose
pager led here, "rest": that pager's other links, "first": the post's first page}. A page that matches the print repeats the
leaf (a widget's pager) and is neither archived nor followed; one that does not continues it,
and the rest of its pager is followed."""
# --render auto fetches both ways, before the crawl, up to this many start pages...
START_PROBES = 3
# ...and this many of the first start page's links that are addressed like articles (dated
# or titled slugs): a static home may lead to articles whose script draws their body...
LEAF_PROBES = 2
# ...and like listings (/tags/x, /blog/, /page/2/): or to listings whose script draws their
# entries, which a plain crawl would never reach
LISTING_PROBES = 1
MAX_ERRORS_KEPT = 20  # enough to explain a failed crawl; the rest are in Redis
# Links to images, archives, media and office files are not pages: don't spend a fetch
# (or a browser tab) on them. Scrapy's own LinkExtractor list, so behaviour is familiar.
# Feeds and sitemaps (.xml/.rss/.atom) are not pages either.
# Plain text files (.txt: a docs site's "show source" links to its reST, robots.txt) are
# no pages either, nor the sources generators publish beside each post (Nikola's
# COPY_SOURCES links every post's .md/.rst; notebooks are JSON): a browser shows them as
# text, so each cost a fetch and came back a "not an HTML page" failure.
SOURCE_EXTENSIONS = {".md", ".markdown", ".rst", ".adoc", ".asciidoc", ".ipynb"}
NOT_PAGE_EXTENSIONS = ({"." + ext for ext in IGNORED_EXTENSIONS} | {".xml", ".rss", ".atom", ".txt"}
                       | SOURCE_EXTENSIONS)
_NOT_PAGE_SUFFIXES = tuple(sorted(NOT_PAGE_EXTENSIONS))
# Feeds under paths of their own (WordPress' /feed/ and /category/x/feed/, Mezzanine's
# /blog/feeds/rss/, /rss/, /atom.xml is an extension already): XML, no page. Mezzanine's
# sidebar and listings link 24 of them, each fetched and refused as no HTML.
# (/rss/ and /atom/ only at the root: /tags/atom/ is a tag's page.)
FEED_PATH = re.compile(r"/feeds?(?:/(?:rss2?|atom|comments))?/?$|^/(?:rss2?|atom)/?$", re.I)


def not_a_page_path(path: str) -> bool:
    """Does a URL's path end in one of NOT_PAGE_EXTENSIONS? Scrapy's url_has_any_extension,
    its ;params aside as urlparse sets them aside, with one endswith over a tuple instead of
    one call per extension: 80 us a link over its 180 extensions, 20,000 links a page."""
    last = path.rpartition("/")[2]
    if ";" in last:
        last = last.split(";", 1)[0]
    return last.lower().endswith(_NOT_PAGE_SUFFIXES)
# The media types a browser renders as a web page.
HTML_MEDIA_TYPES = frozenset({"text/html", "application/xhtml+xml"})


def is_html_response(response) -> bool:
    """A response that is a web page: declared text/html or XHTML, or, undeclared, sniffed as
    HTML by Scrapy. A declared text/plain, JSON or XML body is shown as text by a browser,
    whatever it holds: analysed as a page, a docs site's reST sources and a site's JSON
    were archived as articles. (Scrapy itself sniffs HTML-looking text/plain as HTML, and
    the browser wraps any text in <html><pre>, so the class alone cannot tell.)"""
    declared = response.headers.get("Content-Type")
    if declared:
        media = declared.decode("latin-1").split(";", 1)[0].strip().lower()
        if media and media != "application/octet-stream":
            return media in HTML_MEDIA_TYPES and isinstance(response, TextResponse)
    return isinstance(response, HtmlResponse)


def fetched_in_browser(meta) -> bool:
    """Was (or would) the page of this request's meta be rendered? A revisit asks by plain
    HTTP whatever the page's own mode, which it keeps (crawler/frontier/revisits.py)."""
    revisit = meta.get(REVISIT_META)
    return bool(revisit["playwright"] if revisit else meta.get("playwright"))


def body_charset(response, html: str | bytes | None = None) -> str | None:
    """The charset response.body is in, as its transport says (it wins over the page's
    <meta charset>, as in browsers): scrapy-playwright's body, encoded again from the
    browser's text, names its own; a plain response its Content-Type's, or None. None too
    when what is analysed (html) is text already (the browser's measured HTML)."""
    if isinstance(html, str):
        return None
    if response.meta.get("playwright"):
        return getattr(response, "encoding", None)
    return http_content_type_encoding(response.headers.get("Content-Type", b"").decode("latin-1"))


MAX_RELOGINS = 10
"""Form logins a crawl makes again when its session ends: a site that ends every session at
once (or a crawl that meets many pages its user may not see) is not logged into for ever."""
MAX_PAGE_RETRIES = 2
"""Times a page that met the login form is asked for again after a login."""
RELOGIN_PRIORITY = 100
"""How far a page retried after a login goes ahead of the pages queued before it."""
RELOGIN_META = "leafcrawl_after_login"
"""Request meta: times asked for again after meeting the login form (retried_after_login)."""


def asked_url(response) -> str:
    """The address a response was asked for: a plain fetch's response.request is its last
    redirect's."""
    return (response.meta.get("redirect_urls") or [response.request.url])[0]


def carry_site_host(request, host: str) -> None:
    """The request is for a page on a host the crawl adopted as the site's: past any
    process's offsite filter, and adopted by the process that parses it (adopt_host)."""
    request.meta.update({SITE_HOST_META: host, "allow_offsite": True})
