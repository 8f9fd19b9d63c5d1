"""The standfirst: the lead paragraph a news or magazine template prints under the title.

Article templates set the headline, the standfirst (the one- or two-sentence summary in
bigger type) and the byline together in the article's own <header>, then the body in a
wrapper of its own. The container search finds the body; the standfirst beside it was lost
with the rest of the header, though a reader takes it for the article's first paragraph and
the field's benchmarks count it as the article's text. A paragraph of prose inside a
<header> that holds the page's headline, sits in <main> or <article> (an article's header,
not the site's masthead) and stands beside the chosen body, is kept. A template without a
<header> sets the lead between headline and body, as a paragraph or a long subheading: the
first such block there, before any picture, is kept.
"""
from __future__ import annotations

import re

from ..blocks import Block

# A standfirst is a sentence or two; a shorter line in the header is a kicker, a byline, a
# date or a category label.
STANDFIRST_MIN_WORDS = 12
# A subtitle set as a heading (h2-h6) under the headline in the article's header may be
# shorter, if it ends as a sentence does ("Everything you need to know about this site and
# its author."): kickers and labels end bare. A paragraph that short and so ended is as often
# a disclosure or a form's hint ("As an Amazon Associate, I earn…"): WCXB, 4 of 8 such.
SUBTITLE_MIN_WORDS = 8
SENTENCE_ENDS = (".", "!", "?")
# A sentence set right under the headline, next to it in the header, is its dek from seven
# words ("Version 0.20.0, a minor release: 1 change.": Ghost's excerpt under the title); a
# shorter one there is a notice ("This post may contain affiliate links.", WCXB).
DEK_MIN_WORDS = 7
# ...and it is prose: a line mostly of link text is a breadcrumb or a tag list.
STANDFIRST_MAX_LINK_DENSITY = 0.3
# How far above the header the element holding the body may be: the header's parent
# (<article><header>…</header><div class="body">) or the one above (a header column beside
# the body column).
HEADER_UP = 2
# A standfirst is set in the header's own column, a few wrappers down at most; text nested
# deeper is a widget's (an author's bio card, a fact-check tooltip).
STANDFIRST_MAX_DEPTH = 4
# A line with a time of day or a numeric date is the byline ("Posted by … on Friday
# December 19, 2025 @08:00PM"), which the front matter holds.
_BYLINE_STAMP = re.compile(r"(?<!\d)\d{1,2}:\d{2}(?!\d)|\b\d{1,2}\s*[./]\s*\d{1,2}\s*[./]\s*\d{2,4}\b")
# The header is the article's when it holds the page's headline: a heading sharing this
# share of its words (of the shorter of the two) with the page's <title>, which adds the
# site's name or shortens the headline ("Headline - Site"), and at least TITLE_MIN_WORDS.
# A section's or a blog's header ("Shots", over an NPR story) names something else.
TITLE_OVERLAP = 0.6
TITLE_MIN_WORDS = 3
_WORD = re.compile(r"\w+")
_HEADER_STEP = re.compile(r"/header(?:\[\d+\])?(?=/)")


def _header_of(xpath: str) -> str | None:
    """The path of the innermost <header> around the block, or None."""
    last = None
    for m in _HEADER_STEP.finditer(xpath):
        last = m
    return xpath[:last.end()] if last else None


def _beside(path: str, container: str) -> bool:
    """The element at `path`, or an ancestor at most HEADER_UP levels up, holds the container."""
    above = path
    for _ in range(HEADER_UP + 1):
        if container.startswith(above + "/"):
            return True
        above = above[:above.rfind("/")]
    return False


def _lead_line(b: Block, i: int, keep: list[bool], words: list[int],
               densities: list[float], min_words: int = STANDFIRST_MIN_WORDS) -> bool:
    """A line not yet kept that reads as a lead: prose of min_words, little link text, no
    widget's, shown, no byline stamp, not folded in a <details>."""
    return not (keep[i] or words[i] < min_words
                or densities[i] > STANDFIRST_MAX_LINK_DENSITY or b.widget is not None
                or getattr(b, "hidden", False) or "/details" in b.xpath
                or _BYLINE_STAMP.search(b.text))


def _names_title(heading: str, title_words: set[str]) -> bool:
    """The heading is the page's headline (TITLE_OVERLAP of words shared with its title)."""
    own = set(_WORD.findall(heading.lower()))
    fewer = min(len(own), len(title_words))
    return fewer >= TITLE_MIN_WORDS and len(own & title_words) >= TITLE_OVERLAP * fewer


def _sentence(b: Block) -> bool:
    return b.text.rstrip()[-1:] in SENTENCE_ENDS


def _under_headline(blocks: list[Block], i: int, title_words: set[str]) -> bool:
    """The block right before block i is the page's headline."""
    h = blocks[i - 1] if i else None
    return h is not None and h.kind == "heading" and (h.level or 1) <= 2 \
        and _names_title(h.text, title_words)


def _same_figure(image: Block, caption: Block) -> bool:
    at = image.xpath.rfind("/figure")
    end = image.xpath.find("/", at + 1)
    return at >= 0 and caption.xpath.startswith(image.xpath[:end] + "/")


def _restates_title(heading: str, title_words: set[str]) -> bool:
    """Most of the heading's words are the title's: a copy of the headline, not a subtitle."""
    own = set(_WORD.findall(heading.lower()))
    return len(own & title_words) >= TITLE_OVERLAP * len(own)


def keep_standfirst(blocks: list[Block], keep: list[bool], container: str | None,
                    words: list[int], densities: list[float], title: str) -> list[int]:
    """Keep, in place, the prose paragraphs, the subtitle and the lead picture of an
    article's <header> (one holding the page's headline) beside the container. Returns the
    blocks kept so."""
    title_words = set(_WORD.findall(title.lower()))
    if container is None or not title_words:
        return []
    headed: dict[str, bool] = {}     # header path -> holds a heading, stands beside the body
    added = []
    for i, b in enumerate(blocks):
        if not (b.in_article or b.in_main):
            continue
        if b.kind in ("image", "figure-caption"):
            # the lead picture: a <figure> in the article's own header (Ghost's feature
            # image), its caption with it; an author's picture there is an avatar
            if keep[i] or b.widget is not None or "/figure" not in b.xpath:
                continue
            if b.kind == "image" and "avatar" in (b.href or "").lower():
                continue
            if b.kind == "figure-caption" and not (added and blocks[added[-1]].kind == "image"
                                                   and _same_figure(blocks[added[-1]], b)):
                continue
        elif b.kind == "heading":
            # a subtitle: under the headline, no copy of it, a sentence
            if (b.level or 1) < 2 or _restates_title(b.text, title_words) or not _sentence(b) \
                    or not _lead_line(b, i, keep, words, densities, SUBTITLE_MIN_WORDS):
                continue
        elif b.kind != "paragraph":
            continue
        elif not _lead_line(b, i, keep, words, densities):
            # a dek: a shorter sentence right under the headline
            if not (_sentence(b) and _under_headline(blocks, i, title_words)
                    and _lead_line(b, i, keep, words, densities, DEK_MIN_WORDS)):
                continue
        header = _header_of(b.xpath)
        if header is None or container.startswith(header + "/") \
                or b.xpath[len(header):].count("/") > STANDFIRST_MAX_DEPTH:
            continue
        if header not in headed:
            prefix = header + "/"
            headed[header] = _beside(header, container) and any(
                h.kind == "heading" and h.xpath.startswith(prefix)
                and _names_title(h.text, title_words) for h in blocks)
        if headed[header]:
            keep[i] = True
            added.append(i)
    return added + _keep_between_title_and_body(blocks, keep, container, words, densities,
                                                title_words)


def _common(a: str, b: str) -> str:
    steps_a, steps_b = a.split("/"), b.split("/")
    n = 0
    while n < min(len(steps_a), len(steps_b)) and steps_a[n] == steps_b[n]:
        n += 1
    return "/".join(steps_a[:n])


def _keep_between_title_and_body(blocks, keep, container, words, densities, title_words):
    """Templates without a <header>: the lead set between the headline and the body, as a
    paragraph or as a long subheading (<h1>headline</h1><h2>lead sentence…</h2><div
    class="body">), in the element that holds headline, lead and body together."""
    prefix = container + "/"
    first_body = next((i for i, b in enumerate(blocks) if b.xpath.startswith(prefix)), None)
    if first_body is None:
        return []
    t = next((i for i in range(first_body) if blocks[i].kind == "heading"
              and (blocks[i].level or 6) <= 2 and (blocks[i].in_article or blocks[i].in_main)
              and _names_title(blocks[i].text, title_words)), None)
    if t is None:
        return []
    for i in range(t + 1, first_body):
        b = blocks[i]
        if b.kind == "image":
            # what follows a picture is its caption, or an avatar's name and bio, or the body
            break
        if b.kind not in ("paragraph", "heading") or "/figure" in b.xpath \
                or not _lead_line(b, i, keep, words, densities):
            continue
        around = _common(blocks[t].xpath, b.xpath)
        if _beside(around, container) \
                and blocks[t].xpath.count("/") - around.count("/") <= HEADER_UP + 1:
            keep[i] = True
            return [i]      # the lead is one: what else stands there is a bio or a note
    return []
