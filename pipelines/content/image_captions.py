"""Which blocks caption an image: they are written as the image's Markdown title.

A picture's caption and photo credit ("Foto: dpa", "Getty Images", "Figure 3: …") describe
the picture, not the story. The field's article benchmarks leave them out of an article's
text (trafilatura's evaluation lists them among the snippets an article must not hold;
WCXB's ground truth omits them), and between an article's paragraphs they read as stray
lines. Kept as the image's title they stay in the archive with the picture they belong to.
"""
from __future__ import annotations

import re
from urllib.parse import urlsplit

from ..blocks import Block
from ..blocks.whitespace import normalize_ws
from .link_text import link_density

# Kinds a caption is written as. A heading or a list item beside a picture is a teaser's
# title or an entry of a list, never the picture's caption.
CAPTION_KINDS = frozenset({"figure-caption", "paragraph"})
# A caption is a line or two (a credit, a sentence on what is shown); text beside a picture
# longer than this is the article going on around it.
CAPTION_MAX_WORDS = 60
# A caption is one text of more words than this with at most short lines beside it (a
# credit, a date, a place): two longer lines next to a picture are paragraphs of the text
# around it, and short lines alone (but a lone credit) are a post's avatar with its author's
# name and date.
CREDIT_MAX_WORDS = 8
# Folding must not take a page's text with it: a photo post's one paragraph beside its
# picture is the post. The words left outside the picture's wrapper must be at least this
# many times the caption's.
TEXT_OVER_CAPTION = 3


# A link on a picture that leads to a file of one of these types opens the picture itself
# (a lightbox, the full size); a link anywhere else makes picture and text a card that
# points to another page, a teaser or a product, whose text is its title, not a caption.
PICTURE_FILE = re.compile(r"\.(?:jpe?g|png|gif|webp|avif|svg|bmp|tiff?)(?:[?#]|$)", re.I)
# A vector picture beside text is an icon (a tip box's bulb, a feature's symbol); photos and
# figures with captions are raster files.
VECTOR_PICTURE = re.compile(r"\.svg(?:[?#]|$)|^data:image/svg", re.I)


def _vector_picture(href: str) -> bool:
    """VECTOR_PICTURE.search(href) is not None. An ASCII address is tested with str methods:
    the regex, ignoring case, scans an inline picture's whole data: address character by
    character (render_markdown 0.134 -> 0.126 ms median, warm). Beyond ASCII the regex
    decides (ignoring case it matches the long s to s)."""
    if not href.isascii():
        return VECTOR_PICTURE.search(href) is not None
    low = href.lower()
    if low.startswith("data:image/svg"):
        return True
    at = low.find(".svg")
    while at >= 0:
        end = at + 4
        # "$": the end, or right before a line break that ends the address
        if end == len(low) or low[end] in "?#" or (low[end] == "\n" and end + 1 == len(low)):
            return True
        at = low.find(".svg", at + 1)
    return False


# Share of a line's text inside links above which it is a link's title, not a caption.
CAPTION_MAX_LINK_SHARE = 0.5


def links_elsewhere(b: Block) -> bool:
    """A picture linking another page, not its own file: a card's or a teaser's picture."""
    return b.kind == "image" and bool(b.link) and not PICTURE_FILE.search(b.link)


def pictures_leading_off(blocks: list[Block], keep: list[bool], body_end: int,
                         page_url: str | None) -> list[int]:
    """The kept pictures after an article's last long paragraph (`body_end`) that lead to
    another page: the furniture the web sets under articles, a banner, an ad, a donation or
    subscription button, a share button, another story's thumbnail. Its photos stay."""
    return [i for i in range(body_end + 1, len(blocks))
            if keep[i] and leads_off_page(blocks[i], page_url)]


def leads_off_page(b: Block, page_url: str | None) -> bool:
    """A picture linking away from the page it sits on: not to its own file (links_elsewhere),
    not to the media server that serves it (a CDN's picture address without a file type),
    and not to a page below this one (a gallery's viewer, WordPress' attachment page of a
    post's photo) or this page itself (a print button's fallback)."""
    if not links_elsewhere(b):
        return False
    try:
        link = urlsplit(b.link)
        page = urlsplit(page_url or "")
        host, page_host = (link.hostname or "").lower(), (page.hostname or "").lower()
        if b.href and host == (urlsplit(b.href).hostname or "").lower() and host != page_host:
            return False
        if page_url and host == page_host and page.path.strip("/") and (
                link.path.rstrip("/") + "/").startswith(page.path.rstrip("/") + "/"):
            return False
    except ValueError:      # an address no URL parser reads ("http://[::1/"): no page's
        return False
    return True


def _steps(xpath: str) -> list[str]:
    return xpath.strip("/").split("/")


def _under(xpath: str, holder: str) -> bool:
    return xpath == holder or xpath.startswith(holder + "/")


def _figcaption_owner(blocks: list[Block], i: int, images: list[int]) -> int | None:
    """The image a <figcaption> block captions: one its figcaption's parent holds."""
    b = blocks[i]
    at = b.xpath.rfind("/figcaption")
    if at <= 0:
        return None
    # the <figure> around it, which may hold the picture a level or two away from the
    # caption (<figure><div><img></div><div><figcaption>); else the caption's parent
    fig = b.xpath.rfind("/figure", 0, at)
    holder = b.xpath[:b.xpath.find("/", fig + 1)] if fig >= 0 else b.xpath[:at]
    inside = [j for j in images if blocks[j].xpath.startswith(holder + "/")]
    if not inside:
        return None         # a video's or a table's caption, a figure of text: stays text
    before = [j for j in inside if j < i]
    return before[-1] if before else inside[0]


def _wrapper_captions(blocks: list[Block], j: int, words: list[int]) -> tuple[str, list[int]]:
    """The blocks right after image j that an element holding nothing but the picture and
    them wraps: `<div class="wp-caption"><img><p class="wp-caption-text">`, `<div
    class="image"><img><span class="credit">` — the way pictures were captioned before
    <figure>, and still are by many CMSs. Where the element around picture and text holds
    anything more (the article's other paragraphs), the text is the article's, not a caption.
    """
    if links_elsewhere(blocks[j]):
        return "", []
    if _vector_picture(blocks[j].href or ""):
        return "", []       # an icon: the box it heads ("Tip: …") is the text's own
    img_steps = _steps(blocks[j].xpath)
    found: list[int] = []
    holder = ""
    total = long_lines = 0
    k = j + 1
    while (k < len(blocks) and blocks[k].kind in CAPTION_KINDS
           and link_density(blocks[k]) <= CAPTION_MAX_LINK_SHARE):
        steps = _steps(blocks[k].xpath)
        n = 0
        while n < min(len(steps), len(img_steps)) and steps[n] == img_steps[n]:
            n += 1
        if n == 0:
            break
        wrapper = "/" + "/".join(img_steps[:n])
        total += words[k]
        long_lines += words[k] > CREDIT_MAX_WORDS
        if total > CAPTION_MAX_WORDS or long_lines > 1:
            break           # a caption is one sentence or two, with a credit line at most
        # blocks come in document order: what else the wrapper holds sits next to them
        if j > 0 and _under(blocks[j - 1].xpath, wrapper):
            break           # the wrapper holds more than the picture and these lines
        k += 1
        if k < len(blocks) and _under(blocks[k].xpath, wrapper):
            continue        # it holds the next line too: a caption under a credit, or prose
        if long_lines or k == j + 2:    # several short lines alone: an avatar's name, date
            found, holder = list(range(j + 1, k)), wrapper
    return holder, found


# A photo credit as agencies and CMSs print it at a caption's end: the copyright sign, then
# its holder ("… aus der Schweiz. © AFP / Marco Bertorello").
CREDIT_MARK = re.compile(r"(?:^|\s)(?:©|\(c\))\s*\S.{0,60}$", re.I)
# ...or a short line that opens with a credit's label ("Bild: Jahr Media", "Foto: dpa",
# "Fot. Lukasz Nowaczyk / Agencja Gazeta", "Photo: Reuters", "Credit: NASA")
CREDIT_LABEL = re.compile(r"(?:(?:fotos?|bild(?:er)?|photos?|image|credits?|photograph(?:y|er)?)"
                          r"\s*:|fot\.|abb\.)\s*\S", re.I)
# Words an alt text needs for a line repeating it to be that picture's caption (an alt of a
# word or two, "Logo", "Foto", repeats by chance).
ALT_REPEAT_MIN_WORDS = 4


def _adjacent_captions(blocks: list[Block], j: int, words: list[int]) -> list[int]:
    """The lines right after image j that say they are its caption, wherever they sit in the
    markup: one that repeats the picture's alt text word for word (a CMS writes the caption
    into both), or one that ends in a copyright credit ("… © AFP / Name"), as photo
    captions do and the article's sentences never do."""
    if links_elsewhere(blocks[j]) or _vector_picture(blocks[j].href or ""):
        return []
    def caption_line(k: int) -> bool:
        return (k < len(blocks) and blocks[k].kind in CAPTION_KINDS
                and 0 < words[k] <= CAPTION_MAX_WORDS
                and link_density(blocks[k]) <= CAPTION_MAX_LINK_SHARE)
    k = j + 1
    if not caption_line(k):
        return []
    alt = normalize_ws(blocks[j].alt or "")
    if len(alt.split()) >= ALT_REPEAT_MIN_WORDS:
        if normalize_ws(blocks[k].text) == alt:
            return [k]
    text = blocks[k].text
    # the mark is looked for only in a line holding one: the search tries every space
    if ("©" in text or "(c)" in text or "(C)" in text) and CREDIT_MARK.search(text):
        return [k]
    if words[k] <= CREDIT_MAX_WORDS and CREDIT_LABEL.match(text):
        return [k]
    return []


class _WordCounts:
    """len(text.split()) of blocks[k], counted when first asked: the caption tests read the
    few blocks after each picture, and the page's total only when a caption folds. Splitting
    every block up front was a fifth of render_markdown (0.06 ms a page, WCXB dev)."""
    __slots__ = ("blocks", "counts")

    def __init__(self, blocks: list[Block]):
        self.blocks = blocks
        self.counts: list[int | None] = [None] * len(blocks)

    def __getitem__(self, k: int) -> int:
        n = self.counts[k]
        if n is None:
            n = self.counts[k] = len(self.blocks[k].text.split())
        return n

    def total(self) -> int:
        return sum(len(b.text.split()) if n is None else n for n, b in zip(self.counts, self.blocks))


def fold_captions(blocks: list[Block]) -> tuple[set[int], dict[int, str]]:
    """The caption blocks of images among `blocks` (indexes, to leave out of the text), and
    each such image's caption (by the image's index), for its title."""
    images = [i for i, b in enumerate(blocks) if b.kind == "image"]
    if not images:
        return set(), {}
    words = _WordCounts(blocks)
    owner: dict[int, int] = {}
    for i, b in enumerate(blocks):
        if b.kind in CAPTION_KINDS and "/figcaption" in b.xpath:
            j = _figcaption_owner(blocks, i, images)
            if j is not None:
                owner[i] = j
    wrapped = {j: found for j in images if (found := _wrapper_captions(blocks, j, words))[1]}
    ends = {lines[-1] for _, lines in wrapped.values()}
    for j, (_, lines) in wrapped.items():
        # Picture-and-text wrappers one after another with nothing between them are cards
        # (features, team members, testimonials, products), each text its card's; an
        # article's captioned pictures stand apart, between its paragraphs.
        if lines[-1] + 1 in wrapped or j - 1 in ends:
            continue
        for i in lines:
            owner.setdefault(i, j)
    # no card test here: a line that repeats its picture's alt or carries its credit says
    # itself that it is the caption, and a gallery's pictures stand one after another
    for j in images:
        for i in _adjacent_captions(blocks, j, words):
            owner.setdefault(i, j)
    folded_words = sum(words[i] for i in owner)
    if folded_words and words.total() - folded_words < TEXT_OVER_CAPTION * folded_words:
        return set(), {}
    parts: dict[int, list[str]] = {}
    for i in sorted(owner):
        parts.setdefault(owner[i], []).append(blocks[i].text)
    titles = {}
    for j, texts in parts.items():
        title = " ".join(" ".join(texts).split())
        if title != " ".join((blocks[j].alt or "").split()):   # the alt already says it
            titles[j] = title
    return set(owner), titles
