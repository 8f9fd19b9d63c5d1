"""Links of a page: absolute URL, locality (out/in/self) and location signature.

The signature is computed in one top-down walk: each element passes its flags to its
children, so no link ever scans its ancestors.
"""
from __future__ import annotations

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
_HEADLINE_TAGS = FLAG_TAGS["in_headline"]
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


def extract_links(html_or_tree, url: str) -> list[Link]:
    """Every <a href> in document order, with absolute URL, locality and signature."""
    root = as_root(html_or_tree)
    base = base_url(root, url)
    out: list[Link] = []
    page_parts = urlsplit(url)
    start = root.find("body") if root.tag == "html" else None
    stack = [(start if start is not None else root, 0)]
    while stack:
        el, flags = stack.pop()
        tag = el.tag
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
                out.append(_make_link(el, href, base, url, flags, page_parts))
        children = [c for c in el if isinstance(c.tag, str)]
        for child in reversed(children):
            stack.append((child, flags))
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
    return Link(absolute, text, locality(absolute, page_url, page_parts), flags, has_image, el)


def is_http(url: str) -> bool:
    return url[:7].lower() == "http://" or url[:8].lower() == "https://"


def page_links(links: list[Link]) -> list[str]:
    """All http(s) links, fragment stripped, deduplicated, document order."""
    seen: dict[str, None] = {}
    for link in links:
        if is_http(link.url):
            seen.setdefault(strip_fragment(link.url), None)
    return list(seen)
