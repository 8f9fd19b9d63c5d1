"""Pagination links: the way from one page of a listing to the next.

They must be followed even when the theme puts them in a <nav> (which the seed's relevant
-link rule leaves out), or a crawl sees only the first page of every archive. They are
also a sign that the page is a listing.
"""

from __future__ import annotations

import re
from urllib.parse import urljoin, urlsplit

from .links import INLINK, Link
from .url_shape import is_date_archive_url

PAGER_CLASS = re.compile(r"pagina|pager|page-numbers|page-nav|nav-links|wp-pagenavi|paging", re.I)
"""Class/id/aria-label words themes use for the pager (WordPress, Hugo, Jekyll, Ghost, Bootstrap)."""

PAGER_TEXT = re.compile(
    r"^(?:\d{1,4}|next|previous|prev|older|newer|older posts|newer posts|older entries|newer entries|"
    r"next page|previous page|more posts|load more|[«»‹›←→]+|next\s*[»›→]|[«‹←]\s*prev(?:ious)?)$", re.I)
"""Link texts of a pager: page numbers and the usual next/previous words and arrows."""

PAGE_URL = re.compile(r"(?:/page/\d+/?$|/p/\d+/?$|[?&](?:page|paged|p|pg|start|offset)=\d+|/\d+/?$|[-_/]page-?\d+(?:\.html?)?/?$|/index\d+\.html?$)", re.I)
"""URL shapes of numbered listing pages."""

# First characters of PAGER_TEXT's words and arrows; a set, so the empty first char of ""
# is no member.
_PAGER_FIRST_CHARS = frozenset("nNpPoOmMlL«»‹›←→")
_PAGER_RELS = frozenset({"next", "prev", "previous"})


# PAGE_URL split in its two kinds of shape, each searched only where it can match:
# the query shape, and the end-anchored path shapes (each ends in a digit, maybe followed by
# .html/.htm, then at most one "/"; "$" also matches before a final newline), which hold at
# most three slashes, so the search starts at the URL's third slash from the end.
_QUERY_PAGE = re.compile(r"[?&](?:page|paged|p|pg|start|offset)=\d", re.I)
_END_PAGE = re.compile(r"(?:/page/\d+/?|/p/\d+/?|/\d+/?|[-_/]page-?\d+(?:\.html?)?/?|"
                       r"/index\d+\.html?(?!/))$", re.I)


def is_page_url(url: str) -> bool:
    """PAGE_URL.search(url) is not None, without running a regex (~2 us) on URLs it cannot
    match: the query shape only where there is a "=", the end shapes by string tests on
    ASCII URLs (the regex, searched near the end, on others)."""
    if "=" in url and _QUERY_PAGE.search(url) is not None:
        return True
    if not url.isascii() or url[-1:] == "\n":      # "$" also matches before a final newline
        return _ends_a_page_url(url)
    # ASCII: isdigit() is \d, and re.I folds only ASCII case here
    slash = url[-1:] == "/"
    s = url[:-1] if slash else url
    if s[-1:].isdigit():
        head = s.rstrip(_DIGITS)
        # /\d+/?$ (so /page/N and /p/N too), else [-_/]page-?\d+/?$
        return head[-1:] == "/" or _ends_page_word(head)
    end = s[-5:].lower()
    if end == ".html":
        head = s[:-5]
    elif end[1:] == ".htm":
        head = s[:-4]
    else:
        return False
    number = head.rstrip(_DIGITS)
    if len(number) == len(head):
        return False
    # /index\d+\.html?$ (no trailing "/"), else [-_/]page-?\d+\.html?/?$
    return (not slash and number[-6:].lower() == "/index") or _ends_page_word(number)


_DIGITS = "0123456789"
_PAGE_WORD_START = ("-", "_", "/")


def _ends_page_word(head: str) -> bool:
    """head (the URL before a page number) ends in [-_/]page-? (any case)."""
    if head[-1:] == "-":
        head = head[:-1]
    return head[-4:].lower() == "page" and head[-5:-4] in _PAGE_WORD_START


def _ends_a_page_url(url: str) -> bool:
    """_END_PAGE.search(url) is not None, searched only from the URL's third slash from the
    end (its shapes hold at most three slashes)."""
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
                          "more posts", "load more"})


def is_pager_text(text: str) -> bool:
    """PAGER_TEXT.match(text) is not None for a whitespace-normalised text; on ASCII texts
    without the regex (its arrows are not ASCII, so there it matches 1-4 digits or a word)."""
    if text.isascii() and text[-1:] != "\n":      # "$" also matches before a final newline
        return len(text) <= 4 and text.isdecimal() or text.lower() in _PAGER_WORDS
    # every match starts with one of these (re.I folds no other character to n, p, o, m, l)
    first = text[:1]
    if first not in _PAGER_FIRST_CHARS and not first.isdecimal():
        return False
    return PAGER_TEXT.match(text) is not None


PAGER_ANCESTOR_DEPTH = 4
"""How far up from a link a pager container is looked for."""


def _attr_words(el) -> str:
    return " ".join(filter(None, (el.get("class"), el.get("id"), el.get("aria-label"), el.get("role"))))


def _in_pager(el) -> bool:
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


# Last characters (before one trailing "/") of the URLs is_page_url may accept, and first
# characters of the texts is_pager_text may accept, both beside any non-ASCII one: a link
# with neither, and no "=" in its URL, is no pager link.
_PAGE_URL_LAST = frozenset("0123456789lLmM\n")
_PAGER_TEXT_FIRST = _PAGER_FIRST_CHARS | frozenset("0123456789")


def pagination_links(links: list[Link], root, page_url: str) -> list[str]:
    """In-site links that lead to another page of this listing.

    Cheap on purpose: rel=next/prev comes from the <head>'s <link>s and from the links'
    own rel (already read by the link walk), and a link's ancestors are looked at only
    when its text or URL already looks like a pager's."""
    found: dict[str, None] = {}
    head = next(root.iterchildren("head"), None) if root.tag == "html" else None  # find("head"), in C
    rels = rel_links(head, page_url) if head is not None else []
    rels += [lk.url for lk in links if lk.rel and not _PAGER_RELS.isdisjoint(lk.rel)]
    pagers: list[str] = []
    page_urls: dict[str, bool] = {}
    # the cheap rejections first (a comprehension: most links fail them); then the exact
    # tests, and a link's ancestors only when its text or URL looks like a pager's
    for link in [lk for lk in links if lk.locality == INLINK and (
            (first := lk.text[:1]) in _PAGER_TEXT_FIRST or first > "\x7f"
            or (last := (url := lk.url)[-1:]) in _PAGE_URL_LAST or last > "\x7f" or "=" in url
            or last == "/" and ((last := url[-2:-1]) in _PAGE_URL_LAST or last > "\x7f"))
            and lk.element is not None]:
        url = link.url
        by_url = page_urls.get(url)     # a page links its posts several times over
        if by_url is None:
            # a sidebar's archive of years (/2024/, /2023/…, linked as "2024") reads like
            # numbered pages; a calendar archive is another listing, not this one's page N
            by_url = page_urls[url] = is_page_url(url) and not is_date_archive_url(url)
        by_text = is_pager_text(link.text)      # whitespace-normalised by the link walk
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
