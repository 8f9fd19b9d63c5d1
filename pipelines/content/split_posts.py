"""One Markdown document for a post split over pages.

A post split with WordPress' <!--nextpage-->, a news article's "Page 2 of 3", a thread's
page 2: each part is a leaf, and a reader wants the post, not three files. The document is
the first part's (its front matter and text), then each further part's text in page order,
each after an HTML comment naming the part's address. The comment is invisible once the
Markdown is rendered, and it is where the document is cut again when a part comes back
changed (split_document): the parts arrive in any order, from any worker, over several
crawls, so the document is always rebuilt whole from its first part and the parts known.
"""
from __future__ import annotations

import re

import yaml

from .markdown import front_matter_text

PART_MARKER = "<!-- leafcrawl part: {} -->"
# the comment must not end early: a ">" in the address is written percent-encoded
_MARKER_LINE = re.compile(r"^<!-- leafcrawl part: \S+ -->$", re.M)
FRONT_MATTER = re.compile(r"\A---\n(.*?\n)?---\n", re.S)
"""An archived document's front matter block (group 1: its YAML)."""
FRONT_MATTER_PARTS = "parts"
"""Front matter key: the further parts' addresses, in page order."""


def part_order_key(url: str) -> tuple:
    """Page order of a pager's addresses: their numbers compared as numbers (/post/10/ after
    /post/9/, ?page=10 after ?page=9); every part of one post comes from one pager, so the
    addresses differ in the page number alone."""
    return tuple((0, int(piece), "") if piece.isdigit() else (1, 0, piece)
                 for piece in re.split(r"(\d+)", url) if piece)


def joined_markdown(front: dict, own_body: str, parts: dict[str, str]) -> str:
    """The document: front matter (listing the parts), the first part's text, then each
    part's text after its marker."""
    order = sorted(parts, key=part_order_key)
    front = {k: v for k, v in front.items() if k != FRONT_MATTER_PARTS}
    if order:
        front[FRONT_MATTER_PARTS] = order
    own_body = own_body.strip("\n")
    chunks = [own_body] if own_body.strip() else []
    title = own_body.split("\n", 1)[0] if own_body.startswith("#") else None
    for url in order:
        text = parts[url].strip("\n")
        if title and text.split("\n", 1)[0] == title:
            # each page of a split post repeats the post's title: the document has it once
            text = text[len(title):].lstrip("\n")
        chunks.append(PART_MARKER.format(url.replace(">", "%3E")) + "\n\n" + text)
    text = "\n\n".join(chunks)
    return front_matter_text(front) + ("\n" + text + "\n" if text else "")


def split_document(text: str) -> tuple[dict, str]:
    """(front matter, the first part's text) of an archived document, joined or not."""
    head = FRONT_MATTER.match(text)
    front = (yaml.safe_load(head.group(1) or "") or {}) if head else {}
    body = text[head.end():] if head else text
    marker = _MARKER_LINE.search(body)
    if marker:
        body = body[:marker.start()]
    return (front if isinstance(front, dict) else {}), body.strip("\n")
