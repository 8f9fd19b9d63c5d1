"""Blocks of a page: build_blocks() is the entry point. The model (Block) lives in
block_model.py, the walk in block_walk.py, tables in block_tables.py, inline Markdown in
block_inline.py and de-duplication in block_dedup.py.
"""
from __future__ import annotations

from .block_dedup import deduplicate
from .block_model import KINDS, Block, reindex
from .block_walk import walk_document
from ..htmlparse import as_root

__all__ = ["KINDS", "Block", "build_blocks", "reindex"]


def build_blocks(html_or_tree, url: str) -> list[Block]:
    """Blocks of a page in reading order, de-duplicated, hidden blocks left out.

    Shadow roots are composed first (a no-op when the tree has none); on a measured page the
    walk visits siblings in the order the browser drew them (reading_order.py).
    """
    root = as_root(html_or_tree)
    return deduplicate(walk_document(root, url))
