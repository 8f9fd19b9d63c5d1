"""Indexiness: how much a page is a navigation (index) page rather than content (leaf).

seed_score is the literal seed formula; score adds a couple of measured corrections. Every
term is a named contribution in the breakdown, so new signals plug in as new terms.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .links import INLINK, OUTLINK, SELFLINK, Link

# --- the seed formula (seeds/indexiness.txt), weights relative to the weakest signal -------
SELFLINK_IN_HEADER = -20   # linkable headings: a leaf's own permalinks
SELFLINK_IN_LIST = -5      # a table of contents: a leaf navigating itself
INLINK_IN_HEADER = +11     # a heading linking to another page of the site: a post title
INLINK_IN_LIST = +5        # lists of in-site links: an archive
OUTLINK = -1               # citing other sites is what content does
DATE_PUBLISHED = -25       # a publishing date belongs to a piece of content
HEAD_START = -10           # start leafy; one headline in-link alone makes the page barely index

# --- corrections to the seed (each documented in the seed's own notes) ---------------------
# Blogger wraps images in <a href>; those links carry no words and are part of the image.
# Only image links: a textless heading permalink (an icon anchor) is still a selflink.
IGNORE_TEXTLESS_IMAGE_LINKS = True
# Table-based indexes (Inside Rust blog): when tables hold at least this share of the
# relevant in-links, table in-links count like list in-links. Kept high because leaf pages
# (gtk-doc, wikis) also put a few in-links in tables.
TABLE_LINK_SHARE = 0.6
# ...and only when there are enough table in-links to be a listing at all.
TABLE_MIN_INLINKS = 5

TERMS = ("selflinks_in_headers", "selflinks_in_lists", "inlinks_in_headers",
         "inlinks_in_lists", "outlinks", "date_published", "head_start")
WEIGHTS = {
    "selflinks_in_headers": SELFLINK_IN_HEADER,
    "selflinks_in_lists": SELFLINK_IN_LIST,
    "inlinks_in_headers": INLINK_IN_HEADER,
    "inlinks_in_lists": INLINK_IN_LIST,
    "outlinks": OUTLINK,
    "date_published": DATE_PUBLISHED,
    "head_start": HEAD_START,
}


@dataclass
class Indexiness:
    score: float
    seed_score: float
    breakdown: dict[str, float]
    counts: dict[str, int]
    counted_links: dict[str, list[str]]
    seed_breakdown: dict[str, float] = field(default_factory=dict)
    relevant: list[Link] = field(default_factory=list)


def is_relevant(link: Link) -> bool:
    """Seed rule: not in nav/aside; in main or article, or in neither header nor footer."""
    if link.has("in_nav") or link.has("in_aside"):
        return False
    if link.has("in_main") or link.has("in_article"):
        return True
    return not (link.has("in_header") or link.has("in_footer"))


def _term_of(link: Link, table_as_list: bool) -> str | None:
    """The one term a relevant link counts under (headings beat lists)."""
    in_head = link.has("in_headline")
    in_list = link.has("in_list") or (table_as_list and link.has("in_table"))
    if link.locality == SELFLINK:
        if in_head:
            return "selflinks_in_headers"
        if in_list:
            return "selflinks_in_lists"
        return None
    if link.locality == INLINK:
        if in_head:
            return "inlinks_in_headers"
        if in_list:
            return "inlinks_in_lists"
        return None
    return "outlinks"


def _count(links: list[Link], has_date: bool, table_as_list=False):
    counts = {t: 0 for t in TERMS}
    counted: dict[str, list[str]] = {t: [] for t in TERMS}
    for link in links:
        term = _term_of(link, table_as_list)
        if term:
            counts[term] += 1
            counted[term].append(link.url)
    counts["date_published"] = int(has_date)
    counts["head_start"] = 1
    breakdown = {t: float(WEIGHTS[t] * counts[t]) for t in TERMS}
    return counts, {t: v for t, v in counted.items() if v}, breakdown


def _tables_are_the_listing(links: list[Link]) -> bool:
    inlinks = [lk for lk in links if lk.locality == INLINK]
    in_tables = sum(1 for lk in inlinks if lk.has("in_table"))
    return in_tables >= TABLE_MIN_INLINKS and in_tables >= TABLE_LINK_SHARE * len(inlinks)


def score_links(links: list[Link], has_date_published: bool) -> Indexiness:
    relevant = [lk for lk in links if is_relevant(lk)]
    _, _, seed_breakdown = _count(relevant, has_date_published)
    seed_score = sum(seed_breakdown.values())

    final = relevant
    if IGNORE_TEXTLESS_IMAGE_LINKS:
        final = [lk for lk in final if lk.text or not lk.has_image]
    counts, counted, breakdown = _count(final, has_date_published,
                                        table_as_list=_tables_are_the_listing(final))
    return Indexiness(sum(breakdown.values()), seed_score, breakdown, counts, counted,
                      seed_breakdown, relevant)
