"""Main-content selection: which blocks belong in the archived Markdown.

Chrome (nav, aside, page header/footer, named furniture) goes; link-dense blocks outside the
main flow go; the title heading stays wherever it sits.
"""
from __future__ import annotations

import re

from .blocks import Block, reindex

# Landmarks that are page chrome unless they sit inside main/article.
CHROME_REGIONS = frozenset({"nav", "aside", "header", "footer"})
# Landmarks that are chrome even inside main/article (a TOC nav, a related-posts aside).
CHROME_EVEN_IN_MAIN = frozenset({"nav", "aside"})
# Furniture that is never the page's content. Comments stay (on forums they ARE the
# content: WCXB F1 fell 0.0015 dropping them); rails stay until their class vocabulary is
# tighter ("secondary" also names content columns: dropping cost 0.0025).
DROP_WIDGETS = frozenset({"consent", "post-furniture", "filter"})
# A block whose text is mostly link text is navigation when outside the main flow.
LINK_DENSITY_MAX = 0.5
# Dropping everything outside main/article when the page has one was measured and lost
# (WCXB F1 0.7625 -> 0.769 without it): many pages mark only a teaser or a card as <article>.
DROP_OUTSIDE_MAIN = False
_LINK_RE = re.compile(r"\[((?:\\.|[^\]\\])*)\]\([^)]*\)")


def link_density(block: Block) -> float:
    """Share of the block's characters that are link text (from its rich_text)."""
    if not block.text or block.kind in ("code", "table", "image"):
        return 0.0
    linked = sum(len(m.group(1)) for m in _LINK_RE.finditer(block.rich_text))
    return min(1.0, linked / max(len(block.text), 1))


def select_content(blocks: list[Block], title: str | None = None) -> list[Block]:
    has_main = any(b.in_main or b.in_article for b in blocks)
    title_key = (title or "").strip().lower()
    keep = []
    for b in blocks:
        keep.append(_keep(b, has_main, title_key))
    return reindex(blocks, keep)


def _keep(b: Block, has_main: bool, title_key: str) -> bool:
    if b.kind == "heading" and title_key and b.text.strip().lower() == title_key:
        return True
    in_flow = b.in_main or b.in_article
    if b.in_nav or b.in_aside:
        return False
    if (b.in_header or b.in_footer) and not in_flow:
        return False
    if b.widget in DROP_WIDGETS:
        return False
    if DROP_OUTSIDE_MAIN and has_main and not in_flow:
        return False
    if not in_flow and link_density(b) > LINK_DENSITY_MAX:
        return False
    return True
