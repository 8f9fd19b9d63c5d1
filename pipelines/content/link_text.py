"""How much of a block's text is link text: the seed's link density, on a block's rich_text.

Its own module so that content selection and Markdown rendering (image_captions) share one
measure without importing each other.
"""
from __future__ import annotations

import re

from ..blocks import Block
from ..indexiness.url_shape import is_home_url

# An image's Markdown inside a link's text: a teaser card's thumbnail, drawn inside its link
# on news and shop sites at large ([![](thumb.jpg) Headline](/story)). Matched whole and
# atomically: its "](" is not the link's end (read so, the link's text was "![" and a card
# that is all link measured 0.05 link density), and its address is no link text.
IMAGE_MD = r"!\[(?:\\.|[^\]\\])*\]\([^)]*\)"
# "[link text]" (group 1), for a pattern to follow with the link's "(address)"
LINK_TEXT = rf"\[((?:(?>\\.|{IMAGE_MD}|[^\]\\]))*)\]"
LINK_RE = re.compile(LINK_TEXT + r"\([^)]*\)")
_IMAGE_MD_RE = re.compile(IMAGE_MD)
# LINK_RE for a rich text holding no backslash and no image ("!["): LINK_RE's escape and
# image branches need those characters, so a link's text is then any run but "]", which one
# character class matches without an atomic group per character: the same matches, 2.7
# times faster (1.46 -> 0.54 us a linked block, WCXB dev), and most rich texts are plain.
_PLAIN_LINK_RE = re.compile(r"\[([^\]]*)\]\([^)]*\)")
# Kinds whose Markdown holds no link text (an image's link is its own field).
NO_LINK_KINDS = ("code", "table", "image")


def link_texts(rich: str) -> list[str]:
    """LINK_RE.findall(rich): each link's text, images inside it included (anchor_text's
    group)."""
    if "\\" in rich or "![" in rich:
        return LINK_RE.findall(rich)
    return _PLAIN_LINK_RE.findall(rich)


def link_density(block: Block) -> float:
    """Share of the block's characters that are link text (from its rich_text)."""
    if not block.text or block.kind in NO_LINK_KINDS:
        return 0.0
    if "](" not in block.rich_text:
        return 0.0
    linked = sum(len(_IMAGE_MD_RE.sub("", text) if "![" in text else text)   # anchor_text
                 for text in link_texts(block.rich_text))
    return min(1.0, linked / max(len(block.text), 1))


def anchor_text(m: re.Match) -> str:
    """A LINK_RE match's link text, without the images inside it."""
    text = m.group(1)
    return _IMAGE_MD_RE.sub("", text) if "![" in text else text


_ONE_LINK = re.compile(LINK_TEXT + r"\(([^)\s]+)\)")     # group 2: the link's address


def is_brand(heading: Block) -> bool:
    """A heading that is one link to the site's home: a menu's brand (the site's name over
    its links). Kept as the title heading where the page is titled as its site is, it opened
    hugo-book's home with "## [Starlette](/)"; a thread's or a category's title in a menu
    links nowhere or to itself."""
    link = _ONE_LINK.fullmatch(heading.rich_text.strip())
    return link is not None and is_home_url(link.group(2))
