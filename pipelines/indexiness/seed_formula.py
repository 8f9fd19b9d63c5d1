"""The literal seed formula (seeds/indexiness.txt): its weights, the links it counts (is_relevant)
and its sum. The final score (score.py) counts its link terms the same way (count_link_terms) and
totals its breakdown as this does (score_total)."""
from __future__ import annotations

from .links import _BIT, INLINK, SELFLINK, Link

# --- the seed formula (seeds/indexiness.txt), weights relative to the weakest signal -------
SELFLINK_IN_HEADER = -20   # linkable headings: a leaf's own permalinks
SELFLINK_IN_LIST = -5      # a table of contents: a leaf navigating itself
INLINK_IN_HEADER = +11     # a heading linking to another page of the site: a post title
INLINK_IN_LIST = +5        # lists of in-site links: an archive
OUTLINK = -1               # citing other sites is what content does
DATE_PUBLISHED = -25       # a publishing date belongs to a piece of content
HEAD_START = -10           # start leafy; one headline in-link alone makes the page barely index

SEED_TERMS = ("selflinks_in_headers", "selflinks_in_lists", "inlinks_in_headers",
              "inlinks_in_lists", "outlinks", "date_published", "head_start")
LINK_TERMS = SEED_TERMS[:5]
SEED_WEIGHTS = {
    "selflinks_in_headers": SELFLINK_IN_HEADER,
    "selflinks_in_lists": SELFLINK_IN_LIST,
    "inlinks_in_headers": INLINK_IN_HEADER,
    "inlinks_in_lists": INLINK_IN_LIST,
    "outlinks": OUTLINK,
    "date_published": DATE_PUBLISHED,
    "head_start": HEAD_START,
}


def is_relevant(link: Link) -> bool:
    """Seed rule: not in nav/aside; in main or article, or in neither header nor footer."""
    if link.has("in_nav") or link.has("in_aside"):
        return False
    if link.has("in_main") or link.has("in_article"):
        return True
    return not (link.has("in_header") or link.has("in_footer"))


# Signature bits the terms read (Link.has(name), as bit tests).
_HEADLINE, _LIST, _TABLE = _BIT["in_headline"], _BIT["in_list"], _BIT["in_table"]


# The one term a relevant link counts under (headings beat lists):
# locality -> (in a heading, in a list) -> term (None: the link counts under no term)
_TERM_OF = {
    SELFLINK: {(True, True): "selflinks_in_headers", (True, False): "selflinks_in_headers",
               (False, True): "selflinks_in_lists", (False, False): None},
    INLINK: {(True, True): "inlinks_in_headers", (True, False): "inlinks_in_headers",
             (False, True): "inlinks_in_lists", (False, False): None},
}


# _TERM_OF by locality, for a link in a heading / in a list (any other locality: an out-link)
HEADER_TERM = {loc: terms[True, False] for loc, terms in _TERM_OF.items()}
LIST_TERM = {loc: terms[False, True] for loc, terms in _TERM_OF.items()}


def count_link_terms(links: list[Link], table_as_list=False):
    """(counts, counted links) of the seed's link terms (_TERM_OF)."""
    counted: dict[str, list[str]] = {}
    list_bits = _LIST | _TABLE if table_as_list else _LIST
    for link in links:
        flags = link.flags
        if flags & _HEADLINE:
            term = HEADER_TERM.get(link.locality, "outlinks")
        elif flags & list_bits:
            term = LIST_TERM.get(link.locality, "outlinks")
        elif link.locality in HEADER_TERM:
            continue
        else:
            term = "outlinks"
        urls = counted.get(term)
        if urls is None:
            counted[term] = [link.url]
        else:
            urls.append(link.url)
    counts = {t: 0 for t in SEED_TERMS}
    for term, urls in counted.items():
        counts[term] = len(urls)
    counts["head_start"] = 1
    return counts, counted


def seed_counts(links: list[Link], has_date_published: bool, relevant: list[Link] | None = None):
    """The literal seed formula: (counts, counted links, breakdown) over the relevant links
    (relevant: the links' relevant ones, when already picked)."""
    counts, counted = count_link_terms([lk for lk in links if is_relevant(lk)] if relevant is None
                                   else relevant)
    counts["date_published"] = int(has_date_published)
    breakdown = {t: float(SEED_WEIGHTS[t] * counts[t]) for t in SEED_TERMS}
    return counts, counted, breakdown


def seed_score(links: list[Link], has_date_published: bool) -> float:
    return score_total(seed_counts(links, has_date_published)[2])


# Weights have one decimal, counts are whole: a score 0 by hand must not read +2.7e-15 (index)
SCORE_DECIMALS = 6


def score_total(breakdown: dict[str, float]) -> float:
    return round(sum(breakdown.values()), SCORE_DECIMALS) + 0.0     # + 0.0: no -0.0
