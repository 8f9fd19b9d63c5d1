"""Pages addressed by a URL fragment: the routes of a hash-routed single-page site.

Docsify (by default), Vue Router's and React Router's hash modes and AngularJS address each
page as `/#/guide/intro` (AngularJS `/#!/guide/intro`): the server sees `/` for all of them,
and the browser's script draws the page the fragment names. To the seed a fragment is only a
place in the page (a SelfLink), so such a site was one page to the crawl: its sidebar of
routes read as links to itself, and the dupefilter, the archive and the score store all
dropped the fragment.

A fragment is a route when it starts with "/" (or "!/") and names more than the root; any
other fragment ("#install", "#top", "#") is a place in the page, as before. Inside a route,
the query is the router's own anchor (Docsify's `#/routing?id=http-routing` scrolls to a
heading) and a trailing "/" is nothing: `page_address` drops both, so one route is one page.
"""
from __future__ import annotations

ROUTE_PREFIXES = ("/", "!/")


def route_of(url: str) -> str | None:
    """The route a URL's fragment names ("/guide/intro", without "!", in-route query or
    trailing slash), or None: no fragment, a place in the page, or the root route "#/"
    (the page itself)."""
    hash_ = url.find("#")
    if hash_ < 0:
        return None
    fragment = url[hash_ + 1:]
    if fragment[:1] == "!":
        fragment = fragment[1:]
    if fragment[:1] != "/":
        return None
    route = fragment.split("?", 1)[0].rstrip("/")
    return route or None


def is_place_in_page(url: str) -> bool:
    """A fragment that is no route, not even the root one ("#install", "#"): a place in
    the page, whichever page (or route) holds it."""
    hash_ = url.find("#")
    return hash_ >= 0 and not url.startswith(ROUTE_PREFIXES, hash_ + 1)


def page_address(url: str) -> str:
    """The URL of the page itself: the fragment dropped, unless it is a route, which is
    kept as the router writes it ("#/x" or "#!/x") without its in-route query and trailing
    slash. What the dupefilter, the score store and the archive know a page by."""
    hash_ = url.find("#")
    if hash_ < 0:
        return url
    route = route_of(url)
    if route is None:
        return url[:hash_]
    bang = "!" if url[hash_ + 1:hash_ + 2] == "!" else ""
    return f"{url[:hash_]}#{bang}{route}"
