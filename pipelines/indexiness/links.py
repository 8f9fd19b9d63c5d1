"""Links of a page: absolute URL, locality (out/in/self) and location signature.

The signature is computed in one top-down walk: each element passes its flags to its
children, so no link ever scans its ancestors.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from bisect import bisect_right
from itertools import accumulate, repeat
from urllib.parse import unquote

from lxml import etree

from ..blocks.block_inline import normalize_ws
# OUTLINK and locality: the names callers import from here
from .link_locality import INLINK, OUTLINK, SELFLINK, _Resolver, locality  # noqa: F401
from .page_address import page_address
from .sort_controls import FIELDS, SORT_HOLDERS, control_markup, is_sort_control
from ..htmlparse import as_root, base_url


# Signature flag -> tags that set it.
FLAG_TAGS = {
    "in_header": ("header",), "in_footer": ("footer",), "in_aside": ("aside",),
    "in_nav": ("nav",), "in_form": ("form",), "in_main": ("main",),
    "in_article": ("article",), "in_section": ("section",), "in_table": ("table",),
    "in_figure": ("figure",), "in_address": ("address",), "in_code": ("code", "pre"),
    "in_headline": ("h1", "h2", "h3", "h4", "h5", "h6"), "in_list": ("ul", "ol", "dl"),
    "in_paragraph": ("p",),
}
# ARIA roles that count as the elements above.
FLAG_ROLES = {
    "banner": "in_header", "contentinfo": "in_footer", "complementary": "in_aside",
    "navigation": "in_nav", "form": "in_form", "search": "in_form", "main": "in_main",
    "article": "in_article", "region": "in_section", "table": "in_table", "grid": "in_table",
    "figure": "in_figure", "code": "in_code", "heading": "in_headline", "list": "in_list",
    "listitem": "in_list", "paragraph": "in_paragraph",
}
FLAGS = tuple(FLAG_TAGS)
_BIT = {name: 1 << i for i, name in enumerate(FLAGS)}
_TAG_BITS: dict[str, int] = {}
for _name, _tags in FLAG_TAGS.items():
    for _t in _tags:
        _TAG_BITS[_t] = _TAG_BITS.get(_t, 0) | _BIT[_name]
_ROLE_BITS = {role: _BIT[name] for role, name in FLAG_ROLES.items()}
# A dialog is a window the page opens over itself on demand (a <dialog>; WAI-ARIA's dialog
# roles mark the Bootstrap-style modals that CSS keeps hidden until a click): a help sheet, a
# confirmation, a login box, a cookie notice, a menu, never the page's content. It counts as
# an aside: its links stay links (a menu in a modal still leads a crawl on), but its text and
# links are not the content's. FlaskBB prints a Markdown cheatsheet modal on every page,
# whose headings and prose read as the content of its category, forum and member pages.
# (Not in FLAG_TAGS/FLAG_ROLES: those name the regions page.py follows sidebars in.)
DIALOG_ROLES = ("dialog", "alertdialog")
_TAG_BITS["dialog"] = _BIT["in_aside"]
_ROLE_BITS.update({role: _BIT["in_aside"] for role in DIALOG_ROLES})
# Internal bit (not a signature flag): the text sits inside an <a>.
_IN_A = 1 << len(FLAGS)
# Internal bit of the stats walk: the ancestors' flags make the text relevant.
_REL = 1 << (len(FLAGS) + 1)
_NAV_ASIDE = _BIT["in_nav"] | _BIT["in_aside"]
_MAIN = _BIT["in_main"]
_MAIN_ARTICLE = _MAIN | _BIT["in_article"]
_HEADER_FOOTER = _BIT["in_header"] | _BIT["in_footer"]
_P = _BIT["in_paragraph"]
_LANDMARKS = _NAV_ASIDE | _MAIN_ARTICLE | _HEADER_FOOTER    # the bits relevant_flags reads
# The page's main landmark is never inside its header, footer, nav or aside (HTML's content
# model forbids it): found there, it is the parser's repair of an unclosed <nav> or <header>
# that swallowed the rest of the page, and what sits in it is the content, not the chrome
# (the block walk reads it so too: walk_context.Ctx.enter). A shop's category page whose
# menu was left open lost its products and its sort control to the menu.
_CHROME = _NAV_ASIDE | _HEADER_FOOTER


def relevant_flags(flags: int) -> bool:
    """The seed's relevance rule on signature bits: not in nav/aside; in main or article,
    or in neither header nor footer."""
    if flags & _NAV_ASIDE:
        return False
    return bool(flags & _MAIN_ARTICLE) or not flags & _HEADER_FOOTER


@dataclass
class TextStats:
    """Filled by extract_links(stats=...) in the same walk: characters of visible text in
    the relevant region (where relevant links live) and how many of them sit inside links
    to other pages (the text of a self-link or of an <a> without href is the page's own)."""
    text_chars: int = 0
    link_chars: int = 0
    prose_chars: int = 0                   # text in <p> outside links: the page's prose
    first_heading_pos: int | None = None   # document order of the first h1 (else h2)
    # Section headings (h2-h6 with text) holding no link / holding a link.
    plain_headings: int = 0
    linked_headings: int = 0
    # Text nodes that read as a price ($12.99, 12,99 €): one on a product page, many on a
    # shop's collection page.
    prices: int = 0
    # Buttons that put an item in a cart: a product page's own action.
    buy_buttons: int = 0
    # The first control that reorders what the page lists (sort_controls), as markup.
    sort_control: str = ""

    @property
    def link_text_share(self) -> float:
        return self.link_chars / self.text_chars if self.text_chars else 0.0
_HEADLINE_TAGS = FLAG_TAGS["in_headline"]
_SECTION_HEADINGS = frozenset({"h2", "h3", "h4", "h5", "h6"})
# A price stands in a short text node of its own ("$12.99", "From 12,99 €"); longer text is prose.
PRICE_MAX_CHARS = 32
PRICE = re.compile(r"[$€£¥₹]\s?\d|\d[\d.,]*\s?[$€£¥₹]")
BUY = re.compile(r"add to (?:cart|bag|basket|trolley)|buy now|in den warenkorb|ajouter au panier|"
                 r"añadir al carrito|aggiungi al carrello|in winkelwagen", re.I)
# Content never rendered, so links inside it are not on the page.
SKIP_TAGS = frozenset({"script", "style", "template", "head", "noscript"})


# slots: a page makes ~150 Links and the scoring reads their fields a dozen times each;
# without a __dict__ each is built and read a tenth faster
@dataclass(slots=True)
class Link:
    url: str                  # absolute, fragment kept
    text: str                 # visible text, whitespace-normalised
    locality: str             # out | in | self
    flags: int                # signature bits (see FLAGS)
    has_image: bool = False
    element: object = field(default=None, repr=False, compare=False)
    rel: tuple[str, ...] = ()  # the rel attribute's words, lowercased (tag, friend, next…)
    pos: int = 0              # document order of the <a> among all elements

    def has(self, flag: str) -> bool:
        return bool(self.flags & _BIT[flag])

    @property
    def signature(self) -> dict[str, bool]:
        return {name: bool(self.flags & bit) for name, bit in _BIT.items()}


# All text under an element, exactly text_of(el) ("".join(el.itertext())), but joined in C:
# the XPath string-value holds the same text nodes (comments' text out, tails in).
element_text = etree.XPath("string()", smart_strings=False)


def subtree_text(el) -> str:
    """element_text(el); an element without children (most links) gives its own text,
    without an XPath call."""
    return element_text(el) if len(el) else el.text or ""


def extract_links(html_or_tree, url: str, stats: TextStats | None = None,
                  base: str | None = None) -> list[Link]:
    """Every <a href> in document order, with absolute URL, locality and signature.

    With stats, the same walk also measures the relevant region's text and link text
    (_walk_with_stats); without, the walk does the links alone (the seed formula's cost).
    base: base_url(tree, url), when already known (the metadata's date_facts has it)."""
    root = as_root(html_or_tree)
    base = base_url(root, url) if base is None else base
    start = root.find("body") if root.tag == "html" else None
    start = start if start is not None else root
    if stats is not None:
        return _walk_with_stats(start, base, url, stats)
    out: list[Link] = []
    resolver = _Resolver(base, url)
    stack = [(start, 0)]     # (element, ancestors' flags)
    pos = 0
    while stack:
        el, flags = stack.pop()
        pos += 1
        tag = el.tag
        if not isinstance(tag, str) or tag in SKIP_TAGS:
            continue
        bits = _TAG_BITS.get(tag, 0)
        role = el.get("role")
        if role:
            bits |= _ROLE_BITS.get(role.split()[0].lower(), 0) if role.split() else 0
        if bits & _MAIN and flags & _CHROME:
            flags &= ~_CHROME
        flags |= bits
        if tag == "a":
            href = el.get("href")
            if href is not None:
                out.append(_make_link(el, href, resolver, flags, pos))
            flags |= _IN_A
        if len(el):     # children pushed last-first, so they pop in document order
            stack.extend(zip(reversed(el), repeat(flags)))
    return out


# The stats walk's own tag bits, beside the signature's (never in a Link's flags): one
# lookup per element gives both, and only elements with bits take the slower branch.
_BTN = _REL << 1          # <button>/<input>: may be a buy button
_H1 = _BTN << 1           # the first h1 (else h2) is where the page's content starts
_H2 = _H1 << 1
_SECTION = _H2 << 1       # h2-h6: a section heading
_OWN_BITS = _BTN | _H1 | _H2 | _SECTION
_STATS_TAG_BITS = dict(_TAG_BITS, button=_BTN, input=_BTN, h1=_TAG_BITS["h1"] | _H1,
                       h2=_TAG_BITS["h2"] | _H2 | _SECTION,
                       **{h: _TAG_BITS[h] | _SECTION for h in ("h3", "h4", "h5", "h6")})
# The innermost relevant section heading above an element rides in the flags' high bits
# (its index + 1), so one int per element carries all it passes to its children.
_HEAD_SHIFT = (_SECTION << 1).bit_length() - 1
_BELOW_HEAD = (1 << _HEAD_SHIFT) - 1
_LINK_BITS = _IN_A | (_IN_A - 1)          # what a Link's flags keep: signature and _IN_A
_CURRENCY = "$€£¥₹"   # PRICE cannot match a text without one of these
_SKIPPED = -1             # _walk_with_stats' flags under a SKIP_TAGS element
# The walk's tag lookup also answers "no element" (a comment, a processing instruction, an
# entity: lxml's tag of each is its factory) and "never rendered" (SKIP_TAGS), as negative
# bits: one dict lookup per node instead of it, an isinstance call and a set test
# (extract_links median 0.93 -> 0.90 ms, WCXB dev 300).
_NO_ELEMENT = -2
_WALK_TAG_BITS = dict(_STATS_TAG_BITS, **{tag: _SKIPPED for tag in SKIP_TAGS})
_WALK_TAG_BITS.update({etree.Comment: _NO_ELEMENT, etree.ProcessingInstruction: _NO_ELEMENT,
                       etree.Entity: _NO_ELEMENT})


# The elements with a role attribute (a few dozen of a page's ~1,300), found by libxml2 in
# one pass over the attributes: the walk looks each element up in a dict of them instead
# of asking lxml for its role attribute (extract_links median 1.2 -> 1.1 ms, WCXB dev 300).
_ROLE_HOLDERS = etree.XPath("descendant-or-self::*/@role/..")


def _walk_with_stats(start, base: str, url: str, stats: TextStats) -> list[Link]:
    """extract_links' walk (same links, same order and positions) that also fills stats.

    Text is counted by length only; the price regex runs only on the short non-link
    texts that hold a currency sign (_prices)."""
    out: list[Link] = []
    resolver = _Resolver(base, url)
    # element -> the flags it passes to its children (_REL when they are relevant, the
    # section heading above); _SKIPPED for a subtree never rendered. The walk follows
    # start.iter(), lxml's document order in C, and reads a node's inherited flags from its
    # parent's entry: a sixth cheaper than popping (element, flags) pairs off a stack and
    # pushing each element's children, and the same nodes in the same order.
    flags_of = {start.getparent(): _REL}
    role_of = {el: el.get("role") for el in _ROLE_HOLDERS(start)}.get
    pos = 0
    first_h1 = first_h2 = None
    headings: list[bool] = []     # per section heading: holds a link
    shorts: list[str] = []        # short texts outside links: price candidates
    buy = 0
    sorts = ""
    text_chars = link_chars = prose_chars = 0
    for el in start.iter():
        flags = flags_of[el.getparent()]
        if flags == _SKIPPED:
            flags_of[el] = _SKIPPED
            continue
        pos += 1
        tag = el.tag
        if flags & _REL:
            tail = el.tail
            # Counted inline here and for el.text below, not by a helper: a call per text
            # node is a tenth of this walk, the cost the final score must stay within.
            # strip() both tests for text and gives it (most tails are indentation).
            if tail:
                tail = tail.strip()
                if tail:
                    n = len(tail)
                    text_chars += n
                    if flags & _IN_A:
                        link_chars += n
                    else:
                        if flags & _P:
                            prose_chars += n
                        if n <= PRICE_MAX_CHARS:
                            shorts.append(tail)
        bits = _WALK_TAG_BITS.get(tag, 0)
        if bits < 0:
            if bits == _SKIPPED:
                flags_of[el] = _SKIPPED
            continue
        role = role_of(el)
        if role:
            bits |= _ROLE_BITS.get(role.split()[0].lower(), 0) if role.split() else 0
        if bits:
            if bits & _MAIN and flags & _CHROME:
                flags &= ~_CHROME
            own = bits & _OWN_BITS
            flags |= bits ^ own
            # relevant_flags(flags), inlined; only a landmark's bits can change it
            if bits & _LANDMARKS:
                if not flags & _NAV_ASIDE and (flags & _MAIN_ARTICLE or not flags & _HEADER_FOOTER):
                    flags |= _REL
                else:
                    flags &= ~_REL
            if own:
                if own & _SECTION:
                    if own & _H2 and first_h2 is None:
                        first_h2 = pos
                    if flags & _REL and not _is_index_letter(el):
                        headings.append(False)
                        flags = (flags & _BELOW_HEAD) | (len(headings) << _HEAD_SHIFT)
                elif own & _H1:
                    if first_h1 is None:
                        first_h1 = pos
                elif flags & _REL and (tag == "button" or el.get("type") == "submit"):
                    # a button's label is all its text: frameworks wrap it in a <span>
                    # beside a spinner or an icon (<button><span>Add to cart</span></button>)
                    label = "".join(el.itertext()) if tag == "button" else el.get("value")
                    if label and BUY.search(label):
                        buy += 1
        if tag == "a":     # after the bits: a role on the <a> is part of its signature
            href = el.get("href")
            # An <a> without href is no link (a placeholder, a named anchor), and a link to a
            # place on this page (its table of contents, a skip link, a footnote mark) leads
            # nowhere else: the words of both count as the page's own text, not link text.
            # Counted as link text, a wiki stub's "Jump to navigation" made it a map
            # (MediaWiki stubs 29 -> 2 wrong; WCXB 103 -> 97; Readability 9 -> 8 for the
            # placeholders).
            if href is not None:
                link = _make_link(el, href, resolver, flags & _LINK_BITS, pos)
                out.append(link)
                if flags > _BELOW_HEAD:
                    headings[(flags >> _HEAD_SHIFT) - 1] = True
                if link.locality != SELFLINK:
                    flags |= _IN_A
        if flags & _REL:
            if not sorts and tag in SORT_HOLDERS:
                cls = el.get("class")
                # substring tests first: a class naming a border or support is no candidate
                if (cls and ("sort" in cls or "Sort" in cls or "rder" in cls and "y" in cls)
                        or tag in FIELDS) and is_sort_control(el, cls):
                    sorts = control_markup(el, cls)
            text = el.text
            if text:
                text = text.strip()
                if text:
                    n = len(text)
                    text_chars += n
                    if flags & _IN_A:
                        link_chars += n
                    else:
                        if flags & _P:
                            prose_chars += n
                        if n <= PRICE_MAX_CHARS:
                            shorts.append(text)
        flags_of[el] = flags
    stats.text_chars += text_chars
    stats.link_chars += link_chars
    stats.prose_chars += prose_chars
    stats.first_heading_pos = first_h1 if first_h1 is not None else first_h2
    stats.linked_headings = sum(headings)
    stats.plain_headings = len(headings) - stats.linked_headings
    stats.prices = _prices(shorts)
    stats.buy_buttons = buy
    stats.sort_control = sorts
    return out


# A heading of one or two characters ("A", "Z", "#") heads a letter of an alphabetical index
# (Sphinx's genindex, an A-Z of tags or products), not a section the page speaks in.
INDEX_LETTER_MAX_CHARS = 2


def _is_index_letter(heading) -> bool:
    if len(heading):
        return False
    text = heading.text
    return bool(text) and len(text.strip()) <= INDEX_LETTER_MAX_CHARS


def _prices(shorts: list[str]) -> int:
    """How many of these texts PRICE finds a price in. Only a text holding a currency sign
    can match, so the signs are found in the joined texts (in C) and the regex runs on their
    texts alone: a shop's page has hundreds of short texts and a few dozen prices."""
    joined = "".join(shorts)
    ends = None
    holders: set[int] = set()      # indices of the texts holding a sign
    for sign in _CURRENCY:
        i = joined.find(sign)
        if i < 0:
            continue
        if ends is None:
            ends = list(accumulate(map(len, shorts)))
        while i >= 0:
            holders.add(bisect_right(ends, i))
            i = joined.find(sign, i + 1)
    return sum(1 for k in holders if PRICE.search(shorts[k]))




_HEADLINE_BIT = _BIT["in_headline"]
HEADING_TAGS = frozenset(_HEADLINE_TAGS)
HEADING_MAX_DEPTH = 4     # how far up from an <a> its heading is looked for


def enclosing_heading(a):
    """The h1-h6 among the HEADING_MAX_DEPTH nearest ancestors of a, else None."""
    el = a.getparent()
    for _ in range(HEADING_MAX_DEPTH):
        if el is None:
            return None
        if el.tag in HEADING_TAGS:
            return el
        el = el.getparent()
    return None


# What a link's descendants can add to it, tested in Python: el.iter(*tags) builds lxml's
# matcher for the seven tags on every call, twice the cost of visiting a link's two or three
# descendants (0.10 -> 0.05 ms a WCXB page)
_CONTENT_TAGS = frozenset(("img",) + _HEADLINE_TAGS)


def _names_a_place(el, url: str, resolver: _Resolver) -> bool:
    """A link to this very page whose one added query parameter names an element of it:
    Docsify's history mode writes its heading anchors as /routing/?id=http-routing. Read
    as links to other pages, a doc's own headings made it an index (+16 for the query
    term, heading in-links) and each cost a fetch of the same page: 48 of 73 fetches of a
    Docsify site, 2 of its 24 docs not archived."""
    prefix = resolver.prefix
    if prefix is None or not url.startswith(prefix):
        return False
    path, _, query = url[len(prefix):].partition("#")[0].partition("?")
    if (path or "/") != resolver.page[1]:
        return False
    pairs, page_pairs = set(query.split("&")), set(resolver.page[2].split("&")) - {""}
    added = pairs - page_pairs
    if len(added) != 1 or not page_pairs <= pairs:
        return False
    value = unquote(added.pop().partition("=")[2])
    if not value:
        return False
    if resolver.ids is None:
        resolver.ids = set(_ELEMENT_IDS(el))
    return value in resolver.ids


_ELEMENT_IDS = etree.XPath("//@id", smart_strings=False)


def _make_link(el, href: str, resolver: _Resolver, flags: int, pos: int) -> Link:
    absolute, where = resolver.resolve(href)
    if where == INLINK and "?" in absolute and _names_a_place(el, absolute, resolver):
        where = SELFLINK
    has_image = False
    if len(el):     # child elements: an image or heading inside, text spread over them
        for d in el.iterdescendants():
            tag = d.tag
            if tag in _CONTENT_TAGS:
                if tag == "img":
                    has_image = True
                else:
                    flags |= _HEADLINE_BIT
        text = normalize_ws(element_text(el))
    else:
        text = el.text
        text = normalize_ws(text) if text else ""
    rel = el.get("rel")
    rel = tuple(rel.lower().split()) if rel else ()
    return Link(absolute, text, where, flags, has_image, el, rel, pos)


def is_http(url: str) -> bool:
    # (the lowercase spelling, most links', without the two slices and lowercasings)
    return (url.startswith(("https://", "http://"))
            or url[:7].lower() == "http://" or url[:8].lower() == "https://")


def link_addresses(links: list[Link]) -> dict[str, str]:
    """http(s) link URL -> its page address, each URL once, in document order: the page's
    links and the ones it leads on to (page.py) read the addresses from here, not each
    computing page_address again for the same in-links."""
    return {url: page_address(url) for url in dict.fromkeys(link.url for link in links)
            if is_http(url)}


def page_links(links: list[Link], addresses: dict[str, str] | None = None) -> list[str]:
    """All http(s) links as page addresses (fragment stripped unless it is a route),
    deduplicated, document order. addresses: link_addresses(links), when already made."""
    return list(dict.fromkeys((link_addresses(links) if addresses is None else addresses).values()))
