"""The archive's text in Unicode's composed form (NFC).

A page may spell a character decomposed, its parts apart ("e" + U+0301 for "é", Bengali's
"ে" + "া" for "ো"): a browser draws both alike, but a search for the word as typed
(composed, as keyboards and the W3C's character model write it) misses the other: a Bengali
news story's sentences matched none of their quotes (trafilatura-eval tp +2). The
kept blocks are normalized, not the whole page: the check on a page's full text costs
0.4 ms, on the archived text a few microseconds.
"""
from __future__ import annotations

from unicodedata import is_normalized, normalize


def composed(text: str) -> str:
    if text.isascii() or is_normalized("NFC", text):
        return text
    return normalize("NFC", text)


def compose_blocks(blocks: list) -> list:
    """The blocks with text, rich_text and table rows in NFC (in place; returned)."""
    for b in blocks:
        b.text = composed(b.text)
        b.rich_text = composed(b.rich_text)
        if b.rows:
            b.rows = [[composed(c) for c in row] for row in b.rows]
        if b.rich_rows:
            b.rich_rows = [[composed(c) for c in row] for row in b.rich_rows]
    return blocks
