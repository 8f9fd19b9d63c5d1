"""Which of a leaf's pager links continue its own content, decided by what they hold.

A leaf's numbered pager may page the article itself (page 2 of a long article or thread,
WordPress' <!--nextpage--> "Pages: 1 2 3") or a widget inside it: a list of other posts
with a pager of its own (WordPress' Query Loop block pages each loop with its own parameter,
?query-3-page=2, and every pager link keeps the other loops', about 19^4 addresses for a post
with four loops; a product page's paged reviews of other products, a calendar). No markup
tells the two apart on every site; the pages do: a continuation holds new text, a widget's
page holds the same article again.

So a crawl first fetches one probe of each pager of a leaf (probe_links: the first link of
each parameter or path the pager varies), carrying the leaf's content print; a page whose
print matches the page it continues (same_content) repeats that page, is not archived and
leads nowhere, and its siblings are never asked for. A real continuation is archived and
followed on, each further page checked against the one before it.
"""
from __future__ import annotations

import hashlib
from collections.abc import Iterable
from urllib.parse import parse_qsl, urlsplit

MIN_PARAGRAPH_CHARS = 40
"""Shorter text blocks are labels, buttons and bylines that every page of a site repeats
("Reply", "Share this"), not the text that makes a page its own."""
PRINT_SIZE = 24
"""Paragraph hashes kept (the smallest: a bottom-k sketch, so two prints of one text keep
the same ones): enough to measure overlap, small enough to ride in a queued request."""
SAME_CONTENT_SHARE = 0.5
"""Share of the smaller print found in the other above which two pages hold one text. A
widget's other page repeats nearly all the article's paragraphs (0.9 and more); an article's
page 2 or a thread's next posts share none, or a repeated author box at most."""


def content_print(texts: Iterable[str]) -> list[int]:
    """A small sketch of a page's content: hashes of its paragraphs (whitespace-normalised,
    at least MIN_PARAGRAPH_CHARS), the PRINT_SIZE smallest, as 32-bit ints."""
    hashes = set()
    for text in texts:
        normal = " ".join(text.split())
        if len(normal) >= MIN_PARAGRAPH_CHARS:
            hashes.add(int.from_bytes(hashlib.blake2b(normal.encode("utf-8"), digest_size=4).digest(), "big"))
    return sorted(hashes)[:PRINT_SIZE]


def same_content(a: list[int], b: list[int]) -> bool:
    """Two prints of one text: most of the smaller sketch is in the other. Within the range
    both sketches cover (below the larger of their last hashes, bottom-k's rule) so that a
    long page's sketch and a short one's compare like for like."""
    if not a or not b:
        return False         # a page of no paragraphs proves nothing either way
    limit = min(a[-1], b[-1])
    small = [h for h in a if h <= limit]
    other = {h for h in b if h <= limit}
    if not small or not other:
        return False
    shared = sum(1 for h in small if h in other)
    return shared / min(len(small), len(other)) >= SAME_CONTENT_SHARE


def _pager_of(url: str, own_path: str, own_query: dict[str, str]) -> tuple[str, ...]:
    """What a pager link varies from its page: the path (/post/2/) or the query parameters
    it adds or changes (?query-3-page=2 varies query-3-page)."""
    parts = urlsplit(url)
    if parts.path != own_path:
        return ("path",)
    query = dict(parse_qsl(parts.query, keep_blank_values=True))
    return tuple(sorted(k for k, v in query.items() if own_query.get(k) != v))


def probe_links(continuation_links: list[str], page_url: str) -> dict[str, list[str]]:
    """The first link of each pager the page shows (in the page's order), for a leaf whose
    pagers are not yet known to continue it -> the pager's other links, to follow once the
    probe proves a continuation (page 2 of a split post need not link page 3). A link that
    varies two parameters at once (one loop's page 2 with another's page 3) belongs to no
    pager of its own: probed only when nothing else is."""
    own = urlsplit(page_url)
    own_query = dict(parse_qsl(own.query, keep_blank_values=True))
    pagers: dict[tuple[str, ...], list[str]] = {}
    for url in continuation_links:
        pagers.setdefault(_pager_of(url, own.path, own_query), []).append(url)
    single = [links for pager, links in pagers.items() if len(pager) == 1]
    chosen = single or list(pagers.values())[:1]
    return {links[0]: links[1:] for links in chosen}
