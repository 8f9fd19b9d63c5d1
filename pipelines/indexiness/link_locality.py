"""Where a link leads from its page: another site (out), another page of it (in) or a place
in the page itself (self); each distinct href resolved once per page (_Resolver)."""
from __future__ import annotations

from urllib.parse import urljoin, urlsplit

from ..blocks.block_inline import cached_urljoin
from .hash_routes import is_place_in_page, route_of
from .verbatim_urls import _verbatim_chars, _verbatim_netloc

OUTLINK, INLINK, SELFLINK = "out", "in", "self"
# Default ports, so http://h:80/ and http://h/ are one origin.
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21}


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


def locality(url: str, page_url: str) -> str:
    """out: no host or another host/port/scheme; in: another path or query; self: else."""
    return _Resolver(page_url, page_url).locality(url)


_MISSING = object()


class _Resolver:
    """A page's hrefs -> (absolute URL, locality), each distinct href resolved once.

    Exactly what urljoin + locality(absolute, page_url) give, cheaper: pages repeat their
    hrefs (tags, menus, "read more"), the page's own split and origin are computed once,
    and the origin of each (scheme, netloc) once."""

    __slots__ = ("base", "page_url", "page", "prefix", "origins", "memo", "page_stem", "route",
                 "ids")

    def __init__(self, base: str, page_url: str):
        self.base, self.page_url = base, page_url
        self.prefix = None
        try:
            parts = urlsplit(page_url)
            # (origin, path, query) of the page; its origin as _origin gives it
            self.page = (_origin(parts), parts.path or "/", parts.query)
            if parts.hostname:
                # a URL starting with this, then "/", "?", "#" or nothing, splits to the
                # page's own scheme and netloc: it is on the page's origin
                self.prefix = parts.scheme + "://" + parts.netloc
        except ValueError:
            self.page = None          # locality() calls every link of such a page out
        self.origins: dict[tuple[str, str], tuple | None] = {}
        self.memo: dict[str, tuple[str, str]] = {}
        self.page_stem: str | None | object = _MISSING   # see _fragment_link
        # A hash-routed site's page is its route (hash_routes.py): a link to another route
        # is an InLink, though only its fragment differs; any other fragment stays a place
        # in the page, as the seed has it.
        self.route = route_of(page_url)
        self.ids: set[str] | None = None     # the page's element ids, when first asked

    def resolve(self, href: str) -> tuple[str, str]:
        got = self.memo.get(href)
        if got is None:
            got = self.memo[href] = self._resolve(href)
        return got

    def _resolve(self, href: str) -> tuple[str, str]:
        href = href.strip()
        netloc = _verbatim_netloc(href)
        if netloc is None:
            absolute = self._fragment_link(href) or self._join(href)
            return absolute, self.locality(absolute)
        # An absolute link to another host, its netloc a plain host name (no user, port or
        # "%"): urlsplit would give it the origin ("http", host lowercased, no port), so one
        # unlike the page's is an out-link without the split, a third of such a link's cost
        # (urlsplit 1.5 of 3 us; a WCXB page links 20 such hrefs).
        if (self.page is not None and "@" not in netloc and ":" not in netloc
                and "%" not in netloc and ("http", netloc.lower(), None) != self.page[0]):
            return href, OUTLINK
        return href, self.locality(href)

    def _join(self, href: str) -> str:
        page_url = self.page_url
        try:
            # "#x" means this document to its author even under a <base href> elsewhere
            return cached_urljoin(page_url if href.startswith("#") else self.base,
                                  href) if href else page_url
        except ValueError:
            return href

    def _fragment_link(self, href: str) -> str | None:
        """urljoin(page_url, "#x"): the page URL as urljoin rebuilds it, fragment replaced;
        None when urljoin must decide (no fragment text, tabs or newlines in it)."""
        if href[:1] != "#" or len(href) == 1 or not _verbatim_chars(href):
            return None
        if self.page_stem is _MISSING:
            try:      # what urljoin keeps of the page URL before a fragment
                self.page_stem = urljoin(self.page_url, "#x")[:-2]
            except ValueError:
                self.page_stem = None
        return self.page_stem + href if self.page_stem is not None else None

    def locality(self, url: str) -> str:
        """locality(url, page_url), with the page's parts and each origin computed once."""
        if self.page is None:
            return OUTLINK
        _, page_path, page_query = self.page
        prefix = self.prefix
        if prefix is not None and url.startswith(prefix):
            rest = url[len(prefix):]
            if ((not rest or rest[0] in "/?#")
                    and "\t" not in rest and "\r" not in rest and "\n" not in rest):
                # urlsplit deletes tabs and newlines first; else it gives this path and query
                before, hash_, _ = rest.partition("#")
                path, _, query = before.partition("?")
                if (path or "/") != page_path or query != page_query:
                    return INLINK
                if ((hash_ or self.route) and route_of(rest) != self.route
                        and not is_place_in_page(rest)):
                    return INLINK
                return SELFLINK
        return self._split_locality(url)

    def _split_locality(self, url: str) -> str:
        try:
            link = urlsplit(url)
        except ValueError:
            return OUTLINK
        key = (link.scheme, link.netloc)      # all _origin and .hostname read
        origin = self.origins.get(key, _MISSING)
        if origin is _MISSING:
            origin = self.origins[key] = _origin(link) if link.hostname else None
        if origin is None or origin != self.page[0]:
            return OUTLINK
        if (link.path or "/") != self.page[1] or link.query != self.page[2]:
            return INLINK
        if ((link.fragment or self.route) and route_of(url) != self.route
                and not is_place_in_page(url)):
            return INLINK
        return SELFLINK
