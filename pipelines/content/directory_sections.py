"""Sections that are directories: a heading over a list of links to other pages.

A heading's permalink (Sphinx's and MkDocs' "¶", a blog's "#") is the seed's strongest leaf
sign: it marks a section of content. But a docs site's root and its section pages are
made of headed toctrees ("First steps", then a list of guides), and an article may end in
a "See also" list: there the heading names a group of other pages, and its anchor says
nothing of the page being content. Every Sphinx root read as a leaf for it (Scrapy's docs
-62.6: eight headed toctrees, each anchor -11).

A section is a directory when its lists make it up (little text outside them: a share, or
a sentence or two of introduction) and nearly every item is an entry for another page of the
site: it leads with the link, or is the link and a label ("Models: Introduction | Field
types", Django's docs root, -60.2 until such items counted). The item test, not link
density, tells a toctree from an API reference: Sphinx writes each documented class as a
<dl> item too, but its item starts with a signature, not a link.
"""
from __future__ import annotations

from ..indexiness.links import HEADING_TAGS, Link, element_text, enclosing_heading, subtree_text

# Items that are entries for in-site pages (_leading_page): at least this many distinct
# pages (one is a pointer, not a directory)...
DIRECTORY_MIN_PAGES = 2
# ...and at least this share of the section's list items (a list of notes where a few
# items start with a link stays content).
DIRECTORY_MIN_LED_SHARE = 0.8
# Text outside the lists: at most this share of the section's text (an introduction of a
# line or two; a paragraph around a list makes the section prose).
DIRECTORY_MAX_LOOSE_SHARE = 0.2
# ...or a sentence or two of introduction, however short the lists ("Django offers tools
# commonly needed by web applications:", then five links).
DIRECTORY_INTRO_CHARS = 250
# An item that does not lead with its link is an entry still when a label leads it (words
# ending in LABEL_ENDS) and the rest is its links: at most this many words besides them, or
# in-links holding this share of its text ("Models: Intro | Fields | Indexes | Meta").
ENTRY_MAX_LABEL_WORDS = 4
ENTRY_MIN_LINKED_SHARE = 0.5
LABEL_ENDS = (":", "-", "\u2013", "\u2014")    # "Models:", "Models -", "Models –", "Models —"

_LISTS = frozenset(("ul", "ol", "dl"))
_ITEMS = frozenset(("li", "dt"))      # a dd describes its dt: no item of its own
# Where the next section starts: a heading, or a nested section element (Sphinx, HTML5).
_SECTION_STARTS = HEADING_TAGS | {"section", "article"}
# How far a heading wrapped alone (div.heading > h2) is climbed to find its section's body.
WRAPPER_MAX_DEPTH = 2


def heads_directory(link: Link, inlinks: dict) -> bool:
    """Is link (a self-link in a heading) the anchor of a directory section?
    inlinks: the page's in-link elements -> their URLs without fragment."""
    heading = enclosing_heading(link.element)
    if heading is None:
        heading = next(link.element.iter(*HEADING_TAGS), None)    # <a href="#x"><h2>…</h2></a>
        if heading is None:
            return False
    body = section_body(heading)
    # Most sections link no two other pages: decided by a walk over their <a>s alone, in C,
    # before any list is looked at (a blog's post titles carry anchors on every page).
    if not _links_pages(body, inlinks, DIRECTORY_MIN_PAGES):
        return False
    items = [item for el in body for item in _list_items(el)]
    if len(items) < DIRECTORY_MIN_PAGES:
        return False
    led = [page for page in (_leading_page(item, inlinks) for item in items) if page is not None]
    if len(set(led)) < DIRECTORY_MIN_PAGES or len(led) < DIRECTORY_MIN_LED_SHARE * len(items):
        return False
    text = sum(len(element_text(el).strip()) for el in body)
    loose = sum(_loose_chars(el) for el in body)
    return loose <= max(DIRECTORY_MAX_LOOSE_SHARE * text, DIRECTORY_INTRO_CHARS)


def section_body(heading) -> list:
    """The elements after a heading, up to the next heading or nested section."""
    el = heading
    for _ in range(WRAPPER_MAX_DEPTH):
        parent = el.getparent()
        if el.getnext() is not None or parent is None or len(parent) != 1:
            break
        el = parent
    body = []
    sibling = el.getnext()
    while sibling is not None:
        tag = sibling.tag
        if isinstance(tag, str):       # comments and processing instructions are no content
            if tag in _SECTION_STARTS:
                break
            body.append(sibling)
        sibling = sibling.getnext()
    return body


def _links_pages(body: list, inlinks: dict, n: int) -> bool:
    """Do the elements link at least n distinct in-site pages?"""
    pages = set()
    for el in body:
        for a in el.iter("a"):
            page = inlinks.get(a)
            if page is not None:
                pages.add(page)
                if len(pages) >= n:
                    return True
    return False


def _list_items(el) -> list:
    """The items of the outermost lists in el (nested lists belong to their item)."""
    if el.tag in _LISTS:
        return [c for c in el if c.tag in _ITEMS]
    # the outermost lists found in C: each list below el whose ancestors up to el hold none
    items = []
    for lst in el.iter(*_LISTS):
        parent = lst.getparent()
        while parent is not el and parent.tag not in _LISTS:
            parent = parent.getparent()
        if parent is el:
            items += [c for c in lst if c.tag in _ITEMS]
    return items


def _leading_page(item, inlinks: dict) -> str | None:
    """The in-site page an item is an entry for: its first link with words, when that is an
    in-link and the item's text starts with its words, or the item is that link and a label
    after a label ("Design philosophies: Overview", "Models: Introduction | Field types"):
    Django's docs root."""
    text = element_text(item).strip()
    if not text:
        return None
    first = None
    linked = link_words = 0
    for a in item.iter("a"):
        words = subtree_text(a).strip()
        if not words:
            continue
        page = inlinks.get(a)
        if first is None:
            if page is None:
                return None
            if text.startswith(words):
                return page
            # a label names the links after it ("The basics:"); a signature's "[source]"
            # link follows no label
            if not text[:text.find(words)].rstrip().endswith(LABEL_ENDS):
                return None
            first = page
        if page is not None:
            linked += len(words)
            link_words += len(words.split())
    if first is None:
        return None
    label_words = len(text.split()) - link_words
    return first if (label_words <= ENTRY_MAX_LABEL_WORDS
                     or linked >= ENTRY_MIN_LINKED_SHARE * len(text)) else None


def _loose_chars(el) -> int:
    """Characters of el's own text outside lists (its tail, beyond the section, not)."""
    if el.tag in _LISTS:
        return 0
    n = len((el.text or "").strip())
    for c in el:
        if isinstance(c.tag, str):
            n += _loose_chars(c)
        n += len((c.tail or "").strip())
    return n
