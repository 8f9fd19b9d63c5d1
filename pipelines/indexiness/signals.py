"""Signals beyond the seed formula, each a plain count the score weighs (see indexiness.py).

- teaser_entries: teasers and cards headed by a link — sibling elements of one shape,
  each heading linking to a different page of the site;
- pagination: links to numbered pages of this listing;
- link_text_share: the share of the content's text that sits inside links;
- declarations: og:type and schema.org @type (article vs collection);
- url shape: /tag/x, /category/x, /page/2, /2019/ vs /2019/05/a-long-post-slug;
- conversion links: "Get started", "Request a demo" (CONVERSION_TEXT).
"""
from __future__ import annotations

import re

from .links import _BIT, INLINK, Link, element_text, enclosing_heading, subtree_text
from ..blocks.block_inline import normalize_ws
from ..metadata.page_metadata import ARTICLE_TYPES, COLLECTION_TYPES
from .pagination import PAGE_URL, PAGER_NUMBER, PAGER_TEXT, numbered_sibling_test, own_sequence_test, pages_listing
from .url_identity import target_path

_HEADLINE_BIT = _BIT["in_headline"]
# How far up from an in-link its teaser/card item is looked for, in levels that branch: an
# element that is its parent's only child (a flex row, a link wrapper, a card's one inner
# div) is a wrapper of the same item, not a level of structure, and costs no depth. Hexo's
# landscape nests a post's title five levels under the post (article > div > header > h1 >
# a): at 4, its home pages of whole posts had no entries, so every post's anchors and
# citations counted against them and all ten read as leaves (-72 to -102; now +12 to +36,
# Hexo 0.953 -> 1.000). Ananke's home nests each teaser's title six levels under its card,
# three of them wrappers: counted as levels, its twelve whole-post teasers were no entries
# and it read +1.7 (now +28.4). WCXB 0.9327 -> 0.9323: a movers directory labelled a
# service page, fourteen priced company cards, now reads as the listing it looks like.
ITEM_MAX_DEPTH = 5
# Siblings of one tag and class: fewer than this is a coincidence, not a listing's items.
ITEM_MIN_REPEATS = 3
# Words beyond the link that make an item a teaser (an excerpt, a byline, a date).
ITEM_MIN_EXTRA_WORDS = 5
# og:type values that declare a piece of content.
OG_ARTICLE = frozenset({"article", "blog_post", "blogposting", "news", "video.episode",
                        "video.movie", "music.song", "book"})

# A link whose whole text asks the reader to act, not to read on: sign up, start a trial,
# book a demo, talk to sales, get a quote (with a trailing "now", "for free", an arrow). The
# whole text must be the call, so "Get started with Azure Functions", a docs listing's
# entry, is none. Shop and contact words ("Shop now", "Buy now", "Contact us", "Subscribe")
# are left out: a shop's collection repeats them on every card (with them, the term turned
# 3 WCXB collections and a listing leaf). So is "Learn more", though WCXB's landing pages use
# it more than its listings: a listing's cards end in it as often on the web at large.
CONVERSION_TEXT = re.compile(
    r"(?:get started|start (?:for )?free|start (?:a |your )?free trial|try (?:it )?(?:for )?free"
    r"|sign up|request a demo|book a demo|get a demo|schedule a demo|contact sales"
    r"|talk to sales|free trial|get a quote|request a quote)"
    r"(?:[\s—–,.-]+(?:now|today|free|for free|it['’]?s free))?[\s→›>»!.]*", re.I)
# Longer link text is never only a call to act: the regex is not tried on it.
CONVERSION_MAX_CHARS = 40


def _words(s: str) -> int:
    return len(s.split())


def teaser_entries(links: list[Link]) -> int:
    """Entries: teasers and cards headed by a link to their own page — items of repeated
    sibling structures (ITEM_MIN_REPEATS of one tag and class under one parent) whose
    heading links to a different in-site page each. A listing of posts is made of them; a
    page's related links and menus are not headed.

    Only heading in-links are looked at: the score uses the entries alone (to count a
    listing's full posts per entry), so the unheaded links of a page never need a climb."""
    return headed_entries([lk for lk in links if lk.flags & _HEADLINE_BIT
                           and lk.locality == INLINK and lk.element is not None])


def headed_entries(headed: list[Link]) -> int:
    """teaser_entries of the heading in-links (with their elements), already picked."""
    if len(headed) < ITEM_MIN_REPEATS:
        return 0
    # keyed by the elements themselves: an lxml proxy's id() is reused once it is freed.
    # (parent, tag, class) -> at least ITEM_MIN_REPEATS such children: counted lazily, only
    # for the shapes links actually sit in, and only up to the threshold.
    repeats: dict[tuple, bool] = {}
    groups: dict[tuple, dict[object, None]] = {}   # group -> its headed items
    paths: dict[tuple, set[str]] = {}
    for link in headed:
        el = link.element
        levels = 0
        while levels < ITEM_MAX_DEPTH:
            parent = el.getparent()
            if parent is None or parent.tag in ("body", "html"):
                break
            if len(parent) > 1:
                levels += 1
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
                groups.setdefault(key, {})[el] = None
                targets = paths.setdefault(key, set())
                if len(targets) < ITEM_MIN_REPEATS:   # only "at least this many" is asked
                    targets.add(target_path(link.url))
                break
            el = parent
    entries = 0
    for key, items in groups.items():
        if len(items) < ITEM_MIN_REPEATS or len(paths[key]) < ITEM_MIN_REPEATS:
            continue   # one target for all ("read more" to one page): not a listing
        entries += sum(1 for item in items if _is_teaser(item))
    return entries


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
    link_words = sum(_words(subtree_text(a)) for a in item.iter("a"))
    return words - link_words >= ITEM_MIN_EXTRA_WORDS


def numbered_pagination(pager: list[str], links: list[Link], page_url: str = "",
                        canonical: str | None = None) -> bool:
    """A pager to numbered pages of a listing (not a post's 'next post' link): page-shaped
    URLs, this page's own file numbered (jane2.html), or two links named by numbers."""
    if page_url:
        pager = list(filter(own_sequence_test(page_url, canonical), pager))
        if not pager:
            return False
    words = {lk.url.split("#", 1)[0] for lk in links
             if lk.locality == INLINK and lk.text and PAGER_TEXT.match(lk.text)}
    if any(PAGE_URL.search(u) and pages_listing(u, page_url, u in words) for u in pager):
        return True
    sibling = numbered_sibling_test(page_url) if page_url else None
    if sibling is not None and any(sibling(u) for u in pager):
        return True
    numbers = sum(1 for lk in links if lk.locality == INLINK and PAGER_NUMBER.match(lk.text)
                  and lk.url.split("#", 1)[0] in pager)
    return numbers >= 2


# JSON-LD types that declare the page itself a collection (schema.org's WebPage kinds). An
# ItemList, a Blog or a gallery may instead be a part of a page whose own type is an
# Article or a Product: a listicle's ranked picks, a product's variants, a review's list of
# contenders. WCXB: 16 pages declare an ItemList beside an Article or Product type, all 16
# leaves (5 of them read as index while the list won: 0.931 -> 0.933), and no listing does.
PAGE_COLLECTION_TYPES = frozenset({"collectionpage", "searchresultspage"})


def declared(og_type: str | None, ld_types: set[str]) -> str | None:
    """'article', 'collection' or None from og:type and JSON-LD @type: a collection page
    type first, then an article type, then a list, then og:type."""
    if ld_types & PAGE_COLLECTION_TYPES:
        return "collection"
    if ld_types & ARTICLE_TYPES:
        return "article"
    if ld_types & COLLECTION_TYPES:
        return "collection"
    if (og_type or "") in OG_ARTICLE:
        return "article"
    return None


__all__ = ["teaser_entries", "numbered_pagination", "declared", "PAGER_TEXT"]


# A heading's link carrying at most this share of the heading's text is a tool beside the
# heading's own words (MediaWiki's "[edit]" on every section, "share", "reply"), not the
# heading's link to another page, which carries its words (a post's title).
HEADING_TOOL_MAX_SHARE = 0.5


def titles_definition(link: Link) -> bool:
    """A link that is the whole of a <dt>: the title of a definition list's entry, its <dd>
    the entry's description (Hugo's section summaries, Javadoc-style and CMS "list of pages
    with descriptions" layouts). The final score reads it as a heading link, as the entry's
    title it is; a glossary's term that links elsewhere holds words of its own beside it,
    and a Sphinx signature's <dt> its name and anchor."""
    dt = link.element.getparent() if link.element is not None else None
    return (dt is not None and dt.tag == "dt" and len(dt) == 1
            and not (dt.text or "").strip() and not (link.element.tail or "").strip())


def is_heading_tool(link: Link) -> bool:
    """An in-link inside a heading whose words are mostly the heading's own, outside the link
    (<h3>Added <span>[<a href="…&action=edit">edit</a>]</span></h3>). Such links are left
    out of the count: every section of a wiki's article would otherwise be a heading in-link,
    the seed's strongest listing sign. A link holding the heading, or holding its words, is
    no tool."""
    heading = enclosing_heading(link.element)
    if heading is None:
        return False
    words = len(normalize_ws(element_text(heading)))
    return words > 0 and len(link.text) <= HEADING_TOOL_MAX_SHARE * words
