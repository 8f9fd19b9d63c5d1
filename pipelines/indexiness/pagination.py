"""Pagination links: the way from one page of a listing to the next.

They must be followed even when the theme puts them in a <nav> (which the seed's relevant
-link rule leaves out), or a crawl sees only the first page of every archive. They are
also a sign that the page is a listing.
"""

from __future__ import annotations

import re
from urllib.parse import urljoin, urlsplit

from .links import INLINK, Link
from .url_shape import PAGE_EXTENSION, is_date_archive_url, without_tracking

PAGER_CLASS = re.compile(r"pagina|pager|page-numbers|page-nav|page-links|nav-links|wp-pagenavi|paging", re.I)
"""Class/id/aria-label words themes use for the pager (WordPress, Hugo, Jekyll, Ghost, Bootstrap;
page-links is WordPress' own for the parts of a post split with <!--nextpage-->)."""

PAGER_TEXT = re.compile(
    r"^(?:[1-9]\d{0,3}|next|previous|prev|older|newer|older posts|newer posts|older entries|newer entries|"
    r"next page|previous page|more posts|load more|[«»‹›←→⟨⟩⟪⟫〈〉]+|<{1,2}|>{1,2}|next\s*[»›→]|"
    r"[«‹←]\s*prev(?:ious)?)$", re.I)
"""Link texts of a pager: page numbers and the usual next/previous words and arrows (the
angle brackets are Pelican's default themes' &lang; &rang; &Lang; &Rang;). A page's number
is 1 or more: a bare "0" is a count, the comments of a post in a list of recent posts
(WordPress themes link it to the post's #comments), and read as page 0 it made posts
listings."""

PAGE_PARAMS = ("page", "paged", "p", "pg", "start", "offset")
"""Query parameters that number a listing's pages (?page=2, WordPress' ?paged=2, ?start=20)."""
_PAGE_PARAM = "(?:" + "|".join(PAGE_PARAMS) + ")"

PAGE_URL = re.compile(r"(?:/page/\d+/?$|/p/\d+/?$|[?&]" + _PAGE_PARAM + r"=\d+|/\d+/?$|[-_/]page-?\d+(?:\.html?)?/?$|/index[-_]?\d+\.html?$)", re.I)
"""URL shapes of numbered listing pages (/index2.html is Pelican's, /index-2.html Nikola's)."""

# PAGE_URL's shapes whose number may as well be a record's key: a bare trailing number
# (/news/2, but also hypotheses.org/811), ?p=N (a shop's page 2, but also WordPress's
# address of a post, ?p=2866) and /p/N. A post's "previous post" link has such a shape, and
# read as a pager it made the post a listing (trafilatura-eval: 6 of 884 articles paged so,
# 3 of them read as index). Such a link pages a listing when its words are a pager's ("2",
# "Next"), or when its number is small and this page's own address carries no number of
# that shape (a listing's first page does not; a post at ?p=12 beside ?p=11 does).
_AMBIGUOUS_PAGE = re.compile(r"(?:/p/(\d+)/?$|/(\d+)/?$|[?&]p=(\d+)(?:&|$))", re.I)
# Listings run to tens or hundreds of pages; a larger number in such a shape is a record's
# key (posts, topics, products are numbered in thousands).
PAGE_NUMBER_MAX = 1000


def pages_listing(pager_url: str, page_url: str, pager_words: bool) -> bool:
    """Whether a link that pagination_links found (PAGE_URL-shaped) leads to another page of
    a listing rather than to a neighbouring record (_AMBIGUOUS_PAGE)."""
    url = pager_url.split("#", 1)[0]
    m = _AMBIGUOUS_PAGE.search(url)
    if m is None or pager_words:
        return True
    number = int(next(g for g in m.groups() if g is not None))
    own = _AMBIGUOUS_PAGE.search(page_url.split("#", 1)[0])
    return number <= PAGE_NUMBER_MAX and (own is None or own.lastindex != m.lastindex)


# A page's number, as a pager's link says it (PAGER_TEXT's numbers).
PAGER_NUMBER = re.compile(r"[1-9]\d{0,3}$")


# First characters of PAGER_TEXT's words and arrows; a set, so the empty first char of ""
# is no member.
_PAGER_FIRST_CHARS = frozenset("nNpPoOmMlL«»‹›←→⟨⟩⟪⟫〈〉<>")
_PAGER_RELS = frozenset({"next", "prev", "previous"})


# PAGE_URL split in its two kinds of shape, each searched only where it can match:
# the query shape, and the end-anchored path shapes (each ends in a digit, maybe followed by
# .html/.htm, then at most one "/"; "$" also matches before a final newline), which hold at
# most three slashes, so the search starts at the URL's third slash from the end.
_QUERY_PAGE = re.compile(r"[?&]" + _PAGE_PARAM + r"=\d", re.I)
_END_PAGE = re.compile(r"(?:/page/\d+/?|/p/\d+/?|/\d+/?|[-_/]page-?\d+(?:\.html?)?/?|"
                       r"/index[-_]?\d+\.html?(?!/))$", re.I)


def is_page_url(url: str) -> bool:
    """PAGE_URL.search(url) is not None, without running a regex (~2 us) on URLs it cannot
    match, and searching the end-anchored shapes only near the end."""
    if "=" in url and _QUERY_PAGE.search(url) is not None:
        return True
    if url[-1:] != "\n" and not _may_end_a_page_url(url):
        return False
    start = url.rfind("/", 0, url.rfind("/", 0, url.rfind("/")))
    return _END_PAGE.search(url, max(start, 0)) is not None


def _may_end_a_page_url(url: str) -> bool:
    last = url[-2:-1] if url[-1:] == "/" else url[-1:]
    if last.isdecimal():
        return True
    if last not in ("l", "L", "m", "M"):
        return False
    end = (url[-7:-1] if url[-1:] == "/" else url[-6:]).lower()
    if end.endswith(".html"):
        return end[-6:-5].isdecimal()
    return end.endswith(".htm") and end[-5:-4].isdecimal()


# PAGER_TEXT's words, for a set lookup on ASCII texts instead of the regex.
_PAGER_WORDS = frozenset({"next", "previous", "prev", "older", "newer", "older posts", "newer posts",
                          "older entries", "newer entries", "next page", "previous page",
                          "more posts", "load more", "<", "<<", ">", ">>"})


def is_pager_text(text: str) -> bool:
    """PAGER_TEXT.match(text) is not None for a whitespace-normalised text; on ASCII texts
    without the regex (its arrows are not ASCII, so there it matches 1-4 digits or a word)."""
    if text.isascii() and text[-1:] != "\n":      # "$" also matches before a final newline
        return len(text) <= 4 and text.isdecimal() and text[0] != "0" or text.lower() in _PAGER_WORDS
    return PAGER_TEXT.match(text) is not None


# A page file named like a listing's page N: a word, maybe a number, an extension. Pelican
# numbers every listing so (author/jane.html, author/jane2.html; tag/x.html, tag/x2.html),
# and others number theirs alike. The stem must end in a letter, so that numbered posts
# (release-1-2.html, release-1-3.html) are no pages of one another.
_NUMBERED_FILE = re.compile(r"(?P<stem>.*[^\W\d_])\d{0,4}(?P<ext>\.html?)", re.I)
NUMBERED_FILE_MAX_DIGITS = 4


def numbered_sibling_test(page_url: str):
    """A test of whether a URL is this page's own file with another page number (jane2.html
    for jane.html or jane3.html), or None when the page's URL is no such file."""
    m = _NUMBERED_FILE.fullmatch(page_url.split("#", 1)[0].split("?", 1)[0])
    if m is None:
        return None
    stem, ext, own = m["stem"], m["ext"], page_url.split("#", 1)[0]

    def test(url: str) -> bool:
        if not url.startswith(stem) or not url.endswith(ext) or url == own:
            return False
        number = url[len(stem):len(url) - len(ext)]      # "" for the first page
        return not number or (len(number) <= NUMBERED_FILE_MAX_DIGITS and number.isdecimal())
    return test


PAGER_ANCESTOR_DEPTH = 4
"""How far up from a link a pager container is looked for."""


def _attr_words(el) -> str:
    return " ".join(filter(None, (el.get("class"), el.get("id"), el.get("aria-label"), el.get("role"))))


def _in_pager(el) -> bool:
    """The link, or one of its PAGER_ANCESTOR_DEPTH ancestors, is named a pager's: a pager
    whose links read "Page 2" (WordPress' Twenty Twenty-One) names them so itself
    (post-page-numbers)."""
    if PAGER_CLASS.search(_attr_words(el)):
        return True
    for _ in range(PAGER_ANCESTOR_DEPTH):
        el = el.getparent()
        if el is None:
            return False
        if PAGER_CLASS.search(_attr_words(el)):
            return True
    return False


def rel_links(root, base: str) -> list[str]:
    """Absolute URLs of <link>/<a> with rel=next or rel=prev."""
    found = []
    for el in root.iter("link", "a"):
        rel = el.get("rel")
        if not rel:
            continue
        rel = rel.lower()
        if "next" not in rel and "prev" not in rel:
            continue          # stylesheets, icons, feeds: most <link>s
        rel = rel.split()
        href = el.get("href")
        if href and ("next" in rel or "prev" in rel or "previous" in rel):
            found.append(urljoin(base, href.strip()))
    return found


def pagination_links(links: list[Link], root, page_url: str) -> list[str]:
    """In-site links that lead to another page of this listing.

    Cheap on purpose: rel=next/prev comes from the <head>'s <link>s and from the links'
    own rel (already read by the link walk), and a link's ancestors are looked at only
    when its text or URL already looks like a pager's."""
    found: dict[str, None] = {}
    head = root.find("head") if root.tag == "html" else None
    rels = rel_links(head, page_url) if head is not None else []
    pagers: list[str] = []
    sibling = numbered_sibling_test(page_url)
    for link in links:       # one pass: the links' own rel, then pager-looking in-links
        if link.rel and not _PAGER_RELS.isdisjoint(link.rel):
            rels.append(link.url)
        if link.locality != INLINK:
            continue
        # the cheap rejections of is_page_url and is_pager_text first: most links fail both
        url = link.url
        last = url[-2:-1] if url[-1:] == "/" else url[-1:]
        url_may = "=" in url or last.isdecimal() or last in "lLmM\n"
        text = link.text       # whitespace-normalised by the link walk
        first = text[:1]
        text_may = first in _PAGER_FIRST_CHARS or first.isdecimal()
        if not (url_may or text_may) or link.element is None:
            continue
        # a sidebar's archive of years (/2024/, /2023/…, linked as "2024") reads like
        # numbered pages; a calendar archive is another listing, not this one's page N
        by_url = (url_may and (is_page_url(url) or (sibling is not None and sibling(url)))
                  and not is_date_archive_url(url))
        by_text = text_may and is_pager_text(text)
        if (by_url and by_text) or ((by_url or by_text) and _in_pager(link.element)):
            pagers.append(url)
    host = urlsplit(page_url).netloc if rels else None    # split only when asked
    for url in rels:
        if urlsplit(url).netloc == host:
            found.setdefault(url.split("#", 1)[0], None)
    for url in pagers:
        found.setdefault(url.split("#", 1)[0], None)
    found.pop(page_url.split("#", 1)[0], None)
    return list(found)


# What a page's address ends in when it is page N of its sequence (END_PAGE's shapes, a
# numbered file jane2.html, an index file).
_SEQUENCE_TAIL = re.compile(r"(?:/page/\d+|/p/\d+|/\d+|[-_/]page-?\d+|(?<=[^\W\d_])\d{1,4}|/index[-_]?\d*)$", re.I)


def _sequence_of(url: str) -> tuple[str, str, set[str]]:
    """(host, path stem, query parameters but the page number) of a page of a sequence."""
    parts = urlsplit(without_tracking(url.split("#", 1)[0]))
    path = PAGE_EXTENSION.sub("", parts.path.rstrip("/"))
    stem = _SEQUENCE_TAIL.sub("", path).rstrip("/")
    query = {q for q in parts.query.split("&") if q and q.split("=", 1)[0].lower() not in PAGE_PARAMS}
    return parts.netloc, stem, query


def own_sequence_test(page_url: str, canonical: str | None = None):
    """A test of whether a pager's link numbers pages of the sequence this page is in: the
    same address with another number, or one below it (/blog/ -> /blog/page/2/, /t/123 ->
    /t/123?page=2, jane.html -> jane2.html). A news article shows its section's latest
    stories with their pager under its text (/news/a-story beside /news/page-2), a post a
    sidebar's numbered archive: that pager pages another page, a listing this one is filed
    in, not this one. The page's canonical address counts as its own: a shop reached by a
    short address pages by its long one (/cat/desks-20649/ -> /cat/desks-computer-desks-20649/?page=2)."""
    owns = [_sequence_of(own) for own in ((page_url, canonical) if canonical else (page_url,))]

    def test(pager_url: str) -> bool:
        p_host, p_stem, p_query = _sequence_of(pager_url)
        return any(p_host == host and (p_stem + "/").startswith(stem + "/") and query <= p_query
                   for host, stem, query in owns)
    return test


_NUMBERED_TAIL = re.compile(r"(?:\d+/?|\?.*)")


# A post links a page or two of its own beside its parts (its author's, its category's);
# a listing's page links more entries than that beside its pager.
ONE_CONTENT_OTHER_TARGETS_MAX = 2


def pages_one_content(pager: list[str], targets: set[str], page_url: str) -> bool:
    """Is the pager nearly all the content links to? Then it pages one piece of content: a
    post split with WordPress' <!--nextpage-->, a news article's "Page 2 of 3", whatever its
    address looks like; a listing's pages link their entries beside the pager. Page 1 is
    often left out of the pager's pages, as the address the others number (/story/ of
    /story/2/)."""
    others = sum(1 for t in targets if t not in pager and not (
        page_url.startswith(t) and _NUMBERED_TAIL.fullmatch(page_url[len(t):])))
    return bool(pager) and others <= ONE_CONTENT_OTHER_TARGETS_MAX
