"""Which chrome is the page frame's: the landmarks around the content (its header, footer,
navigation and sidebars), the only chrome that counts against a subtree in the container
search (selection.find_container). Other chrome is dropped block by block."""
from __future__ import annotations

from ..blocks import Block

# The chrome that counts against a container: the page frame's landmarks. Widgets (comment
# boxes, share bars, forms, consent) are dropped block by block wherever they sit and say
# nothing about their surroundings: a Q&A thread has a comment box under every answer, a post
# a share bar inside its body.
FRAME_CHROME = frozenset({"nav", "aside", "header", "footer"})


def is_frame_kind(b: Block, kind: str | None) -> bool:
    """Is chrome of this kind the page frame's? An <article>'s own <footer> (its date,
    author and category lines) is the article's chrome, dropped with the rest, but no frame
    around it: counted against the article, it made the post's bare list the container, and
    the section heading above the list was lost (Pelican's themes set a post's body straight
    in its <article>: 72 of 99 posts on each). A footer is its nearest sectioning element's
    (HTML), so one under a <section> of a page-wide <article> (Elementor's) is still frame."""
    return kind in FRAME_CHROME and not (kind == "footer" and b.in_article
                                         and _sectioned_by(b.xpath, "footer") == "article")


_SECTIONING = frozenset({"article", "section", "aside", "nav"})


def _sectioned_by(xpath: str, tag: str) -> str | None:
    """The sectioning element (_SECTIONING) nearest above the innermost `tag` step of xpath."""
    steps = [step.partition("[")[0] for step in xpath.split("/")]
    if tag not in steps:
        return None
    below = len(steps) - 1 - steps[::-1].index(tag)
    return next((s for s in reversed(steps[:below]) if s in _SECTIONING), None)
