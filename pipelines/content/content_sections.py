"""Furniture sections inside the content container: recognised by their heading.

A page's own text and the furniture a CMS appends to it often share one container: the
post body, then "Related posts", "About the author", "Comments", a newsletter box, and on a
shop page "You may also like" under the product. The container search cannot cut them off
(their teasers and bios are prose), the class names that would say so are not always there,
but their headings are the same on every site: a reader recognises the section from its
heading and skips it. Such a section runs from its heading to the next heading of the same
or a higher rank (a higher-ranked heading starts the page's next real section).

Only headings that come after the page's own text start such a section: at the top of a
page the same words are the page's subject ("Related articles" as a listing's title).
"""
from __future__ import annotations

import re

from ..blocks import Block
from ..blocks.block_model import kept_positions
from .content_controls import _label
from .word_count import count_words

# Headings of sections that are furniture wherever they follow a page's own text, as whole
# heading texts (lowercased, digits as "n", punctuation dropped; see _label). Grouped by what
# the section holds:
_FURNITURE_HEADING_PATTERNS = (
    # teasers of other pages: related / recommended / latest grids and carousels
    r"(?:more |other )?related(?: \w+){0,3}",
    r"(?:you|we think you) (?:may|might|will|ll|d) (?:also )?(?:like|love|enjoy|be interested in)(?: \w+){0,3}",
    r"(?:recommended|suggested|trending|popular|most popular|most read)(?: for you)?",
    r"(?:recommended|suggested|trending|popular|most popular|most read) (?:\w+ )?(?:posts|articles|stories|news|reads|reading|videos|content)",
    r"(?:recent|latest|similar|other|more|featured|new) (?:posts|articles|stories|news|reads|threads|products|items|listings|guides|topics|insights)",
    r"more (?:like this|to (?:explore|read|discover)|from \w+(?: \w+){0,3}|in \w+(?: \w+){0,3}|on this topic)",
    r"(?:read|watch|listen|what to read) (?:this )?next",
    r"up next|keep reading|explore more|continue reading|don t miss",
    r"(?:\w+ ){0,3}(?:customers|people|shoppers) (?:who|also) (?:bought|viewed|searched)(?: \w+){0,6}",
    r"products related to this item|recently viewed(?: products| items)?|frequently bought together",
    # customer reviews under a product: buyers' opinions, not the product's description
    # (plural: "Review" alone heads an editor's review, which is the page's text)
    r"(?:n )?(?:customer |product |user )?(?:reviews|ratings)(?: (?:and )?(?:reviews|ratings|questions))?",
    r"(?:write|leave) a review|what (?:customers|people|our customers) (?:are saying|say)",
    # the author box
    r"about the (?:authors?|writer|editor|contributors?)|meet the author|author bio|written by(?: \w+){0,3}",
    # ...and in other languages (German, French, Spanish, Italian, Portuguese, Dutch)
    r"über (?:den autor|die autorin|die autoren|die autor innen)|à propos de l auteur|a propos de l auteur|sobre (?:el|la|o|a) autor[a]?|sull autore|sull autrice|over de auteur",
    # the comment form under an article (a thread's comments are content on a forum or a
    # Q&A page, and the "comments" widget rule already weighs them)
    r"leave a (?:reply|comment)|post a comment|join the (?:conversation|discussion)",
    # newsletter and follow boxes
    r"(?:subscribe|sign up)(?: \w+){0,5}|(?:join|get) our newsletter|newsletter|stay (?:up to date|in the loop|informed|connected)",
    r"share(?: this(?: post| article| page| story)?)?|share on other sites|follow us(?: on \w+)?",
    # the same sections on sites in other languages: related and recommended posts, and
    # "you may also like" (German, French, Spanish, Italian, Portuguese, Dutch, Chinese,
    # Japanese); a reader skips them by their heading whatever the language
    r"(?:ähnliche|verwandte|weitere) (?:artikel|beiträge|themen)|das könnte (?:sie|dich) auch interessieren|mehr zum thema|auch interessant",
    r"articles? (?:similaires|liés|connexes|recommandés)|à lire aussi|a lire aussi|vous aimerez aussi|sur le même sujet|lire aussi",
    r"(?:artículos|articulos|entradas|noticias) (?:relacionad[oa]s|similares|recomendad[oa]s)|también te puede interesar|te puede interesar|te recomendamos",
    r"articoli (?:correlati|simili)|potrebbe interessarti anche|leggi anche|ti potrebbe interessare",
    r"(?:artigos|posts|notícias|noticias) relacionad[oa]s|você também pode gostar|leia também|veja também",
    r"gerelateerde (?:artikelen|berichten)|(?:lees|bekijk) ook|dit vind je misschien ook leuk",
    r"相关文章|相關文章|相关阅读|相關閱讀|延伸阅读|延伸閱讀|推荐阅读|推薦閱讀|热门文章|熱門文章|猜你喜欢|你可能(?:也)?喜欢|您可能(?:會|会)有(?:興趣|兴趣)的文章|相关推荐|相關推薦",
    r"関連記事|関連する記事|おすすめ記事|人気記事|こちらの記事もおすすめ|あわせて読みたい",
    # cookie-consent dialogs that were not recognised as such
    r"manage (?:consent|cookie) preferences|privacy preference center|we care about your privacy",
    r"(?:strictly necessary|functional|performance|targeting|analytics|marketing|advertising|social media) cookies",
    r"cookie (?:settings|preferences|policy)",
)
FURNITURE_HEADING_RE = re.compile(r"^(?:%s)$" % "|".join(_FURNITURE_HEADING_PATTERNS))
# The heading of an article's comment thread ("12 Comments", "5 thoughts on <title>"). A
# page with one such heading is a post with its comments; a page with several is a Q&A or
# forum thread with comments under every post, whose posts are the content: there none of
# these headings starts a furniture section.
COMMENTS_HEADING_RE = re.compile(
    r"^(?:(?:n )?comments?|(?:n )?responses|n (?:thoughts|responses|replies|comments) on(?: \w+){0,12})$")
# A furniture heading has at most this many words; a longer heading is a real section's
# title that happens to start like one ("Related work on sourdough fermentation...").
FURNITURE_HEADING_MAX_WORDS = 10
# Words of the page's own text that must come before a furniture heading: at the top of a
# page the heading is the page's subject, after this much text it is what follows the text.
SECTION_MIN_WORDS_BEFORE = 100
# How far above a furniture heading its section's wrapper may be: the heading's own wrapper
# (h2 + list in one div) or the one around it (a title div beside a grid div).
SECTION_ROOT_UP = 2
# Heading rank given to a heading without one (an ARIA heading): the lowest.
_NO_LEVEL = 6


def furniture_heading(b: Block, words: int | None = None) -> bool:
    """The block is a heading whose whole text names a furniture section."""
    if b.kind != "heading":
        return False
    if words is None:
        words = count_words(b.text)
    if not words or words > FURNITURE_HEADING_MAX_WORDS:
        return False
    return FURNITURE_HEADING_RE.match(_label(b.text)) is not None


def comments_heading(b: Block, words: int) -> bool:
    """The block is the heading of a comment thread (COMMENTS_HEADING_RE)."""
    return (b.kind == "heading" and 0 < words <= FURNITURE_HEADING_MAX_WORDS
            and COMMENTS_HEADING_RE.match(_label(b.text)) is not None)


def _parent(xpath: str) -> str:
    return xpath[:xpath.rfind("/")]


def section_root(heading: str, following: str | None) -> str | None:
    """The subtree a furniture section fills: the nearest ancestor of its heading that also
    holds the block after it, when that is at most SECTION_ROOT_UP levels up (a heading
    above its teaser grid, both in one wrapper). Past that the next block is the page's
    text resuming, and the section is the heading alone (None)."""
    if following is None:
        return None
    root = _parent(heading)
    for _ in range(SECTION_ROOT_UP):
        if following.startswith(root + "/"):
            return root
        root = _parent(root)
    return None


def drop_furniture_sections(blocks: list[Block], keep: list[bool], words: list[int],
                            marked: frozenset[int] = frozenset()) -> list[int]:
    """Drop (in place on `keep`) each kept furniture section that follows the page's text:
    its heading and the kept blocks after it inside its section_root, up to the next
    heading of the same or a higher rank. `words` is each block's word count. `marked` are
    furniture headings already left out by their class (h2.internal_related): each starts
    its section too, since the teasers under it wear no such class."""
    kept = sorted(kept_positions(keep) + list(marked))
    # each short heading's label made once, for both tests (comments_heading's and
    # furniture_heading's): the two made it twice (0.105 -> 0.092 ms a page, mean)
    labels = {i: _label(blocks[i].text) for i in kept if blocks[i].kind == "heading"
              and 0 < words[i] <= FURNITURE_HEADING_MAX_WORDS}
    threads = [i for i in kept if i in labels and COMMENTS_HEADING_RE.match(labels[i]) is not None]
    thread = threads[0] if len(threads) == 1 else None
    headings: list[int] = []
    before = 0
    root: str | None = None
    level = 0
    for n, i in enumerate(kept):
        b = blocks[i]
        if root is not None:
            ends = not b.xpath.startswith(root + "/") or (
                b.kind == "heading" and (b.level or _NO_LEVEL) <= level)
            if not ends:
                keep[i] = False
                continue
            root = None
        if before >= SECTION_MIN_WORDS_BEFORE and (
                i in marked or i == thread
                or (i in labels and FURNITURE_HEADING_RE.match(labels[i]) is not None)):
            keep[i] = False
            headings.append(i)
            # a marked heading's teasers are left out with it, by the same class: its
            # section is measured to the block after it, kept or not
            nxt = (i + 1 if i + 1 < len(blocks) else None) if i in marked else (
                kept[n + 1] if n + 1 < len(kept) else None)
            following = None if nxt is None else blocks[nxt].xpath
            root = section_root(b.xpath, following)
            level = b.level or _NO_LEVEL
            continue
        if i not in marked:
            before += words[i]
    return headings
