"""Headings left over a section that the selection emptied.

"See also", "Most read", "Mehr zum Thema": a template labels its related-posts grid, its
teaser rail and its author box with a short heading. When the selection drops what the
heading labels (as link lists, teaser runs or cards, hidden widgets), the heading is left
standing over nothing and reads, in the Markdown, as the start of a section the article
never wrote. A heading whose section held blocks, none of which is kept, labelled those
blocks: it goes with them. A heading over a section that never held anything (a title
with its subtitle right below) is not touched, nor a page's <h1> (its title, never a
widget's label), nor any heading of an index page, whose list the selection may drop.
"""
from __future__ import annotations

from ..blocks import Block

# A label is short; a heading of more words is a statement of its own (a question, a
# title) and stays even over an emptied section.
LABEL_MAX_WORDS = 8


def drop_emptied_headings(blocks: list[Block], keep: list[bool]) -> list[int]:
    """Drop, in place on `keep`, each kept short heading whose section (the blocks up to the
    next heading of its level or higher) held blocks and keeps none. Returns them."""
    dropped: list[int] = []
    n = len(blocks)
    for i, b in enumerate(blocks):
        if not keep[i] or b.kind != "heading" or (b.level or 6) < 2 or "](" in b.rich_text \
                or len(b.text.split()) > LABEL_MAX_WORDS:
            continue
        level = b.level or 6
        j = i + 1
        held = kept_text = False
        while j < n and not (blocks[j].kind == "heading" and (blocks[j].level or 6) <= level):
            if blocks[j].text or blocks[j].kind == "image":
                held = True
                if keep[j]:
                    kept_text = True
                    break
            j += 1
        if held and not kept_text:
            keep[i] = False
            dropped.append(i)
    return dropped
