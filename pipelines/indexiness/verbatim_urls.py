"""Absolute URLs that urljoin and urlsplit would return unchanged, told by string tests:
the link walk's _Resolver takes such an href as it is, without parsing it."""
from __future__ import annotations


def _verbatim_chars(url: str) -> bool:
    """No characters urlsplit deletes (tabs, newlines) and none past ASCII (netloc checks)."""
    return url.isascii() and "\t" not in url and "\r" not in url and "\n" not in url


def _verbatim_absolute(href: str) -> str | None:
    """href itself when it is an absolute http(s) URL urljoin returns unchanged, whatever the
    base: a lowercase scheme, a netloc without brackets, no ';' (path params), no empty
    query or fragment marker (urljoin drops those), no character urlsplit deletes. None
    when urljoin must decide."""
    return href if _verbatim_netloc(href) is not None else None


def _verbatim_netloc(href: str) -> str | None:
    """The netloc of href (urlsplit's) when _verbatim_absolute takes it, else None."""
    if href.startswith("https://"):
        rest = href[8:]
    elif href.startswith("http://"):
        rest = href[7:]
    else:
        return None
    if not rest or rest[0] in "/?#" or ";" in href or not _verbatim_chars(href):
        return None        # empty netloc: urljoin resolves the path against the base
    netloc = rest.split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]
    if "[" in netloc or "]" in netloc:
        return None        # IPv6 literals: urlsplit validates them
    before_hash, hash_, fragment = href.partition("#")
    if (hash_ and not fragment) or before_hash.endswith("?"):
        return None
    return netloc
