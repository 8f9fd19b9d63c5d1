"""Control and metadata lines inside the content container: furniture by what it says.

The container search keeps everything inside the chosen subtree; inside a product page, a
forum thread or a listing that subtree also holds the page's controls (buttons, share and
sort widgets) and per-post metadata (post counts, join dates, badges). These are short
blocks whose whole text is a control label or a metadata pattern, the same on any site in
any CMS: a reader skips them, and no extractor's truth keeps them. Each rule is named so the
selection can say why a block went.
"""
from __future__ import annotations

import re

from ..blocks import Block

# A block of at most this many words can be a control label; longer text is prose that
# happens to mention "share" or "reply".
CONTROL_MAX_WORDS = 6
# Labels of the page's furniture: never a section's title, whatever text follows them (a
# control's label heading a sentence may be one: an API's "Filter", a style guide's "Quote").
FURNITURE_LABELS = frozenset({
    "skip to content", "skip to main content", "skip to navigation", "advertisement",
    "advertisements", "advertising", "ad", "ads", "sponsored", "sponsored content",
    "story continues below advertisement", "article continues below advertisement",
    "continue reading below", "article continues below", "tags", "n min read",
    "table of contents", "toggle", "menu", "close",
    # the label the law asks over an ad in the page's language (Germany's "Anzeige",
    # France's "Publicité", ...), and the button a publisher sets beside it
    "anzeige", "werbung", "publicité", "publicidad", "publicidade", "pubblicità", "reklama",
    "advertentie", "annonce", "reklame", "mainos", "hide ad",
    # "table of contents" in the languages of the other labels below
    "inhaltsverzeichnis", "sommaire", "table des matières", "índice", "indice", "inhoudsopgave",
})
# Whole-block labels of buttons, menus and widget headings: share/follow bars, comment and
# post controls, shop controls, review-widget furniture, skip links, ad labels. Compared
# with the block's text lowercased, digits as N and punctuation dropped.
CONTROL_LABELS = frozenset({
    # share / follow bars
    "share", "share this", "share this article", "share this post", "share this page",
    "share on facebook", "share on twitter", "share on linkedin", "tweet", "print", "email",
    "follow", "follow us", "copy link",
    # post and comment controls
    "reply", "quote", "report", "flag", "permalink", "like", "likes", "edit", "cite",
    "add a comment", "click to expand", "show more", "show less",
    "load more", "read more", "see more", "view more", "embed", "loading",
    # shop controls and furniture
    "add to cart", "add to bag", "add to basket", "add to wishlist", "add to wish list",
    "wishlist", "compare", "quick view", "quick shop", "buy now", "select options",
    "choose options", "write a review", "be the first to review this product",
    "was this review helpful", "was this helpful", "helpful", "recently viewed",
    "sort", "sort by", "filter", "filters", "sort and filter", "filter and sort",
    "clear all", "apply", "quantity", "qty", "decrease quantity", "increase quantity",
    "in stock", "out of stock", "sold out", "unit price per", "unit price",
    # photo gallery and video player controls, which news pages put inside the article
    "n of n", "image n of n", "photo n of n", "full screen", "fullscreen", "exit full screen",
    "enlarge", "enlarge this image", "view photos", "view gallery", "view slideshow",
    "buy photo", "skip ad", "play", "pause", "play video", "watch video", "mute", "unmute",
    "replay", "previous", "next", "prev", "wait n second to continue",
    "wait n seconds to continue",
    # the share, print, send and read-more controls of German, French, Spanish, Italian and
    # Dutch templates, as the English ones above
    "teilen", "drucken", "versenden", "e mail", "artikel teilen", "artikel drucken", "inhalt",
    "weiterlesen", "mehr lesen", "partager", "imprimer", "envoyer", "lire la suite",
    "compartir", "imprimir", "enviar", "leer más", "condividi", "stampa", "leggi di più",
    "delen", "afdrukken", "lees meer",
    # a pager's position, which a paged thread or article prints beside its page links
    # (Spirit's "Page 1 of 2", phpBB's "Page 1 of 3", Discourse's, WordPress' paged posts)
    "page n of n", "seite n von n", "page n sur n", "página n de n", "pagina n di n",
}) | FURNITURE_LABELS
# Per-post metadata of forums and Q&A sites: the author box's post count and join date,
# reputation badges, "answered/asked/edited <date>" stamps. Matched on short blocks only.
META_MAX_WORDS = 12
FORUM_META_RE = re.compile(
    r"^(?:"
    r"[\d.,]+\s*k?\s*(?:posts?|messages?|reactions?|points?|solutions?|topics?|replies)\b.*\bjoined\b.*"
    r"|(?:posts?|messages?|joined|reputation|reactions?|member since|location)\s*:?\s*[\w ,.]{0,24}"
    r"|.*\d+\s*(?:gold|silver|bronze)\s+badges?.*"
    r"|(?:answered|asked|edited|modified|posted|updated|replied)\s+(?:on\s+)?\w{3,9}\.?\s+\d{1,2},?(?:\s+'?\d{2,4})?(?:\s+at\s+\d{1,2}:\d{2})?"
    r")$",
    re.I,
)
# A block whose whole text is one unlinked URL is a data dump (a theme printing its
# settings, an image path), not something written for a reader; a linked URL is a link.
_BARE_URL = re.compile(r"^\s*https?://\S+\s*$")
# Forum rank and presence labels shown under a poster's name: per-post metadata, not posts.
USER_TITLES = frozenset({"member", "new member", "senior member", "junior member", "moderator",
    "administrator", "admin", "staff", "original poster", "op", "author", "well known member",
    "active member", "registered user", "guest", "status", "offline", "online"})
_NORM_DIGITS = re.compile(r"\d+")
_NORM_PUNCT = re.compile(r"[^\w\s]+")
# What a script shows until it has fetched a part of the page ("Loading reviews…", "Loading
# prices for your region..."): the ellipsis is what makes it a placeholder, not a heading
# about loading ("Loading time of your pages"). Left in the HTML, that part never came.
LOADING_PLACEHOLDER = re.compile(r"loading\b[^.…]{0,60}(?:\.{2,3}|…)", re.I)
# Client-side template expressions left in the HTML ({{price.total}}, {{ item.name }}): a page
# built by AngularJS, Vue, Handlebars or Mustache and fetched without its script shows them
# where its values go. A block holding one and at most a short label besides ("Original
# price: {{price.was}}") is a slot the script never filled; a sentence that mentions one (a
# template language's docs) is longer, and an expression shown as code is code.
_TEMPLATE_EXPR = re.compile(r"\{\{[^{}]*\}\}")
TEMPLATE_LABEL_MAX_WORDS = 3


def is_control_label(text: str, tokens: int) -> bool:
    """Is the whole text a control's label ("Table of Contents", "Share", "Read more")?
    `tokens`: len(text.split())."""
    return tokens <= CONTROL_MAX_WORDS and _label(text) in CONTROL_LABELS


def is_furniture_label(text: str) -> bool:
    """Is the whole text a label of the page's furniture ("Advertisement", "Table of
    contents"), never a section's title?"""
    return _label(text) in FURNITURE_LABELS


# text -> _label(text): the selection asks it of the same short lines in its passes (the
# container search, the controls' rules, once more for a second reading): ~100 asks a page
# for ~56 texts, and pages share their labels ("Share", "Read more"). Bounded, as the walk's.
_LABELS: dict[str, str] = {}
_LABELS_MAX = 20_000


def _label(text: str) -> str:
    """The text lowercased, each run of digits as "n", punctuation dropped, spaces single."""
    label = _LABELS.get(text)
    if label is None:
        if len(_LABELS) >= _LABELS_MAX:
            _LABELS.clear()
        label = _LABELS[text] = _made_label(text)
    return label


def _made_label(text: str) -> str:
    # a label of ASCII letters and spaces has no digits or punctuation to replace: the two
    # regex passes skipped for it (most short lines: "Share", "Read more"), 3-4 times faster
    if text.isascii() and text.replace(" ", "").isalpha():
        return " ".join(text.lower().split())
    t = _NORM_DIGITS.sub("n", text.lower())
    return " ".join(_NORM_PUNCT.sub(" ", t).split())


# How an ASCII line FORUM_META_RE matches must open (lowercased), unless it names badges.
_FORUM_META_OPENINGS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", ".", ",", "post",
                        "message", "joined", "reputation", "reaction", "member since",
                        "location", "answered", "asked", "edited", "modified", "updated",
                        "replied")


def _may_be_forum_meta(line: str) -> bool:
    """False where FORUM_META_RE cannot match: an ASCII line that opens with none of its
    openings and names no badge. Most short lines are that, and the regex's badge branch
    scans the whole line from every position first. Lines beyond ASCII go to the regex
    (ignoring case it matches the Kelvin sign, a long s and a dotted I to k, s and i)."""
    if not line.isascii():
        return True
    low = line.lower()
    return low.startswith(_FORUM_META_OPENINGS) or "badge" in low


def control_rule(b: Block, tokens: int | None = None) -> str | None:
    """The named rule that makes this block a control or metadata line, or None. `tokens` is
    len(b.text.split()) when the caller has it already."""
    if b.kind not in ("paragraph", "list-item", "heading"):
        return None
    n = len(b.text.split()) if tokens is None else tokens
    if not n:
        return None
    label = _label(b.text) if n <= CONTROL_MAX_WORDS else None   # read by the user-title rule too
    if label is not None and label in CONTROL_LABELS:
        return "control-label"
    # (the words split again for a short line only: the caller keeps no page's worth of them)
    words = b.text.split() if n <= META_MAX_WORDS else None
    if words is not None and _may_be_forum_meta(line := " ".join(words)) \
            and FORUM_META_RE.match(line):
        return "post-metadata"
    # (a placeholder opens with "loading", whose l no other letter matches ignoring case)
    if n <= CONTROL_MAX_WORDS and (text := b.text.strip())[:1] in ("l", "L") \
            and LOADING_PLACEHOLDER.fullmatch(text):
        return "loading-placeholder"
    if n == 1 and b.kind != "heading" and _BARE_URL.match(b.text):
        return "bare-url"
    if n == 1 and b.kind != "heading" and len(words[0]) == 1 and words[0].isalpha():
        # an avatar's initial: forums and comment systems draw the poster's first letter
        # when there is no picture; no sentence is one letter long (an A-Z index's letters
        # are headings and stay)
        return "avatar-initial"
    if n <= 3 and label in USER_TITLES:
        return "user-title"
    if "{{" in b.text and "`" not in b.rich_text:
        rest = _TEMPLATE_EXPR.sub(" ", b.text)
        if rest != b.text and len(rest.split()) <= TEMPLATE_LABEL_MAX_WORDS:
            return "template-placeholder"
    return None
