"""Headings and label lines left over a section that the selection emptied.

"See also", "Most read", "Mehr zum Thema": a template labels its related-posts grid, its
teaser rail and its author box with a short heading, or with a short line of its own. When
the selection drops what the label labels (as link lists, teaser runs or cards, hidden
widgets), the label is left standing over nothing and reads, in the Markdown, as the start
of a section the article never wrote. A label whose section held blocks, none of which is
kept, labelled those blocks: it goes with them. A heading over a section that never held
anything (a title with its subtitle right below) is not touched, nor a page's <h1> (its
title, never a widget's label), nor any heading of an index page, whose list the selection
may drop.
"""
from __future__ import annotations

import re

from ..blocks import Block
from .image_captions import links_elsewhere

# A label is short; a heading of more words is a statement of its own (a question, a
# title) and stays even over an emptied section.
LABEL_MAX_WORDS = 8
# A line that ends as a sentence ends is the text's own, however short.
_SENTENCE_END = re.compile(r"[.!?…\"“”„»«‘’›‹)]\s*$")


def drop_emptied_headings(blocks: list[Block], keep: list[bool],
                          tokens: list[int] | None = None) -> list[int]:
    """Drop, in place on `keep`, each kept short heading whose section (the blocks up to the
    next heading of its level or higher) held blocks and keeps none but teaser thumbnails
    (which go with it), and each short label line whose element's later blocks all went.
    Returns the dropped blocks. `tokens`: each block's len(text.split()), when the caller
    has it (the selection does: splitting every kept block again was 0.04 ms a page)."""
    dropped: list[int] = []
    n = len(blocks)
    for i, b in enumerate(blocks):
        if not keep[i] or "](" in b.rich_text or (
                len(b.text.split()) if tokens is None else tokens[i]) > LABEL_MAX_WORDS:
            continue
        if b.kind == "paragraph":
            if _label_line_emptied(blocks, keep, i):
                keep[i] = False
                dropped.append(i)
            continue
        if b.kind != "heading" or (b.level or 6) < 2:
            continue
        level = b.level or 6
        j = i + 1
        held = held_text = kept = False
        pictures = []
        while j < n and not (blocks[j].kind == "heading" and (blocks[j].level or 6) <= level):
            if blocks[j].text or blocks[j].kind == "image":
                held = True
                held_text = held_text or blocks[j].kind != "image"
                if keep[j]:
                    if blocks[j].kind != "image":
                        kept = True
                        break
                    pictures.append(j)
            j += 1
        # kept pictures alone under a heading whose text all went are its teasers'
        # thumbnails (a picture linking another page is one wherever it stands); a section
        # that only ever held pictures is a gallery and stays
        if held and not kept and (held_text or all(links_elsewhere(blocks[k]) for k in pictures)):
            for k in [i, *pictures]:
                keep[k] = False
                dropped.append(k)
    return dropped + drop_bare_ends(blocks, keep)


def drop_bare_ends(blocks: list[Block], keep: list[bool]) -> list[int]:
    """Drop, in place on `keep`, the rules before the text's first block (and one right under
    its opening h1 title) and after its last, which separate it from nothing, and the short
    headings after its last block, which head nothing (a related-posts box's label whose
    posts went as duplicates, a theme's closing rule over its footer): WCXB dev has 46
    archives ending in a rule and 29 in a heading. A heading of more than LABEL_MAX_WORDS
    words is a statement of its own (a testimonial set as a heading) and stays, and so does
    a text that is all headings. Returns the dropped."""
    idx = [i for i, k in enumerate(keep) if k]
    if not any(blocks[i].kind not in ("rule", "heading") for i in idx):
        return []
    dropped = []
    for n, i in enumerate(idx):         # from the start: rules
        if blocks[i].kind != "rule":
            # a rule right under the h1 title that opens the text is the title block's
            # underline, between the title and the text it opens (Astro's blog template)
            if blocks[i].kind == "heading" and (blocks[i].level or 1) == 1 \
                    and n + 1 < len(idx) and blocks[idx[n + 1]].kind == "rule":
                dropped.append(idx[n + 1])
            break
        dropped.append(i)
    for i in reversed(idx):             # from the end: rules and short headings
        b = blocks[i]
        if b.kind != "rule" and (b.kind != "heading" or len(b.text.split()) > LABEL_MAX_WORDS):
            break
        dropped.append(i)
    for i in dropped:
        keep[i] = False
    return dropped


def _label_line_emptied(blocks: list[Block], keep: list[bool], i: int) -> bool:
    """Whether kept line i is a label ("Mehr zum Thema", "Related:") whose element went: a
    short line, no sentence, whose parent element holds later blocks, none of them kept."""
    b = blocks[i]
    if _SENTENCE_END.search(b.text):
        return False
    parent = b.xpath.rpartition("/")[0] + "/"
    held = False
    for j in range(i + 1, len(blocks)):
        if not blocks[j].xpath.startswith(parent):
            break
        if blocks[j].text or blocks[j].kind == "image":
            held = True
            if keep[j]:
                return False
    return held
