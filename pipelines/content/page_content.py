"""A page's content blocks: the walk of its repaired tree, selected (content.py), and the
fallbacks for a page whose selection yields next to nothing: its <noscript> document, its
inline-hidden wrappers shown, JSON-LD articleBody, Next.js page data, and last its links."""
from __future__ import annotations

from ..blocks import Block
from .link_text import LINK_RE, anchor_text
from .selection import _select
from .word_count import count_words


# Below this many words of content, a page shows a reader without script next to nothing...
NOSCRIPT_MIN_PAGE_WORDS = 50
# ...and a <noscript> holding at least this many words is the page's script-free document
# (Discourse serves a whole thread that way; a "please enable JavaScript" note is shorter).
NOSCRIPT_MIN_WORDS = 100


# A selection under this many words is a paragraph or two: on a list-of-links page that is
# the list's intro, and the list is the content (select_with_link_list)...
LINK_LIST_MAX_WORDS = 120
# ...when the links-as-prose selection is at least this many times longer (the list outweighs
# the intro by as much again).
LINK_LIST_RATIO = 2


# A leaf's list of links is its content only when its links read as headlines, a phrase each
# (a thread's linked answers, a story's list of sources): a leaf whose text never reached its
# HTML (a paywall, a script that fetches it) otherwise gave its site's menu as its content,
# "News", "Business", "Weather", each a word or two.
HEADLINE_MIN_WORDS = 3


def reads_as_headlines(blocks: list[Block]) -> bool:
    """Do the link texts of these blocks run HEADLINE_MIN_WORDS words or more (median)?"""
    sizes = sorted(count_words(anchor_text(m)) for b in blocks for m in LINK_RE.finditer(b.rich_text))
    return bool(sizes) and sizes[len(sizes) // 2] >= HEADLINE_MIN_WORDS


def links_as_content(walked: list[Block], title: str | None, leaf: bool,
                     discussion: bool = False) -> tuple[list[Block], int]:
    """The blocks selected with link text weighed as prose, and their words; nothing for a
    leaf whose links do not read as headlines (its menu)."""
    found, words = _select(walked, title, links_as_text=True, discussion=discussion)
    if leaf and not reads_as_headlines(found):
        return [], 0
    return found, words


def content_words(blocks: list[Block]) -> int:
    return sum(count_words(b.text) for b in blocks)


def noscript_document(root):
    """The largest <noscript> as a <div> to walk, when it holds a document of its own.

    Call it when the selected content is nearly empty (content_words < NOSCRIPT_MIN_PAGE_WORDS):
    a script-built page (Discourse, some SPAs) puts its crawler/no-JS rendering in <noscript>,
    which is what a plain-HTTP reader gets. Returns a detached copy, or None."""
    import copy

    best, best_words = None, 0
    for ns in root.iter("noscript"):
        words = sum(count_words(t) for t in ns.itertext())
        if words > best_words:
            best, best_words = ns, words
    if best is None or best_words < NOSCRIPT_MIN_WORDS:
        return None
    doc = copy.deepcopy(best)
    doc.tag = "div"
    doc.tail = None
    return doc


def page_content(root, url: str, title: str | None, order: dict | None = None,
                 leaf: bool = False, discussion: bool = False,
                 tags: dict | None = None, post: bool = False,
                 title_of_h1s=None) -> list[Block]:
    """The page's content blocks: the walk of the repaired tree, selected; when that yields
    next to nothing (< NOSCRIPT_MIN_PAGE_WORDS), the first fallback that yields more: the
    <noscript> document, the page with inline-hidden wrappers shown, JSON-LD articleBody,
    Next.js page data (content_repair.py says why each is the page's own text), and last the
    same blocks selected with link text counted as prose (a page that is nothing but a list
    of links -- a link aggregator's front page, a schedule of linked matches -- has no prose
    for the container search to find, and its links are its content). `discussion`: what the
    page declares itself, a forum thread or Q&A (metadata/discussion.py). `tags`: filled
    as walk_document fills it, from the walk of root. `post`: a leaf whose metadata dates
    it (selection._select). `title_of_h1s`: the title the page's h1 elements (as the walk
    found them) show, or None; the selection keeps that heading wherever it sits, where
    `title` (og:title, <title>) words the page's name for search results and shares."""
    from ..blocks.block_dedup import deduplicate
    from ..blocks.block_walk import walk_document
    from .content_repair import json_ld_body, next_data_text, repair_tree, revealed_copy
    from .article_frame import mark_article_frame

    if repair_tree(root):
        order = None          # elements moved: their positions are retaken
    mark_article_frame(root)
    walked = deduplicate(walk_document(root, url, order, tags))
    if title_of_h1s is not None and tags:
        title = title_of_h1s(tags["h1"]) or title
    blocks, words = select_with_link_list(walked, title, leaf, url, discussion, post)
    if words >= NOSCRIPT_MIN_PAGE_WORDS:
        return blocks
    best, best_words = blocks, words
    for fallback in (noscript_document, revealed_copy, json_ld_body, next_data_text, _link_list):
        if fallback in (noscript_document, revealed_copy):
            doc = fallback(root)
            found, words = ([], 0) if doc is None else _select(
                deduplicate(walk_document(doc, url)), title, leaf=leaf, url=url,
                discussion=discussion, post=post)
        elif fallback is _link_list:
            found, words = links_as_content(walked, title, leaf, discussion)
        else:
            found = fallback(root)
            words = content_words(found)
        if words >= NOSCRIPT_MIN_PAGE_WORDS:
            return found
        if words > best_words and fallback is not _link_list:
            # a short page's few links are its menu, not a list of links to keep
            best, best_words = found, words
    return best


def select_with_link_list(walked: list[Block], title: str | None, leaf: bool = False,
                          url: str | None = None, discussion: bool = False,
                          post: bool = False) -> tuple[list[Block], int]:
    """_select's blocks and word count; on a page whose prose selection is short
    (NOSCRIPT_MIN_PAGE_WORDS..LINK_LIST_MAX_WORDS) the same blocks selected with link text
    weighed as prose, when that is LINK_LIST_RATIO times longer: the page is a list of links
    (an index of articles, a ranked list of titles) and the few words of prose the first
    selection found are its intro or a caption beside the list."""
    blocks, words = _select(walked, title, leaf=leaf, url=url, discussion=discussion, post=post)
    if NOSCRIPT_MIN_PAGE_WORDS <= words < LINK_LIST_MAX_WORDS:
        found, more = links_as_content(walked, title, leaf, discussion)
        if more >= LINK_LIST_RATIO * words:
            return found, more
    return blocks, words


def _link_list(root):   # marker for page_content's last fallback (selection, not a tree)
    return None
