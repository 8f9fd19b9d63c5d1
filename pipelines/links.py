"""Links of a page: absolute URL, locality (out/in/self) and location signature.

The signature is computed in one top-down walk: each element passes its flags to its
children, so no link ever scans its ancestors.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import urldefrag, urljoin, urlsplit

from .block_inline import normalize_ws
from .htmlparse import text_of, as_root, base_url

OUTLINK, INLINK, SELFLINK = "out", "in", "self"

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
# Internal bit (not a signature flag): the text sits inside an <a>.
_IN_A = 1 << len(FLAGS)
_NAV_ASIDE = _BIT["in_nav"] | _BIT["in_aside"]
_MAIN_ARTICLE = _BIT["in_main"] | _BIT["in_article"]
_HEADER_FOOTER = _BIT["in_header"] | _BIT["in_footer"]
_P = _BIT["in_paragraph"]


def relevant_flags(flags: int) -> bool:
    """The seed's relevance rule on signature bits: not in nav/aside; in main or article,
    or in neither header nor footer."""
    if flags & _NAV_ASIDE:
        return False
    return bool(flags & _MAIN_ARTICLE) or not flags & _HEADER_FOOTER


@dataclass
class TextStats:
    """Filled by extract_links(stats=...) in the same walk: characters of visible text in
    the relevant region (where relevant links live) and how many of them sit inside links."""
    text_chars: int = 0
    link_chars: int = 0
    prose_chars: int = 0                   # text in <p> outside links: the page's prose
    first_heading_pos: int | None = None   # document order of the first h1 (else h2)
    # Characters outside links per text block (p, li, td, div… each its own nearest block):
    # a leaf has at least one long run of prose, an index's text is split into excerpts.
    runs: list[int] = field(default_factory=list)
    # Section headings (h2-h6 with text) holding no link / holding a link.
    plain_headings: int = 0
    linked_headings: int = 0
    # Text nodes that read as a price ($12.99, 12,99 €): one on a product page, many on a
    # shop's collection page.
    prices: int = 0
    # Buttons that put an item in a cart: a product page's own action.
    buy_buttons: int = 0

    @property
    def link_text_share(self) -> float:
        return self.link_chars / self.text_chars if self.text_chars else 0.0
_HEADLINE_TAGS = FLAG_TAGS["in_headline"]
# Elements whose text is one block of its own (a paragraph, an item, a cell); text outside
# them belongs to the nearest enclosing one.
RUN_TAGS = frozenset({"p", "li", "dd", "dt", "td", "th", "blockquote", "pre", "div", "section",
                      "article", "main", "body", "figcaption"})
_SECTION_HEADINGS = frozenset({"h2", "h3", "h4", "h5", "h6"})
# A price stands in a short text node of its own ("$12.99", "From 12,99 €"); longer text is prose.
PRICE_MAX_CHARS = 32
PRICE = re.compile(r"[$€£¥₹]\s?\d|\d[\d.,]*\s?[$€£¥₹]")
BUY = re.compile(r"add to (?:cart|bag|basket|trolley)|buy now|in den warenkorb|ajouter au panier|"
                 r"añadir al carrito|aggiungi al carrello|in winkelwagen", re.I)
# Content never rendered, so links inside it are not on the page.
SKIP_TAGS = frozenset({"script", "style", "template", "head", "noscript"})
# Default ports, so http://h:80/ and http://h/ are one origin.
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21}


@dataclass
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


def _origin(parts):
    scheme = parts.scheme.lower()
    try:
        port = parts.port
    except ValueError:
        port = None
    if port == DEFAULT_PORTS.get(scheme):
        port = None
    # http and https (ws and wss) name one site: the trailing "s" is ignored
    return scheme.rstrip("s"), (parts.hostname or "").lower(), port


def locality(url: str, page_url: str, _page_parts=None) -> str:
    """out: no host or another host/port/scheme; in: another path or query; self: else."""
    try:
        link = urlsplit(url)
        page = _page_parts or urlsplit(page_url)
    except ValueError:
        return OUTLINK
    if not link.hostname:
        return OUTLINK
    if _origin(link) != _origin(page):
        return OUTLINK
    if (link.path or "/") != (page.path or "/") or link.query != page.query:
        return INLINK
    return SELFLINK


def strip_fragment(url: str) -> str:
    return urldefrag(url)[0]


def extract_links(html_or_tree, url: str, stats: TextStats | None = None) -> list[Link]:
    """Every <a href> in document order, with absolute URL, locality and signature.

    With stats, the same walk also measures the relevant region's text and link text."""
    root = as_root(html_or_tree)
    base = base_url(root, url)
    out: list[Link] = []
    page_parts = urlsplit(url)
    start = root.find("body") if root.tag == "html" else None
    # (element, ancestors' flags, its text run, its heading, ancestors' flags relevant)
    stack = [(start if start is not None else root, 0, 0, -1, True)]
    pos = 0
    first_h1 = first_h2 = None
    runs = [0]
    headings: list[bool] = []     # per section heading: holds a link
    prices = buy = 0
    while stack:
        el, flags, run, head, rel = stack.pop()
        pos += 1
        tag = el.tag
        if stats is not None:
            tail = el.tail
            if tail and rel:
                tail = tail.strip()
                n = len(tail)
                if n:
                    stats.text_chars += n
                    if flags & _IN_A:
                        stats.link_chars += n
                    else:
                        if flags & _P:
                            stats.prose_chars += n
                        if head < 0:
                            runs[run] += n
                        if n <= PRICE_MAX_CHARS and PRICE.search(tail):
                            prices += 1
        if not isinstance(tag, str) or tag in SKIP_TAGS:
            continue
        bits = _TAG_BITS.get(tag, 0)
        role = el.get("role")
        if role:
            bits |= _ROLE_BITS.get(role.split()[0].lower(), 0) if role.split() else 0
        flags |= bits
        if tag == "a":
            href = el.get("href")
            if href is not None:
                link = _make_link(el, href, base, url, flags, page_parts)
                link.pos = pos
                out.append(link)
                if head >= 0:
                    headings[head] = True
            flags |= _IN_A
        elif tag == "h1":
            first_h1 = pos if first_h1 is None else first_h1
        elif tag == "h2":
            first_h2 = pos if first_h2 is None else first_h2
        if stats is not None:
            rel = relevant_flags(flags) if bits else rel
            if tag in RUN_TAGS:
                run = len(runs)
                runs.append(0)
            elif tag in _SECTION_HEADINGS and rel:
                head = len(headings)
                headings.append(False)
            elif tag == "button" or (tag == "input" and el.get("type") == "submit"):
                label = el.text if tag == "button" else el.get("value")
                if label and rel and BUY.search(label):
                    buy += 1
            text = el.text
            if text and rel:
                text = text.strip()
                n = len(text)
                if n:
                    stats.text_chars += n
                    if flags & _IN_A:
                        stats.link_chars += n
                    else:
                        if flags & _P:
                            stats.prose_chars += n
                        if head < 0:
                            runs[run] += n
                        if n <= PRICE_MAX_CHARS and PRICE.search(text):
                            prices += 1
        for child in reversed(el):
            stack.append((child, flags, run, head, rel))
    if stats is not None:
        stats.first_heading_pos = first_h1 if first_h1 is not None else first_h2
        stats.runs = [n for n in runs if n]
        stats.linked_headings = sum(headings)
        stats.plain_headings = len(headings) - stats.linked_headings
        stats.prices = prices
        stats.buy_buttons = buy
    return out


def _make_link(el, href: str, base: str, page_url: str, flags: int, page_parts=None) -> Link:
    href = href.strip()
    try:
        # "#x" means this document to its author even under a <base href> elsewhere
        absolute = urljoin(page_url if href.startswith("#") else base, href) if href else page_url
    except ValueError:
        absolute = href
    if next(el.iterdescendants(*_HEADLINE_TAGS), None) is not None:
        flags |= _BIT["in_headline"]
    text = normalize_ws(text_of(el))
    has_image = next(el.iter("img"), None) is not None
    rel = tuple((el.get("rel") or "").lower().split())
    return Link(absolute, text, locality(absolute, page_url, page_parts), flags, has_image, el, rel)


def is_http(url: str) -> bool:
    return url[:7].lower() == "http://" or url[:8].lower() == "https://"


def page_links(links: list[Link]) -> list[str]:
    """All http(s) links, fragment stripped, deduplicated, document order."""
    seen: dict[str, None] = {}
    for link in links:
        if is_http(link.url):
            seen.setdefault(strip_fragment(link.url), None)
    return list(seen)
