"""Signals beyond the seed formula, each a plain count the score weighs (see indexiness.py).

- repeated_items: teasers and cards — sibling elements of one shape, each holding an
  in-link to a different page plus more than the link (an excerpt, a heading, an image);
- pagination: links to numbered pages of this listing;
- link_text_share: the share of the content's text that sits inside links;
- declarations: og:type and schema.org @type (article vs collection);
- url shape: /tag/x, /category/x, /page/2, /2019/ vs /2019/05/a-long-post-slug.
"""
from __future__ import annotations

from urllib.parse import urlsplit

from .links import _BIT, INLINK, Link, element_text
from .metadata import ARTICLE_TYPES, COLLECTION_TYPES
from .pagination import PAGE_URL, PAGER_TEXT

_HEADLINE_BIT = _BIT["in_headline"]
# How far up from an in-link its teaser/card item is looked for.
ITEM_MAX_DEPTH = 4
# Siblings of one tag and class: fewer than this is a coincidence, not a listing's items.
ITEM_MIN_REPEATS = 3
# Words beyond the link that make an item a teaser (an excerpt, a byline, a date).
ITEM_MIN_EXTRA_WORDS = 5
# Only so many items count: past a page of teasers, more says nothing new.
ITEM_CAP = 20
# og:type values that declare a piece of content.
OG_ARTICLE = frozenset({"article", "blog_post", "blogposting", "news", "video.episode",
                        "video.movie", "music.song", "book"})


def _words(s: str) -> int:
    return len(s.split())


def repeated_items(links: list[Link]) -> tuple[int, int]:
    """(items, entries): items of repeated sibling structures that each link to a different
    in-site page; entries: those items whose link is a heading (a post's title)."""
    # keyed by the elements themselves: an lxml proxy's id() is reused once it is freed.
    # (parent, tag, class) -> at least ITEM_MIN_REPEATS such children: counted lazily, only
    # for the shapes links actually sit in, and only up to the threshold.
    repeats: dict[tuple, bool] = {}
    groups: dict[tuple, dict[object, bool]] = {}   # group -> item -> has a heading link
    paths: dict[tuple, set[str]] = {}
    for link in links:
        if link.locality != INLINK or link.element is None:
            continue
        el = link.element
        for _ in range(ITEM_MAX_DEPTH):
            parent = el.getparent()
            if parent is None or parent.tag in ("body", "html"):
                break
            if len(parent) < ITEM_MIN_REPEATS:     # too few children to repeat anything
                el = parent
                continue
            tag, cls = el.tag, el.get("class")
            key = (parent, tag, cls)
            repeated = repeats.get(key)
            if repeated is None:
                repeated = _repeats(parent, tag, cls)
                repeats[key] = repeated
            if repeated:
                items = groups.setdefault(key, {})
                items[el] = items.get(el) or bool(link.flags & _HEADLINE_BIT)
                targets = paths.setdefault(key, set())
                if len(targets) < ITEM_MIN_REPEATS:   # only "at least this many" is asked
                    try:
                        targets.add(urlsplit(link.url).path)
                    except ValueError:
                        pass
                break
            el = parent
    count = entries = 0
    for key, items in groups.items():
        if len(items) < ITEM_MIN_REPEATS or len(paths.get(key, ())) < ITEM_MIN_REPEATS:
            continue   # one target for all (reply links, "read more" to one page): not a listing
        for item, headed in items.items():
            if count >= ITEM_CAP and not headed:
                continue   # the count is capped: past it only entries still need the test
            if _is_teaser(item):
                count += 1
                entries += headed
    return min(count, ITEM_CAP), entries


def _repeats(parent, tag, cls) -> bool:
    """Does parent hold at least ITEM_MIN_REPEATS children of this tag and class?"""
    if not isinstance(tag, str) or len(parent) < ITEM_MIN_REPEATS:
        return False
    n = 0
    for c in parent.iterchildren(tag):
        if c.get("class") == cls:
            n += 1
            if n >= ITEM_MIN_REPEATS:
                return True
    return False


_TEASER_MARKS = ("img", "h1", "h2", "h3", "h4", "h5", "h6", "picture")


def _is_teaser(item) -> bool:
    if item.tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
        return False   # a bare heading list is counted by the seed's inlinks_in_headers
    # the element test first: it needs no text
    if next(item.iter(*_TEASER_MARKS), None) is not None:
        return True
    words = _words(element_text(item))
    link_words = sum(_words(element_text(a)) for a in item.iter("a"))
    return words - link_words >= ITEM_MIN_EXTRA_WORDS


def numbered_pagination(pager: list[str], links: list[Link]) -> bool:
    """A pager to numbered pages of a listing (not a post's 'next post' link)."""
    if any(PAGE_URL.search(u) for u in pager):
        return True
    numbers = sum(1 for lk in links if lk.locality == INLINK and lk.text.isdigit()
                  and lk.url.split("#", 1)[0] in pager)
    return numbers >= 2


def declared(og_type: str | None, ld_types: set[str]) -> str | None:
    """'article', 'collection' or None from og:type and JSON-LD @type."""
    if ld_types & COLLECTION_TYPES:
        return "collection"
    if ld_types & ARTICLE_TYPES or (og_type or "") in OG_ARTICLE:
        return "article"
    return None


__all__ = ["repeated_items", "numbered_pagination", "declared", "PAGER_TEXT"]
