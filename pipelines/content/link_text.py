"""How much of a block's text is link text: the seed's link density, on a block's rich_text.

Its own module so that content selection and Markdown rendering (image_captions) share one
measure without importing each other.
"""
from __future__ import annotations

import re

from ..blocks import Block

LINK_RE = re.compile(r"\[((?:\\.|[^\]\\])*)\]\([^)]*\)")
# Kinds whose Markdown holds no link text (an image's link is its own field).
NO_LINK_KINDS = ("code", "table", "image")


def link_density(block: Block) -> float:
    """Share of the block's characters that are link text (from its rich_text)."""
    if not block.text or block.kind in NO_LINK_KINDS:
        return 0.0
    if "](" not in block.rich_text:
        return 0.0
    linked = sum(len(m.group(1)) for m in LINK_RE.finditer(block.rich_text))
    return min(1.0, linked / max(len(block.text), 1))
