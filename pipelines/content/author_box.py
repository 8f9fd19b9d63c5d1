"""The author box after an article: its writer's portrait, name and bio, out of the body.

Blog and news templates close a post with a card about its writer: a label ("About the
author", "Über den Autor", "Autor:innen"), their photo, their name linking their page of
posts (`/author/<slug>/`), a few sentences of bio, sometimes tabs ("Recent Posts"). The
front matter names the author; the card is the site's, repeated under every post, and no
extractor's truth keeps it. Told by its name link: the page's author, alone on a line,
linking a page of the site's authors, among the article's last blocks.
"""
from __future__ import annotations

import re

from ..blocks import Block
from ..blocks.block_model import reindex

# The card's name link sits among the article's last few blocks...
BOX_TAIL_BLOCKS = 6
# ...and what follows it is a bio, a few sentences at most.
BIO_MAX_WORDS = 150
# Before the name: the card's label, the portrait and its tabs, short lines all.
BOX_HEAD_BLOCKS = 3
BOX_HEAD_MAX_WORDS = 6
_HEAD_KINDS = frozenset({"paragraph", "heading", "list-item"})
# A page of an author's posts, as CMSs address it (WordPress, Ghost, Kirby, Drupal, news
# CMSs in English, German, French, Dutch)
_AUTHOR_PAGE = re.compile(r"/(?:author|authors|autor|autoren|autorinnen|auteur|auteurs|"
                          r"redaktion|profile|people|team)/", re.I)
_ONE_LINK = re.compile(r"^\s*\[([^\]]+)\]\(([^)\s]+)[^)]*\)\s*$")


def drop_author_box(blocks: list[Block], author: str | None) -> list[Block]:
    """blocks without the author's card at their end, when there is one."""
    name = (author or "").strip().lower()
    if not name or len(blocks) < 2:
        return blocks
    for at in range(len(blocks) - 1, max(-1, len(blocks) - 1 - BOX_TAIL_BLOCKS), -1):
        if _name_link(blocks[at], name):
            break
    else:
        return blocks
    after = blocks[at + 1:]
    if any(b.kind == "heading" for b in after) \
            or sum(len(b.text.split()) for b in after) > BIO_MAX_WORDS:
        return blocks
    start = at
    portrait = False      # one picture: the writer's; another before it is the article's
    while start > 0 and at - start < BOX_HEAD_BLOCKS:
        b = blocks[start - 1]
        if b.kind == "image" and not portrait:
            portrait = True
        elif b.kind not in _HEAD_KINDS or len(b.text.split()) > BOX_HEAD_MAX_WORDS:
            break
        start -= 1
    if start == 0:
        return blocks        # the card is all there is: no article to take it from
    return reindex(blocks, [i < start for i in range(len(blocks))])


def _name_link(b: Block, name: str) -> bool:
    """The author's name alone on a line, linking a page of the site's authors."""
    if b.kind not in ("paragraph", "heading") or b.text.strip().lower() != name:
        return False
    m = _ONE_LINK.match(b.rich_text)
    return m is not None and _AUTHOR_PAGE.search(m.group(2)) is not None


